import type { PipelineStatus, PipelineStep, VideoGeneration } from '@contracts/video';
import {
  FAILURE_TOAST_MS,
  HISTORY_RELOAD_MS,
  normaliseGenerationStatus,
  POLL_ERROR_DELAY_MS,
  SUCCESS_TOAST_MS,
  videoMessages,
} from '@contracts/video';
import { useCallback, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { notifyVideoLimit } from '@/components/subscription/video-limit';
import { errorText } from '@/lib/api-client';
import { failureTitle, friendlyFailure, generationPollDelay, retryAfterPollError } from '../model/video';
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
}

const EMPTY: GenerationState = { generation: null, pipeline: null, starting: false };

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
      let lastStatus = first?.generation_status ?? null;
      if (first) setState((s) => ({ ...s, generation: first, starting: false }));
      const poll = async () => {
        let delay: number | null;
        try {
          const [generation, pipeline] = await Promise.all([getGenerationStatus(id), getPipelineStatus(id)]);
          if (mine !== ticket.current) return;
          failures = 0;
          if (!generation) throw new Error(videoMessages.noGenerationData);
          setState({ generation, pipeline, starting: false });
          if (generation.generation_status !== lastStatus) {
            lastStatus = generation.generation_status;
            void reloadChapterVideoGenerations(chapterId);
          }
          delay = generationPollDelay(generation.generation_status);
          if (delay === null) return finished(generation);
        } catch {
          if (mine !== ticket.current) return;
          failures += 1;
          if (!retryAfterPollError(failures)) {
            toast.error('Error checking video status');
            return;
          }
          delay = POLL_ERROR_DELAY_MS;
        }
        timer.current = setTimeout(() => void poll(), delay);
      };
      const finished = (generation: VideoGeneration) => {
        const status = normaliseGenerationStatus(generation.generation_status);
        if (status === 'completed') {
          toast.success('Video Generation Complete', { duration: SUCCESS_TOAST_MS });
          void mutate(videoKeys.production(chapterId));
        } else if (status === 'failed') {
          toast.error(<FailureToast generation={generation} />, {
            duration: FAILURE_TOAST_MS,
            position: 'top-right',
          });
          setTimeout(() => void reloadChapterVideoGenerations(chapterId), HISTORY_RELOAD_MS);
        } else if (status === 'cancelled') {
          toast(videoMessages.cancelled);
        }
        void reloadChapterVideoGenerations(chapterId);
      };
      const firstDelay = first ? generationPollDelay(first.generation_status) : 0;
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
        const running = generationPollDelay(latest.generation_status) !== null;
        if (running) follow(latest.video_generation_id ?? latest.id, latest);
        else {
          const pipeline = await getPipelineStatus(latest.video_generation_id ?? latest.id);
          if (mine === ticket.current) setState({ generation: latest, pipeline, starting: false });
        }
      })
      .catch(() => {
        // Nothing to show yet: the studio is ready to render.
      });
  }, [scriptId, follow, stop]);

  const begin = () => setState((s) => ({ ...s, starting: true }));
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
      else toast.success(`Video generation started! ${started.message}`);
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
      toast.success(`Video generation started! ${videoMessages.started}`);
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

  const cancel = useCallback(async () => {
    if (!currentId) return;
    try {
      const generation = await cancelGeneration(currentId);
      stop();
      setState((s) => ({ ...s, generation }));
      toast(videoMessages.cancelled);
      void reloadChapterVideoGenerations(chapterId);
    } catch (error) {
      toast.error(errorText(error, 'Failed to cancel the video generation'));
    }
  }, [currentId, chapterId, stop]);

  /** Shows (and follows, while it runs) a generation picked from the history. */
  const open = useCallback(
    (generation: VideoGeneration) => {
      const id = generation.video_generation_id ?? generation.id;
      if (generationPollDelay(generation.generation_status) !== null) return follow(id, generation);
      stop();
      setState({ generation, pipeline: null, starting: false });
      void getPipelineStatus(id).then((pipeline) =>
        setState((s) => (s.generation === generation ? { ...s, pipeline } : s)),
      );
    },
    [follow, stop],
  );

  return { ...state, start, render, retry, lipSync, cancel, open };
}
