import { z } from 'zod';
import { oneStepJobWorkflow } from '../../lib/workflows';

/**
 * Audio of one scene of a chapter's script, of one kind (its characters' lines, the narrator, the
 * score, the effects or the ambiance bed): one step renders every planned file with the engine,
 * stores it in the media bucket and then replaces the scene's previous files of that kind. Any failure
 * marks the job and its files failed with a readable message and keeps the previous files.
 */
export const chapterAudioInput = z.object({ job_id: z.string().uuid() });

export const chapterAudio = oneStepJobWorkflow({
  name: 'chapterAudio',
  file: 'chapter-audio',
  comment:
    "Audio of one scene of a chapter's script, of one kind (its characters' lines, the narrator, the score, the effects or the ambiance bed): one step renders every planned file with the engine, stores it in the media bucket and then replaces the scene's previous files of that kind. Any failure marks the job and its files failed with a readable message and keeps the previous files.",
  input: chapterAudioInput,
  timeoutSeconds: 900,
  worker: {
    entry: 'functions/audio/jobs/generation.ts',
    access: { table: 'readwrite', uploadsBucket: 'readwrite', mediaBucket: 'readwrite' },
  },
  step: {
    state: 'RenderAudio',
    handler: 'renderAudio',
    memoryMb: 1769,
    timeoutSeconds: 600,
    ephemeralStorageMb: 1024,
    media: true,
    copiedPackages: ['@echogarden/espeak-ng-emscripten'],
    resultPath: '$.audio',
  },
  recorder: 'RecordAudioFailure',
  failure: { error: 'ChapterAudioFailed', cause: 'Generating the audio failed; the job records the reason.' },
});
