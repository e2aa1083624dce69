import { z } from 'zod';
import { oneStepJobWorkflow } from '../../lib/workflows';

/**
 * A chapter image: draws a scene of the chapter (its plot characters with the look their portraits
 * fixed) or a character, stores the PNG in the media bucket and completes the image record; the
 * previous picture of the same scene or character goes. A failure marks the job and the record
 * failed with a readable message and keeps the previous picture.
 */
export const chapterImageInput = z.object({ job_id: z.string().uuid() });

export const chapterImage = oneStepJobWorkflow({
  name: 'chapterImage',
  file: 'chapter-image',
  comment:
    'A chapter image: draws a scene of the chapter (its plot characters with the look their portraits fixed) or a character, stores the PNG in the media bucket and completes the image record; the previous picture of the same scene or character goes. A failure marks the job and the record failed with a readable message and keeps the previous picture.',
  input: chapterImageInput,
  timeoutSeconds: 600,
  worker: {
    entry: 'functions/images/jobs/draw.ts',
    access: { table: 'readwrite', uploadsBucket: 'readwrite', mediaBucket: 'readwrite' },
  },
  step: {
    state: 'DrawImage',
    handler: 'drawImage',
    memoryMb: 1769,
    timeoutSeconds: 300,
    ephemeralStorageMb: 1024,
    copiedPackages: ['sharp'],
    resultPath: '$.image',
  },
  recorder: 'RecordImageFailure',
  failure: {
    error: 'ChapterImageFailed',
    cause: 'Drawing the chapter image failed; the job records the reason.',
  },
});
