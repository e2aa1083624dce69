import type { AuthorAnalytics } from '@contracts/analytics';
import useSWR from 'swr';

/** The author's books with their figures, and the timeline of one book (or all) over `days` days. */
export const analyticsKey = (bookId: string | null, days: number) =>
  `/author/analytics?days=${days}${bookId ? `&book_id=${encodeURIComponent(bookId)}` : ''}`;

export const useAuthorAnalytics = (bookId: string | null = null, days = 30) =>
  useSWR<AuthorAnalytics>(analyticsKey(bookId, days));
