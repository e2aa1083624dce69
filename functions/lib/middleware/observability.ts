import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type middy from '@middy/core';
import { logger } from '../logger';
import { metrics, MetricUnit } from '../metrics';

/**
 * First in every chain: the Powertools Lambda context and a correlation id on every log line, and
 * the invocation's metrics (a count and a duration per operation, published when it ends). The
 * correlation id of an API call is its request id; of a workflow task, the execution name and the
 * job id it works on.
 */
export interface ObservabilityOptions<E> {
  /** The operation's name in logs and metrics (a route's handler, a worker's name). */
  operation: (event: E) => string;
  correlationId: (event: E) => string | undefined;
  /** Extra keys for every log line of the invocation (e.g. the job id). */
  keys?: (event: E) => Record<string, string | undefined>;
  /** Outcome of a successful invocation (e.g. the HTTP status); errors count as "error". */
  outcome?: (response: unknown) => string;
}

export function observability<E>(options: ObservabilityOptions<E>): middy.MiddlewareObj<E, unknown> {
  const context = injectLambdaContext(logger, { resetKeys: true });
  const started = new WeakMap<object, number>();

  const record = (request: middy.Request<E, unknown>, outcome: string) => {
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
      const keys = options.keys?.(request.event);
      if (keys) logger.appendKeys(Object.fromEntries(Object.entries(keys).filter(([, v]) => v)));
    },
    after: async (request) => {
      record(request, options.outcome?.(request.response) ?? 'ok');
      await context.after?.(request as never);
    },
    onError: async (request) => {
      // An error the chain turned into a response (a 4xx, a 500 body) is an outcome like any other.
      const outcome =
        request.response === undefined ? 'error' : (options.outcome?.(request.response) ?? 'error');
      record(request, outcome);
      await context.onError?.(request as never);
    },
  };
}
