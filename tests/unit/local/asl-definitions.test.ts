import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allStates } from '../../../functions/lib/workflows';
import { workflows } from '../../../functions/workflows';
import { checkDefinition } from '../../../infra/local/asl/validate';
import { oneTask } from './asl-run';

const refusal = (definition: unknown, handlers: string[] = ['Work']) => {
  try {
    checkDefinition(definition, new Set(handlers));
  } catch (error) {
    expect((error as Error).name).toBe('UnsupportedDefinitionError');
    return (error as Error).message;
  }
  throw new Error('The definition was accepted');
};

const inMap = (inner: Record<string, unknown>) => ({
  StartAt: 'Each',
  States: {
    Each: {
      Type: 'Map',
      ItemsPath: '$.items',
      ItemProcessor: { StartAt: 'Inner', States: { Inner: { Type: 'Pass', End: true, ...inner } } },
      End: true,
    },
  },
});

describe('ASL definitions the local runtime refuses when they are registered', () => {
  it('names the state and the field it does not support', () => {
    expect(refusal(oneTask({ HeartbeatSeconds: 60 }))).toBe(
      'state "Work": field "HeartbeatSeconds" is not supported by the local runtime',
    );
    expect(refusal(inMap({ Type: 'Wait', Timestamp: '2026-01-01T00:00:00Z', Seconds: undefined }))).toContain(
      'state "Each > Inner": field "Timestamp" is not supported',
    );
    expect(refusal(oneTask({ Retry: [{ ErrorEquals: ['X'], MaxAttemptz: 2 }] }))).toContain(
      'state "Work": field "Retry[0].MaxAttemptz" is not supported',
    );
  });

  it('refuses state types, Choice operators and Map modes outside the subset', () => {
    expect(refusal({ StartAt: 'A', States: { A: { Type: 'Activity', End: true } } })).toBe(
      'state "A": Type "Activity" is not supported by the local runtime',
    );
    const choice = {
      StartAt: 'Route',
      States: {
        Route: { Type: 'Choice', Choices: [{ Variable: '$.name', StringMatches: 'a*', Next: 'Done' }] },
        Done: { Type: 'Succeed' },
      },
    };
    expect(refusal(choice)).toContain('state "Route": field "Choices[0].StringMatches" is not supported');
    const distributed = inMap({});
    Object.assign(distributed.States.Each.ItemProcessor, { ProcessorConfig: { Mode: 'DISTRIBUTED' } });
    expect(refusal(distributed)).toContain('state "Each": field "ItemProcessor.ProcessorConfig.Mode"');
    const reader = inMap({});
    Object.assign(reader.States.Each, { ItemReader: { Resource: 'arn:aws:states:::s3:getObject' } });
    expect(refusal(reader)).toContain('state "Each": field "ItemReader" is not supported');
    expect(refusal({ ...oneTask(), QueryLanguage: 'JSONata' })).toContain(
      'the machine: field "QueryLanguage" is not supported',
    );
  });

  it('refuses paths the interpreter cannot read and intrinsic functions', () => {
    expect(refusal(oneTask({ Parameters: { 'all.$': '$.items[*]' } }))).toContain(
      'state "Work": field "Parameters.all.$"',
    );
    expect(refusal(oneTask({ Parameters: { 'text.$': "States.Format('{}', $.a)" } }))).toContain(
      'intrinsic functions are not supported',
    );
    expect(refusal(oneTask({ Parameters: { 'item.$': '$$.Map.Item.Value' } }))).toContain(
      "$$.Map is only available in a Map state's ItemSelector",
    );
    expect(refusal(oneTask({ Parameters: { 'token.$': '$$.Task.Token' } }))).toContain(
      'the context object has no "Task"',
    );
    expect(refusal(oneTask({ ResultPath: '$$.Execution.Name' }))).toContain('field "ResultPath"');
    expect(refusal(oneTask({ ResultPath: '$.list[0]' }))).toContain('a ResultPath can only name fields');
  });

  it('refuses broken transitions, misplaced States.ALL, duplicate names and unbound tasks', () => {
    expect(refusal(oneTask({ End: undefined, Next: 'Nowhere' }))).toContain(
      'state "Work": Next "Nowhere" is not a state of the same scope',
    );
    expect(refusal(oneTask({ Next: 'Work' }))).toContain('exactly one of Next and End');
    expect(refusal({ StartAt: 'Missing', States: { A: { Type: 'Succeed' } } })).toContain(
      'the machine: StartAt "Missing"',
    );
    expect(
      refusal(
        oneTask({ Retry: [{ ErrorEquals: ['States.ALL'] }, { ErrorEquals: ['ThrottlingException'] }] }),
      ),
    ).toContain('Retry: States.ALL must be alone, in the last entry');
    expect(refusal(oneTask(), [])).toContain('state "Work": no task handler is bound to it');
    const map = inMap({}).States.Each;
    const twice = {
      StartAt: 'Each',
      States: { Each: { ...map, End: undefined, Next: 'Inner' }, Inner: { Type: 'Succeed' } },
    };
    expect(refusal(twice)).toContain('state "Inner": the name is used by another state');
  });

  it('accepts the common neighbours of the subset', () => {
    const definition = {
      Comment: 'neighbours',
      StartAt: 'Shape',
      TimeoutSeconds: 60,
      States: {
        Shape: {
          Type: 'Pass',
          InputPath: '$.job',
          OutputPath: '$',
          Result: { a: 1 },
          ResultPath: '$.r',
          Next: 'Pause',
        },
        Pause: { Type: 'Wait', Seconds: 1, Next: 'Route' },
        Route: {
          Type: 'Choice',
          Choices: [
            {
              And: [
                { Variable: '$.a', IsPresent: true },
                { Variable: '$.b', NumericEquals: 1 },
              ],
              Next: 'Work',
            },
            { Not: { Variable: '$.c', BooleanEquals: false }, Next: 'Work' },
            { Or: [{ Variable: '$.d', StringEquals: 'x' }], Next: 'Work' },
          ],
          Default: 'Work',
        },
        Work: { Type: 'Task', Resource: 'w', ResultSelector: { 'v.$': '$.value' }, End: true },
      },
    };
    expect(() => checkDefinition(definition, new Set(['Work']))).not.toThrow();
  });
});

describe('the project state machines', () => {
  const dir = join(__dirname, '../../../statemachines');
  const files = readdirSync(dir).filter((file) => file.endsWith('.asl.json'));

  it('are all in the workflow table', () => {
    expect(files.length).toBeGreaterThan(0);
    expect(files.sort()).toEqual(
      Object.values(workflows)
        .map((w) => `${w.file}.asl.json`)
        .sort(),
    );
  });

  it.each(files)('%s registers, with every Task state bound to its worker', (file) => {
    const definition = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { States: Record<string, never> };
    const workflow = Object.values(workflows).find((w) => `${w.file}.asl.json` === file)!;
    expect(() => checkDefinition(definition, new Set(Object.keys(workflow.tasks)))).not.toThrow();
    const tasks = [...allStates(definition.States)].filter(
      ([, state]) => (state as { Type: string }).Type === 'Task',
    );
    expect(tasks.length).toBeGreaterThan(0);
  });
});
