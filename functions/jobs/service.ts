import type { z } from 'zod';
import type { TaskFailure } from '../lib/workflows';
import { jobContext, type JobDeps } from './context';
import {
  cancelJob,
  deleteBookJobs,
  enqueueJob,
  launchDeferredJob,
  retryJob,
  settleJob,
  startJob,
  type RetryRequest,
  type StartRequest,
} from './lifecycle';
import type { JobKind, JobRecord, JobTarget } from './model';
import { activeJob, beginJob, countJobPart, failJob, finishJob, progressJob, recordJob } from './steps';

/**
 * The job system as one object on its ports, for the callers that hold it as a dependency (the
 * domains' services, the stages' production wiring). Each operation is a plain function of the
 * job context: `lifecycle.ts` for what services do (start, cancel, retry, stale-job recovery),
 * `steps.ts` for what stages do as they go (begin, progress, parts, outputs, finish, fail).
 */
export function createJobs(deps: JobDeps) {
  const ctx = jobContext(deps);
  return {
    repository: ctx.repo,
    get: ctx.repo.get as <O extends object = object>(jobId: string) => Promise<JobRecord<O> | null>,
    listForBook: ctx.repo.listForBook,
    listForOwner: ctx.repo.listForOwner,
    /** The quiet time after which an active job's execution is checked (domains use the same). */
    quietMs: ctx.quietMs,

    start: <S extends z.ZodType, O extends object>(kind: JobKind<S, O>, request: StartRequest<O>) =>
      startJob(ctx, kind, request),
    enqueue: <O extends object>(
      kind: JobKind<z.ZodType, O>,
      request: { owner: string; target: JobTarget; options: O },
    ) => enqueueJob(ctx, kind, request),
    launchDeferred: <S extends z.ZodType, O extends object>(kind: JobKind<S, O>, job: JobRecord<O>) =>
      launchDeferredJob(ctx, kind, job),
    cancel: <O extends object>(job: JobRecord<O>, cause?: string) => cancelJob(ctx, job, cause),
    retry: <S extends z.ZodType, O extends object>(
      kind: JobKind<S, O>,
      job: JobRecord<O>,
      startAt?: string,
      rerun?: RetryRequest<O>,
    ) => retryJob(ctx, kind, job, startAt, rerun),
    settle: <O extends object>(job: JobRecord<O>, at?: number, options?: { quiet?: boolean }) =>
      settleJob(ctx, job, at, options),
    deleteForBook: (bookId: string, cause: string) => deleteBookJobs(ctx, bookId, cause),

    // --- what the stages call ---
    active: <O extends object>(jobId: string) => activeJob<O>(ctx, jobId),
    begin: (jobId: string, step: string, progress?: number) => beginJob(ctx, jobId, step, progress),
    progress: (jobId: string, progress: number, step: string) => progressJob(ctx, jobId, progress, step),
    record: <R extends object>(
      jobId: string,
      patch: { step?: string; progress?: number; outputs?: Partial<R> },
    ) => recordJob<R>(ctx, jobId, patch),
    countPart: (jobId: string, total: number, step: string, from: number, to: number) =>
      countJobPart(ctx, jobId, total, step, from, to),
    finish: (jobId: string, step?: string) => finishJob(ctx, jobId, step),
    fail: <S extends z.ZodType, O extends object>(
      kind: JobKind<S, O>,
      jobId: string,
      failure: TaskFailure | undefined,
      words?: string,
    ) => failJob(ctx, kind, jobId, failure, words),
  };
}

export type Jobs = ReturnType<typeof createJobs>;

/** What a workflow's stages ask of the job system as they go (see `steps.ts`). */
export type JobSteps = Pick<
  Jobs,
  'get' | 'active' | 'begin' | 'progress' | 'record' | 'countPart' | 'finish' | 'fail'
>;
