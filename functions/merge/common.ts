import { randomUUID } from 'node:crypto';
import {
  MERGE_LIMITS,
  MERGE_STEPS,
  mergeMessages,
  type MergeStarted,
  type MergeStatus,
  type MergeStatusValue,
  type MergeUpload,
  type PreviewStatus,
} from '../contracts/merge';
import { type Tier } from '../contracts/subscriptions';
import { type ProbeResult } from '../engine/types';
import { isActive, type JobRecord, type Jobs } from '../jobs';
import { HttpError } from '../lib/errors';
import { isUuid } from '../lib/ids';
import { mediaUrl } from '../lib/media-urls';
import { isoNow, type Clock, type ObjectStore, type Table } from '../lib/ports';
import { MERGE_JOB_KIND, mergeKeys, type MergeJob, type PreviewJob, type UploadRecord } from './model';
import { queuePosition } from './plan';

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

export const UPLOAD_PATH = '/api/v1/merge/uploads/';

/** What every use case is given: the deps, and what is made once from them. */
export function mergeContext(deps: MergeDeps) {
  const uuid = deps.uuid ?? randomUUID;
  return { ...deps, uuid };
}
export type MergeContext = ReturnType<typeof mergeContext>;

export const now = (deps: MergeContext) => isoNow(deps.clock);

export const nowMs = (deps: MergeContext) => deps.clock.now().getTime();

export const expiresAt = (deps: MergeContext, fromMs = nowMs(deps)) =>
  new Date(fromMs + MERGE_LIMITS.retentionHours * HOUR_MS).toISOString();

export const isPast = (deps: MergeContext, iso: string | null | undefined) =>
  Boolean(iso && Date.parse(iso) <= nowMs(deps));

export const bucket = (deps: MergeContext, name: 'uploads' | 'media') =>
  name === 'uploads' ? deps.uploads : deps.media;

// --- records ---

export const getUpload = (deps: MergeContext, ownerId: string, uploadId: string) =>
  isUuid(uploadId)
    ? deps.table.get<UploadRecord>(mergeKeys.upload(ownerId, uploadId))
    : Promise.resolve(null);

export const listUploads = (deps: MergeContext, ownerId: string) =>
  deps.table.query<UploadRecord>({ pk: `USER#${ownerId}`, skPrefix: mergeKeys.uploadPrefix });

export async function ownedJob<J extends JobRecord>(
  deps: MergeContext,
  ownerId: string,
  id: string,
  kind: string,
): Promise<J | null> {
  const found = isUuid(id) ? await deps.jobs.get(id) : null;
  return found && found.kind === kind && found.owner_id === ownerId ? (found as J) : null;
}

export const mergesOf = async (deps: MergeContext, ownerId: string) =>
  (await deps.jobs.listForOwner(ownerId)).filter((j) => j.kind === MERGE_JOB_KIND) as MergeJob[];

// --- views ---

export function uploadView(u: UploadRecord): MergeUpload {
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

export function mergeStatusValue(job: MergeJob): MergeStatusValue {
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

export function mergeView(deps: MergeContext, job: MergeJob, order: readonly string[]): MergeStatus {
  const status = mergeStatusValue(job);
  const out = job.outputs;
  const expired = status === 'completed' && (Boolean(out.expired) || isPast(deps, out.expires_at));
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

export function started(
  deps: MergeContext,
  job: MergeJob,
  order: readonly string[],
  message: string,
): MergeStarted {
  const view = mergeView(deps, job, order);
  return {
    merge_id: job.id,
    status: view.status,
    queue_position: view.queue_position,
    processing_method: view.processing_method,
    retry_count: view.retry_count,
    message,
  };
}

export function previewView(deps: MergeContext, job: PreviewJob): PreviewStatus {
  const status = job.status === 'ready' ? 'completed' : isActive(job.status) ? 'processing' : 'failed';
  const expired = Boolean(job.outputs.expired) || isPast(deps, job.outputs.expires_at);
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

export async function discardUpload(deps: MergeContext, record: UploadRecord) {
  // An abort that fails leaves parts the bucket's lifecycle rule removes after a day.
  if (record.multipart_id)
    await deps.uploads.abortMultipart(record.key, record.multipart_id).catch(() => undefined);
  await deps.uploads.delete(record.key);
  await deps.table.delete(mergeKeys.upload(record.owner_id, record.upload_id));
  await deps.table.delete(mergeKeys.expiry(record.expires_at, 'upload', record.upload_id));
}
