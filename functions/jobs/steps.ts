import type { z } from 'zod';
import { logger } from '../lib/logger';
import { isTimeout, readFailure, type TaskFailure } from '../lib/workflows';
import { closeJob, type JobContext } from './context';
import { ACTIVE_STATUSES, isActive, jobWorkPrefix, type JobKind, type JobRecord } from './model';

/**
 * The job system's side that a workflow's stages call as they go: the job while it is active,
 * begin, progress, parts, outputs, finish and fail. Every write is conditional on the job still
 * being active, so a stage whose job was cancelled or deleted meanwhile learns it from the answer
 * (null) and stops.
 */

/** A stage found its job deleted or ended (cancelled, failed): the run stops, nothing is recorded. */
export class JobGoneError extends Error {
  override name = 'JobGoneError';
}

/** The job, if it is still active (a deleted, failed or cancelled job ends the run). */
export async function activeJob<O extends object>(
  ctx: JobContext,
  jobId: string,
): Promise<JobRecord<O> | null> {
  const job = await ctx.repo.get(jobId);
  return job && isActive(job.status) ? (job as JobRecord<O>) : null;
}

/** queued → running, with the first step's words. */
export const beginJob = (ctx: JobContext, jobId: string, step: string, progress = 1) =>
  ctx.repo.update(jobId, { status: 'running', step, progress }, ctx.now(), ACTIVE_STATUSES);

/** Moves the bar (forward only) and names the step. */
export const progressJob = (ctx: JobContext, jobId: string, progress: number, step: string) =>
  ctx.repo.advance(jobId, Math.round(progress), step, ctx.now());

/** Records outputs (merged with earlier ones), the step and the bar while the job is active. */
export async function recordJob<R extends object>(
  ctx: JobContext,
  jobId: string,
  patch: { step?: string; progress?: number; outputs?: Partial<R> },
): Promise<JobRecord | null> {
  const job = await ctx.repo.get(jobId);
  if (!job) return null;
  return ctx.repo.update(
    jobId,
    {
      ...(patch.step ? { step: patch.step } : {}),
      ...(patch.progress !== undefined ? { progress: Math.round(patch.progress) } : {}),
      ...(patch.outputs ? { outputs: { ...job.outputs, ...patch.outputs } } : {}),
    },
    ctx.now(),
    ACTIVE_STATUSES,
  );
}

/**
 * Counts one finished part of a fan-out step and moves the bar between `from` and `to` percent;
 * `{done}` and `{total}` in the step's words are filled in. Null once the job ended.
 */
export async function countJobPart(
  ctx: JobContext,
  jobId: string,
  total: number,
  step: string,
  from: number,
  to: number,
) {
  const done = await ctx.repo.countPart(jobId, ctx.now());
  if (done === null) return null;
  const finished = Math.min(done, total);
  const progress = from + ((to - from) * finished) / Math.max(1, total);
  return ctx.repo.advance(
    jobId,
    Math.round(progress),
    step.replace('{done}', String(finished)).replace('{total}', String(total)),
    ctx.now(),
  );
}

/** The job is done: ready, 100 %, its work files removed. */
export async function finishJob(ctx: JobContext, jobId: string, step = 'Ready') {
  const ready = await closeJob(
    ctx,
    await ctx.repo.update(
      jobId,
      { status: 'ready', progress: 100, step, finished_at: ctx.now() },
      ctx.now(),
      ACTIVE_STATUSES,
    ),
    'ready',
  );
  await ctx.deps.work.deletePrefix(jobWorkPrefix(jobId));
  return ready;
}

/**
 * The Catch target of every workflow: the job fails with its kind's words for the error (never the
 * error itself), and its work files go. A job that already ended is left as it is.
 */
export async function failJob<S extends z.ZodType, O extends object>(
  ctx: JobContext,
  kind: JobKind<S, O>,
  jobId: string,
  failure: TaskFailure | undefined,
  /** The words to record, when the caller knows better than the kind (e.g. which step failed). */
  words?: string,
) {
  const job = await ctx.repo.get(jobId);
  if (!job || !isActive(job.status)) return { job, recorded: false };
  const read = readFailure(failure);
  logger.warn('job failed', { jobId, kind: job.kind, error: read.name, cause: read.message });
  const message =
    words ?? kind.failureMessage(job as JobRecord<O>, { ...read, timedOut: isTimeout(read.name) });
  const failed = await closeJob(
    ctx,
    await ctx.repo.update(
      jobId,
      { status: 'failed', step: 'Failed', error_message: message, finished_at: ctx.now() },
      ctx.now(),
      ACTIVE_STATUSES,
    ),
    'failed',
  );
  await ctx.deps.work.deletePrefix(jobWorkPrefix(jobId));
  return { job: failed, recorded: Boolean(failed) };
}
