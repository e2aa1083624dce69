import { z } from 'zod';
import { oneStepJobWorkflow } from '../../lib/workflows';

/**
 * A character's portrait: draws it with the image engine from the character's description and seed,
 * stores it in the media bucket and records on the character the look it fixed (seed, palette, hair,
 * clothes), which later scene images reuse. A failure marks the job failed and keeps the previous
 * portrait.
 */
export const characterImageInput = z.object({ job_id: z.string().uuid() });

export const characterImage = oneStepJobWorkflow({
  name: 'characterImage',
  file: 'character-image',
  comment:
    "A character's portrait: draws it with the image engine from the character's description and seed, stores it in the media bucket and records on the character the look it fixed (seed, palette, hair, clothes), which later scene images reuse. A failure marks the job failed and keeps the previous portrait.",
  input: characterImageInput,
  timeoutSeconds: 600,
  worker: {
    entry: 'functions/plots/jobs/portrait.ts',
    access: { table: 'readwrite', uploadsBucket: 'readwrite', mediaBucket: 'readwrite' },
  },
  step: {
    state: 'DrawPortrait',
    handler: 'drawPortrait',
    memoryMb: 1769,
    timeoutSeconds: 300,
    ephemeralStorageMb: 1024,
    copiedPackages: ['sharp'],
    resultPath: '$.portrait',
  },
  recorder: 'RecordPortraitFailure',
  failure: {
    error: 'CharacterImageFailed',
    cause: "Drawing the character's portrait failed; the job records the reason.",
  },
});
