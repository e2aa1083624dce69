import { basename, join } from 'node:path';
import { probe, runFfmpeg, runFilterGraph } from '../../media/ffmpeg';
import { EngineError } from '../../types';
import type { AudioResult, MixRequest, MixTrack } from '../types';
import { withTempDir } from '../../media/temp';
import { measureFile, parseEbur128Summary } from './analysis';
import { combineParts, decodeCompressed } from './combine';
import { codecArgs } from './output';
import { wavDuration } from '../../media/wav';
import { duck } from './dynamics';
import {
  LOUDNESS_TOLERANCE,
  OUTPUT_TRUE_PEAK_LIMIT,
  levelAndEncode,
  levelSamples,
  normalisationFilters,
  type LevelReadings,
  type LevelledResult,
} from './level';
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

/** The true peak a finished mix may reach (dBTP): the product's limit (see `level.ts`). */
export { OUTPUT_TRUE_PEAK_LIMIT, normalisationFilters };
const MAX_ENCODES = 4;

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

/**
 * The premix brought to `target` LUFS with its true peak at most `limit` dBTP (48 kHz stereo): see
 * `levelSamples`.
 */
export const normalise = (premix: Float32Array, measured: LevelReadings, target: number, limit: number) =>
  levelSamples(premix, measured, target, limit, { channels: MIX_CHANNELS, sampleRate: MIX_SAMPLE_RATE });

/**
 * Mixes that fit in memory: one FFmpeg process decodes every track, the layout, ducking, loudness,
 * true peak and limiter run in JavaScript on the samples, and one FFmpeg process encodes the result.
 * A lossy file is decoded again and measured (encoders overshoot peaks a little); when it passes the
 * limit or misses the loudness, it is encoded again with that much more headroom or gain.
 */
async function mixInMemory(request: MixRequest, audible: MixTrack[], duration: number): Promise<AudioResult> {
  const frames = Math.round(duration * MIX_SAMPLE_RATE);
  const format = { channels: MIX_CHANNELS, sampleRate: MIX_SAMPLE_RATE };
  let result: LevelledResult | undefined;
  await withTempDir('mix', async (work) => {
    const premix = await premixInMemory(request, audible, frames, work);
    result = await levelAndEncode(
      { samples: premix, ...format },
      {
        target: request.targetLoudness,
        encode: (output) => encodePcm({ samples: output, ...format }, request.format, request.outputPath),
        // A WAV holds the samples as they are (to 16 bits); a lossy file is read back as players will.
        readBack: request.format === 'wav' ? null : () => decodeToMemory(request.outputPath, work, format),
      },
    );
  });
  if (!result) throw new EngineError('media_failed', 'The mix could not be measured.');
  return {
    path: request.outputPath,
    duration: Math.round((frames / MIX_SAMPLE_RATE) * 1000) / 1000,
    loudness: result.loudness,
    truePeak: result.truePeak,
  };
}
