import { z } from 'zod';
import { defineWorkflow, task } from '../../lib/workflows';

/**
 * Audio of one scene of a chapter's script, of one kind (its characters' lines, the narrator, the
 * score, the effects or the ambiance bed): one step renders every planned file with the engine,
 * stores it in the media bucket and then replaces the scene's previous files of that kind. Any failure
 * marks the job and its files failed with a readable message and keeps the previous files.
 */
export const chapterAudioInput = z.object({ job_id: z.string().uuid() });

const worker = {
  entry: 'functions/audio/jobs/generation.ts',
  access: {
    table: 'readwrite' as const,
    uploadsBucket: 'readwrite' as const,
    mediaBucket: 'readwrite' as const,
  },
};

export const chapterAudio = defineWorkflow({
  name: 'chapterAudio',
  file: 'chapter-audio',
  comment:
    "Audio of one scene of a chapter's script, of one kind (its characters' lines, the narrator, the score, the effects or the ambiance bed): one step renders every planned file with the engine, stores it in the media bucket and then replaces the scene's previous files of that kind. Any failure marks the job and its files failed with a readable message and keeps the previous files.",
  input: chapterAudioInput,
  timeoutSeconds: 900,
  tasks: {
    RenderAudio: {
      ...worker,
      handler: 'renderAudio',
      memoryMb: 1769,
      timeoutSeconds: 600,
      ephemeralStorageMb: 1024,
      media: true,
      copiedPackages: ['@echogarden/espeak-ng-emscripten'],
    },
    RecordAudioFailure: { ...worker, handler: 'recordFailure', memoryMb: 512, timeoutSeconds: 60 },
  },
  startAt: 'RenderAudio',
  states: {
    RenderAudio: task('RenderAudio', {
      parameters: { 'job_id.$': '$.job_id' },
      resultPath: '$.audio',
      timeoutSeconds: 600,
      catchTo: 'RecordAudioFailure',
      next: 'Done',
    }),
    Done: { Type: 'Succeed' },
    RecordAudioFailure: task('RecordAudioFailure', {
      parameters: { 'job_id.$': '$.job_id', 'error.$': '$.error' },
      resultPath: null,
      timeoutSeconds: 60,
      next: 'Failed',
    }),
    Failed: {
      Type: 'Fail',
      Error: 'ChapterAudioFailed',
      Cause: 'Generating the audio failed; the job records the reason.',
    },
  },
});
