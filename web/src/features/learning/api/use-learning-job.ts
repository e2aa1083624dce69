import type { LearningContentItem, LearningContentType, LearningJob } from '@contracts/learning';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { checkJobStatus } from './learning';
import { becameSlow, nextPollDelay, pollKindOf } from './schedule';

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
 * One generation of one content type for one chapter: starts it, polls its status on the schedule
 * of its kind (see schedule.ts) and reports how it ends.
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

  useEffect(() => {
    if (!pollingId) return;
    const kind = pollKindOf(contentType);
    let stopped = false;
    let checks = 0;
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      const delay = nextPollDelay(kind, checks);
      if (delay === null) {
        setState((s) => ({ ...s, phase: 'timeout' }));
        setPollingId(null);
        handlers.current.onTimeout?.();
        return;
      }
      timer = setTimeout(check, delay);
    };
    const check = async () => {
      checks += 1;
      try {
        const job = await checkJobStatus(pollingId);
        if (stopped) return;
        if (!apply(job)) {
          setPollingId(null);
          return;
        }
      } catch (error) {
        if (stopped) return;
        handlers.current.onCheckError?.(error);
        setState((s) => ({ ...s, error: CHECK_ERROR }));
        // A job that no longer exists will not come back; anything else may be a passing hiccup.
        if (error instanceof ApiError && (error.status === 404 || error.status === 403)) {
          setState((s) => ({ ...s, phase: 'failed', error: error.message }));
          setPollingId(null);
          return;
        }
      }
      if (becameSlow(kind, checks)) handlers.current.onSlow?.();
      schedule();
    };
    schedule();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [pollingId, contentType, apply]);

  const start = useCallback(
    async (request: () => Promise<LearningJob>) => {
      setState({ ...IDLE, phase: 'starting', step: 'Starting' });
      try {
        const job = await request();
        if (apply(job)) setPollingId(job.id);
      } catch (error) {
        setState({
          ...IDLE,
          phase: 'failed',
          error: error instanceof Error ? error.message : String(error),
        });
        handlers.current.onStartFailed?.(error);
      }
    },
    [apply],
  );

  /** Picks up a generation that was already running when the page was opened. */
  const resume = useCallback((item: LearningContentItem) => {
    setState({
      phase: 'processing',
      progress: item.progress ?? 0,
      step: item.step ?? 'Processing',
      error: null,
      job: null,
    });
    setPollingId(item.id);
  }, []);

  return { state, start, resume, busy: state.phase === 'starting' || state.phase === 'processing' };
}
