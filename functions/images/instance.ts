import { books } from '../books/instance';
import { getJobs } from '../jobs';
import { getAdapters } from '../lib/adapters';
import { plots } from '../plots/instance';
import { scripts } from '../scripts/instance';
import { createImagesService, type ImagesService } from './service';

let service: ImagesService | undefined;

/** The chapter images service on the production adapters (created on first use, kept while warm). */
export const images = (): ImagesService =>
  (service ??= createImagesService({
    ...getAdapters(),
    media: getAdapters().storage.media,
    jobs: getJobs(),
    books: books(),
    plots: plots(),
    scripts: scripts(),
  }));
