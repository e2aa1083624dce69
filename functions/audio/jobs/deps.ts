import { getEngine } from '../../engine';
import { withTempDir } from '../../engine/media/temp';
import { getJobs } from '../../jobs';
import { getAdapters } from '../../lib/adapters';
import { audio } from '../instance';
import type { AudioExportDeps, ChapterAudioDeps } from './audio.stages';
import { encodeForBrowser, RECIPES } from './recipes';

/** The chapter-audio stages on the production adapters: the one place their dependencies are made. */
export function chapterAudioDeps(): ChapterAudioDeps {
  return {
    jobs: getJobs(),
    // Made on first use: a failure recorder never needs the engine.
    get engine() {
      return getEngine();
    },
    recipes: RECIPES,
    encode: encodeForBrowser,
    media: getAdapters().storage.media,
    audio: audio(),
    tempDir: withTempDir,
  };
}

/** The export's mix needs the engine and storage only (not the audio service). */
export function audioExportDeps(): AudioExportDeps {
  return {
    jobs: getJobs(),
    get engine() {
      return getEngine();
    },
    media: getAdapters().storage.media,
    tempDir: withTempDir,
  };
}
