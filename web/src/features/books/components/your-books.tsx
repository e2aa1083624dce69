import type { Role } from '@contracts/api';
import { ButtonLink } from '@/components/ui/button';
import { PageLoading } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useBooks } from '../api/books';
import { UploadAllowanceBanner } from './upload-allowance-banner';
import { BookList } from './book-list';

/** The signed-in user's books with their actions, as the dashboard shows them. */
export function YourBooks({ role }: { role: Role }) {
  const { data: books, error, mutate } = useBooks();
  return (
    <>
      <div className="mb-2 flex items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">Your books</h2>
        <ButtonLink to={paths.upload} size="sm">
          Upload Book
        </ButtonLink>
      </div>
      {books && books.length > 0 && <UploadAllowanceBanner />}
      {role !== 'author' && (
        <p className="mb-3 text-sm text-slate-500 dark:text-slate-400">
          Books uploaded with an explorer account are personal study copies: they are not published as your
          work. Sign up as an author to publish and own your content.
        </p>
      )}
      {error ? (
        <p className="text-sm text-red-600">{error.message}</p>
      ) : books ? (
        <BookList books={books} onChange={() => mutate()} />
      ) : (
        <PageLoading label="Loading your books..." />
      )}
    </>
  );
}
