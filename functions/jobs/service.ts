import type { UsageMeter } from '../lib/usage-meter';
import type { z } from 'zod';
import { keys } from '../lib/keys';
import { logger } from '../lib/logger';
import { isoNow, type Clock, type ObjectStore, type Workflows } from '../lib/ports';
import { isTimeout, readFailure, startWorkflow, type TaskFailure } from '../lib/workflows';
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
import { createJobRepository, jobLockKey, type JobPatch } from './repository';
import type { Table } from '../lib/ports';

export interface JobDeps {
  table: Table;
  workflows: Workflows;
  /** Where jobs keep their intermediate files (the uploads bucket). */
  work: ObjectStore;
  clock: Clock;
  uuid: () => string;
  /** Where the job system reports what happened to jobs (CloudWatch metrics in production). */
  metrics?: JobMetrics;
  /** How long a job may be quiet before its execution is checked; QUIET_MS by default. */
  quietMs?: number;
  /** Where a metered job's unit goes back when it ends without its film. */
  meter?: Pick<UsageMeter, 'giveBack'>;
}

/** What becomes of jobs, by kind: how many start, end in each outcome, and how long they take. */
export interface JobMetrics {
  started(kind: string): void;
  /** A job reached an end; `durationMs` from its creation (its latest attempt's start on a retry). */
  ended(kind: string, outcome: 'ready' | 'failed' | 'cancelled', durationMs: number): void;
}

const noMetrics: JobMetrics = { started: () => {}, ended: () => {} };

/** A job quiet for this long has its execution checked before it is trusted to be running. */
export const QUIET_MS = 2 * 60 * 1000;

/**
 * The job system's operations: start, cancel, retry from a step, stale-job recovery, and what the
 * workers call as they go (begin, progress, parts, outputs, finish, fail). Every write that moves a
 * job is conditional on its status, so a late step never revives a failed or cancelled job and two
 * racing actions cannot both win.
 */
export function createJobs(deps: JobDeps) {
  const repo = createJobRepository(deps.table);
  const now = () => isoNow(deps.clock);

  /** A first attempt of a job, queued now (not stored). */
  function newJob<O extends object>(
    kind: { kind: string },
    request: { owner: string; target: JobTarget; options: O },
    extra: Partial<JobRecord<O>>,
  ): JobRecord<O> {
    const at = now();
    return {
      id: deps.uuid(),
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
  const metrics = deps.metrics ?? noMetrics;
  const quietMs = deps.quietMs ?? QUIET_MS;
  /** Reports a job's end once: only the write that moved it out of an active status counts. */
  const ended = <J extends JobRecord | null>(job: J, outcome: 'ready' | 'failed' | 'cancelled'): J => {
    if (job) {
      const since = Date.parse(job.started_at ?? job.created_at);
      metrics.ended(job.kind, outcome, Math.max(0, deps.clock.now().getTime() - since));
    }
    return job;
  };

  /**
   * After the one write that ended a job: a metered job that produced its film keeps its unit; one
   * that ended without it gives the unit back (once: only the ending write gets here).
   */
  async function settleUsage<J extends JobRecord | null>(job: J, outcome: 'ready' | 'failed' | 'cancelled') {
    const usage = job?.usage;
    if (!job || !usage || usage.state !== 'held') return job;
    if (outcome !== 'ready') await deps.meter?.giveBack(job.owner_id, usage.period);
    const state = outcome === 'ready' ? 'kept' : 'returned';
    return ((await repo.update(job.id, { usage: { ...usage, state } }, now())) ?? job) as J;
  }
  const close = async <J extends JobRecord | null>(job: J, outcome: 'ready' | 'failed' | 'cancelled') =>
    settleUsage(ended(job, outcome), outcome);

  const executionName = (prefix: string, job: JobRecord) =>
    job.attempt > 1 ? `${prefix}-${job.id}-${job.attempt}` : `${prefix}-${job.id}`;

  async function launch<S extends z.ZodType, O extends object>(
    kind: JobKind<S, O>,
    job: JobRecord<O>,
    startAt?: string,
  ): Promise<JobRecord<O>> {
    try {
      metrics.started(kind.kind);
      const { executionArn } = await startWorkflow(
        deps.workflows,
        kind.workflow,
        executionName(kind.executionPrefix, job),
        kind.input(job, startAt),
      );
      return ((await repo.update(job.id, { execution_arn: executionArn }, now(), ACTIVE_STATUSES)) ??
        job) as JobRecord<O>;
    } catch (error) {
      logger.error('could not start a job', { error: error as Error, jobId: job.id, kind: job.kind });
      const failed = await repo.update(
        job.id,
        { status: 'failed', step: 'Failed', error_message: jobMessages.couldNotStart, finished_at: now() },
        now(),
        ACTIVE_STATUSES,
      );
      return ((await close(failed, 'failed')) ?? job) as JobRecord<O>;
    }
  }

  /**
   * Makes `job` the holder of an exclusive lock, or answers the active job that holds it. The lock
   * points at the latest job of its name; a holder that has ended (or was cut off, see `settle`)
   * is replaced with a write conditional on it still being the holder, so of racing starts exactly
   * one wins and the others answer the winner.
   */
  async function claim(name: string, job: JobRecord): Promise<JobRecord | null> {
    const key = jobLockKey(job.target, job.owner_id, name);
    if (await deps.table.put({ ...key, job_id: job.id }, { exists: false })) return null;
    for (let attempt = 0; attempt < 5; attempt++) {
      const lock = await deps.table.get<{ job_id: string }>(key);
      if (!lock) {
        if (await deps.table.put({ ...key, job_id: job.id }, { exists: false })) return null;
        continue;
      }
      const holder = await repo.get(lock.job_id);
      if (holder && isActive(holder.status)) {
        const settled = await jobs.settle(holder);
        if (isActive(settled.status)) return settled;
      }
      if (await deps.table.put({ ...key, job_id: job.id }, { equals: { job_id: lock.job_id } })) return null;
    }
    throw new Error(`Could not take the lock ${name} for job ${job.id}`);
  }

  const jobs = {
    repository: repo,
    get: repo.get as <O extends object = object>(jobId: string) => Promise<JobRecord<O> | null>,
    listForBook: repo.listForBook,
    listForOwner: repo.listForOwner,
    /** The quiet time after which an active job's execution is checked (domains use the same). */
    quietMs,

    /**
     * Creates the job (queued) and starts its workflow; the answer comes at once. With `exclusive`,
     * at most one job of that name runs for the target: a start while one is active answers the
     * active job instead of starting another, however many requests race (a conditional write on a
     * lock item decides, not a read followed by a write).
     */
    async start<S extends z.ZodType, O extends object>(
      kind: JobKind<S, O>,
      request: {
        owner: string;
        target: JobTarget;
        options: O;
        exclusive?: string;
        /** The period of the video unit the caller took for this job (metered generations). */
        usage?: { period: string };
      },
    ): Promise<JobRecord<O>> {
      const job = newJob(kind, request, {
        ...(request.usage ? { usage: { period: request.usage.period, state: 'held' as const } } : {}),
      });
      await repo.put(job);
      if (request.exclusive) {
        const holder = await claim(request.exclusive, job);
        if (holder) {
          await repo.deleteMany([job.id]);
          // The running job answers this request: the unit taken for it goes back.
          if (request.usage) await deps.meter?.giveBack(request.owner, request.usage.period);
          return holder as JobRecord<O>;
        }
      }
      return launch(kind, job);
    },

    /**
     * Creates the job queued without starting its workflow: its domain launches it later with
     * `launchDeferred` (a per-user queue, where the next job starts when the one before it ends).
     */
    async enqueue<O extends object>(
      kind: JobKind<z.ZodType, O>,
      request: { owner: string; target: JobTarget; options: O },
    ): Promise<JobRecord<O>> {
      const job = newJob(kind, request, { deferred: true });
      await repo.put(job);
      return job;
    },

    /**
     * Starts the workflow of a deferred job; null when it is no longer a deferred queued job (another
     * caller launched it first, or it ended). A failed start is a failed job, as with `start`.
     */
    async launchDeferred<S extends z.ZodType, O extends object>(
      kind: JobKind<S, O>,
      job: JobRecord<O>,
    ): Promise<JobRecord<O> | null> {
      const taken = await deps.table.update<JobRecord>(
        keys.job(job.id),
        { set: { deferred: false, started_at: now(), updated_at: now() } },
        { exists: true, equals: { deferred: true, status: 'queued' } },
      );
      if (!taken) return null;
      return launch(kind, taken as JobRecord<O>);
    },

    /** Stops a job that is still queued or running; its work files go, its outputs are the caller's. */
    async cancel<O extends object>(
      job: JobRecord<O>,
      cause = 'Cancelled by the user',
    ): Promise<JobRecord<O>> {
      if (!isActive(job.status)) return job;
      if (job.execution_arn) await deps.workflows.stop(job.execution_arn, cause);
      const cancelled = await close(
        await repo.update(
          job.id,
          { status: 'cancelled', step: 'Cancelled', error_message: null, finished_at: now() },
          now(),
          ACTIVE_STATUSES,
        ),
        'cancelled',
      );
      await deps.work.deletePrefix(jobWorkPrefix(job.id));
      return ((cancelled ?? (await repo.get(job.id))) as JobRecord<O> | null) ?? job;
    },

    /**
     * Runs a failed or cancelled job again as a new execution, from `startAt` (a step its workflow
     * can resume from) or from the beginning; with `rerunReady`, a job that succeeded too (a later
     * step done again over its earlier outputs). `options` replaces the job's options for the run.
     */
    async retry<S extends z.ZodType, O extends object>(
      kind: JobKind<S, O>,
      job: JobRecord<O>,
      startAt?: string,
      /** `usage`: a unit the caller took for this run (a job that gave its unit back takes one again). */
      rerun: { rerunReady?: boolean; options?: O; defer?: boolean; usage?: { period: string } } = {},
    ) {
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
        started_at: now(),
        ...(rerun.options ? { options: rerun.options } : {}),
        ...(rerun.defer ? { deferred: true } : {}),
        ...(rerun.usage ? { usage: { period: rerun.usage.period, state: 'held' as const } } : {}),
      };
      const from: JobStatus[] = rerun.rerunReady ? ['failed', 'cancelled', 'ready'] : ['failed', 'cancelled'];
      const queued = await repo.update(job.id, patch, now(), from);
      if (!queued && rerun.usage) await deps.meter?.giveBack(job.owner_id, rerun.usage.period);
      if (!queued) return ((await repo.get(job.id)) ?? job) as JobRecord<O>;
      if (rerun.defer) return queued as JobRecord<O>;
      return launch(kind, queued as JobRecord<O>, startAt);
    },

    /**
     * Stale-job recovery: a job whose execution ended without recording an outcome (stopped, timed
     * out before its recorder ran, or cut off by a restart of the local runtime) would stay active
     * for ever and block a new run. Once it has been quiet for a while, its execution's real state
     * decides: still running, it is left alone; anything else marks it failed.
     */
    async settle<O extends object>(
      job: JobRecord<O>,
      at = deps.clock.now().getTime(),
      /** `quiet: false` when the caller has judged quietness itself (e.g. by the record it owns). */
      options: { quiet?: boolean } = {},
    ): Promise<JobRecord<O>> {
      if (!isActive(job.status)) return job;
      // A deferred job waits for its domain to launch it: there is no execution to check.
      if (job.deferred && job.status === 'queued') return job;
      if (options.quiet !== false && at - Date.parse(job.updated_at) < quietMs) return job;
      if (job.execution_arn && (await deps.workflows.status(job.execution_arn)) === 'RUNNING') return job;
      const failed = await close(
        await repo.update(
          job.id,
          { status: 'failed', step: 'Failed', error_message: jobMessages.interrupted, finished_at: now() },
          now(),
          ACTIVE_STATUSES,
        ),
        'failed',
      );
      return (failed ?? (await repo.get(job.id)) ?? job) as JobRecord<O>;
    },

    // --- what the workers call ---

    /** The job, if it is still active (a deleted, failed or cancelled job ends the run). */
    async active<O extends object>(jobId: string): Promise<JobRecord<O> | null> {
      const job = await repo.get(jobId);
      return job && isActive(job.status) ? (job as JobRecord<O>) : null;
    },

    /** queued → running, with the first step's words. */
    begin: (jobId: string, step: string, progress = 1) =>
      repo.update(jobId, { status: 'running', step, progress }, now(), ACTIVE_STATUSES),

    /** Moves the bar (forward only) and names the step. */
    progress: (jobId: string, progress: number, step: string) =>
      repo.advance(jobId, Math.round(progress), step, now()),

    /** Records outputs (merged with earlier ones), the step and the bar while the job is active. */
    async record<R extends object>(
      jobId: string,
      patch: { step?: string; progress?: number; outputs?: Partial<R> },
    ): Promise<JobRecord | null> {
      const job = await repo.get(jobId);
      if (!job) return null;
      return repo.update(
        jobId,
        {
          ...(patch.step ? { step: patch.step } : {}),
          ...(patch.progress !== undefined ? { progress: Math.round(patch.progress) } : {}),
          ...(patch.outputs ? { outputs: { ...job.outputs, ...patch.outputs } } : {}),
        },
        now(),
        ACTIVE_STATUSES,
      );
    },

    /**
     * Counts one finished part of a fan-out step and moves the bar between `from` and `to` percent;
     * `{done}` and `{total}` in the step's words are filled in. Null once the job ended.
     */
    async countPart(jobId: string, total: number, step: string, from: number, to: number) {
      const done = await repo.countPart(jobId, now());
      if (done === null) return null;
      const finished = Math.min(done, total);
      const progress = from + ((to - from) * finished) / Math.max(1, total);
      return repo.advance(
        jobId,
        Math.round(progress),
        step.replace('{done}', String(finished)).replace('{total}', String(total)),
        now(),
      );
    },

    /** The job is done: ready, 100 %, its work files removed. */
    async finish(jobId: string, step = 'Ready') {
      const ready = await close(
        await repo.update(
          jobId,
          { status: 'ready', progress: 100, step, finished_at: now() },
          now(),
          ACTIVE_STATUSES,
        ),
        'ready',
      );
      await deps.work.deletePrefix(jobWorkPrefix(jobId));
      return ready;
    },

    /**
     * The Catch target of every workflow: the job fails with its kind's words for the error (never
     * the error itself), and its work files go. A job that already ended is left as it is.
     */
    async fail<S extends z.ZodType, O extends object>(
      kind: JobKind<S, O>,
      jobId: string,
      failure: TaskFailure | undefined,
      /** The words to record, when the caller knows better than the kind (e.g. which step failed). */
      words?: string,
    ) {
      const job = await repo.get(jobId);
      if (!job || !isActive(job.status)) return { job, recorded: false };
      const read = readFailure(failure);
      logger.warn('job failed', { jobId, kind: job.kind, error: read.name, cause: read.message });
      const message =
        words ?? kind.failureMessage(job as JobRecord<O>, { ...read, timedOut: isTimeout(read.name) });
      const failed = await close(
        await repo.update(
          jobId,
          { status: 'failed', step: 'Failed', error_message: message, finished_at: now() },
          now(),
          ACTIVE_STATUSES,
        ),
        'failed',
      );
      await deps.work.deletePrefix(jobWorkPrefix(jobId));
      return { job: failed, recorded: Boolean(failed) };
    },

    /**
     * Everything of a book's jobs goes with the book: running executions are stopped, records and
     * work files deleted. Records go first so a step still running finds its job gone and stops.
     */
    async deleteForBook(bookId: string, cause: string): Promise<JobRecord[]> {
      const found = await repo.listForBook(bookId);
      await Promise.all(
        found
          .filter((job) => isActive(job.status) && job.execution_arn)
          .map((job) => deps.workflows.stop(job.execution_arn!, cause)),
      );
      await repo.deleteMany(found.map((job) => job.id));
      // A unit held by a job that never made its film goes back with it.
      await Promise.all(
        found
          .filter((job) => isActive(job.status) && job.usage?.state === 'held')
          .map((job) => deps.meter?.giveBack(job.owner_id, job.usage!.period)),
      );
      await Promise.all(found.map((job) => deps.work.deletePrefix(jobWorkPrefix(job.id))));
      return found;
    },
  };
  return jobs;
}

export type Jobs = ReturnType<typeof createJobs>;
