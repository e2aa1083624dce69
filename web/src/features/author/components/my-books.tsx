import type { AuthorBookStats } from '@contracts/analytics';
import { BookCover } from '@/components/book/book-cover';
import { ButtonLink, Button } from '@/components/ui/button';
import { Badge, Card, EmptyState } from '@/components/ui/card';
import { PageLoading } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuthorAnalytics } from '../api/analytics';

const STATUS_TONES: Record<string, 'green' | 'yellow' | 'red' | 'slate'> = {
  READY: 'green',
  FAILED: 'red',
  QUEUED: 'yellow',
  PROCESSING: 'yellow',
  GENERATING: 'yellow',
};

/** What the author generated of a book, in words ("2 narrations · 1 video"), or that nothing is yet. */
export function mediaSummary(media: AuthorBookStats['media']): string {
  const parts = [
    [media.narrations, 'narration', 'narrations'],
    [media.videos, 'video', 'videos'],
    [media.images, 'image', 'images'],
    [media.audio_mixes, 'audio mix', 'audio mixes'],
    [media.plots, 'plot overview', 'plot overviews'],
  ] as const;
  const made = parts.filter(([n]) => n > 0).map(([n, one, many]) => `${n} ${n === 1 ? one : many}`);
  return made.length ? made.join(' · ') : 'Nothing generated yet';
}

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <div>
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="font-semibold">{value}</dd>
    </div>
  );
}

function BookRow({ book, onAnalytics }: { book: AuthorBookStats; onAnalytics: (id: string) => void }) {
  return (
    <Card className="flex flex-col gap-4 p-4 sm:flex-row" data-book={book.book_id}>
      <BookCover book={book} className="h-24 w-16" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="min-w-0 break-words font-semibold">{book.title}</h3>
          <Badge tone={STATUS_TONES[book.status] ?? 'slate'}>{book.status.toLowerCase()}</Badge>
          <Badge tone={book.book_type === 'learning' ? 'blue' : 'purple'}>{book.book_type}</Badge>
          {book.published && <Badge tone="brand">published</Badge>}
        </div>
        <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
          <Figure label="Chapters" value={book.chapters} />
          <Figure label="Learners" value={book.readers} />
          <Figure label="Quiz average" value={book.quiz_average === null ? '—' : `${book.quiz_average}%`} />
          <Figure label="Chapters completed" value={book.chapters_completed} />
        </dl>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          <span className="font-medium">Generated media:</span> {mediaSummary(book.media)}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2 sm:flex-col">
        <ButtonLink to={paths.book(book.book_id)} size="sm">
          Open
        </ButtonLink>
        <Button size="sm" variant="secondary" onClick={() => onAnalytics(book.book_id)}>
          Analytics
        </Button>
      </div>
    </Card>
  );
}

/** The author's books with their status, learners, quiz average and what was generated of them. */
export function MyBooks({ onAnalytics }: { onAnalytics: (bookId: string) => void }) {
  const { data, error } = useAuthorAnalytics();
  if (error) return <p className="text-sm text-red-600 dark:text-red-400">{error.message}</p>;
  if (!data) return <PageLoading label="Loading your books..." />;
  if (data.books.length === 0)
    return (
      <EmptyState title="No books yet" action={<ButtonLink to={paths.upload}>Upload Book</ButtonLink>}>
        Books you upload appear here with their learners, quiz scores and generated media.
      </EmptyState>
    );
  return (
    <ul className="space-y-3" aria-label="My books">
      {data.books.map((book) => (
        <li key={book.book_id}>
          <BookRow book={book} onAnalytics={onAnalytics} />
        </li>
      ))}
    </ul>
  );
}
