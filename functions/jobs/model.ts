import type { z } from 'zod';
import type { WorkflowDefinition } from '../lib/workflows';

/**
 * The one job system: every long generation (learning content today; plots, images, audio, the
 * video pipeline and merges next) is a Job record that a Step Functions workflow advances. The API
 * creates it and answers at once; workers move it through its steps; the web app polls its view.
 */
export const JOB_STATUSES = ['queued', 'running', 'ready', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** Statuses in which a workflow may still be working on the job. */
export const ACTIVE_STATUSES: readonly JobStatus[] = ['queued', 'running'];
export const isActive = (status: JobStatus) => ACTIVE_STATUSES.includes(status);

/** What a job works on; a job with a book is listed with the book and deleted with it. */
export interface JobTarget {
  book_id?: string;
  chapter_id?: string;
  [id: string]: string | undefined;
}

export interface JobRecord<O extends object = object, R extends object = object> {
  id: string;
  /** Which domain's job this is, e.g. `learning-content`. */
  kind: string;
  owner_id: string;
  target: JobTarget;
  status: JobStatus;
  /** The step being worked on, in the user's words ("Narrating part 2 of 5"). */
  step: string;
  /** 0–100; only ever moves forward while the job runs. */
  progress: number;
  /** Set when the job failed: what the user reads. */
  error_message: string | null;
  /** What was asked for (the request's options). */
  options: O;
  /** What the job produced (storage keys, durations…), filled in as steps finish. */
  outputs: Partial<R>;
  execution_arn: string | null;
  /** 1 for the first run; each retry adds one (and gets its own execution name). */
  attempt: number;
  /** Finished parts of a fan-out step, counted atomically. */
  parts_done?: number;
  created_at: string;
  /** When the latest attempt was started (the creation time for the first). */
  started_at?: string;
  updated_at: string;
  finished_at?: string | null;
  /**
   * The monthly video unit this job took (metered generations only): held while it runs, kept once
   * it produced its film (`ready`), returned when it ended without one (failed, cancelled, deleted).
   */
  usage?: JobUsage | null;
}

export interface JobUsage {
  /** The metering period the unit was taken from ('YYYY-MM', UTC). */
  period: string;
  state: 'held' | 'kept' | 'returned';
}

/**
 * A kind of job, declared by the domain that owns it: which workflow runs it, how its workflow
 * input is made from the record, and the words of its failures.
 */
export interface JobKind<S extends z.ZodType = z.ZodType, O extends object = object> {
  kind: string;
  workflow: WorkflowDefinition<S>;
  /** Execution names are `<prefix>-<job id>` (then `-<attempt>` for retries). */
  executionPrefix: string;
  /** The workflow input for a run; `startAt` is set when a retry resumes from a step. */
  input: (job: JobRecord<O>, startAt?: string) => z.input<S>;
  /** What the user reads when a run failed; `timedOut` when it ran out of time. */
  failureMessage: (
    job: JobRecord<O>,
    failure: { name: string; message: string; timedOut: boolean },
  ) => string;
}

export const jobMessages = {
  couldNotStart: 'Generation could not start. Please try again.',
  interrupted: 'Generation was interrupted. Please try again.',
  cancelled: 'Cancelled.',
} as const;

/** Storage of a job's intermediate files (uploads bucket); removed when the job ends. */
export const jobWorkPrefix = (jobId: string) => `jobs/${jobId}/`;
export const jobWorkKey = (jobId: string, name: string) => `jobs/${jobId}/${name}`;
