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
import type { PlotOverview } from '../../functions/contracts/plots';
import type { Script } from '../../functions/contracts/scripts';
import type { GenerationStarted, VideoGeneration } from '../../functions/contracts/video';
import { probe } from '../../functions/engine/media/ffmpeg';
import { startModelServer, type ModelServer } from '../support/model-server';
import { confirmAsExtracted, createUser, startTestRuntime, uploadBook, type TestRuntime } from './helpers';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
const VARIABLES = [...Object.keys(ENV), 'OPENAI_BASE_URL', 'ELEVENLABS_BASE_URL'];
const saved = Object.fromEntries(VARIABLES.map((name) => [name, process.env[name]]));

const CHAPTER = [
  'Chapter 1: The Lamp',
  '',
  'The storm came in at dusk, and Mara Vell climbed the tower stairs with the oil can in her hand. ' +
    'The great lens was cold and the wick was dry.',
  '“Tobias, the lamp is out,” Mara called down the stairwell. “Bring the matches, quickly!”',
  '“I have them here,” said Tobias, and he ran up after her, his boots ringing on the iron steps.',
  'Out on the black water a fishing boat rolled between the waves, its sail torn, drifting toward the rocks below the point.',
  '“Light it now,” said Tobias. “They cannot see the reef.”',
  'Mara struck the match, and the flame caught. The lens turned, and its long beam swept across the sea. ' +
    'Far below, the boat swung about and ran for the harbour.',
  '“They saw it,” Mara said softly. “They saw it in time.”',
].join('\n\n');

let server: ModelServer;
let t: TestRuntime;
let token: string;
let work: string;
let generation: VideoGeneration;
let portrayed: string;

const api = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) =>
  t.api<T>(method, path, { token, ...(body === undefined ? {} : { body }) });

/** The chapter's script, whether the route answers it at once or as a job to follow. */
async function writeScript(chapterId: string): Promise<Script> {
  const started = await api<Script>('POST', '/ai/generate-script-and-scenes', {
    chapter_id: chapterId,
    script_style: 'cinematic_movie',
    scene_count: 3,
    include_character_profiles: true,
  });
  expect([200, 201, 202], JSON.stringify(started.body)).toContain(started.status);
  await t.runtime.stepFunctions.idle();
  const scripts = await api<Script[]>('GET', `/ai/scripts/${chapterId}`);
  expect(scripts.body.length, JSON.stringify(scripts.body)).toBeGreaterThan(0);
  return scripts.body[0]!;
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'pipeline-models-'));
  server = await startModelServer();
  server.keys.openai = KEYS.openai;
  server.keys.elevenlabs = KEYS.elevenlabs;
  Object.assign(process.env, ENV, {
    OPENAI_BASE_URL: server.openaiBaseUrl,
    ELEVENLABS_BASE_URL: server.elevenLabsBaseUrl,
  });
  t = await startTestRuntime();
  token = (await createUser(t, { role: 'author' })).accessToken;
  const upload = await uploadBook(t, { token, bookType: 'entertainment', title: 'The Lamp', text: CHAPTER });
  expect(upload.status, JSON.stringify(upload.body)).toBe(201);
  const bookId = String(upload.body.id);
  await confirmAsExtracted(t, bookId, token);
  const chapters = await api<{ id: string }[]>('GET', `/books/${bookId}/chapters`);
  const chapterId = chapters.body[0]!.id;

  await api('POST', `/plots/books/${bookId}/generate`, {});
  await t.runtime.stepFunctions.idle();
  const overview = (await api<PlotOverview>('GET', `/plots/books/${bookId}/overview`)).body;
  expect(overview.characters.length, JSON.stringify(overview)).toBeGreaterThan(0);
  const script = await writeScript(chapterId);

  // One character's portrait: the scenes they are in are drawn with it as the reference.
  const sitter = overview.characters.find((c) => /Mara|Tobias/.test(c.name)) ?? overview.characters[0]!;
  portrayed = sitter.name;
  await api('POST', `/characters/${sitter.id}/generate-image`, {});
  await t.runtime.stepFunctions.idle();

  // A busy image server: the first scene picture is answered 429, then drawn on the retry.
  server.fail('images/edits', { status: 429, headers: { 'retry-after': '1' } });
  const started = await api<GenerationStarted>('POST', '/ai/generate-entertainment-video', {
    script_id: script.id,
    chapter_id: chapterId,
    quality_tier: 'basic',
    video_style: 'realistic',
    mode: 'basic',
  });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  await t.runtime.stepFunctions.idle();
  generation = (
    await api<VideoGeneration>('GET', `/ai/video-generation-status/${started.body.video_generation_id}`)
  ).body;
}, 900_000);

afterAll(async () => {
  await t?.stop();
  await server?.close();
  for (const name of VARIABLES) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('a chapter film made with the models of a stand-in server', () => {
  it('ends with a subtitled film', async () => {
    expect(generation.generation_status, generation.error_message ?? '').toBe('completed');
    const origin = new URL(t.runtime.apiUrl).origin;
    const film = await fetch(`${origin}${generation.video_url}`);
    expect(film.status).toBe(200);
    const path = join(work, 'film.mp4');
    writeFileSync(path, Buffer.from(await film.arrayBuffer()));
    const probed = await probe(path);
    expect(probed.video?.codec).toBe('h264');
    expect(probed.audio?.codec).toBe('aac');
    expect(generation.subtitles_url).toBeTruthy();
    const cues = await (await fetch(`${origin}${generation.subtitles_url}`)).text();
    expect(cues).toMatch(/^WEBVTT/);
    // The voices spoke the chapter's words, and the subtitles show them.
    expect(cues).toMatch(/lamp is out/);
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
