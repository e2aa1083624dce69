import { describe, expect, it } from 'vitest';
import { deferred, entered, execute, named } from './asl-run';

const end = { Type: 'Succeed' };

describe('ASL Choice', () => {
  const router = (choices: unknown[]) => ({
    StartAt: 'Route',
    States: {
      Route: { Type: 'Choice', Choices: choices, Default: 'Fallback' },
      Picked: { Type: 'Pass', Result: 'picked', End: true },
      Fallback: { Type: 'Pass', Result: 'default', End: true },
    },
  });
  const route = async (choices: unknown[], input: unknown) => {
    const result = await execute(router(choices), input).outcome;
    return result.status === 'SUCCEEDED' ? result.output : result;
  };

  it('takes the first rule that holds, else the Default', async () => {
    const choices = [
      { Variable: '$.start_at', StringEquals: 'images', Next: 'Picked' },
      { Variable: '$.start_at', StringEquals: 'video', Next: 'Fallback' },
    ];
    expect(await route(choices, { start_at: 'images' })).toBe('picked');
    expect(await route(choices, { start_at: 'audio' })).toBe('default');
  });

  it('compares booleans and numbers, asks for presence and combines rules', async () => {
    expect(await route([{ Variable: '$.ok', BooleanEquals: true, Next: 'Picked' }], { ok: true })).toBe(
      'picked',
    );
    expect(await route([{ Variable: '$.ok', BooleanEquals: true, Next: 'Picked' }], { ok: 'true' })).toBe(
      'default',
    );
    expect(await route([{ Variable: '$.n', NumericEquals: 3, Next: 'Picked' }], { n: 3 })).toBe('picked');
    expect(await route([{ Variable: '$.n', NumericGreaterThan: 3, Next: 'Picked' }], { n: 3 })).toBe(
      'default',
    );
    expect(await route([{ Variable: '$.n', NumericLessThanEquals: 3, Next: 'Picked' }], { n: 3 })).toBe(
      'picked',
    );
    expect(await route([{ Variable: '$.gone', IsPresent: false, Next: 'Picked' }], {})).toBe('picked');
    expect(await route([{ Variable: '$.gone', IsPresent: true, Next: 'Picked' }], {})).toBe('default');
    const both = {
      And: [
        { Variable: '$.kind', StringEquals: 'film' },
        { Not: { Variable: '$.free', BooleanEquals: true } },
      ],
      Next: 'Picked',
    };
    expect(await route([both], { kind: 'film', free: false })).toBe('picked');
    expect(await route([both], { kind: 'film', free: true })).toBe('default');
    const either = {
      Or: [
        { Variable: '$.a', IsPresent: true },
        { Variable: '$.b', NumericEquals: 1 },
      ],
      Next: 'Picked',
    };
    expect(await route([either], { b: 1 })).toBe('picked');
    expect(await route([either], { b: 2 })).toBe('default');
  });

  it('fails with States.NoChoiceMatched without a Default, and States.Runtime on a missing Variable', async () => {
    const noDefault = {
      StartAt: 'Route',
      States: {
        Route: { Type: 'Choice', Choices: [{ Variable: '$.x', StringEquals: 'a', Next: 'Done' }] },
        Done: end,
      },
    };
    await expect(execute(noDefault, { x: 'b' }).outcome).resolves.toMatchObject({
      status: 'FAILED',
      error: 'States.NoChoiceMatched',
    });
    await expect(execute(noDefault, {}).outcome).resolves.toMatchObject({
      status: 'FAILED',
      error: 'States.Runtime',
    });
  });
});

describe('ASL Map', () => {
  const mapOver = (fields: Record<string, unknown> = {}) => ({
    StartAt: 'Each',
    States: {
      Each: {
        Type: 'Map',
        ItemsPath: '$.scenes',
        ItemSelector: {
          'job_id.$': '$.job_id',
          'scene.$': '$$.Map.Item.Value',
          'index.$': '$$.Map.Item.Index',
        },
        ItemProcessor: {
          ProcessorConfig: { Mode: 'INLINE' },
          StartAt: 'Scene',
          States: { Scene: { Type: 'Task', Resource: 's', End: true } },
        },
        ResultPath: '$.results',
        End: true,
        ...fields,
      },
    },
  });

  it('gives each iteration its selected item and returns results in item order', async () => {
    const waits = [deferred(), deferred(), deferred()];
    const { outcome } = execute(
      mapOver(),
      { job_id: 'j', scenes: [10, 20, 30] },
      {
        Scene: async (input) => {
          const { scene, index } = input as { scene: number; index: number };
          await waits[index]!.promise;
          return { input, doubled: scene * 2 };
        },
      },
    );
    // Finish in reverse order: the output still follows the items.
    for (const wait of [...waits].reverse()) {
      wait.resolve(undefined);
      await new Promise((r) => setImmediate(r));
    }
    const result = await outcome;
    expect(result).toEqual({
      status: 'SUCCEEDED',
      output: {
        job_id: 'j',
        scenes: [10, 20, 30],
        results: [10, 20, 30].map((scene, index) => ({
          input: { job_id: 'j', scene, index },
          doubled: scene * 2,
        })),
      },
    });
  });

  it('runs at most MaxConcurrency iterations at once, and all at once with 0', async () => {
    const peak = async (maxConcurrency: number) => {
      let running = 0;
      let highest = 0;
      const { outcome } = execute(
        mapOver({ MaxConcurrency: maxConcurrency }),
        { job_id: 'j', scenes: [1, 2, 3, 4, 5, 6, 7] },
        {
          Scene: async () => {
            running++;
            highest = Math.max(highest, running);
            await new Promise((r) => setTimeout(r, 5));
            running--;
          },
        },
      );
      expect((await outcome).status).toBe('SUCCEEDED');
      return highest;
    };
    expect(await peak(2)).toBe(2);
    expect(await peak(1)).toBe(1);
    expect(await peak(0)).toBe(7);
  });

  it('iterates over the input itself with ItemsPath $ and no ItemSelector', async () => {
    const { outcome } = execute(
      {
        StartAt: 'Each',
        States: {
          Each: {
            Type: 'Map',
            ItemsPath: '$',
            ItemProcessor: {
              StartAt: 'Twice',
              States: { Twice: { Type: 'Task', Resource: 't', End: true } },
            },
            End: true,
          },
        },
      },
      [1, 2, 3],
      { Twice: async (n) => (n as number) * 2 },
    );
    await expect(outcome).resolves.toEqual({ status: 'SUCCEEDED', output: [2, 4, 6] });
  });

  it('fails when one iteration fails: no further iteration starts and the Map catches the error', async () => {
    const started: number[] = [];
    const definition = mapOver({
      MaxConcurrency: 1,
      Catch: [{ ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: 'Recorded' }],
      End: undefined,
      Next: 'Done',
    });
    Object.assign(definition.States, { Recorded: { Type: 'Pass', End: true }, Done: end });
    const { outcome, events } = execute(
      definition,
      { job_id: 'j', scenes: [0, 1, 2, 3] },
      {
        Scene: async (input) => {
          const { scene } = input as { scene: number };
          started.push(scene);
          if (scene === 1) throw named('RenderError', 'scene 1 has no picture');
        },
      },
    );
    const result = await outcome;
    expect(started).toEqual([0, 1]);
    expect(result).toEqual({
      status: 'SUCCEEDED',
      output: {
        job_id: 'j',
        scenes: [0, 1, 2, 3],
        error: { Error: 'RenderError', Cause: 'scene 1 has no picture' },
      },
    });
    expect(entered(events)).toEqual(['Each', 'Scene', 'Scene', 'Recorded']);
    const iterations = events.filter((e) => e.type.startsWith('MapIteration'));
    expect(iterations.map((e) => [e.type, (e.localEventDetails as { index: number }).index])).toEqual([
      ['MapIterationStarted', 0],
      ['MapIterationSucceeded', 0],
      ['MapIterationStarted', 1],
      ['MapIterationFailed', 1],
    ]);
  });

  it('returns [] for no items, and lets a runtime error in an iteration fail the execution past its Catch', async () => {
    const empty = execute(mapOver(), { job_id: 'j', scenes: [] }, { Scene: async () => 'never' });
    await expect(empty.outcome).resolves.toEqual({
      status: 'SUCCEEDED',
      output: { job_id: 'j', scenes: [], results: [] },
    });
    const definition = mapOver({
      ItemSelector: { 'missing.$': '$.not_there' },
      Catch: [{ ErrorEquals: ['States.ALL'], Next: 'Recorded' }],
      End: undefined,
      Next: 'Recorded',
    });
    Object.assign(definition.States, { Recorded: { Type: 'Pass', End: true } });
    const broken = execute(definition, { scenes: [1] }, { Scene: async () => 'never' });
    await expect(broken.outcome).resolves.toMatchObject({ status: 'FAILED', error: 'States.Runtime' });
    expect(entered(broken.events)).toEqual(['Each']);
  });

  it('stops sibling iterations from starting new states once one fails', async () => {
    const slow = deferred();
    const entries: string[] = [];
    const { outcome, events } = execute(
      {
        StartAt: 'Each',
        States: {
          Each: {
            Type: 'Map',
            ItemsPath: '$',
            ItemProcessor: {
              StartAt: 'First',
              States: {
                First: { Type: 'Task', Resource: 'f', Next: 'Second' },
                Second: { Type: 'Task', Resource: 's', End: true },
              },
            },
            End: true,
          },
        },
      },
      ['slow', 'bad'],
      {
        First: async (item) => {
          entries.push(`first ${String(item)}`);
          if (item === 'bad') throw named('Broken');
          await slow.promise;
          return item;
        },
        Second: async (item) => entries.push(`second ${String(item)}`),
      },
    );
    await expect(outcome).resolves.toMatchObject({ status: 'FAILED', error: 'Broken' });
    slow.resolve(undefined);
    await new Promise((r) => setTimeout(r, 10));
    // The slow handler ran to its end (a Lambda is not cancelled), but nothing started after it.
    expect(entries).toEqual(['first slow', 'first bad']);
    expect(entered(events)).not.toContain('Second');
  });
});

describe('ASL Parallel', () => {
  const parallel = (catchTo?: string) => ({
    StartAt: 'Both',
    States: {
      Both: {
        Type: 'Parallel',
        Branches: [
          { StartAt: 'Left', States: { Left: { Type: 'Task', Resource: 'l', End: true } } },
          { StartAt: 'Right', States: { Right: { Type: 'Task', Resource: 'r', End: true } } },
        ],
        ResultPath: '$.both',
        ...(catchTo
          ? { Catch: [{ ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: catchTo }], Next: 'Done' }
          : { End: true }),
      },
      ...(catchTo ? { [catchTo]: { Type: 'Pass', End: true }, Done: end } : {}),
    },
  });

  it('runs the branches at once on the same input; the output is their outputs in order', async () => {
    const left = deferred();
    let rightStarted = false;
    const { outcome } = execute(
      parallel(),
      { id: 1 },
      {
        Left: async (input) => {
          await left.promise;
          return { left: input };
        },
        Right: async (input) => {
          rightStarted = true;
          return { right: input };
        },
      },
    );
    await new Promise((r) => setImmediate(r));
    expect(rightStarted).toBe(true);
    left.resolve(undefined);
    await expect(outcome).resolves.toEqual({
      status: 'SUCCEEDED',
      output: { id: 1, both: [{ left: { id: 1 } }, { right: { id: 1 } }] },
    });
  });

  it('fails when a branch fails, and its Catch sees the branch error', async () => {
    const { outcome, events } = execute(
      parallel('Recorded'),
      { id: 1 },
      {
        Left: async () => 'fine',
        Right: async () => {
          throw named('DrawError', 'no pictures');
        },
      },
    );
    await expect(outcome).resolves.toEqual({
      status: 'SUCCEEDED',
      output: { id: 1, error: { Error: 'DrawError', Cause: 'no pictures' } },
    });
    expect(events.map((e) => e.type)).toContain('ParallelBranchFailed');
    expect(events.map((e) => e.type)).toContain('ParallelStateFailed');
  });
});

describe('ASL Wait, Succeed and Fail', () => {
  it('waits its Seconds, succeeds with its input, and a Fail state fails with its Error and Cause', async () => {
    const waited = execute(
      {
        StartAt: 'Pause',
        States: { Pause: { Type: 'Wait', Seconds: 3, Next: 'Done' }, Done: { Type: 'Succeed' } },
      },
      { kept: true },
    );
    await expect(waited.outcome).resolves.toEqual({ status: 'SUCCEEDED', output: { kept: true } });
    expect(waited.sleeps).toEqual([3000]);

    const failed = execute(
      {
        StartAt: 'Stop',
        States: { Stop: { Type: 'Fail', Error: 'BookProcessingFailed', Cause: 'See the book record' } },
      },
      {},
    );
    await expect(failed.outcome).resolves.toEqual({
      status: 'FAILED',
      error: 'BookProcessingFailed',
      cause: 'See the book record',
    });
    expect(failed.events.map((e) => e.type)).toEqual([
      'ExecutionStarted',
      'FailStateEntered',
      'ExecutionFailed',
    ]);
    expect(failed.events.at(-1)).toEqual({
      type: 'ExecutionFailed',
      executionFailedEventDetails: { error: 'BookProcessingFailed', cause: 'See the book record' },
    });
  });
});
