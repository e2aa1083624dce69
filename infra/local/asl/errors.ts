/**
 * A state's failure as Step Functions names it: the error (matched by Retry and Catch) and its cause.
 * A task handler's thrown error becomes one by its `errorType` or `name` (what Lambda reports).
 */
export class StatesError extends Error {
  constructor(
    readonly error: string,
    override readonly cause: string,
  ) {
    super(`${error}: ${cause}`);
  }

  static from(thrown: unknown): StatesError {
    if (thrown instanceof StatesError) return thrown;
    if (thrown instanceof Error) {
      const errorType = (thrown as { errorType?: unknown }).errorType;
      return new StatesError(typeof errorType === 'string' ? errorType : thrown.name, thrown.message);
    }
    return new StatesError('Error', typeof thrown === 'string' ? thrown : JSON.stringify(thrown ?? null));
  }
}

/** Raised inside a run when it was stopped (StopExecution, the runtime closing, a sibling's failure). */
export class RunStopped extends Error {
  constructor() {
    super('The run was stopped');
  }
}

/**
 * Whether an ErrorEquals list matches. `States.ALL` matches any error but `States.Runtime`, which
 * always fails the execution; `States.TaskFailed` matches any but that and `States.Timeout`.
 */
export function matches(errorEquals: readonly string[], error: string): boolean {
  if (error === 'States.Runtime') return false;
  return errorEquals.some(
    (name) =>
      name === error || name === 'States.ALL' || (name === 'States.TaskFailed' && error !== 'States.Timeout'),
  );
}
