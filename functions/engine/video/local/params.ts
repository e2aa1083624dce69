import {
  AUDIO_CODECS,
  OUTPUT_FORMATS,
  PRESETS,
  QUALITY_TIERS,
  VIDEO_CODECS,
  WATERMARK_POSITIONS,
  type AudioCodec,
  type FfmpegParams,
  type FrameBound,
  type MergeRequest,
  type OutputFormat,
  type QualityTier,
  type VideoCodec,
} from '../types';
import { EngineError, type Size } from '../../types';
import { evenSize, type EncodeSettings } from '../encoding';

/**
 * The merge studio's settings (quality tier, format, custom FFmpeg parameters) checked and resolved
 * into one EncodeSettings. Invalid choices are refused with a message naming the field; compatible
 * defaults are filled in (WebM always gets VP9/Opus).
 */
const invalid = (message: string) => new EngineError('invalid_params', message);

export const TIER_SHORT_SIDE: Record<Exclude<QualityTier, 'custom'>, number> = {
  web: 480,
  medium: 720,
  high: 1080,
};
const TIER_CRF: Record<Exclude<QualityTier, 'custom'>, { x264: number; vp9: number }> = {
  web: { x264: 26, vp9: 34 },
  medium: { x264: 23, vp9: 31 },
  high: { x264: 21, vp9: 28 },
};
const NAMED_HEIGHTS = [240, 360, 480, 720, 1080, 1440, 2160];
const DEFAULT_FPS = 30;
const COMMON_ASPECTS = [16 / 9, 9 / 16, 4 / 3, 3 / 4, 1, 21 / 9];
const DEFAULT_CRF = 23;

/** A box with the given short side in the orientation (and aspect) of `like`. */
export function sizeForShortSide(short: number, like: Size = { width: 16, height: 9 }): Size {
  const raw = like.width / like.height;
  // 854×480 is "16:9" too: snap near-standard shapes so tiers give the usual 1280×720, 1920×1080…
  const aspect = COMMON_ASPECTS.find((a) => Math.abs(a - raw) / a < 0.01) ?? raw;
  return evenSize(
    aspect >= 1 ? { width: short * aspect, height: short } : { width: short, height: short / aspect },
  );
}

/** `size` scaled down (its shape kept, even sides) until it fits `bound` either way round. */
export function fitFrame(size: Size, bound: FrameBound | undefined): Size {
  if (!bound) return size;
  const short = Math.min(size.width, size.height);
  const long = Math.max(size.width, size.height);
  const scale = Math.min(1, bound.shortSide / short, bound.longSide / long);
  if (scale >= 1) return size;
  // Nearest even side (1920×1080 into 854×480 gives 854×480), never past the bound's side.
  const even = (n: number, max: number) =>
    Math.max(2, Math.min(Math.floor(max / 2) * 2, Math.round(n / 2) * 2));
  const landscape = size.width >= size.height;
  return {
    width: even(size.width * scale, landscape ? bound.longSide : bound.shortSide),
    height: even(size.height * scale, landscape ? bound.shortSide : bound.longSide),
  };
}

/** "1280x720" or "720p" (the short side, in the orientation of the first video). */
export function parseResolution(value: string, like?: Size): Size {
  const text = value.trim().toLowerCase();
  const exact = /^(\d{1,5})\s*[x×]\s*(\d{1,5})$/.exec(text);
  if (exact) {
    const width = Number(exact[1]);
    const height = Number(exact[2]);
    if (width < 16 || height < 16 || width > 7680 || height > 4320) {
      throw invalid(`Resolution ${value} is out of range: width must be 16–7680 and height 16–4320 pixels.`);
    }
    if (width % 2 || height % 2)
      throw invalid(`Resolution ${value} must use even numbers (e.g. 1280x720), as video encoders require.`);
    return { width, height };
  }
  const named = /^(\d{3,4})p$/.exec(text);
  if (named && NAMED_HEIGHTS.includes(Number(named[1]))) return sizeForShortSide(Number(named[1]), like);
  throw invalid(
    `Resolution "${value}" is not valid. Use WIDTHxHEIGHT (e.g. 1280x720) or one of ${NAMED_HEIGHTS.map((h) => `${h}p`).join(', ')}.`,
  );
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], field: string): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw invalid(`Unknown ${field} "${String(value)}". Choose one of: ${allowed.join(', ')}.`);
  }
  return value as T;
}

export function validateFfmpegParams(params: FfmpegParams): void {
  if (params.video_codec !== undefined) oneOf(params.video_codec, VIDEO_CODECS, 'video codec');
  if (params.audio_codec !== undefined) oneOf(params.audio_codec, AUDIO_CODECS, 'audio codec');
  if (params.preset !== undefined) oneOf(params.preset, PRESETS, 'preset');
  if (
    params.fps !== undefined &&
    (typeof params.fps !== 'number' || !Number.isFinite(params.fps) || params.fps < 1 || params.fps > 120)
  ) {
    throw invalid(`Frame rate ${String(params.fps)} is out of range: choose 1 to 120 frames per second.`);
  }
  if (
    params.crf !== undefined &&
    (typeof params.crf !== 'number' || !Number.isInteger(params.crf) || params.crf < 0 || params.crf > 51)
  ) {
    throw invalid(
      `CRF ${String(params.crf)} is out of range: choose a whole number from 0 (best) to 51 (smallest).`,
    );
  }
  if (params.resolution !== undefined) parseResolution(String(params.resolution));
  if (
    params.video_bitrate !== undefined &&
    (!Number.isInteger(params.video_bitrate) || params.video_bitrate < 100 || params.video_bitrate > 50_000)
  )
    throw invalid(`Video bitrate ${String(params.video_bitrate)} is out of range: choose 100 to 50000 kb/s.`);
  if (
    params.audio_bitrate !== undefined &&
    (!Number.isInteger(params.audio_bitrate) || params.audio_bitrate < 32 || params.audio_bitrate > 512)
  )
    throw invalid(`Audio bitrate ${String(params.audio_bitrate)} is out of range: choose 32 to 512 kb/s.`);
}

/** Which codecs a container can hold (as far as the bundled FFmpeg writes them playably). */
function checkContainer(format: OutputFormat, video: VideoCodec, audio: AudioCodec): void {
  if (format === 'webm' && (video !== 'libvpx-vp9' || audio !== 'libopus')) {
    throw invalid(
      'WebM files hold only VP9 video with Opus audio: choose libvpx-vp9 and libopus, or the MP4 format.',
    );
  }
  if (format !== 'webm' && audio === 'libopus') {
    throw invalid(`Opus audio needs the WebM format: choose AAC or MP3 for ${format.toUpperCase()} files.`);
  }
  if (format === 'mov' && video === 'libvpx-vp9') {
    throw invalid('MOV files cannot hold VP9 video: choose libx264 or libx265, or the WebM format.');
  }
}

export function validateMergeInputs(request: MergeRequest): void {
  if (!Array.isArray(request.inputs) || !request.inputs.length)
    throw new EngineError('invalid_input', 'Add at least one video to merge.');
  if (!request.inputs.some((i) => i.type === 'video'))
    throw new EngineError(
      'invalid_input',
      'Add at least one video to merge (audio alone cannot be merged into a video).',
    );
  for (const [index, input] of request.inputs.entries()) {
    const where = `Input ${index + 1}`;
    if (input.type !== 'video' && input.type !== 'audio')
      throw invalid(`${where}: type must be video or audio.`);
    if (!input.path) throw invalid(`${where}: no file was given.`);
    if (
      typeof input.start_time !== 'number' ||
      !Number.isFinite(input.start_time) ||
      input.start_time < 0 ||
      input.start_time > 36_000
    ) {
      throw invalid(`${where}: the start time must be between 0 and 36,000 seconds.`);
    }
    if (
      typeof input.volume !== 'number' ||
      !Number.isFinite(input.volume) ||
      input.volume < 0 ||
      input.volume > 4
    ) {
      throw invalid(`${where}: the volume must be between 0 (muted) and 4 (four times louder).`);
    }
  }
  if (request.watermark) {
    const text = request.watermark.text?.trim() ?? '';
    if (!text || text.length > 100) throw invalid('The watermark text must be 1 to 100 characters long.');
    oneOf(request.watermark.position, WATERMARK_POSITIONS, 'watermark position');
  }
  if (
    request.previewSeconds !== undefined &&
    (!Number.isFinite(request.previewSeconds) || request.previewSeconds <= 0 || request.previewSeconds > 600)
  ) {
    throw invalid('The preview length must be between 0 and 600 seconds.');
  }
}

/** The encoder settings for a merge; `firstVideo` gives the orientation and the custom default size. */
export function resolveMergeSettings(
  request: Pick<MergeRequest, 'tier' | 'format' | 'params' | 'previewSeconds' | 'maxFrame'>,
  firstVideo: Size,
): EncodeSettings {
  const tier = oneOf(request.tier, QUALITY_TIERS, 'quality tier');
  const format = oneOf(request.format, OUTPUT_FORMATS, 'format');
  const params = request.params ?? {};
  validateFfmpegParams(params);
  const custom = tier === 'custom';
  const webm = format === 'webm';
  const videoCodec: VideoCodec = (custom && params.video_codec) || (webm ? 'libvpx-vp9' : 'libx264');
  const audioCodec: AudioCodec = (custom && params.audio_codec) || (webm ? 'libopus' : 'aac');
  checkContainer(format, videoCodec, audioCodec);
  // A plan's bound scales down what the tier or the first video gives; a resolution asked for
  // outright was checked against it when the merge was asked for.
  const size = fitFrame(
    custom
      ? params.resolution
        ? parseResolution(params.resolution, firstVideo)
        : evenSize(firstVideo)
      : sizeForShortSide(TIER_SHORT_SIDE[tier], firstVideo),
    request.maxFrame,
  );
  const crf = custom
    ? (params.crf ?? DEFAULT_CRF)
    : TIER_CRF[tier][videoCodec === 'libvpx-vp9' ? 'vp9' : 'x264'];
  // The preview is a quick look: always the fast preset, whatever was chosen for the export. The
  // named tiers encode with veryfast too (at their CRF), so a merge runs well faster than real time
  // on two cores; the Custom tier uses the preset chosen (the spec's default: medium).
  const preset = request.previewSeconds || !custom ? 'veryfast' : params.preset || 'medium';
  const fps = (custom && params.fps) || DEFAULT_FPS;
  return {
    videoCodec,
    audioCodec,
    preset,
    crf,
    format,
    fps,
    size,
    ...(custom && params.video_bitrate !== undefined ? { videoBitrateKbps: params.video_bitrate } : {}),
    ...(custom && params.audio_bitrate !== undefined ? { audioBitrateKbps: params.audio_bitrate } : {}),
  };
}
