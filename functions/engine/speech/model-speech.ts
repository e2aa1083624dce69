/**
 * What the speech providers reached over HTTP share: reading the audio a server sent (WAV, raw
 * 16-bit PCM, or anything FFmpeg decodes, such as MP3) as mono samples, and laying the parts of a
 * long text end to end in one WAV with their word timings and visemes.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runFfmpeg } from '../media/ffmpeg';
import { withTempDir } from '../media/temp';
import { decodeWav, WavWriter } from '../media/wav';
import { EngineError } from '../types';
import { visemesFromWords } from './align';
import { roundTime } from './timings';
import type { SpeechResult, VisemeTiming, WordTiming } from './types';

export interface Mono {
  samples: Int16Array;
  sampleRate: number;
}

const isWav = (bytes: Buffer) =>
  bytes.length > 44 && bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WAVE';

/** Mono samples of a speech answer at `sampleRate` (the answer's own rate when not given). */
export async function decodeSpeech(bytes: Buffer, sampleRate?: number): Promise<Mono> {
  if (isWav(bytes)) {
    try {
      const { format, samples } = decodeWav(bytes);
      if (samples.length && (!sampleRate || format.sampleRate === sampleRate)) {
        return { samples: downmix(samples, format.channels), sampleRate: format.sampleRate };
      }
    } catch {
      // Float or 24-bit WAV: FFmpeg reads it.
    }
  }
  return withTempDir('speech-decode', async (dir) => {
    const input = join(dir, 'answer');
    const output = join(dir, 'decoded.wav');
    await writeFile(input, bytes);
    try {
      await runFfmpeg([
        '-i',
        input,
        '-ac',
        '1',
        ...(sampleRate ? ['-ar', String(sampleRate)] : []),
        '-c:a',
        'pcm_s16le',
        output,
      ]);
    } catch {
      throw new EngineError(
        'provider_failed',
        'The speech service answered with audio that cannot be read.',
        false,
        { failure: 'bad_answer' },
      );
    }
    const { format, samples } = decodeWav(await readFile(output));
    return { samples, sampleRate: format.sampleRate };
  });
}

/** Raw little-endian 16-bit mono PCM (ElevenLabs' pcm_* formats). */
export function pcmSamples(bytes: Buffer): Int16Array {
  const even = bytes.subarray(0, bytes.length - (bytes.length % 2));
  return new Int16Array(new Uint8Array(even).buffer);
}

function downmix(samples: Int16Array, channels: number): Int16Array {
  if (channels <= 1) return samples;
  const out = new Int16Array(Math.floor(samples.length / channels));
  for (let i = 0; i < out.length; i++) {
    let sum = 0;
    for (let c = 0; c < channels; c++) sum += samples[i * channels + c]!;
    out[i] = Math.round(sum / channels);
  }
  return out;
}

/** One synthesised part: its audio, and word timings relative to its start (offsets into the whole text). */
export interface SpokenPart extends Mono {
  words: WordTiming[];
  /** Visemes when the provider gave phonemes; else they are made from the words' spelling. */
  visemes?: VisemeTiming[];
}

/** The parts, end to end, in one WAV at `outputPath`, with their timings shifted to match. */
export async function writeParts(
  outputPath: string,
  parts: SpokenPart[],
  timings: NonNullable<SpeechResult['timings']>,
): Promise<SpeechResult> {
  const sampleRate = parts[0]!.sampleRate;
  const wav = await WavWriter.create(outputPath, { sampleRate, channels: 1 });
  const words: WordTiming[] = [];
  const visemes: VisemeTiming[] = [];
  try {
    for (const part of parts) {
      const offset = wav.frames / sampleRate;
      const shifted = part.words.map((w) => ({
        ...w,
        start: roundTime(w.start + offset),
        end: roundTime(w.end + offset),
      }));
      words.push(...shifted);
      visemes.push(
        ...(part.visemes?.map((v) => ({ ...v, time: roundTime(v.time + offset) })) ??
          visemesFromWords(shifted)),
      );
      await wav.write(part.samples);
    }
  } catch (error) {
    await wav.discard();
    throw error;
  }
  const duration = await wav.close();
  return { path: outputPath, format: 'wav', sampleRate, duration, words, visemes, timings };
}
