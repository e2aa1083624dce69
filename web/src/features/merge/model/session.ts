import {
  MERGE_LIMITS,
  MERGE_TERMINAL_STATUSES,
  mergeMessages,
  type MergeStarted,
  type MergeStatus,
  type PreviewStatus,
} from '@contracts/merge';

/**
 * The merge and the preview of one Merge studio as state machines (spec 3 §4 Merge status, Preview;
 * §8 messages). The hooks in ../api feed them the server's answers; the components read them. Pure.
 */

/** What the studio knows of the merge it follows. */
export interface MergeJob {
  merge_id: string;
  status: MergeStatus['status'];
  progress_percentage: number;
  current_step: string;
  queue_position: number;
  processing_method: MergeStatus['processing_method'];
  output_url: string | null;
  error_message: string | null;
  retry_count: number;
  expired: boolean;
  duration: number | null;
  file_size_bytes: number | null;
  expires_at: string | null;
}

export type MergeState =
  | { phase: 'idle' }
  | { phase: 'starting' }
  /** pending (queued) or processing, polled. */
  | { phase: 'running'; job: MergeJob; failures: number }
  | { phase: 'completed' | 'failed' | 'cancelled'; job: MergeJob }
  /** The server stopped answering (§8): the job may still run. */
  | { phase: 'lost'; job: MergeJob }
  | { phase: 'retrying'; job: MergeJob };

export type MergeEvent =
  | { type: 'start' }
  | { type: 'started'; answer: MergeStarted }
  | { type: 'startFailed' }
  | { type: 'polled'; status: MergeStatus }
  /** Follow a merge the server already has (one still running when the studio opens). */
  | { type: 'follow'; status: MergeStatus }
  | { type: 'pollFailed' }
  | { type: 'lost' }
  | { type: 'retry' }
  | { type: 'retried'; answer: MergeStarted }
  | { type: 'retryFailed' }
  | { type: 'reset' };

export const initialMerge: MergeState = { phase: 'idle' };

const jobOfStarted = (answer: MergeStarted, before?: MergeJob): MergeJob => ({
  merge_id: answer.merge_id,
  status: answer.status,
  progress_percentage: 0,
  current_step: '',
  queue_position: answer.queue_position,
  processing_method: answer.processing_method ?? before?.processing_method ?? null,
  output_url: null,
  error_message: null,
  retry_count: answer.retry_count,
  expired: false,
  duration: null,
  file_size_bytes: null,
  expires_at: null,
});

export const jobOfStatus = (s: MergeStatus): MergeJob => ({
  merge_id: s.merge_id,
  status: s.status,
  progress_percentage: s.progress_percentage,
  current_step: s.current_step,
  queue_position: s.queue_position,
  processing_method: s.processing_method,
  output_url: s.output_url,
  error_message: s.error_message,
  retry_count: s.retry_count,
  expired: s.expired,
  duration: s.duration,
  file_size_bytes: s.file_size_bytes,
  expires_at: s.expires_at,
});

const settled = (job: MergeJob): MergeState =>
  MERGE_TERMINAL_STATUSES.includes(job.status)
    ? { phase: job.status as 'completed' | 'failed' | 'cancelled', job }
    : { phase: 'running', job, failures: 0 };

export function mergeReducer(state: MergeState, event: MergeEvent): MergeState {
  switch (event.type) {
    case 'start':
      return isMerging(state) ? state : { phase: 'starting' };
    case 'started':
      return state.phase === 'starting' ? settled(jobOfStarted(event.answer)) : state;
    case 'startFailed':
      return state.phase === 'starting' ? initialMerge : state;
    case 'polled':
      if (state.phase !== 'running' || event.status.merge_id !== state.job.merge_id) return state;
      return settled(jobOfStatus(event.status));
    case 'follow':
      return state.phase === 'idle' ? settled(jobOfStatus(event.status)) : state;
    case 'pollFailed':
      return state.phase === 'running' ? { ...state, failures: state.failures + 1 } : state;
    case 'lost':
      return state.phase === 'running' ? { phase: 'lost', job: state.job } : state;
    case 'retry':
      return state.phase === 'failed' && canRetry(state.job) ? { phase: 'retrying', job: state.job } : state;
    case 'retried':
      return state.phase === 'retrying' ? settled(jobOfStarted(event.answer, state.job)) : state;
    case 'retryFailed':
      return state.phase === 'retrying' ? { phase: 'failed', job: state.job } : state;
    case 'reset':
      return isMerging(state) ? state : initialMerge;
  }
}

/** A merge is on its way: a second one is refused (§5). */
export const isMerging = (state: MergeState) =>
  state.phase === 'starting' || state.phase === 'running' || state.phase === 'retrying';

/** Retry only a failed merge retried fewer than 3 times (§4). */
export const canRetry = (job: Pick<MergeJob, 'status' | 'retry_count'>) =>
  job.status === 'failed' && job.retry_count < MERGE_LIMITS.maxRetries;

/** The result shows once the merge completed with an output url (§4). */
export const hasResult = (state: MergeState): state is { phase: 'completed'; job: MergeJob } =>
  state.phase === 'completed' && Boolean(state.job.output_url) && !state.job.expired;

export interface Toast {
  kind: 'success' | 'error' | 'info';
  text: string;
}

/** The toast a change of phase calls for (§8 word for word), or null. */
export function toastOf(before: MergeState, after: MergeState): Toast | null {
  if (before.phase === after.phase) return null;
  if (after.phase === 'completed') return { kind: 'success', text: mergeMessages.completed };
  if (after.phase === 'failed' && before.phase === 'running')
    return { kind: 'error', text: after.job.error_message || mergeMessages.failed };
  if (after.phase === 'cancelled') return { kind: 'info', text: mergeMessages.cancelled };
  if (after.phase === 'lost') return { kind: 'error', text: mergeMessages.lostConnection };
  return null;
}

/** "Stream copy" or "Re-encoded": how the merge was (or will be) made. */
export const methodLabel = (method: MergeJob['processing_method']) =>
  method === 'stream_copy' ? 'Stream copy' : method === 're_encode' ? 'Re-encoded' : null;

// --- preview ---

export type PreviewState =
  | { phase: 'idle' }
  | { phase: 'starting' }
  | { phase: 'processing'; preview_id: string; attempts: number; progress: number }
  | { phase: 'completed'; preview_id: string; preview_url: string | null; preview_duration: number }
  | { phase: 'failed'; error: string }
  | { phase: 'timeout' };

export type PreviewEvent =
  | { type: 'start' }
  | { type: 'started'; answer: PreviewStatus }
  | { type: 'startFailed'; error: string }
  | { type: 'polled'; status: PreviewStatus }
  | { type: 'pollMissed' }
  | { type: 'notFound' }
  | { type: 'timeout' }
  | { type: 'reset' };

export const initialPreview: PreviewState = { phase: 'idle' };

const previewOf = (s: PreviewStatus, attempts: number): PreviewState =>
  s.status === 'completed'
    ? {
        phase: 'completed',
        preview_id: s.preview_id,
        preview_url: s.preview_url,
        preview_duration: s.preview_duration,
      }
    : s.status === 'failed'
      ? { phase: 'failed', error: s.error_message || mergeMessages.previewFailed }
      : { phase: 'processing', preview_id: s.preview_id, attempts, progress: s.progress_percentage };

export function previewReducer(state: PreviewState, event: PreviewEvent): PreviewState {
  switch (event.type) {
    case 'start':
      return isPreviewing(state) ? state : { phase: 'starting' };
    case 'started':
      return state.phase === 'starting' ? previewOf(event.answer, 0) : state;
    case 'startFailed':
      return state.phase === 'starting' ? { phase: 'failed', error: event.error } : state;
    case 'polled':
      return state.phase === 'processing' && event.status.preview_id === state.preview_id
        ? previewOf(event.status, state.attempts + 1)
        : state;
    case 'pollMissed':
      return state.phase === 'processing' ? { ...state, attempts: state.attempts + 1 } : state;
    case 'notFound':
      return state.phase === 'processing'
        ? { phase: 'completed', preview_id: state.preview_id, preview_url: null, preview_duration: 0 }
        : state;
    case 'timeout':
      return state.phase === 'processing' ? { phase: 'timeout' } : state;
    case 'reset':
      return isPreviewing(state) ? state : initialPreview;
  }
}

export const isPreviewing = (state: PreviewState) =>
  state.phase === 'starting' || state.phase === 'processing';

/** The toast a preview's change of phase calls for (§8), or null. */
export function previewToastOf(before: PreviewState, after: PreviewState): Toast | null {
  if (before.phase === after.phase) return null;
  if (after.phase === 'processing' && before.phase === 'starting')
    return { kind: 'info', text: mergeMessages.previewStarted };
  if (after.phase === 'completed') return { kind: 'success', text: mergeMessages.previewCompleted };
  if (after.phase === 'timeout') return { kind: 'error', text: mergeMessages.previewTimedOut };
  if (after.phase === 'failed') return { kind: 'error', text: mergeMessages.previewFailed };
  return null;
}
