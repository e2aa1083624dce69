import { join } from 'node:path';
import { MERGE_STEPS } from '../../contracts/merge';
import type { probe } from '../../engine/media/ffmpeg';
import { planMerge, type mergeMedia } from '../../engine/video/local/merge';
import { EngineError, type ProbeResult } from '../../engine/types';
import { JobGoneError, type JobSteps } from '../../jobs';
import { ObjectNotFoundError, type ObjectStore, type Storage, type TempDir } from '../../lib/ports';
import type { TaskFailure } from '../../lib/workflows';
import type { MergeService } from '../service';
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

/**
 * The stages of the merge and preview jobs. They use FFmpeg's merge and probe directly, not the whole
 * engine: the text, speech and image engines' modules (compromise, sharp, …) would take ~70 MB of
 * the worker's memory for nothing. Inputs are streamed from storage into the stage's folder, merged
 * there by FFmpeg (the bar follows FFmpeg's `-progress` output) and the result streamed back: nothing
 * but stream buffers is held in memory, whatever the files' size.
 */
export interface MergeStageDeps {
  jobs: JobSteps;
  /** Inputs come from either bucket (uploads, or generated media); results go to the media bucket. */
  storage: Storage;
  /** FFmpeg's probe and merge. */
  media: { probe: typeof probe; mergeMedia: typeof mergeMedia };
  /** The user's merge queue: when results expire, and the next merge waiting behind this one. */
  queue: Pick<MergeService, 'expiresAt' | 'scheduleExpiry' | 'pump'>;
  tempDir: TempDir;
}

const CONTENT_TYPES = { mp4: 'video/mp4', webm: 'video/webm', mov: 'video/quicktime' } as const;

async function activeJob<O extends object>(deps: MergeStageDeps, jobId: string) {
  const job = await deps.jobs.active<O>(jobId);
  if (!job) throw new JobGoneError(`Job ${jobId} no longer exists or has ended`);
  return job;
}

/** Progress writes at most once per whole percent (FFmpeg reports twice a second). */
function progressWriter(deps: MergeStageDeps, jobId: string) {
  let last = -1;
  return (percent: number, step: string) => {
    if (percent <= last) return;
    last = percent;
    void deps.jobs.progress(jobId, percent, step).catch(() => undefined);
  };
}

/** The inputs copied from storage into `dir`, in order; a file that is gone is the user's to know. */
async function stageInputs(
  storage: Storage,
  dir: string,
  inputs: ResolvedInput[],
  onEach: (done: number) => void,
) {
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

/** How the inputs are merged (copied or encoded), from their streams (probed now if not known). */
async function mergeMethod(
  deps: MergeStageDeps,
  o: MergeOptions,
  staged: { path: string; input: ResolvedInput }[],
  out: string,
) {
  try {
    // Uploads were probed when they were checked; only other inputs (generated videos) are now.
    const probes: ProbeResult[] = await Promise.all(
      staged.map(({ path, input }) => (input.streams ? probeOf(input.streams) : deps.media.probe(path))),
    );
    return { probes, method: methodName(planMerge(engineRequest(o, staged, out), probes).method) };
  } catch (error) {
    if (error instanceof EngineError && error.code === 'media_failed')
      throw new MergeInputError('An input is not a readable video or audio file.');
    userFacing(error);
  }
}

/** Records the result, or removes it when the job ended meanwhile. */
async function keep(
  deps: MergeStageDeps,
  media: ObjectStore,
  jobId: string,
  outputs: { key: string },
  what: string,
) {
  if (!(await deps.jobs.record(jobId, { outputs, progress: 99 }))) {
    await media.delete(outputs.key);
    throw new JobGoneError(`Job ${jobId} ended while ${what}`);
  }
}

export async function mergeStage(deps: MergeStageDeps, { job_id }: { job_id: string }) {
  const job = await activeJob<MergeOptions>(deps, job_id);
  const o = job.options;
  await deps.jobs.begin(job_id, MERGE_STEPS.downloading, 1);
  const write = progressWriter(deps, job_id);
  const { media } = deps.storage;
  const key = mergeStorage.output(job.owner_id, job.id, o.output_format);
  const outputs = await deps.tempDir('merge-run', async (dir): Promise<MergeOutputs> => {
    const paths = await stageInputs(deps.storage, dir, o.inputs, (done) =>
      write(phaseProgress('downloading', done / o.inputs.length), MERGE_STEPS.downloading),
    );
    const out = join(dir, `merged.${o.output_format}`);
    const staged = paths.map((path, i) => ({ path, input: o.inputs[i]! }));
    const { probes, method } = await mergeMethod(deps, o, staged, out);
    const phase = PHASES[method];
    await deps.jobs.record<MergeOutputs>(job_id, {
      outputs: { method },
      step: phase.step,
      progress: phase.from,
    });
    const made = await deps.media
      .mergeMedia({
        ...engineRequest(o, staged, out),
        probes,
        onProgress: (f) => write(phaseProgress(method, f), phase.step),
      })
      .catch(userFacing);
    write(PHASES.uploading.from, MERGE_STEPS.uploading);
    await deps.jobs.progress(job_id, PHASES.uploading.from, MERGE_STEPS.uploading);
    await media.upload(key, out, CONTENT_TYPES[o.output_format]);
    return {
      key,
      bytes: made.probe.bytes,
      duration: made.probe.duration,
      method: methodName(made.method),
      expires_at: deps.queue.expiresAt(),
      expired: false,
    };
  });
  await keep(deps, media, job_id, outputs, 'it was merged');
  await deps.queue.scheduleExpiry('merge', job_id, job.owner_id, outputs.expires_at);
  await deps.jobs.finish(job_id, MERGE_STEPS.completed);
  await deps.queue.pump(job.owner_id);
  return { job_id, method: outputs.method };
}

export async function previewStage(deps: MergeStageDeps, { job_id }: { job_id: string }) {
  const job = await activeJob<PreviewOptions>(deps, job_id);
  const o = job.options;
  await deps.jobs.begin(job_id, 'Rendering the preview', 1);
  const write = progressWriter(deps, job_id);
  const { media } = deps.storage;
  const key = mergeStorage.preview(job.owner_id, job.id);
  const outputs = await deps.tempDir('merge-preview', async (dir): Promise<PreviewOutputs> => {
    const paths = await stageInputs(deps.storage, dir, o.inputs, (done) =>
      write(Math.round((10 * done) / o.inputs.length), 'Downloading inputs'),
    );
    const out = join(dir, 'preview.mp4');
    const staged = paths.map((path, i) => ({ path, input: o.inputs[i]! }));
    const made = await deps.media
      .mergeMedia({
        ...engineRequest(o, staged, out, o.preview_duration),
        onProgress: (f) => write(10 + Math.round(80 * f), 'Rendering the preview'),
      })
      .catch(userFacing);
    await media.upload(key, out, 'video/mp4');
    return {
      key,
      bytes: made.probe.bytes,
      duration: made.probe.duration,
      expires_at: deps.queue.expiresAt(),
      expired: false,
    };
  });
  await keep(deps, media, job_id, outputs, 'the preview was made');
  await deps.queue.scheduleExpiry('preview', job_id, job.owner_id, outputs.expires_at);
  await deps.jobs.finish(job_id, 'Preview ready');
  return { job_id, duration: outputs.duration };
}

/** The Catch target of both workflows: the job fails in the user's words; the next merge starts. */
export async function recordMergeFailureStage(
  deps: MergeStageDeps,
  { job_id, error }: { job_id: string; error?: TaskFailure },
) {
  const job = await deps.jobs.get(job_id);
  const kind = job?.kind === previewJob.kind ? previewJob : mergeJob;
  const { recorded } = await deps.jobs.fail(kind as typeof mergeJob, job_id, error);
  if (job && kind === mergeJob) await deps.queue.pump(job.owner_id);
  return { job_id, recorded };
}
