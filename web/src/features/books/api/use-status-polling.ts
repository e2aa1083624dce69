import type { BookStatusResponse } from '@contracts/books';
import { useEffect, useRef } from 'react';
import { getBookStatus, STATUS_POLL_MS } from './books';

/**
 * Polls a book's status while `active`: a first look shortly after starting (an upload can be
 * processed in a second), then every 7 seconds. `onStatus` returns false to stop polling.
 */
export function useStatusPolling(
  bookId: string | null,
  active: boolean,
  onStatus: (status: BookStatusResponse) => boolean,
  onError: (error: unknown) => void,
) {
  const handlers = useRef({ onStatus, onError });
  useEffect(() => {
    handlers.current = { onStatus, onError };
  });
  useEffect(() => {
    if (!bookId || !active) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      try {
        const status = await getBookStatus(bookId);
        if (stopped) return;
        if (handlers.current.onStatus(status)) timer = setTimeout(tick, STATUS_POLL_MS);
      } catch (error) {
        if (!stopped) handlers.current.onError(error);
      }
    };
    timer = setTimeout(tick, 1000);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [bookId, active]);
}
