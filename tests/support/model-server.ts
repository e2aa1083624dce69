/**
 * A stand-in model server on loopback for the bring-your-own-model providers: it speaks OpenAI's
 * chat, images (generations and edits) and speech routes and ElevenLabs' text-to-speech (plain and
 * with timestamps) and voices routes, answers with media it makes (a PNG it draws at the size asked,
 * a WAV it synthesises word by word, whose true word timings it keeps), records every request with
 * its headers, and fails on demand (401, 429 with Retry-After, 500, a slow answer).
 *
 * OpenAI's routes live under `${origin}/v1` (the OPENAI_BASE_URL), ElevenLabs' under `${origin}`
 * (the ELEVENLABS_BASE_URL, whose paths begin with /v1).
 */
import { execFile } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import busboy from 'busboy';
import sharp from 'sharp';
import { encodeWav } from '../../functions/engine/media/wav';
import { hashString } from '../../functions/engine/random';
import { answerFromSchema } from './schema-answer';

export type Route =
  | 'chat'
  | 'images/generations'
  | 'images/edits'
  | 'audio/speech'
  | 'elevenlabs/tts'
  | 'elevenlabs/with-timestamps'
  | 'elevenlabs/voices'
  | 'files';

export interface RecordedRequest {
  route: Route | 'unknown';
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** A JSON body. */
  json?: Record<string, unknown>;
  /** A multipart body: its fields, and its files (field name, file name and size). */
  fields?: Record<string, string>;
  files?: { field: string; filename: string; bytes: Buffer }[];
  /** What the server answered. */
  status: number;
}

export interface Failure {
  status: number;
  headers?: Record<string, string>;
  /** Sent as JSON unless a string. */
  body?: unknown;
  /** Wait this long before answering (a slow server). */
  delayMs?: number;
}

/** The true timing of each word of a WAV the server made (seconds). */
export interface SpokenWord {
  word: string;
  start: number;
  end: number;
}

export interface ModelServer {
  origin: string;
  /** OPENAI_BASE_URL for this server. */
  openaiBaseUrl: string;
  /** ELEVENLABS_BASE_URL for this server. */
  elevenLabsBaseUrl: string;
  requests: RecordedRequest[];
  /** Requests to one route. */
  requestsTo(route: Route): RecordedRequest[];
  /** The next `failures.length` requests to `route` get these answers, in order. */
  fail(route: Route, ...failures: Failure[]): void;
  /** Keys the server demands (401 otherwise): OpenAI's bearer key and ElevenLabs' xi-api-key. */
  keys: { openai?: string; elevenlabs?: string };
  options: {
    /** Images answered as `b64_json` (default) or as a `url` to fetch. */
    imageAnswer: 'b64_json' | 'url';
    /** False: `/images/edits` answers 404, as servers without it do. */
    edits: boolean;
    /** The format of `/audio/speech` answers: what was asked (default), or always mp3. */
    speechFormat: 'asked' | 'mp3';
    /** False: ElevenLabs' `/with-timestamps` answers 404. */
    timestamps: boolean;
  };
  /**
   * Chat replies, in order (the last repeats); JSON bodies of chat completions. None: each request is
   * answered with a value matching the JSON Schema at the end of its prompt (schema-answer.ts).
   */
  chat(...contents: string[]): void;
  /** The words of the last synthesised audio with their true times. */
  lastSpoken(): SpokenWord[];
  /** The picture bytes of every image answer, in order. */
  images: Buffer[];
  close(): Promise<void>;
}

export const SAMPLE_RATE = 24_000;

const ELEVENLABS_VOICES = [
  voice('EXAVITQu4vr4xnSDxMaL', 'Sarah', 'female', 'young', 'narration', 'soft'),
  voice('JBFqnCBsd6RMkjVDRZzb', 'George', 'male', 'middle aged', 'narration', 'warm'),
  voice('nPczCjzI2devNBz1zQrb', 'Brian', 'male', 'middle aged', 'narration', 'deep'),
  voice('Xb7hH8MSUJpSbSDYk0k2', 'Alice', 'female', 'middle aged', 'news', 'confident'),
  voice('cgSgspJ2msm6clMCkdW9', 'Jessica', 'female', 'young', 'conversational', 'expressive'),
  voice('iP95p4xoKVk53GoZ742B', 'Chris', 'male', 'middle aged', 'conversational', 'casual'),
  voice('pqHfZKP75CvOlQylNhV4', 'Bill', 'male', 'old', 'narration', 'trustworthy'),
  voice('XrExE9yKIg1WjnnlVkGX', 'Matilda', 'female', 'middle aged', 'narration', 'warm'),
  voice('N2lVS1w4EtoT3dr4eOWO', 'Callum', 'male', 'middle aged', 'characters', 'intense'),
  voice('SAz9YHcvj6GT2YYXdXww', 'River', 'neutral', 'middle aged', 'conversational', 'calm'),
];

function voice(
  voice_id: string,
  name: string,
  gender: string,
  age: string,
  use_case: string,
  description: string,
) {
  return {
    voice_id,
    name,
    category: 'premade',
    labels: { gender, age, accent: 'british', use_case, description },
  };
}

export async function startModelServer(): Promise<ModelServer> {
  const requests: RecordedRequest[] = [];
  const failures = new Map<Route, Failure[]>();
  const files = new Map<string, Buffer>();
  const timers = new Set<NodeJS.Timeout>();
  let chatReplies: string[] = [];
  let spoken: SpokenWord[] = [];
  const images: Buffer[] = [];

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: (error as Error).message } }));
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const route = routeOf(req.method ?? '', url.pathname);
    const record: RecordedRequest = {
      route,
      method: req.method ?? '',
      path: url.pathname + url.search,
      headers: req.headers,
      status: 0,
    };
    requests.push(record);
    const contentType = req.headers['content-type'] ?? '';
    if (contentType.startsWith('application/json') && body.length)
      record.json = JSON.parse(body.toString('utf8'));
    if (contentType.startsWith('multipart/form-data'))
      Object.assign(record, await parseForm(contentType, body));

    const answer = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      record.status = status;
      const bytes = Buffer.isBuffer(payload)
        ? payload
        : Buffer.from(typeof payload === 'string' ? payload : JSON.stringify(payload));
      res.writeHead(status, {
        'content-type': Buffer.isBuffer(payload) ? 'application/octet-stream' : 'application/json',
        ...headers,
      });
      res.end(bytes);
    };

    const failure = route === 'unknown' ? undefined : failures.get(route)?.shift();
    if (failure) {
      if (failure.delayMs)
        await new Promise<void>((resolve) => {
          const t = setTimeout(() => {
            timers.delete(t);
            resolve();
          }, failure.delayMs);
          timers.add(t);
        });
      if (res.destroyed) return;
      return answer(
        failure.status,
        failure.body ?? { error: { message: `injected failure ${failure.status}` } },
        failure.headers,
      );
    }
    if (route === 'unknown') return answer(404, { error: { message: `no route ${url.pathname}` } });
    if (route === 'files') {
      const file = files.get(url.pathname);
      return file
        ? answer(200, file, { 'content-type': 'image/png' })
        : answer(404, { error: { message: 'gone' } });
    }
    const elevenLabs = route.startsWith('elevenlabs/');
    if (elevenLabs && api.keys.elevenlabs && req.headers['xi-api-key'] !== api.keys.elevenlabs) {
      return answer(401, { detail: { status: 'invalid_api_key', message: 'Invalid API key' } });
    }
    if (!elevenLabs && api.keys.openai && req.headers.authorization !== `Bearer ${api.keys.openai}`) {
      return answer(401, {
        error: {
          message: 'Incorrect API key provided: sk-wr***ng.',
          type: 'invalid_request_error',
          code: 'invalid_api_key',
        },
      });
    }

    switch (route) {
      case 'chat': {
        const messages = (record.json?.messages ?? []) as { content?: string }[];
        const content =
          chatReplies.length > 1
            ? chatReplies.shift()!
            : (chatReplies[0] ?? answerFromSchema(String(messages.at(-1)?.content ?? '')));
        return answer(200, {
          id: 'chatcmpl-stand-in',
          object: 'chat.completion',
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        });
      }
      case 'images/generations':
      case 'images/edits': {
        if (route === 'images/edits' && !api.options.edits)
          return answer(404, { error: { message: 'Not Found' } });
        const fields = record.json ?? record.fields ?? {};
        const png = await drawPicture(String(fields.size ?? '1024x1024'), String(fields.prompt ?? ''));
        images.push(png);
        if (api.options.imageAnswer === 'url') {
          const path = `/files/${images.length}.png`;
          files.set(path, png);
          return answer(200, { created: 1, data: [{ url: `${api.origin}${path}` }] });
        }
        return answer(200, { created: 1, data: [{ b64_json: png.toString('base64') }] });
      }
      case 'audio/speech': {
        const json = record.json ?? {};
        const speech = synthesise(String(json.input ?? ''), String(json.voice ?? ''));
        spoken = speech.words;
        const wav = encodeWav(speech.samples, { sampleRate: SAMPLE_RATE, channels: 1 });
        const format = api.options.speechFormat === 'mp3' ? 'mp3' : String(json.response_format ?? 'mp3');
        if (format === 'wav') return answer(200, wav, { 'content-type': 'audio/wav' });
        return answer(200, await toMp3(wav), { 'content-type': 'audio/mpeg' });
      }
      case 'elevenlabs/voices':
        return answer(200, { voices: ELEVENLABS_VOICES });
      case 'elevenlabs/tts':
      case 'elevenlabs/with-timestamps': {
        if (route === 'elevenlabs/with-timestamps' && !api.options.timestamps)
          return answer(404, { detail: 'Not Found' });
        const voiceId = url.pathname.split('/')[3] ?? '';
        if (!ELEVENLABS_VOICES.some((v) => v.voice_id === voiceId))
          return answer(404, {
            detail: { status: 'voice_not_found', message: 'A voice with this id was not found.' },
          });
        const text = String(record.json?.text ?? '');
        const speech = synthesise(text, voiceId);
        spoken = speech.words;
        const pcm = Buffer.from(speech.samples.buffer, speech.samples.byteOffset, speech.samples.byteLength);
        const format = url.searchParams.get('output_format') ?? 'mp3_44100_128';
        const audio = format.startsWith('pcm_')
          ? pcm
          : await toMp3(encodeWav(speech.samples, { sampleRate: SAMPLE_RATE, channels: 1 }));
        if (route === 'elevenlabs/tts') return answer(200, audio, { 'content-type': 'audio/mpeg' });
        return answer(200, {
          audio_base64: audio.toString('base64'),
          alignment: characterAlignment(text, speech.words),
        });
      }
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const api: ModelServer = {
    origin,
    openaiBaseUrl: `${origin}/v1`,
    elevenLabsBaseUrl: origin,
    requests,
    requestsTo: (route) => requests.filter((request) => request.route === route),
    fail(route, ...list) {
      failures.set(route, [...(failures.get(route) ?? []), ...list]);
    },
    keys: {},
    options: { imageAnswer: 'b64_json', edits: true, speechFormat: 'asked', timestamps: true },
    chat(...contents) {
      chatReplies = contents;
    },
    lastSpoken: () => spoken,
    images,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return api;
}

function routeOf(method: string, path: string): Route | 'unknown' {
  if (method === 'GET' && path.startsWith('/files/')) return 'files';
  if (method === 'GET' && path === '/v1/voices') return 'elevenlabs/voices';
  if (method !== 'POST') return 'unknown';
  if (path === '/v1/chat/completions') return 'chat';
  if (path === '/v1/images/generations') return 'images/generations';
  if (path === '/v1/images/edits') return 'images/edits';
  if (path === '/v1/audio/speech') return 'audio/speech';
  if (/^\/v1\/text-to-speech\/[^/]+\/with-timestamps$/.test(path)) return 'elevenlabs/with-timestamps';
  if (/^\/v1\/text-to-speech\/[^/]+$/.test(path)) return 'elevenlabs/tts';
  return 'unknown';
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function parseForm(contentType: string, body: Buffer): Promise<Pick<RecordedRequest, 'fields' | 'files'>> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    const files: NonNullable<RecordedRequest['files']> = [];
    const parser = busboy({ headers: { 'content-type': contentType } });
    parser.on('field', (name, value) => (fields[name] = value));
    parser.on('file', (field, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () =>
        files.push({ field, filename: info.filename ?? '', bytes: Buffer.concat(chunks) }),
      );
    });
    parser.on('close', () => resolve({ fields, files }));
    parser.on('error', reject);
    parser.end(body);
  });
}

/** A picture of the size asked for ("WxH"; "auto" is square): a gradient and a disc from the prompt. */
async function drawPicture(size: string, prompt: string): Promise<Buffer> {
  const [width, height] = /^\d+x\d+$/.test(size) ? size.split('x').map(Number) : [1024, 1024];
  const seed = hashString(prompt);
  const [r, g, b] = [seed & 255, (seed >> 8) & 255, (seed >> 16) & 255];
  const pixels = Buffer.alloc(width! * height! * 3);
  const cx = width! / 2;
  const cy = height! / 2;
  const radius = Math.min(width!, height!) / 4;
  for (let y = 0; y < height!; y++) {
    for (let x = 0; x < width!; x++) {
      const i = (y * width! + x) * 3;
      const inside = (x - cx) ** 2 + (y - cy) ** 2 < radius ** 2;
      pixels[i] = inside ? 255 - r : Math.round((r * x) / width!);
      pixels[i + 1] = inside ? 255 - g : Math.round((g * y) / height!);
      pixels[i + 2] = inside ? 255 - b : b;
    }
  }
  return sharp(pixels, { raw: { width: width!, height: height!, channels: 3 } })
    .png()
    .toBuffer();
}

/** Vowel groups: the number of syllables the stand-in voice gives a word. */
const syllables = (word: string) => Math.max(1, (word.toLowerCase().match(/[aeiouy]+/g) ?? []).length);

/**
 * Speech of a sort: each word a voiced sound of 110 ms per syllable (syllables dip between them),
 * 70 ms of silence between words, longer after commas (200 ms) and sentence ends (420 ms), with
 * 150 ms of silence before and after. The pitch follows the voice, so voices sound apart.
 */
function synthesise(text: string, voiceName: string): { samples: Int16Array; words: SpokenWord[] } {
  const pitch = 100 + (hashString(voiceName) % 120);
  const tokens = [...text.matchAll(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*([^\p{L}\p{N}]*)/gu)];
  const pieces: number[] = [];
  const words: SpokenWord[] = [];
  const silence = (seconds: number) => {
    for (let i = 0; i < Math.round(seconds * SAMPLE_RATE); i++) pieces.push(0);
  };
  silence(0.15);
  for (const token of tokens) {
    const word = token[0].slice(0, token[0].length - token[1]!.length);
    const start = pieces.length / SAMPLE_RATE;
    const count = syllables(word);
    for (let s = 0; s < count; s++) {
      const n = Math.round(0.11 * SAMPLE_RATE);
      for (let i = 0; i < n; i++) {
        const t = i / SAMPLE_RATE;
        const envelope = Math.sin((Math.PI * i) / n) ** 0.5;
        pieces.push(
          (9000 * envelope * (Math.sin(2 * Math.PI * pitch * t) + 0.5 * Math.sin(4 * Math.PI * pitch * t))) /
            1.5,
        );
      }
    }
    words.push({ word, start, end: pieces.length / SAMPLE_RATE });
    const after = token[1]!;
    silence(/[.!?]/.test(after) ? 0.42 : /[,;:]/.test(after) ? 0.2 : 0.07);
  }
  silence(0.15);
  return { samples: Int16Array.from(pieces, (v) => Math.round(v)), words };
}

/** ElevenLabs' character alignment: each character of the text with its start and end. */
function characterAlignment(text: string, words: SpokenWord[]) {
  const characters = [...text];
  const starts: number[] = [];
  const ends: number[] = [];
  let word = 0;
  let offset = 0;
  let inside = -1;
  for (const char of characters) {
    const current = words[word];
    const at = text.indexOf(current?.word ?? '\u0000', offset);
    if (current && at === offset) inside = 0;
    if (inside >= 0 && current) {
      const share = (current.end - current.start) / current.word.length;
      starts.push(current.start + share * inside);
      ends.push(current.start + share * (inside + 1));
      inside++;
      if (inside === current.word.length) {
        inside = -1;
        word++;
      }
    } else {
      const last = ends[ends.length - 1] ?? 0;
      starts.push(last);
      ends.push(current ? Math.max(last, current.start) : last);
    }
    offset += char.length;
  }
  return { characters, character_start_times_seconds: starts, character_end_times_seconds: ends };
}

async function toMp3(wav: Buffer): Promise<Buffer> {
  const { mkdtemp, readFile, rm, writeFile } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const dir = await mkdtemp(join(tmpdir(), 'stand-in-'));
  try {
    await writeFile(join(dir, 'in.wav'), wav);
    await promisify(execFile)('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-i',
      join(dir, 'in.wav'),
      '-codec:a',
      'libmp3lame',
      '-b:a',
      '64k',
      join(dir, 'out.mp3'),
    ]);
    return await readFile(join(dir, 'out.mp3'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
