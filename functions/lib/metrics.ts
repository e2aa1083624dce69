import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';

/**
 * One Powertools Metrics instance per process, published as CloudWatch embedded metrics at the end
 * of every invocation. The local runtime turns publishing off (POWERTOOLS_METRICS_DISABLED).
 */
export const metrics = new Metrics({ namespace: 'BookStudio', serviceName: 'bookstudio' });

export { MetricUnit };
