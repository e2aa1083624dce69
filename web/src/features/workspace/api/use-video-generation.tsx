import type { PipelineStatus, PipelineStep, VideoGeneration } from '@contracts/video';
import {
  FAILURE_TOAST_MS,
  GENERATION_POLL_MS,
  isGenerating,
  normaliseGenerationStatus,
  POLL_ERROR_DELAY_MS,
  POLL_ERROR_RETRIES,
  SUCCESS_TOAST_MS,
  videoMessages,
} from '@contracts/video';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { notifyVideoLimit } from '@/components/subscription/video-limit';
import { errorText } from '@/lib/api-client';
import { fixedBackoff, useJobStatus, type JobSchedule } from '@/lib/use-job-status';
import {
  failureTitle,
  friendlyFailure,
  generationFollowDelay,
  historyReloadDelay,
  pollingInfo,
  RENDER_STATE_MESSAGES,
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
  /**
   * The followed run completed while the studio watched it: only then does the panel say "Video
   * generation completed!" (a finished generation shown on opening the tab is not news).
   */
  finishedHere: boolean;
}

const EMPTY: GenerationState = {
  generation: null,
  pipeline: null,
  starting: false,
  followedId: null,
  gaveUp: false,
  polling: null,
  notice: null,
  finishedHere: false,
};

/** One status check of a followed generation: the generation (null: no data yet, a 204) and its stages. */
interface GenerationCheck {
  generation: VideoGeneration | null;
  pipeline: PipelineStatus | null;
}

const checkGeneration = async (id: string): Promise<GenerationCheck> => {
  const [generation, pipeline] = await Promise.all([getGenerationStatus(id), getPipelineStatus(id)]);
  return { generation, pipeline };
};

/**
 * The spec's generation polling (spec 3 §9): 3 s pending, 2 s processing, 2.5 s otherwise, also
 * while a check finds no data yet; stopped when the run ends (a queued or running job never reads
 * as ended); up to 5 retries 2 s apart when a check fails.
 */
const GENERATION_SCHEDULE: JobSchedule<GenerationCheck> = {
  delay: (check) => {
    if (!check) return 0;
    return check.generation ? generationFollowDelay(check.generation) : GENERATION_POLL_MS.default;
  },
  retries: POLL_ERROR_RETRIES,
  backoff: fixedBackoff(POLL_ERROR_DELAY_MS),
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

const idOf = (generation: VideoGeneration) => generation.video_generation_id ?? generation.id;

/**
 * The generation the studio follows for the selected script: on a script change it is reset and
 * the script's latest generation loaded (and followed while it runs). A followed generation is
 * checked by `useJobStatus` on the spec's schedule. Its end is told by a toast (complete: 8 s;
 * failed: 15 s at the top right, and the chapter's history reloaded 1000 ms later) — only when the
 * run was seen running here, never for a run that had ended before the tab was opened.
 */
export function useVideoGeneration(chapterId: string, scriptId: string | null) {
  const [state, setState] = useState<GenerationState>(EMPTY);
  /** Checks in a row that found nothing to show (204 or a failed check): the polling info's attempts. */
  const empty = useRef(0);
  const lastStatus = useRef<string | null>(null);
  /** The followed run was running when the studio began to follow it (its end is news). */
  const watched = useRef(false);
  /** Each script load gets a ticket: an answer for an older one is dropped. */
  const ticket = useRef(0);

  const giveUp = (notice: string) => {
    job.stop();
    setState((s) => ({ ...s, starting: false, gaveUp: true, notice }));
    toast.error(notice);
  };
  const checkFoundNothing = (notice: string | null) => {
    empty.current += 1;
    const info = pollingInfo(empty.current);
    if (info.exhausted) return giveUp(notice ?? RENDER_STATE_MESSAGES.timeout!);
    setState((s) => ({ ...s, polling: info, ...(notice ? { notice } : {}) }));
  };

  const finished = (generation: VideoGeneration, watched: boolean) => {
    const status = normaliseGenerationStatus(generation.generation_status);
    void reloadChapterVideoGenerations(chapterId);
    if (!watched) return;
    if (status === 'completed') {
      const film = Boolean(generation.final_video?.video_url || generation.video_url);
      if (film) toast.success('Video Generation Complete', { duration: SUCCESS_TOAST_MS });
      else toast.error(RENDER_STATE_MESSAGES.completed_no_download!, { duration: FAILURE_TOAST_MS });
      setState((s) => ({ ...s, finishedHere: film }));
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
  };

  const job = useJobStatus(state.followedId, checkGeneration, GENERATION_SCHEDULE, {
    onAnswer: ({ generation, pipeline }) => {
      if (!generation) {
        // 204: the generation has no data yet. Not a polling error: said, and asked again.
        return checkFoundNothing(videoMessages.noGenerationData);
      }
      empty.current = 0;
      setState((s) => ({ ...s, generation, pipeline, starting: false, polling: null, notice: null }));
      if (generation.generation_status !== lastStatus.current) {
        lastStatus.current = generation.generation_status;
        void reloadChapterVideoGenerations(chapterId);
      }
    },
    onEnd: ({ generation }, followed) => generation && finished(generation, followed || watched.current),
    onCheckFailed: () => checkFoundNothing(null),
    onLost: () => giveUp('Error checking video status'),
  });

  /**
   * Follows a run (a new one, or the same generation run again): what was shown of an earlier run —
   * its stages and its bar — is dropped, so a rerun never shows the last run's "100 %".
   */
  const follow = (id: string, first?: VideoGeneration | null) => {
    empty.current = 0;
    lastStatus.current = first?.generation_status ?? null;
    watched.current = Boolean(first && generationFollowDelay(first) !== null);
    setState((s) => ({
      ...s,
      generation: first ?? (s.generation && idOf(s.generation) === id ? s.generation : null),
      pipeline: null,
      starting: first ? false : s.starting,
      followedId: id,
      gaveUp: false,
      polling: null,
      notice: null,
      finishedHere: false,
    }));
    if (id === state.followedId) job.restart(first ? { generation: first, pipeline: null } : undefined);
  };
  const followRef = useRef(follow);
  useEffect(() => {
    followRef.current = follow;
  });

  // The studio mounts this once per selected script (a new script starts over from a fresh state):
  // the script's latest generation is shown, and followed while it runs.
  useEffect(() => {
    ticket.current += 1;
    const mine = ticket.current;
    if (!scriptId) return;
    getGenerationStatus(scriptId)
      .then(async (latest) => {
        if (mine !== ticket.current || !latest) return;
        if (generationFollowDelay(latest) !== null) return followRef.current(idOf(latest), latest);
        const pipeline = await getPipelineStatus(idOf(latest));
        if (mine === ticket.current) setState({ ...EMPTY, generation: latest, pipeline });
        if (normaliseGenerationStatus(latest.generation_status) === 'failed')
          setTimeout(() => void reloadChapterVideoGenerations(chapterId), historyReloadDelay(false));
      })
      .catch(() => {
        // Nothing to show yet: the studio is ready to render.
      });
  }, [scriptId, chapterId]);

  const begin = () => setState((s) => ({ ...s, starting: true, gaveUp: false, notice: null, polling: null }));
  const failedToStart = (error: unknown, fallback: string) => {
    setState((s) => ({ ...s, starting: false }));
    // Over the monthly limit (402): the spec's message with the way to the plans.
    if (!notifyVideoLimit(error)) toast.error(errorText(error, fallback));
  };

  const start = async () => {
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
  };

  const render = async () => {
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
  };

  const current = state.generation;
  const currentId = current ? idOf(current) : null;

  const retry = async (step?: PipelineStep, id: string | null = currentId) => {
    if (!id) return;
    begin();
    try {
      const generation = await retryGeneration(id, step);
      toast.success(videoMessages.retried(step ?? generation.failed_step ?? 'the failed step'));
      follow(id, generation);
    } catch (error) {
      failedToStart(error, videoMessages.startFailed);
    }
  };

  const lipSync = async () => {
    if (!currentId) return;
    begin();
    try {
      const generation = await triggerLipSync(currentId);
      toast.success(videoMessages.retried('lipsync'));
      follow(currentId, generation);
    } catch (error) {
      failedToStart(error, videoMessages.startFailed);
    }
  };

  /**
   * Cancels the running generation the studio follows, and only it: `id` (the one the panel shows)
   * must be the followed generation and still running, never an older finished one.
   */
  const followedId = state.followedId;
  const running = current !== null && isGenerating(current.generation_status);
  const cancel = async (id: string | null = currentId) => {
    if (!id || id !== currentId || id !== followedId || !running) return;
    try {
      const generation = await cancelGeneration(id);
      job.stop();
      setState((s) => ({ ...s, generation, followedId: null }));
      toast(videoMessages.cancelled);
      void reloadChapterVideoGenerations(chapterId);
    } catch (error) {
      toast.error(errorText(error, 'Failed to cancel the video generation'));
    }
  };

  /** After polling gave up: follow the same generation again. */
  const checkAgain = () => {
    const id = followedId ?? currentId;
    if (id) follow(id);
  };

  /** Shows (and follows, while it runs) a generation picked from the history. */
  const open = (generation: VideoGeneration) => {
    if (generationFollowDelay(generation) !== null) return follow(idOf(generation), generation);
    job.stop();
    setState({ ...EMPTY, generation });
    void getPipelineStatus(idOf(generation)).then((pipeline) =>
      setState((s) => (s.generation === generation ? { ...s, pipeline } : s)),
    );
  };

  return { ...state, start, render, retry, lipSync, cancel, checkAgain, open };
}
