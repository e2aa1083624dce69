import {
  choice,
  ffmpegParams,
  watermark,
  FFMPEG_DEFAULTS,
  FORMAT_CODECS,
  FORMAT_DEFAULT_CODECS,
  INPUT_SOURCE_DEFAULTS,
  INPUT_TYPES,
  MERGE_DEFAULTS,
  MERGE_LIMITS,
  OUTPUT_FORMATS,
  PROCESSING_MODES,
  QUALITY_TIERS,
  mergeMessages,
  type AudioCodec,
  type OutputFormat,
  type VideoCodec,
} from './merge';
import { z } from './zod';

/**
 * Requests of the Merge studio's routes, shared with the SPA. Unknown values are 400s in words that
 * list the choices; unknown FFmpeg fields are 400s (nothing free-form reaches FFmpeg); ids and urls
 * that are not the caller's are 404s (checked by the service).
 */
/**
 * The spec's Input source (§3): defaults start 0, volume 1. `duration` is measured by the server.
 *
 * `start_time` is honoured as given, in seconds on the output's timeline. An input sent without one
 * is placed as the studio places them: a video right after the video before it in the list ends
 * (its start_time, given or placed, plus its length; the first at 0), a sound at 0 under the whole
 * merge. Each video is placed at its start, later inputs drawn over earlier ones where they overlap,
 * black where no video plays; each sound (an audio input's, or a video's own) starts at its start
 * and is mixed at its volume, silence elsewhere; the result lasts until the last input ends (the
 * largest start + duration). Videos that follow each other back to back (each start within 0.1 s of
 * the previous end, the first at 0) at volume 1 can be joined by stream copy; any gap, overlap or
 * other volume means re-encoding. The status answer's `input_sources` give every input's start as
 * placed.
 */
export const inputSource = z.object({
  url: z
    .string({ error: 'Each input needs the url of a file you uploaded.' })
    .check(
      z.trim(),
      z.minLength(1, 'Each input needs the url of a file you uploaded.'),
      z.maxLength(4000, 'An input url can be at most 4000 characters.'),
    ),
  type: choice(INPUT_TYPES, 'input type'),
  duration: z.optional(z.nullable(z.number().check(z.gte(0), z.lte(MERGE_LIMITS.maxStartTime)))),
  start_time: z.optional(
    z
      .number({ error: 'start_time must be a number of seconds from 0 to 36000.' })
      .check(
        z.gte(0, 'start_time must be a number of seconds from 0 to 36000.'),
        z.lte(MERGE_LIMITS.maxStartTime, 'start_time must be a number of seconds from 0 to 36000.'),
      ),
  ),
  volume: z._default(
    z
      .number({ error: 'volume must be a number from 0 (muted) to 4.' })
      .check(
        z.gte(0, 'volume must be a number from 0 (muted) to 4.'),
        z.lte(MERGE_LIMITS.maxVolume, 'volume must be a number from 0 (muted) to 4.'),
      ),
    INPUT_SOURCE_DEFAULTS.volume,
  ),
});
export type InputSourceRequest = z.input<typeof inputSource>;

/** The codecs a request ends up with (the Custom tier's choice, else the format's defaults). */
export function effectiveCodecs(
  tier: string,
  format: OutputFormat,
  params: { video_codec?: VideoCodec; audio_codec?: AudioCodec },
): { video: VideoCodec; audio: AudioCodec } {
  const custom = tier === 'custom';
  return {
    video: (custom && params.video_codec) || FORMAT_DEFAULT_CODECS[format].video,
    audio: (custom && params.audio_codec) || FORMAT_DEFAULT_CODECS[format].audio,
  };
}

/** Why a container cannot hold the chosen codecs, or null when it can. */
export function containerProblem(format: OutputFormat, video: VideoCodec, audio: AudioCodec): string | null {
  const holds = FORMAT_CODECS[format];
  if (format === 'webm' && (video !== 'libvpx-vp9' || audio !== 'libopus'))
    return 'WebM files hold only VP9 video with Opus audio: choose libvpx-vp9 and libopus, or the MP4 format.';
  if (audio === 'libopus' && !holds.audio.includes(audio))
    return `Opus audio needs the WebM format: choose AAC or MP3 for ${format.toUpperCase()} files.`;
  if (video === 'libvpx-vp9' && !holds.video.includes(video))
    return `${format.toUpperCase()} files cannot hold VP9 video: choose libx264 or libx265, or the WebM format.`;
  return null;
}

const settingsFields = {
  quality_tier: z._default(choice(QUALITY_TIERS, 'quality tier'), MERGE_DEFAULTS.quality_tier),
  output_format: z._default(choice(OUTPUT_FORMATS, 'output format'), MERGE_DEFAULTS.output_format),
  processing_mode: z._default(choice(PROCESSING_MODES, 'processing mode'), MERGE_DEFAULTS.processing_mode),
  ffmpeg_params: z._default(ffmpegParams, { ...FFMPEG_DEFAULTS }),
  watermark: z._default(watermark, null),
};

const compatible = (r: {
  quality_tier: string;
  output_format: OutputFormat;
  ffmpeg_params: { video_codec?: VideoCodec; audio_codec?: AudioCodec };
}) => {
  const codecs = effectiveCodecs(r.quality_tier, r.output_format, r.ffmpeg_params);
  return containerProblem(r.output_format, codecs.video, codecs.audio);
};

/** POST /merge/manual */
export const mergeRequest = z
  .object({
    video_generation_id: z._default(z.nullable(z.string().check(z.trim(), z.maxLength(100))), null),
    input_sources: z
      .array(inputSource, { error: mergeMessages.noInputs })
      .check(
        z.minLength(1, mergeMessages.noInputs),
        z.maxLength(MERGE_LIMITS.maxFiles, mergeMessages.tooManyFiles),
      ),
    merge_name: z.optional(
      z
        .string()
        .check(
          z.trim(),
          z.maxLength(MERGE_LIMITS.mergeNameMaxLength, 'merge_name can be at most 120 characters.'),
        ),
    ),
    ...settingsFields,
  })
  .check(
    z.superRefine((r, ctx) => {
      const problem = compatible(r);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['ffmpeg_params'], input: r });
      if (r.processing_mode === 'ffmpeg_openshot')
        ctx.addIssue({
          code: 'custom',
          message: mergeMessages.openshotUnavailable,
          path: ['processing_mode'],
          input: r,
        });
    }),
  );
export type MergeRequest = z.input<typeof mergeRequest>;
export type MergeInput = z.output<typeof mergeRequest>;

/** POST /merge/preview: 1–2 inputs, the first 30 s. */
export const previewRequest = z
  .object({
    input_sources: z
      .array(inputSource, { error: mergeMessages.previewInputs })
      .check(
        z.minLength(1, mergeMessages.previewInputs),
        z.maxLength(MERGE_LIMITS.previewMaxInputs, mergeMessages.previewInputs),
      ),
    preview_duration: z._default(
      z
        .number({ error: 'preview_duration must be 1 to 30 seconds.' })
        .check(
          z.gt(0, 'preview_duration must be 1 to 30 seconds.'),
          z.lte(MERGE_LIMITS.previewSeconds, 'preview_duration must be 1 to 30 seconds.'),
        ),
      MERGE_DEFAULTS.preview_duration,
    ),
    ...settingsFields,
  })
  .check(
    z.superRefine((r, ctx) => {
      const problem = compatible(r);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['ffmpeg_params'], input: r });
      if (r.processing_mode === 'ffmpeg_openshot')
        ctx.addIssue({
          code: 'custom',
          message: mergeMessages.openshotUnavailable,
          path: ['processing_mode'],
          input: r,
        });
    }),
  );
export type PreviewRequest = z.input<typeof previewRequest>;
export type PreviewInput = z.output<typeof previewRequest>;

/**
 * The content type the client gives a file: video/… or audio/…, or one that says nothing of it
 * (below). Absent is the same as saying nothing.
 */
const contentType = z._default(
  z.string({ error: 'content_type must be a text.' }).check(z.trim(), z.maxLength(200)),
  '',
);

/**
 * Content types that say nothing of a file — `application/octet-stream` (what scripts and some
 * browsers send for a .mp4), or none at all: the file's bytes decide what it is.
 */
export const isGenericContentType = (type: string) =>
  ['', 'application/octet-stream', 'binary/octet-stream'].includes(
    type.trim().toLowerCase().split(';')[0]!.trim(),
  );

/** A content type an upload may declare: video/… or audio/…, or a generic one (its bytes decide). */
export const isAllowedContentType = (type: string) =>
  /^(video|audio)\/[\w.+-]+$/i.test(type.trim()) || isGenericContentType(type);

/** POST /merge/uploads: declare the file; type and size are checked before any URL is signed. */
export const startUploadRequest = z
  .object({
    file_name: z
      .string({ error: 'file_name is required.' })
      .check(
        z.trim(),
        z.minLength(1, 'file_name is required.'),
        z.maxLength(MERGE_LIMITS.maxFileNameLength, 'file_name can be at most 255 characters.'),
      ),
    file_type: choice(INPUT_TYPES, 'file type'),
    content_type: contentType,
    size_bytes: z
      .int({ error: 'size_bytes must be the file size in bytes.' })
      .check(z.gt(0, 'The file is empty.'), z.lte(MERGE_LIMITS.maxFileBytes, mergeMessages.fileTooLarge)),
  })
  .check(
    z.superRefine((r, ctx) => {
      if (!isAllowedContentType(r.content_type))
        ctx.addIssue({
          code: 'custom',
          message: mergeMessages.typeNotSupported(r.content_type || 'unknown'),
          path: ['content_type'],
          input: r,
        });
    }),
  );
export type StartUploadRequest = z.input<typeof startUploadRequest>;

const partNumber = z.int().check(z.gte(1), z.lte(10_000));

/** POST /merge/uploads/{id}/parts: sign these parts again (their URLs expired or failed). */
export const presignPartsRequest = z.object({
  part_numbers: z.array(partNumber).check(z.minLength(1), z.maxLength(10_000)),
});

/** POST /merge/uploads/{id}/complete: every part with the ETag its PUT answered. */
export const completeUploadRequest = z.object({
  parts: z
    .array(
      z.object({
        part_number: partNumber,
        etag: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
      }),
    )
    .check(z.minLength(1, 'parts is required.'), z.maxLength(10_000)),
});
export type CompleteUploadRequest = z.input<typeof completeUploadRequest>;

/** POST /merge/upload (multipart/form-data): the field besides `file`. */
export const smallUploadFields = z.object({
  file_type: choice(INPUT_TYPES, 'file type'),
});
