import { writeFile } from 'node:fs/promises';
import { extname } from 'node:path';
import {
  SynthesizeSpeechCommand,
  type SynthesizeSpeechCommandInput,
  type VoiceId,
} from '@aws-sdk/client-polly';
import { aws } from '../../lib/aws/clients';
import { mp3Info } from '../media/mp3';
import { encodeWav } from '../media/wav';
import { engineConfig, type EngineConfig } from '../config';
import { EngineError } from '../types';
import type { SpeechEngine, SpeechRequest, SpeechResult, VisemeTiming, WordTiming } from './types';
import { parseSpeechMarks, pollyText, timingsFromMarks } from './polly-marks';
import { checkSpeechRequest } from './request';
import { chunkText, type TextChunk } from './text';
import { roundTime } from './timings';
import { chooseVoice, findVoice, listVoices, LOCAL_VOICES, POLLY_VOICES, type PollyVoice } from './voices';

/**
 * Amazon Polly: one SynthesizeSpeech call for the audio (MP3, or 16 kHz PCM wrapped as WAV when the
 * output path ends in .wav) and one for the word and viseme speech marks. Texts longer than a
 * request allows are sent in sentence-aligned parts, a few at a time, and joined.
 */

/** Polly bills and accepts at most 3 000 characters per request; the margin covers SSML markup. */
export const POLLY_PART_CHARS = 2_800;
const PCM_SAMPLE_RATE = 16_000;
const PARALLEL_PARTS = 3;

const RETRYABLE = new Set(['ThrottlingException', 'ServiceFailureException', 'TimeoutError', 'AbortError']);
const BAD_TEXT = new Set([
  'InvalidSsmlException',
  'TextLengthExceededException',
  'SsmlMarksNotSupportedForTextTypeException',
]);

/** Polly and network failures as engine errors a person can act on. */
export function pollyError(error: unknown, voice: PollyVoice, engine: string): EngineError {
  if (error instanceof EngineError) return error;
  const name = error instanceof Error ? error.name : '';
  const status = (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata
    ?.httpStatusCode;
  if (RETRYABLE.has(name) || (status !== undefined && status >= 500)) {
    return new EngineError(
      'provider_failed',
      'Amazon Polly is busy or unavailable right now. Please try again shortly.',
      true,
    );
  }
  if (BAD_TEXT.has(name)) {
    return new EngineError(
      'invalid_input',
      'Amazon Polly could not read this text. Remove unusual markup or shorten it.',
    );
  }
  if (name === 'EngineNotSupportedException' || name === 'LanguageNotSupportedException') {
    return new EngineError(
      'invalid_params',
      `The voice ${voice.name} is not available with the Polly ${engine} engine.`,
    );
  }
  const reason = error instanceof Error ? error.message : String(error);
  return new EngineError('provider_failed', `Amazon Polly could not synthesise the speech (${reason}).`);
}

interface Part {
  audio: Uint8Array;
  duration: number;
  sampleRate: number;
  words: WordTiming[];
  visemes: VisemeTiming[];
}

interface PartContext {
  voice: PollyVoice;
  rate: number;
  format: 'wav' | 'mp3';
  engine: EngineConfig['POLLY_ENGINE'];
}

async function send(input: SynthesizeSpeechCommandInput): Promise<Uint8Array> {
  const response = await aws.polly.send(new SynthesizeSpeechCommand(input), {
    abortSignal: AbortSignal.timeout(engineConfig().ENGINE_REQUEST_TIMEOUT_MS),
  });
  if (!response.AudioStream) throw new EngineError('provider_failed', 'Amazon Polly returned no audio.');
  return response.AudioStream.transformToByteArray();
}

async function synthesizePart(text: string, chunk: TextChunk, context: PartContext): Promise<Part> {
  const sent = pollyText(text.slice(chunk.start, chunk.end), context.rate);
  const base = {
    Engine: context.engine,
    VoiceId: context.voice.pollyId as VoiceId,
    Text: sent.text,
    TextType: sent.textType,
  };
  const [audio, marks] = await Promise.all([
    send(
      context.format === 'wav'
        ? { ...base, OutputFormat: 'pcm', SampleRate: String(PCM_SAMPLE_RATE) }
        : { ...base, OutputFormat: 'mp3' },
    ),
    send({ ...base, OutputFormat: 'json', SpeechMarkTypes: ['word', 'viseme'] }),
  ]);
  const { duration, sampleRate } =
    context.format === 'wav'
      ? { duration: audio.byteLength / 2 / PCM_SAMPLE_RATE, sampleRate: PCM_SAMPLE_RATE }
      : mp3Info(audio);
  const timings = timingsFromMarks(parseSpeechMarks(Buffer.from(marks).toString('utf8')), {
    sent,
    originalText: text,
    charOffset: chunk.start,
    offset: 0,
    duration,
  });
  return { audio, duration, sampleRate, ...timings };
}

/** Runs `work` over `items` with at most `limit` in flight; results keep the items' order. */
async function mapLimited<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Lays the parts end to end: their timings move by the audio before them. */
function joinParts(parts: Part[]): Pick<SpeechResult, 'duration' | 'words' | 'visemes'> {
  const joined: Pick<SpeechResult, 'duration' | 'words' | 'visemes'> = {
    duration: 0,
    words: [],
    visemes: [],
  };
  for (const part of parts) {
    const offset = joined.duration;
    joined.words.push(
      ...part.words.map((w) => ({
        ...w,
        start: roundTime(w.start + offset),
        end: roundTime(w.end + offset),
      })),
    );
    joined.visemes.push(...part.visemes.map((v) => ({ ...v, time: roundTime(v.time + offset) })));
    joined.duration += part.duration;
  }
  return joined;
}

async function save(path: string, parts: Part[], format: 'wav' | 'mp3'): Promise<void> {
  const audio = Buffer.concat(parts.map((part) => part.audio));
  try {
    await writeFile(
      path,
      format === 'wav' ? encodeWav(audio, { sampleRate: PCM_SAMPLE_RATE, channels: 1 }) : audio,
    );
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new EngineError('media_failed', `The speech audio could not be saved (${reason}).`);
  }
}

async function synthesize(request: SpeechRequest): Promise<SpeechResult> {
  const { text, rate } = checkSpeechRequest(request);
  const voice = findVoice(POLLY_VOICES, LOCAL_VOICES, request.voice);
  const engine = engineConfig().POLLY_ENGINE;
  const format = extname(request.outputPath).toLowerCase() === '.wav' ? 'wav' : 'mp3';
  const chunks = chunkText(text, { maxChars: POLLY_PART_CHARS, keepParagraphs: false });
  const parts = await mapLimited(chunks, PARALLEL_PARTS, (chunk) =>
    synthesizePart(text, chunk, { voice, rate, format, engine }).catch((error: unknown) => {
      throw pollyError(error, voice, engine);
    }),
  );
  await save(request.outputPath, parts, format);
  return { path: request.outputPath, format, sampleRate: parts[0]!.sampleRate, ...joinParts(parts) };
}

export function createPollySpeechEngine(): SpeechEngine {
  return {
    voices: (language) => listVoices(POLLY_VOICES, language),
    voiceFor: (choice) => chooseVoice(POLLY_VOICES, choice),
    synthesize,
  };
}
