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

import { z } from './zod';

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

/** A closed list of values, refused in words that list the choices. */
export const choice = <T extends readonly [string, ...string[]]>(values: T, field: string) =>
  z.enum(values, {
    error: (issue) => `Unknown ${field} "${String(issue.input)}". Choose one of: ${values.join(', ')}.`,
  });

const RESOLUTION = /^(\d{1,5}\s*[x×]\s*\d{1,5}|\d{3,4}p)$/i;

/** The spec's FFmpeg params (§3) and bitrates; only these fields. */
export const ffmpegParams = z.strictObject(
  {
    video_codec: z.optional(choice(VIDEO_CODECS, 'video codec')),
    audio_codec: z.optional(choice(AUDIO_CODECS, 'audio codec')),
    resolution: z.optional(
      z
        .string()
        .check(
          z.trim(),
          z.regex(RESOLUTION, 'Resolution must be WIDTHxHEIGHT (e.g. 1280x720) or a height such as 720p.'),
        ),
    ),
    fps: z._default(
      z
        .number({ error: 'FPS must be a number from 1 to 120.' })
        .check(
          z.gte(MERGE_LIMITS.fps.min, 'FPS must be a number from 1 to 120.'),
          z.lte(MERGE_LIMITS.fps.max, 'FPS must be a number from 1 to 120.'),
        ),
      FFMPEG_DEFAULTS.fps,
    ),
    preset: z._default(choice(PRESETS, 'preset'), FFMPEG_DEFAULTS.preset),
    crf: z._default(
      z
        .int({ error: 'CRF must be a whole number from 0 (best) to 51 (smallest).' })
        .check(
          z.gte(MERGE_LIMITS.crf.min, 'CRF must be a whole number from 0 (best) to 51 (smallest).'),
          z.lte(MERGE_LIMITS.crf.max, 'CRF must be a whole number from 0 (best) to 51 (smallest).'),
        ),
      FFMPEG_DEFAULTS.crf,
    ),
    video_bitrate: z.optional(
      z
        .int({ error: 'video_bitrate must be a whole number of kb/s from 100 to 50000.' })
        .check(
          z.gte(
            MERGE_LIMITS.videoBitrateKbps.min,
            'video_bitrate must be a whole number of kb/s from 100 to 50000.',
          ),
          z.lte(
            MERGE_LIMITS.videoBitrateKbps.max,
            'video_bitrate must be a whole number of kb/s from 100 to 50000.',
          ),
        ),
    ),
    audio_bitrate: z.optional(
      z.union(
        AUDIO_BITRATES_KBPS.map((b) => z.literal(b)),
        { error: `audio_bitrate must be one of ${AUDIO_BITRATES_KBPS.join(', ')} (kb/s).` },
      ),
    ),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown FFmpeg parameter ${issue.keys.map((k) => `"${k}"`).join(', ')}. Allowed: video_codec, audio_codec, resolution, fps, preset, crf, video_bitrate, audio_bitrate.`
        : 'ffmpeg_params must be an object.',
  },
);

export const watermark = z.nullable(
  z.object({
    text: z
      .string({ error: 'The watermark text must be 1 to 100 characters long.' })
      .check(
        z.trim(),
        z.minLength(1, 'The watermark text must be 1 to 100 characters long.'),
        z.maxLength(MERGE_LIMITS.watermarkMaxLength, 'The watermark text must be 1 to 100 characters long.'),
      ),
    position: z._default(choice(WATERMARK_POSITIONS, 'watermark position'), 'bottom-right'),
  }),
);

/**
 * FFmpeg params as the API answers them: the request's fields as they were checked, every one
 * optional (a merge stored before a field existed answers without it).
 */
const ffmpegParamsAnswer = z.partial(ffmpegParams);
export type FfmpegParamsShape = z.infer<typeof ffmpegParamsAnswer>;

/** The spec's merge statuses (§4). `pending` = waiting in the user's queue. */
export const MERGE_STATUSES = ['pending', 'processing', 'completed', 'failed', 'cancelled'] as const;
export type MergeStatusValue = (typeof MERGE_STATUSES)[number];
/** Polling stops on these. */
export const MERGE_TERMINAL_STATUSES: readonly MergeStatusValue[] = ['completed', 'failed', 'cancelled'];

export const PREVIEW_STATUSES = ['processing', 'completed', 'failed'] as const;

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

export const mergeUploadPart = z.object({ part_number: z.number(), url: z.string() });
export type MergeUploadPart = z.infer<typeof mergeUploadPart>;

/** POST /merge/uploads: one presigned PUT per part. */
export const mergeUploadSession = z.object({
  upload_id: z.string(),
  file_name: z.string(),
  file_type: z.enum(INPUT_TYPES),
  content_type: z.string(),
  size_bytes: z.number(),
  /** Every part but the last is this long; the last holds the rest. */
  part_size: z.number(),
  part_count: z.number(),
  parts: z.array(mergeUploadPart),
  /** When the part URLs stop working (ISO); sign them again with /parts. */
  expires_at: z.string(),
});
export type MergeUploadSession = z.infer<typeof mergeUploadSession>;

/** POST /merge/uploads/{id}/parts */
export const mergeUploadParts = z.object({
  upload_id: z.string(),
  parts: z.array(mergeUploadPart),
  expires_at: z.string(),
});
export type MergeUploadParts = z.infer<typeof mergeUploadParts>;

/** A checked upload (the spec's Upload item as the server knows it). */
export const mergeUpload = z.object({
  upload_id: z.string(),
  /** What an input source's `url` names: `/api/v1/merge/uploads/{id}`. */
  file_url: z.string(),
  file_name: z.string(),
  file_type: z.enum(INPUT_TYPES),
  content_type: z.string(),
  size_bytes: z.number(),
  status: z.enum(UPLOAD_STATUSES),
  /** Seconds (from the file's own streams); 0 until completed. */
  duration: z.number(),
  width: z.nullable(z.number()),
  height: z.nullable(z.number()),
  fps: z.nullable(z.number()),
  video_codec: z.nullable(z.string()),
  audio_codec: z.nullable(z.string()),
  audio_sample_rate: z.nullable(z.number()),
  created_at: z.string(),
  /** When the file is deleted (24 hours after the upload started). */
  expires_at: z.string(),
});
export type MergeUpload = z.infer<typeof mergeUpload>;

export const mergeUploadList = z.object({ uploads: z.array(mergeUpload) });
export type MergeUploadList = z.infer<typeof mergeUploadList>;

/** POST /merge/manual and POST /merge/retry/{id}. */
export const mergeStarted = z.object({
  merge_id: z.string(),
  status: z.enum(MERGE_STATUSES),
  /** 0 while processing (or finished); n ≥ 1: n-th in the user's queue (1 = next to run). */
  queue_position: z.number(),
  /** Decided from the inputs' streams when they are known, else null until the merge runs. */
  processing_method: z.nullable(z.enum(PROCESSING_METHODS)),
  retry_count: z.number(),
  message: z.string(),
});
export type MergeStarted = z.infer<typeof mergeStarted>;

export const inputSourceShape = z.object({
  url: z.string(),
  type: z.enum(INPUT_TYPES),
  /** Seconds, as the server measured it (0 when not yet known). */
  duration: z.number(),
  /** Seconds on the output's timeline: as the request gave it, or as placed (see `inputSource` in merge-requests). */
  start_time: z.number(),
  volume: z.number(),
});

/** GET /merge/status/{id} (the spec's Merge job). */
export const mergeStatus = z.object({
  merge_id: z.string(),
  merge_name: z.string(),
  status: z.enum(MERGE_STATUSES),
  /** 0–100, from FFmpeg's progress (time written vs the expected length). */
  progress_percentage: z.number(),
  current_step: z.string(),
  processing_method: z.nullable(z.enum(PROCESSING_METHODS)),
  queue_position: z.number(),
  quality_tier: z.enum(QUALITY_TIERS),
  output_format: z.enum(OUTPUT_FORMATS),
  processing_mode: z.enum(PROCESSING_MODES),
  ffmpeg_params: ffmpegParamsAnswer,
  watermark,
  input_sources: z.array(inputSourceShape),
  video_generation_id: z.nullable(z.string()),
  /** Signed, short-lived media URL of the result (completed, not expired), else null. */
  output_url: z.nullable(z.string()),
  /** Seconds; null until completed. */
  duration: z.nullable(z.number()),
  file_size_bytes: z.nullable(z.number()),
  error_message: z.nullable(z.string()),
  retry_count: z.number(),
  max_retries: z.number(),
  /** True when the result was deleted after 24 hours. */
  expired: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  /** When the result is deleted (completed merges), else null. */
  expires_at: z.nullable(z.string()),
});
export type MergeStatus = z.infer<typeof mergeStatus>;

/**
 * GET /merge/library: the caller's finished generated videos that can be merge inputs — completed
 * chapter films of the video pipeline and learning videos (tutor and chapter videos) — newest first.
 * `input_url` is what to send as an input source's `url` (the item's id).
 */
export const mergeLibraryItem = z.object({
  id: z.string(),
  source: z.enum(['film', 'learning_video']),
  title: z.string(),
  book_id: z.string(),
  book_title: z.string(),
  chapter_id: z.nullable(z.string()),
  /** Seconds. */
  duration: z.number(),
  thumbnail_url: z.nullable(z.string()),
  video_url: z.nullable(z.string()),
  input_url: z.string(),
  created_at: z.string(),
});
export type MergeLibraryItem = z.infer<typeof mergeLibraryItem>;

export const mergeLibrary = z.object({ videos: z.array(mergeLibraryItem) });
export type MergeLibrary = z.infer<typeof mergeLibrary>;

/** GET /merge/jobs: the caller's merges, newest first. */
export const mergeList = z.object({ merges: z.array(mergeStatus) });
export type MergeList = z.infer<typeof mergeList>;

/** GET /merge/{id}/download */
export const mergeDownload = z.object({
  download_url: z.string(),
  filename: z.string(),
  file_size_bytes: z.number(),
  /** When the download URL stops working (ISO). */
  url_expires_at: z.string(),
});
export type MergeDownload = z.infer<typeof mergeDownload>;

/** POST /merge/preview and GET /merge/preview/status/{id} (the spec's Preview). */
export const previewStatus = z.object({
  preview_id: z.string(),
  status: z.enum(PREVIEW_STATUSES),
  preview_url: z.nullable(z.string()),
  /** Seconds rendered (30, or less when the inputs are shorter). */
  preview_duration: z.number(),
  progress_percentage: z.number(),
  error_message: z.nullable(z.string()),
  created_at: z.string(),
});
export type PreviewStatus = z.infer<typeof previewStatus>;

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
