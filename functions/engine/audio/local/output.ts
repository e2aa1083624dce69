import { rm } from 'node:fs/promises';
import { extname } from 'node:path';
import { runFfmpeg } from '../../media/ffmpeg';
import { EngineError } from '../../types';
import { SAMPLE_RATE, type Stereo } from './dsp';
import { toSample, WavWriter } from '../../media/wav';

/**
 * Writing procedural audio: a head played once and a loop repeated until the requested duration,
 * with fades at both ends. WAV is written directly; other extensions are encoded by FFmpeg.
 */
export interface LoopedAudio {
  /** Played once at the start (may be empty). */
  head: Stereo;
  /** Repeated after the head; its end flows seamlessly into its start. */
  loop: Stereo;
}

export type AudioFormat = 'wav' | 'mp3' | 'm4a';

/** FFmpeg encoder and container arguments for a format (the container does not follow the file name). */
export function codecArgs(format: AudioFormat): string[] {
  if (format === 'mp3') return ['-c:a', 'libmp3lame', '-b:a', '192k', '-f', 'mp3'];
  // FFmpeg's "fast" AAC coder: a third of the default's time, no audible difference at 192 kb/s.
  if (format === 'm4a')
    return ['-c:a', 'aac', '-aac_coder', 'fast', '-b:a', '192k', '-movflags', '+faststart', '-f', 'ipod'];
  return ['-c:a', 'pcm_s16le', '-f', 'wav'];
}

/** The format a path's extension asks for. */
export function formatOf(path: string): AudioFormat {
  const extension = extname(path).toLowerCase().slice(1);
  if (extension === 'wav' || extension === 'mp3' || extension === 'm4a') return extension;
  if (extension === 'aac' || extension === 'mp4') return 'm4a';
  throw new EngineError(
    'invalid_params',
    `Audio can be written as .wav, .mp3 or .m4a, not "${extname(path) || path}".`,
  );
}

const BLOCK_FRAMES = 16_384;

/** Raised-cosine gain of frame `n` of `total` with fades of `fadeIn` and `fadeOut` frames. */
function fadeGain(n: number, total: number, fadeIn: number, fadeOut: number): number {
  const rise = fadeIn > 0 && n < fadeIn ? n / fadeIn : 1;
  const fall = fadeOut > 0 && n >= total - fadeOut ? (total - n) / fadeOut : 1;
  const g = Math.min(rise, fall);
  return g >= 1 ? 1 : 0.5 - 0.5 * Math.cos(Math.PI * g);
}

async function writeWav(
  audio: LoopedAudio,
  frames: number,
  fades: { in: number; out: number },
  path: string,
): Promise<void> {
  const wav = await WavWriter.create(path, { sampleRate: SAMPLE_RATE, channels: 2 });
  const headLength = audio.head.left.length;
  const loopLength = audio.loop.left.length;
  const fadeIn = Math.round(fades.in * SAMPLE_RATE);
  const fadeOut = Math.round(fades.out * SAMPLE_RATE);
  for (let from = 0; from < frames; from += BLOCK_FRAMES) {
    const count = Math.min(BLOCK_FRAMES, frames - from);
    const block = new Int16Array(count * 2);
    // Outside the fades the gain is constant: no cosine per sample there.
    const plain = from >= fadeIn && from + count <= frames - fadeOut;
    for (let i = 0; i < count; i++) {
      const n = from + i;
      const source = n < headLength ? audio.head : audio.loop;
      const index = n < headLength ? n : (n - headLength) % loopLength;
      const gain = plain ? 32767 : fadeGain(n, frames, fadeIn, fadeOut) * 32767;
      block[2 * i] = toSample(source.left[index]! * gain);
      block[2 * i + 1] = toSample(source.right[index]! * gain);
    }
    await wav.write(block);
  }
  await wav.close();
}

/** Writes `duration` seconds of looped audio to `path` (format from its extension); returns seconds written. */
export async function writeLooped(
  audio: LoopedAudio,
  duration: number,
  fades: { in: number; out: number },
  path: string,
): Promise<number> {
  if (!audio.loop.left.length) throw new EngineError('media_failed', 'The generated audio was empty.');
  const frames = Math.round(duration * SAMPLE_RATE);
  const format = formatOf(path);
  if (format === 'wav') {
    await writeWav(audio, frames, fades, path);
    return frames / SAMPLE_RATE;
  }
  const temporary = `${path}.part.wav`;
  try {
    await writeWav(audio, frames, fades, temporary);
    await runFfmpeg(['-i', temporary, ...codecArgs(format), path], { duration });
  } finally {
    await rm(temporary, { force: true });
  }
  return frames / SAMPLE_RATE;
}
