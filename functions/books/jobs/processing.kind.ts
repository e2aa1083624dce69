import type { PipelineStep } from '../../contracts/books';
import type { JobKind } from '../../jobs';
import { isTimeout, readFailure, type TaskFailure } from '../../lib/workflows';
import { bookProcessing, type bookProcessingInput } from './processing.workflow';

/**
 * Book processing as jobs of the job system: one job per run of the workflow (the upload, the
 * confirmation of the reviewed structure, a regeneration), one running at a time per book. The
 * book keeps what the owner sees (status, progress, the error); the job keeps the run.
 */
export interface BookProcessingOptions {
  start_at: PipelineStep;
}

const STEP_MESSAGES: Record<PipelineStep, string> = {
  extract: 'We could not read this file. Please try again.',
  structure: 'We could not find the chapters of this book. Please try again.',
  chapters: 'Processing the chapters failed. Please try again.',
};

/** The person-facing message for a failed step: the ingest error's own words, else a generic one. */
export function failureMessage(step: PipelineStep, error: TaskFailure | undefined): string {
  const { name, message } = readFailure(error);
  if (name === 'IngestError' && message) return message;
  if (isTimeout(name)) return 'Processing took too long. Please try again.';
  return STEP_MESSAGES[step];
}

export const bookProcessingJob: JobKind<typeof bookProcessingInput, BookProcessingOptions> = {
  kind: 'book-processing',
  workflow: bookProcessing,
  executionPrefix: 'book',
  input: (job, startAt) => ({
    job_id: job.id,
    book_id: job.target.book_id!,
    start_at: (startAt as PipelineStep | undefined) ?? job.options.start_at,
  }),
  failureMessage: (job, failure) =>
    failureMessage(job.options.start_at, {
      Error: failure.timedOut ? 'States.Timeout' : failure.name,
      Cause: failure.message,
    }),
};

/** Only one run of a book's pipeline at a time. */
export const PROCESSING_LOCK = 'processing';
