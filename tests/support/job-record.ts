import type { JobRecord } from '../../functions/jobs';

let made = 0;

/**
 * A stored job as the jobs table holds it: a finished run (`ready`, 100 %) of one attempt at `at`,
 * with what the test cares about given in `fields`.
 */
export function jobRecord(at: string, fields: Partial<JobRecord> & Pick<JobRecord, 'kind'>): JobRecord {
  return {
    id: `job-${made++}`,
    owner_id: 'owner',
    target: {},
    status: 'ready',
    step: '',
    progress: 100,
    error_message: null,
    options: {},
    outputs: {},
    execution_arn: null,
    attempt: 1,
    created_at: at,
    updated_at: at,
    ...fields,
  };
}
