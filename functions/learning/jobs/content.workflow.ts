import { z } from 'zod';
import { catchAll, defineWorkflow, task, type TaskWorker } from '../../lib/workflows';

/**
 * Learning content of a chapter (narration, tutor video or chapter video): plan, render every part in
 * parallel, assemble, then publish — which replaces the chapter's previous item of that type only
 * now that the new one is ready. Any failure marks the job failed with a readable message and leaves
 * the ready content untouched.
 */
export const learningContentInput = z.object({ job_id: z.string().uuid() });

const worker = (handler: string, settings: Omit<TaskWorker, 'entry' | 'handler'>): TaskWorker => ({
  entry: 'functions/learning/jobs/content.ts',
  handler,
  ...settings,
});

const jobOnly = { 'job_id.$': '$.job_id' };

export const learningContent = defineWorkflow({
  name: 'learningContent',
  file: 'learning-content',
  comment:
    "Learning content of a chapter (narration, tutor video or chapter video): plan, render every part in parallel, assemble, then publish, which replaces the chapter's previous item of that type only now that the new one is ready. Any failure marks the job failed with a readable message and leaves the ready content untouched.",
  input: learningContentInput,
  timeoutSeconds: 3600,
  tasks: {
    Prepare: worker('prepare', {
      access: { table: 'readwrite', uploadsBucket: 'readwrite' },
      memoryMb: 1769,
      timeoutSeconds: 300,
      ephemeralStorageMb: 1024,
      copiedPackages: ['sharp'],
    }),
    RenderPart: worker('renderPart', {
      access: { table: 'readwrite', uploadsBucket: 'readwrite' },
      memoryMb: 3008,
      timeoutSeconds: 900,
      ephemeralStorageMb: 4096,
      media: true,
      copiedPackages: ['sharp', '@echogarden/espeak-ng-emscripten'],
    }),
    Assemble: worker('assemble', {
      access: { table: 'readwrite', uploadsBucket: 'readwrite', mediaBucket: 'readwrite' },
      memoryMb: 3008,
      timeoutSeconds: 900,
      ephemeralStorageMb: 8192,
      media: true,
      copiedPackages: ['sharp'],
    }),
    Publish: worker('publish', {
      access: { table: 'readwrite', uploadsBucket: 'readwrite', mediaBucket: 'readwrite' },
      memoryMb: 512,
      timeoutSeconds: 120,
    }),
    RecordFailure: worker('recordFailure', {
      access: { table: 'readwrite', uploadsBucket: 'readwrite', mediaBucket: 'readwrite' },
      memoryMb: 512,
      timeoutSeconds: 120,
    }),
  },
  startAt: 'Prepare',
  states: {
    Prepare: task('Prepare', {
      parameters: jobOnly,
      resultPath: '$.plan',
      timeoutSeconds: 300,
      catchTo: 'RecordFailure',
      next: 'RenderParts',
    }),
    RenderParts: {
      Type: 'Map',
      ItemsPath: '$.plan.parts',
      MaxConcurrency: 6,
      ItemSelector: { 'job_id.$': '$.job_id', 'index.$': '$$.Map.Item.Value' },
      ItemProcessor: {
        ProcessorConfig: { Mode: 'INLINE' },
        StartAt: 'RenderPart',
        States: {
          RenderPart: task('RenderPart', {
            parameters: { 'job_id.$': '$.job_id', 'index.$': '$.index' },
            resultPath: '$',
            timeoutSeconds: 900,
            end: true,
          }),
        },
      },
      ResultPath: null,
      Catch: catchAll('RecordFailure'),
      Next: 'Assemble',
    },
    Assemble: task('Assemble', {
      parameters: jobOnly,
      resultPath: null,
      timeoutSeconds: 900,
      catchTo: 'RecordFailure',
      next: 'Publish',
    }),
    Publish: task('Publish', {
      parameters: jobOnly,
      resultPath: null,
      timeoutSeconds: 120,
      catchTo: 'RecordFailure',
      next: 'Done',
    }),
    Done: { Type: 'Succeed' },
    RecordFailure: task('RecordFailure', {
      parameters: { 'job_id.$': '$.job_id', 'error.$': '$.error' },
      resultPath: null,
      timeoutSeconds: 120,
      next: 'Failed',
    }),
    Failed: {
      Type: 'Fail',
      Error: 'LearningContentFailed',
      Cause: 'Generating the learning content failed; the job records the reason.',
    },
  },
});
