import { z } from 'zod';
import { defineWorkflow, task } from '../../lib/workflows';

/**
 * A chapter image: draws a scene of the chapter (its plot characters with the look their portraits
 * fixed) or a character, stores the PNG in the media bucket and completes the image record; the
 * previous picture of the same scene or character goes. A failure marks the job and the record
 * failed with a readable message and keeps the previous picture.
 */
export const chapterImageInput = z.object({ job_id: z.string().uuid() });

const worker = {
  entry: 'functions/images/jobs/draw.ts',
  access: {
    table: 'readwrite' as const,
    uploadsBucket: 'readwrite' as const,
    mediaBucket: 'readwrite' as const,
  },
};

export const chapterImage = defineWorkflow({
  name: 'chapterImage',
  file: 'chapter-image',
  comment:
    'A chapter image: draws a scene of the chapter (its plot characters with the look their portraits fixed) or a character, stores the PNG in the media bucket and completes the image record; the previous picture of the same scene or character goes. A failure marks the job and the record failed with a readable message and keeps the previous picture.',
  input: chapterImageInput,
  timeoutSeconds: 600,
  tasks: {
    DrawImage: {
      ...worker,
      handler: 'drawImage',
      memoryMb: 1769,
      timeoutSeconds: 300,
      ephemeralStorageMb: 1024,
      copiedPackages: ['sharp'],
    },
    RecordImageFailure: { ...worker, handler: 'recordFailure', memoryMb: 512, timeoutSeconds: 60 },
  },
  startAt: 'DrawImage',
  states: {
    DrawImage: task('DrawImage', {
      parameters: { 'job_id.$': '$.job_id' },
      resultPath: '$.image',
      timeoutSeconds: 300,
      catchTo: 'RecordImageFailure',
      next: 'Done',
    }),
    Done: { Type: 'Succeed' },
    RecordImageFailure: task('RecordImageFailure', {
      parameters: { 'job_id.$': '$.job_id', 'error.$': '$.error' },
      resultPath: null,
      timeoutSeconds: 60,
      next: 'Failed',
    }),
    Failed: {
      Type: 'Fail',
      Error: 'ChapterImageFailed',
      Cause: 'Drawing the chapter image failed; the job records the reason.',
    },
  },
});
