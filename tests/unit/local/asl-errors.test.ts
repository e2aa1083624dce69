import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, entered, execute, named, oneTask } from './asl-run';

const TRANSIENT = {
  ErrorEquals: ['ThrottlingException', 'ServiceUnavailable'],
  IntervalSeconds: 2,
  MaxAttempts: 3,
  BackoffRate: 2,
};

/** A handler that throws the given errors in turn, then answers `done`. */
function failing(...errors: Error[]) {
  const handler = async () => {
    handler.calls++;
    const error = errors.shift();
    if (error) throw error;
    return 'done';
  };
  handler.calls = 0;
  return handler;
}

describe('ASL Retry', () => {
  it('retries a matching error with the interval times BackoffRate per attempt', async () => {
    const work = failing(named('ThrottlingException'), named('ServiceUnavailable'));
    const { outcome, sleeps, events } = execute(oneTask({ Retry: [TRANSIENT] }), {}, { Work: work });
    await expect(outcome).resolves.toEqual({ status: 'SUCCEEDED', output: 'done' });
    expect(work.calls).toBe(3);
    expect(sleeps).toEqual([2000, 4000]);
    expect(events.filter((e) => e.type === 'TaskFailed')).toHaveLength(2);
    expect(events.filter((e) => e.type === 'StateRetried')).toHaveLength(2);
  });

  it('gives up after MaxAttempts retries and then the Catch decides', async () => {
    const work = failing(...Array.from({ length: 5 }, () => named('ThrottlingException', 'slow down')));
    const { outcome, sleeps } = execute(
      {
        StartAt: 'Work',
        States: {
          Work: {
            Type: 'Task',
            Resource: 'w',
            Retry: [TRANSIENT],
            Catch: [{ ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: 'Recorded' }],
            End: true,
          },
          Recorded: { Type: 'Pass', End: true },
        },
      },
      { job_id: 'j' },
      { Work: work },
    );
    await expect(outcome).resolves.toEqual({
      status: 'SUCCEEDED',
      output: { job_id: 'j', error: { Error: 'ThrottlingException', Cause: 'slow down' } },
    });
    expect(work.calls).toBe(4);
    expect(sleeps).toEqual([2000, 4000, 8000]);
  });

  it('draws FULL jitter in [0, interval] and caps the interval at MaxDelaySeconds', async () => {
    const jittered = execute(
      oneTask({ Retry: [{ ...TRANSIENT, JitterStrategy: 'FULL' }] }),
      {},
      { Work: failing(named('ThrottlingException'), named('ThrottlingException')) },
      { random: () => 0.25 },
    );
    await jittered.outcome;
    expect(jittered.sleeps).toEqual([500, 1000]);

    const capped = execute(
      oneTask({ Retry: [{ ...TRANSIENT, IntervalSeconds: 3, MaxDelaySeconds: 5 }] }),
      {},
      {
        Work: failing(
          named('ThrottlingException'),
          named('ThrottlingException'),
          named('ThrottlingException'),
        ),
      },
    );
    await capped.outcome;
    expect(capped.sleeps).toEqual([3000, 5000, 5000]);
  });

  it('does not retry an error no retrier names; the first matching retrier decides alone', async () => {
    const unnamed = failing(named('ValidationError'));
    const once = execute(oneTask({ Retry: [TRANSIENT] }), {}, { Work: unnamed });
    await expect(once.outcome).resolves.toMatchObject({ status: 'FAILED', error: 'ValidationError' });
    expect(unnamed.calls).toBe(1);

    const work = failing(named('ThrottlingException'), named('ThrottlingException'));
    const first = execute(
      oneTask({
        Retry: [{ ErrorEquals: ['ThrottlingException'], MaxAttempts: 0 }, { ErrorEquals: ['States.ALL'] }],
      }),
      {},
      { Work: work },
    );
    await expect(first.outcome).resolves.toMatchObject({ status: 'FAILED', error: 'ThrottlingException' });
    expect(work.calls).toBe(1);
  });

  it("names the error by the thrown error's errorType, else its name", async () => {
    const typed = Object.assign(new Error('busy'), { errorType: 'ThrottlingException' });
    const work = failing(typed);
    const { outcome } = execute(oneTask({ Retry: [TRANSIENT] }), {}, { Work: work });
    await expect(outcome).resolves.toEqual({ status: 'SUCCEEDED', output: 'done' });
    expect(work.calls).toBe(2);
  });
});

describe('ASL Catch', () => {
  const guarded = (errorEquals: string[], resultPath?: string) => ({
    StartAt: 'Work',
    States: {
      Work: {
        Type: 'Task',
        Resource: 'w',
        Catch: [
          { ErrorEquals: errorEquals, Next: 'Recorded', ...(resultPath ? { ResultPath: resultPath } : {}) },
        ],
        Next: 'Done',
      },
      Recorded: { Type: 'Pass', End: true },
      Done: { Type: 'Succeed' },
    },
  });

  it('puts { Error, Cause } at its ResultPath, or in place of the input without one', async () => {
    const thrower = { Work: async () => Promise.reject(named('QuotaExceeded', 'no units left')) };
    const merged = await execute(guarded(['QuotaExceeded'], '$.error'), { job_id: 'j' }, thrower).outcome;
    expect(merged).toEqual({
      status: 'SUCCEEDED',
      output: { job_id: 'j', error: { Error: 'QuotaExceeded', Cause: 'no units left' } },
    });
    const replaced = await execute(guarded(['States.ALL']), { job_id: 'j' }, thrower).outcome;
    expect(replaced).toEqual({
      status: 'SUCCEEDED',
      output: { Error: 'QuotaExceeded', Cause: 'no units left' },
    });
  });

  it('lets an error no catcher names fail the execution', async () => {
    const { outcome, events } = execute(
      guarded(['OtherError']),
      {},
      {
        Work: async () => Promise.reject(named('QuotaExceeded', 'no units left')),
      },
    );
    await expect(outcome).resolves.toEqual({
      status: 'FAILED',
      error: 'QuotaExceeded',
      cause: 'no units left',
    });
    expect(entered(events)).toEqual(['Work']);
    expect(events.find((e) => e.type === 'TaskFailed')).toEqual({
      type: 'TaskFailed',
      taskFailedEventDetails: {
        resourceType: 'lambda',
        resource: 'Work',
        error: 'QuotaExceeded',
        cause: 'no units left',
      },
    });
  });
});

describe('ASL timeouts and stops', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fails a Task that runs past its TimeoutSeconds with States.Timeout, not matched by States.TaskFailed', async () => {
    vi.useFakeTimers();
    const never = deferred();
    let finished = false;
    const { outcome } = execute(
      {
        StartAt: 'Work',
        States: {
          Work: {
            Type: 'Task',
            Resource: 'w',
            TimeoutSeconds: 5,
            Catch: [
              { ErrorEquals: ['States.TaskFailed'], Next: 'Wrong' },
              { ErrorEquals: ['States.Timeout'], ResultPath: '$.error', Next: 'TimedOut' },
            ],
            End: true,
          },
          Wrong: { Type: 'Pass', End: true },
          TimedOut: { Type: 'Pass', End: true },
        },
      },
      {},
      {
        Work: async () => {
          await never.promise;
          finished = true;
        },
      },
    );
    await vi.advanceTimersByTimeAsync(4999);
    let settled = false;
    void outcome.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const result = await outcome;
    expect(result).toMatchObject({ status: 'SUCCEEDED', output: { error: { Error: 'States.Timeout' } } });
    // The handler is not cancelled: it runs on, as a Lambda does after its state timed out.
    never.resolve(undefined);
    await vi.advanceTimersByTimeAsync(0);
    expect(finished).toBe(true);
  });

  it('times the execution out after its TimeoutSeconds: TIMED_OUT, and no state starts after', async () => {
    vi.useFakeTimers();
    const slow = deferred();
    const { outcome, events } = execute(
      {
        StartAt: 'Work',
        TimeoutSeconds: 10,
        States: {
          Work: { Type: 'Task', Resource: 'w', Next: 'After' },
          After: { Type: 'Task', Resource: 'a', End: true },
        },
      },
      {},
      { Work: () => slow.promise, After: async () => 'after' },
    );
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(outcome).resolves.toMatchObject({ status: 'TIMED_OUT', error: 'States.Timeout' });
    slow.resolve('late');
    await vi.advanceTimersByTimeAsync(0);
    expect(entered(events)).toEqual(['Work']);
    expect(events.at(-1)?.type).toBe('ExecutionTimedOut');
  });

  it('stops: the running handler runs on, no new state starts, the outcome is ABORTED', async () => {
    const first = deferred();
    let firstDone = false;
    const { run, events } = execute(
      {
        StartAt: 'Work',
        States: {
          Work: { Type: 'Task', Resource: 'w', Next: 'After' },
          After: { Type: 'Task', Resource: 'a', End: true },
        },
      },
      {},
      {
        Work: async () => {
          await first.promise;
          firstDone = true;
        },
        After: async () => 'after',
      },
    );
    await new Promise((r) => setImmediate(r));
    run.stop();
    await expect(run.outcome).resolves.toEqual({ status: 'ABORTED' });
    first.resolve(undefined);
    await new Promise((r) => setImmediate(r));
    expect(firstDone).toBe(true);
    expect(entered(events)).toEqual(['Work']);
    expect(events.at(-1)).toEqual({ type: 'ExecutionAborted' });
  });

  it('stops during a retry wait without another try', async () => {
    const work = failing(named('ThrottlingException'), named('ThrottlingException'));
    let stop = () => {};
    const { run } = execute(
      oneTask({ Retry: [TRANSIENT] }),
      {},
      { Work: work },
      {
        sleep: async () => stop(),
      },
    );
    stop = run.stop;
    await expect(run.outcome).resolves.toEqual({ status: 'ABORTED' });
    expect(work.calls).toBe(1);
  });
});
