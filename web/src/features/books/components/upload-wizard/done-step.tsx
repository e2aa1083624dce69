import type { Book, BookStatusResponse } from '@contracts/books';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/card';
import { paths } from '@/config/paths';

/** Step 6: the chapters are processed in the background; then the book can be opened. */
export function DoneStep(props: {
  finished: boolean;
  book: Book | null;
  bookId: string | null;
  status: BookStatusResponse | null;
}) {
  const navigate = useNavigate();
  const { finished, status, bookId } = props;
  return (
    <div className="space-y-4 text-center">
      <h2 className="text-2xl font-semibold">{finished ? 'Your book is ready!' : 'Almost there'}</h2>
      <p className="text-slate-600 dark:text-slate-400">
        {finished
          ? `“${props.book?.title}” has ${status?.total_chapters ?? 0} chapters.`
          : (status?.progress_message ?? 'Processing chapters…')}
      </p>
      {!finished && (
        <ProgressBar
          value={status?.progress ?? 0}
          label="Chapter processing progress"
          className="mx-auto max-w-md"
        />
      )}
      <div className="flex justify-center gap-2">
        <ButtonLink to={paths.dashboard} variant={finished ? 'secondary' : 'primary'}>
          Go to dashboard
        </ButtonLink>
        {finished && bookId && <Button onClick={() => navigate(paths.book(bookId))}>Open book</Button>}
      </div>
    </div>
  );
}
