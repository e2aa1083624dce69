import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { MERGE_STEPS } from '../../contracts/merge';
import { probe } from '../../engine/media/ffmpeg';
import { mergeMedia, planMerge } from '../../engine/video/local/merge';
import { EngineError, type ProbeResult } from '../../engine/types';
import { getJobs } from '../../jobs';
import { getAdapters } from '../../lib/adapters';
import { ObjectNotFoundError } from '../../lib/ports';
import { defineWorker } from '../../lib/worker';
import { merge } from '../instance';
import {
  mergeStorage,
  type MergeOptions,
  type MergeOutputs,
  type PreviewOptions,
  type PreviewOutputs,
  type ResolvedInput,
} from '../model';
import { engineRequest, methodName, phaseProgress, PHASES, probeOf } from '../plan';
import { MergeInputError, mergeJob, previewJob } from './kinds';
import { mergeJobInput } from './merge.workflow';

/**
 * Workers of the merge and preview jobs. They use FFmpeg's merge and probe directly, not the whole
 * engine: the text, speech and image engines' modules (compromise, sharp, …) would take ~70 MB of
 * the worker's memory for nothing.
 * Inputs are streamed from storage into /tmp, merged there
 * by FFmpeg (the bar follows FFmpeg's `-progress` output) and the result streamed back: nothing but
 * stream buffers is held in memory, whatever the files' size.
 */
export class JobGoneError extends Error {
  override name = 'JobGoneError';
}

const CONTENT_TYPES = { mp4: 'video/mp4', webm: 'video/webm', mov: 'video/quicktime' } as const;

async function inTemp<T>(name: string, run: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), `merge-${name}-`));
  try {
    return await run(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Progress writes at most once per whole percent (FFmpeg reports twice a second). */
function progressWriter(jobId: string) {
  const jobs = getJobs();
  let last = -1;
  return (percent: number, step: string) => {
    if (percent <= last) return;
    last = percent;
    void jobs.progress(jobId, percent, step).catch(() => undefined);
  };
}

/** The inputs copied from storage into `dir`, in order; a file that is gone is the user's to know. */
async function stageInputs(dir: string, inputs: ResolvedInput[], onEach: (done: number) => void) {
  const storage = getAdapters().storage;
  const paths: string[] = [];
  for (const [i, input] of inputs.entries()) {
    try {
      paths.push(await storage[input.bucket].download(input.key, join(dir, `input-${i}`)));
    } catch (error) {
      if (error instanceof ObjectNotFoundError)
        throw new MergeInputError(
          `Input ${i + 1} is no longer available: uploaded files are kept for 24 hours.`,
        );
      throw error;
    }
    onEach(i + 1);
  }
  return paths;
}

/** Engine errors about the inputs or settings are the user's words; anything else stays internal. */
function userFacing(error: unknown): never {
  if (error instanceof EngineError && (error.code === 'invalid_input' || error.code === 'invalid_params'))
    throw new MergeInputError(error.message);
  throw error;
}

export const mergeWorker = defineWorker('mergeMedia.Merge', mergeJobInput, async ({ job_id }) => {
  const jobs = getJobs();
  const job = await jobs.active<MergeOptions>(job_id);
  if (!job) throw new JobGoneError(`Job ${job_id} no longer exists or has ended`);
  const o = job.options;
  await jobs.begin(job_id, MERGE_STEPS.downloading, 1);
  const write = progressWriter(job_id);
  const media = getAdapters().storage.media;
  const key = mergeStorage.output(job.owner_id, job.id, o.output_format);
  const outputs = await inTemp('run', async (dir) => {
    const paths = await stageInputs(dir, o.inputs, (done) =>
      write(phaseProgress('downloading', done / o.inputs.length), MERGE_STEPS.downloading),
    );
    const out = join(dir, `merged.${o.output_format}`);
    const staged = paths.map((path, i) => ({ path, input: o.inputs[i]! }));
    let method: 'stream_copy' | 're_encode';
    let probes: ProbeResult[];
    try {
      // Uploads were probed when they were checked; only other inputs (generated videos) are now.
      probes = await Promise.all(
        paths.map((p, i) => {
          const streams = o.inputs[i]!.streams;
          return streams ? probeOf(streams) : probe(p);
        }),
      );
      method = methodName(planMerge(engineRequest(o, staged, out), probes).method);
    } catch (error) {
      if (error instanceof EngineError && error.code === 'media_failed')
        throw new MergeInputError('An input is not a readable video or audio file.');
      userFacing(error);
    }
    const phase = PHASES[method];
    await jobs.record<MergeOutputs>(job_id, {
      outputs: { method },
      step: phase.step,
      progress: phase.from,
    });
    const made = await mergeMedia({
      ...engineRequest(o, staged, out),
      probes,
      onProgress: (f) => write(phaseProgress(method, f), phase.step),
    }).catch(userFacing);
    write(PHASES.uploading.from, MERGE_STEPS.uploading);
    await jobs.progress(job_id, PHASES.uploading.from, MERGE_STEPS.uploading);
    await media.upload(key, out, CONTENT_TYPES[o.output_format]);
    const result: MergeOutputs = {
      key,
      bytes: made.probe.bytes,
      duration: made.probe.duration,
      method: methodName(made.method),
      expires_at: merge().expiresAt(),
      expired: false,
    };
    return result;
  });
  if (!(await jobs.record<MergeOutputs>(job_id, { outputs, progress: 99 }))) {
    await media.delete(key);
    throw new JobGoneError(`Job ${job_id} ended while it was merged`);
  }
  await merge().scheduleExpiry('merge', job_id, job.owner_id, outputs.expires_at);
  await jobs.finish(job_id, MERGE_STEPS.completed);
  await merge().pump(job.owner_id);
  return { job_id, method: outputs.method };
});

export const previewWorker = defineWorker('mergePreview.RenderPreview', mergeJobInput, async ({ job_id }) => {
  const jobs = getJobs();
  const job = await jobs.active<PreviewOptions>(job_id);
  if (!job) throw new JobGoneError(`Job ${job_id} no longer exists or has ended`);
  const o = job.options;
  await jobs.begin(job_id, 'Rendering the preview', 1);
  const write = progressWriter(job_id);
  const media = getAdapters().storage.media;
  const key = mergeStorage.preview(job.owner_id, job.id);
  const outputs = await inTemp('preview', async (dir) => {
    const paths = await stageInputs(dir, o.inputs, (done) =>
      write(Math.round((10 * done) / o.inputs.length), 'Downloading inputs'),
    );
    const out = join(dir, 'preview.mp4');
    const staged = paths.map((path, i) => ({ path, input: o.inputs[i]! }));
    const made = await mergeMedia({
      ...engineRequest(o, staged, out, o.preview_duration),
      onProgress: (f) => write(10 + Math.round(80 * f), 'Rendering the preview'),
    }).catch(userFacing);
    await media.upload(key, out, 'video/mp4');
    const result: PreviewOutputs = {
      key,
      bytes: made.probe.bytes,
      duration: made.probe.duration,
      expires_at: merge().expiresAt(),
      expired: false,
    };
    return result;
  });
  if (!(await jobs.record<PreviewOutputs>(job_id, { outputs, progress: 99 }))) {
    await media.delete(key);
    throw new JobGoneError(`Job ${job_id} ended while the preview was made`);
  }
  await merge().scheduleExpiry('preview', job_id, job.owner_id, outputs.expires_at);
  await jobs.finish(job_id, 'Preview ready');
  return { job_id, duration: outputs.duration };
});

export { mergeWorker as merge, previewWorker as preview };

const failureInput = mergeJobInput.extend({
  error: z.object({ Error: z.string().optional(), Cause: z.string().optional() }).optional(),
});

/** The Catch target of both workflows: the job fails in the user's words; the next merge starts. */
export const recordFailure = defineWorker(
  'mergeJobs.RecordFailure',
  failureInput,
  async ({ job_id, error }) => {
    const jobs = getJobs();
    const job = await jobs.get(job_id);
    const kind = job?.kind === previewJob.kind ? previewJob : mergeJob;
    const { recorded } = await jobs.fail(kind as typeof mergeJob, job_id, error);
    if (job && kind === mergeJob) await merge().pump(job.owner_id);
    return { job_id, recorded };
  },
);
