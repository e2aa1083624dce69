import type { z } from 'zod';
import { keys } from '../lib/keys';
import { logger } from '../lib/logger';
import { startWorkflow } from '../lib/workflows';
import { closeJob, type JobContext } from './context';
import {
  ACTIVE_STATUSES,
  isActive,
  jobMessages,
  jobWorkPrefix,
  type JobKind,
  type JobRecord,
  type JobStatus,
  type JobTarget,
} from './model';
import { jobLockKey, type JobPatch } from './repository';

/**
 * The job system's side that the domains' services call: start, queue, cancel, retry from a step,
 * stale-job recovery and a book's deletion. Every write that moves a job is conditional on its
 * status, so two racing actions cannot both win and a late step never revives an ended job.
 */
export interface StartRequest<O extends object> {
  owner: string;
  target: JobTarget;
  options: O;
  /** At most one active job of this name per target (see `claimLock`). */
  exclusive?: string;
  /** The period of the video unit the caller took for this job (metered generations). */
  usage?: { period: string };
}

export interface RetryRequest<O extends object> {
  /** A job that succeeded runs again too (a later step done again over its earlier outputs). */
  rerunReady?: boolean;
  /** Replaces the job's options for the run. */
  options?: O;
  /** Queued without starting, for its domain to launch (`launchDeferredJob`). */
  defer?: boolean;
  /** A unit the caller took for this run (a job that gave its unit back takes one again). */
  usage?: { period: string };
}

/** A first attempt of a job, queued now (not stored). */
function newJob<O extends object>(
  ctx: JobContext,
  kind: { kind: string },
  request: { owner: string; target: JobTarget; options: O },
  extra: Partial<JobRecord<O>>,
): JobRecord<O> {
  const at = ctx.now();
  return {
    id: ctx.deps.uuid(),
    kind: kind.kind,
    owner_id: request.owner,
    target: request.target,
    status: 'queued',
    step: 'Queued',
    progress: 0,
    error_message: null,
    options: request.options,
    outputs: {},
    execution_arn: null,
    attempt: 1,
    parts_done: 0,
    created_at: at,
    started_at: at,
    updated_at: at,
    finished_at: null,
    ...extra,
  };
}

const executionName = (prefix: string, job: JobRecord) =>
  job.attempt > 1 ? `${prefix}-${job.id}-${job.attempt}` : `${prefix}-${job.id}`;

/** Starts the job's workflow; a start that fails is a failed job the user can try again. */
async function launch<S extends z.ZodType, O extends object>(
  ctx: JobContext,
  kind: JobKind<S, O>,
  job: JobRecord<O>,
  startAt?: string,
): Promise<JobRecord<O>> {
  try {
    ctx.metrics.started(kind.kind);
    const { executionArn } = await startWorkflow(
      ctx.deps.workflows,
      kind.workflow,
      executionName(kind.executionPrefix, job),
      kind.input(job, startAt),
    );
    return ((await ctx.repo.update(job.id, { execution_arn: executionArn }, ctx.now(), ACTIVE_STATUSES)) ??
      job) as JobRecord<O>;
  } catch (error) {
    logger.error('could not start a job', { error: error as Error, jobId: job.id, kind: job.kind });
    const failed = await ctx.repo.update(
      job.id,
      { status: 'failed', step: 'Failed', error_message: jobMessages.couldNotStart, finished_at: ctx.now() },
      ctx.now(),
      ACTIVE_STATUSES,
    );
    return ((await closeJob(ctx, failed, 'failed')) ?? job) as JobRecord<O>;
  }
}

/**
 * Makes `job` the holder of an exclusive lock, or answers the active job that holds it. The lock
 * points at the latest job of its name; a holder that has ended (or was cut off, see `settleJob`)
 * is replaced with a write conditional on it still being the holder, so of racing starts exactly
 * one wins and the others answer the winner.
 */
async function claimLock(ctx: JobContext, name: string, job: JobRecord): Promise<JobRecord | null> {
  const { table } = ctx.deps;
  const key = jobLockKey(job.target, job.owner_id, name);
  if (await table.put({ ...key, job_id: job.id }, { exists: false })) return null;
  for (let attempt = 0; attempt < 5; attempt++) {
    const lock = await table.get<{ job_id: string }>(key);
    if (!lock) {
      if (await table.put({ ...key, job_id: job.id }, { exists: false })) return null;
      continue;
    }
    const holder = await ctx.repo.get(lock.job_id);
    if (holder && isActive(holder.status)) {
      const settled = await settleJob(ctx, holder);
      if (isActive(settled.status)) return settled;
    }
    if (await table.put({ ...key, job_id: job.id }, { equals: { job_id: lock.job_id } })) return null;
  }
  throw new Error(`Could not take the lock ${name} for job ${job.id}`);
}

/**
 * Creates the job (queued) and starts its workflow; the answer comes at once. With `exclusive`, at
 * most one job of that name runs for the target: a start while one is active answers the active job
 * instead of starting another, however many requests race (a conditional write on a lock item
 * decides, not a read followed by a write).
 */
export async function startJob<S extends z.ZodType, O extends object>(
  ctx: JobContext,
  kind: JobKind<S, O>,
  request: StartRequest<O>,
): Promise<JobRecord<O>> {
  const job = newJob(ctx, kind, request, {
    ...(request.usage ? { usage: { period: request.usage.period, state: 'held' as const } } : {}),
  });
  await ctx.repo.put(job);
  if (request.exclusive) {
    const holder = await claimLock(ctx, request.exclusive, job);
    if (holder) {
      await ctx.repo.deleteMany([job.id]);
      // The running job answers this request: the unit taken for it goes back.
      if (request.usage) await ctx.deps.meter?.giveBack(request.owner, request.usage.period);
      return holder as JobRecord<O>;
    }
  }
  return launch(ctx, kind, job);
}

/**
 * Creates the job queued without starting its workflow: its domain launches it later with
 * `launchDeferredJob` (a per-user queue, where the next job starts when the one before it ends).
 */
export async function enqueueJob<O extends object>(
  ctx: JobContext,
  kind: JobKind<z.ZodType, O>,
  request: { owner: string; target: JobTarget; options: O },
): Promise<JobRecord<O>> {
  const job = newJob(ctx, kind, request, { deferred: true });
  await ctx.repo.put(job);
  return job;
}

/**
 * Starts the workflow of a deferred job; null when it is no longer a deferred queued job (another
 * caller launched it first, or it ended). A failed start is a failed job, as with `startJob`.
 */
export async function launchDeferredJob<S extends z.ZodType, O extends object>(
  ctx: JobContext,
  kind: JobKind<S, O>,
  job: JobRecord<O>,
): Promise<JobRecord<O> | null> {
  const taken = await ctx.deps.table.update<JobRecord>(
    keys.job(job.id),
    { set: { deferred: false, started_at: ctx.now(), updated_at: ctx.now() } },
    { exists: true, equals: { deferred: true, status: 'queued' } },
  );
  if (!taken) return null;
  return launch(ctx, kind, taken as JobRecord<O>);
}

/** Stops a job that is still queued or running; its work files go, its outputs are the caller's. */
export async function cancelJob<O extends object>(
  ctx: JobContext,
  job: JobRecord<O>,
  cause = 'Cancelled by the user',
): Promise<JobRecord<O>> {
  if (!isActive(job.status)) return job;
  if (job.execution_arn) await ctx.deps.workflows.stop(job.execution_arn, cause);
  const cancelled = await closeJob(
    ctx,
    await ctx.repo.update(
      job.id,
      { status: 'cancelled', step: 'Cancelled', error_message: null, finished_at: ctx.now() },
      ctx.now(),
      ACTIVE_STATUSES,
    ),
    'cancelled',
  );
  await ctx.deps.work.deletePrefix(jobWorkPrefix(job.id));
  return ((cancelled ?? (await ctx.repo.get(job.id))) as JobRecord<O> | null) ?? job;
}

/**
 * Runs a failed or cancelled job again as a new execution, from `startAt` (a step its workflow can
 * resume from) or from the beginning; see `RetryRequest` for a rerun of a job that succeeded, new
 * options, a queued rerun and a metered one.
 */
export async function retryJob<S extends z.ZodType, O extends object>(
  ctx: JobContext,
  kind: JobKind<S, O>,
  job: JobRecord<O>,
  startAt?: string,
  rerun: RetryRequest<O> = {},
): Promise<JobRecord<O>> {
  if (isActive(job.status)) return job;
  const patch: JobPatch = {
    status: 'queued',
    step: 'Queued',
    progress: 0,
    parts_done: 0,
    error_message: null,
    finished_at: null,
    execution_arn: null,
    attempt: job.attempt + 1,
    started_at: ctx.now(),
    ...(rerun.options ? { options: rerun.options } : {}),
    ...(rerun.defer ? { deferred: true } : {}),
    ...(rerun.usage ? { usage: { period: rerun.usage.period, state: 'held' as const } } : {}),
  };
  const from: JobStatus[] = rerun.rerunReady ? ['failed', 'cancelled', 'ready'] : ['failed', 'cancelled'];
  const queued = await ctx.repo.update(job.id, patch, ctx.now(), from);
  if (!queued && rerun.usage) await ctx.deps.meter?.giveBack(job.owner_id, rerun.usage.period);
  if (!queued) return ((await ctx.repo.get(job.id)) ?? job) as JobRecord<O>;
  if (rerun.defer) return queued as JobRecord<O>;
  return launch(ctx, kind, queued as JobRecord<O>, startAt);
}

/**
 * Stale-job recovery: a job whose execution ended without recording an outcome (stopped, timed out
 * before its recorder ran, or cut off by a restart of the local runtime) would stay active for ever
 * and block a new run. Once it has been quiet for a while, its execution's real state decides: still
 * running, it is left alone; anything else marks it failed.
 */
export async function settleJob<O extends object>(
  ctx: JobContext,
  job: JobRecord<O>,
  at = ctx.deps.clock.now().getTime(),
  /** `quiet: false` when the caller has judged quietness itself (e.g. by the record it owns). */
  options: { quiet?: boolean } = {},
): Promise<JobRecord<O>> {
  if (!isActive(job.status)) return job;
  // A deferred job waits for its domain to launch it: there is no execution to check.
  if (job.deferred && job.status === 'queued') return job;
  if (options.quiet !== false && at - Date.parse(job.updated_at) < ctx.quietMs) return job;
  if (job.execution_arn && (await ctx.deps.workflows.status(job.execution_arn)) === 'RUNNING') return job;
  const failed = await closeJob(
    ctx,
    await ctx.repo.update(
      job.id,
      { status: 'failed', step: 'Failed', error_message: jobMessages.interrupted, finished_at: ctx.now() },
      ctx.now(),
      ACTIVE_STATUSES,
    ),
    'failed',
  );
  return (failed ?? (await ctx.repo.get(job.id)) ?? job) as JobRecord<O>;
}

/**
 * Everything of a book's jobs goes with the book: running executions are stopped, records and work
 * files deleted. Records go first so a step still running finds its job gone and stops.
 */
export async function deleteBookJobs(ctx: JobContext, bookId: string, cause: string): Promise<JobRecord[]> {
  const { workflows, work, meter } = ctx.deps;
  const found = await ctx.repo.listForBook(bookId);
  await Promise.all(
    found
      .filter((job) => isActive(job.status) && job.execution_arn)
      .map((job) => workflows.stop(job.execution_arn!, cause)),
  );
  await ctx.repo.deleteMany(found.map((job) => job.id));
  // A unit held by a job that never made its film goes back with it.
  await Promise.all(
    found
      .filter((job) => isActive(job.status) && job.usage?.state === 'held')
      .map((job) => meter?.giveBack(job.owner_id, job.usage!.period)),
  );
  await Promise.all(found.map((job) => work.deletePrefix(jobWorkPrefix(job.id))));
  return found;
}
