import type { JobRecord, JobStatus } from './model';

/**
 * What the web app polls for any job: status, the step in words, progress, the error in the user's
 * words. Domains add their own result fields (URLs of what was made) on top.
 */
export interface JobView {
  id: string;
  kind: string;
  status: JobStatus;
  step: string;
  progress: number;
  error_message: string | null;
  attempt: number;
  created_at: string;
  updated_at: string;
}

export const jobView = (job: JobRecord): JobView => ({
  id: job.id,
  kind: job.kind,
  status: job.status,
  step: job.step,
  progress: job.progress,
  error_message: job.error_message,
  attempt: job.attempt,
  created_at: job.created_at,
  updated_at: job.updated_at,
});

/**
 * The statuses as the spec's learning and generation routes name them: a job still queued or
 * running is "processing"; a cancelled one reads as failed.
 */
export const processingStatus = (status: JobStatus): 'processing' | 'ready' | 'failed' =>
  status === 'queued' || status === 'running' ? 'processing' : status === 'ready' ? 'ready' : 'failed';
