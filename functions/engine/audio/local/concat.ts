import { basename } from 'node:path';
import { probe, runFilterGraph } from '../../media/ffmpeg';
import { EngineError } from '../../types';
import type { AudioResult } from '../types';
import { codecArgs, formatOf } from './output';

/**
 * Joining audio end to end without clicks: with a crossfade the parts overlap by that much (equal
 * power curves); with none, each join gets a few milliseconds of fade out and in instead.
 */
export const DEFAULT_CROSSFADE = 0.02;
const JOIN_FADE = 0.005;

export interface Part {
  path: string;
  duration: number;
  sampleRate: number;
  channels: number;
}

/** Where each part starts in the output, in seconds. */
export function partOffsets(durations: number[], crossfade: number): number[] {
  const offsets: number[] = [];
  let at = 0;
  for (const duration of durations) {
    offsets.push(at);
    at += duration - crossfade;
  }
  return offsets;
}

/** The filter graph joining the inputs (all converted to one format), ending in [joined]. */
export function concatGraph(parts: Part[], crossfade: number): string {
  const sampleRate = Math.max(...parts.map((part) => part.sampleRate));
  const layout = parts.some((part) => part.channels > 1) ? 'stereo' : 'mono';
  const format = `aformat=sample_fmts=fltp:sample_rates=${sampleRate}:channel_layouts=${layout}`;
  if (crossfade > 0) {
    // acrossfade (at least in the 2018 static FFmpeg) drops most of its first input when frames
    // are as long as the fade or longer, so the parts are cut into frames of half the fade at most.
    const frame = Math.max(1, Math.min(256, Math.floor((crossfade * sampleRate) / 2)));
    const lines = parts.map((_, i) => `[${i}:a]${format},asetnsamples=n=${frame}:p=0[p${i}]`);
    let previous = '[p0]';
    for (let i = 1; i < parts.length; i++) {
      const label = i === parts.length - 1 ? '[joined]' : `[x${i}]`;
      lines.push(`${previous}[p${i}]acrossfade=d=${crossfade}:c1=qsin:c2=qsin${label}`);
      previous = label;
    }
    if (parts.length === 1) lines.push('[p0]anull[joined]');
    return lines.join(';\n');
  }
  const lines = parts.map((part, i) => {
    const fadeOutStart = Math.max(0, part.duration - JOIN_FADE);
    return `[${i}:a]${format},afade=t=in:d=${JOIN_FADE},afade=t=out:st=${fadeOutStart}:d=${JOIN_FADE}[p${i}]`;
  });
  lines.push(`${parts.map((_, i) => `[p${i}]`).join('')}concat=n=${parts.length}:v=0:a=1[joined]`);
  return lines.join(';\n');
}

async function readPart(path: string): Promise<Part> {
  const info = await probe(path).catch(() => undefined);
  if (!info?.audio)
    throw new EngineError('invalid_input', `The part ${basename(path)} could not be read as audio.`);
  return { path, duration: info.duration, sampleRate: info.audio.sampleRate, channels: info.audio.channels };
}

export async function concatenateParts(request: {
  paths: string[];
  outputPath: string;
  crossfade?: number;
}): Promise<AudioResult & { offsets: number[] }> {
  if (!request.paths.length) throw new EngineError('invalid_input', 'There are no parts to join.');
  const requested = request.crossfade ?? DEFAULT_CROSSFADE;
  if (!(Number.isFinite(requested) && requested >= 0 && requested <= 10)) {
    throw new EngineError('invalid_params', 'The crossfade must be between 0 and 10 seconds.');
  }
  const format = formatOf(request.outputPath);
  const parts = await Promise.all(request.paths.map(readPart));
  // A crossfade cannot be longer than half of the shortest part it joins.
  const crossfade = parts.length > 1 ? Math.min(requested, ...parts.map((part) => part.duration / 2)) : 0;
  const duration = parts.reduce((sum, part) => sum + part.duration, 0) - crossfade * (parts.length - 1);
  await runFilterGraph(
    {
      inputs: parts.flatMap((part) => ['-i', part.path]),
      graph: [concatGraph(parts, crossfade)],
      outputs: ['-map', '[joined]', ...codecArgs(format), request.outputPath],
    },
    { duration },
  );
  const written = await probe(request.outputPath);
  return {
    path: request.outputPath,
    duration: written.duration,
    offsets: partOffsets(
      parts.map((part) => part.duration),
      crossfade,
    ),
  };
}
