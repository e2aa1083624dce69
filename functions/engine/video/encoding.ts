import type { AudioCodec, OutputFormat, Preset, VideoCodec } from './types';
import type { Size } from '../types';
import { sec } from './timeline';

/**
 * FFmpeg output arguments. Everything the product plays in the browser is yuv420p (Chromium cannot
 * play 4:4:4 H.264) and MP4/MOV files get the index at the front (faststart) so playback starts at once.
 */
export interface EncodeSettings {
  videoCodec: VideoCodec;
  audioCodec: AudioCodec;
  preset: Preset;
  crf: number;
  format: OutputFormat;
  fps: number;
  size: Size;
  /** kb/s: a target bitrate instead of the CRF. */
  videoBitrateKbps?: number;
  /** kb/s: instead of the codec's default. */
  audioBitrateKbps?: number;
}

/** Codec names as ffprobe reports them. */
export const PROBE_VIDEO_CODEC: Record<VideoCodec, string> = {
  libx264: 'h264',
  libx265: 'hevc',
  'libvpx-vp9': 'vp9',
};
export const PROBE_AUDIO_CODEC: Record<AudioCodec, string> = { aac: 'aac', mp3: 'mp3', libopus: 'opus' };

const AUDIO_ENCODER: Record<AudioCodec, string[]> = {
  aac: ['-c:a', 'aac', '-b:a', '160k'],
  mp3: ['-c:a', 'libmp3lame', '-b:a', '192k'],
  libopus: ['-c:a', 'libopus', '-b:a', '128k'],
};

/**
 * libvpx has no x264-style presets: the fast ones become realtime mode, the others "good" mode with
 * a cpu-used that keeps VP9 within ~2–3× of x264's time for the same preset.
 */
const VP9_SPEED: Record<Preset, [deadline: 'realtime' | 'good', cpuUsed: number]> = {
  ultrafast: ['realtime', 8],
  superfast: ['realtime', 7],
  veryfast: ['realtime', 6],
  faster: ['good', 5],
  fast: ['good', 5],
  medium: ['good', 4],
  slow: ['good', 3],
  slower: ['good', 2],
  veryslow: ['good', 1],
};

function vp9Speed(preset: Preset): string[] {
  const [deadline, cpuUsed] = VP9_SPEED[preset];
  return ['-deadline', deadline, '-cpu-used', String(cpuUsed), '-row-mt', '1'];
}

/** Rate control: the CRF, or a target bitrate (capped at 1.5× with a two-second buffer for x264/x265). */
function rateArgs(settings: Pick<EncodeSettings, 'videoCodec' | 'crf' | 'videoBitrateKbps'>): string[] {
  const rate = settings.videoBitrateKbps;
  if (rate === undefined) return [];
  if (settings.videoCodec === 'libvpx-vp9') return ['-b:v', `${rate}k`];
  return ['-b:v', `${rate}k`, '-maxrate', `${Math.round(rate * 1.5)}k`, '-bufsize', `${rate * 2}k`];
}

/**
 * CRF 0 is x264's lossless mode, which the High profile does not allow ("high profile doesn't
 * support lossless"): it is written in High 4:4:4 Predictive, still 4:2:0. Checked on this
 * project's machine: Chromium decodes it and plays it (software decoding); players that decode
 * H.264 in hardware (Safari, most phones) may not. Every other CRF stays High.
 */
export const x264Profile = (crf: number) => (crf === 0 ? 'high444' : 'high');

export function videoEncoderArgs(
  settings: Pick<EncodeSettings, 'videoCodec' | 'preset' | 'crf' | 'videoBitrateKbps'>,
): string[] {
  if (settings.videoBitrateKbps !== undefined) {
    // Same encoder choices without the CRF: drop '-crf N' (and VP9's '-b:v 0') and add the rate.
    const base = videoEncoderArgs({ ...settings, videoBitrateKbps: undefined });
    const kept: string[] = [];
    for (let i = 0; i < base.length; i++) {
      if (base[i] === '-crf' || (base[i] === '-b:v' && base[i + 1] === '0')) {
        i++;
        continue;
      }
      kept.push(base[i]!);
    }
    return [...kept, ...rateArgs(settings)];
  }
  switch (settings.videoCodec) {
    case 'libx264':
      return [
        '-c:v',
        'libx264',
        '-preset',
        settings.preset,
        '-crf',
        String(settings.crf),
        '-pix_fmt',
        'yuv420p',
        '-profile:v',
        x264Profile(settings.crf),
      ];
    case 'libx265':
      // hvc1 tag: QuickTime and Safari refuse HEVC tagged hev1.
      return [
        '-c:v',
        'libx265',
        '-preset',
        settings.preset,
        '-crf',
        String(settings.crf),
        '-pix_fmt',
        'yuv420p',
        '-tag:v',
        'hvc1',
        '-x265-params',
        'log-level=error',
      ];
    case 'libvpx-vp9':
      return [
        '-c:v',
        'libvpx-vp9',
        '-crf',
        String(settings.crf),
        '-b:v',
        '0',
        '-pix_fmt',
        'yuv420p',
        ...vp9Speed(settings.preset),
      ];
  }
}

export const audioEncoderArgs = (codec: AudioCodec, bitrateKbps?: number) => {
  const args = [...AUDIO_ENCODER[codec]];
  if (bitrateKbps !== undefined) args[args.indexOf('-b:a') + 1] = `${bitrateKbps}k`;
  return [...args, '-ar', '48000', '-ac', '2'];
};

export function containerArgs(format: OutputFormat): string[] {
  return format === 'webm' ? ['-f', 'webm'] : ['-f', format, '-movflags', '+faststart'];
}

export function outputArgs(settings: EncodeSettings): string[] {
  return [
    ...videoEncoderArgs(settings),
    '-r',
    String(settings.fps),
    ...audioEncoderArgs(settings.audioCodec, settings.audioBitrateKbps),
    ...containerArgs(settings.format),
  ];
}

/** Outputs of a rendered clip: the graph's picture and its `[aout]` sound, encoded, cut to `duration`. */
export function encodedOutput(
  picture: string,
  settings: EncodeSettings,
  duration: number,
  outputPath: string,
): string[] {
  return ['-map', `[${picture}]`, '-map', '[aout]', ...outputArgs(settings), '-t', sec(duration), outputPath];
}

/** Internal clips (scene clips, assembled videos, talking heads): H.264/AAC MP4, quick to encode. */
export function clipSettings(size: Size, fps: number): EncodeSettings {
  return { videoCodec: 'libx264', audioCodec: 'aac', preset: 'veryfast', crf: 20, format: 'mp4', fps, size };
}

export const evenSize = (size: Size): Size => ({
  width: Math.max(2, Math.round(size.width / 2) * 2),
  height: Math.max(2, Math.round(size.height / 2) * 2),
});
