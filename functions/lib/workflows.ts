import type { z } from 'zod';
import type { Workflows } from './ports';
import type { FunctionSettings } from './resources';

/**
 * State machines are defined in TypeScript, next to the domain that owns them, from these helpers:
 * every Task state gets the one Retry policy for transient errors and a Catch to the machine's
 * failure recorder, and passes the execution name to its worker for the logs. The definition also
 * holds the machine's input schema — the same zod schema `startWorkflow` checks before starting and
 * the first worker parses — and the table from each Task state's name to the worker that runs it.
 * `npm run workflows` writes the ASL of every machine to statemachines/<name>.asl.json (what the
 * local interpreter runs; CDK deploys the same `toAsl`); a test keeps those files equal to the
 * definitions.
 */
export type TaskWorker = FunctionSettings & {
  /** Exported function of `entry`. */
  handler: string;
};

export type AslState = Record<string, unknown>;

export interface WorkflowDefinition<S extends z.ZodType = z.ZodType> {
  /** Key in functions/workflows.ts; the ARN reaches functions in `<NAME>_STATE_MACHINE_ARN`. */
  name: string;
  /** statemachines/<file>.asl.json, and the deployed machine's name (with the stage prefix). */
  file: string;
  comment: string;
  input: S;
  /** Task state name → its worker. A Task's Resource is `${<state name>}`. */
  tasks: Record<string, TaskWorker>;
  startAt: string;
  states: Record<string, AslState>;
  timeoutSeconds?: number;
}

export function defineWorkflow<S extends z.ZodType>(
  definition: WorkflowDefinition<S>,
): WorkflowDefinition<S> {
  for (const [name, state] of allStates(definition.states)) {
    if (state.Type === 'Task' && !definition.tasks[name])
      throw new Error(`Workflow ${definition.name}: task state ${name} has no worker`);
  }
  return definition;
}

/** Errors worth retrying: the platform's and the AWS services' transient failures, never our own. */
export const TRANSIENT_ERRORS = [
  'Lambda.ServiceException',
  'Lambda.AWSLambdaException',
  'Lambda.SdkClientException',
  'Lambda.TooManyRequestsException',
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'InternalServerError',
  'InternalError',
  'ServiceUnavailable',
  'SlowDown',
  'TimeoutError',
] as const;

export const TRANSIENT_RETRY = [
  {
    ErrorEquals: [...TRANSIENT_ERRORS],
    IntervalSeconds: 2,
    MaxAttempts: 3,
    BackoffRate: 2,
    JitterStrategy: 'FULL',
  },
];

export interface TaskOptions {
  /**
   * Fields passed to the worker (JSONPath with `.$`); the execution name is added for the logs.
   * Without them the state's whole input is passed (a missing field then fails in the worker, where
   * Catch sees it, instead of in the path lookup, which Catch cannot handle).
   */
  parameters?: Record<string, unknown>;
  resultPath?: string | null;
  timeoutSeconds: number;
  /** Next state, or `end: true`. */
  next?: string;
  end?: boolean;
  /** State that records the failure; the error lands at `$.error`. Omit for the recorder itself. */
  catchTo?: string;
}

/** A Task state running the worker registered under the same state name. */
export function task(state: string, options: TaskOptions): AslState {
  return {
    Type: 'Task',
    Resource: `\${${state}}`,
    ...(options.parameters
      ? { Parameters: { ...options.parameters, 'execution.$': '$$.Execution.Name' } }
      : {}),
    ...(options.resultPath !== undefined ? { ResultPath: options.resultPath } : {}),
    TimeoutSeconds: options.timeoutSeconds,
    Retry: TRANSIENT_RETRY,
    ...(options.catchTo
      ? { Catch: [{ ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: options.catchTo }] }
      : {}),
    ...(options.end ? { End: true } : { Next: options.next }),
  };
}

/** What a one-step job's worker module is and may touch (its step and its failure recorder share it). */
export type JobWorkerModule = Pick<FunctionSettings, 'entry' | 'access'>;

/**
 * The shape of every job that is one step of work: the step (given the job id) then Done; any
 * failure goes to the recorder (the module's `recordFailure`, given the job id and the error), which
 * marks the job failed with readable words, then Failed.
 */
export function oneStepJobWorkflow<S extends z.ZodType>(spec: {
  name: string;
  file: string;
  comment: string;
  input: S;
  timeoutSeconds: number;
  worker: JobWorkerModule;
  step: Omit<TaskWorker, 'entry' | 'access'> & {
    /** The Task state's name. */
    state: string;
    /** Where the step's answer is kept in the execution's state. */
    resultPath: string;
  };
  /** The recorder's Task state name. */
  recorder: string;
  /** The Fail state's error and cause (the job holds the reason). */
  failure: { error: string; cause: string };
}): WorkflowDefinition<S> {
  const { state, resultPath, ...step } = spec.step;
  return defineWorkflow({
    name: spec.name,
    file: spec.file,
    comment: spec.comment,
    input: spec.input,
    timeoutSeconds: spec.timeoutSeconds,
    tasks: {
      [state]: { ...spec.worker, ...step },
      [spec.recorder]: { ...spec.worker, handler: 'recordFailure', memoryMb: 512, timeoutSeconds: 60 },
    },
    startAt: state,
    states: {
      [state]: task(state, {
        parameters: { 'job_id.$': '$.job_id' },
        resultPath,
        timeoutSeconds: step.timeoutSeconds,
        catchTo: spec.recorder,
        next: 'Done',
      }),
      Done: { Type: 'Succeed' },
      [spec.recorder]: task(spec.recorder, {
        parameters: { 'job_id.$': '$.job_id', 'error.$': '$.error' },
        resultPath: null,
        timeoutSeconds: 60,
        next: 'Failed',
      }),
      Failed: { Type: 'Fail', Error: spec.failure.error, Cause: spec.failure.cause },
    },
  });
}

/** Catch for a non-Task state (Map, Parallel) that routes any failure to the recorder. */
export const catchAll = (next: string) => [
  { ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: next },
];

/** Every state of a definition, Map iterations included, by name. */
export function* allStates(states: Record<string, AslState>): Generator<[string, AslState]> {
  for (const [name, state] of Object.entries(states)) {
    yield [name, state];
    const processor = (state.ItemProcessor ?? state.Iterator) as
      { States?: Record<string, AslState> } | undefined;
    if (processor?.States) yield* allStates(processor.States);
    for (const branch of (state.Branches as { States: Record<string, AslState> }[] | undefined) ?? [])
      yield* allStates(branch.States);
  }
}

/** Where a workflow's ASL is kept, from the project root. */
export const workflowFile = (definition: Pick<WorkflowDefinition, 'file'>) =>
  `statemachines/${definition.file}.asl.json`;

/** The ASL document of a definition, with `${State}` placeholders as Resources. */
export function toAsl(definition: WorkflowDefinition): Record<string, unknown> {
  return {
    Comment: definition.comment,
    StartAt: definition.startAt,
    ...(definition.timeoutSeconds ? { TimeoutSeconds: definition.timeoutSeconds } : {}),
    States: definition.states,
  };
}

export class InvalidWorkflowInputError extends Error {
  override name = 'InvalidWorkflowInputError';
}

/**
 * Starts an execution after checking its input against the machine's schema, so a starter can never
 * hand a worker a shape it does not expect. Execution names carry the ids an operator searches for.
 */
export async function startWorkflow<S extends z.ZodType>(
  workflows: Workflows,
  workflow: WorkflowDefinition<S>,
  executionName: string,
  input: z.input<S>,
): Promise<{ executionArn: string | null; alreadyStarted: boolean }> {
  const parsed = workflow.input.safeParse(input);
  if (!parsed.success)
    throw new InvalidWorkflowInputError(
      `${workflow.name}: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
    );
  return workflows.start(workflow.name, executionName.slice(0, 80), parsed.data);
}

/**
 * The error a Catch hands to the failure recorder. On AWS the Cause is Lambda's JSON error payload
 * (errorType, errorMessage); the local interpreter gives the message itself. One parser for both.
 */
export interface TaskFailure {
  Error?: string;
  Cause?: string;
}

export function readFailure(failure: TaskFailure | undefined): { name: string; message: string } {
  let name = failure?.Error ?? '';
  let message = failure?.Cause ?? '';
  try {
    const parsed = JSON.parse(message) as { errorMessage?: string; errorType?: string };
    if (parsed && typeof parsed === 'object') {
      if (parsed.errorType) name = parsed.errorType;
      if (typeof parsed.errorMessage === 'string') message = parsed.errorMessage;
    }
  } catch {
    // Locally the cause is the message itself.
  }
  return { name, message };
}

export const isTimeout = (name: string) => name === 'States.Timeout' || name === 'Sandbox.Timedout';
