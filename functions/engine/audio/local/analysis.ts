import { ffmpegLog, probe } from '../../media/ffmpeg';
import { EngineError } from '../../types';

/**
 * Loudness measurement with FFmpeg's EBU R128 filters. Their readings are printed to FFmpeg's info
 * log, which `runFfmpeg` does not keep, so they are parsed from the end of `ffmpegLog`'s.
 */

/** Readings of loudnorm's first pass, the values its second pass needs. */
export interface LoudnormMeasurement {
  input_i: number;
  input_tp: number;
  input_lra: number;
  input_thresh: number;
  target_offset: number;
}

/** The JSON block loudnorm prints with print_format=json ("-inf" for silence). */
export function parseLoudnormJson(log: string): LoudnormMeasurement {
  const block = /\{[^{}]*"input_i"[^{}]*\}/.exec(log)?.[0];
  if (!block) throw new EngineError('media_failed', 'The loudness of the audio could not be measured.');
  const raw = JSON.parse(block) as Record<string, string>;
  const value = (key: keyof LoudnormMeasurement) => {
    const number = Number.parseFloat(raw[key] ?? '');
    return Number.isNaN(number) ? -Infinity : number;
  };
  return {
    input_i: value('input_i'),
    input_tp: value('input_tp'),
    input_lra: value('input_lra'),
    input_thresh: value('input_thresh'),
    target_offset: value('target_offset'),
  };
}

export interface Ebur128Summary {
  /** Integrated loudness, LUFS (−70, the gate, for silence). */
  integrated: number;
  /** True peak, dBTP, when measured with peak=true (−Infinity for silence). */
  truePeak?: number;
}

const readingOf = (text: string) => (text === '-inf' ? -Infinity : Number(text));

/** The summary ebur128 prints when it finishes. */
export function parseEbur128Summary(log: string): Ebur128Summary {
  const summary = log.slice(log.lastIndexOf('Summary:'));
  const integrated = /Integrated loudness:\s*I:\s*(-?[\d.]+|-inf) LUFS/.exec(summary)?.[1];
  if (integrated === undefined)
    throw new EngineError('media_failed', 'The loudness of the audio could not be measured.');
  const truePeak = /True peak:\s*Peak:\s*(-?[\d.]+|-inf) dBFS/.exec(summary)?.[1];
  return {
    integrated: Math.max(-70, readingOf(integrated)),
    ...(truePeak === undefined ? {} : { truePeak: readingOf(truePeak) }),
  };
}

/** Integrated loudness (LUFS, ITU BS.1770 / EBU R128), true peak (dBTP) and duration of a file. */
export async function measureFile(
  path: string,
): Promise<{ loudness: number; truePeak: number; duration: number }> {
  const [{ duration }, log] = await Promise.all([
    probe(path),
    ffmpegLog(['-i', path, '-map', '0:a:0', '-af', 'ebur128=peak=true:framelog=verbose', '-f', 'null', '-']),
  ]);
  const summary = parseEbur128Summary(log);
  return { loudness: summary.integrated, truePeak: summary.truePeak ?? -Infinity, duration };
}
