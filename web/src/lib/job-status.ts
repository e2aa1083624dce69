/**
 * The schedule a followed job is checked on, and what each answer or failed check leads to. Pure (no
 * React, no timers), so the unit tests run the rules directly; `useJobStatus` applies them.
 */

export interface JobSchedule<T> {
  /**
   * The wait before the next check after `answer`, or null when the answer is an end state; with no
   * answer yet (undefined), the wait before the first check (0: at once). A job that is queued or
   * running must answer a wait, never null.
   */
  delay: (answer: T | undefined, checks: number) => number | null;
  /** Checks made without an end before the job is reported as timed out (no limit when absent). */
  maxChecks?: number;
  /** Failed checks in a row that are retried; one more and the job is reported as lost. */
  retries: number;
  /** The wait before retry number `failures` (1 after the first failure in a row). */
  backoff: (failures: number) => number;
  /** A failure no retry can mend (the job is gone): lost at once. */
  fatal?: (error: unknown) => boolean;
}

/** idle: nothing followed; following: checks go on; ended: an end state answered; timeout / lost: given up. */
export type JobPhase = 'idle' | 'following' | 'ended' | 'timeout' | 'lost';

export type JobStep = { action: 'wait'; delayMs: number } | { action: 'ended' | 'timeout' | 'lost' };

/** After an answer, `checks` checks made so far (this one included). */
export function afterAnswer<T>(schedule: JobSchedule<T>, answer: T, checks: number): JobStep {
  const delayMs = schedule.delay(answer, checks);
  if (delayMs === null) return { action: 'ended' };
  if (schedule.maxChecks !== undefined && checks >= schedule.maxChecks) return { action: 'timeout' };
  return { action: 'wait', delayMs };
}

/** The wait before the first check of a follow (0: at once). */
export const firstWait = <T>(schedule: JobSchedule<T>): number => schedule.delay(undefined, 0) ?? 0;

/** After a failed check, the `failures`-th in a row. */
export function afterFailure<T>(schedule: JobSchedule<T>, error: unknown, failures: number): JobStep {
  if (schedule.fatal?.(error) || failures > schedule.retries) return { action: 'lost' };
  return { action: 'wait', delayMs: schedule.backoff(failures) };
}

/** min(base · 2^(n−1), cap): base, 2·base, 4·base… for the first, second, third failure in a row. */
export const exponentialBackoff =
  (baseMs: number, capMs: number) =>
  (failures: number): number =>
    Math.min(baseMs * 2 ** Math.max(0, failures - 1), capMs);

/** The same wait after every failure. */
export const fixedBackoff = (ms: number) => (): number => ms;

/** Model jobs (a quiz, a script, another take of a scene): every second at first, then every 3 s. */
export const MODEL_JOB_FAST_POLL_MS = 1000;
export const MODEL_JOB_FAST_CHECKS = 30;
export const MODEL_JOB_SLOW_POLL_MS = 3000;
/** About ten minutes of checks: a slow self-hosted model may take that long for a long chapter. */
export const MODEL_JOB_MAX_CHECKS = 210;

/**
 * A model job followed by `useJobStatus`: once a second for the first 30 checks (the offline engine
 * answers within seconds), then every 3 s, given up after about ten minutes; a failed check is tried
 * again on the same pace, and a job answered 404 or 403 no longer exists (fatal).
 */
export const MODEL_JOB_SCHEDULE: JobSchedule<{ status: 'processing' | 'ready' | 'failed' }> = {
  delay: (job, checks) =>
    job && job.status !== 'processing'
      ? null
      : checks < MODEL_JOB_FAST_CHECKS
        ? MODEL_JOB_FAST_POLL_MS
        : MODEL_JOB_SLOW_POLL_MS,
  maxChecks: MODEL_JOB_MAX_CHECKS,
  retries: 5,
  backoff: exponentialBackoff(MODEL_JOB_FAST_POLL_MS, 8000),
  fatal: (error) => {
    const status = (error as { status?: unknown } | null)?.status;
    return status === 404 || status === 403;
  },
};
