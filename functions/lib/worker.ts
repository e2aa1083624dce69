import middy from '@middy/core';
import type { z } from 'zod';
import { startImageAllowances } from '../engine/image/request';
import { prepareEngineSecrets } from './aws/engine-secrets';
import { logger } from './logger';
import { faultInjection } from './middleware/faults';
import { observability } from './middleware/observability';

/**
 * A Step Functions task handler on the same middy chain as the API: observability (Powertools
 * context; the execution name and the job, book or user it works on on every log line; a count and a
 * duration per task) → fault injection (tests) → input validation with the workflow's own zod schema
 * → the task. Errors keep their name, which the state machine's Retry and Catch match on.
 */
export interface WorkerEvent {
  /** `$$.Execution.Name`, added to every task's input by the workflow builder. */
  execution?: string;
  [field: string]: unknown;
}

export class InvalidTaskInputError extends Error {
  override name = 'InvalidTaskInputError';
}

export function defineWorker<S extends z.ZodType, R>(
  /** `<workflow>.<State>`: the name in logs, metrics and FAULT_INJECTION. */
  name: string,
  input: S,
  run: (input: z.output<S>) => Promise<R>,
) {
  // No early timeout: a task that runs out of time must end as Lambda's own timeout, which the
  // workflow does not retry and the failure recorder names ("took too long").
  return middy<WorkerEvent, R>({ timeoutEarlyInMillis: 0 })
    .use(
      observability<WorkerEvent>({
        operation: () => name,
        metrics: true,
        correlationId: (event) => event.execution,
        keys: (event) => ({
          job_id: typeof event.job_id === 'string' ? event.job_id : undefined,
          book_id: typeof event.book_id === 'string' ? event.book_id : undefined,
          user_id: typeof event.user_id === 'string' ? event.user_id : undefined,
        }),
      }),
    )
    .use(faultInjection<WorkerEvent>(() => name))
    .use({
      // The workflow sees the error (Retry and Catch match its name); the log keeps its details.
      onError: (request) => {
        logger.error('task failed', { task: name, error: request.error as Error });
      },
    })
    .handler(async (event) => {
      const { execution: _execution, ...fields } = event ?? {};
      const parsed = input.safeParse(fields);
      if (!parsed.success)
        throw new InvalidTaskInputError(`${name}: ${parsed.error.issues[0]?.message ?? 'invalid input'}`);
      await prepareEngineSecrets();
      startImageAllowances();
      return run(parsed.data);
    });
}
