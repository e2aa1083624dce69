import { getUserActivity } from '../events';
import { getJobs } from '../jobs';
import { getAdapters } from '../lib/adapters';
import { uuid } from '../lib/ids';
import { subscriptions } from '../subscriptions/instance';
import { createBooksService, type BooksService } from './service';

let service: BooksService | undefined;

/** The books service on the production adapters (created on first use, kept while warm). */
export const books = (): BooksService =>
  (service ??= createBooksService({
    ...getAdapters(),
    jobs: getJobs(),
    activity: getUserActivity(),
    uuid,
    uploads: subscriptions().uploadAllowance,
  }));
