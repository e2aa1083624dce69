import { createElement, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import useSWR from 'swr';
import { afterAnswer, afterFailure, firstWait, type JobPhase, type JobSchedule } from './job-status';

export type { JobPhase, JobSchedule } from './job-status';
export { fixedBackoff } from './job-status';

export interface JobEvents<T> {
  /** Every answer, with the one before it (undefined for the first of a follow). */
  onAnswer?: (answer: T, previous: T | undefined) => void;
  /**
   * The job answered an end state. `followed` is true when it was seen queued or running first in
   * this follow: it ended while watched, not before the page asked (what a "completed" toast needs).
   */
  onEnd?: (answer: T, followed: boolean) => void;
  /** The schedule's checks ran out before an end state. */
  onTimeout?: (answer: T) => void;
  /** A failed check that will be retried (`failures` in a row so far). */
  onCheckFailed?: (error: unknown, failures: number) => void;
  /** The checks failed more often in a row than the schedule retries, or with a fatal error. */
  onLost?: (error: unknown) => void;
}

interface Run<T> {
  key: string | null;
  checks: number;
  failures: number;
  followed: boolean;
  /** False once the follow ended, timed out, was lost or stopped: a check already due asks nothing. */
  active: boolean;
  last: T | undefined;
}

const fresh = <T>(key: string | null, initial?: T): Run<T> => ({
  key,
  checks: 0,
  failures: 0,
  followed: false,
  active: key !== null,
  last: initial,
});

/**
 * Follows one job through SWR: its status is checked on the schedule's `refreshInterval` while it is
 * queued or running, failed checks are retried with the schedule's backoff, and the checks stop on
 * an end state, a timeout or a lost connection. `key` is the status path (null follows nothing); a
 * new key starts a new follow. `restart` follows the same job again (after a retry of it), optionally
 * with the answer that restarted it.
 */
export function useJobStatus<T>(
  key: string | null,
  check: (key: string) => Promise<T>,
  schedule: JobSchedule<T>,
  events: JobEvents<T> = {},
) {
  const handlers = useRef({ events, schedule, check });
  useEffect(() => {
    handlers.current = { events, schedule, check };
  });
  const run = useRef<Run<T>>(fresh(key));
  const [phase, setPhase] = useState<JobPhase>(key ? 'following' : 'idle');
  const [delayMs, setDelayMs] = useState(() => firstWait(schedule));
  const [failures, setFailures] = useState(0);
  const [followedKey, setFollowedKey] = useState(key);
  if (followedKey !== key) {
    // A new job: its own phase, from the first check on.
    setFollowedKey(key);
    setPhase(key ? 'following' : 'idle');
    setDelayMs(firstWait(schedule));
    setFailures(0);
  }
  // Its own count of checks and failures, in place before SWR's first check (a layout effect too).
  useLayoutEffect(() => {
    run.current = fresh(key);
  }, [key]);

  const onSuccess = useCallback(
    (answer: T) => {
      const current = run.current;
      if (current.key !== key || !current.active) return;
      current.checks += 1;
      current.failures = 0;
      setFailures(0);
      const previous = current.last;
      current.last = answer;
      const { events: on, schedule: rules } = handlers.current;
      on.onAnswer?.(answer, previous);
      const step = afterAnswer(rules, answer, current.checks);
      if (step.action === 'wait') {
        current.followed = true;
        setDelayMs(step.delayMs);
        return;
      }
      current.active = false;
      setDelayMs(0);
      setPhase(step.action);
      if (step.action === 'ended') on.onEnd?.(answer, current.followed);
      else on.onTimeout?.(answer);
    },
    [key],
  );

  const { data, error, mutate } = useSWR<T>(
    key && phase !== 'idle' ? [key, 'job-status'] : null,
    // A check due after the follow stopped (before React re-rendered without the interval) keeps
    // the last answer instead of asking again.
    ([path]: [string]) =>
      run.current.active || run.current.last === undefined
        ? handlers.current.check(path)
        : Promise.resolve(run.current.last),
    {
      refreshInterval: delayMs,
      // A schedule whose first check waits (a preview is not written at once) starts on the interval.
      revalidateOnMount: firstWait(schedule) === 0,
      // Every check asks the server: no reuse of the answer before (SWR's default 2 s deduping
      // would swallow checks made more often than that).
      dedupingInterval: 0,
      revalidateOnFocus: false,
      revalidateOnReconnect: false,
      keepPreviousData: false,
      onSuccess,
      onErrorRetry: (failure, _key, _config, revalidate, { retryCount }) => {
        const current = run.current;
        if (current.key !== key || !current.active) return;
        current.failures = retryCount;
        setFailures(retryCount);
        const { events: on, schedule: rules } = handlers.current;
        const step = afterFailure(rules, failure, retryCount);
        if (step.action !== 'wait') {
          current.active = false;
          setDelayMs(0);
          setPhase('lost');
          on.onLost?.(failure);
          return;
        }
        on.onCheckFailed?.(failure, retryCount);
        setTimeout(() => {
          if (run.current === current) void revalidate({ retryCount });
        }, step.delayMs);
      },
    },
  );

  /** Follows the job again from a new first check (its checks and failures counted anew). */
  const restart = useCallback(
    (initial?: T) => {
      run.current = fresh(key, initial);
      if (initial !== undefined && handlers.current.schedule.delay(initial, 0) !== null)
        run.current.followed = true;
      setFailures(0);
      setDelayMs(0);
      setPhase(key ? 'following' : 'idle');
      void mutate();
    },
    [key, mutate],
  );

  /** Stops checking (a cancel, or the page no longer needs the job). */
  const stop = useCallback(() => {
    run.current = fresh(null);
    setDelayMs(0);
    setPhase('idle');
  }, []);

  return { data, error: error as unknown, phase, failures, restart, stop };
}

/**
 * One job of a list the page follows (a hook cannot be called once per item): renders nothing and
 * follows its job with `useJobStatus`. The list renders one per job, keyed by the job's id.
 */
function JobStatusWatch<T>(props: {
  jobKey: string;
  check: (key: string) => Promise<T>;
  schedule: JobSchedule<T>;
  events: JobEvents<T>;
}): null {
  useJobStatus(props.jobKey, props.check, props.schedule, props.events);
  return null;
}

/**
 * Several jobs of one kind followed at once (a portrait per character, an audio file per scene):
 * `follow(id, events)` adds one (a job followed already is left as it is), `following` says which
 * run, and `watchers` — one `JobStatusWatch` per job — must be rendered by the page. A job leaves
 * the list when it ends, times out or is lost.
 */
export function useJobList<T>(check: (id: string) => Promise<T>, schedule: JobSchedule<T>) {
  const [jobs, setJobs] = useState<ReadonlyMap<string, JobEvents<T>>>(new Map());
  const follow = useCallback(
    (id: string, events: JobEvents<T>) =>
      setJobs((current) => (current.has(id) ? current : new Map(current).set(id, events))),
    [],
  );
  const leave = useCallback(
    (id: string) =>
      setJobs((current) => {
        const next = new Map(current);
        next.delete(id);
        return next;
      }),
    [],
  );
  const watchers = [...jobs].map(([id, events]) =>
    createElement(JobStatusWatch<T>, {
      key: id,
      jobKey: id,
      check,
      schedule,
      events: {
        ...events,
        onEnd: (answer, followed) => {
          leave(id);
          events.onEnd?.(answer, followed);
        },
        onTimeout: (answer) => {
          leave(id);
          events.onTimeout?.(answer);
        },
        onLost: (error) => {
          leave(id);
          events.onLost?.(error);
        },
      },
    }),
  );
  const following: ReadonlySet<string> = useMemo(() => new Set(jobs.keys()), [jobs]);
  return { follow, following, watchers };
}
