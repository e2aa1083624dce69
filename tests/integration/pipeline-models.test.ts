/**
 * The whole chapter-film pipeline with every model provider pointed at the stand-in model server on
 * loopback: the plot and the script from its chat route (ENGINE_TEXT_PROVIDER=openai), portraits and
 * scene pictures from its images routes (ENGINE_IMAGE_PROVIDER=openai, the portrait sent to
 * /images/edits as the reference of its character's scenes), and every voice from its ElevenLabs
 * routes (ENGINE_SPEECH_PROVIDER=elevenlabs). Proves the wiring through the real handlers and
 * workflows — keys on every request, a 429 retried, voices per speaker, a subtitled film — and prints
 * the requests one chapter film costs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VideoGeneration } from '../../functions/contracts/video';
import { startModelServer, type ModelServer } from '../support/model-server';
import { fetchFilm, filmAChapter } from './film-flow';
import { createUser, startTestRuntime, withEnv, type TestRuntime } from './helpers';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const KEYS = { openai: 'sk-stand-in-openai', elevenlabs: 'stand-in-elevenlabs' };
const ENV = {
  ENGINE_TEXT_PROVIDER: 'openai',
  ENGINE_IMAGE_PROVIDER: 'openai',
  ENGINE_SPEECH_PROVIDER: 'elevenlabs',
  OPENAI_MODEL: 'stand-in-llm',
  OPENAI_IMAGE_MODEL: 'stand-in-image',
  OPENAI_API_KEY: KEYS.openai,
  ELEVENLABS_API_KEY: KEYS.elevenlabs,
} as const;
let restoreEnv: (() => void) | undefined;
let server: ModelServer;
let t: TestRuntime;
let token: string;
let work: string;
let generation: VideoGeneration;
let portrayed: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'pipeline-models-'));
  server = await startModelServer();
  server.keys.openai = KEYS.openai;
  server.keys.elevenlabs = KEYS.elevenlabs;
  restoreEnv = withEnv({
    ...ENV,
    OPENAI_BASE_URL: server.openaiBaseUrl,
    ELEVENLABS_BASE_URL: server.elevenLabsBaseUrl,
  });
  t = await startTestRuntime();
  token = (await createUser(t, { role: 'author' })).accessToken;
  // A busy image server: the first scene picture is answered 429, then drawn on the retry.
  ({ generation, portrayed } = await filmAChapter(t, token, () =>
    server.fail('images/edits', { status: 429, headers: { 'retry-after': '1' } }),
  ));
}, 900_000);

afterAll(async () => {
  await t?.stop();
  await server?.close();
  restoreEnv?.();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('a chapter film made with the models of a stand-in server', () => {
  it('ends with a subtitled film', async () => {
    const { probed, cues } = await fetchFilm(t, generation, join(work, 'film.mp4'));
    expect(probed.video?.codec).toBe('h264');
    expect(probed.audio?.codec).toBe('aac');
    expect(cues).toMatch(/^WEBVTT/);
    // The voices spoke the chapter's words, and the subtitles show them.
    expect(cues).toMatch(/lamp is out/);
    // The speakers' close-ups were lip-synced from the mouth shapes of the provider's timings.
    expect(generation.lipsync_progress.characters_lip_synced).toBeGreaterThan(0);
    expect(generation.lipsync_progress.scenes_with_lipsync).toBeGreaterThan(0);
    expect(generation.lipsync_progress.processing_method).toBe('visemes');
  });

  it('asked the text model for the plot and the script, with the key', () => {
    const chats = server.requestsTo('chat');
    expect(chats.length).toBeGreaterThanOrEqual(2);
    expect(chats.every((r) => r.headers.authorization === `Bearer ${KEYS.openai}`)).toBe(true);
    expect(chats.every((r) => r.json?.model === 'stand-in-llm')).toBe(true);
  });

  it('drew the portrait by generation and the scenes with it as the reference, retrying the 429', () => {
    const generations = server.requestsTo('images/generations');
    const edits = server.requestsTo('images/edits');
    expect(generations.length).toBeGreaterThan(0);
    expect(generations.every((r) => r.json?.model === 'stand-in-image')).toBe(true);
    expect([...generations, ...edits].every((r) => r.headers.authorization === `Bearer ${KEYS.openai}`)).toBe(
      true,
    );
    // The scenes with the portrayed character went to /images/edits with a reference picture.
    expect(edits.length, `scenes drawn with ${portrayed}'s portrait`).toBeGreaterThan(0);
    expect(edits.every((r) => (r.files ?? []).some((f) => f.bytes.length > 0))).toBe(true);
    expect(edits[0]!.status).toBe(429);
    expect(edits.slice(1).some((r) => r.status === 200)).toBe(true);
  });

  it('voiced the narrator and each speaker with their own ElevenLabs voice, with the key', () => {
    const speech = [
      ...server.requestsTo('elevenlabs/with-timestamps'),
      ...server.requestsTo('elevenlabs/tts'),
    ];
    expect(speech.length).toBeGreaterThan(2);
    expect(speech.every((r) => r.headers['xi-api-key'] === KEYS.elevenlabs)).toBe(true);
    const voices = new Set(speech.map((r) => r.path.split('/')[3]));
    expect(voices.size).toBeGreaterThanOrEqual(2);
    // ElevenLabs' character alignment timed the words: the record says so.
    expect(generation.audio_files.word_timings).toBe('provider');

    // What one chapter film asked of the providers (README, Using your own models).
    const counts = Object.fromEntries(
      [
        'chat',
        'images/generations',
        'images/edits',
        'elevenlabs/with-timestamps',
        'elevenlabs/tts',
        'elevenlabs/voices',
      ].map((route) => [route, server.requestsTo(route as Parameters<ModelServer['requestsTo']>[0]).length]),
    );
    const characters = speech.reduce((sum, r) => sum + String(r.json?.text ?? '').length, 0);
    console.log(`requests of one chapter film: ${JSON.stringify(counts)}; characters voiced: ${characters}`);
  });
});

describe('voice models this server does not reach', () => {
  it('are refused in words before any work, naming what to set or choose', async () => {
    const ask = (voice_model: string) =>
      t.api<{ detail: string; code: string }>('POST', `/chapters/${generation.chapter_id}/audio/narrator/1`, {
        token,
        body: { script_id: generation.script_id, voice_model },
      });
    const before = server.requests.length;
    const openai = await ask('openai_tts');
    expect(openai.status).toBe(400);
    expect(openai.body).toMatchObject({ code: 'voice_model_unavailable' });
    expect(openai.body.detail).toMatch(
      /openai_tts speaks through an OpenAI-compatible speech server.*Set OPENAI_TTS_MODEL/,
    );
    const google = await ask('google_wavenet');
    expect(google.status).toBe(400);
    expect(google.body.detail).toMatch(/Choose openai_tts or an elevenlabs voice model/);
    // The model server heard nothing of either.
    expect(server.requests.length).toBe(before);
  });
});

describe('a provider that fails during a film', () => {
  it('ends the run in words that name the setting, never the key, and a retry once it is fixed films it', async () => {
    const id = generation.video_generation_id;
    // The ElevenLabs account's key is changed: every voice is refused (401).
    server.keys.elevenlabs = 'a-rotated-key';
    const rerun = await t.api<VideoGeneration>('POST', `/ai/retry-generation/${id}`, {
      token,
      body: { retry_from_step: 'audio' },
    });
    expect(rerun.status, JSON.stringify(rerun.body)).toBe(202);
    await t.runtime.stepFunctions.idle();
    const failed = (await t.api<VideoGeneration>('GET', `/ai/video-generation-status/${id}`, { token })).body;
    expect(failed.generation_status).toBe('failed');
    expect(failed.failed_step).toBe('audio');
    expect(failed.error_message).toMatch(/refused the API key \(401\).*ELEVENLABS_API_KEY/);
    expect(failed.error_message).not.toContain(KEYS.elevenlabs);

    // The key is right again: the failed run, retried from its failed step, ends with a film.
    server.keys.elevenlabs = KEYS.elevenlabs;
    const retried = await t.api<VideoGeneration>('POST', `/ai/retry-generation/${id}`, { token });
    expect(retried.status, JSON.stringify(retried.body)).toBe(202);
    await t.runtime.stepFunctions.idle();
    const done = (await t.api<VideoGeneration>('GET', `/ai/video-generation-status/${id}`, { token })).body;
    expect(done.generation_status, done.error_message ?? '').toBe('completed');
    const { cues } = await fetchFilm(t, done, join(work, 'film-again.mp4'));
    expect(cues).toMatch(/lamp is out/);
  });
});
