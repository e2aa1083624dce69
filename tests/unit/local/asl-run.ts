import {
  startRun,
  type HistoryEventBody,
  type RunOptions,
  type TaskHandler,
} from '../../../infra/local/asl/interpreter';
import { checkDefinition } from '../../../infra/local/asl/validate';

export const CONTEXT: RunOptions['context'] = {
  Execution: {
    Id: 'arn:aws:states:us-east-1:000000000000:execution:test:run-1',
    Name: 'run-1',
    Input: { from: 'start' },
    StartTime: '2026-11-28T07:00:00.000Z',
    RoleArn: 'arn:aws:iam::000000000000:role/local',
  },
  StateMachine: { Id: 'arn:aws:states:us-east-1:000000000000:stateMachine:test', Name: 'test' },
};

/**
 * Checks and starts a definition as the local Step Functions does, with the waits between retries
 * and of Wait states recorded instead of slept (task and execution timeouts use the real timers,
 * which a test fakes when it needs them).
 */
export function execute(
  definition: unknown,
  input: unknown,
  handlers: Record<string, TaskHandler> = {},
  options: Partial<RunOptions> = {},
) {
  const checked = checkDefinition(definition, new Set(Object.keys(handlers)));
  const events: HistoryEventBody[] = [];
  const sleeps: number[] = [];
  const run = startRun(checked, input, {
    handlers,
    context: CONTEXT,
    emit: (event) => events.push(event),
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...options,
  });
  return { run, outcome: run.outcome, events, sleeps };
}

/** A machine of one Task state named Work, with the given fields. */
export const oneTask = (fields: Record<string, unknown> = {}, top: Record<string, unknown> = {}) => ({
  StartAt: 'Work',
  ...top,
  States: { Work: { Type: 'Task', Resource: 'arn:local:Work', End: true, ...fields } },
});

/** An error as a Lambda handler throws it: its name is what Retry and Catch match. */
export function named(name: string, message = `${name} happened`): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

/** A promise with its resolve, for handlers a test finishes when it wants. */
export function deferred<T = unknown>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export const entered = (events: HistoryEventBody[]) =>
  events
    .filter((e) => e.type.endsWith('StateEntered'))
    .map((e) => (e.stateEnteredEventDetails as { name: string }).name);
