import { getJobs } from '../../jobs';
import { getAdapters } from '../../lib/adapters';
import { books } from '../instance';
import type { BookProcessingDeps } from './processing.stages';

/** The book-processing stages on the production adapters: the one place their dependencies are made. */
export function bookProcessingDeps(): BookProcessingDeps {
  const adapters = getAdapters();
  return {
    jobs: getJobs(),
    books: books().repository,
    uploads: adapters.storage.uploads,
    clock: adapters.clock,
  };
}
