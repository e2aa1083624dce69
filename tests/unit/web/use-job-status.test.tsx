// @vitest-environment happy-dom
import { act, createElement, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  afterAnswer,
  afterFailure,
  exponentialBackoff,
  type JobSchedule,
} from '../../../web/src/lib/job-status';
import { useJobStatus, type JobEvents } from '../../../web/src/lib/use-job-status';

/** React's test mode: updates inside act() are applied before it returns. */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Job {
  status: 'queued' | 'running' | 'completed' | 'failed';
}

const schedule: JobSchedule<Job> = {
  delay: (job) => {
    if (!job) return 0;
    return job.status === 'completed' || job.status === 'failed' ? null : 1000;
  },
  maxChecks: 10,
  retries: 3,
  backoff: exponentialBackoff(1000, 30_000),
};

/** A server whose answers are given in order (the last one repeats); a thrown Error fails that check. */
function server(...answers: (Job | Error)[]) {
  const asked: number[] = [];
  const check = vi.fn(async () => {
    asked.push(Date.now());
    const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
    if (answer instanceof Error) throw answer;
    return answer;
  });
  return { check, asked };
}

type Hook = ReturnType<typeof useJobStatus<Job>>;

let root: Root;
let container: HTMLElement;
let hook: Hook;

function Follower(props: {
  jobKey: string | null;
  check: (key: string) => Promise<Job>;
  events: JobEvents<Job>;
  rules: JobSchedule<Job>;
}) {
  hook = useJobStatus(props.jobKey, props.check, props.rules, props.events);
  return null;
}

async function follow(
  check: (key: string) => Promise<Job>,
  events: JobEvents<Job> = {},
  rules: JobSchedule<Job> = schedule,
  key = '/jobs/1',
) {
  const element: ReactNode = createElement(
    SWRConfig,
    // A cache per test: no answer of one test is seen by the next.
    { value: { provider: () => new Map() } },
    createElement(Follower, { jobKey: key, check, events, rules }),
  );
  await act(async () => root.render(element));
}

const wait = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

beforeEach(() => {
  vi.useFakeTimers();
  container = document.createElement('div');
  root = createRoot(container);
});
afterEach(async () => {
  await act(async () => root.unmount());
  vi.useRealTimers();
});

describe('useJobStatus', () => {
  it('checks on the schedule while the job is queued or running, and stops on its end state', async () => {
    const { check } = server(
      { status: 'queued' },
      { status: 'running' },
      { status: 'running' },
      { status: 'completed' },
    );
    const onEnd = vi.fn();
    await follow(check, { onEnd });
    expect(check).toHaveBeenCalledTimes(1);
    expect(hook.phase).toBe('following');
    await wait(1000);
    expect(hook.data?.status).toBe('running');
    expect(hook.phase).toBe('following');
    await wait(2000);
    expect(hook.data?.status).toBe('completed');
    expect(hook.phase).toBe('ended');
    expect(onEnd).toHaveBeenCalledWith({ status: 'completed' }, true);
    const checks = check.mock.calls.length;
    await wait(10_000);
    expect(check).toHaveBeenCalledTimes(checks);
    expect(hook.data?.status).toBe('completed');
  });

  it('never treats a queued or running job as ended, however long it runs (it times out instead)', async () => {
    const { check } = server({ status: 'queued' }, { status: 'running' });
    const onEnd = vi.fn();
    const onTimeout = vi.fn();
    await follow(check, { onEnd, onTimeout });
    await wait(20_000);
    expect(onEnd).not.toHaveBeenCalled();
    expect(hook.phase).toBe('timeout');
    expect(onTimeout).toHaveBeenCalledTimes(1);
    expect(check).toHaveBeenCalledTimes(10);
  });

  it('says a job that had already ended when first checked was not followed to its end', async () => {
    const onEnd = vi.fn();
    await follow(server({ status: 'completed' }).check, { onEnd });
    expect(onEnd).toHaveBeenCalledWith({ status: 'completed' }, false);
  });

  it('backs off after failed checks, and goes on when a check answers again', async () => {
    const down = new Error('offline');
    const { check, asked } = server(
      { status: 'running' },
      down,
      down,
      down,
      { status: 'running' },
      { status: 'completed' },
    );
    const onCheckFailed = vi.fn();
    await follow(check, { onCheckFailed });
    await wait(1000 + 1000 + 2000 + 4000);
    expect(onCheckFailed.mock.calls.map((call) => call[1])).toEqual([1, 2, 3]);
    const gaps = asked.slice(1).map((t, i) => t - asked[i]!);
    expect(gaps).toEqual([1000, 1000, 2000, 4000]);
    expect(hook.failures).toBe(0);
    expect(hook.phase).toBe('following');
    await wait(1000);
    expect(hook.phase).toBe('ended');
  });

  it('reports the job lost after more failures in a row than the schedule retries', async () => {
    const { check } = server(new Error('offline'));
    const onLost = vi.fn();
    await follow(check, { onLost });
    await wait(1000 + 2000 + 4000 + 1);
    expect(hook.phase).toBe('lost');
    expect(onLost).toHaveBeenCalledTimes(1);
    expect(check).toHaveBeenCalledTimes(4);
    await wait(60_000);
    expect(check).toHaveBeenCalledTimes(4);
  });

  it('resumes a job that ended when it is restarted (a retry), and follows it to its new end', async () => {
    const { check } = server(
      { status: 'failed' },
      { status: 'queued' },
      { status: 'running' },
      { status: 'completed' },
    );
    const onEnd = vi.fn();
    await follow(check, { onEnd });
    expect(hook.phase).toBe('ended');
    await wait(5000);
    expect(check).toHaveBeenCalledTimes(1);
    await act(async () => hook.restart());
    expect(hook.phase).toBe('following');
    expect(hook.data?.status).toBe('queued');
    await wait(2000);
    expect(hook.phase).toBe('ended');
    expect(onEnd).toHaveBeenLastCalledWith({ status: 'completed' }, true);
  });

  it('waits before the first check when the schedule says so', async () => {
    const { check } = server({ status: 'running' });
    await follow(check, {}, { ...schedule, delay: (job) => (job ? 1000 : 2000) });
    await wait(1999);
    expect(check).not.toHaveBeenCalled();
    await wait(1);
    expect(check).toHaveBeenCalledTimes(1);
    await wait(1000);
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('stops checking when told to', async () => {
    const { check } = server({ status: 'running' });
    await follow(check);
    await act(async () => hook.stop());
    await wait(10_000);
    expect(check).toHaveBeenCalledTimes(1);
    expect(hook.phase).toBe('idle');
  });
});

describe('job schedule', () => {
  it('waits while running, ends on an end state, times out after its checks', () => {
    expect(afterAnswer(schedule, { status: 'running' }, 1)).toEqual({ action: 'wait', delayMs: 1000 });
    expect(afterAnswer(schedule, { status: 'failed' }, 1)).toEqual({ action: 'ended' });
    expect(afterAnswer(schedule, { status: 'running' }, 10)).toEqual({ action: 'timeout' });
    // An end state on the last check is still an end, not a timeout.
    expect(afterAnswer(schedule, { status: 'completed' }, 10)).toEqual({ action: 'ended' });
  });

  it('backs off min(base · 2^(n−1), cap) and gives up after its retries or on a fatal error', () => {
    expect([1, 2, 3, 4, 5, 6].map(exponentialBackoff(1000, 30_000))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000,
    ]);
    expect(afterFailure(schedule, new Error('x'), 3)).toEqual({ action: 'wait', delayMs: 4000 });
    expect(afterFailure(schedule, new Error('x'), 4)).toEqual({ action: 'lost' });
    const gone = { ...schedule, fatal: (e: unknown) => e instanceof RangeError };
    expect(afterFailure(gone, new RangeError('404'), 1)).toEqual({ action: 'lost' });
  });
});
