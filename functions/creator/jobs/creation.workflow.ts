import { z } from 'zod';
import { oneStepJobWorkflow } from '../../lib/workflows';

/**
 * A Creator Mode generation: one step makes what the prompt asked for (a screenplay, or a book
 * written chapter by chapter and handed to book processing like any upload); any failure marks the
 * job failed in words the page shows, and the prompt stays a draft.
 */
export const creatorGenerationInput = z.object({ job_id: z.string().uuid() });

export const creatorGeneration = oneStepJobWorkflow({
  name: 'creatorGeneration',
  file: 'creator-generation',
  comment:
    'A Creator Mode generation: one step makes what the prompt asked for (a screenplay, or a book written chapter by chapter and handed to book processing like any upload); any failure marks the job failed in words the page shows, and the prompt stays a draft.',
  input: creatorGenerationInput,
  timeoutSeconds: 900,
  worker: {
    entry: 'functions/creator/jobs/creation.ts',
    access: {
      table: 'readwrite',
      uploadsBucket: 'readwrite',
      startExecution: ['bookProcessing'],
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
