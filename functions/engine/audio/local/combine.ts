import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MixTrack } from '../types';
import { runFfmpeg } from '../../media/ffmpeg';
import { decodeWav, wavHeader, type PcmFormat } from '../../media/wav';

/**
 * Parts of one bus (speech, or everything under it) that are 16-bit WAVs of one format are summed
 * in memory before FFmpeg sees them, so the mix resamples, delays, pads and sums one stream per bus
 * instead of one per part: a chapter's dozens of lines become one track. The sum is exact (gains
 * are linear, each part lands on its own sample, the result is 32-bit float, so nothing clips).
 */

/** Compressed inputs decoded by one FFmpeg process at a time (one process per file cost more than the decoding). */
const DECODE_BATCH = 48;
const DECODE_RATE = 48_000;

/**
 * Tracks that are not WAVs (AAC or MP3 files kept for browsers) decoded to 16-bit WAVs in a few FFmpeg
 * processes, each writing many files, so they can join the in-memory sums below: a chapter's mix of
 * dozens of stored clips then resamples, delays and pads two streams instead of one per clip.
 */
export async function decodeCompressed(tracks: MixTrack[], workDir: string): Promise<MixTrack[]> {
  const compressed = tracks
    .map((track, index) => ({ track, index }))
    .filter(({ track }) => !track.path.toLowerCase().endsWith('.wav'));
  const result = [...tracks];
  for (let from = 0; from < compressed.length; from += DECODE_BATCH) {
    const batch = compressed.slice(from, from + DECODE_BATCH);
    const inputs = batch.flatMap(({ track }) => ['-i', track.path]);
    const outputs = batch.flatMap(({ index }, i) => {
      const path = join(workDir, `decoded-${index}.wav`);
      result[index] = { ...tracks[index]!, path };
      return ['-map', `${i}:a:0`, '-ar', String(DECODE_RATE), '-ac', '2', '-c:a', 'pcm_s16le', path];
    });
    await runFfmpeg([...inputs, ...outputs]);
  }
  return result;
}

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
