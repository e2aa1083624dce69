import { books } from '../books/instance';
import { getEngine } from '../engine';
import { getJobs } from '../jobs';
import { getAdapters } from '../lib/adapters';
import { uuid } from '../lib/ids';
import { plots } from '../plots/instance';
import { scripts } from '../scripts/instance';
import { createAudioService, type AudioService } from './service';

let service: AudioService | undefined;

/** The audio service on the production adapters (created on first use, kept while warm). */
export const audio = (): AudioService =>
  (service ??= createAudioService({
    ...getAdapters(),
    media: getAdapters().storage.media,
    jobs: getJobs(),
    books: books(),
    plots: plots(),
    scripts: scripts(),
    engine: getEngine,
    uuid,
  }));
