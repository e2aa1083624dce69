import type { MergeStatus } from '@contracts/merge';
import { mergeMessages } from '@contracts/merge';
import type { MergeRequest, PreviewRequest } from '@contracts/merge-requests';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import toast from 'react-hot-toast';
import { mutate } from 'swr';
import { ApiError } from '@/lib/api-client';
import { useJobStatus } from '@/lib/use-job-status';
import { downloadErrorText, tooLargeToDownload } from '../model/download';
import { MERGE_SCHEDULE, PREVIEW_SCHEDULE, previewNotFound } from '../model/polling';
import {
  initialMerge,
  initialPreview,
  isMerging,
  isPreviewing,
  mergeReducer,
  previewReducer,
  previewToastOf,
  toastOf,
  type Toast,
} from '../model/session';
import {
  getMergeDownload,
  getMergeStatus,
  getPreviewStatus,
  mergeKeys,
  retryMerge,
  startMerge,
  startPreview,
} from './merge';

const show = (t: Toast | null) => {
  if (!t) return;
  if (t.kind === 'success') toast.success(t.text);
  else if (t.kind === 'error') toast.error(t.text);
  else toast(t.text);
};

/** The spec's words for a refused call, with the server's reason after them when it gave one. */
const withReason = (prefix: string, error: unknown) =>
  error instanceof ApiError && error.message && error.message !== prefix
    ? `${prefix}: ${error.message}`
    : prefix;

/**
 * The merge the studio follows (spec §4, §8): start it, follow its status with `useJobStatus`
 * every 3 s (backing off after failures, lost after five retries), retry it, download its result; the toasts of §8.
 */
export function useMergeJob() {
  const [state, dispatch] = useReducer(mergeReducer, initialMerge);
  const before = useRef(state);

  useEffect(() => {
    show(toastOf(before.current, state));
    if (before.current.phase !== state.phase && state.phase !== 'running') void mutate(mergeKeys.jobs);
    before.current = state;
  }, [state]);

  useJobStatus(state.phase === 'running' ? state.job.merge_id : null, getMergeStatus, MERGE_SCHEDULE, {
    onAnswer: (status) => dispatch({ type: 'polled', status }),
    onCheckFailed: () => dispatch({ type: 'pollFailed' }),
    onLost: () => dispatch({ type: 'lost' }),
  });

  const start = useCallback(
    async (body: MergeRequest) => {
      if (isMerging(state)) return void toast.error(mergeMessages.mergeRunning);
      if (!body.input_sources?.length) return void toast.error(mergeMessages.noInputs);
      dispatch({ type: 'start' });
      try {
        const answer = await startMerge(body);
        dispatch({ type: 'started', answer });
        toast.success(mergeMessages.started);
        if (answer.status === 'pending' && answer.queue_position > 0)
          toast(mergeMessages.queued(answer.queue_position));
      } catch (error) {
        dispatch({ type: 'startFailed' });
        toast.error(withReason(mergeMessages.startFailed, error));
      }
    },
    [state],
  );

  const retry = useCallback(async () => {
    if (state.phase !== 'failed') return;
    dispatch({ type: 'retry' });
    try {
      const answer = await retryMerge(state.job.merge_id);
      dispatch({ type: 'retried', answer });
      toast.success(mergeMessages.retried);
    } catch (error) {
      dispatch({ type: 'retryFailed' });
      toast.error(withReason(mergeMessages.retryFailed, error));
    }
  }, [state]);

  const follow = useCallback((status: MergeStatus) => dispatch({ type: 'follow', status }), []);
  const reset = useCallback(() => dispatch({ type: 'reset' }), []);

  return { state, start, retry, follow, reset };
}

/** Hands a URL to the browser as a download named `filename`. */
function startBrowserDownload(url: string, filename: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Downloads a merge result; refused over 2 GB; the §8 messages by status. */
export async function downloadMergeResult(mergeId: string, knownSize: number | null) {
  if (tooLargeToDownload(knownSize)) return void toast.error(mergeMessages.downloadTooLarge);
  try {
    const answer = await getMergeDownload(mergeId);
    if (tooLargeToDownload(answer.file_size_bytes)) return void toast.error(mergeMessages.downloadTooLarge);
    startBrowserDownload(answer.download_url, answer.filename);
  } catch (error) {
    toast.error(
      error instanceof ApiError ? downloadErrorText(error.status, error.message) : mergeMessages.serverError,
    );
  }
}

/**
 * The preview (spec §4, §9): start it with the first two inputs, check it after 2 s and then every
 * 10 s, 30 checks at most; a 404 after 5 s counts as completed; the toasts of §8.
 */
export function usePreview() {
  const [state, dispatch] = useReducer(previewReducer, initialPreview);
  const before = useRef(state);
  const startedAt = useRef(0);

  useEffect(() => {
    show(previewToastOf(before.current, state));
    before.current = state;
  }, [state]);

  useJobStatus(state.phase === 'processing' ? state.preview_id : null, getPreviewStatus, PREVIEW_SCHEDULE, {
    onAnswer: (status) => dispatch({ type: 'polled', status }),
    onCheckFailed: (error) => {
      // A 404 once the preview had time to be written: the spec counts it as completed.
      const gone =
        error instanceof ApiError &&
        error.status === 404 &&
        previewNotFound(Date.now() - startedAt.current) === 'completed';
      dispatch({ type: gone ? 'notFound' : 'pollMissed' });
    },
    onTimeout: () => dispatch({ type: 'timeout' }),
    onLost: () => dispatch({ type: 'timeout' }),
  });

  const start = useCallback(
    async (body: PreviewRequest) => {
      if (isPreviewing(state)) return void toast.error(mergeMessages.previewRunning);
      if (!body.input_sources?.length) return void toast.error(mergeMessages.previewInputs);
      dispatch({ type: 'start' });
      startedAt.current = Date.now();
      try {
        dispatch({ type: 'started', answer: await startPreview(body) });
      } catch (error) {
        dispatch({ type: 'startFailed', error: withReason(mergeMessages.previewFailed, error) });
      }
    },
    [state],
  );

  const reset = useCallback(() => dispatch({ type: 'reset' }), []);
  return { state, start, reset };
}
