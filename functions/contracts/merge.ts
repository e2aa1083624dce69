/**
 * The Merge studio (spec 3 §2 Merge tab, §3 Merge job / Input source / FFmpeg params / Preview /
 * Upload item, §4, §5, §7 Merge studio, §8 Merge and preview, §9): the user uploads clips, chooses a
 * quality tier, an output format and (Custom tier) FFmpeg parameters, previews the first 30 s, merges,
 * watches the progress, retries a failed merge (3 times at most) and downloads the result for 24 hours.
 * The shapes every merge route answers, their messages, statuses and limits. Shared by the handlers
 * and the SPA.
 *
 * Routes (under /api/v1; every id that is not the caller's answers 404):
 *
 * | route                                   | body                        | answer                          |
 * | --------------------------------------- | --------------------------- | ------------------------------- |
 * | POST   /merge/uploads                   | StartUploadRequest          | 201 MergeUploadSession          |
 * | POST   /merge/uploads/{id}/parts        | PresignPartsRequest         | 200 MergeUploadParts            |
 * | POST   /merge/uploads/{id}/complete     | CompleteUploadRequest       | 200 MergeUpload                 |
 * | DELETE /merge/uploads/{id}              | none                        | 204 (aborted, parts removed)    |
 * | GET    /merge/uploads                   | none                        | 200 MergeUploadList             |
 * | GET    /merge/uploads/{id}              | none                        | 200 MergeUpload                 |
 * | POST   /merge/upload                    | multipart: file, file_type  | 201 MergeUpload (has file_url)  |
 * | POST   /merge/manual                    | MergeRequest                | 202 MergeStarted                |
 * | GET    /merge/status/{id}               | none                        | 200 MergeStatus                 |
 * | GET    /merge/jobs                      | none                        | 200 MergeList                   |
 * | POST   /merge/retry/{id}                | empty                       | 202 MergeStarted                |
 * | GET    /merge/{id}/download             | none                        | 200 MergeDownload               |
 * | POST   /merge/preview                   | PreviewRequest              | 202 PreviewStatus               |
 * | GET    /merge/preview/status/{id}       | none                        | 200 PreviewStatus               |
 *
 * Rules:
 * - Large files go straight from the browser to storage: `POST /merge/uploads` declares the file
 *   (its size, and a content type of video/… or audio/… — or one that says nothing of the file,
 *   application/octet-stream or none, when its bytes decide) and answers one presigned URL per
 *   part; the browser PUTs each part (a failed part is PUT again; `POST /merge/uploads/{id}/parts`
 *   signs parts again when their URLs expired), reads each part's `ETag` response header and
 *   completes with the list. Completion checks the bytes: a file that is not readable media, or not
 *   of the declared kind, answers 400 and is deleted. `POST /merge/upload` (multipart/form-data, at most 4 MB) does the same in one request.
 * - An input source's `url` is a `file_url` this API gave the caller: an upload's `file_url`
 *   (`/api/v1/merge/uploads/{id}`), one of the caller's generated videos (its `video_url`, or its
 *   generation id) or one of the caller's merge results (`output_url`). Anything else answers 404.
 * - Parameters are checked against the lists below before any job starts; containers that cannot hold
 *   a codec answer 400 with the reason (VP9 in MOV, Opus outside WebM, H.264/H.265 or AAC/MP3 in WebM).
 *   `ffmpeg_params` accepts only the named fields: anything else (filters, metadata, raw arguments)
 *   answers 400. FFmpeg's arguments are built from the checked fields only. The advanced parameters
 *   apply to the Custom tier; the other tiers use their own settings (a tier's size, CRF and codecs).
 * - Bounds, checked when a merge or preview is asked for, before anything is stored: by the user's
 *   plan (`limits` of the tier, functions/contracts/subscriptions.ts) — the timeline's length (its
 *   end: the latest start_time + duration) at most the plan's `max_video_duration` (402
 *   `video_too_long`), and a Custom tier's resolution, fps, preset, CRF and bitrate within the plan's
 *   (402 `plan_limit`), each in the plan's words; the named tiers, and a Custom merge without a
 *   resolution (the first video's size), are made at most at the plan's merge frame. Then by the
 *   merge worker's memory (3 GB): the frames FFmpeg holds at the output size for that many videos
 *   and that preset must fit (413 `merge_too_large`, with what would fit; functions/merge/bounds.ts).
 * - `processing_mode`: `ffmpeg_only` is the merge. `ffmpeg_openshot` (title and overlay compositing on
 *   a timeline) is not available: it answers 400 with `mergeMessages.openshotUnavailable`, never a
 *   merge made some other way.
 * - One merge runs per user at a time; further merges wait in the user's queue in the order they were
 *   asked for (`status: pending`, `queue_position` 1 = next) and start when the one before ends.
 * - Stream copy (no re-encoding, `processing_method: 'stream_copy'`) is used when the videos simply
 *   follow each other at full volume with no watermark and every input already has the output's video
 *   and audio codecs, size, frame rate and sample rate; otherwise the inputs are re-encoded
 *   (`'re_encode'`).
 * - Loudness: a re-encoded merge (and its preview) is levelled to -16 LUFS integrated with the true
 *   peak at most -1 dBTP, as everything the product makes, the inputs' volumes kept relative to each
 *   other. A stream copy keeps the user's own sound untouched (nothing is decoded, so nothing is
 *   levelled).
 * - Uploads and merge results are deleted 24 hours after they were made; a merge whose result expired
 *   answers `status: 'completed'` with `expired: true`, and its download answers 410.
 */
import {
  AUDIO_CODECS,
  OUTPUT_FORMATS,
  PRESETS,
  QUALITY_TIERS,
  VIDEO_CODECS,
  WATERMARK_POSITIONS,
  type AudioCodec,
  type OutputFormat,
  type Preset,
  type QualityTier,
  type VideoCodec,
  type WatermarkPosition,
} from '../engine/video/types';

export { AUDIO_CODECS, OUTPUT_FORMATS, PRESETS, QUALITY_TIERS, VIDEO_CODECS, WATERMARK_POSITIONS };
export type { AudioCodec, OutputFormat, Preset, QualityTier, VideoCodec, WatermarkPosition };

const MB = 1024 * 1024;

/** The spec's limits (§5, §9) and this API's. */
export const MERGE_LIMITS = {
  /** Files per merge and per upload batch. */
  maxFiles: 10,
  /** Per uploaded file. */
  maxFileBytes: 500 * MB,
  /** `POST /merge/upload` (one request through the API); larger files use the multipart flow. */
  maxSmallUploadBytes: 4 * MB,
  /** Downloads are refused over this size. */
  maxDownloadBytes: 2 * 1024 * MB,
  /** Uploads and merge results are kept this long. */
  retentionHours: 24,
  /** Retries of a failed merge. */
  maxRetries: 3,
  /** The preview renders the first 30 s of at most 2 inputs. */
  previewSeconds: 30,
  previewMaxInputs: 2,
  /** Every part but the last has this size (S3 needs at least 5 MB). */
  uploadPartBytes: 8 * MB,
  /** How long a presigned part URL stays valid. */
  partUrlSeconds: 3600,
  /** The server's own GET URL that ffprobe reads an upload through (never given to browsers). */
  probeUrlSeconds: 300,
  maxFileNameLength: 255,
  /** Input start times and lengths are at most 10 hours. */
  maxStartTime: 36_000,
  maxVolume: 4,
  fps: { min: 1, max: 120 },
  crf: { min: 0, max: 51 },
  /** Video bitrate in kb/s (replaces the CRF when given). */
  videoBitrateKbps: { min: 100, max: 50_000 },
  watermarkMaxLength: 100,
  mergeNameMaxLength: 120,
} as const;

/** The spec's FFmpeg defaults (§3): fps 30, preset medium, crf 23. */
export const FFMPEG_DEFAULTS = { fps: 30, preset: 'medium', crf: 23 } as const;

/** Audio bitrates offered (kb/s); the codec's default is used when none is chosen. */
export const AUDIO_BITRATES_KBPS = [64, 96, 128, 160, 192, 256, 320] as const;
export type AudioBitrate = (typeof AUDIO_BITRATES_KBPS)[number];

/** The merge request's defaults. */
export const MERGE_DEFAULTS = {
  quality_tier: 'medium',
  output_format: 'mp4',
  processing_mode: 'ffmpeg_only',
  preview_duration: 30,
} as const satisfies {
  quality_tier: QualityTier;
  output_format: OutputFormat;
  processing_mode: ProcessingMode;
  preview_duration: number;
};

/** The input source's defaults (§3): start 0, volume 1. */
export const INPUT_SOURCE_DEFAULTS = { start_time: 0, volume: 1 } as const;

/** Quality tiers as the spec names them (§9), with their output height. */
export const QUALITY_TIER_LABELS: Record<QualityTier, string> = {
  web: 'Web (480p)',
  medium: 'Medium (720p)',
  high: 'High (1080p)',
  custom: 'Custom',
};

export const PROCESSING_MODES = ['ffmpeg_only', 'ffmpeg_openshot'] as const;
export type ProcessingMode = (typeof PROCESSING_MODES)[number];

export const INPUT_TYPES = ['video', 'audio'] as const;
export type InputType = (typeof INPUT_TYPES)[number];

/** Which codecs each container holds (a request outside this answers 400 with the reason). */
export const FORMAT_CODECS: Record<OutputFormat, { video: VideoCodec[]; audio: AudioCodec[] }> = {
  mp4: { video: ['libx264', 'libx265'], audio: ['aac', 'mp3'] },
  mov: { video: ['libx264', 'libx265'], audio: ['aac', 'mp3'] },
  webm: { video: ['libvpx-vp9'], audio: ['libopus'] },
};

/** The codecs a tier (other than Custom) uses for each format. */
export const FORMAT_DEFAULT_CODECS: Record<OutputFormat, { video: VideoCodec; audio: AudioCodec }> = {
  mp4: { video: 'libx264', audio: 'aac' },
  mov: { video: 'libx264', audio: 'aac' },
  webm: { video: 'libvpx-vp9', audio: 'libopus' },
};

/**
 * Quick presets the UI offers: they only fill the form's fields (tier, format and the Custom tier's
 * parameters); the server receives the fields, never a preset name.
 */
export const MERGE_QUICK_PRESETS: Record<
  string,
  { quality_tier: QualityTier; output_format: OutputFormat; ffmpeg_params: FfmpegParamsShape }
> = {
  YouTube: {
    quality_tier: 'custom',
    output_format: 'mp4',
    ffmpeg_params: {
      video_codec: 'libx264',
      audio_codec: 'aac',
      resolution: '1920x1080',
      fps: 30,
      preset: 'medium',
      crf: 21,
    },
  },
  Instagram: {
    quality_tier: 'custom',
    output_format: 'mp4',
    ffmpeg_params: {
      video_codec: 'libx264',
      audio_codec: 'aac',
      resolution: '1080x1080',
      fps: 30,
      preset: 'medium',
      crf: 21,
    },
  },
  TikTok: {
    quality_tier: 'custom',
    output_format: 'mp4',
    ffmpeg_params: {
      video_codec: 'libx264',
      audio_codec: 'aac',
      resolution: '720x1280',
      fps: 30,
      preset: 'medium',
      crf: 23,
    },
  },
  Web: {
    quality_tier: 'custom',
    output_format: 'webm',
    ffmpeg_params: {
      video_codec: 'libvpx-vp9',
      audio_codec: 'libopus',
      resolution: '1280x720',
      fps: 30,
      preset: 'medium',
      crf: 31,
    },
  },
};

/** FFmpeg params as the API answers them (the request schema is in merge-requests.ts). */
export interface FfmpegParamsShape {
  video_codec?: VideoCodec;
  audio_codec?: AudioCodec;
  /** "1280x720" or "720p". */
  resolution?: string;
  fps?: number;
  preset?: Preset;
  /**
   * 0 (best) to 51 (smallest), within the plan's (`limits.min_crf`). With H.264, 0 is lossless: the
   * file is written in the High 4:4:4 Predictive profile (4:2:0 still), which Chromium plays but
   * hardware decoders (Safari, most phones) may not, and is many times larger. With VP9 and H.265, 0
   * is their best lossy quality.
   */
  crf?: number;
  /** kb/s; replaces the CRF when given. */
  video_bitrate?: number;
  /** kb/s, one of AUDIO_BITRATES_KBPS. */
  audio_bitrate?: AudioBitrate;
}

export interface WatermarkShape {
  text: string;
  position: WatermarkPosition;
}

/** The spec's merge statuses (§4). `pending` = waiting in the user's queue. */
export const MERGE_STATUSES = ['pending', 'processing', 'completed', 'failed', 'cancelled'] as const;
export type MergeStatusValue = (typeof MERGE_STATUSES)[number];
/** Polling stops on these. */
export const MERGE_TERMINAL_STATUSES: readonly MergeStatusValue[] = ['completed', 'failed', 'cancelled'];

export const PREVIEW_STATUSES = ['processing', 'completed', 'failed'] as const;
export type PreviewStatusValue = (typeof PREVIEW_STATUSES)[number];

/** A server-side upload: `uploading` until completed; `completed` once its bytes were checked. */
export const UPLOAD_STATUSES = ['uploading', 'completed'] as const;
export type UploadStatusValue = (typeof UPLOAD_STATUSES)[number];

/** The spec's Upload item states in the browser (§4): pending, uploading, completed, failed. */
export const UPLOAD_ITEM_STATUSES = ['pending', 'uploading', 'completed', 'failed'] as const;
export type UploadItemStatus = (typeof UPLOAD_ITEM_STATUSES)[number];

export const PROCESSING_METHODS = ['stream_copy', 're_encode'] as const;
export type ProcessingMethod = (typeof PROCESSING_METHODS)[number];

/** `current_step` values, in the order a merge goes through them. */
export const MERGE_STEPS = {
  queued: 'Waiting in queue',
  starting: 'Starting',
  downloading: 'Downloading inputs',
  streamCopy: 'Merging by stream copy',
  reEncode: 'Re-encoding',
  uploading: 'Uploading result',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
  expired: 'Expired',
} as const;

// --- answers ---

/** POST /merge/uploads: one presigned PUT per part. */
export interface MergeUploadSession {
  upload_id: string;
  file_name: string;
  file_type: InputType;
  content_type: string;
  size_bytes: number;
  /** Every part but the last is this long; the last holds the rest. */
  part_size: number;
  part_count: number;
  parts: MergeUploadPart[];
  /** When the part URLs stop working (ISO); sign them again with /parts. */
  expires_at: string;
}

export interface MergeUploadPart {
  part_number: number;
  url: string;
}

/** POST /merge/uploads/{id}/parts */
export interface MergeUploadParts {
  upload_id: string;
  parts: MergeUploadPart[];
  expires_at: string;
}

/** A checked upload (the spec's Upload item as the server knows it). */
export interface MergeUpload {
  upload_id: string;
  /** What an input source's `url` names: `/api/v1/merge/uploads/{id}`. */
  file_url: string;
  file_name: string;
  file_type: InputType;
  content_type: string;
  size_bytes: number;
  status: UploadStatusValue;
  /** Seconds (from the file's own streams); 0 until completed. */
  duration: number;
  width: number | null;
  height: number | null;
  fps: number | null;
  video_codec: string | null;
  audio_codec: string | null;
  audio_sample_rate: number | null;
  created_at: string;
  /** When the file is deleted (24 hours after the upload started). */
  expires_at: string;
}

export interface MergeUploadList {
  uploads: MergeUpload[];
}

/** POST /merge/manual and POST /merge/retry/{id}. */
export interface MergeStarted {
  merge_id: string;
  status: MergeStatusValue;
  /** 0 while processing (or finished); n ≥ 1: n-th in the user's queue (1 = next to run). */
  queue_position: number;
  /** Decided from the inputs' streams when they are known, else null until the merge runs. */
  processing_method: ProcessingMethod | null;
  retry_count: number;
  message: string;
}

/** GET /merge/status/{id} (the spec's Merge job). */
export interface MergeStatus {
  merge_id: string;
  merge_name: string;
  status: MergeStatusValue;
  /** 0–100, from FFmpeg's progress (time written vs the expected length). */
  progress_percentage: number;
  current_step: string;
  processing_method: ProcessingMethod | null;
  queue_position: number;
  quality_tier: QualityTier;
  output_format: OutputFormat;
  processing_mode: ProcessingMode;
  ffmpeg_params: FfmpegParamsShape;
  watermark: WatermarkShape | null;
  input_sources: InputSourceShape[];
  video_generation_id: string | null;
  /** Signed, short-lived media URL of the result (completed, not expired), else null. */
  output_url: string | null;
  /** Seconds; null until completed. */
  duration: number | null;
  file_size_bytes: number | null;
  error_message: string | null;
  retry_count: number;
  max_retries: number;
  /** True when the result was deleted after 24 hours. */
  expired: boolean;
  created_at: string;
  updated_at: string;
  /** When the result is deleted (completed merges), else null. */
  expires_at: string | null;
}

export interface InputSourceShape {
  url: string;
  type: InputType;
  /** Seconds, as the server measured it (0 when not yet known). */
  duration: number;
  /** Seconds on the output's timeline: as the request gave it, or as placed (see `inputSource` in merge-requests). */
  start_time: number;
  volume: number;
}

/**
 * GET /merge/library: the caller's finished generated videos that can be merge inputs — completed
 * chapter films of the video pipeline and learning videos (tutor and chapter videos) — newest first.
 * `input_url` is what to send as an input source's `url` (the item's id).
 */
export interface MergeLibraryItem {
  id: string;
  source: 'film' | 'learning_video';
  title: string;
  book_id: string;
  book_title: string;
  chapter_id: string | null;
  /** Seconds. */
  duration: number;
  thumbnail_url: string | null;
  video_url: string | null;
  input_url: string;
  created_at: string;
}

export interface MergeLibrary {
  videos: MergeLibraryItem[];
}

/** GET /merge/jobs: the caller's merges, newest first. */
export interface MergeList {
  merges: MergeStatus[];
}

/** GET /merge/{id}/download */
export interface MergeDownload {
  download_url: string;
  filename: string;
  file_size_bytes: number;
  /** When the download URL stops working (ISO). */
  url_expires_at: string;
}

/** POST /merge/preview and GET /merge/preview/status/{id} (the spec's Preview). */
export interface PreviewStatus {
  preview_id: string;
  status: PreviewStatusValue;
  preview_url: string | null;
  /** Seconds rendered (30, or less when the inputs are shorter). */
  preview_duration: number;
  progress_percentage: number;
  error_message: string | null;
  created_at: string;
}

// --- polling (§8, §9) ---

export const MERGE_POLL_MS = 3000;
export const MERGE_POLL_MAX_RETRIES = 5;
/** Backoff after a failed poll: min(1000 · 2^n, 30 000) ms. */
export const mergePollBackoffMs = (failures: number) => Math.min(1000 * 2 ** failures, 30_000);
export const PREVIEW_POLL = { firstMs: 2000, everyMs: 10_000, maxAttempts: 30 } as const;
/** A 404 on the preview status after this wait counts as completed with a placeholder url. */
export const PREVIEW_404_GRACE_MS = 5000;

/** The default merge name: Merge_ plus a timestamp. */
export const defaultMergeName = (now = new Date()) =>
  `Merge_${now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, '')}`;

/** Labels a retry button (§2): 'Attempt n/3'. */
export const retryLabel = (retryCount: number) => `Attempt ${retryCount}/${MERGE_LIMITS.maxRetries}`;

/** The spec's words (§5, §8) and this API's. */
export const mergeMessages = {
  // §5 validation
  tooManyFiles: 'Maximum 10 files allowed',
  fileTooLarge: 'File size exceeds 500MB limit',
  typeNotSupported: (type: string) => `File type ${type} not supported. Allowed: video, audio`,
  someRejected: 'Some files were rejected:',
  noInputs: 'Please add at least one input file',
  mergeRunning: 'A merge operation is already in progress',
  previewInputs: 'Preview requires 1-2 input files',
  previewRunning: 'A preview generation is already in progress',
  downloadTooLarge: 'File is too large to download',
  // §8
  lostConnection: 'Lost connection to merge operation. Please refresh and try again.',
  started: 'Merge operation started',
  completed: 'Merge operation completed successfully',
  failed: 'Merge operation failed',
  cancelled: 'Merge operation was cancelled',
  startFailed: 'Failed to start merge operation',
  retried: 'Merge operation retried successfully',
  retryFailed: 'Failed to retry merge operation',
  previewStarted: 'Preview generation started',
  previewCompleted: 'Preview generated successfully',
  previewTimedOut: 'Preview generation timed out',
  previewFailed: 'Failed to generate preview',
  resultNotFound: 'Merge result not found. The operation may still be processing.',
  accessDenied: 'Access denied...',
  serverError: 'Server error. Please try again later.',
  // the interface's note (§2)
  retention: 'Output files stay downloadable for 24 hours.',
  // this API
  queued: (position: number) =>
    `Merge operation queued: it starts when the merge before it ends (position ${position}).`,
  mergeNotFound: 'Merge not found.',
  previewNotFound: 'Preview not found.',
  uploadNotFound: 'Upload not found.',
  inputNotFound: (index: number) =>
    `Input ${index} was not found: use a file you uploaded or one of your generated videos.`,
  inputNotReady: (index: number) => `Input ${index} has not finished uploading.`,
  retryLimit: 'This merge has already been retried 3 times.',
  retryNotFailed: 'Only a failed merge can be retried.',
  resultExpired: 'This merge result has expired: output files stay downloadable for 24 hours.',
  uploadExpired: 'This upload has expired: uploaded files are kept for 24 hours.',
  openshotUnavailable:
    'The ffmpeg_openshot processing mode (title and overlay compositing) is not available. Use ffmpeg_only.',
  unreadableFile: 'The file is not a readable video or audio file.',
  notOfKind: (declared: InputType) =>
    declared === 'video'
      ? 'The file was declared as video but has no picture.'
      : 'The file was declared as audio but has no sound.',
  typeMismatch: (declared: string, found: string) =>
    `The file was declared as ${declared} but its contents are ${found}. Upload it with its real type.`,
  uploadAlreadyCompleted: 'This upload is already complete.',
  partsMismatch: (count: number) => `Complete the upload with all ${count} parts, each with its ETag.`,
  partsMissing: 'Some parts were not uploaded: send every part, then complete the upload.',
  fileRequired: 'Choose a file to upload.',
  smallUploadTooLarge: 'Files over 4 MB are uploaded in parts: start the upload with POST /merge/uploads.',
} as const;
