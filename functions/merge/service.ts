import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  MERGE_LIMITS,
  MERGE_STEPS,
  defaultMergeName,
  mergeMessages,
  type InputType,
  type MergeDownload,
  type MergeLibraryItem,
  type MergeStarted,
  type MergeStatus,
  type MergeStatusValue,
  type MergeUpload,
  type MergeUploadParts,
  type MergeUploadSession,
  type PreviewStatus,
} from '../contracts/merge';
import { isAllowedContentType, type MergeInput, type PreviewInput } from '../contracts/merge-requests';
import { SUBSCRIPTION_TIERS, type Tier } from '../contracts/subscriptions';
import { withTempDir } from '../engine/media/temp';
import { resolveMergeSettings } from '../engine/video/local/params';
import { EngineError, type ProbeResult } from '../engine/types';
import { isActive, type JobRecord, type Jobs } from '../jobs';
import {
  BadRequestError,
  ConflictError,
  HttpError,
  NotFoundError,
  PayloadTooLargeError,
  PaymentRequiredError,
} from '../lib/errors';
import { isUuid } from '../lib/ids';
import { keys } from '../lib/keys';
import { mediaExpiry, mediaUrl } from '../lib/media-urls';
import { isoNow, type Clock, type ObjectStore, type Table } from '../lib/ports';
import { mergeJob, previewJob } from './jobs/kinds';
import {
  MERGE_JOB_KIND,
  PREVIEW_JOB_KIND,
  PREVIEW_LOCK,
  mergeKeys,
  mergeStorage,
  type ExpiryKind,
  type ExpiryRecord,
  type MergeJob,
  type MergeOptions,
  type MergeSettings,
  type PreviewJob,
  type QueueEntry,
  type ResolvedInput,
  type StreamInfo,
  type UploadRecord,
} from './model';
import { machineRefusal, planRefusal, timelineEnd } from './bounds';
import { checkDeclared, keptContentType, SNIFF_BYTES, type Sniffed } from './sniff';
import {
  downloadFileName,
  isWaiting,
  placeInputs,
  plannedMethod,
  queuePosition,
  streamsOf,
  waitingInOrder,
} from './plan';

/**
 * The Merge studio: uploads (multipart presigned parts, or one small request), merges queued one
 * at a time per user, previews (one at a time), downloads, and the 24-hour expiry. Depends on ports
 * only; the probe of an uploaded file is given (the engine's ffprobe in production).
 */
export interface MergeDeps {
  table: Table;
  clock: Clock;
  jobs: Jobs;
  uploads: ObjectStore;
  media: ObjectStore;
  /**
   * Reads the streams of a local file or of a short-lived GET URL (only the header and index are
   * read, with range requests), with the one demuxer its leading bytes named; rejects when it is
   * not readable media.
   */
  probe: (source: string, demuxer: string) => Promise<ProbeResult>;
  /** The plan whose limits bound the user's merges now (the subscriptions domain answers it). */
  planOf: (userId: string) => Promise<Tier>;
  uuid?: () => string;
}

/** A status the caller cannot act on now (410 Gone: the file expired). */
export class GoneError extends HttpError {
  constructor(message: string, code = 'expired') {
    super(410, message, code);
  }
}

const HOUR_MS = 3600 * 1000;
const UPLOAD_PATH = '/api/v1/merge/uploads/';

export function createMergeService(deps: MergeDeps) {
  const uuid = deps.uuid ?? randomUUID;
  const now = () => isoNow(deps.clock);
  const nowMs = () => deps.clock.now().getTime();
  const expiresAt = (fromMs = nowMs()) =>
    new Date(fromMs + MERGE_LIMITS.retentionHours * HOUR_MS).toISOString();
  const isPast = (iso: string | null | undefined) => Boolean(iso && Date.parse(iso) <= nowMs());
  const bucket = (name: 'uploads' | 'media') => (name === 'uploads' ? deps.uploads : deps.media);

  // --- records ---

  const getUpload = (ownerId: string, uploadId: string) =>
    isUuid(uploadId)
      ? deps.table.get<UploadRecord>(mergeKeys.upload(ownerId, uploadId))
      : Promise.resolve(null);

  const listUploads = (ownerId: string) =>
    deps.table.query<UploadRecord>({ pk: `USER#${ownerId}`, skPrefix: mergeKeys.uploadPrefix });

  async function markExpiry(what: ExpiryKind, id: string, ownerId: string, at: string) {
    const record: ExpiryRecord = { what, id, owner_id: ownerId, expires_at: at };
    await deps.table.put({ ...mergeKeys.expiry(at, what, id), ...record });
  }

  async function ownedJob<J extends JobRecord>(ownerId: string, id: string, kind: string): Promise<J | null> {
    const found = isUuid(id) ? await deps.jobs.get(id) : null;
    return found && found.kind === kind && found.owner_id === ownerId ? (found as J) : null;
  }

  const mergesOf = async (ownerId: string) =>
    (await deps.jobs.listForOwner(ownerId)).filter((j) => j.kind === MERGE_JOB_KIND) as MergeJob[];

  // --- views ---

  function uploadView(u: UploadRecord): MergeUpload {
    return {
      upload_id: u.upload_id,
      file_url: `${UPLOAD_PATH}${u.upload_id}`,
      file_name: u.file_name,
      file_type: u.file_type,
      content_type: u.content_type,
      size_bytes: u.size_bytes,
      status: u.status,
      duration: u.duration,
      width: u.width,
      height: u.height,
      fps: u.fps,
      video_codec: u.video_codec,
      audio_codec: u.audio_codec,
      audio_sample_rate: u.audio_sample_rate,
      created_at: u.created_at,
      expires_at: u.expires_at,
    };
  }

  function mergeStatusValue(job: MergeJob): MergeStatusValue {
    switch (job.status) {
      case 'queued':
        return job.deferred ? 'pending' : 'processing';
      case 'running':
        return 'processing';
      case 'ready':
        return 'completed';
      default:
        return job.status;
    }
  }

  function mergeView(job: MergeJob, order: readonly string[]): MergeStatus {
    const status = mergeStatusValue(job);
    const out = job.outputs;
    const expired = status === 'completed' && (Boolean(out.expired) || isPast(out.expires_at));
    const position = queuePosition(job, order);
    const step =
      status === 'pending'
        ? MERGE_STEPS.queued
        : status === 'completed'
          ? expired
            ? MERGE_STEPS.expired
            : MERGE_STEPS.completed
          : status === 'failed'
            ? MERGE_STEPS.failed
            : status === 'cancelled'
              ? MERGE_STEPS.cancelled
              : job.step === 'Queued'
                ? MERGE_STEPS.starting
                : job.step;
    const o = job.options;
    return {
      merge_id: job.id,
      merge_name: o.merge_name,
      status,
      progress_percentage: status === 'completed' ? 100 : Math.round(job.progress),
      current_step: step,
      processing_method: out.method ?? o.planned_method ?? null,
      queue_position: position,
      quality_tier: o.quality_tier,
      output_format: o.output_format,
      processing_mode: o.processing_mode,
      ffmpeg_params: o.ffmpeg_params,
      watermark: o.watermark,
      input_sources: o.inputs.map((i) => ({
        url: i.url,
        type: i.type,
        duration: i.duration,
        start_time: i.start_time,
        volume: i.volume,
      })),
      video_generation_id: o.video_generation_id,
      output_url: status === 'completed' && !expired && out.key ? mediaUrl(out.key) : null,
      duration: status === 'completed' ? (out.duration ?? null) : null,
      file_size_bytes: status === 'completed' ? (out.bytes ?? null) : null,
      error_message: status === 'failed' ? (job.error_message ?? mergeMessages.failed) : null,
      retry_count: job.attempt - 1,
      max_retries: MERGE_LIMITS.maxRetries,
      expired,
      created_at: job.created_at,
      updated_at: job.updated_at,
      expires_at: status === 'completed' ? (out.expires_at ?? null) : null,
    };
  }

  function started(job: MergeJob, order: readonly string[], message: string): MergeStarted {
    const view = mergeView(job, order);
    return {
      merge_id: job.id,
      status: view.status,
      queue_position: view.queue_position,
      processing_method: view.processing_method,
      retry_count: view.retry_count,
      message,
    };
  }

  function previewView(job: PreviewJob): PreviewStatus {
    const status = job.status === 'ready' ? 'completed' : isActive(job.status) ? 'processing' : 'failed';
    const expired = Boolean(job.outputs.expired) || isPast(job.outputs.expires_at);
    return {
      preview_id: job.id,
      status,
      preview_url: status === 'completed' && !expired && job.outputs.key ? mediaUrl(job.outputs.key) : null,
      preview_duration: status === 'completed' ? (job.outputs.duration ?? 0) : job.options.preview_duration,
      progress_percentage: status === 'completed' ? 100 : Math.round(job.progress),
      error_message:
        status === 'failed'
          ? job.status === 'cancelled'
            ? mergeMessages.previewFailed
            : (job.error_message ?? mergeMessages.previewFailed)
          : expired && status === 'completed'
            ? mergeMessages.resultExpired
            : null,
      created_at: job.created_at,
    };
  }

  // --- probing uploaded bytes ---

  /**
   * The leading bytes against what was declared (a known audio or video container, one that can hold
   * the declared kind, the declared content type's container); answers the demuxer to probe with.
   */
  function checkLeadingBytes(bytes: Uint8Array, declared: { fileType: InputType; contentType: string }) {
    const verdict = checkDeclared(bytes, declared);
    if (verdict.ok) return verdict.format;
    if (verdict.reason === 'wrong_kind')
      throw new BadRequestError(mergeMessages.notOfKind(declared.fileType), 'wrong_kind');
    if (verdict.reason === 'type_mismatch')
      throw new BadRequestError(
        mergeMessages.typeMismatch(declared.contentType, verdict.format!.label),
        'type_mismatch',
      );
    throw new BadRequestError(mergeMessages.unreadableFile, 'unreadable_file');
  }

  /** The streams of a file, checked against its declared kind; 400 when unreadable or not that kind. */
  async function checkMedia(source: string, demuxer: string, declared: InputType): Promise<StreamInfo> {
    let probe: ProbeResult;
    try {
      probe = await deps.probe(source, demuxer);
    } catch {
      throw new BadRequestError(mergeMessages.unreadableFile, 'unreadable_file');
    }
    if (!(probe.duration > 0) || (!probe.video && !probe.audio))
      throw new BadRequestError(mergeMessages.unreadableFile, 'unreadable_file');
    if (declared === 'video' ? !probe.video : !probe.audio)
      throw new BadRequestError(mergeMessages.notOfKind(declared), 'wrong_kind');
    return streamsOf(probe);
  }

  async function discardUpload(record: UploadRecord) {
    // An abort that fails leaves parts the bucket's lifecycle rule removes after a day.
    if (record.multipart_id)
      await deps.uploads.abortMultipart(record.key, record.multipart_id).catch(() => undefined);
    await deps.uploads.delete(record.key);
    await deps.table.delete(mergeKeys.upload(record.owner_id, record.upload_id));
    await deps.table.delete(mergeKeys.expiry(record.expires_at, 'upload', record.upload_id));
  }

  /** Uploads of the user still uploading and not expired (at most 10 at a time). */
  async function checkUploadSlots(ownerId: string) {
    const uploading = (await listUploads(ownerId)).filter(
      (u) => u.status === 'uploading' && !isPast(u.expires_at),
    );
    if (uploading.length >= MERGE_LIMITS.maxFiles)
      throw new BadRequestError(mergeMessages.tooManyFiles, 'too_many_files');
  }

  async function signParts(record: UploadRecord, numbers: number[]) {
    const expires = new Date(nowMs() + MERGE_LIMITS.partUrlSeconds * 1000).toISOString();
    const parts = await Promise.all(
      numbers.map(async (part_number) => ({
        part_number,
        url: await deps.uploads.presignPart(
          record.key,
          record.multipart_id!,
          part_number,
          MERGE_LIMITS.partUrlSeconds,
        ),
      })),
    );
    return { parts, expires_at: expires };
  }

  async function uploadingRecord(ownerId: string, uploadId: string): Promise<UploadRecord> {
    const record = await getUpload(ownerId, uploadId);
    if (!record) throw new NotFoundError(mergeMessages.uploadNotFound, 'upload_not_found');
    if (isPast(record.expires_at)) throw new GoneError(mergeMessages.uploadExpired);
    if (record.status !== 'uploading' || !record.multipart_id)
      throw new ConflictError(mergeMessages.uploadAlreadyCompleted, 'upload_completed');
    return record;
  }

  // --- inputs ---

  /** An input source's url as one of the caller's stored files; 404 for anything else. */
  async function resolveInput(
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
      const upload = await getUpload(ownerId, uploadId);
      if (upload) {
        if (isPast(upload.expires_at)) throw new GoneError(mergeMessages.uploadExpired);
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
      const job = await ownedJob<MergeJob>(ownerId, mergeId, MERGE_JOB_KIND);
      if (job && job.status === 'ready' && job.outputs.key) {
        if (job.outputs.expired || isPast(job.outputs.expires_at))
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
  function checkBounds(
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

  async function resolveSettings(
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
      resolved.push(await resolveInput(ownerId, source, i));
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
  const freshJob = (id: string) => deps.table.get<MergeJob>(keys.job(id), { consistent: true });

  const queueEntries = (ownerId: string) =>
    deps.table.query<QueueEntry>({
      pk: `USER#${ownerId}`,
      skPrefix: mergeKeys.queuePrefix,
      consistent: true,
    });

  /** The user's waiting merges, in turn order (the queue's items and their jobs, read consistently). */
  async function queueOrder(ownerId: string): Promise<string[]> {
    const entries = await queueEntries(ownerId);
    const jobs = await Promise.all(entries.map((e) => freshJob(e.job_id)));
    return entries.filter((_, i) => jobs[i] && isWaiting(jobs[i]!)).map((e) => e.job_id);
  }

  /** Puts a merge at the end of its owner's queue: its turn is the next number of a per-user counter. */
  async function joinQueue(ownerId: string, jobId: string) {
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
  async function pump(ownerId: string): Promise<void> {
    const slotKey = mergeKeys.slot(ownerId);
    for (let round = 0; round < MERGE_LIMITS.maxFiles + 5; round++) {
      const slot = await deps.table.get<{ job_id: string }>(slotKey, { consistent: true });
      if (slot) {
        const holder = await freshJob(slot.job_id);
        if (holder && isActive(holder.status) && !holder.deferred) {
          if (isActive((await deps.jobs.settle(holder)).status)) return;
        }
      }
      let next: MergeJob | null = null;
      let nextKey = slotKey;
      for (const entry of await queueEntries(ownerId)) {
        const job = await freshJob(entry.job_id);
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

  // --- expiry ---

  async function expireOne(record: ExpiryRecord): Promise<void> {
    if (record.what === 'upload') {
      const upload = await getUpload(record.owner_id, record.id);
      if (upload) await discardUpload(upload);
      return;
    }
    const kind = record.what === 'merge' ? MERGE_JOB_KIND : PREVIEW_JOB_KIND;
    const job = await ownedJob<MergeJob | PreviewJob>(record.owner_id, record.id, kind);
    if (job?.outputs.key) await deps.media.delete(job.outputs.key);
    if (job)
      await deps.jobs.repository.update(
        job.id,
        {
          outputs: { ...job.outputs, expired: true },
          ...(record.what === 'merge' ? { step: MERGE_STEPS.expired } : {}),
        },
        now(),
      );
  }

  return {
    pump,

    // --- uploads ---

    async startUpload(
      ownerId: string,
      request: { file_name: string; file_type: InputType; content_type: string; size_bytes: number },
    ): Promise<MergeUploadSession> {
      if (request.size_bytes > MERGE_LIMITS.maxFileBytes)
        throw new BadRequestError(mergeMessages.fileTooLarge, 'file_too_large');
      if (!isAllowedContentType(request.content_type))
        throw new BadRequestError(
          mergeMessages.typeNotSupported(request.content_type || 'unknown'),
          'unsupported_type',
        );
      await checkUploadSlots(ownerId);
      const uploadId = uuid();
      const key = mergeStorage.upload(ownerId, uploadId);
      const partSize = MERGE_LIMITS.uploadPartBytes;
      const partCount = Math.max(1, Math.ceil(request.size_bytes / partSize));
      // Parts are stored as declared; a generic type becomes the sniffed one when the upload completes.
      const multipartId = await deps.uploads.createMultipart(
        key,
        request.content_type || 'application/octet-stream',
      );
      const record: UploadRecord = {
        upload_id: uploadId,
        owner_id: ownerId,
        key,
        multipart_id: multipartId,
        file_name: request.file_name,
        file_type: request.file_type,
        content_type: request.content_type,
        size_bytes: request.size_bytes,
        part_size: partSize,
        part_count: partCount,
        status: 'uploading',
        duration: 0,
        width: null,
        height: null,
        fps: null,
        video_codec: null,
        audio_codec: null,
        audio_sample_rate: null,
        audio_channels: null,
        pixel_format: null,
        created_at: now(),
        expires_at: expiresAt(),
      };
      await deps.table.put({ ...mergeKeys.upload(ownerId, uploadId), ...record });
      await markExpiry('upload', uploadId, ownerId, record.expires_at);
      const { parts, expires_at } = await signParts(
        record,
        Array.from({ length: partCount }, (_, i) => i + 1),
      );
      return {
        upload_id: uploadId,
        file_name: record.file_name,
        file_type: record.file_type,
        content_type: record.content_type,
        size_bytes: record.size_bytes,
        part_size: partSize,
        part_count: partCount,
        parts,
        expires_at,
      };
    },

    async signParts(ownerId: string, uploadId: string, numbers: number[]): Promise<MergeUploadParts> {
      const record = await uploadingRecord(ownerId, uploadId);
      const wrong = numbers.find((n) => n > record.part_count);
      if (wrong !== undefined)
        throw new BadRequestError(
          `This upload has ${record.part_count} parts: part ${wrong} does not exist.`,
        );
      const { parts, expires_at } = await signParts(
        record,
        [...new Set(numbers)].sort((a, b) => a - b),
      );
      return { upload_id: uploadId, parts, expires_at };
    },

    /**
     * Completes a multipart upload: every part present with its ETag, the whole exactly the declared
     * size; then the bytes are probed. A file that is not readable media of the declared kind is
     * deleted (record and object) and answers 400.
     */
    async completeUpload(
      ownerId: string,
      uploadId: string,
      parts: { part_number: number; etag: string }[],
    ): Promise<MergeUpload> {
      const record = await uploadingRecord(ownerId, uploadId);
      // Every part must have arrived, with the ETag its PUT answered, before anything is assembled;
      // the parts' URLs do not bind their sizes, so the total is checked here too.
      let stored: { partNumber: number; etag: string; size: number }[];
      try {
        stored = await deps.uploads.listParts(record.key, record.multipart_id!);
      } catch (error) {
        if ((error as Error).name !== 'NoSuchUpload') throw error;
        await discardUpload(record);
        throw new GoneError(mergeMessages.uploadExpired);
      }
      const total = stored.reduce((sum, p) => sum + p.size, 0);
      if (total > MERGE_LIMITS.maxFileBytes || total > record.size_bytes) {
        await discardUpload(record);
        throw new BadRequestError(mergeMessages.fileTooLarge, 'file_too_large');
      }
      const unquote = (etag: string) => etag.replace(/"/g, '');
      const given = new Map(parts.map((p) => [p.part_number, unquote(p.etag)]));
      const arrived = new Map(stored.map((p) => [p.partNumber, unquote(p.etag)]));
      for (let n = 1; n <= record.part_count; n++) {
        if (!arrived.has(n)) throw new BadRequestError(mergeMessages.partsMissing, 'parts_missing');
        if (given.get(n) !== arrived.get(n))
          throw new BadRequestError(mergeMessages.partsMismatch(record.part_count), 'parts_mismatch');
      }
      await deps.uploads.completeMultipart(
        record.key,
        record.multipart_id!,
        stored
          .filter((p) => p.partNumber <= record.part_count)
          .map((p) => ({ partNumber: p.partNumber, etag: p.etag })),
      );
      const done: UploadRecord = { ...record, multipart_id: null };
      // The whole must be what was declared (a short last part is caught here).
      const assembled = await deps.uploads.head(record.key);
      if (!assembled || assembled.size !== record.size_bytes) {
        await discardUpload(done);
        throw new BadRequestError(
          `The uploaded file is ${assembled?.size ?? 0} bytes, not the ${record.size_bytes} bytes declared. Upload it again.`,
          'size_mismatch',
        );
      }
      // The file is never copied: its first bytes are read for the magic number, then ffprobe reads
      // only the header and index it needs through a short-lived URL (range requests; an MP4 whose
      // index is at the end costs a seek, not the whole file).
      let streams: StreamInfo;
      let format: Sniffed;
      try {
        format = checkLeadingBytes(await deps.uploads.getRange(record.key, 0, SNIFF_BYTES), {
          fileType: record.file_type,
          contentType: record.content_type,
        });
        streams = await checkMedia(
          await deps.uploads.presignGet(record.key, MERGE_LIMITS.probeUrlSeconds),
          format.demuxer,
          record.file_type,
        );
      } catch (error) {
        await discardUpload(done);
        throw error;
      }
      const completed: UploadRecord = {
        ...done,
        ...streams,
        content_type: keptContentType(record.content_type, record.file_type, format),
        status: 'completed',
      };
      await deps.table.put({ ...mergeKeys.upload(ownerId, uploadId), ...completed });
      return uploadView(completed);
    },

    async abortUpload(ownerId: string, uploadId: string): Promise<void> {
      const record = await getUpload(ownerId, uploadId);
      if (!record) throw new NotFoundError(mergeMessages.uploadNotFound, 'upload_not_found');
      await discardUpload(record);
    },

    async uploads(ownerId: string): Promise<MergeUpload[]> {
      return (await listUploads(ownerId))
        .filter((u) => !isPast(u.expires_at))
        .sort((a, b) => b.created_at.localeCompare(a.created_at))
        .map(uploadView);
    },

    async upload(ownerId: string, uploadId: string): Promise<MergeUpload> {
      const record = await getUpload(ownerId, uploadId);
      if (!record) throw new NotFoundError(mergeMessages.uploadNotFound, 'upload_not_found');
      if (isPast(record.expires_at)) throw new GoneError(mergeMessages.uploadExpired);
      return uploadView(record);
    },

    /** POST /merge/upload: a small file in one request, with the same checks. */
    async uploadSmall(
      ownerId: string,
      file: { filename: string; contentType: string; data: Buffer },
      fileType: InputType,
    ): Promise<MergeUpload> {
      if (file.data.length > MERGE_LIMITS.maxSmallUploadBytes)
        throw new BadRequestError(mergeMessages.smallUploadTooLarge, 'file_too_large');
      if (!file.data.length) throw new BadRequestError(mergeMessages.fileRequired, 'missing_file');
      if (!isAllowedContentType(file.contentType))
        throw new BadRequestError(
          mergeMessages.typeNotSupported(file.contentType || 'unknown'),
          'unsupported_type',
        );
      await checkUploadSlots(ownerId);
      const format = checkLeadingBytes(file.data.subarray(0, SNIFF_BYTES), {
        fileType,
        contentType: file.contentType,
      });
      const streams = await withTempDir('merge-upload', async (dir) => {
        const path = join(dir, 'source');
        await writeFile(path, file.data);
        return checkMedia(path, format.demuxer, fileType);
      });
      const contentType = keptContentType(file.contentType, fileType, format);
      const uploadId = uuid();
      const record: UploadRecord = {
        upload_id: uploadId,
        owner_id: ownerId,
        key: mergeStorage.upload(ownerId, uploadId),
        multipart_id: null,
        file_name: (file.filename || 'upload').slice(0, MERGE_LIMITS.maxFileNameLength),
        file_type: fileType,
        content_type: contentType,
        size_bytes: file.data.length,
        part_size: file.data.length,
        part_count: 1,
        status: 'completed',
        ...streams,
        created_at: now(),
        expires_at: expiresAt(),
      };
      await deps.uploads.put(record.key, file.data, contentType);
      await deps.table.put({ ...mergeKeys.upload(ownerId, uploadId), ...record });
      await markExpiry('upload', uploadId, ownerId, record.expires_at);
      return uploadView(record);
    },

    // --- the user's generated videos (merge inputs) ---

    /**
     * The caller's completed chapter films and learning videos, newest first: the standalone merge
     * page offers them as inputs. Read from the caller's books (their jobs and chapters).
     */
    async library(ownerId: string): Promise<MergeLibraryItem[]> {
      const books = (
        await deps.table.query<{ id?: string; title?: string; owner_id?: string }>({
          index: 'gsi1',
          pk: `OWNER#${ownerId}`,
        })
      ).filter((b) => typeof b.id === 'string' && typeof b.title === 'string' && b.owner_id === ownerId);
      const chapterTitles = new Map<string, Promise<string | null>>();
      const chapterTitle = (chapterId: string | undefined) => {
        if (!chapterId) return Promise.resolve(null);
        if (!chapterTitles.has(chapterId))
          chapterTitles.set(
            chapterId,
            deps.table
              .query<{ title?: string; chapter_number?: number }>({
                index: 'gsi1',
                pk: `CHAPTER#${chapterId}`,
                limit: 1,
              })
              .then(([c]) =>
                c ? `Chapter ${c.chapter_number ?? ''}${c.title ? `: ${c.title}` : ''}`.trim() : null,
              ),
          );
        return chapterTitles.get(chapterId)!;
      };
      const perBook = await Promise.all(
        books.map(async (book) => {
          const jobs = (await deps.jobs.listForBook(book.id!)).filter(
            (j) => j.owner_id === ownerId && j.status === 'ready',
          );
          const items = await Promise.all(
            jobs.map(async (job): Promise<MergeLibraryItem | null> => {
              const chapter = await chapterTitle(job.target.chapter_id);
              const base = {
                id: job.id,
                input_url: job.id,
                book_id: book.id!,
                book_title: book.title!,
                chapter_id: job.target.chapter_id ?? null,
                created_at: job.finished_at ?? job.created_at,
              };
              if (job.kind === 'video-generation') {
                const out = job.outputs as {
                  final_key?: string | null;
                  final?: { duration: number; thumbnail_key: string | null } | null;
                };
                if (!out.final_key) return null;
                return {
                  ...base,
                  source: 'film',
                  title: `${chapter ?? book.title} — film`,
                  duration: out.final?.duration ?? 0,
                  thumbnail_url: mediaUrl(out.final?.thumbnail_key),
                  video_url: mediaUrl(out.final_key),
                };
              }
              if (job.kind === 'learning-content') {
                const out = job.outputs as {
                  video_key?: string | null;
                  thumbnail_key?: string | null;
                  duration?: number | null;
                };
                const type = (job.options as { content_type?: string }).content_type;
                if (!out.video_key) return null;
                const what = type === 'realistic_video' ? 'tutor video' : 'chapter video';
                return {
                  ...base,
                  source: 'learning_video',
                  title: `${chapter ?? book.title} — ${what}`,
                  duration: out.duration ?? 0,
                  thumbnail_url: mediaUrl(out.thumbnail_key),
                  video_url: mediaUrl(out.video_key),
                };
              }
              return null;
            }),
          );
          return items.filter((i): i is MergeLibraryItem => i !== null);
        }),
      );
      return perBook.flat().sort((a, b) => b.created_at.localeCompare(a.created_at));
    },

    // --- merges ---

    async start(ownerId: string, request: MergeInput): Promise<MergeStarted> {
      const { settings, inputs } = await resolveSettings(ownerId, request);
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
      await joinQueue(ownerId, job.id);
      await pump(ownerId);
      const current = (await freshJob(job.id)) ?? job;
      const view = started(current, await queueOrder(ownerId), mergeMessages.started);
      return view.queue_position > 0 ? { ...view, message: mergeMessages.queued(view.queue_position) } : view;
    },

    async status(ownerId: string, mergeId: string): Promise<MergeStatus> {
      let job = await ownedJob<MergeJob>(ownerId, mergeId, MERGE_JOB_KIND);
      if (!job) throw new NotFoundError(mergeMessages.mergeNotFound, 'merge_not_found');
      job = (await deps.jobs.settle(job)) as MergeJob;
      if (isWaiting(job)) {
        await pump(ownerId);
        job = (await freshJob(job.id)) ?? job;
      }
      return mergeView(job, await queueOrder(ownerId));
    },

    async list(ownerId: string): Promise<MergeStatus[]> {
      const all = await mergesOf(ownerId);
      if (waitingInOrder(all).length) await pump(ownerId);
      const fresh = await mergesOf(ownerId);
      const order = await queueOrder(ownerId);
      return fresh
        .sort((a, b) => b.created_at.localeCompare(a.created_at))
        .map((job) => mergeView(job, order));
    },

    /** A failed merge again, at the end of the user's queue; at most 3 retries. */
    async retry(ownerId: string, mergeId: string): Promise<MergeStarted> {
      let job = await ownedJob<MergeJob>(ownerId, mergeId, MERGE_JOB_KIND);
      if (!job) throw new NotFoundError(mergeMessages.mergeNotFound, 'merge_not_found');
      job = (await deps.jobs.settle(job)) as MergeJob;
      if (job.status !== 'failed') throw new ConflictError(mergeMessages.retryNotFailed, 'not_failed');
      if (job.attempt - 1 >= MERGE_LIMITS.maxRetries)
        throw new BadRequestError(mergeMessages.retryLimit, 'retry_limit');
      for (const [i, input] of job.options.inputs.entries()) {
        if (!(await bucket(input.bucket).head(input.key)))
          throw new GoneError(
            `Input ${i + 1} is no longer available: uploaded files are kept for 24 hours. Start a new merge.`,
          );
      }
      const queued = (await deps.jobs.retry(mergeJob, job, undefined, { defer: true })) as MergeJob;
      if (queued.status !== 'queued') throw new ConflictError(mergeMessages.retryNotFailed, 'not_failed');
      await joinQueue(ownerId, job.id);
      await pump(ownerId);
      const current = (await freshJob(job.id)) ?? queued;
      return started(current, await queueOrder(ownerId), mergeMessages.retried);
    },

    async download(ownerId: string, mergeId: string): Promise<MergeDownload> {
      const job = await ownedJob<MergeJob>(ownerId, mergeId, MERGE_JOB_KIND);
      if (!job || job.status !== 'ready' || !job.outputs.key)
        throw new NotFoundError(mergeMessages.resultNotFound, 'result_not_found');
      if (job.outputs.expired || isPast(job.outputs.expires_at))
        throw new GoneError(mergeMessages.resultExpired);
      const bytes = job.outputs.bytes ?? 0;
      if (bytes > MERGE_LIMITS.maxDownloadBytes)
        throw new BadRequestError(mergeMessages.downloadTooLarge, 'download_too_large');
      return {
        download_url: mediaUrl(job.outputs.key)!,
        filename: downloadFileName(job.options.merge_name, job.options.output_format),
        file_size_bytes: bytes,
        url_expires_at: new Date(mediaExpiry(nowMs()) * 1000).toISOString(),
      };
    },

    // --- previews ---

    async preview(ownerId: string, request: PreviewInput): Promise<PreviewStatus> {
      const previews = (await deps.jobs.listForOwner(ownerId)).filter(
        (j) => j.kind === PREVIEW_JOB_KIND && isActive(j.status),
      );
      for (const p of previews)
        if (isActive((await deps.jobs.settle(p)).status))
          throw new ConflictError(mergeMessages.previewRunning, 'preview_running');
      const { settings, inputs } = await resolveSettings(ownerId, request, request.preview_duration);
      const requestId = uuid();
      const job = (await deps.jobs.start(previewJob, {
        owner: ownerId,
        target: {},
        options: { ...settings, inputs, preview_duration: request.preview_duration, request_id: requestId },
        exclusive: PREVIEW_LOCK,
      })) as PreviewJob;
      if (job.options.request_id !== requestId)
        throw new ConflictError(mergeMessages.previewRunning, 'preview_running');
      return previewView(job);
    },

    async previewStatus(ownerId: string, previewId: string): Promise<PreviewStatus> {
      const job = await ownedJob<PreviewJob>(ownerId, previewId, PREVIEW_JOB_KIND);
      if (!job) throw new NotFoundError(mergeMessages.previewNotFound, 'preview_not_found');
      return previewView((await deps.jobs.settle(job)) as PreviewJob);
    },

    // --- what the workers call ---

    /** A finished merge or preview is listed for deletion 24 hours later. */
    async scheduleExpiry(what: 'merge' | 'preview', id: string, ownerId: string, at: string) {
      await markExpiry(what, id, ownerId, at);
    },

    expiresAt,

    /**
     * Deletes what is past its 24 hours: uploads (object and record), merge results and previews
     * (the object; the record is marked expired so status and download say so). Returns the count.
     */
    async sweep(): Promise<number> {
      const due = await deps.table.query<ExpiryRecord>({ pk: mergeKeys.expiryPartition });
      let removed = 0;
      for (const record of due) {
        if (!isPast(record.expires_at)) break;
        await expireOne(record);
        await deps.table.delete(mergeKeys.expiry(record.expires_at, record.what, record.id));
        removed++;
      }
      return removed;
    },
  };
}

export type MergeService = ReturnType<typeof createMergeService>;
