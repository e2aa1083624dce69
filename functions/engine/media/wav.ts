import { open, rm, type FileHandle } from 'node:fs/promises';
import { EngineError } from '../types';

/**
 * 16-bit PCM WAV files: written in pieces (long narration and music never sit in memory as one
 * buffer), and read back for analysis. Samples are little-endian, as on every platform we run on.
 */
export interface PcmFormat {
  sampleRate: number;
  channels: number;
}

const HEADER_BYTES = 44;

/** 16-bit integer samples (the default) or 32-bit float ones. */
export type SampleEncoding = 'pcm16' | 'float32';

export function wavHeader(format: PcmFormat, dataBytes: number, encoding: SampleEncoding = 'pcm16'): Buffer {
  const header = Buffer.alloc(HEADER_BYTES);
  const bytesPerSample = encoding === 'float32' ? 4 : 2;
  const blockAlign = format.channels * bytesPerSample;
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(encoding === 'float32' ? 3 : 1, 20);
  header.writeUInt16LE(format.channels, 22);
  header.writeUInt32LE(format.sampleRate, 24);
  header.writeUInt32LE(format.sampleRate * blockAlign, 28);
  header.writeUInt16LE(blockAlign, 32);
  header.writeUInt16LE(8 * bytesPerSample, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

const bytesOf = (samples: Int16Array | Uint8Array) =>
  Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);

/** A WAV file of 16-bit samples (or of their raw little-endian bytes). */
export function encodeWav(samples: Int16Array | Uint8Array, format: PcmFormat): Buffer {
  return Buffer.concat([wavHeader(format, samples.byteLength), bytesOf(samples)]);
}

/** Appends interleaved samples to a WAV file and fills in the header when closed. */
export class WavWriter {
  private dataBytes = 0;

  private constructor(
    private readonly file: FileHandle,
    readonly format: PcmFormat,
    readonly path: string,
  ) {}

  static async create(path: string, format: PcmFormat): Promise<WavWriter> {
    try {
      const file = await open(path, 'w');
      await file.write(wavHeader(format, 0));
      return new WavWriter(file, format, path);
    } catch (error) {
      throw writeFailed(path, error);
    }
  }

  /** Frames written so far. */
  get frames(): number {
    return this.dataBytes / (2 * this.format.channels);
  }

  async write(samples: Int16Array): Promise<void> {
    try {
      await this.file.write(bytesOf(samples));
      this.dataBytes += samples.byteLength;
    } catch (error) {
      await this.file.close().catch(() => undefined);
      throw writeFailed(this.path, error);
    }
  }

  async writeSilence(seconds: number): Promise<void> {
    await this.write(new Int16Array(Math.round(seconds * this.format.sampleRate) * this.format.channels));
  }

  /** Closes and deletes an unfinished file (after a failure part-way). */
  async discard(): Promise<void> {
    await this.file.close().catch(() => undefined);
    await rm(this.path, { force: true });
  }

  /** Finishes the file; returns its duration in seconds. */
  async close(): Promise<number> {
    try {
      await this.file.write(wavHeader(this.format, this.dataBytes), 0, HEADER_BYTES, 0);
      await this.file.close();
    } catch (error) {
      throw writeFailed(this.path, error);
    }
    return this.frames / this.format.sampleRate;
  }
}

function writeFailed(path: string, error: unknown): EngineError {
  const reason = error instanceof Error ? error.message : String(error);
  return new EngineError('media_failed', `The audio file ${path} could not be written (${reason}).`);
}

export interface DecodedWav {
  format: PcmFormat;
  /** Interleaved 16-bit samples. */
  samples: Int16Array;
}

/** Reads a 16-bit PCM WAV held in memory (chunks other than fmt and data are skipped). */
export function decodeWav(bytes: Buffer): DecodedWav {
  if (bytes.toString('ascii', 0, 4) !== 'RIFF' || bytes.toString('ascii', 8, 12) !== 'WAVE') {
    throw new EngineError('invalid_input', 'The audio is not a WAV file.');
  }
  let format: PcmFormat | undefined;
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('ascii', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      if (bytes.readUInt16LE(body) !== 1 || bytes.readUInt16LE(body + 14) !== 16) {
        throw new EngineError('invalid_input', 'Only 16-bit PCM WAV audio can be read.');
      }
      format = { channels: bytes.readUInt16LE(body + 2), sampleRate: bytes.readUInt32LE(body + 4) };
    } else if (id === 'data' && format) {
      const end = Math.min(bytes.length, body + size);
      const copy = new Uint8Array(bytes.subarray(body, end - ((end - body) % 2)));
      return { format, samples: new Int16Array(copy.buffer) };
    }
    offset = body + size + (size % 2);
  }
  throw new EngineError('invalid_input', 'The WAV file has no audio data.');
}

/** A 16-bit sample value from a scaled float, rounded and clipped. */
export const toSample = (value: number) => Math.max(-32768, Math.min(32767, Math.round(value)));

/** Float samples (nominally −1…1) to 16-bit, clipped. */
export function toInt16(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = toSample(samples[i]! * 32767);
  return out;
}

/**
 * Duration of a PCM WAV file from its header alone (no decoding, no FFmpeg process), or null when
 * the header does not say (streamed WAVs with unknown sizes, other formats).
 */
export async function wavDuration(path: string): Promise<number | null> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    if (bytesRead < 12 || head.toString('ascii', 0, 4) !== 'RIFF' || head.toString('ascii', 8, 12) !== 'WAVE')
      return null;
    let bytesPerSecond = 0;
    let offset = 12;
    while (offset + 8 <= bytesRead) {
      const id = head.toString('ascii', offset, offset + 4);
      const size = head.readUInt32LE(offset + 4);
      if (id === 'fmt ') bytesPerSecond = head.readUInt32LE(offset + 16);
      else if (id === 'data')
        return bytesPerSecond > 0 && size > 0 && size < 0xffffffff ? size / bytesPerSecond : null;
      offset += 8 + size + (size % 2);
    }
    return null;
  } finally {
    await handle.close();
  }
}
