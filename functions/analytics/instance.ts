import { books } from '../books/instance';
import { getUserActivity } from '../events';
import { getJobs } from '../jobs';
import { getAdapters } from '../lib/adapters';
import { createAnalyticsService, type AnalyticsService } from './service';

let service: AnalyticsService | undefined;

/** The analytics service on the production adapters (created on first use, kept while warm). */
export const analytics = (): AnalyticsService =>
  (service ??= createAnalyticsService({
    clock: getAdapters().clock,
    listBooks: (userId) => books().list(userId),
    loadOwnedBook: (bookId, userId) => books().loadOwnedBook(bookId, userId),
    listJobs: (bookId) => getJobs().listForBook(bookId),
    listReading: (bookId) => getUserActivity().listReading(bookId),
  }));
