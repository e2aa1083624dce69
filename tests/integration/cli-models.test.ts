/**
 * `npm run engine -- …` with the bring-your-own-model providers pointed at a stand-in model server on
 * loopback: the picture written is the one the server sent, narration is the server's audio, requests
 * carry the configured keys, busy and failing servers are tried again, and a refused key fails in words.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { engine } from '../support/engine-cli';
import { getEngine, resetEngine } from '../../functions/engine';
import { resetEngineConfig } from '../../functions/engine/config';
import { characterSeed } from '../../functions/engine/text/local/characters';
import { characterProfile, type SceneDescription } from '../../functions/engine/text/types';
import { SAMPLE_RATE, startModelServer, type ModelServer } from '../support/model-server';
import { withEnv } from './helpers';

const ENV_KEYS = [
  'ENGINE_IMAGE_PROVIDER',
  'ENGINE_SPEECH_PROVIDER',
  'OPENAI_BASE_URL',
  'OPENAI_API_KEY',
  'OPENAI_IMAGE_MODEL',
  'OPENAI_TTS_MODEL',
  'OPENAI_TIMEOUT_MS',
  'ELEVENLABS_API_KEY',
  'ELEVENLABS_BASE_URL',
] as const;
let restoreEnv: (() => void) | undefined;

/** Only the providers `env` names, on an engine that reads them afresh (the last test's put back first). */
function useEnv(env: Partial<Record<(typeof ENV_KEYS)[number], string>>): void {
  restoreEnv?.();
  restoreEnv = withEnv({ ...Object.fromEntries(ENV_KEYS.map((key) => [key, undefined])), ...env });
  resetEngineConfig();
  resetEngine();
}

let server: ModelServer;
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'engine-models-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  restoreEnv?.();
  resetEngineConfig();
  resetEngine();
});
beforeEach(async () => {
  server = await startModelServer();
});
afterEach(async () => {
  await server.close();
});

const openAIImages = (extra: Record<string, string> = {}) =>
  useEnv({
    ENGINE_IMAGE_PROVIDER: 'openai',
    OPENAI_BASE_URL: server.openaiBaseUrl,
    OPENAI_API_KEY: 'sk-stand-in-images',
    ...extra,
  });

describe('images from an OpenAI-compatible server', () => {
  it('writes the portrait the server sent, asked with the key and the prompt builder’s description', async () => {
    server.keys.openai = 'sk-stand-in-images';
    openAIImages({ OPENAI_IMAGE_MODEL: 'sdxl-local' });
    const out = join(dir, 'irene.png');
    const run = await engine(
      'portrait',
      '--name',
      'Irene Adler',
      '--description',
      'dark hair, a grey travelling dress',
      '--out',
      out,
    );
    expect(run.err).toEqual([]);
    expect(run.code).toBe(0);

    const [request] = server.requestsTo('images/generations');
    expect(request!.headers.authorization).toBe('Bearer sk-stand-in-images');
    expect(request!.json).toMatchObject({
      model: 'sdxl-local',
      size: '1024x1024',
      n: 1,
      response_format: 'b64_json',
    });
    expect(String(request!.json!.prompt)).toMatch(/portrait of .*grey/i);
    expect(run.out[0]).toContain(String(request!.json!.prompt));
    // Byte for byte the picture the server drew.
    expect(readFileSync(out).equals(server.images[0]!)).toBe(true);
  });

  it('asks OpenAI’s gpt-image-1 for its nearest size and quality, fetches a url answer, and crops to the size asked', async () => {
    openAIImages();
    server.options.imageAnswer = 'url';
    const image = await getEngine().image.portrait({
      character: characterProfile({
        name: 'Watson',
        physical_description: 'moustache',
        mentions: 1,
        seed: characterSeed('Watson'),
      }),
      style: 'realistic',
      quality: 'hd',
      aspectRatio: '16:9',
      seed: 1,
      outputPath: join(dir, 'watson.png'),
    });
    const [request] = server.requestsTo('images/generations');
    expect(request!.json).toMatchObject({ model: 'gpt-image-1', size: '1536x1024', quality: 'high' });
    expect(request!.json).not.toHaveProperty('response_format');
    expect(server.requestsTo('files')).toHaveLength(1);
    // The file request goes to the address the server named, without the API key.
    expect(server.requestsTo('files')[0]!.headers.authorization).toBeUndefined();
    expect(await sharp(image.path).metadata()).toMatchObject({ format: 'png', width: 1920, height: 1080 });
    // The centre pixel is the server's disc, not a picture of our own.
    const sent = await sharp(server.images[0]!)
      .extract({ left: 768, top: 512, width: 1, height: 1 })
      .raw()
      .toBuffer();
    const written = await sharp(image.path)
      .extract({ left: 960, top: 540, width: 1, height: 1 })
      .raw()
      .toBuffer();
    expect([...written]).toEqual([...sent]);
  });

  it('sends the character’s portrait to /images/edits for the scenes they are in, and falls back to generations where edits are missing', async () => {
    openAIImages({ OPENAI_IMAGE_MODEL: 'local-model' });
    const image = getEngine().image;
    const holmes = characterProfile({
      name: 'Holmes',
      physical_description: 'tall, thin, hawk-like nose',
      mentions: 5,
      seed: characterSeed('Holmes'),
    });
    const portrait = await image.portrait({
      character: holmes,
      style: 'cinematic',
      quality: 'standard',
      aspectRatio: '1:1',
      seed: 3,
      outputPath: join(dir, 'holmes.png'),
    });
    const scene: SceneDescription = {
      scene_number: 1,
      location: 'Baker Street sitting room',
      setting_type: 'INT',
      time_of_day: 'night',
      estimated_duration: 30,
      visual_description: 'a fire, two armchairs, a letter',
      key_actions: ['Holmes reads a letter by the fire'],
      audio_requirements: [],
      characters: ['Holmes'],
      mood: 'mysterious',
      source_start: 0,
      source_end: 100,
    };
    const request = {
      scene,
      characters: [holmes],
      style: 'cinematic' as const,
      quality: 'standard' as const,
      aspectRatio: '16:9' as const,
      seed: 5,
    };
    await image.scene({ ...request, outputPath: join(dir, 'scene-1.png') });
    const [edit] = server.requestsTo('images/edits');
    expect(edit!.fields).toMatchObject({ model: 'local-model', size: '1280x720' });
    expect(edit!.files!.map((file) => file.field)).toEqual(['image']);
    expect(edit!.files![0]!.bytes.equals(readFileSync(portrait.path))).toBe(true);
    expect(readFileSync(join(dir, 'scene-1.png')).equals(server.images[1]!)).toBe(true);

    // A server without edits: generations, and edits are not asked again.
    server.options.edits = false;
    await image.scene({ ...request, outputPath: join(dir, 'scene-2.png') });
    await image.scene({ ...request, outputPath: join(dir, 'scene-3.png') });
    expect(server.requestsTo('images/edits')).toHaveLength(2);
    expect(server.requestsTo('images/generations')).toHaveLength(3);
  });

  it('tries a busy (429 with Retry-After) and a failing (500) server again and gets the picture', async () => {
    openAIImages({ OPENAI_IMAGE_MODEL: 'local-model' });
    server.fail('images/generations', { status: 429, headers: { 'retry-after': '0' } }, { status: 500 });
    const run = await engine('portrait', '--name', 'Mycroft', '--out', join(dir, 'mycroft.png'));
    expect(run.err).toEqual([]);
    expect(server.requestsTo('images/generations').map((request) => request.status)).toEqual([429, 500, 200]);
    expect(readFileSync(join(dir, 'mycroft.png')).equals(server.images[0]!)).toBe(true);
  });

  it('fails a refused key at once, in words that name the setting', async () => {
    server.keys.openai = 'sk-the-right-one';
    openAIImages({ OPENAI_API_KEY: 'sk-wrong-key' });
    const run = await engine('portrait', '--name', 'Lestrade', '--out', join(dir, 'lestrade.png'));
    expect(run.code).toBe(1);
    expect(run.err).toEqual([
      `The image model at ${new URL(server.origin).host} refused the API key (401). Check OPENAI_API_KEY.`,
    ]);
    expect(run.err.join()).not.toContain('sk-wrong-key');
    expect(server.requestsTo('images/generations')).toHaveLength(1);
  });
});

const STORY =
  'To Sherlock Holmes she is always the woman. I have seldom heard him mention her under any other name. ' +
  'In his eyes she eclipses and predominates the whole of her sex, and yet, for all that, there was but one woman to him.';

const openAISpeech = (extra: Record<string, string> = {}) =>
  useEnv({
    ENGINE_SPEECH_PROVIDER: 'openai',
    OPENAI_BASE_URL: server.openaiBaseUrl,
    OPENAI_API_KEY: 'sk-stand-in-speech',
    ...extra,
  });

/** Median distance (ms) between the reported word starts and the times the server spoke them. */
function startError(
  words: { word: string; start: number }[],
  truth: { word: string; start: number }[],
): number {
  expect(words.map((w) => w.word)).toEqual(truth.map((w) => w.word));
  const errors = words.map((w, i) => Math.abs(w.start - truth[i]!.start) * 1000).sort((a, b) => a - b);
  return errors[Math.floor(errors.length / 2)]!;
}

describe('speech from an OpenAI-compatible server', () => {
  it('narrates with the server’s audio, asked with the key and a voice of its catalogue', async () => {
    server.keys.openai = 'sk-stand-in-speech';
    openAISpeech();
    const story = join(dir, 'story.txt');
    writeFileSync(story, STORY);
    const run = await engine('narrate', story, '--out', join(dir, 'story.m4a'));
    expect(run.err.filter((line) => !/ in [\d.]+ s$/.test(line))).toEqual([]);
    expect(run.code).toBe(0);
    const requests = server.requestsTo('audio/speech');
    expect(requests.length).toBeGreaterThan(0);
    for (const request of requests) {
      expect(request.headers.authorization).toBe('Bearer sk-stand-in-speech');
      expect(request.json).toMatchObject({ model: 'gpt-4o-mini-tts', voice: 'onyx', response_format: 'wav' });
    }
    expect(run.out[0]).toMatch(/\(voice openai:en-GB:onyx\)/);
    // The film's length is the server's speech (about 0.3 s per word here), not an offline voice.
    const spoken = server.lastSpoken();
    const printed = Number(run.out[0]!.match(/^([\d.]+) s of audio/)![1]);
    expect(printed).toBeGreaterThan(spoken[spoken.length - 1]!.end * 0.9);
  });

  it('estimates word timings from the audio, says so, and reads an mp3 answer too', async () => {
    openAISpeech({ OPENAI_TTS_MODEL: 'kokoro' });
    const speech = getEngine().speech;
    const voice = speech.voiceFor({ model: 'openai_tts', role: 'character', gender: 'female', seed: 11 });
    expect(voice).toMatch(/^openai:en-GB:(sage|nova|coral|shimmer)$/);
    const wav = await speech.synthesize({ text: STORY, voice, outputPath: join(dir, 'aligned.wav') });
    expect(wav).toMatchObject({ format: 'wav', sampleRate: SAMPLE_RATE, timings: 'aligned' });
    expect(startError(wav.words, server.lastSpoken())).toBeLessThan(60);
    expect(wav.visemes.length).toBeGreaterThan(wav.words.length);

    server.options.speechFormat = 'mp3';
    const mp3 = await speech.synthesize({ text: STORY, voice, outputPath: join(dir, 'from-mp3.wav') });
    expect(mp3.timings).toBe('aligned');
    expect(Math.abs(mp3.duration - wav.duration)).toBeLessThan(0.15);
    expect(startError(mp3.words, server.lastSpoken())).toBeLessThan(80);
  });
});

const elevenLabs = (extra: Record<string, string> = {}) =>
  useEnv({
    ENGINE_SPEECH_PROVIDER: 'elevenlabs',
    ELEVENLABS_BASE_URL: server.elevenLabsBaseUrl,
    ELEVENLABS_API_KEY: 'xi-stand-in-key',
    ...extra,
  });

describe('speech from ElevenLabs', () => {
  it('narrates with the server’s audio and its character timings, asked with the key, a voice of the account and the narrator model', async () => {
    server.keys.elevenlabs = 'xi-stand-in-key';
    elevenLabs();
    const story = join(dir, 'eleven.txt');
    writeFileSync(story, STORY);
    const run = await engine('narrate', story, '--out', join(dir, 'eleven.m4a'));
    expect(run.err.filter((line) => !/ in [\d.]+ s$/.test(line))).toEqual([]);
    expect(run.code).toBe(0);
    expect(server.requestsTo('elevenlabs/voices')).toHaveLength(1);
    const requests = server.requestsTo('elevenlabs/with-timestamps');
    expect(requests.length).toBeGreaterThan(0);
    for (const request of requests) {
      expect(request.headers['xi-api-key']).toBe('xi-stand-in-key');
      expect(request.headers.authorization).toBeUndefined();
      expect(request.json).toMatchObject({ model_id: 'eleven_multilingual_v2' });
      // A male, middle-aged narration voice of the account for the warm narrator.
      expect(request.path).toMatch(
        /^\/v1\/text-to-speech\/(JBFqnCBsd6RMkjVDRZzb|nPczCjzI2devNBz1zQrb)\/with-timestamps\?output_format=pcm_24000$/,
      );
    }
    expect(run.out[0]).toMatch(/\(voice elevenlabs:en-GB:narrator-warm\)/);
  });

  it('reports the provider’s timings, and estimates them where the server has no timestamps route', async () => {
    elevenLabs();
    const speech = getEngine().speech;
    const voice = speech.voiceFor({
      model: 'elevenlabs_expressive',
      role: 'character',
      gender: 'female',
      seed: 4,
    });
    expect(voice).toMatch(/^elevenlabs:en-GB:character-.*@eleven_v3$/);
    const timed = await speech.synthesize({ text: STORY, voice, outputPath: join(dir, 'timed.wav') });
    expect(timed.timings).toBe('provider');
    expect(startError(timed.words, server.lastSpoken())).toBeLessThan(15);
    expect(server.requestsTo('elevenlabs/with-timestamps')[0]!.json).toMatchObject({ model_id: 'eleven_v3' });

    server.options.timestamps = false;
    const aligned = await speech.synthesize({ text: STORY, voice, outputPath: join(dir, 'aligned-11.wav') });
    expect(aligned.timings).toBe('aligned');
    expect(startError(aligned.words, server.lastSpoken())).toBeLessThan(60);
    expect(server.requestsTo('elevenlabs/tts')).toHaveLength(1);
    // Remembered: the next text goes straight to the plain route.
    await speech.synthesize({ text: 'Once more.', voice, outputPath: join(dir, 'again.wav') });
    expect(server.requestsTo('elevenlabs/with-timestamps')).toHaveLength(2);
  });

  it('fails a refused key in words and retries a busy server', async () => {
    server.keys.elevenlabs = 'xi-right';
    elevenLabs({ ELEVENLABS_API_KEY: 'xi-wrong' });
    const story = join(dir, 'refused.txt');
    writeFileSync(story, 'A short line.');
    const refused = await engine('narrate', story, '--out', join(dir, 'refused.m4a'));
    expect(refused.code).toBe(1);
    expect(refused.err).toEqual([
      `The ElevenLabs voice service at ${new URL(server.origin).host} refused the API key (401). Check ELEVENLABS_API_KEY.`,
    ]);

    elevenLabs({ ELEVENLABS_API_KEY: 'xi-right' });
    server.fail(
      'elevenlabs/with-timestamps',
      { status: 429, headers: { 'retry-after': '0' } },
      { status: 503 },
    );
    const run = await engine('narrate', story, '--out', join(dir, 'retried.m4a'));
    expect(run.code).toBe(0);
    expect(server.requestsTo('elevenlabs/with-timestamps').map((r) => r.status)).toEqual([429, 503, 200]);
  });

  it('mixes providers: ElevenLabs voice models beside an OpenAI-compatible speech server', async () => {
    openAISpeech({ ELEVENLABS_BASE_URL: server.elevenLabsBaseUrl, ELEVENLABS_API_KEY: 'xi-mixed' });
    const speech = getEngine().speech;
    const narrator = speech.voiceFor({ model: 'elevenlabs_narrator', role: 'narrator' });
    const character = speech.voiceFor({ model: 'openai_tts', role: 'character', gender: 'male', seed: 2 });
    expect(narrator).toMatch(/^elevenlabs:/);
    expect(character).toMatch(/^openai:/);
    await speech.synthesize({
      text: 'The narrator speaks.',
      voice: narrator,
      outputPath: join(dir, 'n.wav'),
    });
    await speech.synthesize({ text: 'And so do I.', voice: character, outputPath: join(dir, 'c.wav') });
    expect(server.requestsTo('elevenlabs/with-timestamps')[0]!.headers['xi-api-key']).toBe('xi-mixed');
    expect(server.requestsTo('audio/speech')[0]!.json).toMatchObject({ input: 'And so do I.' });
  });

  it('keeps the narrator with the chosen provider when an ElevenLabs key is set beside it', async () => {
    server.keys.openai = 'sk-stand-in-speech';
    openAISpeech({ ELEVENLABS_BASE_URL: server.elevenLabsBaseUrl, ELEVENLABS_API_KEY: 'xi-beside' });
    const story = join(dir, 'beside.txt');
    writeFileSync(story, STORY);
    const run = await engine('narrate', story, '--out', join(dir, 'beside.m4a'));
    expect(run.code).toBe(0);
    expect(run.out[0]).toMatch(/\(voice openai:/);
    expect(server.requestsTo('audio/speech').length).toBeGreaterThan(0);
    expect([
      ...server.requestsTo('elevenlabs/with-timestamps'),
      ...server.requestsTo('elevenlabs/tts'),
    ]).toEqual([]);
  });
});

describe('tutor-video slide art from an OpenAI-compatible server', () => {
  it('asks the server for the picture of every slide but the recap, beside the presenter’s portrait', async () => {
    server.keys.openai = 'sk-stand-in-images';
    openAIImages({ OPENAI_IMAGE_MODEL: 'local-model' });
    const chapter = join(__dirname, '../../docs/samples/harbour-chapter.txt');
    const out = join(dir, 'harbour-lesson.mp4');
    const run = await engine(
      'lesson',
      chapter,
      '--title',
      'The Storm',
      '--style',
      'whiteboard',
      '--size',
      '480x270',
      '--out',
      out,
    );
    expect(run.code).toBe(0);
    const slides = Number(/^(\d+) slides/.exec(run.out.at(-1)!)?.[1]);
    expect(slides).toBeGreaterThanOrEqual(3);

    const generations = server.requestsTo('images/generations');
    expect(generations.every((r) => r.headers.authorization === 'Bearer sk-stand-in-images')).toBe(true);
    expect(generations.every((r) => r.json?.model === 'local-model' && r.status === 200)).toBe(true);
    const prompts = generations.map((r) => String(r.json?.prompt));
    const portraits = prompts.filter((p) => /portrait of/i.test(p));
    const art = prompts.filter((p) => /lesson slide/i.test(p));
    // One portrait of the presenter, one picture per slide but the recap, nothing else.
    expect(portraits).toHaveLength(1);
    expect(art).toHaveLength(slides - 1);
    expect(generations).toHaveLength(slides);
    // The whiteboard's pictures are pencil sketches of the chapter: the title slide names it.
    expect(art.every((p) => /sketch/i.test(p) && /no people/i.test(p))).toBe(true);
    expect(art.some((p) => p.includes('The Storm'))).toBe(true);
    expect(server.requestsTo('images/edits')).toHaveLength(0);
  }, 300_000);
});
