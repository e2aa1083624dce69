import { z } from 'zod';
import { oneStepJobWorkflow } from '../lib/workflows';

/**
 * One request to a model, for any domain (a quiz, free text, a chapter's safety report, the
 * presenters' previews, a script, another take of a scene): one step runs the job's kind's work,
 * which asks the engine and keeps the answer, so no API request waits on a model. Any failure marks
 * the job failed with the model's failure in words a person can act on.
 */
export const modelRequestInput = z.object({ job_id: z.string().uuid() });

export const modelRequest = oneStepJobWorkflow({
  name: 'modelRequest',
  file: 'model-request',
  comment:
    "One request to a model, for any domain (a quiz, free text, a chapter's safety report, the presenters' previews, a script, another take of a scene): one step runs the job's kind's work, which asks the engine and keeps the answer, so no API request waits on a model. Any failure marks the job failed with the model's failure in words a person can act on.",
  input: modelRequestInput,
  timeoutSeconds: 900,
  worker: {
    entry: 'functions/model-request.ts',
    access: { table: 'readwrite', uploadsBucket: 'readwrite', mediaBucket: 'readwrite' },
  },
  step: {
    state: 'AskModel',
    handler: 'askModel',
    memoryMb: 1769,
    timeoutSeconds: 600,
    // The books domain's reads load sharp (its cover code), as in the learning API.
    copiedPackages: ['sharp'],
    resultPath: '$.answer',
  },
  recorder: 'RecordModelFailure',
  failure: {
    error: 'ModelRequestFailed',
    cause: 'The model could not answer; the job records the reason.',
  },
});
