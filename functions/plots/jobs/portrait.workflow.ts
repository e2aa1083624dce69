import { z } from 'zod';
import { defineWorkflow, task } from '../../lib/workflows';

/**
 * A character's portrait: draws it with the image engine from the character's description and seed,
 * stores it in the media bucket and records on the character the look it fixed (seed, palette, hair,
 * clothes), which later scene images reuse. A failure marks the job failed and keeps the previous
 * portrait.
 */
export const characterImageInput = z.object({ job_id: z.string().uuid() });

const worker = {
  entry: 'functions/plots/jobs/portrait.ts',
  access: {
    table: 'readwrite' as const,
    uploadsBucket: 'readwrite' as const,
    mediaBucket: 'readwrite' as const,
  },
};

export const characterImage = defineWorkflow({
  name: 'characterImage',
  file: 'character-image',
  comment:
    "A character's portrait: draws it with the image engine from the character's description and seed, stores it in the media bucket and records on the character the look it fixed (seed, palette, hair, clothes), which later scene images reuse. A failure marks the job failed and keeps the previous portrait.",
  input: characterImageInput,
  timeoutSeconds: 600,
  tasks: {
    DrawPortrait: {
      ...worker,
      handler: 'drawPortrait',
      memoryMb: 1769,
      timeoutSeconds: 300,
      ephemeralStorageMb: 1024,
      copiedPackages: ['sharp'],
    },
    RecordPortraitFailure: { ...worker, handler: 'recordFailure', memoryMb: 512, timeoutSeconds: 60 },
  },
  startAt: 'DrawPortrait',
  states: {
    DrawPortrait: task('DrawPortrait', {
      parameters: { 'job_id.$': '$.job_id' },
      resultPath: '$.portrait',
      timeoutSeconds: 300,
      catchTo: 'RecordPortraitFailure',
      next: 'Done',
    }),
    Done: { Type: 'Succeed' },
    RecordPortraitFailure: task('RecordPortraitFailure', {
      parameters: { 'job_id.$': '$.job_id', 'error.$': '$.error' },
      resultPath: null,
      timeoutSeconds: 60,
      next: 'Failed',
    }),
    Failed: {
      Type: 'Fail',
      Error: 'CharacterImageFailed',
      Cause: "Drawing the character's portrait failed; the job records the reason.",
    },
  },
});
