import { chooseNext } from './choice';
import type {
  Branch,
  MapState,
  ParallelState,
  Retrier,
  State,
  StateMachineDefinition,
  TaskState,
} from './definition';
import { matches, RunStopped, StatesError } from './errors';
import { fillTemplate, placeResult, read, select } from './paths';

/**
 * Runs a checked definition (see validate.ts) as Step Functions does, reporting each step as the
 * history event GetExecutionHistory returns. Task states call the handler bound to their name; a
 * stopped run starts no new state, while a handler already running runs on (as a Lambda would).
 */
export type TaskHandler = (input: unknown) => Promise<unknown>;

/** A history event without its id and timestamp (the execution's history adds them). */
export interface HistoryEventBody {
  type: string;
  [details: string]: unknown;
}

/** Waits `ms` (Retry intervals, Wait states); resolves early or rejects when `signal` aborts. */
export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;

export interface ExecutionContext {
  Execution: { Id: string; Name: string; Input: unknown; StartTime: string; RoleArn: string };
  StateMachine: { Id: string; Name: string };
}

export interface RunOptions {
  handlers: Record<string, TaskHandler>;
  context: ExecutionContext;
  emit: (event: HistoryEventBody) => void;
  /** Real timers unless a test gives its own. */
  sleep?: Sleep;
  /** FULL jitter's draw in [0, 1). */
  random?: () => number;
}

export type Outcome =
  | { status: 'SUCCEEDED'; output: unknown }
  | { status: 'FAILED' | 'TIMED_OUT'; error: string; cause: string }
  | { status: 'ABORTED' };

export interface Run {
  outcome: Promise<Outcome>;
  stop(): void;
}

const json = (value: unknown) => JSON.stringify(value ?? null);

/** Starts an execution; its outcome never rejects. */
export function startRun(definition: StateMachineDefinition, input: unknown, options: RunOptions): Run {
  const interpreter = new Interpreter({ sleep: realSleep, random: Math.random, ...options });
  const controller = new AbortController();
  let timedOut = false;
  const limit = definition.TimeoutSeconds;
  const timer = limit
    ? setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, limit * 1000)
    : undefined;
  options.emit({ type: 'ExecutionStarted', executionStartedEventDetails: { input: json(input) } });
  const outcome = interpreter.runScope(definition, input, controller.signal).then(
    (output): Outcome => ({ status: 'SUCCEEDED', output }),
    (error: unknown): Outcome => {
      if (timedOut)
        return {
          status: 'TIMED_OUT',
          error: 'States.Timeout',
          cause: `The execution ran longer than its TimeoutSeconds (${limit} s)`,
        };
      if (controller.signal.aborted) return { status: 'ABORTED' };
      const failure = error instanceof StatesError ? error : new StatesError('States.Runtime', String(error));
      return { status: 'FAILED', error: failure.error, cause: failure.cause };
    },
  );
  return {
    outcome: outcome.then((result) => {
      clearTimeout(timer);
      options.emit(finalEvent(result));
      return result;
    }),
    stop: () => controller.abort(),
  };
}

function finalEvent(outcome: Outcome): HistoryEventBody {
  switch (outcome.status) {
    case 'SUCCEEDED':
      return { type: 'ExecutionSucceeded', executionSucceededEventDetails: { output: json(outcome.output) } };
    case 'FAILED':
      return {
        type: 'ExecutionFailed',
        executionFailedEventDetails: { error: outcome.error, cause: outcome.cause },
      };
    case 'TIMED_OUT':
      return {
        type: 'ExecutionTimedOut',
        executionTimedOutEventDetails: { error: outcome.error, cause: outcome.cause },
      };
    case 'ABORTED':
      return { type: 'ExecutionAborted' };
  }
}

const realSleep: Sleep = (ms, signal) =>
  new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * Settles with `work`, unless `signal` aborts first (RunStopped) or `timeoutMs` passes first
 * (States.Timeout); either way `work` itself is left to finish on its own.
 */
function untilStopped<T>(work: Promise<T>, signal: AbortSignal, timeoutMs?: number): Promise<T> {
  if (signal.aborted) return Promise.reject(new RunStopped());
  return new Promise<T>((resolve, reject) => {
    const settle = (action: () => void) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', stopped);
      action();
    };
    const stopped = () => settle(() => reject(new RunStopped()));
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(
            () =>
              settle(() =>
                reject(
                  new StatesError('States.Timeout', `The task ran longer than ${timeoutMs / 1000} seconds`),
                ),
              ),
            timeoutMs,
          );
    signal.addEventListener('abort', stopped, { once: true });
    work.then(
      (value) => settle(() => resolve(value)),
      (error: unknown) => settle(() => reject(error)),
    );
  });
}

interface Step {
  output: unknown;
  /** The next state in the same scope; none when the scope ends here (End, Succeed). */
  next?: string;
}

type Recoverable = TaskState | MapState | ParallelState;

class Interpreter {
  constructor(private readonly options: Required<RunOptions>) {}

  /** Runs a scope (the machine, a Map iteration, a Parallel branch) from StartAt to its end. */
  async runScope(scope: Branch, input: unknown, signal: AbortSignal): Promise<unknown> {
    let name = scope.StartAt;
    let value = input;
    for (;;) {
      if (signal.aborted) throw new RunStopped();
      const step = await this.runState(name, scope.States[name]!, value, signal);
      if (step.next === undefined) return step.output;
      name = step.next;
      value = step.output;
    }
  }

  private emit(event: HistoryEventBody) {
    this.options.emit(event);
  }

  private async runState(name: string, state: State, input: unknown, signal: AbortSignal): Promise<Step> {
    const entered = new Date().toISOString();
    this.emit({ type: `${state.Type}StateEntered`, stateEnteredEventDetails: { name, input: json(input) } });
    const context = (retryCount: number) => ({
      ...this.options.context,
      State: { Name: name, EnteredTime: entered, RetryCount: retryCount },
    });
    let step: Step;
    if (state.Type === 'Task' || state.Type === 'Map' || state.Type === 'Parallel') {
      step = await this.recover(name, state, input, signal, (retryCount) =>
        this.attempt(name, state, input, context(retryCount), signal),
      );
    } else {
      try {
        step = await this.simpleState(state, input, context(0), signal);
      } catch (error) {
        if (error instanceof StatesError && state.Type !== 'Fail') this.failed(name, state, error);
        throw error;
      }
    }
    this.emit({
      type: `${state.Type}StateExited`,
      stateExitedEventDetails: { name, output: json(step.output) },
    });
    return step;
  }

  /** Pass, Choice, Wait, Succeed and Fail: no Retry or Catch, no handler. */
  private async simpleState(
    state: Exclude<State, Recoverable>,
    input: unknown,
    context: object,
    signal: AbortSignal,
  ): Promise<Step> {
    if (state.Type === 'Fail') throw new StatesError(state.Error ?? 'States.Fail', state.Cause ?? '');
    const effective = select(state.InputPath, input, context, 'InputPath');
    const output = (value: unknown) => select(state.OutputPath, value, context, 'OutputPath');
    switch (state.Type) {
      case 'Pass': {
        const result =
          state.Result !== undefined
            ? state.Result
            : state.Parameters
              ? fillTemplate(state.Parameters, effective, context)
              : effective;
        return { output: output(placeResult(input, result, state.ResultPath)), next: state.Next };
      }
      case 'Choice':
        return {
          output: output(effective),
          next: chooseNext(state.Choices, state.Default, effective, context),
        };
      case 'Wait':
        await untilStopped(this.options.sleep(state.Seconds * 1000, signal), signal);
        return { output: output(effective), next: state.Next };
      case 'Succeed':
        return { output: output(effective) };
    }
  }

  /** One try of a Task, Map or Parallel state: input processing, the work, output processing. */
  private async attempt(
    name: string,
    state: Recoverable,
    input: unknown,
    context: object,
    signal: AbortSignal,
  ): Promise<unknown> {
    const effective = select(state.InputPath, input, context, 'InputPath');
    let result: unknown;
    if (state.Type === 'Task') {
      const payload = state.Parameters ? fillTemplate(state.Parameters, effective, context) : effective;
      const handler = this.options.handlers[name]!;
      const timeout = state.TimeoutSeconds === undefined ? undefined : state.TimeoutSeconds * 1000;
      result = await untilStopped(
        Promise.resolve().then(() => handler(payload)),
        signal,
        timeout,
      );
    } else if (state.Type === 'Map') {
      result = await this.runMap(name, state, effective, context, signal);
    } else {
      const branchInput = state.Parameters ? fillTemplate(state.Parameters, effective, context) : effective;
      result = await this.together(name, 'ParallelBranch', state.Branches.length, 0, signal, (i, inner) =>
        this.runScope(state.Branches[i]!, branchInput, inner),
      );
    }
    const selected = state.ResultSelector ? fillTemplate(state.ResultSelector, result, context) : result;
    return select(state.OutputPath, placeResult(input, selected, state.ResultPath), context, 'OutputPath');
  }

  private runMap(name: string, state: MapState, input: unknown, context: object, signal: AbortSignal) {
    const items = state.ItemsPath ? read(state.ItemsPath, input, context, 'ItemsPath') : input;
    if (!Array.isArray(items)) {
      throw new StatesError(
        'States.Runtime',
        `The Map state's items (${state.ItemsPath ?? '$'}) are not an array: ${json(items).slice(0, 200)}`,
      );
    }
    return this.together(
      name,
      'MapIteration',
      items.length,
      state.MaxConcurrency ?? 0,
      signal,
      (i, inner) => {
        const itemInput = state.ItemSelector
          ? fillTemplate(state.ItemSelector, input, {
              ...context,
              Map: { Item: { Index: i, Value: items[i] } },
            })
          : items[i];
        return this.runScope(state.ItemProcessor, itemInput, inner);
      },
    );
  }

  /**
   * Runs `count` scopes, at most `limit` at a time (0: all at once), results in index order. The first
   * failure fails the whole: the others start no new state and the failure is thrown at once.
   */
  private async together(
    name: string,
    kind: 'MapIteration' | 'ParallelBranch',
    count: number,
    limit: number,
    signal: AbortSignal,
    work: (index: number, signal: AbortSignal) => Promise<unknown>,
  ): Promise<unknown[]> {
    const stop = new AbortController();
    const forward = () => stop.abort();
    signal.addEventListener('abort', forward, { once: true });
    const results = new Array<unknown>(count);
    let next = 0;
    const lane = async () => {
      while (next < count && !stop.signal.aborted) {
        const index = next++;
        this.emit({ type: `${kind}Started`, localEventDetails: { state: name, index } });
        try {
          results[index] = await work(index, stop.signal);
        } catch (error) {
          if (!(error instanceof RunStopped))
            this.emit({ type: `${kind}Failed`, localEventDetails: { state: name, index } });
          throw error;
        }
        this.emit({ type: `${kind}Succeeded`, localEventDetails: { state: name, index } });
      }
    };
    try {
      await Promise.all(Array.from({ length: limit > 0 ? Math.min(limit, count) : count }, lane));
    } catch (error) {
      stop.abort();
      throw error;
    } finally {
      signal.removeEventListener('abort', forward);
    }
    if (signal.aborted) throw new RunStopped();
    return results;
  }

  /**
   * Retry, then Catch: each failed try is reported; the first retrier whose ErrorEquals matches
   * decides (no retry once its MaxAttempts are used), then the first matching catcher.
   */
  private async recover(
    name: string,
    state: Recoverable,
    input: unknown,
    signal: AbortSignal,
    attempt: (retryCount: number) => Promise<unknown>,
  ): Promise<Step> {
    const used = (state.Retry ?? []).map(() => 0);
    for (let retryCount = 0; ; retryCount++) {
      try {
        return { output: await attempt(retryCount), next: state.Next };
      } catch (thrown) {
        if (thrown instanceof RunStopped || signal.aborted) throw new RunStopped();
        const failure = StatesError.from(thrown);
        this.failed(name, state, failure);
        const delay = this.retryDelay(state.Retry ?? [], used, failure.error);
        if (delay !== undefined) {
          this.emit({ type: 'StateRetried', localEventDetails: { state: name } });
          await untilStopped(this.options.sleep(delay, signal), signal);
          continue;
        }
        const catcher = state.Catch?.find((c) => matches(c.ErrorEquals, failure.error));
        if (!catcher) throw failure;
        this.emit({ type: 'StateCaught', localEventDetails: { state: name } });
        const output = placeResult(input, { Error: failure.error, Cause: failure.cause }, catcher.ResultPath);
        return { output, next: catcher.Next };
      }
    }
  }

  /** Milliseconds before the next try, or undefined when no retrier allows one. */
  private retryDelay(retriers: Retrier[], used: number[], error: string): number | undefined {
    const index = retriers.findIndex((retrier) => matches(retrier.ErrorEquals, error));
    if (index < 0) return undefined;
    const retrier = retriers[index]!;
    if (used[index]! >= (retrier.MaxAttempts ?? 3)) return undefined;
    let seconds = (retrier.IntervalSeconds ?? 1) * (retrier.BackoffRate ?? 2) ** used[index]!;
    if (retrier.MaxDelaySeconds !== undefined) seconds = Math.min(seconds, retrier.MaxDelaySeconds);
    if (retrier.JitterStrategy === 'FULL') seconds *= this.options.random();
    used[index]!++;
    return seconds * 1000;
  }

  /** The state's failure event: TaskFailed for a Task, <Type>StateFailed otherwise (same details). */
  private failed(name: string, state: State, failure: StatesError) {
    this.emit({
      type: state.Type === 'Task' ? 'TaskFailed' : `${state.Type}StateFailed`,
      taskFailedEventDetails: {
        resourceType: 'lambda',
        resource: name,
        error: failure.error,
        cause: failure.cause,
      },
    });
  }
}
