import { z } from 'zod';
import { oneStepJobWorkflow } from '../../lib/workflows';

/**
 * A Creator Mode generation: one step makes what the prompt asked for (a screenplay; a book
 * written chapter by chapter and handed to book processing like any upload; a short film's book of
 * one chapter and script, its film handed to the chapter film pipeline); any failure marks the job
 * failed in words the page shows, and the prompt stays a draft.
 */
export const creatorGenerationInput = z.object({ job_id: z.string().uuid() });

export const creatorGeneration = oneStepJobWorkflow({
  name: 'creatorGeneration',
  file: 'creator-generation',
  comment:
    "A Creator Mode generation: one step makes what the prompt asked for (a screenplay; a book written chapter by chapter and handed to book processing like any upload; a short film's book of one chapter and script, its film handed to the chapter film pipeline); any failure marks the job failed in words the page shows, and the prompt stays a draft.",
  input: creatorGenerationInput,
  timeoutSeconds: 900,
  worker: {
    entry: 'functions/creator/jobs/creation.ts',
    // A book's source and chapters, a short film's script (a text model may write it) and its film.
    access: {
      table: 'readwrite',
      uploadsBucket: 'readwrite',
      modelProviders: true,
      startExecution: ['bookProcessing', 'videoPipeline'],
    },
  },
  step: {
    state: 'Create',
    handler: 'create',
    memoryMb: 1024,
    timeoutSeconds: 840,
    resultPath: '$.created',
  },
  recorder: 'RecordCreationFailure',
  failure: {
    error: 'CreatorGenerationFailed',
    cause: 'The Creator generation failed; the job records the reason.',
  },
});
