import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import type { DownloadQuality } from '../../contracts/video';
import { getEngine } from '../../engine';
import type { TranscodeQuality } from '../../engine/video/types';
import { getJobs } from '../../jobs';
import { getAdapters } from '../../lib/adapters';
import { defineWorker } from '../../lib/worker';
import {
  videoKeys,
  type VideoCombineOptions,
  type VideoCombineOutputs,
  type VideoDownloadOptions,
} from '../model';
import { videoFileInput } from './files.workflow';
import { videoCombineJob, videoDownloadJob } from './kinds';

/**
 * Workers of the download and combine jobs: a copy of the final film at one quality (the picture
 * fitted into 16:9 at that height, H.264/AAC), and the user's films joined end to end.
 */
export class JobGoneError extends Error {
  override name = 'JobGoneError';
}

const TRANSCODE: Record<DownloadQuality, TranscodeQuality> = {
  web: 'low',
  medium: 'medium',
  high: 'high',
  ultra: 'ultra',
};

async function inTemp<T>(name: string, run: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), `video-${name}-`));
  try {
    return await run(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export const transcode = defineWorker('videoDownload.Transcode', videoFileInput, async ({ job_id }) => {
  const jobs = getJobs();
  const job = await jobs.active<VideoDownloadOptions>(job_id);
  if (!job) throw new JobGoneError(`Job ${job_id} no longer exists or has ended`);
  await jobs.begin(job_id, `Making the ${job.options.height}p copy`, 5);
  const media = getAdapters().storage.media;
  const bytes = await inTemp('download', async (dir) => {
    const source = await media.download(job.options.source_key, join(dir, 'source.mp4'));
    const out = join(dir, 'out.mp4');
    await getEngine().video.transcode({
      inputPath: source,
      quality: TRANSCODE[job.options.quality],
      format: 'mp4',
      outputPath: out,
      onProgress: (f) =>
        void jobs
          .progress(job_id, 5 + f * 90, `Making the ${job.options.height}p copy`)
          .catch(() => undefined),
    });
    await media.upload(job.options.output_key, out, 'video/mp4');
    return (await stat(out)).size;
  });
  if (!(await jobs.record(job_id, { outputs: { bytes }, progress: 99 }))) {
    await media.delete(job.options.output_key);
    throw new JobGoneError(`Job ${job_id} ended while the copy was made`);
  }
  await jobs.finish(job_id);
  return { job_id, bytes };
});

export const combine = defineWorker('videoCombine.Combine', videoFileInput, async ({ job_id }) => {
  const jobs = getJobs();
  const job = await jobs.active<VideoCombineOptions>(job_id);
  if (!job) throw new JobGoneError(`Job ${job_id} no longer exists or has ended`);
  await jobs.begin(job_id, 'Joining the videos', 5);
  const media = getAdapters().storage.media;
  const engine = getEngine();
  const key = videoKeys.combined(job.target.book_id!, job.id);
  const outputs = await inTemp('combine', async (dir) => {
    const paths = await Promise.all(
      job.options.source_keys.map((source, i) => media.download(source, join(dir, `in-${i}.mp4`))),
    );
    const probes = await Promise.all(paths.map((p) => engine.video.probe(p)));
    let start = 0;
    const inputs = paths.map((path, i) => {
      const input = { path, type: 'video' as const, start_time: start, volume: 1 };
      start += probes[i]!.duration;
      return input;
    });
    const out = join(dir, 'combined.mp4');
    // The first video's size and rate: videos that share them are joined without re-encoding.
    const first = probes[0]!.video;
    const made = await engine.video.merge({
      inputs,
      tier: 'custom',
      params: {
        fps: Math.min(120, Math.max(1, Math.round(first?.fps ?? 30))),
        preset: 'veryfast',
        video_codec: 'libx264',
        audio_codec: 'aac',
      },
      format: 'mp4',
      outputPath: out,
      onProgress: (f) => void jobs.progress(job_id, 5 + f * 90, 'Joining the videos').catch(() => undefined),
    });
    await media.upload(key, out, 'video/mp4');
    const result: VideoCombineOutputs = {
      key,
      duration: made.probe.duration,
      method: made.method,
      bytes: made.probe.bytes,
    };
    return result;
  });
  if (!(await jobs.record<VideoCombineOutputs>(job_id, { outputs, progress: 99 }))) {
    await media.delete(key);
    throw new JobGoneError(`Job ${job_id} ended while the videos were joined`);
  }
  await jobs.finish(job_id);
  return { job_id, method: outputs.method };
});

const failureInput = videoFileInput.extend({
  error: z.object({ Error: z.string().optional(), Cause: z.string().optional() }).optional(),
});

export const recordFailure = defineWorker(
  'videoFiles.RecordFailure',
  failureInput,
  async ({ job_id, error }) => {
    const jobs = getJobs();
    const job = await jobs.get(job_id);
    const kind = job?.kind === videoCombineJob.kind ? videoCombineJob : videoDownloadJob;
    const { recorded } = await jobs.fail(kind as typeof videoDownloadJob, job_id, error);
    return { job_id, recorded };
  },
);
