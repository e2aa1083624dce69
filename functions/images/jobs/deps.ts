import { getEngine } from '../../engine';
import { withTempDir } from '../../engine/media/temp';
import { getJobs } from '../../jobs';
import { getAdapters } from '../../lib/adapters';
import { images } from '../instance';
import type { ChapterImageDeps } from './draw.stages';

/** The chapter-image stages on the production adapters: the one place their dependencies are made. */
export function chapterImageDeps(): ChapterImageDeps {
  return {
    jobs: getJobs(),
    // Made on first use: a failure recorder never needs the engine.
    get engine() {
      return getEngine();
    },
    media: getAdapters().storage.media,
    images: images(),
    tempDir: withTempDir,
  };
}
