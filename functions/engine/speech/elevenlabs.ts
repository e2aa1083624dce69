/**
 * Speech from ElevenLabs (ELEVENLABS_API_KEY, sent as `xi-api-key`). Each text part goes to
 * `/v1/text-to-speech/{voice_id}/with-timestamps`, whose character alignment gives the word timings
 * (`timings: 'provider'`); a server without that route (a 404, remembered) is asked through the plain
 * route and the timings are estimated from the audio (`'aligned'`). Audio is asked as 24 kHz PCM,
 * which every plan may use.
 *
 * The product's voices are personas (a warm male narrator, an old woman…); the account's voices,
 * listed once from `/v1/voices`, are matched to them by their labels (gender, age, use case), so a
 * cloned or library voice with fitting labels is used as readily as a premade one. The spec's voice
 * models choose the ElevenLabs model: narrator → eleven_multilingual_v2, conversational →
 * eleven_flash_v2_5, expressive → eleven_v3; it travels in the voice id after an `@`.
 */
import { engineConfig } from '../config';
import type { ModelServer } from '../model-errors';
import { modelBadAnswerError, modelHttpError } from '../model-errors';
import { callModel, type RetryPolicy } from '../model-http';
import { hashString } from '../random';
import { EngineError } from '../types';
import { alignWords } from './align';
import { decodeSpeech, pcmSamples, writeParts, type Mono, type SpokenPart } from './model-speech';
import { checkSpeechRequest } from './request';
import { roundTime } from './timings';
import { chunkText, tokenizeWords } from './text';
import type { SpeechEngine, SpeechRequest, SpeechResult, VoiceModel, WordTiming } from './types';
import {
  chooseVoice,
  findVoice,
  listVoices,
  LOCAL_VOICES,
  POLLY_VOICES,
  type CatalogueVoice,
} from './voices';

export interface ElevenLabsOptions {
  baseUrl?: string;
  apiKey?: string;
  retry?: Partial<RetryPolicy>;
}

/** The spec's voice models as ElevenLabs models (others speak with the first). */
export const ELEVENLABS_MODELS: Partial<Record<VoiceModel, string>> = {
  elevenlabs_narrator: 'eleven_multilingual_v2',
  elevenlabs_conversational: 'eleven_flash_v2_5',
  elevenlabs_expressive: 'eleven_v3',
};
const DEFAULT_MODEL = 'eleven_multilingual_v2';
/** Free plans take 2 500 characters per request. */
const PART_CHARS = 2500;
const SAMPLE_RATE = 24_000;
/** ElevenLabs' speed setting reaches from 0.7 to 1.2. */
const clampSpeed = (rate: number) => Math.min(1.2, Math.max(0.7, rate));

type Age = 'young' | 'middle aged' | 'old';
interface Persona {
  key: string;
  name: string;
  gender: CatalogueVoice['gender'];
  role: CatalogueVoice['role'];
  style?: CatalogueVoice['style'];
  age: Age;
  description: string;
}

// prettier-ignore
const PERSONAS: Persona[] = [
  { key: 'narrator-warm', name: 'Warm narrator', gender: 'male', role: 'narrator', style: 'warm', age: 'middle aged', description: 'Warm, unhurried storyteller' },
  { key: 'narrator-warm-female', name: 'Warm narrator (female)', gender: 'female', role: 'narrator', style: 'warm', age: 'middle aged', description: 'Warm, unhurried storyteller' },
  { key: 'narrator-clear', name: 'Clear narrator', gender: 'female', role: 'narrator', style: 'clear', age: 'young', description: 'Even, precise voice for lessons' },
  { key: 'narrator-clear-male', name: 'Clear narrator (male)', gender: 'male', role: 'narrator', style: 'clear', age: 'young', description: 'Even, precise voice for lessons' },
  { key: 'narrator-conversational', name: 'Conversational narrator', gender: 'female', role: 'narrator', style: 'conversational', age: 'young', description: 'Natural, lively voice' },
  { key: 'narrator-conversational-male', name: 'Conversational narrator (male)', gender: 'male', role: 'narrator', style: 'conversational', age: 'middle aged', description: 'Natural, lively voice' },
  { key: 'narrator-expressive', name: 'Expressive narrator', gender: 'female', role: 'narrator', style: 'expressive', age: 'young', description: 'Wide-ranging, dramatic reading voice' },
  { key: 'narrator-expressive-male', name: 'Expressive narrator (male)', gender: 'male', role: 'narrator', style: 'expressive', age: 'middle aged', description: 'Wide-ranging, dramatic reading voice' },
  { key: 'character-heroine', name: 'Young woman', gender: 'female', role: 'character', age: 'young', description: 'Young woman' },
  { key: 'character-matron', name: 'Woman', gender: 'female', role: 'character', age: 'middle aged', description: 'Mature woman' },
  { key: 'character-grandmother', name: 'Old woman', gender: 'female', role: 'character', age: 'old', description: 'Elderly woman' },
  { key: 'character-hero', name: 'Young man', gender: 'male', role: 'character', age: 'young', description: 'Young man' },
  { key: 'character-baritone', name: 'Man', gender: 'male', role: 'character', age: 'middle aged', description: 'Mature man' },
  { key: 'character-grandfather', name: 'Old man', gender: 'male', role: 'character', age: 'old', description: 'Elderly man' },
  { key: 'character-neutral', name: 'Neutral voice', gender: 'neutral', role: 'character', age: 'middle aged', description: 'Even, androgynous voice' },
];

export interface ElevenLabsVoice extends CatalogueVoice {
  persona: Persona;
}

const LANGUAGES = [...new Set(LOCAL_VOICES.map((voice) => voice.language))];
export const ELEVENLABS_VOICES: readonly ElevenLabsVoice[] = LANGUAGES.flatMap((language) =>
  PERSONAS.map((persona) => ({
    id: `elevenlabs:${language}:${persona.key}`,
    name: persona.name,
    language,
    gender: persona.gender,
    role: persona.role,
    ...(persona.style ? { style: persona.style } : {}),
    description: `${persona.description} (matched to a voice of your ElevenLabs account).`,
    persona,
  })),
);

/** A voice of the account, as `/v1/voices` lists it. */
interface AccountVoice {
  voice_id: string;
  name?: string;
  labels?: Record<string, string | undefined>;
}

interface Settings {
  server: ModelServer;
  apiKey: string;
  policy: RetryPolicy;
}

/** Servers (base URL) without `/with-timestamps`: asked through the plain route. */
const noTimestamps = new Set<string>();

export function createElevenLabsSpeechEngine(options: ElevenLabsOptions = {}): SpeechEngine {
  const config = engineConfig();
  const apiKey = options.apiKey ?? config.ELEVENLABS_API_KEY ?? '';
  const settings: Settings = {
    server: {
      label: 'ElevenLabs voice service',
      kind: 'speech',
      baseUrl: (options.baseUrl ?? config.ELEVENLABS_BASE_URL).replace(/\/+$/, ''),
      settings: {
        key: 'ELEVENLABS_API_KEY',
        url: 'ELEVENLABS_BASE_URL',
        timeout: 'ENGINE_REQUEST_TIMEOUT_MS',
      },
    },
    apiKey,
    policy: { timeoutMs: config.ENGINE_REQUEST_TIMEOUT_MS, ...options.retry },
  };
  let account: Promise<AccountVoice[]> | undefined;
  const accountVoices = () => {
    account ??= listAccountVoices(settings).catch((error: unknown) => {
      account = undefined;
      throw error;
    });
    return account;
  };
  return {
    voices: (language) => listVoices(ELEVENLABS_VOICES, language),
    voiceFor: (choice) => {
      const id = chooseVoice(ELEVENLABS_VOICES, choice);
      const named = choice.model ?? choice.style;
      const model = (named && ELEVENLABS_MODELS[named]) ?? DEFAULT_MODEL;
      return model === DEFAULT_MODEL ? id : `${id}@${model}`;
    },
    synthesize: async (request) => synthesize(settings, request, await accountVoices()),
  };
}

function headers(settings: Settings): Record<string, string> {
  return { 'xi-api-key': settings.apiKey, 'content-type': 'application/json', accept: 'application/json' };
}

async function listAccountVoices(settings: Settings): Promise<AccountVoice[]> {
  const response = await callModel(settings.server, settings.policy, {
    method: 'GET',
    path: '/v1/voices',
    headers: headers(settings),
  });
  let voices: unknown;
  try {
    voices = (JSON.parse(response.body.toString('utf8')) as { voices?: unknown }).voices;
  } catch {
    voices = undefined;
  }
  if (!Array.isArray(voices) || !voices.length) {
    throw modelBadAnswerError(settings.server, 'the account lists no voices');
  }
  return voices.filter((voice): voice is AccountVoice => typeof voice?.voice_id === 'string');
}

/** The account's voice closest to a persona: gender, then age, then use case; the persona's hash breaks ties. */
export function matchAccountVoice(persona: Persona, voices: AccountVoice[]): AccountVoice {
  const score = (voice: AccountVoice) => {
    const labels = voice.labels ?? {};
    const gender = labels.gender?.toLowerCase();
    const age = labels.age?.toLowerCase().replace('_', ' ');
    const use = `${labels.use_case ?? labels.use ?? ''} ${labels.description ?? ''}`.toLowerCase();
    const wantsNarration = persona.role === 'narrator';
    return (
      (persona.gender === 'neutral'
        ? gender === 'neutral' || gender === 'non-binary'
          ? 4
          : 0
        : gender === persona.gender
          ? 4
          : 0) +
      (age === persona.age ? 2 : 0) +
      (wantsNarration
        ? /narrat|audiobook|news/.test(use)
          ? 1
          : 0
        : /character|conversation|anima/.test(use)
          ? 1
          : 0)
    );
  };
  const ranked = [...voices].sort(
    (a, b) =>
      score(b) - score(a) ||
      hashString(`${persona.key}:${a.voice_id}`) - hashString(`${persona.key}:${b.voice_id}`),
  );
  return ranked[0]!;
}

async function synthesize(
  settings: Settings,
  request: SpeechRequest,
  account: AccountVoice[],
): Promise<SpeechResult> {
  const [id, model = DEFAULT_MODEL] = request.voice.split('@') as [string, string | undefined];
  const { text, rate } = checkSpeechRequest({ ...request, voice: id });
  const voice = findVoice(ELEVENLABS_VOICES, [...LOCAL_VOICES, ...POLLY_VOICES], id);
  const voiceId = matchAccountVoice(voice.persona, account).voice_id;
  const parts: (SpokenPart & { provider: boolean })[] = [];
  for (const chunk of chunkText(text, { maxChars: PART_CHARS, keepParagraphs: false })) {
    const piece = text.slice(chunk.start, chunk.end);
    const spoken = await speakPart(settings, { voiceId, model, rate, piece });
    parts.push({
      ...spoken,
      words: spoken.words.map((word) => ({
        ...word,
        charStart: word.charStart + chunk.start,
        charEnd: word.charEnd + chunk.start,
      })),
    });
  }
  return writeParts(request.outputPath, parts, parts.every((part) => part.provider) ? 'provider' : 'aligned');
}

async function speakPart(
  settings: Settings,
  input: { voiceId: string; model: string; rate: number; piece: string },
): Promise<SpokenPart & { provider: boolean }> {
  const body = () =>
    JSON.stringify({
      text: input.piece,
      model_id: input.model,
      ...(input.rate !== 1 ? { voice_settings: { speed: clampSpeed(input.rate) } } : {}),
    });
  const route = `/v1/text-to-speech/${encodeURIComponent(input.voiceId)}`;
  const query = `?output_format=pcm_${SAMPLE_RATE}`;
  const tokens = tokenizeWords(input.piece);
  if (!noTimestamps.has(settings.server.baseUrl)) {
    const response = await callModel(settings.server, settings.policy, {
      path: `${route}/with-timestamps${query}`,
      headers: headers(settings),
      body,
      passThrough: (status) => status === 404 || status === 405,
    });
    if (response.status < 300) {
      const { audio, words } = await readTimestamped(settings, response.body, input.piece, tokens);
      return {
        ...audio,
        words: words ?? alignWords(audio.samples, audio.sampleRate, input.piece, tokens),
        provider: Boolean(words),
      };
    }
    if (/voice/i.test(response.body.toString('utf8'))) throw unknownVoice(input.voiceId);
    noTimestamps.add(settings.server.baseUrl);
  }
  const response = await callModel(settings.server, settings.policy, {
    path: `${route}${query}`,
    headers: { ...headers(settings), accept: 'audio/*' },
    body,
    passThrough: (status) => status === 404,
  });
  if (response.status === 404) {
    throw /voice/i.test(response.body.toString('utf8'))
      ? unknownVoice(input.voiceId)
      : modelHttpError(settings.server, 404, response.body.toString('utf8'));
  }
  const audio = await audioOf(response.body);
  return {
    ...audio,
    words: alignWords(audio.samples, audio.sampleRate, input.piece, tokens),
    provider: false,
  };
}

function unknownVoice(voiceId: string): EngineError {
  return new EngineError(
    'provider_failed',
    `ElevenLabs has no voice ${voiceId} in this account (404). Check ELEVENLABS_API_KEY: the voices are listed from the account it belongs to.`,
    false,
    { failure: 'refused' },
  );
}

/** PCM as asked, or a WAV or MP3 from a server that answers in its own format. */
async function audioOf(bytes: Buffer): Promise<Mono> {
  const head = bytes.subarray(0, 4).toString('latin1');
  const encoded =
    head === 'RIFF' || head.startsWith('ID3') || (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0);
  return encoded ? decodeSpeech(bytes) : { samples: pcmSamples(bytes), sampleRate: SAMPLE_RATE };
}

interface Alignment {
  characters?: unknown;
  character_start_times_seconds?: unknown;
  character_end_times_seconds?: unknown;
}

async function readTimestamped(
  settings: Settings,
  body: Buffer,
  piece: string,
  tokens: ReturnType<typeof tokenizeWords>,
): Promise<{ audio: Mono; words?: WordTiming[] }> {
  let answer: { audio_base64?: unknown; alignment?: Alignment | null };
  try {
    answer = JSON.parse(body.toString('utf8')) as typeof answer;
  } catch {
    throw modelBadAnswerError(settings.server, 'the timestamped answer is not JSON');
  }
  if (typeof answer.audio_base64 !== 'string' || !answer.audio_base64) {
    throw modelBadAnswerError(settings.server, 'the timestamped answer holds no audio');
  }
  const audio = await audioOf(Buffer.from(answer.audio_base64, 'base64'));
  return { audio, words: wordsFromAlignment(answer.alignment, piece, tokens) };
}

/**
 * Word timings from ElevenLabs' character alignment, when its characters spell the text that was
 * sent (then offsets match); undefined otherwise, and the audio is aligned instead.
 */
export function wordsFromAlignment(
  alignment: Alignment | null | undefined,
  piece: string,
  tokens: ReturnType<typeof tokenizeWords>,
): WordTiming[] | undefined {
  const characters = alignment?.characters;
  const starts = alignment?.character_start_times_seconds;
  const ends = alignment?.character_end_times_seconds;
  if (!Array.isArray(characters) || !Array.isArray(starts) || !Array.isArray(ends)) return undefined;
  if (
    characters.join('') !== piece ||
    starts.length !== characters.length ||
    ends.length !== characters.length
  ) {
    return undefined;
  }
  // Offsets of each alignment entry in the text (an entry may be a surrogate pair).
  const offsets: number[] = [];
  let offset = 0;
  for (const character of characters as string[]) {
    offsets.push(offset);
    offset += character.length;
  }
  let entry = 0;
  return tokens.map((token) => {
    while (entry < offsets.length - 1 && offsets[entry + 1]! <= token.charStart) entry++;
    let last = entry;
    while (last < offsets.length - 1 && offsets[last + 1]! < token.charEnd) last++;
    return {
      word: token.word,
      start: roundTime(Number(starts[entry])),
      end: roundTime(Math.max(Number(starts[entry]), Number(ends[last]))),
      charStart: token.charStart,
      charEnd: token.charEnd,
    };
  });
}
