import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ffmpegBinaries } from '../../../../functions/engine/media/ffmpeg';
import { expect } from 'vitest';
import type { ProbeResult } from '../../../../functions/engine/types';

/** Test fixtures made with the same FFmpeg the engine uses, and frame sampling for assertions. */
export function scratchDir(label: string) {
  const dir = mkdtempSync(join(tmpdir(), `bookstudio-${label}-test-`));
  return {
    dir,
    path: (name: string) => join(dir, name),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export function ffmpeg(args: string[]): Buffer {
  return execFileSync(ffmpegBinaries().ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...args], {
    maxBuffer: 64 * 1024 * 1024,
  });
}

export function tone(path: string, seconds: number, frequency = 440): string {
  ffmpeg(['-f', 'lavfi', '-i', `sine=f=${frequency}:d=${seconds}:r=48000`, '-ac', '2', path]);
  return path;
}

/** A solid-colour H.264/AAC clip (optionally without sound). */
export function colourClip(
  path: string,
  options: {
    colour: string;
    seconds: number;
    size?: string;
    fps?: number;
    frequency?: number;
    silent?: boolean;
  },
): string {
  const { colour, seconds, size = '320x180', fps = 30, frequency = 440 } = options;
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `color=${colour}:s=${size}:r=${fps}:d=${seconds}`,
    ...(options.silent ? [] : ['-f', 'lavfi', '-i', `sine=f=${frequency}:d=${seconds}:r=48000`]),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    ...(options.silent ? [] : ['-c:a', 'aac', '-ac', '2', '-shortest']),
    path,
  ]);
  return path;
}

/**
 * RGB pixels of one frame (optionally scaled to `scale` [w, h] first, then a crop x:y:w:h of it, so
 * films of different sizes compare at one size).
 */
export function frameAt(
  path: string,
  seconds: number,
  crop?: [number, number, number, number],
  scale?: [number, number],
): Uint8Array {
  const steps = [
    ...(scale ? [`scale=${scale[0]}:${scale[1]}`] : []),
    ...(crop ? [`crop=${crop[2]}:${crop[3]}:${crop[0]}:${crop[1]}`] : []),
  ];
  const filter = steps.length ? ['-vf', steps.join(',')] : [];
  return new Uint8Array(
    ffmpeg([
      '-ss',
      String(seconds),
      '-i',
      path,
      '-frames:v',
      '1',
      ...filter,
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-',
    ]),
  );
}

/** Every frame of a crop of the video, as one RGB buffer per frame. */
export function framesOf(path: string, crop: [number, number, number, number]): Uint8Array[] {
  const size = crop[2] * crop[3] * 3;
  const all = ffmpeg([
    '-i',
    path,
    '-vf',
    `crop=${crop[2]}:${crop[3]}:${crop[0]}:${crop[1]}`,
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    '-',
  ]);
  const frames: Uint8Array[] = [];
  for (let offset = 0; offset + size <= all.length; offset += size)
    frames.push(new Uint8Array(all.subarray(offset, offset + size)));
  return frames;
}

export function meanColour(pixels: Uint8Array): [number, number, number] {
  const sum = [0, 0, 0];
  for (let i = 0; i < pixels.length; i += 3) for (let c = 0; c < 3; c++) sum[c]! += pixels[i + c]!;
  const n = pixels.length / 3;
  return [sum[0]! / n, sum[1]! / n, sum[2]! / n];
}

export function meanDifference(a: Uint8Array, b: Uint8Array): number {
  let total = 0;
  for (let i = 0; i < a.length; i++) total += Math.abs(a[i]! - b[i]!);
  return total / a.length;
}

/** What Chromium plays: H.264/AAC in MP4 or VP9/Opus in WebM, 4:2:0 chroma. */
export function expectPlayable(probe: ProbeResult, kind: 'mp4' | 'webm' = 'mp4'): void {
  expect(probe.video).toMatchObject({ codec: kind === 'mp4' ? 'h264' : 'vp9', pixelFormat: 'yuv420p' });
  expect(probe.audio?.codec).toBe(kind === 'mp4' ? 'aac' : 'opus');
  expect(probe.formatName).toContain(kind === 'mp4' ? 'mp4' : 'webm');
}

/** Root mean square of the sound between two times (mono mix, 0–1). */
export function audioRms(path: string, from: number, to: number): number {
  const raw = ffmpeg([
    '-ss',
    String(from),
    '-t',
    String(to - from),
    '-i',
    path,
    '-ac',
    '1',
    '-ar',
    '16000',
    '-f',
    's16le',
    '-',
  ]);
  const samples = new Int16Array(
    raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.length - (raw.length % 2)),
  );
  let sum = 0;
  for (const s of samples) sum += (s / 32768) ** 2;
  return Math.sqrt(sum / Math.max(1, samples.length));
}

/** A solid-colour PNG. */
export function stillImage(path: string, colour: string, size = '320x180'): string {
  ffmpeg(['-f', 'lavfi', '-i', `color=${colour}:s=${size}`, '-frames:v', '1', path]);
  return path;
}

/** FFmpeg's test pattern as a still: detailed enough for camera motion to show. */
export function patternImage(path: string, size = '640x360'): string {
  ffmpeg(['-f', 'lavfi', '-i', `testsrc=s=${size}:d=1`, '-frames:v', '1', path]);
  return path;
}
