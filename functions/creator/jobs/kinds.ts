import { creatorMessages } from '../../contracts/creator';
import type { JobKind } from '../../jobs';
import { CREATION_JOB_KINDS, type CreationOptions } from '../model';
import { creatorGeneration, type creatorGenerationInput } from './creation.workflow';

/**
 * Failures whose words are the user's to read: the engine's (a model that cannot be reached, a
 * refusal), the book allowance's and upload's (a paid upload needed, too long a text), our own.
 */
const READABLE_FAILURES = new Set([
  'EngineError',
  'CreationError',
  'PaymentRequiredError',
  'BadRequestError',
  'PayloadTooLargeError',
  'ConflictError',
  'NotFoundError',
]);

const creationKind = (
  kind: string,
  failed: string,
): JobKind<typeof creatorGenerationInput, CreationOptions> => ({
  kind,
  workflow: creatorGeneration,
  executionPrefix: 'creator',
  input: (job) => ({ job_id: job.id }),
  failureMessage: (_job, failure) =>
    failure.timedOut
      ? creatorMessages.timedOut
      : READABLE_FAILURES.has(failure.name) && failure.message
        ? failure.message
        : failed,
});

export const creationJobs = {
  script: creationKind(CREATION_JOB_KINDS.script, creatorMessages.scriptFailed),
  book: creationKind(CREATION_JOB_KINDS.book, creatorMessages.bookFailed),
  video: creationKind(CREATION_JOB_KINDS.video, creatorMessages.videoFailed),
};

/** A failure of a creation in words the page shows as they are. */
export class CreationError extends Error {
  override name = 'CreationError';
}
