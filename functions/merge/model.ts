import type {
  InputType,
  MergeStatus,
  OutputFormat,
  ProcessingMethod,
  UploadStatusValue,
} from '../contracts/merge';
import type { PlanLimits } from '../contracts/subscriptions';
import type { JobRecord } from '../jobs';
import type { Key } from '../lib/ports';

/**
 * Records of the Merge studio. Uploads are items of the user's partition; merges and previews are
 * jobs of the job system (kinds `merge` and `merge-preview`); what expires after 24 hours is listed
 * under one partition ordered by expiry, which the local sweep reads.
 *
 *   USER#<sub>     MERGEUPLOAD#<uploadId>                 an uploaded file (or one still uploading)
 *   USER#<sub>     MERGESLOT                              the user's one running merge (job_id)
 *   USER#<sub>     MERGEQUEUESEQ                          the user's queue counter (seq)
 *   USER#<sub>     MERGEQUEUE#<seq>#<jobId>               a merge waiting for its turn, in order
 *   MERGEEXPIRY    <expires_at>#<what>#<id>               something to delete at expires_at
 *
 * The slot and the queue are items of the user's partition, read strongly consistently: which merge
 * runs is decided by a conditional write on the slot, and the order by the counter, never by the
 * jobs' (eventually consistent) owner index.
 */
export const mergeKeys = {
  upload: (ownerId: string, uploadId: string): Key => ({
    pk: `USER#${ownerId}`,
    sk: `MERGEUPLOAD#${uploadId}`,
  }),
  uploadPrefix: 'MERGEUPLOAD#',
  slot: (ownerId: string): Key => ({ pk: `USER#${ownerId}`, sk: 'MERGESLOT' }),
  queueCounter: (ownerId: string): Key => ({ pk: `USER#${ownerId}`, sk: 'MERGEQUEUESEQ' }),
  queued: (ownerId: string, seq: number, jobId: string): Key => ({
    pk: `USER#${ownerId}`,
    sk: `MERGEQUEUE#${String(seq).padStart(12, '0')}#${jobId}`,
  }),
  queuePrefix: 'MERGEQUEUE#',
  expiryPartition: 'MERGEEXPIRY',
  expiry: (expiresAt: string, what: ExpiryKind, id: string): Key => ({
    pk: 'MERGEEXPIRY',
    sk: `${expiresAt}#${what}#${id}`,
  }),
};

/** Storage layout: uploads in the uploads bucket, results and previews in the media bucket. */
export const mergeStorage = {
  upload: (ownerId: string, uploadId: string) => `merge/uploads/${ownerId}/${uploadId}/source`,
  output: (ownerId: string, mergeId: string, format: OutputFormat) =>
    `media/merge/${ownerId}/${mergeId}/merged.${format}`,
  preview: (ownerId: string, previewId: string) => `media/merge/${ownerId}/previews/${previewId}.mp4`,
};

/** A merge waiting in its owner's queue. */
export interface QueueEntry {
  job_id: string;
  seq: number;
}

export type ExpiryKind = 'upload' | 'merge' | 'preview';

export interface ExpiryRecord {
  what: ExpiryKind;
  id: string;
  owner_id: string;
  expires_at: string;
}

/** What the streams of a file are (from ffprobe), kept with uploads so a merge can be planned. */
export interface StreamInfo {
  duration: number;
  width: number | null;
  height: number | null;
  fps: number | null;
  video_codec: string | null;
  audio_codec: string | null;
  audio_sample_rate: number | null;
  audio_channels: number | null;
  pixel_format: string | null;
  /** The video codec's profile and level, and the video stream's time base (stream-copy checks). */
  video_profile?: string | null;
  video_level?: number | null;
  video_time_base?: string | null;
}

export interface UploadRecord extends StreamInfo {
  upload_id: string;
  owner_id: string;
  key: string;
  /** The storage's multipart upload id while uploading; null for single requests and once done. */
  multipart_id: string | null;
  file_name: string;
  file_type: InputType;
  content_type: string;
  size_bytes: number;
  part_size: number;
  part_count: number;
  status: UploadStatusValue;
  created_at: string;
  expires_at: string;
}

/** An input source resolved to a stored file of the caller. */
export interface ResolvedInput {
  url: string;
  type: InputType;
  start_time: number;
  volume: number;
  bucket: 'uploads' | 'media';
  key: string;
  /** Seconds, when known from the file's streams (0 otherwise). */
  duration: number;
  streams: StreamInfo | null;
}

/** A merge's settings as the request gave them once checked (and as the status answers them). */
export type MergeSettings = Pick<
  MergeStatus,
  'quality_tier' | 'output_format' | 'processing_mode' | 'ffmpeg_params' | 'watermark'
> & {
  /** The plan's largest merge frame when the merge was asked for (absent on older merges). */
  max_frame?: PlanLimits['merge_frame'] | null;
};

export interface MergeOptions extends MergeSettings {
  merge_name: string;
  video_generation_id: string | null;
  inputs: ResolvedInput[];
  /** How the merge will be made, decided from the inputs' known streams (null when not all known). */
  planned_method: ProcessingMethod | null;
}

export interface MergeOutputs {
  key: string;
  bytes: number;
  duration: number;
  method: ProcessingMethod;
  expires_at: string;
  /** The result was deleted after 24 hours. */
  expired: boolean;
}

export interface PreviewOptions extends MergeSettings {
  inputs: ResolvedInput[];
  preview_duration: number;
  /** Tells this request's job from another that already held the one-preview lock. */
  request_id: string;
}

export interface PreviewOutputs {
  key: string;
  bytes: number;
  duration: number;
  expires_at: string;
  expired: boolean;
}

export type MergeJob = JobRecord<MergeOptions, MergeOutputs>;
export type PreviewJob = JobRecord<PreviewOptions, PreviewOutputs>;

export const MERGE_JOB_KIND = 'merge';
export const PREVIEW_JOB_KIND = 'merge-preview';
/** The one-preview-at-a-time lock of a user. */
export const PREVIEW_LOCK = 'merge-preview';
