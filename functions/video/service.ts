import { bindContext } from '../lib/bind';
import {
  startGeneration,
  latestForScriptOrGeneration,
  getGeneration,
  generationSteps,
  pipelineView,
  retryGeneration,
  triggerLipSync,
  cancelGeneration,
  mergeStatus,
  lipSyncStatus,
  chapterHistory,
} from './generation';
import {
  finalVideo,
  audioFiles,
  characterImages,
  sceneVideos,
  lipSyncedVideos,
  downloadFile,
  combineVideos,
  combinedVideo,
} from './downloads';
import { getProduction, saveProduction, initializeProduction, renderProduction } from './production';
import { videoContext } from './common';
import type { VideoDeps } from './common';

export {
  GenerationRunningError,
  audioFilesOf,
  generationStatusOf,
  reframes,
  rerunTakesUnit,
  progressOf,
  stagesOf,
  retrySteps,
} from './common';
export type { VideoDeps } from './common';

export function createVideoService(input: VideoDeps) {
  const deps = videoContext(input);
  return {
    ...bindContext(deps, {
      start: startGeneration,
      latestForScriptOrGeneration,
      get: getGeneration,
      steps: generationSteps,
      pipeline: pipelineView,
      retry: retryGeneration,
      triggerLipSync,
      cancel: cancelGeneration,
      mergeStatus,
      lipSyncStatus,
      finalVideo,
      audioFiles,
      characterImages,
      sceneVideos,
      lipSyncedVideos,
      chapterHistory,
      download: downloadFile,
      combine: combineVideos,
      combined: combinedVideo,
      getProduction,
      saveProduction,
      initialize: initializeProduction,
      render: renderProduction,
    }),
    repository: deps.repo,
  };
}

export type VideoService = ReturnType<typeof createVideoService>;
