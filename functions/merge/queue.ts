import {
  MERGE_LIMITS,
  defaultMergeName,
  mergeMessages,
  type MergeStarted,
  type MergeStatus,
  type PreviewStatus,
} from '../contracts/merge';
import { type MergeInput, type PreviewInput } from '../contracts/merge-requests';
import { SUBSCRIPTION_TIERS, type Tier } from '../contracts/subscriptions';
import { resolveMergeSettings } from '../engine/video/local/params';
import { EngineError } from '../engine/types';
import { isActive } from '../jobs';
import {
  BadRequestError,
  ConflictError,
  NotFoundError,
  PayloadTooLargeError,
  PaymentRequiredError,
} from '../lib/errors';
import { isUuid } from '../lib/ids';
import { keys } from '../lib/keys';
import { mergeJob, previewJob } from './jobs/kinds';
import {
  MERGE_JOB_KIND,
  PREVIEW_JOB_KIND,
  PREVIEW_LOCK,
  mergeKeys,
  type MergeJob,
  type MergeOptions,
  type MergeSettings,
  type PreviewJob,
  type QueueEntry,
  type ResolvedInput,
} from './model';
import { machineRefusal, planRefusal, timelineEnd } from './bounds';
import { isWaiting, placeInputs, plannedMethod, waitingInOrder } from './plan';
import {
  GoneError,
  type MergeContext,
  isPast,
  bucket,
  getUpload,
  ownedJob,
  mergesOf,
  mergeView,
  started,
  previewView,
  UPLOAD_PATH,
} from './common';

/** Merge jobs and previews: each caller's queue, started in order, followed and retried. */

// --- inputs ---

/** An input source's url as one of the caller's stored files; 404 for anything else. */
export async function resolveInput(
  deps: MergeContext,
  ownerId: string,
  source: MergeInput['input_sources'][number],
  index: number,
): Promise<ResolvedInput> {
  const url = source.url.trim();
  // Placed on the timeline once every input's length is known (placeInputs).
  const base = { url, type: source.type, start_time: source.start_time ?? 0, volume: source.volume };
  const notFound = () => new NotFoundError(mergeMessages.inputNotFound(index + 1), 'input_not_found');
  const uploadId = url.startsWith(UPLOAD_PATH) ? url.slice(UPLOAD_PATH.length) : isUuid(url) ? url : null;
  if (uploadId) {
    const upload = await getUpload(deps, ownerId, uploadId);
    if (upload) {
      if (isPast(deps, upload.expires_at)) throw new GoneError(mergeMessages.uploadExpired);
      if (upload.status !== 'completed')
        throw new BadRequestError(mergeMessages.inputNotReady(index + 1), 'input_not_ready');
      return { ...base, bucket: 'uploads', key: upload.key, duration: upload.duration, streams: upload };
    }
    if (url.startsWith(UPLOAD_PATH)) throw notFound();
  }
  // A generated video: its video_url (media/…/video/<generation id>/…) or the generation id.
  const generationId = /\/video\/([0-9a-f-]{36})\//i.exec(url)?.[1] ?? (isUuid(url) ? url : null);
  if (generationId) {
    const job = await deps.jobs.get<Record<string, unknown>>(generationId);
    const outputs = job?.outputs as
      | {
          final_key?: string | null;
          final?: {
            duration: number;
            width: number;
            height: number;
            video_codec: string;
            audio_codec: string;
          } | null;
        }
      | undefined;
    if (job && job.kind === 'video-generation' && job.owner_id === ownerId && outputs?.final_key) {
      const f = outputs.final;
      return {
        ...base,
        bucket: 'media',
        key: outputs.final_key,
        duration: f?.duration ?? 0,
        streams: null,
      };
    }
  }
  // One of the caller's learning videos (tutor or chapter video), by its job id.
  if (isUuid(url)) {
    const job = await deps.jobs.get<Record<string, unknown>>(url);
    const outputs = job?.outputs as { video_key?: string | null; duration?: number | null } | undefined;
    if (job && job.kind === 'learning-content' && job.owner_id === ownerId && job.status === 'ready') {
      if (!outputs?.video_key) throw notFound();
      return {
        ...base,
        bucket: 'media',
        key: outputs.video_key,
        duration: outputs.duration ?? 0,
        streams: null,
      };
    }
  }
  // One of the caller's merge results.
  const mergeId =
    new RegExp(`media/merge/${ownerId}/([0-9a-f-]{36})/`, 'i').exec(url)?.[1] ?? (isUuid(url) ? url : null);
  if (mergeId) {
    const job = await ownedJob<MergeJob>(deps, ownerId, mergeId, MERGE_JOB_KIND);
    if (job && job.status === 'ready' && job.outputs.key) {
      if (job.outputs.expired || isPast(deps, job.outputs.expires_at))
        throw new GoneError(mergeMessages.resultExpired);
      return {
        ...base,
        bucket: 'media',
        key: job.outputs.key,
        duration: job.outputs.duration ?? 0,
        streams: null,
      };
    }
  }
  throw notFound();
}

/**
 * The merge's bounds, before anything is stored: the plan's (402 with its words) and the worker's
 * memory (413), at the frame and preset the merge will really be made with.
 */
export function checkBounds(
  tier: Tier,
  settings: MergeSettings,
  inputs: ResolvedInput[],
  previewSeconds?: number,
) {
  const refusal = planRefusal(tier, settings, timelineEnd(inputs));
  if (refusal) throw new PaymentRequiredError(refusal.message, refusal.code);
  const videos = inputs.filter((i) => i.type === 'video');
  const known = [...videos].sort((a, b) => a.start_time - b.start_time).find((v) => v.streams?.width);
  const bound = settings.max_frame;
  // A first video of unknown size (a film of the user's) is taken at the largest the plan allows.
  const first = known?.streams
    ? { width: known.streams.width!, height: known.streams.height! }
    : bound
      ? { width: bound.long_side, height: bound.short_side }
      : { width: 1920, height: 1080 };
  const encode = resolveMergeSettings(
    {
      tier: settings.quality_tier,
      format: settings.output_format,
      params: settings.ffmpeg_params,
      ...(previewSeconds ? { previewSeconds } : {}),
      ...(bound ? { maxFrame: { shortSide: bound.short_side, longSide: bound.long_side } } : {}),
    },
    first,
  );
  const tooLarge = machineRefusal(encode.size, videos.length, encode.preset, encode.videoCodec);
  if (tooLarge) throw new PayloadTooLargeError(tooLarge, 'merge_too_large');
}

export async function resolveSettings(
  deps: MergeContext,
  ownerId: string,
  request: MergeInput | PreviewInput,
  previewSeconds?: number,
): Promise<{ settings: MergeSettings; inputs: ResolvedInput[] }> {
  const tier = await deps.planOf(ownerId);
  const settings: MergeSettings = {
    quality_tier: request.quality_tier,
    output_format: request.output_format,
    processing_mode: request.processing_mode,
    ffmpeg_params: request.ffmpeg_params,
    watermark: request.watermark,
    max_frame: SUBSCRIPTION_TIERS[tier].limits.merge_frame,
  };
  if (request.processing_mode !== 'ffmpeg_only')
    throw new BadRequestError(mergeMessages.openshotUnavailable, 'mode_unavailable');
  if (!request.input_sources.some((s) => s.type === 'video'))
    throw new BadRequestError(
      'Add at least one video: audio alone cannot be merged into a video.',
      'no_video_input',
    );
  try {
    // The engine's own checks of the settings (ranges, containers), before anything is stored.
    resolveMergeSettings(
      { tier: settings.quality_tier, format: settings.output_format, params: settings.ffmpeg_params },
      { width: 1280, height: 720 },
    );
  } catch (error) {
    if (error instanceof EngineError) throw new BadRequestError(error.message, 'invalid_params');
    throw error;
  }
  const resolved: ResolvedInput[] = [];
  for (const [i, source] of request.input_sources.entries())
    resolved.push(await resolveInput(deps, ownerId, source, i));
  const starts = placeInputs(
    request.input_sources.map((source, i) => ({
      type: source.type,
      start_time: source.start_time,
      duration: resolved[i]!.duration,
    })),
  );
  const inputs = resolved.map((input, i) => ({ ...input, start_time: starts[i]! }));
  for (const [i, input] of inputs.entries()) {
    if (input.streams && (input.type === 'video' ? !input.streams.video_codec : !input.streams.audio_codec))
      throw new BadRequestError(
        `Input ${i + 1}: ${mergeMessages.notOfKind(input.type).replace('The file', 'this file')}`,
        'wrong_kind',
      );
  }
  checkBounds(tier, settings, inputs, previewSeconds);
  return { settings, inputs };
}

// --- the queue ---

/** A job as last written (a strongly consistent read: the queue's decisions rest on it). */
export const freshJob = (deps: MergeContext, id: string) =>
  deps.table.get<MergeJob>(keys.job(id), { consistent: true });

export const queueEntries = (deps: MergeContext, ownerId: string) =>
  deps.table.query<QueueEntry>({
    pk: `USER#${ownerId}`,
    skPrefix: mergeKeys.queuePrefix,
    consistent: true,
  });

/** The user's waiting merges, in turn order (the queue's items and their jobs, read consistently). */
export async function queueOrder(deps: MergeContext, ownerId: string): Promise<string[]> {
  const entries = await queueEntries(deps, ownerId);
  const jobs = await Promise.all(entries.map((e) => freshJob(deps, e.job_id)));
  return entries.filter((_, i) => jobs[i] && isWaiting(jobs[i]!)).map((e) => e.job_id);
}

/** Puts a merge at the end of its owner's queue: its turn is the next number of a per-user counter. */
export async function joinQueue(deps: MergeContext, ownerId: string, jobId: string) {
  const counter = await deps.table.update<{ seq: number }>(mergeKeys.queueCounter(ownerId), {
    add: { seq: 1 },
  });
  const seq = Number(counter?.seq ?? 0);
  const entry: QueueEntry = { job_id: jobId, seq };
  await deps.table.put({ ...mergeKeys.queued(ownerId, seq, jobId), ...entry });
}

/**
 * Starts the user's next waiting merge when none holds the running slot. Called when a merge is
 * asked for or retried, when one ends (by its worker), and when a waiting merge is polled (so a
 * queue behind a run that was cut off moves on once that run is settled as failed).
 *
 * Exact under races and on an eventually consistent index: the slot is one item that names the
 * running merge, taken by a conditional write (created when absent, or replaced only while it
 * still names the merge that was seen to have ended), so of racing callers exactly one launches;
 * the order is the queue's items, numbered by a per-user counter; every read is consistent.
 */
export async function pump(deps: MergeContext, ownerId: string): Promise<void> {
  const slotKey = mergeKeys.slot(ownerId);
  for (let round = 0; round < MERGE_LIMITS.maxFiles + 5; round++) {
    const slot = await deps.table.get<{ job_id: string }>(slotKey, { consistent: true });
    if (slot) {
      const holder = await freshJob(deps, slot.job_id);
      if (holder && isActive(holder.status) && !holder.deferred) {
        if (isActive((await deps.jobs.settle(holder)).status)) return;
      }
    }
    let next: MergeJob | null = null;
    let nextKey = slotKey;
    for (const entry of await queueEntries(deps, ownerId)) {
      const job = await freshJob(deps, entry.job_id);
      if (job && isWaiting(job)) {
        next = job;
        nextKey = mergeKeys.queued(ownerId, entry.seq, entry.job_id);
        break;
      }
      // Its turn is gone (launched, or the job no longer waits): the item goes.
      await deps.table.delete(mergeKeys.queued(ownerId, entry.seq, entry.job_id));
    }
    if (!next) return;
    const taken = await deps.table.put(
      { ...slotKey, job_id: next.id },
      slot ? { equals: { job_id: slot.job_id } } : { exists: false },
    );
    if (!taken) continue; // another caller moved the slot first: look again
    const launched = await deps.jobs.launchDeferred(mergeJob, next);
    await deps.table.delete(nextKey);
    if (launched && isActive(launched.status)) return;
  }
}

// --- merges ---

export async function startMerge(
  deps: MergeContext,
  ownerId: string,
  request: MergeInput,
): Promise<MergeStarted> {
  const { settings, inputs } = await resolveSettings(deps, ownerId, request);
  let planned: MergeOptions['planned_method'];
  try {
    planned = plannedMethod(settings, inputs);
  } catch (error) {
    if (error instanceof EngineError) throw new BadRequestError(error.message, 'invalid_params');
    throw error;
  }
  const options: MergeOptions = {
    ...settings,
    merge_name: request.merge_name?.trim() || defaultMergeName(deps.clock.now()),
    video_generation_id: request.video_generation_id,
    inputs,
    planned_method: planned,
  };
  const job = (await deps.jobs.enqueue(mergeJob, {
    owner: ownerId,
    target: {},
    options,
  })) as MergeJob;
  await joinQueue(deps, ownerId, job.id);
  await pump(deps, ownerId);
  const current = (await freshJob(deps, job.id)) ?? job;
  const view = started(deps, current, await queueOrder(deps, ownerId), mergeMessages.started);
  return view.queue_position > 0 ? { ...view, message: mergeMessages.queued(view.queue_position) } : view;
}

export async function mergeStatus(
  deps: MergeContext,
  ownerId: string,
  mergeId: string,
): Promise<MergeStatus> {
  let job = await ownedJob<MergeJob>(deps, ownerId, mergeId, MERGE_JOB_KIND);
  if (!job) throw new NotFoundError(mergeMessages.mergeNotFound, 'merge_not_found');
  job = (await deps.jobs.settle(job)) as MergeJob;
  if (isWaiting(job)) {
    await pump(deps, ownerId);
    job = (await freshJob(deps, job.id)) ?? job;
  }
  return mergeView(deps, job, await queueOrder(deps, ownerId));
}

export async function listMerges(deps: MergeContext, ownerId: string): Promise<MergeStatus[]> {
  const all = await mergesOf(deps, ownerId);
  if (waitingInOrder(all).length) await pump(deps, ownerId);
  const fresh = await mergesOf(deps, ownerId);
  const order = await queueOrder(deps, ownerId);
  return fresh
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
    .map((job) => mergeView(deps, job, order));
}

/** A failed merge again, at the end of the user's queue; at most 3 retries. */
export async function retryMerge(
  deps: MergeContext,
  ownerId: string,
  mergeId: string,
): Promise<MergeStarted> {
  let job = await ownedJob<MergeJob>(deps, ownerId, mergeId, MERGE_JOB_KIND);
  if (!job) throw new NotFoundError(mergeMessages.mergeNotFound, 'merge_not_found');
  job = (await deps.jobs.settle(job)) as MergeJob;
  if (job.status !== 'failed') throw new ConflictError(mergeMessages.retryNotFailed, 'not_failed');
  if (job.attempt - 1 >= MERGE_LIMITS.maxRetries)
    throw new BadRequestError(mergeMessages.retryLimit, 'retry_limit');
  for (const [i, input] of job.options.inputs.entries()) {
    if (!(await bucket(deps, input.bucket).head(input.key)))
      throw new GoneError(
        `Input ${i + 1} is no longer available: uploaded files are kept for 24 hours. Start a new merge.`,
      );
  }
  const queued = (await deps.jobs.retry(mergeJob, job, undefined, { defer: true })) as MergeJob;
  if (queued.status !== 'queued') throw new ConflictError(mergeMessages.retryNotFailed, 'not_failed');
  await joinQueue(deps, ownerId, job.id);
  await pump(deps, ownerId);
  const current = (await freshJob(deps, job.id)) ?? queued;
  return started(deps, current, await queueOrder(deps, ownerId), mergeMessages.retried);
}

// --- previews ---

export async function startPreview(
  deps: MergeContext,
  ownerId: string,
  request: PreviewInput,
): Promise<PreviewStatus> {
  const previews = (await deps.jobs.listForOwner(ownerId)).filter(
    (j) => j.kind === PREVIEW_JOB_KIND && isActive(j.status),
  );
  for (const p of previews)
    if (isActive((await deps.jobs.settle(p)).status))
      throw new ConflictError(mergeMessages.previewRunning, 'preview_running');
  const { settings, inputs } = await resolveSettings(deps, ownerId, request, request.preview_duration);
  const requestId = deps.uuid();
  const job = (await deps.jobs.start(previewJob, {
    owner: ownerId,
    target: {},
    options: { ...settings, inputs, preview_duration: request.preview_duration, request_id: requestId },
    exclusive: PREVIEW_LOCK,
  })) as PreviewJob;
  if (job.options.request_id !== requestId)
    throw new ConflictError(mergeMessages.previewRunning, 'preview_running');
  return previewView(deps, job);
}

export async function previewStatus(
  deps: MergeContext,
  ownerId: string,
  previewId: string,
): Promise<PreviewStatus> {
  const job = await ownedJob<PreviewJob>(deps, ownerId, previewId, PREVIEW_JOB_KIND);
  if (!job) throw new NotFoundError(mergeMessages.previewNotFound, 'preview_not_found');
  return previewView(deps, (await deps.jobs.settle(job)) as PreviewJob);
}
