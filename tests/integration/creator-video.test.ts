/**
 * Creator Mode's Generate Video on the offline engine, end to end through the public API: a short
 * prompt becomes a book of the author's of one chapter ("Short film: …"), its script and a chapter
 * film in the asked frame, with the asked narrator and score, and subtitles of the prompt's words;
 * the month's videos are counted (402 in the plan's words when none is left); a blank prompt gets
 * the spec's words, an unknown voice is refused, and only authors may make one.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Creation } from '../../functions/contracts/creator';
import { subscriptionMessages } from '../../functions/contracts/subscriptions';
import type { GenerationStarted } from '../../functions/contracts/video';
import { probe } from '../../functions/engine/media/ffmpeg';
import { cueTexts } from '../support/film-measures';
import { createUser, startTestRuntime, type TestRuntime } from './helpers';

let t: TestRuntime;
let work: string;
let author: string;
let explorer: string;

/** About 120 words, one quoted line. */
const PROMPT = [
  'At dawn the old keeper Ada climbed the lighthouse stairs for the last time.',
  'The town below was still asleep, and the fishing boats rocked in the grey harbour.',
  'She polished the great lens slowly, the way her father had taught her, and watched the light turn across the water.',
  'A young woman named Lena waited at the bottom of the tower with a lantern in her hand.',
  '“The lamp is yours now,” Ada said, and she gave Lena the heavy brass key.',
  'Together they walked out onto the gallery as the sun rose over the sea.',
  'The gulls circled the rocks, and far away a ship turned toward home, guided by the light.',
].join(' ');

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[’']/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

beforeAll(async () => {
  t = await startTestRuntime();
  work = mkdtempSync(join(tmpdir(), 'creator-video-'));
  [author, explorer] = await Promise.all([
    createUser(t, { role: 'author' }).then((u) => u.accessToken),
    createUser(t).then((u) => u.accessToken),
  ]);
}, 120_000);

afterAll(async () => {
  await t?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('Creator Mode: Generate Video', () => {
  it('films a short prompt in 9:16 with audio, subtitles of its words and no music when asked without', async () => {
    const voices = await t.api<{ id: string; role: string }[]>('GET', '/audio/voices', { token: author });
    const narrator = voices.body.filter((v) => v.role === 'narrator').at(-1)!;
    expect(narrator, JSON.stringify(voices.body)).toBeTruthy();

    const started = await t.api<Creation>('POST', '/creator/videos', {
      token: author,
      body: { prompt: PROMPT, aspect_ratio: '9:16', voice: narrator.id, music: 'off' },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body).toMatchObject({ kind: 'video', status: 'processing' });
    expect(started.body.video).toMatchObject({ aspect_ratio: '9:16', voice: narrator.id, music: 'off' });
    await t.runtime.stepFunctions.idle();

    const done = await t.api<Creation>('GET', `/creator/creations/${started.body.id}`, { token: author });
    expect(done.status).toBe(200);
    expect(done.body.status, JSON.stringify(done.body)).toBe('ready');
    expect(done.body.progress).toBe(100);
    const film = done.body.video!;
    expect(film.video_url).toBeTruthy();
    expect(film.subtitles_url).toBeTruthy();
    expect(film.duration).toBeGreaterThan(10);

    // The film itself: an MP4 with sound, taller than wide in 9:16.
    const path = join(work, 'short-film.mp4');
    const response = await fetch(new URL(film.video_url!, t.runtime.apiUrl).toString());
    expect(response.status).toBe(200);
    writeFileSync(path, Buffer.from(await response.arrayBuffer()));
    const probed = await probe(path);
    expect(probed.formatName).toContain('mp4');
    expect(probed.audio?.codec).toBeTruthy();
    const { width, height } = probed.video!;
    expect(width).toBe(film.width);
    expect(height).toBe(film.height);
    expect(Math.abs(width / height - 9 / 16)).toBeLessThan(0.01);
    expect(Math.abs(probed.duration - film.duration!)).toBeLessThan(0.5);

    // Its subtitles are the prompt's words, the quoted line among them.
    const vtt = await (await fetch(new URL(film.subtitles_url!, t.runtime.apiUrl).toString())).text();
    expect(vtt.startsWith('WEBVTT')).toBe(true);
    const shown = new Set(cueTexts(vtt).flatMap(words));
    const asked = words(PROMPT);
    expect(asked.filter((w) => shown.has(w)).length / asked.length).toBeGreaterThanOrEqual(0.9);
    expect(cueTexts(vtt).join(' ')).toContain('The lamp is yours now');

    // A real book of the author's, clearly named, of one chapter: the prompt.
    const book = await t.api<{ title: string; status: string; review_pending: boolean }>(
      'GET',
      `/books/${done.body.book_id}`,
      { token: author },
    );
    expect(book.body).toMatchObject({ status: 'READY', review_pending: false });
    expect(book.body.title).toMatch(/^Short film: At dawn the old keeper Ada/);
    expect(done.body.book_title).toBe(book.body.title);

    // Asked without music: each scene keeps its ambiance and no score.
    const audio = await t.api<{
      audio_files: { background_music: unknown[]; scene_mixes: unknown[]; narrator: unknown[] };
    }>('GET', `/ai/audio-files/${film.generation_id}`, { token: author });
    expect(audio.body.audio_files.narrator.length).toBeGreaterThan(0);
    expect(audio.body.audio_files.background_music).toHaveLength(audio.body.audio_files.scene_mixes.length);

    // The film took one of the month's videos.
    const usage = await t.api<{ current_period_videos: number }>('GET', '/subscriptions/usage', {
      token: author,
    });
    expect(usage.body.current_period_videos).toBe(1);

    // The list shows the creation as the status does.
    const list = await t.api<Creation[]>('GET', '/creator/creations', { token: author });
    expect(list.body.find((c) => c.id === started.body.id)).toMatchObject({
      status: 'ready',
      video: { video_url: film.video_url },
    });
  }, 900_000);

  it("refuses a film in the plan's words when the month's videos are used up", async () => {
    const { accessToken: token } = await createUser(t, { role: 'author' });
    const first = await t.api<Creation>('POST', '/creator/videos', {
      token,
      body: { prompt: 'Mara rows across the bay at night. "Hold on," she says.', aspect_ratio: '1:1' },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(202);
    await t.runtime.stepFunctions.idle();
    const made = (await t.api<Creation>('GET', `/creator/creations/${first.body.id}`, { token })).body;
    expect(made.status, JSON.stringify(made)).toBe('ready');
    expect(made.video!.width).toBe(made.video!.height);

    // The free plan's second video of the month, started from the short film's own script.
    const chapters = await t.api<{ id: string }[]>('GET', `/books/${made.book_id}/chapters`, { token });
    expect(chapters.body).toHaveLength(1);
    const chapterId = chapters.body[0]!.id;
    const scripts = await t.api<{ id: string }[]>('GET', `/ai/scripts/${chapterId}`, { token });
    const second = await t.api<GenerationStarted>('POST', '/ai/generate-entertainment-video', {
      token,
      body: { chapter_id: chapterId, script_id: scripts.body[0]!.id },
    });
    expect(second.status, JSON.stringify(second.body)).toBe(202);

    const refused = await t.api<{ detail: string; code: string }>('POST', '/creator/videos', {
      token,
      body: { prompt: 'A fox crosses the snow.', aspect_ratio: '16:9' },
    });
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({
      detail: subscriptionMessages.limitReached,
      code: 'video_limit_reached',
    });
    await t.api('POST', `/ai/cancel-generation/${second.body.video_generation_id}`, { token });
    await t.runtime.stepFunctions.idle();
  }, 900_000);

  it("reports the film's failure in its words and gives the month's video back", async () => {
    const { accessToken: token } = await createUser(t, { role: 'author' });
    process.env.FAULT_INJECTION = 'pipeline.audio:once';
    try {
      const started = await t.api<Creation>('POST', '/creator/videos', {
        token,
        body: { prompt: 'A fox crosses the snow at dusk. "Home," it thinks.' },
      });
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      await t.runtime.stepFunctions.idle();
    } finally {
      delete process.env.FAULT_INJECTION;
      delete process.env.FAULT_INJECTION_FIRED;
    }
    const [failed] = (await t.api<Creation[]>('GET', '/creator/creations', { token })).body;
    expect(failed!.status).toBe('failed');
    expect(failed!.video!.generation_id).toBeTruthy();
    expect(failed!.video!.video_url).toBeNull();
    // The film's own words: the stage it failed in.
    expect(failed!.error_message).toMatch(/^Failed during audio_generation/);
    const usage = await t.api<{ current_period_videos: number }>('GET', '/subscriptions/usage', { token });
    expect(usage.body.current_period_videos).toBe(0);
  }, 300_000);

  it('answers bad requests in words and lets only authors make films', async () => {
    const blank = await t.api<{ detail: string }>('POST', '/creator/videos', {
      token: author,
      body: { prompt: '   ', aspect_ratio: '16:9' },
    });
    expect(blank.status).toBe(400);
    expect(blank.body.detail).toBe('Please enter a prompt for the video.');

    const frame = await t.api<{ detail: string }>('POST', '/creator/videos', {
      token: author,
      body: { prompt: 'A fox crosses the snow.', aspect_ratio: '4:3' },
    });
    expect(frame.status).toBe(400);
    expect(frame.body.detail).toBe('aspect_ratio must be 16:9, 9:16 or 1:1.');

    const voice = await t.api<{ detail: string }>('POST', '/creator/videos', {
      token: author,
      body: { prompt: 'A fox crosses the snow.', voice: 'no-such-voice' },
    });
    expect(voice.status).toBe(400);
    expect(voice.body.detail).toBe('There is no voice "no-such-voice". Choose one from the voice list.');

    const outsider = await t.api('POST', '/creator/videos', {
      token: explorer,
      body: { prompt: 'A fox crosses the snow.', aspect_ratio: '16:9' },
    });
    expect(outsider.status).toBe(403);
  });
});
