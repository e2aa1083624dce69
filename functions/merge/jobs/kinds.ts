import { mergeMessages } from '../../contracts/merge';
import type { JobKind } from '../../jobs';
import { MERGE_JOB_KIND, PREVIEW_JOB_KIND, type MergeOptions, type PreviewOptions } from '../model';
import { mergeMedia, mergePreview, type mergeJobInput } from './merge.workflow';

/**
 * A failure the user can act on (an input that is not what it claims, a file that expired): its
 * message is what the user reads. Anything else reads as the spec's 'Merge operation failed'.
 */
export class MergeInputError extends Error {
  override name = 'MergeInputError';
}

const failureWords = (
  failure: { name: string; message: string; timedOut: boolean },
  fallback: string,
  timedOut: string,
) => {
  if (failure.timedOut) return timedOut;
  if (failure.name === 'MergeInputError' && failure.message) return failure.message.slice(0, 300);
  return fallback;
};

export const mergeJob: JobKind<typeof mergeJobInput, MergeOptions> = {
  kind: MERGE_JOB_KIND,
  workflow: mergeMedia,
  executionPrefix: 'merge',
  input: (job) => ({ job_id: job.id }),
  failureMessage: (_job, failure) =>
    failureWords(failure, mergeMessages.failed, 'The merge took too long and was stopped. Please try again.'),
};

export const previewJob: JobKind<typeof mergeJobInput, PreviewOptions> = {
  kind: PREVIEW_JOB_KIND,
  workflow: mergePreview,
  executionPrefix: 'mprev',
  input: (job) => ({ job_id: job.id }),
  failureMessage: (_job, failure) =>
    failureWords(failure, mergeMessages.previewFailed, mergeMessages.previewTimedOut),
};
