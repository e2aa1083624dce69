/**
 * Speech from an OpenAI-compatible server (OpenAI itself, or Kokoro-FastAPI, openedai-speech, LocalAI
 * and other servers that speak `/v1/audio/speech`). Such servers send audio only, so the word timings
 * subtitles and lip-sync need are estimated from the audio (align.ts) and the result says so
 * (`timings: 'aligned'`). Texts longer than one request takes are sent in sentence-aligned parts.
 */
import { DEFAULT_OPENAI_TTS_MODEL, engineConfig } from '../config';
import type { ModelServer } from '../model-errors';
import { callModel, type RetryPolicy } from '../model-http';
import { alignWords } from './align';
import { decodeSpeech, writeParts, type SpokenPart } from './model-speech';
import { checkSpeechRequest } from './request';
import { chunkText, tokenizeWords } from './text';
import type { SpeechEngine, SpeechRequest, SpeechResult } from './types';
import {
  chooseVoice,
  findVoice,
  listVoices,
  LOCAL_VOICES,
  POLLY_VOICES,
  type CatalogueVoice,
} from './voices';

export interface OpenAISpeechOptions {
  baseUrl?: string;
  apiKey?: string;
  model?: string;
  retry?: Partial<RetryPolicy>;
}

/** OpenAI takes at most 4 096 characters per request. */
const PART_CHARS = 4000;

export interface OpenAIVoice extends CatalogueVoice {
  /** The `voice` parameter. */
  openai: string;
}

type Persona = Pick<CatalogueVoice, 'gender' | 'style' | 'description'> & { name: string };

/**
 * OpenAI's voices (Kokoro-FastAPI and openedai-speech accept the same names). They speak every
 * language, so each is listed under each of the product's languages. The narration styles mark the
 * voices a narrator is chosen from; characters are chosen among all of them by sex and seed.
 */
// prettier-ignore
const PERSONAS: Persona[] = [
  { name: 'onyx', gender: 'male', style: 'warm', description: 'Deep, unhurried male voice' },
  { name: 'sage', gender: 'female', style: 'warm', description: 'Calm, mellow female voice' },
  { name: 'nova', gender: 'female', style: 'clear', description: 'Bright, clear female voice' },
  { name: 'echo', gender: 'male', style: 'clear', description: 'Even, clear male voice' },
  { name: 'coral', gender: 'female', style: 'conversational', description: 'Warm, friendly female voice' },
  { name: 'ash', gender: 'male', style: 'conversational', description: 'Relaxed, natural male voice' },
  { name: 'shimmer', gender: 'female', style: 'expressive', description: 'Lively, expressive female voice' },
  { name: 'ballad', gender: 'male', style: 'expressive', description: 'Soft, expressive male voice' },
  { name: 'fable', gender: 'male', description: 'Storyteller with a British lilt' },
  { name: 'verse', gender: 'male', description: 'Versatile, animated male voice' },
  { name: 'alloy', gender: 'neutral', description: 'Balanced, androgynous voice' },
];

const LANGUAGES = [...new Set(LOCAL_VOICES.map((voice) => voice.language))];

export const OPENAI_VOICES: readonly OpenAIVoice[] = LANGUAGES.flatMap((language) =>
  PERSONAS.map(({ name, gender, style, description }) => ({
    id: `openai:${language}:${name}`,
    name: name.charAt(0).toUpperCase() + name.slice(1),
    language,
    gender,
    role: 'character' as const,
    ...(style ? { style } : {}),
    description: `${description}.`,
    openai: name,
  })),
);

interface Settings {
  server: ModelServer;
  apiKey?: string;
  policy: RetryPolicy;
}

export function createOpenAISpeechEngine(options: OpenAISpeechOptions = {}): SpeechEngine {
  const config = engineConfig();
  const model = options.model ?? config.OPENAI_TTS_MODEL ?? DEFAULT_OPENAI_TTS_MODEL;
  const settings: Settings = {
    server: {
      label: 'speech model',
      kind: 'speech',
      baseUrl: (options.baseUrl ?? config.OPENAI_BASE_URL).replace(/\/+$/, ''),
      model,
      settings: {
        key: 'OPENAI_API_KEY',
        url: 'OPENAI_BASE_URL',
        model: 'OPENAI_TTS_MODEL',
        timeout: 'OPENAI_TIMEOUT_MS',
      },
    },
    apiKey: options.apiKey ?? config.OPENAI_API_KEY,
    policy: { timeoutMs: config.OPENAI_TIMEOUT_MS ?? config.ENGINE_REQUEST_TIMEOUT_MS, ...options.retry },
  };
  return {
    voices: (language) => listVoices(OPENAI_VOICES, language),
    voiceFor: (choice) => chooseVoice(OPENAI_VOICES, choice),
    synthesize: (request) => synthesize(settings, request),
  };
}

async function synthesize(settings: Settings, request: SpeechRequest): Promise<SpeechResult> {
  const { text, rate } = checkSpeechRequest(request);
  const voice = findVoice(OPENAI_VOICES, [...LOCAL_VOICES, ...POLLY_VOICES], request.voice);
  const parts: SpokenPart[] = [];
  // One part after another: the first part's sample rate is asked of the rest.
  for (const chunk of chunkText(text, { maxChars: PART_CHARS, keepParagraphs: false })) {
    const piece = text.slice(chunk.start, chunk.end);
    const response = await callModel(settings.server, settings.policy, {
      path: '/audio/speech',
      headers: {
        'content-type': 'application/json',
        ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
      },
      body: () =>
        JSON.stringify({
          model: settings.server.model,
          input: piece,
          voice: voice.openai,
          response_format: 'wav',
          // OpenAI's newest model ignores speed; sent only when asked for, as older servers reject it.
          ...(rate !== 1 ? { speed: rate } : {}),
        }),
    });
    const audio = await decodeSpeech(response.body, parts[0]?.sampleRate);
    const words = alignWords(audio.samples, audio.sampleRate, piece, tokenizeWords(piece)).map((word) => ({
      ...word,
      charStart: word.charStart + chunk.start,
      charEnd: word.charEnd + chunk.start,
    }));
    parts.push({ ...audio, words });
  }
  return writeParts(request.outputPath, parts, 'aligned');
}
