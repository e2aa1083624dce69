import type { ProbeResult, ProgressListener, Size } from '../shapes';

export const VIDEO_CODECS = ['libx264', 'libx265', 'libvpx-vp9'] as const;
export type VideoCodec = (typeof VIDEO_CODECS)[number];
export const AUDIO_CODECS = ['aac', 'mp3', 'libopus'] as const;
export type AudioCodec = (typeof AUDIO_CODECS)[number];
export const QUALITY_TIERS = ['web', 'medium', 'high', 'custom'] as const;
export type QualityTier = (typeof QUALITY_TIERS)[number];
export const OUTPUT_FORMATS = ['mp4', 'webm', 'mov'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];
export const PRESETS = [
  'ultrafast',
  'superfast',
  'veryfast',
  'faster',
  'fast',
  'medium',
  'slow',
  'slower',
  'veryslow',
] as const;
export type Preset = (typeof PRESETS)[number];
export const TRANSCODE_QUALITIES = ['low', 'medium', 'high', 'ultra'] as const;
export type TranscodeQuality = (typeof TRANSCODE_QUALITIES)[number];
export const WATERMARK_POSITIONS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'] as const;
export type WatermarkPosition = (typeof WATERMARK_POSITIONS)[number];
export const TRANSITIONS = [
  'none',
  'fade',
  'fadeblack',
  'fadewhite',
  'slideleft',
  'slideright',
  'wipeleft',
  'wiperight',
] as const;
export type TransitionType = (typeof TRANSITIONS)[number];

/** FFmpeg parameters of the merge studio (spec 3 §3); defaults fps 30, preset medium, crf 23. */
export interface FfmpegParams {
  video_codec?: VideoCodec;
  audio_codec?: AudioCodec;
  /** "1280x720" or "720p". */
  resolution?: string;
  fps?: number;
  preset?: Preset;
  crf?: number;
  /** Video bitrate in kb/s (100–50 000); replaces the CRF when given. */
  video_bitrate?: number;
  /** Audio bitrate in kb/s (32–512); the codec's default otherwise. */
  audio_bitrate?: number;
}

export interface SubtitleCue {
  start: number;
  end: number;
  text: string;
}

export interface SceneClipRequest {
  /** One or more stills shown in turn across the clip. */
  images: string[];
  audioPath?: string;
  /** Defaults to the audio's duration. */
  duration?: number;
  subtitles?: SubtitleCue[];
  size: Size;
  fps: number;
  motion: 'kenburns' | 'pan' | 'static';
  seed: number;
  outputPath: string;
  onProgress?: ProgressListener;
}

export interface ClipInput {
  path: string;
  /** Transition into this clip from the previous one (ignored for the first). */
  transition?: { type: TransitionType; duration: number };
}

export interface AssembleRequest {
  clips: ClipInput[];
  /** Optional music bed under the whole video, ducked under the clips' audio. */
  musicPath?: string;
  size: Size;
  fps: number;
  outputPath: string;
  onProgress?: ProgressListener;
}

export interface MergeInput {
  path: string;
  type: 'video' | 'audio';
  /** Seconds into the output where the input starts. */
  start_time: number;
  volume: number;
}

/** A frame's largest size either way round: its short side and its long side, pixels. */
export interface FrameBound {
  shortSide: number;
  longSide: number;
}

export interface MergeRequest {
  inputs: MergeInput[];
  tier: QualityTier;
  format: OutputFormat;
  params?: FfmpegParams;
  watermark?: { text: string; position: WatermarkPosition };
  /** Render only the first N seconds (the 30 s preview). */
  previewSeconds?: number;
  /**
   * The largest frame the merge may be made at, either way round (the user's plan): a frame the
   * tier or the first video gives that is larger is scaled down into it, its shape kept.
   */
  maxFrame?: FrameBound;
  /**
   * The inputs' streams when they are already known (probed when they were uploaded), in input
   * order: they are not probed again, and a stream-copy result is described from them.
   */
  probes?: ProbeResult[];
  outputPath: string;
  onProgress?: ProgressListener;
}

export interface VideoResult {
  path: string;
  probe: ProbeResult;
  /** How the output was made: copied streams (no re-encode) or encoded. */
  method: 'stream_copy' | 'encode';
}

export interface TranscodeRequest {
  inputPath: string;
  quality: TranscodeQuality;
  format: OutputFormat;
  outputPath: string;
  onProgress?: ProgressListener;
}

export interface ThumbnailRequest {
  inputPath: string;
  at?: number;
  width: number;
  outputPath: string;
}

export interface VideoEngine {
  probe(path: string): Promise<ProbeResult>;
  sceneClip(request: SceneClipRequest): Promise<VideoResult>;
  assemble(request: AssembleRequest): Promise<VideoResult>;
  merge(request: MergeRequest): Promise<VideoResult>;
  transcode(request: TranscodeRequest): Promise<VideoResult>;
  thumbnail(request: ThumbnailRequest): Promise<{ path: string }>;
}

/** Generated video for a scene (a text/image-to-video model in the cloud; camera motion locally). */
export interface SceneVideoEngine {
  generate(request: {
    prompt: string;
    imagePath?: string;
    duration: number;
    size: Size;
    seed: number;
    outputPath: string;
  }): Promise<VideoResult>;
}
