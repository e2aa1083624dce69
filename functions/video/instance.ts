import { audio } from '../audio/instance';
import { books } from '../books/instance';
import { images } from '../images/instance';
import { getJobs } from '../jobs';
import { getAdapters } from '../lib/adapters';
import { scripts } from '../scripts/instance';
import { subscriptions } from '../subscriptions/instance';
import { createVideoService, type VideoService } from './service';

let service: VideoService | undefined;

/** The video pipeline service on the production adapters (created on first use, kept while warm). */
export const video = (): VideoService =>
  (service ??= createVideoService({
    ...getAdapters(),
    media: getAdapters().storage.media,
    jobs: getJobs(),
    books: books(),
    scripts: scripts(),
    images: images(),
    audio: audio(),
    metering: subscriptions().videoMetering,
  }));
