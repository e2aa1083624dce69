import {
  FFMPEG_DEFAULTS,
  FORMAT_DEFAULT_CODECS,
  MERGE_DEFAULTS,
  MERGE_LIMITS,
  MERGE_QUICK_PRESETS,
  type AudioBitrate,
  type AudioCodec,
  type OutputFormat,
  type Preset,
  type QualityTier,
  type VideoCodec,
  type WatermarkPosition,
} from '@contracts/merge';
import {
  containerProblem,
  effectiveCodecs,
  type InputSourceRequest,
  type MergeRequest,
  type PreviewRequest,
} from '@contracts/merge-requests';

/**
 * The Merge studio's parameters form (spec 3 §2 Merge tab, §3 FFmpeg params, §5): quality tier,
 * output format, the Custom tier's FFmpeg options, the watermark, the quick presets; what the server
 * would refuse is found here first and said next to the field. Pure.
 */

export interface MergeForm {
  quality_tier: QualityTier;
  output_format: OutputFormat;
  video_codec: VideoCodec;
  audio_codec: AudioCodec;
  /** "1280x720", "720p" or empty (the inputs' own). */
  resolution: string;
  /** Text of the number fields as typed, so a half-typed value is not thrown away. */
  fps: string;
  preset: Preset;
  crf: string;
  /** kb/s; empty: the CRF decides. */
  video_bitrate: string;
  /** Empty: the codec's default. */
  audio_bitrate: '' | `${AudioBitrate}`;
  watermark: boolean;
  watermark_text: string;
  watermark_position: WatermarkPosition;
  merge_name: string;
}

export const defaultForm = (): MergeForm => ({
  quality_tier: MERGE_DEFAULTS.quality_tier,
  output_format: MERGE_DEFAULTS.output_format,
  video_codec: 'libx264',
  audio_codec: 'aac',
  resolution: '',
  fps: String(FFMPEG_DEFAULTS.fps),
  preset: FFMPEG_DEFAULTS.preset,
  crf: String(FFMPEG_DEFAULTS.crf),
  video_bitrate: '',
  audio_bitrate: '',
  watermark: false,
  watermark_text: '',
  watermark_position: 'bottom-right',
  merge_name: '',
});

export const PRESET_NAMES = Object.keys(MERGE_QUICK_PRESETS);

/** A quick preset fills the tier, the format and the Custom tier's fields; the rest stays. */
export function applyPreset(form: MergeForm, name: string): MergeForm {
  const preset = MERGE_QUICK_PRESETS[name];
  if (!preset) return form;
  const p = preset.ffmpeg_params;
  return {
    ...form,
    quality_tier: preset.quality_tier,
    output_format: preset.output_format,
    video_codec: p.video_codec ?? form.video_codec,
    audio_codec: p.audio_codec ?? form.audio_codec,
    resolution: p.resolution ?? '',
    fps: String(p.fps ?? FFMPEG_DEFAULTS.fps),
    preset: p.preset ?? FFMPEG_DEFAULTS.preset,
    crf: String(p.crf ?? FFMPEG_DEFAULTS.crf),
    video_bitrate: p.video_bitrate ? String(p.video_bitrate) : '',
    audio_bitrate: p.audio_bitrate ? (String(p.audio_bitrate) as MergeForm['audio_bitrate']) : '',
  };
}

/** The preset the form matches exactly, for showing which one is on. */
export const activePreset = (form: MergeForm): string | null =>
  PRESET_NAMES.find((name) => {
    const applied = applyPreset(form, name);
    return JSON.stringify(applied) === JSON.stringify(form);
  }) ?? null;

export const isCustom = (form: Pick<MergeForm, 'quality_tier'>) => form.quality_tier === 'custom';

/** The codecs the merge will use: the Custom tier's choice, else the format's own. */
export const codecsOf = (form: MergeForm) =>
  effectiveCodecs(form.quality_tier, form.output_format, {
    video_codec: form.video_codec,
    audio_codec: form.audio_codec,
  });

/** Why the chosen format cannot hold the codecs (the server's reason, found before sending), or null. */
export function compatibilityProblem(form: MergeForm): string | null {
  const codecs = codecsOf(form);
  return containerProblem(form.output_format, codecs.video, codecs.audio);
}

/** The Custom tier's codecs set to the format's own (the fix the compatibility hint offers). */
export const withFormatCodecs = (form: MergeForm): MergeForm => ({
  ...form,
  video_codec: FORMAT_DEFAULT_CODECS[form.output_format].video,
  audio_codec: FORMAT_DEFAULT_CODECS[form.output_format].audio,
});

/** Advice that is not an error: H.265 plays in few browsers, so its preview may not play here. */
export const playbackNote = (form: MergeForm): string | null =>
  codecsOf(form).video === 'libx265'
    ? 'H.265 (libx265) files play in few browsers: download the result to watch it.'
    : null;

const RESOLUTION = /^(\d{1,5}\s*[x×]\s*\d{1,5}|\d{3,4}p)$/i;

export type FieldErrors = Partial<
  Record<'fps' | 'crf' | 'video_bitrate' | 'resolution' | 'watermark_text' | 'merge_name', string>
>;

const wholeIn = (text: string, min: number, max: number) => {
  if (!/^\d+$/.test(text.trim())) return false;
  const value = Number(text);
  return value >= min && value <= max;
};

/** The form's fields the server would refuse, each with the words the server uses. */
export function fieldErrors(form: MergeForm): FieldErrors {
  const errors: FieldErrors = {};
  if (isCustom(form)) {
    const fps = Number(form.fps);
    if (!form.fps.trim() || !Number.isFinite(fps) || fps < MERGE_LIMITS.fps.min || fps > MERGE_LIMITS.fps.max)
      errors.fps = 'FPS must be a number from 1 to 120.';
    if (!wholeIn(form.crf, MERGE_LIMITS.crf.min, MERGE_LIMITS.crf.max))
      errors.crf = 'CRF must be a whole number from 0 (best) to 51 (smallest).';
    if (
      form.video_bitrate.trim() &&
      !wholeIn(form.video_bitrate, MERGE_LIMITS.videoBitrateKbps.min, MERGE_LIMITS.videoBitrateKbps.max)
    )
      errors.video_bitrate = 'video_bitrate must be a whole number of kb/s from 100 to 50000.';
    if (form.resolution.trim() && !RESOLUTION.test(form.resolution.trim()))
      errors.resolution = 'Resolution must be WIDTHxHEIGHT (e.g. 1280x720) or a height such as 720p.';
  }
  if (form.watermark) {
    const text = form.watermark_text.trim();
    if (text.length < 1 || text.length > MERGE_LIMITS.watermarkMaxLength)
      errors.watermark_text = 'The watermark text must be 1 to 100 characters long.';
  }
  if (form.merge_name.trim().length > MERGE_LIMITS.mergeNameMaxLength)
    errors.merge_name = 'merge_name can be at most 120 characters.';
  return errors;
}

/** Everything that keeps the form from being sent, first the container rule. */
export function formProblems(form: MergeForm): string[] {
  const problem = compatibilityProblem(form);
  return [...(problem ? [problem] : []), ...Object.values(fieldErrors(form))];
}

/** The fields every merge and preview request carries. */
function settingsOf(form: MergeForm) {
  const custom = isCustom(form);
  const ffmpeg_params: NonNullable<MergeRequest['ffmpeg_params']> = custom
    ? {
        video_codec: form.video_codec,
        audio_codec: form.audio_codec,
        fps: Number(form.fps),
        preset: form.preset,
        crf: Number(form.crf),
        ...(form.resolution.trim() ? { resolution: form.resolution.trim() } : {}),
        ...(form.video_bitrate.trim() ? { video_bitrate: Number(form.video_bitrate) } : {}),
        ...(form.audio_bitrate ? { audio_bitrate: Number(form.audio_bitrate) as AudioBitrate } : {}),
      }
    : { ...FFMPEG_DEFAULTS };
  return {
    quality_tier: form.quality_tier,
    output_format: form.output_format,
    processing_mode: 'ffmpeg_only' as const,
    ffmpeg_params,
    watermark: form.watermark
      ? { text: form.watermark_text.trim(), position: form.watermark_position }
      : null,
  };
}

/** POST /merge/manual's body. `merge_name` defaults to Merge_ plus a timestamp (§7). */
export function mergeRequestOf(
  form: MergeForm,
  inputs: InputSourceRequest[],
  options: { videoGenerationId: string | null; defaultName: string },
): MergeRequest {
  return {
    video_generation_id: options.videoGenerationId,
    input_sources: inputs,
    merge_name: form.merge_name.trim() || options.defaultName,
    ...settingsOf(form),
  };
}

/** POST /merge/preview's body: the first two inputs (§5), 30 s. */
export const previewRequestOf = (form: MergeForm, inputs: InputSourceRequest[]): PreviewRequest => ({
  input_sources: inputs.slice(0, MERGE_LIMITS.previewMaxInputs),
  preview_duration: MERGE_DEFAULTS.preview_duration,
  ...settingsOf(form),
});
