import { books } from '../../books/instance';
import { getEngine } from '../../engine';
import { withTempDir } from '../../engine/media/temp';
import * as filming from '../../engine/productions/shots';
import { images } from '../../images/instance';
import { getJobs } from '../../jobs';
import { getAdapters } from '../../lib/adapters';
import { faultPoint } from '../../lib/middleware/faults';
import { plots } from '../../plots/instance';
import { scripts } from '../../scripts/instance';
import type { PipelineDeps } from '../pipeline/ports';
import { createVideoRepository } from '../repository';
import type { VideoFileDeps } from './files.stages';

/**
 * The video domain's stages on the production adapters: the one place their dependencies are made
 * (the worker shells pass them on). Made per task from the process's kept instances, so an engine
 * chosen by configuration is always the current one.
 */
export function pipelineDeps(): PipelineDeps {
  const adapters = getAdapters();
  return {
    jobs: getJobs(),
    // Made on first use: a failure recorder never needs the engine.
    get engine() {
      return getEngine();
    },
    film: filming,
    media: adapters.storage.media,
    items: createVideoRepository(adapters.table),
    sources: {
      scriptOf: (scriptId) => scripts().scriptOf(scriptId),
      bookOf: (bookId) => books().bookOf(bookId),
      castOf: (bookId) => plots().castOf(bookId),
      chapterImagesOf: (bookId, chapterId) => images().chapterImagesOf(bookId, chapterId),
    },
    clock: adapters.clock,
    tempDir: withTempDir,
    faultPoint,
  };
}

/** The download and combine jobs' stages on the production adapters. */
export function videoFileDeps(): VideoFileDeps {
  return {
    jobs: getJobs(),
    // Made on first use: a failure recorder never needs the engine.
    get engine() {
      return getEngine();
    },
    film: filming,
    media: getAdapters().storage.media,
    tempDir: withTempDir,
  };
}
