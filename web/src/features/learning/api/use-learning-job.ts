import type { LearningContentItem, LearningContentType, LearningJob } from '@contracts/learning';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { useJobStatus } from '@/lib/use-job-status';
import { checkJobStatus } from './learning';
import { becameSlow, learningSchedule, pollKindOf } from './schedule';

/**
 * Local states of a generation, from the product's list: processing, ready, failed, timeout (no
 * answer within the polling schedule) and completed_no_download (ready without a playable URL).
 */
export type JobPhase =
  'idle' | 'starting' | 'processing' | 'ready' | 'failed' | 'timeout' | 'completed_no_download';

export interface JobState {
  phase: JobPhase;
  progress: number;
  step: string;
  error: string | null;
  job: LearningJob | null;
}

export interface JobEvents {
  onReady?: (job: LearningJob) => void;
  onNoDownload?: (job: LearningJob) => void;
  onFailed?: (message: string | null, job: LearningJob | null) => void;
  onStartFailed?: (error: unknown) => void;
  onSlow?: () => void;
  onTimeout?: () => void;
  onCheckError?: (error: unknown) => void;
}

/** Shown while a status check failed but the generation may still be running. */
export const CHECK_ERROR = 'Error checking video status';

const IDLE: JobState = { phase: 'idle', progress: 0, step: '', error: null, job: null };

export const mediaUrlOf = (job: LearningJob) =>
  job.content_url ?? (job.content_type === 'audio_narration' ? job.audio_url : job.video_url);

/**
 * One generation of one content type for one chapter: starts it, follows its status with
 * `useJobStatus` on the schedule of its kind (see schedule.ts) and reports how it ends.
 */
export function useLearningJob(contentType: LearningContentType, events: JobEvents) {
  const [state, setState] = useState<JobState>(IDLE);
  const [pollingId, setPollingId] = useState<string | null>(null);
  const handlers = useRef(events);
  useEffect(() => {
    handlers.current = events;
  });

  /** Applies a job answer; true while it is still processing. */
  const apply = useCallback((job: LearningJob): boolean => {
    if (job.status === 'processing') {
      setState({ phase: 'processing', progress: job.progress, step: job.step, error: null, job });
      return true;
    }
    if (job.status === 'ready') {
      const playable = Boolean(mediaUrlOf(job));
      setState({
        phase: playable ? 'ready' : 'completed_no_download',
        progress: 100,
        step: job.step,
        error: null,
        job,
      });
      if (playable) handlers.current.onReady?.(job);
      else handlers.current.onNoDownload?.(job);
      return false;
    }
    setState({ phase: 'failed', progress: job.progress, step: job.step, error: job.error_message, job });
    handlers.current.onFailed?.(job.error_message, job);
    return false;
  }, []);

  /** Checks made of the followed job: the video says it is slow once it moves to the slow schedule. */
  const checks = useRef(0);
  const schedule = useMemo(() => learningSchedule(pollKindOf(contentType)), [contentType]);
  const { restart } = useJobStatus(pollingId, checkJobStatus, schedule, {
    onAnswer: (answer) => {
      checks.current += 1;
      if (apply(answer) && becameSlow(pollKindOf(contentType), checks.current)) handlers.current.onSlow?.();
    },
    onEnd: () => setPollingId(null),
    onTimeout: () => {
      setState((s) => ({ ...s, phase: 'timeout' }));
      setPollingId(null);
      handlers.current.onTimeout?.();
    },
    onCheckFailed: (error) => {
      checks.current += 1;
      handlers.current.onCheckError?.(error);
      setState((s) => ({ ...s, error: CHECK_ERROR }));
    },
    // A job that no longer exists will not come back (404, 403); the checks ran out otherwise.
    onLost: (error) => {
      handlers.current.onCheckError?.(error);
      const gone = error instanceof ApiError && (error.status === 404 || error.status === 403);
      setState((s) => (gone ? { ...s, phase: 'failed', error: error.message } : { ...s, phase: 'timeout' }));
      setPollingId(null);
      if (!gone) handlers.current.onTimeout?.();
    },
  });

  /** Follows a job (the same one again after a retry of it). */
  const follow = useCallback(
    (id: string) => {
      checks.current = 0;
      if (id === pollingId) restart();
      else setPollingId(id);
    },
    [pollingId, restart],
  );

  const start = useCallback(
    async (request: () => Promise<LearningJob>) => {
      setState({ ...IDLE, phase: 'starting', step: 'Starting' });
      try {
        const started = await request();
        if (apply(started)) follow(started.id);
      } catch (error) {
        setState({
          ...IDLE,
          phase: 'failed',
          error: error instanceof Error ? error.message : String(error),
        });
        handlers.current.onStartFailed?.(error);
      }
    },
    [apply, follow],
  );

  /** Picks up a generation that was already running when the page was opened. */
  const resume = useCallback(
    (item: LearningContentItem) => {
      setState({
        phase: 'processing',
        progress: item.progress ?? 0,
        step: item.step ?? 'Processing',
        error: null,
        job: null,
      });
      follow(item.id);
    },
    [follow],
  );

  return { state, start, resume, busy: state.phase === 'starting' || state.phase === 'processing' };
}
