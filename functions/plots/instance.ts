import { books } from '../books/instance';
import { getEngine } from '../engine';
import { getJobs } from '../jobs';
import { getAdapters } from '../lib/adapters';
import { uuid } from '../lib/ids';
import { createPlotsService, type PlotsService } from './service';

let service: PlotsService | undefined;

/** The plots service on the production adapters (created on first use, kept while warm). */
export const plots = (): PlotsService =>
  (service ??= createPlotsService({
    ...getAdapters(),
    media: getAdapters().storage.media,
    jobs: getJobs(),
    books: books(),
    engine: getEngine,
    uuid,
  }));
