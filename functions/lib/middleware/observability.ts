import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type middy from '@middy/core';
import { logger } from '../logger';
import { metrics, MetricUnit } from '../metrics';

/**
 * First in every chain: the Powertools Lambda context and a correlation id on every log line, and,
 * for workflow tasks, metrics (a count and a duration per task and outcome, published when it
 * ends). The correlation id of an API call is its request id; of a workflow task, the execution
 * name and the job id it works on. API requests get no metrics of their own: API Gateway already
 * counts and times every route, and an embedded-metric log line per request would cost more than
 * the request.
 */
export interface ObservabilityOptions<E> {
  /** The operation's name on log lines and in metrics (a route key, a task's name). */
  operation: (event: E) => string;
  correlationId: (event: E) => string | undefined;
  /** Extra keys for every log line of the invocation (the operation, the job id…). */
  keys?: (event: E) => Record<string, string | undefined>;
  /** Publish a count and a duration per invocation. */
  metrics?: boolean;
}

export function observability<E>(options: ObservabilityOptions<E>): middy.MiddlewareObj<E, unknown> {
  const context = injectLambdaContext(logger, { resetKeys: true });
  const started = new WeakMap<object, number>();

  const record = (request: middy.Request<E, unknown>, outcome: string) => {
    if (!options.metrics) return;
    const operation = options.operation(request.event);
    metrics.addDimensions({ operation, outcome });
    metrics.addMetric('invocations', MetricUnit.Count, 1);
    metrics.addMetric(
      'duration',
      MetricUnit.Milliseconds,
      Date.now() - (started.get(request as object) ?? Date.now()),
    );
    metrics.publishStoredMetrics();
  };

  return {
    before: async (request) => {
      started.set(request as object, Date.now());
      await context.before?.(request as never);
      const correlationId = options.correlationId(request.event);
      if (correlationId) logger.setCorrelationId(correlationId);
      // Extra keys cost a merge per invocation: worth it for a task, not for every API request.
      if (options.keys) {
        const keys = { operation: options.operation(request.event), ...options.keys(request.event) };
        logger.appendKeys(Object.fromEntries(Object.entries(keys).filter(([, v]) => v)));
      }
    },
    after: async (request) => {
      record(request, 'ok');
      await context.after?.(request as never);
    },
    onError: async (request) => {
      record(request, 'error');
      await context.onError?.(request as never);
    },
  };
}
