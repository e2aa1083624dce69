import type { UsageMeter } from '../lib/usage-meter';
import { isoNow, type Clock, type ObjectStore, type Table, type Workflows } from '../lib/ports';
import type { JobRecord } from './model';
import { createJobRepository, type JobRepository } from './repository';

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
  ended(kind: string, outcome: JobOutcome, durationMs: number): void;
}

export type JobOutcome = 'ready' | 'failed' | 'cancelled';

/** A job quiet for this long has its execution checked before it is trusted to be running. */
export const QUIET_MS = 2 * 60 * 1000;

/**
 * What every operation of the job system works with: its ports, the job records, and the settings
 * with their defaults filled in. Made once per job system (`jobContext`), passed to each operation.
 */
export interface JobContext {
  deps: JobDeps;
  repo: JobRepository;
  metrics: JobMetrics;
  quietMs: number;
  /** The clock's time as the records store it. */
  now(): string;
}

const noMetrics: JobMetrics = { started: () => {}, ended: () => {} };

export function jobContext(deps: JobDeps): JobContext {
  return {
    deps,
    repo: createJobRepository(deps.table),
    metrics: deps.metrics ?? noMetrics,
    quietMs: deps.quietMs ?? QUIET_MS,
    now: () => isoNow(deps.clock),
  };
}

/**
 * After the one write that ended a job (null when another write ended it first): its end is
 * reported once, and a metered job settles its unit — kept when it produced its film (`ready`),
 * given back when it ended without it.
 */
export async function closeJob<J extends JobRecord | null>(ctx: JobContext, job: J, outcome: JobOutcome) {
  if (!job) return job;
  const since = Date.parse(job.started_at ?? job.created_at);
  ctx.metrics.ended(job.kind, outcome, Math.max(0, ctx.deps.clock.now().getTime() - since));
  const usage = job.usage;
  if (!usage || usage.state !== 'held') return job;
  if (outcome !== 'ready') await ctx.deps.meter?.giveBack(job.owner_id, usage.period);
  const state = outcome === 'ready' ? 'kept' : 'returned';
  return ((await ctx.repo.update(job.id, { usage: { ...usage, state } }, ctx.now())) ?? job) as J;
}
