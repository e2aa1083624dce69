import type { Chapter } from '@contracts/books';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { recordProgress } from '../api/learning';
import { readingSeconds } from '../api/schedule';
import { CheckIcon } from './icons';

/** Records that the chapter was read, crediting the time it was open. Mounted per chapter. */
export function MarkAsRead({
  bookId,
  chapter,
  alreadyRead = false,
}: {
  bookId: string;
  chapter: Chapter;
  /** Completed on an earlier visit (read, listened to or watched to the end). */
  alreadyRead?: boolean;
}) {
  const openedAt = useRef(0);
  const [busy, setBusy] = useState(false);
  const [bookProgress, setBookProgress] = useState<number | null>(null);
  useEffect(() => {
    openedAt.current = Date.now();
  }, []);

  const markRead = async () => {
    setBusy(true);
    try {
      const seconds = readingSeconds(chapter.word_count, (Date.now() - openedAt.current) / 1000);
      const progress = await recordProgress(bookId, chapter.id, 'chapter_read', seconds);
      setBookProgress(progress.progress);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Failed to save your progress');
    } finally {
      setBusy(false);
    }
  };

  if (alreadyRead && bookProgress === null)
    return (
      <p className="flex items-center gap-1.5 text-sm text-slate-600 dark:text-slate-400">
        <CheckIcon className="h-4 w-4 text-green-600" /> Completed
      </p>
    );

  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button
        variant={bookProgress === null ? 'secondary' : 'ghost'}
        size="sm"
        busy={busy}
        disabled={bookProgress !== null}
        onClick={() => void markRead()}
      >
        {bookProgress === null ? (
          'Mark as read'
        ) : (
          <>
            <CheckIcon className="h-4 w-4 text-green-600" /> Read
          </>
        )}
      </Button>
      <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
        {bookProgress !== null && `Chapter marked as read · book ${Math.round(bookProgress)}% complete`}
      </p>
    </div>
  );
}
