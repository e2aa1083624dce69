import { describe, expect, it } from 'vitest';
import { lookUp, parsePath, placeResult } from '../../../infra/local/asl/paths';
import { CONTEXT, entered, execute, oneTask } from './asl-run';

describe('ASL paths', () => {
  const input = { a: { b: 'deep' }, list: [{ id: 'first' }, { id: 'second' }], zero: 0, nil: null };

  it('reads $, fields, array indexes and the context object', () => {
    expect(lookUp(parsePath('$'), input, CONTEXT)).toBe(input);
    expect(lookUp(parsePath('$.a.b'), input, CONTEXT)).toBe('deep');
    expect(lookUp(parsePath('$.list[1].id'), input, CONTEXT)).toBe('second');
    expect(lookUp(parsePath('$.zero'), input, CONTEXT)).toBe(0);
    expect(lookUp(parsePath('$.nil'), input, CONTEXT)).toBeNull();
    expect(lookUp(parsePath('$$.Execution.Name'), input, CONTEXT)).toBe('run-1');
    expect(lookUp(parsePath('$$.Execution.Input.from'), input, CONTEXT)).toBe('start');
  });

  it('tells a missing value from a present one', () => {
    expect(lookUp(parsePath('$.a.c'), input, CONTEXT)).toBeUndefined();
    expect(lookUp(parsePath('$.list[2]'), input, CONTEXT)).toBeUndefined();
    expect(lookUp(parsePath('$.a[0]'), input, CONTEXT)).toBeUndefined();
    expect(lookUp(parsePath('$.list.id'), input, CONTEXT)).toBeUndefined();
  });

  it('refuses JSONPath beyond the subset', () => {
    for (const path of ['$.list[*]', '$..id', '$.list[?(@.id)]', 'a.b', '$.list[0:1]', "$['a']"]) {
      expect(() => parsePath(path), path).toThrow();
    }
  });

  it('places a result: null keeps the input, $ replaces it, $.a.b sets it in a copy', () => {
    const original = { keep: 1, a: { other: true } };
    expect(placeResult(original, 'r', null)).toBe(original);
    expect(placeResult(original, 'r', '$')).toBe('r');
    const placed = placeResult(original, 'r', '$.a.b');
    expect(placed).toEqual({ keep: 1, a: { other: true, b: 'r' } });
    expect(original).toEqual({ keep: 1, a: { other: true } });
    expect(placeResult({}, 'r', '$.x.y.z')).toEqual({ x: { y: { z: 'r' } } });
    expect(() => placeResult({ a: 'text' }, 'r', '$.a.b')).toThrow(/ResultPathMatchFailure/);
    expect(() => placeResult(['list'], 'r', '$.a')).toThrow(/ResultPathMatchFailure/);
  });
});

describe('ASL input and output processing', () => {
  it('fills Parameters from the input and the context, nested and static values kept', async () => {
    const calls: unknown[] = [];
    const { outcome } = execute(
      oneTask({
        Parameters: {
          'job.$': '$.job_id',
          'execution.$': '$$.Execution.Name',
          'id.$': '$$.Execution.Id',
          'state.$': '$$.State.Name',
          fixed: 'value',
          nested: { 'first.$': '$.items[0]', list: [1, { 'second.$': '$.items[1]' }] },
        },
        ResultPath: null,
      }),
      { job_id: 'j1', items: ['x', 'y'] },
      { Work: async (payload) => calls.push(payload) },
    );
    await expect(outcome).resolves.toEqual({
      status: 'SUCCEEDED',
      output: { job_id: 'j1', items: ['x', 'y'] },
    });
    expect(calls).toEqual([
      {
        job: 'j1',
        execution: 'run-1',
        id: CONTEXT.Execution.Id,
        state: 'Work',
        fixed: 'value',
        nested: { first: 'x', list: [1, { second: 'y' }] },
      },
    ]);
  });

  it('fails the execution with States.Runtime on a missing Parameters path: no retry, no catch', async () => {
    let calls = 0;
    const { outcome, events } = execute(
      {
        StartAt: 'Work',
        States: {
          Work: {
            Type: 'Task',
            Resource: 'w',
            Parameters: { 'job.$': '$.job_id' },
            Retry: [{ ErrorEquals: ['States.ALL'], MaxAttempts: 3 }],
            Catch: [{ ErrorEquals: ['States.ALL'], Next: 'Recover' }],
            End: true,
          },
          Recover: { Type: 'Task', Resource: 'r', End: true },
        },
      },
      { book_id: 'b1' },
      { Work: async () => calls++, Recover: async () => calls++ },
    );
    const result = await outcome;
    expect(result).toMatchObject({ status: 'FAILED', error: 'States.Runtime' });
    expect((result as { cause: string }).cause).toContain("'$.job_id'");
    expect(calls).toBe(0);
    expect(entered(events)).toEqual(['Work']);
    expect(events.map((e) => e.type)).toEqual([
      'ExecutionStarted',
      'TaskStateEntered',
      'TaskFailed',
      'ExecutionFailed',
    ]);
  });

  it('merges a result at ResultPath into a copy of the input, and ResultPath null discards it', async () => {
    const seen: unknown[] = [];
    const definition = {
      StartAt: 'Plan',
      States: {
        Plan: { Type: 'Task', Resource: 'p', ResultPath: '$.plan', Next: 'Notify' },
        Notify: { Type: 'Task', Resource: 'n', ResultPath: null, End: true },
      },
    };
    const { outcome } = execute(
      definition,
      { job_id: 'j' },
      {
        Plan: async () => ({ scenes: [1, 2] }),
        Notify: async (input) => {
          seen.push(input);
          return { ignored: true };
        },
      },
    );
    const expected = { job_id: 'j', plan: { scenes: [1, 2] } };
    await expect(outcome).resolves.toEqual({ status: 'SUCCEEDED', output: expected });
    expect(seen).toEqual([expected]);
  });

  it('applies InputPath, ResultSelector and OutputPath in order; a null InputPath gives {}', async () => {
    const calls: unknown[] = [];
    const { outcome } = execute(
      {
        StartAt: 'Work',
        States: {
          Work: {
            Type: 'Task',
            Resource: 'w',
            InputPath: '$.job',
            ResultSelector: { 'size.$': '$.bytes', unit: 'B' },
            ResultPath: '$.file',
            OutputPath: '$.file',
            Next: 'Blank',
          },
          Blank: { Type: 'Task', Resource: 'b', InputPath: null, ResultPath: '$.seen', End: true },
        },
      },
      { job: { id: 7 }, other: true },
      {
        Work: async (input) => {
          calls.push(input);
          return { bytes: 10, noise: 'x' };
        },
        Blank: async (input) => {
          calls.push(input);
          return 'ok';
        },
      },
    );
    await expect(outcome).resolves.toEqual({
      status: 'SUCCEEDED',
      output: { size: 10, unit: 'B', seen: 'ok' },
    });
    expect(calls).toEqual([{ id: 7 }, {}]);
  });

  it('gives a Pass state its Result or Parameters, and passes its input on without them', async () => {
    const { outcome, events } = execute(
      {
        StartAt: 'Same',
        States: {
          Same: { Type: 'Pass', Next: 'Shape' },
          Shape: {
            Type: 'Pass',
            Parameters: { 'id.$': '$.id', step: 'extract' },
            ResultPath: '$.shaped',
            Next: 'Fixed',
          },
          Fixed: { Type: 'Pass', Result: { answer: 42 }, ResultPath: '$.fixed', End: true },
        },
      },
      { id: 'a' },
    );
    await expect(outcome).resolves.toEqual({
      status: 'SUCCEEDED',
      output: { id: 'a', shaped: { id: 'a', step: 'extract' }, fixed: { answer: 42 } },
    });
    expect(entered(events)).toEqual(['Same', 'Shape', 'Fixed']);
    expect(events[1]).toEqual({
      type: 'PassStateEntered',
      stateEnteredEventDetails: { name: 'Same', input: '{"id":"a"}' },
    });
  });
});
