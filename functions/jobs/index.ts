import { getAdapters } from '../lib/adapters';
import { config } from '../lib/config';
import { uuid } from '../lib/ids';
import { metrics, MetricUnit } from '../lib/metrics';
import { createUsageMeter } from '../lib/usage-meter';
import type { JobMetrics } from './context';
import { createJobs, type Jobs } from './service';

export * from './model';
export * from './view';
export { QUIET_MS, type JobMetrics } from './context';
export { createJobs, type Jobs, type JobSteps } from './service';
export { JobGoneError } from './steps';

/**
 * Job metrics as CloudWatch embedded metrics, each published at once on its own line (the
 * invocation's own metrics keep their dimensions): `job_started` by kind, and `job_ended` with the
 * end-to-end `job_duration` by kind and outcome.
 */
const cloudWatchJobMetrics: JobMetrics = {
  started(kind) {
    const metric = metrics.singleMetric();
    metric.addDimension('kind', kind);
    metric.addMetric('job_started', MetricUnit.Count, 1);
  },
  ended(kind, outcome, durationMs) {
    // A single metric is published by its first addMetric, dimensions and all: one per figure.
    const count = metrics.singleMetric();
    count.addDimensions({ kind, outcome });
    count.addMetric('job_ended', MetricUnit.Count, 1);
    const duration = metrics.singleMetric();
    duration.addDimensions({ kind, outcome });
    duration.addMetric('job_duration', MetricUnit.Milliseconds, durationMs);
  },
};

let jobs: Jobs | undefined;

/** The job system on the production adapters (one per process). */
export function getJobs(): Jobs {
  if (jobs) return jobs;
  const adapters = getAdapters();
  jobs = createJobs({
    table: adapters.table,
    workflows: adapters.workflows,
    work: adapters.storage.uploads,
    clock: adapters.clock,
    uuid,
    metrics: cloudWatchJobMetrics,
    quietMs: config.jobQuietMs,
    meter: createUsageMeter(adapters.table, adapters.clock),
  });
  return jobs;
}
