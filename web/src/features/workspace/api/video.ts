import type {
  ChapterGenerations,
  DownloadQuality,
  FinalVideoAnswer,
  GenerationStarted,
  PipelineStatus,
  PipelineStep,
  VideoDownload,
  VideoGeneration,
  VideoProduction,
} from '@contracts/video';
import { pipelineStatus, VIDEO_DEFAULTS, videoGeneration, WORKSPACE_POLL_MS } from '@contracts/video';
import type { SaveProductionRequest } from '@contracts/video-requests';
import useSWR, { mutate } from 'swr';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { TranscodeFailed, videoStage } from '../model/video';

/**
 * The chapter video pipeline and the video production routes (functions/contracts/video.ts). The
 * generation being followed is polled by `useVideoGeneration`; the chapter's generations list is
 * polled every 2 s while its newest one runs, so the stage dots and the sidebar follow too.
 */
export const videoKeys = {
  generations: (chapterId: string) => `/ai/chapter-video-generations/${chapterId}`,
  production: (chapterId: string) => `/chapters/${chapterId}/video-production`,
};

/** The chapter's generations, newest first; a failure (or a server without the route) reads as none. */
export const useChapterVideoGenerations = (chapterId: string | null) =>
  useSWR<VideoGeneration[]>(
    chapterId ? videoKeys.generations(chapterId) : null,
    async (path: string) => {
      try {
        const answer = await api.get<ChapterGenerations>(path, { quiet: true });
        return answer?.generations ?? [];
      } catch {
        return [];
      }
    },
    { refreshInterval: (list) => (videoStage(list) === 'generating' ? WORKSPACE_POLL_MS : 0) },
  );

export const reloadChapterVideoGenerations = (chapterId: string) => mutate(videoKeys.generations(chapterId));

/** The saved production of the chapter (empty scenes when none is saved): the server is the source of truth. */
export const useVideoProduction = (chapterId: string) =>
  useSWR<VideoProduction>(videoKeys.production(chapterId), (path: string) =>
    api.get<VideoProduction>(path, { quiet: true }),
  );

export const saveVideoProduction = async (chapterId: string, body: SaveProductionRequest) => {
  const saved = await api.put<VideoProduction>(videoKeys.production(chapterId), body);
  await mutate(videoKeys.production(chapterId), saved, { revalidate: false });
  return saved;
};

/** Scenes made from the chapter's images and audio for the script (saved by the server). */
export const initializePipeline = async (chapterId: string, scriptId: string) => {
  const production = await api.post<VideoProduction>(`/ai/initialize-pipeline/${scriptId}`, {});
  await mutate(videoKeys.production(chapterId), production, { revalidate: false });
  return production;
};

/** Films the saved timeline of the script through the pipeline. */
export const renderProduction = (chapterId: string, scriptId: string) =>
  api.post<VideoGeneration>(`${videoKeys.production(chapterId)}/render`, { script_id: scriptId });

/**
 * Starts a generation with the workspace's defaults. When one already runs for the chapter, the
 * server answers 409 with its id: that one is answered instead (`running: true`), to be followed.
 */
export async function startVideoGeneration(
  scriptId: string,
  chapterId: string,
): Promise<{ id: string; message: string; running: boolean }> {
  try {
    const started = await api.post<GenerationStarted>('/ai/generate-entertainment-video', {
      script_id: scriptId,
      chapter_id: chapterId,
      ...VIDEO_DEFAULTS,
    });
    return { id: started.video_generation_id, message: started.message, running: false };
  } catch (error) {
    const running = runningGenerationOf(error);
    if (running) return { id: running, message: error instanceof Error ? error.message : '', running: true };
    throw error;
  }
}

/** The id a 409 answer names (the generation already running for the chapter). */
export function runningGenerationOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = error.body as { video_generation_id?: unknown } | undefined;
  return typeof body?.video_generation_id === 'string' ? body.video_generation_id : null;
}

/** A generation by its id, or the latest of a script by the script's id; null for "none yet" (204). */
export const getGenerationStatus = async (id: string): Promise<VideoGeneration | null> =>
  (await api.get<VideoGeneration | undefined>(`/ai/video-generation-status/${id}`, {
    quiet: true,
    schema: videoGeneration,
  })) ?? null;

/** Best effort: null when it fails. */
export const getPipelineStatus = async (id: string): Promise<PipelineStatus | null> => {
  try {
    return await api.get<PipelineStatus>(`/ai/pipeline-status/${id}`, {
      quiet: true,
      schema: pipelineStatus,
    });
  } catch {
    return null;
  }
};

export const cancelGeneration = (id: string) => api.post<VideoGeneration>(`/ai/cancel-generation/${id}`, {});

export const retryGeneration = (id: string, step?: PipelineStep) =>
  api.post<VideoGeneration>(`/ai/retry-generation/${id}`, step ? { retry_from_step: step } : {});

export const triggerLipSync = (id: string) => api.post<VideoGeneration>(`/ai/trigger-lip-sync/${id}`, {});

export const getFinalVideo = (id: string) =>
  api.get<FinalVideoAnswer>(`/ai/final-video/${id}`, { quiet: true });

/** While the file of a quality is transcoded the first time, the route is asked again every 2 s. */
export const DOWNLOAD_POLL_MS = 2000;
/** A file whose making has not moved in this many checks (10 minutes) is given up. */
export const DOWNLOAD_MAX_POLLS = 300;

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('Aborted', 'AbortError'));
    });
  });

type DownloadInProgress = Extract<VideoDownload, { status: 'processing' | 'failed' }>;

/**
 * The final video at a quality, ready to download: asks the download route, and while it answers
 * 202 processing asks again every 2 s — given up after 10 minutes without progress (a film filmed
 * again at a larger size takes minutes, and keeps moving). Throws the server's words on a failure.
 */
export async function readyDownload(
  id: string,
  quality: DownloadQuality,
  options: { signal?: AbortSignal; onProcessing?: (answer: DownloadInProgress) => void } = {},
): Promise<Extract<VideoDownload, { status: 'ready' }>> {
  let lastProgress = -1;
  for (let polls = 0, still = 0; still < DOWNLOAD_MAX_POLLS; polls += 1, still += 1) {
    const answer = await api.get<VideoDownload>(`/ai/final-video/${id}/download?quality=${quality}`, {
      quiet: polls > 0,
      signal: options.signal,
    });
    if (answer.status === 'ready') return answer;
    if (answer.status === 'failed')
      throw new TranscodeFailed(answer.error_message || 'Failed to download video');
    if ((answer.progress ?? -1) > lastProgress) {
      lastProgress = answer.progress ?? -1;
      still = 0;
    }
    options.onProcessing?.(answer);
    await wait(DOWNLOAD_POLL_MS, options.signal);
  }
  throw new Error('Failed to download video');
}

/** Hands a URL to the browser as a download named `filename`. */
export function startBrowserDownload(url: string, filename: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Downloads the final video of a generation at a quality: the spec's messages for what can go wrong. */
export async function downloadFinalVideo(
  id: string,
  quality: DownloadQuality,
  options: { signal?: AbortSignal; onProcessing?: (answer: DownloadInProgress) => void } = {},
) {
  const ready = await readyDownload(id, quality, options);
  startBrowserDownload(ready.download_url, ready.filename);
  return ready;
}
