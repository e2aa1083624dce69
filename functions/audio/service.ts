import { bindContext } from '../lib/bind';
import { audioContext } from './common';
import { voiceList, listFiles, deleteFile, startExport } from './files';
import {
  startGeneration,
  jobStatus,
  sceneOf,
  sceneSpeech,
  recordGenerated,
  recordFailure,
} from './generation';
import type { AudioDeps } from './common';

export { layoutExport } from './common';
export type { AudioDeps } from './common';

/**
 * The chapter audio of the entertainment workspace: per scene of a script, its characters' lines
 * (each character in their own voice, the same in every scene and chapter), the narrator, a score, the
 * effects and the ambiance bed, each made by a job; and the chapter's mix, exported by a job. Every
 * route checks that the caller owns the chapter's book: anything else is a 404.
 */
export function createAudioService(input: AudioDeps) {
  const deps = audioContext(input);
  return {
    ...bindContext(deps, {
      voices: voiceList,
      list: listFiles,
      startGeneration,
      deleteFile,
      startExport,
      jobStatus,
      sceneOf,
      sceneSpeech,
      recordGenerated,
      recordFailure,
    }),
    repository: deps.repo,
  };
}

export type AudioService = ReturnType<typeof createAudioService>;
