import type { BookStatusResponse } from '@contracts/books';
import { useCallback, useMemo } from 'react';
import { useJobStatus, type JobSchedule } from '@/lib/use-job-status';
import { getBookStatus, STATUS_POLL_MS } from './books';

/** A first look shortly after starting: an upload can be processed in a second. */
const FIRST_LOOK_MS = 1000;

/**
 * Follows a book's status with `useJobStatus` while `active`: a first look after a second, then
 * every 7 seconds until `ended` says the status is what the page waited for. Every status is handed
 * to `onStatus`; a status that cannot be read is handed to `onError` and the checks stop. `purpose`
 * keeps two follows of one book (processing, then the chapters) apart.
 */
export function useStatusPolling(
  purpose: string,
  bookId: string | null,
  active: boolean,
  ended: (status: BookStatusResponse) => boolean,
  onStatus: (status: BookStatusResponse) => void,
  onError: (error: unknown) => void,
) {
  const schedule = useMemo<JobSchedule<BookStatusResponse>>(
    () => ({
      delay: (status) => {
        if (!status) return FIRST_LOOK_MS;
        return ended(status) ? null : STATUS_POLL_MS;
      },
      retries: 0,
      backoff: () => STATUS_POLL_MS,
    }),
    [ended],
  );
  const check = useCallback(() => getBookStatus(bookId!), [bookId]);
  useJobStatus(bookId && active ? `${purpose}:${bookId}` : null, check, schedule, {
    onAnswer: onStatus,
    onLost: onError,
  });
}
