import { basename, join } from 'node:path';
import { probe, runFfmpeg, runFilterGraph } from '../../media/ffmpeg';
import { EngineError } from '../../types';
import type { AudioResult, MixRequest, MixTrack } from '../types';
import { withTempDir } from '../../media/temp';
import { measureFile, parseEbur128Summary, type Ebur128Summary } from './analysis';
import { combineParts, decodeCompressed } from './combine';
import { codecArgs } from './output';
import { wavDuration } from '../../media/wav';
import { duck, limitPeaks } from './dynamics';
import {
  ABSOLUTE_GATE,
  INTERPOLATION_BOUND,
  fromDecibels,
  integratedLoudness,
  samplePeak,
  toDecibels,
  truePeak,
} from './loudness';
import { decodeFiles, decodeToMemory, encodePcm, readRaw } from './pcm';

/**
 * Mixing: every track placed at its start with its gain; speech and the rest summed on two buses;
 * the bed ducked under the speech; then normalised to the target loudness with the true peak under
 * the limit, and encoded. Mixes that fit in memory (a chapter's, up to about 11 minutes) do all of it
 * in JavaScript between one decoding and one encoding FFmpeg process (`mixInMemory`); longer ones run
 * FFmpeg filter graphs (amix, sidechaincompress, ebur128) in two passes (`mixWithFfmpeg`).
 */
export const MIX_SAMPLE_RATE = 48_000;
const MIX_CHANNELS = 2;
/**
 * Mixes of up to this many samples (about 11 minutes of 48 kHz stereo, 256 MB a bus) are made in
 * memory; longer ones by FFmpeg.
 */
const MAX_IN_MEMORY_SAMPLES = 64 * 1024 * 1024;
export const TRUE_PEAK_LIMIT = -1.5;
const MAX_MIX_SECONDS = 4 * 3600;

/** Ducking: about 12 dB under normal speech, fast enough for phrases, released between them. */
const DUCKING = 'threshold=0.015:ratio=12:attack=15:release=450:knee=2';

/** Sums labelled streams at unity gain. */
function sum(inputs: string[], label: string): string {
  if (inputs.length === 1) return `${inputs[0]}anull[${label}]`;
  return `${inputs.join('')}amix=inputs=${inputs.length}:duration=first:dropout_transition=0,volume=${inputs.length}[${label}]`;
}

/** The filter graph for tracks (input i is track i), ending in the stream [mix]. */
export function mixGraph(tracks: MixTrack[], duration: number, duckUnderSpeech: boolean): string {
  const frames = Math.round(duration * MIX_SAMPLE_RATE);
  const speech: string[] = [];
  const bed: string[] = [];
  const lines = tracks.map((track, index) => {
    const delay = Math.round(track.start * 1000);
    const chain = [
      `aformat=sample_fmts=fltp:sample_rates=${MIX_SAMPLE_RATE}:channel_layouts=stereo`,
      `volume=${track.volume}`,
      ...(delay > 0 ? [`adelay=${delay}|${delay}`] : []),
      'apad',
      `atrim=end_sample=${frames}`,
    ];
    (track.role === 'speech' ? speech : bed).push(`[t${index}]`);
    return `[${index}:a]${chain.join(',')}[t${index}]`;
  });
  if (!speech.length || !bed.length) {
    lines.push(sum(speech.length ? speech : bed, 'mix'));
  } else if (duckUnderSpeech) {
    lines.push(
      sum(speech, 'speech'),
      sum(bed, 'bed'),
      '[speech]asplit=2[voice][key]',
      `[bed][key]sidechaincompress=${DUCKING}[ducked]`,
      sum(['[voice]', '[ducked]'], 'mix'),
    );
  } else {
    lines.push(sum([...speech, ...bed], 'mix'));
  }
  return lines.join(';\n');
}

/** Sample-peak ceiling of the limiter, a margin under the true-peak limit. */
const LIMITER_CEILING_DB = TRUE_PEAK_LIMIT - 0.5;
/**
 * The true peak a finished mix may reach (dBTP). Lossy encoders (MP3 above all) overshoot the peaks
 * of what they are given, so the encoded file is measured and, when it is over, encoded again from
 * the premix with that much more headroom.
 */
export const OUTPUT_TRUE_PEAK_LIMIT = -1;
const MAX_ENCODES = 4;
/** How far (LU) an encoded mix may be from its target before it is encoded again. */
const LOUDNESS_TOLERANCE = 0.5;

/**
 * The second pass from the first pass's readings: a plain (linear) gain to the target when the true
 * peak stays under the limit; otherwise the gain followed by a peak limiter. (loudnorm's dynamic mode
 * would also do, but it works at 192 kHz: 40 s for a 20-minute narration, against 1 s for this.)
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

function validate(request: MixRequest): void {
  if (!Array.isArray(request.tracks) || !request.tracks.length) {
    throw new EngineError('invalid_input', 'There is nothing to mix: add at least one track.');
  }
  for (const track of request.tracks) {
    if (!(
      Number.isFinite(track.start) &&
      track.start >= 0 &&
      Number.isFinite(track.volume) &&
      track.volume >= 0
    )) {
      throw new EngineError(
        'invalid_params',
        `The track ${basename(track.path)} needs a start of 0 s or later and a volume of 0 or more.`,
      );
    }
  }
  if (!(
    Number.isFinite(request.targetLoudness) &&
    request.targetLoudness >= -40 &&
    request.targetLoudness <= -5
  )) {
    throw new EngineError('invalid_params', 'The target loudness must be between -40 and -5 LUFS.');
  }
  if (request.duration !== undefined && !(request.duration > 0 && request.duration <= MAX_MIX_SECONDS)) {
    throw new EngineError(
      'invalid_params',
      'The mix length must be more than 0 seconds and at most 4 hours.',
    );
  }
  if (!['wav', 'm4a', 'mp3'].includes(request.format)) {
    throw new EngineError('invalid_params', 'Mixes can be written as wav, m4a or mp3.');
  }
}

async function trackLength(track: MixTrack): Promise<number> {
  // Most tracks are WAVs the engine wrote: their header gives the length without an FFprobe process.
  const fromHeader = track.path.endsWith('.wav') ? await wavDuration(track.path).catch(() => null) : null;
  if (fromHeader !== null) return fromHeader;
  const info = await probe(track.path).catch(() => undefined);
  if (!info?.audio)
    throw new EngineError('invalid_input', `The track ${basename(track.path)} could not be read as audio.`);
  return info.duration;
}

export async function mixTracks(request: MixRequest): Promise<AudioResult> {
  validate(request);
  // Each length is a read of the file (an FFprobe process for compressed ones): only when needed.
  const lengths = request.duration === undefined ? await Promise.all(request.tracks.map(trackLength)) : [];
  const duration = Math.min(
    MAX_MIX_SECONDS,
    request.duration ?? Math.max(...request.tracks.map((track, i) => track.start + lengths[i]!)),
  );
  const audible = request.tracks.filter((track) => track.start < duration && track.volume > 0);
  if (!audible.length) throw new EngineError('invalid_input', 'No track plays within the length of the mix.');
  if (Math.round(duration * MIX_SAMPLE_RATE) * MIX_CHANNELS <= MAX_IN_MEMORY_SAMPLES)
    return mixInMemory(request, audible, duration);
  return mixWithFfmpeg(request, audible, duration);
}

/**
 * Long mixes (more than MAX_IN_MEMORY_SAMPLES): FFmpeg lays out, ducks and meters the premix, then
 * normalises and encodes it, measuring the encoded file.
 */
async function mixWithFfmpeg(
  request: MixRequest,
  audible: MixTrack[],
  duration: number,
): Promise<AudioResult> {
  let result: Awaited<ReturnType<typeof measureFile>> | undefined;
  await withTempDir('mix', async (work) => {
    const decoded = await decodeCompressed(audible, work).catch(() => {
      throw new EngineError('invalid_input', 'A track of the mix could not be read as audio.');
    });
    const tracks = await combineParts(decoded, work);
    const premix = join(work, 'premix.wav');
    // ebur128 alone: loudnorm's own (192 kHz) measurement is only needed when a plain gain cannot be used.
    const meter = 'ebur128=peak=true:framelog=verbose';
    const graph = [
      mixGraph(tracks, duration, request.duckUnderSpeech),
      '[mix]asplit=2[out][meter]',
      `[meter]${meter}[measured]`,
    ];
    // Pass 1: the premix (32-bit float, so nothing clips before normalisation) and its loudness.
    const inputs = tracks.flatMap((track) => ['-i', track.path]);
    const premixOutput = ['-map', '[out]', '-c:a', 'pcm_f32le', '-ar', String(MIX_SAMPLE_RATE), premix];
    const meterOutput = ['-map', '[measured]', '-f', 'null', '-'];
    const log = await runFilterGraph(
      { inputs, graph, scriptPath: join(work, 'graph.txt'), outputs: [...premixOutput, ...meterOutput] },
      { readLog: true },
    );
    // Pass 2: normalise and encode. Lossy encoders overshoot peaks, and a limiter working hard
    // lowers the loudness: the encoded file is measured and, while it misses either, encoded again
    // from the premix with more headroom or more gain.
    const summary = parseEbur128Summary(log);
    let headroom = 0;
    let boost = 0;
    for (let encode = 1; ; encode++) {
      const filters = normalisationFilters(request.targetLoudness, summary, headroom, boost);
      const filterArgs = filters.length ? ['-af', filters.join(',')] : [];
      const output = ['-ar', String(MIX_SAMPLE_RATE), ...codecArgs(request.format), request.outputPath];
      await runFfmpeg(['-i', premix, ...filterArgs, ...output], { duration });
      result = await measureFile(request.outputPath);
      const over = result.truePeak - OUTPUT_TRUE_PEAK_LIMIT;
      const short = summary.integrated <= -70 ? 0 : request.targetLoudness - result.loudness;
      if ((over <= 0 && Math.abs(short) <= LOUDNESS_TOLERANCE) || encode === MAX_ENCODES) break;
      if (over > 0) headroom += over + 0.3;
      if (Math.abs(short) > LOUDNESS_TOLERANCE) boost += short;
    }
  });
  if (!result) throw new EngineError('media_failed', 'The mix could not be measured.');
  return {
    path: request.outputPath,
    duration: result.duration,
    loudness: result.loudness,
    truePeak: result.truePeak,
  };
}

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

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * The premix in memory: every track decoded once (48 kHz stereo float), added to its bus at its start
 * (to the sample) and gain, the beds ducked under the speech, the two buses summed.
 */
async function premixInMemory(
  request: MixRequest,
  audible: MixTrack[],
  frames: number,
  work: string,
): Promise<Float32Array> {
  const format = { channels: MIX_CHANNELS, sampleRate: MIX_SAMPLE_RATE };
  const decoded = await decodeFiles(
    audible.map((track) => track.path),
    work,
    format,
  ).catch(() => {
    throw new EngineError('invalid_input', 'A track of the mix could not be read as audio.');
  });
  const length = frames * MIX_CHANNELS;
  const speech = new Float32Array(length);
  let bed: Float32Array | null = null;
  // One decoded track in memory at a time.
  for (const track of audible) {
    const samples = await readRaw(decoded.get(track.path)!);
    const target = track.role === 'speech' ? speech : (bed ??= new Float32Array(length));
    const offset = Math.round(track.start * MIX_SAMPLE_RATE) * MIX_CHANNELS;
    const count = Math.min(samples.length, length - offset);
    const gain = track.volume;
    for (let i = 0; i < count; i++) target[offset + i]! += samples[i]! * gain;
  }
  if (!bed) return speech;
  const hasSpeech = audible.some((track) => track.role === 'speech');
  if (request.duckUnderSpeech && hasSpeech) duck(bed, speech, MIX_CHANNELS, MIX_SAMPLE_RATE);
  for (let i = 0; i < length; i++) speech[i]! += bed[i]!;
  return speech;
}

interface PremixReadings {
  loudness: number;
  samplePeak: number;
  /** Measured when first asked (the sample peak often decides alone). */
  truePeak: () => number;
}

/** Whether a plain gain keeps the true peak under the limit. */
function plainGainFits(readings: PremixReadings, gain: number, limit: number): boolean {
  if (toDecibels(readings.samplePeak) + gain > limit) return false;
  if (toDecibels(readings.samplePeak * INTERPOLATION_BOUND) + gain <= limit) return true;
  return toDecibels(readings.truePeak()) + gain <= limit;
}

/** How close (LU) the limited mix must come to its target before it is encoded. */
const LIMITED_TOLERANCE = 0.2;
/** The limiter's ceiling sits this far under the true-peak limit (its gain is smoothed). */
const LIMITER_MARGIN = 0.1;

/**
 * The premix brought to `target` LUFS with its true peak at most `limit` dBTP: a plain gain when the
 * peak allows it; otherwise the gain and a look-ahead limiter, the gain raised again by what the
 * limiter took (measured), the ceiling lowered by any overshoot (measured).
 */
export function normalise(
  premix: Float32Array,
  measured: PremixReadings,
  target: number,
  limit: number,
): Float32Array {
  const output = new Float32Array(premix.length);
  if (measured.loudness <= ABSOLUTE_GATE) {
    output.set(premix);
    return output;
  }
  let gain = target - measured.loudness;
  let ceiling = limit - LIMITER_MARGIN;
  for (let attempt = 0; attempt < 6; attempt++) {
    const linear = fromDecibels(gain);
    for (let i = 0; i < premix.length; i++) output[i] = premix[i]! * linear;
    if (plainGainFits(measured, gain, limit)) return output;
    limitPeaks(output, MIX_CHANNELS, MIX_SAMPLE_RATE, fromDecibels(ceiling));
    const over = toDecibels(truePeak(output, MIX_CHANNELS)) - limit;
    const short = target - integratedLoudness(output, MIX_CHANNELS, MIX_SAMPLE_RATE);
    if (over <= 0 && Math.abs(short) <= LIMITED_TOLERANCE) return output;
    if (over > 0) ceiling -= over + 0.05;
    if (Math.abs(short) > LIMITED_TOLERANCE) gain += short;
  }
  return output;
}

/**
 * Mixes that fit in memory: one FFmpeg process decodes every track, the layout, ducking, loudness,
 * true peak and limiter run in JavaScript on the samples, and one FFmpeg process encodes the result.
 * A lossy file is decoded again and measured (encoders overshoot peaks a little); when it passes the
 * limit or misses the loudness, it is encoded again with that much more headroom or gain.
 */
async function mixInMemory(request: MixRequest, audible: MixTrack[], duration: number): Promise<AudioResult> {
  const frames = Math.round(duration * MIX_SAMPLE_RATE);
  const format = { channels: MIX_CHANNELS, sampleRate: MIX_SAMPLE_RATE };
  let result: { loudness: number; truePeak: number } | undefined;
  await withTempDir('mix', async (work) => {
    const premix = await premixInMemory(request, audible, frames, work);
    let premixPeak: number | undefined;
    const measured: PremixReadings = {
      loudness: integratedLoudness(premix, MIX_CHANNELS, MIX_SAMPLE_RATE),
      samplePeak: samplePeak(premix),
      truePeak: () => (premixPeak ??= truePeak(premix, MIX_CHANNELS)),
    };
    const silent = measured.loudness <= ABSOLUTE_GATE;
    let headroom = 0;
    let boost = 0;
    for (let encode = 1; ; encode++) {
      const limit = TRUE_PEAK_LIMIT - headroom;
      const output = normalise(premix, measured, request.targetLoudness + boost, limit);
      await encodePcm({ samples: output, ...format }, request.format, request.outputPath); // A WAV holds the samples as they are (to 16 bits); a lossy file is read back as players will.
      const written =
        request.format === 'wav' ? output : await decodeToMemory(request.outputPath, work, format);
      result = {
        loudness: integratedLoudness(written, MIX_CHANNELS, MIX_SAMPLE_RATE),
        truePeak: toDecibels(truePeak(written, MIX_CHANNELS)),
      };
      const over = result.truePeak - OUTPUT_TRUE_PEAK_LIMIT;
      const short = silent ? 0 : request.targetLoudness - result.loudness;
      if ((over <= 0 && Math.abs(short) <= LOUDNESS_TOLERANCE) || encode === MAX_ENCODES) break;
      if (over > 0) headroom += over + 0.2;
      if (Math.abs(short) > LOUDNESS_TOLERANCE) boost += short;
    }
  });
  if (!result) throw new EngineError('media_failed', 'The mix could not be measured.');
  return {
    path: request.outputPath,
    duration: Math.round((frames / MIX_SAMPLE_RATE) * 1000) / 1000,
    loudness: round1(result.loudness),
    truePeak: round1(result.truePeak),
  };
}
