import { getJobs } from '../../jobs';
import { getAdapters } from '../../lib/adapters';
import { createBookRepository } from '../repository';
import type { BookProcessingDeps } from './processing.stages';

/** The book-processing stages on the production adapters: the one place their dependencies are made. */
export function bookProcessingDeps(): BookProcessingDeps {
  const adapters = getAdapters();
  return {
    jobs: getJobs(),
    books: createBookRepository(adapters.table, adapters.clock),
    uploads: adapters.storage.uploads,
    clock: adapters.clock,
  };
}
