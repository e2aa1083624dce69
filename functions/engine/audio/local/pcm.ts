import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ffmpegBinaries } from '../../media/ffmpeg';
import { EngineError } from '../../types';
import { codecArgs, type AudioFormat } from './output';

/**
 * Raw PCM between FFmpeg and JavaScript: audio files decoded to interleaved 32-bit float samples at
 * one rate and channel count (a mix works on those), and float samples encoded to a file through
 * FFmpeg's standard input. Float all the way, so nothing clips before the mix is normalised.
 */
export interface Pcm {
  samples: Float32Array;
  channels: number;
  sampleRate: number;
}

/** Files decoded per FFmpeg process (many small ones: starting a process costs more than decoding). */
const DECODE_BATCH = 48;

const LOG_TAIL = 4000;

/** Runs FFmpeg, optionally writing `input` to its stdin, and resolves with its stdout. */
function run(args: string[], input?: Float32Array, timeoutMs = 600_000): Promise<Buffer> {
  const { ffmpeg } = ffmpegBinaries();
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', ...args], {
      stdio: [input ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    });
    const chunks: Buffer[] = [];
    let log = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout!.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr!.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-LOG_TAIL)));
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new EngineError('media_failed', `FFmpeg could not start: ${error.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) return resolve(Buffer.concat(chunks));
      const reason = signal ? `was stopped (${signal})` : `failed (exit ${code})`;
      reject(
        new EngineError('media_failed', `FFmpeg ${reason}: ${log.trim().split('\n').slice(-4).join(' | ')}`),
      );
    });
    if (input) {
      // A closed pipe (FFmpeg failed) is reported by 'close' with FFmpeg's own words.
      child.stdin!.on('error', () => undefined);
      child.stdin!.end(Buffer.from(input.buffer, input.byteOffset, input.byteLength));
    }
  });
}

/** Float samples of raw little-endian bytes (copied when the bytes are not 4-byte aligned). */
function floats(bytes: Buffer): Float32Array {
  const count = Math.floor(bytes.byteLength / 4);
  if (bytes.byteOffset % 4 === 0) return new Float32Array(bytes.buffer, bytes.byteOffset, count);
  const copy = new Float32Array(count);
  new Uint8Array(copy.buffer).set(bytes.subarray(0, count * 4));
  return copy;
}

const rawOutput = (channels: number, sampleRate: number) => [
  '-ac',
  String(channels),
  '-ar',
  String(sampleRate),
  '-c:a',
  'pcm_f32le',
  '-f',
  'f32le',
];

/**
 * Decodes files to raw float PCM files at one rate and channel count (answered by path, to be read
 * with `readRaw` one at a time): each distinct path once, many files per FFmpeg process and two
 * processes side by side (one per core). Rejects when a file is not audio.
 */
export async function decodeFiles(
  paths: string[],
  workDir: string,
  format: { channels: number; sampleRate: number },
): Promise<Map<string, string>> {
  const distinct = [...new Set(paths)];
  const batches: string[][] = [];
  const perBatch = Math.min(DECODE_BATCH, Math.max(4, Math.ceil(distinct.length / 2)));
  for (let i = 0; i < distinct.length; i += perBatch) batches.push(distinct.slice(i, i + perBatch));
  const decoded = new Map<string, string>();
  await Promise.all(
    batches.map(async (batch, b) => {
      const outputs = batch.map((_, i) => join(workDir, `decoded-${b}-${i}.f32`));
      await run([
        ...batch.flatMap((path) => ['-i', path]),
        ...batch.flatMap((_, i) => [
          '-map',
          `${i}:a:0`,
          ...rawOutput(format.channels, format.sampleRate),
          outputs[i]!,
        ]),
      ]);
      batch.forEach((path, i) => decoded.set(path, outputs[i]!));
    }),
  );
  return decoded;
}

/** The samples of a raw float file written by `decodeFiles`. */
export const readRaw = async (path: string): Promise<Float32Array> => floats(await readFile(path));

/** Decodes one file to float PCM (through a raw file in `workDir`: a pipe reads slower). */
export async function decodeToMemory(
  path: string,
  workDir: string,
  format: { channels: number; sampleRate: number },
): Promise<Float32Array> {
  const raw = join(workDir, 'readback.f32');
  await run(['-i', path, '-map', '0:a:0', ...rawOutput(format.channels, format.sampleRate), raw]);
  return readRaw(raw);
}

/** Encodes interleaved float samples to `path` in `format`. */
export async function encodePcm(pcm: Pcm, format: AudioFormat, path: string): Promise<void> {
  await encodeSamples(pcm, [...codecArgs(format), path]);
}

/**
 * Encodes interleaved float samples (FFmpeg's input 0, from its standard input) with the rest of the
 * command line given: more inputs, maps, codecs and the output.
 */
export async function encodeSamples(pcm: Pcm, rest: string[]): Promise<void> {
  await run(
    ['-f', 'f32le', '-ar', String(pcm.sampleRate), '-ac', String(pcm.channels), '-i', 'pipe:0', ...rest],
    pcm.samples,
  );
}
