import { probe, runFfmpeg } from '../../media/ffmpeg';
import { withTempDir } from '../../media/temp';
import { EngineError } from '../../types';
import { limitPeaks } from './dynamics';
import {
  ABSOLUTE_GATE,
  INTERPOLATION_BOUND,
  fromDecibels,
  integratedLoudness,
  samplePeak,
  toDecibels,
  truePeak,
} from './loudness';
import { measureFile, type Ebur128Summary } from './analysis';
import { decodeToMemory, encodeSamples, type Pcm } from './pcm';

/**
 * Levelling: every finished audio and video the product makes plays at the same loudness, −16 LUFS
 * integrated with the true peak at most −1 dBTP. The samples are measured in JavaScript (BS.1770,
 * `loudness.ts`), brought to the target with one gain (and a look-ahead limiter where the gain would
 * push peaks over the limit, the gain raised again by what the limiter took), encoded, and the encoded
 * file read back and measured as a player will hear it: lossy encoders overshoot peaks a little, so
 * a file over the limit or off the target is encoded again with that much more headroom or gain.
 */
export const PRODUCT_LOUDNESS = -16;
/** The true peak a finished file may reach (dBTP). */
export const OUTPUT_TRUE_PEAK_LIMIT = -1;
/** The limiter's true-peak limit before encoding: a margin for the encoder's overshoot. */
export const TRUE_PEAK_LIMIT = -1.5;
/** How far (LU) an encoded file may be from its target before it is encoded again. */
export const LOUDNESS_TOLERANCE = 0.5;
const MAX_ENCODES = 4;
/** How close (LU) the limited samples must come to the target before they are encoded. */
const LIMITED_TOLERANCE = 0.2;
/**
 * The limiter's ceiling sits this far under the true-peak limit (its gain is smoothed, and speech
 * limited hard right up to its ceiling overshoots a little more once encoded: with 0.1 dB a 19-minute
 * narration's AAC came out at -0.97 dBTP and was levelled and encoded a second time).
 */
const LIMITER_MARGIN = 0.3;

export interface LevelReadings {
  loudness: number;
  samplePeak: number;
  /** Measured when first asked (the sample peak often decides alone). */
  truePeak: () => number;
}

/** Readings of interleaved samples. */
export function readingsOf(samples: Float32Array, channels: number, sampleRate: number): LevelReadings {
  let peak: number | undefined;
  return {
    loudness: integratedLoudness(samples, channels, sampleRate),
    samplePeak: samplePeak(samples),
    truePeak: () => (peak ??= truePeak(samples, channels)),
  };
}

/** Whether a plain gain keeps the true peak under the limit. */
function plainGainFits(readings: LevelReadings, gain: number, limit: number): boolean {
  if (toDecibels(readings.samplePeak) + gain > limit) return false;
  if (toDecibels(readings.samplePeak * INTERPOLATION_BOUND) + gain <= limit) return true;
  return toDecibels(readings.truePeak()) + gain <= limit;
}

/**
 * Samples brought to `target` LUFS with their true peak at most `limit` dBTP (a new array): a plain
 * gain when the peak allows it; otherwise the gain and a look-ahead limiter, the gain raised again by
 * what the limiter took (measured), the ceiling lowered by any overshoot (measured). Silence is left
 * as it is.
 */
export function levelSamples(
  samples: Float32Array,
  measured: LevelReadings,
  target: number,
  limit: number,
  format: { channels: number; sampleRate: number } = { channels: 2, sampleRate: 48_000 },
): Float32Array {
  const { channels, sampleRate } = format;
  const output = new Float32Array(samples.length);
  if (measured.loudness <= ABSOLUTE_GATE) {
    output.set(samples);
    return output;
  }
  let gain = target - measured.loudness;
  let ceiling = limit - LIMITER_MARGIN;
  /** The previous attempt's gain and shortfall at the same ceiling, for the next step's slope. */
  let previous: { gain: number; short: number } | null = null;
  for (let attempt = 0; attempt < 6; attempt++) {
    const linear = fromDecibels(gain);
    for (let i = 0; i < samples.length; i++) output[i] = samples[i]! * linear;
    if (plainGainFits(measured, gain, limit)) return output;
    limitPeaks(output, channels, sampleRate, fromDecibels(ceiling));
    const over = toDecibels(truePeak(output, channels)) - limit;
    const short = target - integratedLoudness(output, channels, sampleRate);
    if (over <= 0 && Math.abs(short) <= LIMITED_TOLERANCE) return output;
    if (over > 0) {
      ceiling -= over + 0.05;
      previous = null;
    }
    if (Math.abs(short) > LIMITED_TOLERANCE) {
      // The limiter takes back part of every added dB: after a first plain step, the step is scaled
      // by the loudness each dB of gain actually brought (secant), which lands in one or two more
      // attempts instead of halving the shortfall each time.
      const measuredSlope =
        previous && gain !== previous.gain ? (previous.short - short) / (gain - previous.gain) : 1;
      // A slope that makes no sense (the limiter noisy near the target) falls back to a plain step.
      const slope = measuredSlope > 0 ? Math.min(1, Math.max(0.2, measuredSlope)) : 1;
      const step = short / slope;
      previous = over > 0 ? null : { gain, short };
      gain += step;
    }
  }
  return output;
}

export interface LevelledResult {
  /** Integrated loudness (LUFS) of the written file, as decoded. */
  loudness: number;
  /** True peak (dBTP) of the written file, as decoded. */
  truePeak: number;
}

/**
 * Levels `pcm` and writes it with `encode` (which writes the given samples to the output), then
 * reads a lossy output back (`readBack`, or nothing for a lossless one) and measures it; encodes
 * again, at most four times, while it passes the limit or misses the target.
 */
export async function levelAndEncode(
  pcm: Pcm,
  options: {
    target?: number;
    encode: (samples: Float32Array) => Promise<void>;
    /** The written file's samples (same channels and rate), or null when they are the levelled ones. */
    readBack: (() => Promise<Float32Array>) | null;
  },
): Promise<LevelledResult> {
  const { channels, sampleRate } = pcm;
  const target = options.target ?? PRODUCT_LOUDNESS;
  const measured = readingsOf(pcm.samples, channels, sampleRate);
  const silent = measured.loudness <= ABSOLUTE_GATE;
  let headroom = 0;
  let boost = 0;
  let result: LevelledResult | undefined;
  for (let encode = 1; ; encode++) {
    const output = levelSamples(pcm.samples, measured, target + boost, TRUE_PEAK_LIMIT - headroom, pcm);
    await options.encode(output);
    const written = options.readBack ? await options.readBack() : output;
    result = {
      loudness: integratedLoudness(written, channels, sampleRate),
      truePeak: toDecibels(truePeak(written, channels)),
    };
    const over = result.truePeak - OUTPUT_TRUE_PEAK_LIMIT;
    const short = silent ? 0 : target - result.loudness;
    if ((over <= 0 && Math.abs(short) <= LOUDNESS_TOLERANCE) || encode === MAX_ENCODES) break;
    if (over > 0) headroom += over + 0.2;
    if (Math.abs(short) > LOUDNESS_TOLERANCE) boost += short;
  }
  return { loudness: round1(result.loudness), truePeak: round1(result.truePeak) };
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * Files up to this many samples (about 11 minutes of 48 kHz stereo) are levelled in memory; longer
 * ones by FFmpeg's meter and filters (`levelWithFfmpeg`).
 */
/** The sound of a finished video: AAC at 160 kb/s (FFmpeg's fast coder, a third of the default's time). */
export const VIDEO_AUDIO_ARGS = ['-c:a', 'aac', '-aac_coder', 'fast', '-b:a', '160k'];

export const MAX_IN_MEMORY_SAMPLES = 64 * 1024 * 1024;

export interface LevelFileRequest {
  inputPath: string;
  outputPath: string;
  /** Encoder arguments of the sound, e.g. ['-c:a', 'aac', '-b:a', '160k']. */
  audioArgs: string[];
  /** Container arguments placed before the output path, e.g. ['-movflags', '+faststart', '-f', 'mp4']. */
  containerArgs?: string[];
  /** Channels and rate of the levelled sound (default: stereo, 48 kHz; 'source': the file's own). */
  channels?: number | 'source';
  sampleRate?: number | 'source';
  target?: number;
  /**
   * For a file without picture: more inputs (input 1 on) and what to take from them, e.g.
   * ['-i', 'chapters.txt'] and ['-map_metadata', '1', '-map_chapters', '1'].
   */
  extraInputs?: string[];
  extraArgs?: string[];
}

/**
 * A media file with its sound levelled (the picture, if any, copied as it is): the sound decoded
 * once, levelled in JavaScript, encoded with the picture copied beside it, read back and measured.
 */
export async function levelFile(request: LevelFileRequest): Promise<LevelledResult & { duration: number }> {
  const info = await probe(request.inputPath).catch(() => undefined);
  if (!info?.audio) throw new EngineError('invalid_input', 'The file has no sound to level.');
  const channels = request.channels === 'source' ? info.audio.channels : (request.channels ?? 2);
  const sampleRate = request.sampleRate === 'source' ? info.audio.sampleRate : (request.sampleRate ?? 48_000);
  const format = { channels, sampleRate };
  const video = Boolean(info.video);
  let result: LevelledResult | undefined;
  await withTempDir('level', async (work) => {
    if (video && request.extraInputs?.length)
      throw new EngineError('invalid_params', 'Extra inputs are only for files without picture.');
    if (info.duration * sampleRate * channels > MAX_IN_MEMORY_SAMPLES) {
      result = await levelWithFfmpeg(request, video, format);
      return;
    }
    const samples = await decodeToMemory(request.inputPath, work, format);
    result = await levelAndEncode(
      { samples, channels, sampleRate },
      {
        target: request.target,
        encode: (levelled) =>
          encodeSamples({ samples: levelled, channels, sampleRate }, [
            ...(video ? ['-i', request.inputPath] : []),
            ...(request.extraInputs ?? []),
            '-map',
            '0:a',
            ...(video ? ['-map', '1:v', '-c:v', 'copy'] : []),
            ...(request.extraArgs ?? []),
            ...request.audioArgs,
            ...(request.containerArgs ?? []),
            request.outputPath,
          ]),
        readBack: () => decodeToMemory(request.outputPath, work, format),
      },
    );
  });
  return { ...result!, duration: (await probe(request.outputPath)).duration };
}

/**
 * Long files: FFmpeg's meter (ebur128) reads the sound, a gain (and FFmpeg's limiter where the peaks
 * need it) levels it while the picture is copied, and the written file is measured again.
 */
async function levelWithFfmpeg(
  request: LevelFileRequest,
  video: boolean,
  format: { channels: number; sampleRate: number },
): Promise<LevelledResult> {
  const target = request.target ?? PRODUCT_LOUDNESS;
  const before = await measureFile(request.inputPath);
  let headroom = 0;
  let boost = 0;
  for (let encode = 1; ; encode++) {
    const filters = normalisationFilters(
      target,
      { integrated: before.loudness, truePeak: before.truePeak },
      headroom,
      boost,
    );
    await runFfmpeg(
      [
        '-i',
        request.inputPath,
        ...(request.extraInputs ?? []),
        '-map',
        '0:a:0',
        ...(video ? ['-map', '0:v:0', '-c:v', 'copy'] : []),
        ...(request.extraArgs ?? []),
        ...(filters.length ? ['-af', filters.join(',')] : []),
        '-ar',
        String(format.sampleRate),
        '-ac',
        String(format.channels),
        ...request.audioArgs,
        ...(request.containerArgs ?? []),
        request.outputPath,
      ],
      { duration: before.duration, timeoutMs: Math.max(600_000, before.duration * 2000) },
    );
    const after = await measureFile(request.outputPath);
    const over = after.truePeak - OUTPUT_TRUE_PEAK_LIMIT;
    const short = before.loudness <= ABSOLUTE_GATE ? 0 : target - after.loudness;
    if ((over <= 0 && Math.abs(short) <= LOUDNESS_TOLERANCE) || encode === MAX_ENCODES)
      return { loudness: round1(after.loudness), truePeak: round1(after.truePeak) };
    if (over > 0) headroom += over + 0.3;
    if (Math.abs(short) > LOUDNESS_TOLERANCE) boost += short;
  }
}

/** Sample-peak ceiling of FFmpeg's limiter, a margin under the true-peak limit. */
const LIMITER_CEILING_DB = TRUE_PEAK_LIMIT - 0.5;

/** The gain that reaches the target, when it keeps the true peak under the limit (the usual case). */
function plainGainFilter(
  target: number,
  loudness: Ebur128Summary,
  headroom: number,
  boost: number,
): string[] | null {
  if (loudness.integrated <= -70) return [];
  const gain = Math.round((target - loudness.integrated + boost) * 100) / 100;
  return (loudness.truePeak ?? Infinity) + gain <= TRUE_PEAK_LIMIT - headroom ? [`volume=${gain}dB`] : null;
}

/**
 * FFmpeg filters that level from an ebur128 reading: a plain (linear) gain to the target when the
 * true peak stays under the limit; otherwise the gain followed by a peak limiter. (loudnorm's dynamic
 * mode would also do, but it works at 192 kHz: 40 s for a 20-minute narration, against 1 s for this.)
 * `headroom` (dB) lowers both limits, for an encoder that overshoots; `boost` (dB) adds gain, for
 * loudness a limiter took away. Silence is left alone.
 */
export function normalisationFilters(
  target: number,
  loudness: Ebur128Summary,
  headroom = 0,
  boost = 0,
): string[] {
  const plain = plainGainFilter(target, loudness, headroom, boost);
  if (plain) return plain;
  const gain = Math.round((target - loudness.integrated + boost) * 100) / 100;
  const ceiling = (10 ** ((LIMITER_CEILING_DB - headroom) / 20)).toFixed(4);
  return [`volume=${gain}dB`, `alimiter=limit=${ceiling}:level=false:attack=1:release=40`];
}
