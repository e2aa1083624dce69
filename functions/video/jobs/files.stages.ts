import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DownloadQuality } from '../../contracts/video';
import type { addSubtitleStream } from '../../engine/productions/shots';
import type { TranscodeQuality, VideoEngine } from '../../engine/video/types';
import { JobGoneError, type JobSteps } from '../../jobs';
import type { ObjectStore, TempDir } from '../../lib/ports';
import type { TaskFailure } from '../../lib/workflows';
import {
  videoKeys,
  type VideoCombineOptions,
  type VideoCombineOutputs,
  type VideoDownloadOptions,
} from '../model';
import { fromWebVtt, joinedCues, toWebVtt } from '../subtitles';
import { videoCombineJob, videoDownloadJob } from './kinds';

/**
 * The download and combine jobs' stages: a copy of the final film at one quality (the picture fitted
 * into 16:9 at that height, H.264/AAC), and the user's films joined end to end (their subtitles joined
 * too, as the video's subtitle stream and a WebVTT sidecar). Each stores its file,
 * and removes it again if the job ended while it was made.
 */
export interface VideoFileDeps {
  jobs: JobSteps;
  engine: { video: Pick<VideoEngine, 'transcode' | 'probe' | 'merge'> };
  /** Carries the film's subtitles into a download (the encode drops the source's streams but picture and sound). */
  film: { addSubtitleStream: typeof addSubtitleStream };
  media: ObjectStore;
  tempDir: TempDir;
}

const TRANSCODE: Record<DownloadQuality, TranscodeQuality> = {
  web: 'low',
  medium: 'medium',
  high: 'high',
  ultra: 'ultra',
};

async function activeJob<O extends object>(deps: VideoFileDeps, jobId: string) {
  const job = await deps.jobs.active<O>(jobId);
  if (!job) throw new JobGoneError(`Job ${jobId} no longer exists or has ended`);
  return job;
}

/** Records what was made and finishes the job; a job that ended meanwhile keeps no file. */
async function finishWith(deps: VideoFileDeps, jobId: string, key: string, outputs: object, what: string) {
  if (!(await deps.jobs.record(jobId, { outputs, progress: 99 }))) {
    await deps.media.delete(key);
    throw new JobGoneError(`Job ${jobId} ended while ${what}`);
  }
  await deps.jobs.finish(jobId);
}

/** Transcode: the final film at the asked quality, stored where the download is served from. */
export async function transcodeStage(deps: VideoFileDeps, { job_id }: { job_id: string }) {
  const job = await activeJob<VideoDownloadOptions>(deps, job_id);
  const step = `Making the ${job.options.height}p copy`;
  await deps.jobs.begin(job_id, step, 5);
  const bytes = await deps.tempDir('video-download', async (dir) => {
    const source = await deps.media.download(job.options.source_key, join(dir, 'source.mp4'));
    const out = join(dir, 'out.mp4');
    await deps.engine.video.transcode({
      inputPath: source,
      quality: TRANSCODE[job.options.quality],
      format: 'mp4',
      outputPath: out,
      onProgress: (f) => void deps.jobs.progress(job_id, 5 + f * 90, step).catch(() => undefined),
    });
    const made = job.options.subtitles_key
      ? await withSubtitles(deps, job.options.subtitles_key, out, dir)
      : out;
    await deps.media.upload(job.options.output_key, made, 'video/mp4');
    return (await stat(made)).size;
  });
  await finishWith(deps, job_id, job.options.output_key, { bytes }, 'the copy was made');
  return { job_id, bytes };
}

/** The download with the film's subtitles as its subtitle stream (picture and sound copied). */
async function withSubtitles(deps: VideoFileDeps, subtitlesKey: string, film: string, dir: string) {
  const vtt = await deps.media.download(subtitlesKey, join(dir, 'film.vtt'));
  const out = join(dir, 'subtitled.mp4');
  await deps.film.addSubtitleStream(film, vtt, 'mp4', out);
  return out;
}

/** Combine: the films one after the other, copied when they share the first one's size and rate. */
export async function combineStage(deps: VideoFileDeps, { job_id }: { job_id: string }) {
  const job = await activeJob<VideoCombineOptions>(deps, job_id);
  await deps.jobs.begin(job_id, 'Joining the videos', 5);
  const { video } = deps.engine;
  const key = videoKeys.combined(job.target.book_id!, job.id);
  const outputs = await deps.tempDir('video-combine', async (dir): Promise<VideoCombineOutputs> => {
    const paths = await Promise.all(
      job.options.source_keys.map((source, i) => deps.media.download(source, join(dir, `in-${i}.mp4`))),
    );
    const probes = await Promise.all(paths.map((p) => video.probe(p)));
    let start = 0;
    const inputs = paths.map((path, i) => {
      const input = { path, type: 'video' as const, start_time: start, volume: 1 };
      start += probes[i]!.duration;
      return input;
    });
    const joined = join(dir, 'combined.mp4');
    // The first video's size and rate: videos that share them are joined without re-encoding.
    const first = probes[0]!.video;
    const made = await video.merge({
      inputs,
      tier: 'custom',
      params: {
        fps: Math.min(120, Math.max(1, Math.round(first?.fps ?? 30))),
        preset: 'veryfast',
        video_codec: 'libx264',
        audio_codec: 'aac',
      },
      format: 'mp4',
      outputPath: joined,
      onProgress: (f) =>
        void deps.jobs.progress(job_id, 5 + f * 90, 'Joining the videos').catch(() => undefined),
    });
    const subtitles = await joinedSubtitles(
      deps,
      job.options.subtitles_keys ?? [],
      probes.map((p) => p.duration),
      dir,
    );
    const out = subtitles ? join(dir, 'combined-subtitled.mp4') : joined;
    if (subtitles) await deps.film.addSubtitleStream(joined, subtitles, 'mp4', out);
    const subtitlesKey = subtitles ? videoKeys.combinedSubtitles(job.target.book_id!, job.id) : null;
    await deps.media.upload(key, out, 'video/mp4');
    if (subtitles && subtitlesKey) await deps.media.upload(subtitlesKey, subtitles, 'text/vtt');
    return {
      key,
      duration: made.probe.duration,
      method: made.method,
      bytes: (await stat(out)).size,
      subtitles_key: subtitlesKey,
    };
  });
  try {
    await finishWith(deps, job_id, key, outputs, 'the videos were joined');
  } catch (error) {
    // A job that ended meanwhile keeps no sidecar either.
    if (error instanceof JobGoneError && outputs.subtitles_key)
      await deps.media.delete(outputs.subtitles_key);
    throw error;
  }
  return { job_id, method: outputs.method };
}

/**
 * The joined video's subtitles: each film's cues moved to where it starts (`durations`: each film's
 * length), written as WebVTT in `dir`; null when none of the films has subtitles.
 */
async function joinedSubtitles(
  deps: VideoFileDeps,
  keys: (string | null)[],
  durations: number[],
  dir: string,
): Promise<string | null> {
  if (!keys.some(Boolean)) return null;
  const films = await Promise.all(
    durations.map(async (duration, i) => {
      const key = keys[i];
      if (!key) return { cues: [], duration };
      const path = await deps.media.download(key, join(dir, `in-${i}.vtt`));
      return { cues: fromWebVtt(await readFile(path, 'utf8')), duration };
    }),
  );
  const path = join(dir, 'combined.vtt');
  await writeFile(path, toWebVtt(joinedCues(films)));
  return path;
}

/** The Catch target of both workflows: the job fails in its kind's words. */
export async function recordFileFailureStage(
  deps: Pick<VideoFileDeps, 'jobs'>,
  { job_id, error }: { job_id: string; error?: TaskFailure },
) {
  const job = await deps.jobs.get(job_id);
  const kind = job?.kind === videoCombineJob.kind ? videoCombineJob : videoDownloadJob;
  const { recorded } = await deps.jobs.fail(kind as typeof videoDownloadJob, job_id, error);
  return { job_id, recorded };
}
