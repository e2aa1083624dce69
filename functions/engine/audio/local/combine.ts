import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MixTrack } from '../types';
import { decodeWav, wavHeader, type PcmFormat } from '../../media/wav';

/**
 * Parts of one bus (speech, or everything under it) that are 16-bit WAVs of one format are summed
 * in memory before FFmpeg sees them, so the mix resamples, delays, pads and sums one stream per bus
 * instead of one per part: a chapter's dozens of lines become one track. The sum is exact (gains
 * are linear, each part lands on its own sample, the result is 32-bit float, so nothing clips).
 */

/** Largest sum held in memory, in samples (256 MB of float); longer buses are left to FFmpeg. */
const MAX_SAMPLES = 64 * 1024 * 1024;

type Bus = 'speech' | 'bed';
const busOf = (track: MixTrack): Bus => (track.role === 'speech' ? 'speech' : 'bed');

/** A 32-bit float WAV. */
export function encodeFloatWav(samples: Float32Array, format: PcmFormat): Buffer {
  return Buffer.concat([
    wavHeader(format, samples.byteLength, 'float32'),
    Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength),
  ]);
}

interface Part {
  track: MixTrack;
  format: PcmFormat;
  samples: Int16Array;
}

async function readPart(track: MixTrack): Promise<Part | null> {
  if (!track.path.toLowerCase().endsWith('.wav')) return null;
  try {
    const { format, samples } = decodeWav(await readFile(track.path));
    return { track, format, samples };
  } catch {
    // Not a 16-bit PCM WAV: FFmpeg reads it as it is.
    return null;
  }
}

/** Sums parts of one format, each at its start and gain, into one float buffer. */
export function sumParts(parts: { start: number; volume: number; samples: Int16Array }[], format: PcmFormat) {
  const { channels, sampleRate } = format;
  const frames = Math.max(
    ...parts.map((part) => Math.round(part.start * sampleRate) + part.samples.length / channels),
  );
  const sum = new Float32Array(frames * channels);
  for (const part of parts) {
    const offset = Math.round(part.start * sampleRate) * channels;
    const gain = part.volume / 32768;
    const { samples } = part;
    for (let i = 0; i < samples.length; i++) sum[offset + i]! += samples[i]! * gain;
  }
  return sum;
}

/**
 * The tracks with the parts of each bus and format summed into one track (written to `workDir`);
 * tracks that are not 16-bit WAVs, or alone in their group, are returned as they are.
 */
export async function combineParts(tracks: MixTrack[], workDir: string): Promise<MixTrack[]> {
  const parts = await Promise.all(tracks.map(readPart));
  const groups = new Map<string, Part[]>();
  const result: MixTrack[] = [];
  parts.forEach((part, i) => {
    if (!part) {
      result.push(tracks[i]!);
      return;
    }
    const key = `${busOf(part.track)}:${part.format.sampleRate}:${part.format.channels}`;
    groups.set(key, [...(groups.get(key) ?? []), part]);
  });
  let index = 0;
  for (const group of groups.values()) {
    const { format } = group[0]!;
    const frames = Math.max(
      ...group.map((p) => p.track.start * format.sampleRate + p.samples.length / format.channels),
    );
    if (group.length === 1 || frames * format.channels > MAX_SAMPLES) {
      result.push(...group.map((part) => part.track));
      continue;
    }
    const sum = sumParts(
      group.map((part) => ({ start: part.track.start, volume: part.track.volume, samples: part.samples })),
      format,
    );
    const path = join(workDir, `bus-${index++}.wav`);
    await writeFile(path, encodeFloatWav(sum, format));
    result.push({ path, role: group[0]!.track.role, start: 0, volume: 1 });
  }
  return result;
}
