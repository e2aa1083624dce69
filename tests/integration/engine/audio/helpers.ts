import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeWav } from '../../../../functions/engine/media/wav';
import { ffmpegLog, runFfmpeg } from '../../../../functions/engine/media/ffmpeg';

/** Helpers for the audio and speech integration tests: scratch folders and sample analysis. */

export function scratchDir(prefix: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), `bookstudio-${prefix}-`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface Samples {
  sampleRate: number;
  /** One array per channel, −1…1. */
  channels: Float32Array[];
}

/** Decodes any audio file (through FFmpeg) to float channels, optionally at another sample rate. */
export async function readSamples(
  path: string,
  options: { sampleRate?: number; filter?: string } = {},
): Promise<Samples> {
  const wav = `${path}.decoded.wav`;
  await runFfmpeg([
    '-i',
    path,
    ...(options.filter ? ['-af', options.filter] : []),
    ...(options.sampleRate ? ['-ar', String(options.sampleRate)] : []),
    '-c:a',
    'pcm_s16le',
    '-f',
    'wav',
    wav,
  ]);
  const { format, samples } = decodeWav(readFileSync(wav));
  rmSync(wav);
  const channels = Array.from({ length: format.channels }, (_, c) =>
    Float32Array.from(
      { length: samples.length / format.channels },
      (_, i) => samples[i * format.channels + c]! / 32768,
    ),
  );
  return { sampleRate: format.sampleRate, channels };
}

/** RMS of the first channel between two times (seconds). */
export function windowRms({ sampleRate, channels }: Samples, from: number, to: number): number {
  const channel = channels[0]!;
  const start = Math.max(0, Math.round(from * sampleRate));
  const end = Math.min(channel.length, Math.round(to * sampleRate));
  let sum = 0;
  for (let i = start; i < end; i++) sum += channel[i]! ** 2;
  return Math.sqrt(sum / Math.max(1, end - start));
}

export const toDb = (value: number) => 20 * Math.log10(Math.max(value, 1e-9));

/** Largest sample-to-sample step of the first channel between two times. */
export function largestStep({ sampleRate, channels }: Samples, from: number, to: number): number {
  const channel = channels[0]!;
  let largest = 0;
  for (
    let i = Math.max(1, Math.round(from * sampleRate));
    i < Math.min(channel.length, Math.round(to * sampleRate));
    i++
  ) {
    largest = Math.max(largest, Math.abs(channel[i]! - channel[i - 1]!));
  }
  return largest;
}

/** Zero crossings per second of the first channel between two times (a rough pitch or brightness). */
export function crossingRate({ sampleRate, channels }: Samples, from = 0, to = Infinity): number {
  const channel = channels[0]!;
  const start = Math.round(from * sampleRate);
  const end = Math.min(channel.length, Math.round(to * sampleRate));
  let crossings = 0;
  for (let i = start + 1; i < end; i++) if (channel[i - 1]! < 0 !== channel[i]! < 0) crossings++;
  return crossings / ((end - start) / sampleRate);
}

/** Integrated loudness and true peak as an independent meter (loudnorm's analysis) reads them. */
export async function loudnessOf(path: string): Promise<{ integrated: number; truePeak: number }> {
  const log = await ffmpegLog(['-i', path, '-af', 'loudnorm=print_format=json', '-f', 'null', '-']);
  const json = JSON.parse(/\{[^{}]*"input_i"[^{}]*\}/.exec(log)![0]) as Record<string, string>;
  return { integrated: Number(json.input_i), truePeak: Number(json.input_tp) };
}

/**
 * Median fundamental frequency (Hz) of the voiced 40 ms frames of the first channel, from the
 * autocorrelation peak between 70 and 500 Hz.
 */
export function medianPitch({ sampleRate, channels }: Samples): number {
  const channel = channels[0]!;
  const frame = Math.round(0.04 * sampleRate);
  const minLag = Math.floor(sampleRate / 500);
  const maxLag = Math.ceil(sampleRate / 70);
  const loudest = channel.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
  const pitches: number[] = [];
  for (let start = 0; start + frame + maxLag < channel.length; start += frame) {
    let energy = 0;
    for (let i = start; i < start + frame; i++) energy += channel[i]! ** 2;
    if (Math.sqrt(energy / frame) < loudest * 0.1) continue;
    let best = 0;
    let bestLag = 0;
    for (let lag = minLag; lag <= maxLag; lag++) {
      let sum = 0;
      for (let i = start; i < start + frame; i++) sum += channel[i]! * channel[i + lag]!;
      if (sum > best) [best, bestLag] = [sum, lag];
    }
    if (best / energy > 0.5) pitches.push(sampleRate / bestLag);
  }
  pitches.sort((a, b) => a - b);
  return pitches[Math.floor(pitches.length / 2)] ?? 0;
}

/**
 * Integrated loudness (LUFS) and true peak (dBTP) of a file's first sound track, read by an
 * independent meter: FFmpeg's ebur128 filter, from its summary.
 */
export async function ebur128(path: string): Promise<{ integrated: number; truePeak: number }> {
  const log = await ffmpegLog(['-i', path, '-map', '0:a:0', '-af', 'ebur128=peak=true', '-f', 'null', '-']);
  const summary = log.slice(log.lastIndexOf('Summary:'));
  const integrated = /Integrated loudness:\s*I:\s*(-?[\d.]+) LUFS/.exec(summary)?.[1];
  const peak = /True peak:\s*Peak:\s*(-?[\d.]+|-inf) dBFS/.exec(summary)?.[1];
  if (integrated === undefined || peak === undefined)
    throw new Error(`ebur128 printed no ${integrated === undefined ? 'integrated loudness' : 'true peak'}`);
  return { integrated: Number(integrated), truePeak: peak === '-inf' ? -Infinity : Number(peak) };
}
