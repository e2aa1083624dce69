import { getAdapters } from '../lib/adapters';
import { uuid } from '../lib/ids';
import { createJobs, type Jobs } from './service';

export * from './model';
export * from './view';
export { createJobs, QUIET_MS, type Jobs, type JobDeps } from './service';

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
  });
  return jobs;
}
