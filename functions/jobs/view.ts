import type { JobStatus } from './model';

/**
 * The statuses as the spec's learning and generation routes name them: a job still queued or
 * running is "processing"; a cancelled one reads as failed. Each domain builds the view its routes
 * answer (with the URLs of what was made) from the job record and this status.
 */
export const processingStatus = (status: JobStatus): 'processing' | 'ready' | 'failed' =>
  status === 'queued' || status === 'running' ? 'processing' : status === 'ready' ? 'ready' : 'failed';
