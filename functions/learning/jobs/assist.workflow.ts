import { z } from 'zod';
import { oneStepJobWorkflow } from '../../lib/workflows';

/**
 * A learner's request to a model (a quiz of a chapter or book, free text, a chapter's safety report,
 * the presenters' previews): one step asks the engine and keeps the answer (a quiz is saved with the
 * book's quizzes, previews with the media; text and reports stay with the job), so no API request
 * waits on a model. Any failure marks the job failed with the model's failure in words a person can
 * act on.
 */
export const learningAssistInput = z.object({ job_id: z.string().uuid() });

export const learningAssist = oneStepJobWorkflow({
  name: 'learningAssist',
  file: 'learning-assist',
  comment:
    "A learner's request to a model (a quiz of a chapter or book, free text, a chapter's safety report, the presenters' previews): one step asks the engine and keeps the answer (a quiz is saved with the book's quizzes, previews with the media; text and reports stay with the job), so no API request waits on a model. Any failure marks the job failed with the model's failure in words a person can act on.",
  input: learningAssistInput,
  timeoutSeconds: 900,
  worker: {
    entry: 'functions/learning/jobs/assist.ts',
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
  recorder: 'RecordAssistFailure',
  failure: {
    error: 'LearningAssistFailed',
    cause: 'The model could not answer; the job records the reason.',
  },
});
