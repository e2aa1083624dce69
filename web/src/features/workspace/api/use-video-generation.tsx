import type { PipelineStatus, PipelineStep, VideoGeneration } from '@contracts/video';
import {
  FAILURE_TOAST_MS,
  isGenerating,
  normaliseGenerationStatus,
  POLL_ERROR_DELAY_MS,
  SUCCESS_TOAST_MS,
  videoMessages,
} from '@contracts/video';
import { useCallback, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { notifyVideoLimit } from '@/components/subscription/video-limit';
import { errorText } from '@/lib/api-client';
import {
  failureTitle,
  friendlyFailure,
  generationFollowDelay,
  generationPollDelay,
  historyReloadDelay,
  pollingInfo,
  RENDER_STATE_MESSAGES,
  retryAfterPollError,
  startedText,
  type PollingInfo,
} from '../model/video';
import {
  cancelGeneration,
  getGenerationStatus,
  getPipelineStatus,
  reloadChapterVideoGenerations,
  renderProduction,
  retryGeneration,
  runningGenerationOf,
  startVideoGeneration,
  triggerLipSync,
  videoKeys,
} from './video';
import { mutate } from 'swr';

export interface GenerationState {
  generation: VideoGeneration | null;
  pipeline: PipelineStatus | null;
  /** A start, a render or a retry is being asked for. */
  starting: boolean;
  /** The generation being polled (what Cancel targets), null when none is followed. */
  followedId: string | null;
  /** The studio's polling gave up (the `timeout` kind): no answer after its attempts. */
  gaveUp: boolean;
  /** The polling info while checks find nothing to show (no generation data yet, or failed checks). */
  polling: PollingInfo | null;
  /** What the panel says meanwhile ('No generation data available', 'Error checking video status'). */
  notice: string | null;
}

const EMPTY: GenerationState = {
  generation: null,
  pipeline: null,
  starting: false,
  followedId: null,
  gaveUp: false,
  polling: null,
  notice: null,
};

function FailureToast({ generation }: { generation: VideoGeneration }) {
  const step = generation.failed_step;
  return (
    <div className="text-sm">
      <p className="font-semibold">{failureTitle(generation.video_generation_id ?? generation.id)}</p>
      <p>{friendlyFailure(generation.error_message, step)}</p>
    </div>
  );
}

/**
 * The generation the studio follows for the selected script: on a script change it is reset and
 * the script's latest generation loaded (and followed while it runs). A followed generation is
 * polled on the spec's schedule (3 s pending, 2 s processing, 2.5 s otherwise; stopped when it
 * ends), with up to 5 retries 2 s apart when a check fails. Its end is told by a toast (complete:
 * 8 s; failed: 15 s at the top right, and the chapter's history reloaded 500 ms later).
 */
export function useVideoGeneration(chapterId: string, scriptId: string | null) {
  const [state, setState] = useState<GenerationState>(EMPTY);
  /** Each follow gets a ticket: a poll of an older ticket stops. */
  const ticket = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const stop = useCallback(() => {
    ticket.current += 1;
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);
  useEffect(() => stop, [stop]);

  const follow = useCallback(
    (id: string, first?: VideoGeneration | null) => {
      stop();
      const mine = ticket.current;
      let failures = 0;
      /** Checks in a row that found nothing to show (204 or a failed check): the polling info's attempts. */
      let empty = 0;
      let lastStatus = first?.generation_status ?? null;
      setState((s) => ({
        ...s,
        ...(first ? { generation: first, starting: false } : {}),
        followedId: id,
        gaveUp: false,
        polling: null,
        notice: null,
      }));
      const giveUp = (notice: string) => {
        if (timer.current) clearTimeout(timer.current);
        timer.current = null;
        setState((s) => ({ ...s, starting: false, gaveUp: true, notice }));
        toast.error(notice);
      };
      const poll = async () => {
        let delay: number | null;
        try {
          const [generation, pipeline] = await Promise.all([getGenerationStatus(id), getPipelineStatus(id)]);
          if (mine !== ticket.current) return;
          failures = 0;
          if (!generation) {
            // 204: the generation has no data yet. Not a polling error: said, and asked again.
            empty += 1;
            const info = pollingInfo(empty);
            if (info.exhausted) return giveUp(RENDER_STATE_MESSAGES.timeout!);
            setState((s) => ({ ...s, polling: info, notice: videoMessages.noGenerationData }));
            timer.current = setTimeout(() => void poll(), generationPollDelay(null) ?? 2500);
            return;
          }
          empty = 0;
          setState((s) => ({ ...s, generation, pipeline, starting: false, polling: null, notice: null }));
          if (generation.generation_status !== lastStatus) {
            lastStatus = generation.generation_status;
            void reloadChapterVideoGenerations(chapterId);
          }
          delay = generationFollowDelay(generation);
          if (delay === null) return finished(generation);
        } catch {
          if (mine !== ticket.current) return;
          failures += 1;
          empty += 1;
          const info = pollingInfo(empty);
          if (!retryAfterPollError(failures) || info.exhausted) return giveUp('Error checking video status');
          setState((s) => ({ ...s, polling: info }));
          delay = POLL_ERROR_DELAY_MS;
        }
        timer.current = setTimeout(() => void poll(), delay);
      };
      const finished = (generation: VideoGeneration) => {
        const status = normaliseGenerationStatus(generation.generation_status);
        if (status === 'completed') {
          if (generation.final_video?.video_url || generation.video_url)
            toast.success('Video Generation Complete', { duration: SUCCESS_TOAST_MS });
          else toast.error(RENDER_STATE_MESSAGES.completed_no_download!, { duration: FAILURE_TOAST_MS });
          void mutate(videoKeys.production(chapterId));
        } else if (status === 'failed') {
          toast.error(<FailureToast generation={generation} />, {
            duration: FAILURE_TOAST_MS,
            position: 'top-right',
          });
          // Seen while polling: the history reloads 1000 ms later.
          setTimeout(() => void reloadChapterVideoGenerations(chapterId), historyReloadDelay(true));
        } else if (status === 'cancelled') {
          toast(videoMessages.cancelled);
        }
        void reloadChapterVideoGenerations(chapterId);
      };
      const firstDelay = first ? generationFollowDelay(first) : 0;
      if (firstDelay === null) return;
      timer.current = setTimeout(() => void poll(), firstDelay);
    },
    [chapterId, stop],
  );

  // The studio mounts this once per selected script (a new script starts over from a fresh state):
  // the script's latest generation is shown, and followed while it runs.
  useEffect(() => {
    stop();
    if (!scriptId) return;
    const mine = ticket.current;
    getGenerationStatus(scriptId)
      .then(async (latest) => {
        if (mine !== ticket.current || !latest) return;
        const running = generationFollowDelay(latest) !== null;
        if (running) follow(latest.video_generation_id ?? latest.id, latest);
        else {
          const pipeline = await getPipelineStatus(latest.video_generation_id ?? latest.id);
          if (mine === ticket.current) setState({ ...EMPTY, generation: latest, pipeline });
          if (normaliseGenerationStatus(latest.generation_status) === 'failed')
            setTimeout(() => void reloadChapterVideoGenerations(chapterId), historyReloadDelay(false));
        }
      })
      .catch(() => {
        // Nothing to show yet: the studio is ready to render.
      });
  }, [scriptId, chapterId, follow, stop]);

  const begin = () => setState((s) => ({ ...s, starting: true, gaveUp: false, notice: null, polling: null }));
  const failedToStart = (error: unknown, fallback: string) => {
    setState((s) => ({ ...s, starting: false }));
    // Over the monthly limit (402): the spec's message with the way to the plans.
    if (!notifyVideoLimit(error)) toast.error(errorText(error, fallback));
  };

  const start = useCallback(async () => {
    if (!scriptId) return void toast.error(videoMessages.scriptRequired);
    begin();
    try {
      const started = await startVideoGeneration(scriptId, chapterId);
      if (started.running) toast(started.message || videoMessages.alreadyRunning);
      else toast.success(startedText(started.message));
      void reloadChapterVideoGenerations(chapterId);
      follow(started.id);
    } catch (error) {
      failedToStart(error, videoMessages.startFailed);
    }
  }, [scriptId, chapterId, follow]);

  const render = useCallback(async () => {
    if (!scriptId) return void toast.error(videoMessages.scriptRequired);
    begin();
    try {
      const generation = await renderProduction(chapterId, scriptId);
      toast.success(startedText(videoMessages.started));
      void reloadChapterVideoGenerations(chapterId);
      follow(generation.video_generation_id ?? generation.id, generation);
    } catch (error) {
      // One runs already for the chapter: the panel follows that one.
      const running = runningGenerationOf(error);
      if (running) {
        toast(errorText(error, videoMessages.alreadyRunning));
        return follow(running);
      }
      failedToStart(error, 'Rendering failed. Please try again.');
    }
  }, [scriptId, chapterId, follow]);

  const current = state.generation;
  const currentId = current ? (current.video_generation_id ?? current.id) : null;

  const retry = useCallback(
    async (step?: PipelineStep, id: string | null = currentId) => {
      if (!id) return;
      begin();
      try {
        const generation = await retryGeneration(id, step);
        toast.success(videoMessages.retried(step ?? generation.failed_step ?? 'the failed step'));
        follow(id, generation);
      } catch (error) {
        failedToStart(error, videoMessages.startFailed);
      }
    },
    [currentId, follow],
  );

  const lipSync = useCallback(async () => {
    if (!currentId) return;
    begin();
    try {
      const generation = await triggerLipSync(currentId);
      toast.success(videoMessages.retried('lipsync'));
      follow(currentId, generation);
    } catch (error) {
      failedToStart(error, videoMessages.startFailed);
    }
  }, [currentId, follow]);

  /**
   * Cancels the running generation the studio follows, and only it: `id` (the one the panel shows)
   * must be the followed generation and still running, never an older finished one.
   */
  const followedId = state.followedId;
  const running = current !== null && isGenerating(current.generation_status);
  const cancel = useCallback(
    async (id: string | null = currentId) => {
      if (!id || id !== currentId || id !== followedId || !running) return;
      try {
        const generation = await cancelGeneration(id);
        stop();
        setState((s) => ({ ...s, generation, followedId: null }));
        toast(videoMessages.cancelled);
        void reloadChapterVideoGenerations(chapterId);
      } catch (error) {
        toast.error(errorText(error, 'Failed to cancel the video generation'));
      }
    },
    [currentId, followedId, running, chapterId, stop],
  );

  /** After polling gave up: follow the same generation again. */
  const checkAgain = useCallback(() => {
    const id = followedId ?? currentId;
    if (id) follow(id);
  }, [followedId, currentId, follow]);

  /** Shows (and follows, while it runs) a generation picked from the history. */
  const open = useCallback(
    (generation: VideoGeneration) => {
      const id = generation.video_generation_id ?? generation.id;
      if (generationFollowDelay(generation) !== null) return follow(id, generation);
      stop();
      setState({ ...EMPTY, generation });
      void getPipelineStatus(id).then((pipeline) =>
        setState((s) => (s.generation === generation ? { ...s, pipeline } : s)),
      );
    },
    [follow, stop],
  );

  return { ...state, start, render, retry, lipSync, cancel, checkAgain, open };
}
