import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AudioExportStarted,
  AudioFile,
  AudioGenerationStarted,
  AudioJobStatus,
  VoiceInfo,
} from '../../functions/contracts/audio';
import type { BookWithChapters } from '../../functions/contracts/books';
import type { Character, PlotOverview } from '../../functions/contracts/plots';
import type { Script } from '../../functions/contracts/scripts';
import { ffmpegLog, probe } from '../../functions/engine/media/ffmpeg';
import { getAdapters } from '../../functions/lib/adapters';
import { novelText } from '../fixtures/novel';
import {
  confirmAsExtracted,
  novelWithPlot,
  startTestRuntime,
  uploadBook,
  writtenScript,
  type TestRuntime,
} from './helpers';

/**
 * The chapter audio of the entertainment workspace through the public API on the local runtime: the
 * fixture novel with its plot and a 5-scene script → narration and dialogue per scene as jobs that
 * serve real audio → each character keeps one voice, which the user can change → redoing a scene
 * replaces only its files → a mix of the chosen files at −16 LUFS with the true peak under −1 dBTP
 * (measured with FFmpeg's ebur128) → another user gets 404 everywhere; bad input answers a clear
 * message and changes nothing.
 */
let t: TestRuntime;
let owner: string;
let stranger: string;
let book: BookWithChapters;
let overview: PlotOverview;
let script: Script;
let work: string;
const origin = () => new URL(t.runtime.apiUrl).origin;
const chapter = () => book.chapters[2]!;

const api = <T = Record<string, unknown>>(method: string, path: string, body?: unknown, token = owner) =>
  t.api<T>(method, path, { token, ...(body === undefined ? {} : { body }) });

const audioPath = (suffix = '') => `/chapters/${chapter().id}/audio${suffix}`;
const listAudio = async () => (await api<AudioFile[]>('GET', audioPath(`?script_id=${script.id}`))).body;

/** Starts a generation, waits for the job system and answers the job's final status. */
async function generate(kind: string, scene: number, body: Record<string, unknown> = {}) {
  const started = await api<AudioGenerationStarted>('POST', audioPath(`/${kind}/${scene}`), {
    script_id: script.id,
    ...body,
  });
  // A job answered at once: the work never runs in the request.
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  await t.runtime.stepFunctions.idle();
  const status = await api<AudioJobStatus>('GET', audioPath(`/status/${started.body.job_id}`));
  return { started: started.body, status: status.body };
}

/** The served file's bytes on disk, probed with FFprobe. */
async function fetchAudio(url: string, name: string) {
  const response = await fetch(`${origin()}${url}`);
  expect(response.status).toBe(200);
  const path = join(work, name);
  writeFileSync(path, Buffer.from(await response.arrayBuffer()));
  return { path, probe: await probe(path) };
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'audio-test-'));
  t = await startTestRuntime();
  ({ owner, stranger, book, overview } = await novelWithPlot(t));
  script = await writtenScript(t, owner, {
    chapter_id: chapter().id,
    script_style: 'cinematic_movie',
    scene_count: 5,
  });
  expect(script.scenes).toHaveLength(5);
}, 240_000);

afterAll(async () => {
  await t?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** The scene with the most lines by one character (that character speaks at least twice there). */
function sceneWithRepeatedSpeaker() {
  let best: { scene: number; speaker: string; count: number } | null = null;
  for (const scene of script.scenes) {
    const counts = new Map<string, number>();
    for (const line of scene.dialogue) counts.set(line.character, (counts.get(line.character) ?? 0) + 1);
    for (const [speaker, count] of counts)
      if (count >= 2 && (!best || count > best.count)) best = { scene: scene.scene_number, speaker, count };
  }
  return best;
}

describe('chapter audio', () => {
  it('lists the voice catalogue: narrators and character voices', async () => {
    const voices = await api<VoiceInfo[]>('GET', '/audio/voices');
    expect(voices.status).toBe(200);
    expect(voices.body.some((v) => v.role === 'narrator')).toBe(true);
    expect(voices.body.some((v) => v.role === 'character')).toBe(true);
    const nell = overview.characters.find((c) => c.name === 'Nell')!;
    expect(voices.body.map((v) => v.id)).toContain(nell.voice);
  });

  it('has no audio before the first generation', async () => {
    expect(await listAudio()).toEqual([]);
  });

  it('reads the narrator line of scene 1 as a job and serves real audio', async () => {
    const { started, status } = await generate('narrator', 1);
    expect(started.files).toHaveLength(1);
    expect(started.files[0]).toMatchObject({
      type: 'narration',
      kind: 'narrator',
      sceneNumber: 1,
      script_id: script.id,
      url: null,
    });
    expect(['pending', 'generating']).toContain(started.files[0]!.status);
    expect(status).toMatchObject({ status: 'completed', progress: 100, error: null, job_type: 'generation' });
    expect(status.url).toMatch(/^\/media\//);
    const [file] = await listAudio();
    expect(file).toMatchObject({ status: 'completed', type: 'narration', sceneNumber: 1, error: null });
    expect(file!.audio_url).toBe(file!.url);
    expect(file!.voice).toMatch(/narrator/);
    expect(file!.duration).toBeGreaterThan(0.5);
    expect(file!.endTime).toBeCloseTo(file!.startTime + file!.duration!, 2);
    const served = await fetchAudio(file!.url!, 'narrator.m4a');
    expect(served.probe.audio).toBeTruthy();
    expect(served.probe.duration).toBeGreaterThan(0.5);
  });

  it('speaks every line of a scene in its character’s voice, the same voice for the same character', async () => {
    const repeated = sceneWithRepeatedSpeaker();
    expect(repeated, 'a scene where one character speaks twice').not.toBeNull();
    const scene = script.scenes.find((s) => s.scene_number === repeated!.scene)!;
    const { started, status } = await generate('dialogue', scene.scene_number);
    expect(started.files).toHaveLength(scene.dialogue.length);
    expect(status.status).toBe('completed');
    const lines = (await listAudio()).filter((f) => f.kind === 'dialogue');
    expect(lines.map((l) => l.character)).toEqual(scene.dialogue.map((d) => d.character));
    for (const line of lines) {
      expect(line).toMatchObject({ status: 'completed', type: 'narration', sceneNumber: scene.scene_number });
      const plotCharacter = overview.characters.find((c) => c.name === line.character);
      if (plotCharacter) expect(line.voice).toBe(plotCharacter.voice);
    }
    const same = lines.filter((l) => l.character === repeated!.speaker);
    expect(same.length).toBeGreaterThanOrEqual(2);
    expect(new Set(same.map((l) => l.voice)).size).toBe(1);
    // One after another on the scene's timeline.
    for (let i = 1; i < lines.length; i++)
      expect(lines[i]!.startTime).toBeGreaterThanOrEqual(lines[i - 1]!.endTime!);
    const served = await fetchAudio(lines[0]!.url!, 'line.m4a');
    expect(served.probe.duration).toBeGreaterThan(0.2);
  });

  it('makes music, effects and ambiance for scene 1, sized to its speech', async () => {
    for (const kind of ['music', 'sound_effect', 'background_music']) {
      const { status } = await generate(kind, 1, kind === 'music' ? { music_style: 'orchestral' } : {});
      expect(status, kind).toMatchObject({ status: 'completed', error: null });
    }
    const files = (await listAudio()).filter((f) => f.sceneNumber === 1);
    const narration = files.find((f) => f.kind === 'narrator')!;
    const music = files.find((f) => f.kind === 'music')!;
    expect(music).toMatchObject({ type: 'music', status: 'completed', startTime: 0 });
    expect(music.name).toMatch(/orchestral/);
    expect(music.duration!).toBeGreaterThanOrEqual(narration.endTime!);
    expect(files.find((f) => f.kind === 'background_music')).toMatchObject({ type: 'ambiance' });
    const effects = files.filter((f) => f.kind === 'sound_effect');
    expect(effects.length).toBeGreaterThan(0);
    for (const effect of effects) {
      expect(effect).toMatchObject({ type: 'effects', status: 'completed' });
      // Named for the sound ("door slam", "footsteps on stone"), never after a sentence of the book.
      const sound = effect.name.replace(/^Scene 1 · Effect: /, '');
      expect(sound.split(' ').length, effect.name).toBeLessThanOrEqual(5);
      expect(sound).not.toMatch(/[.,;!?]/);
    }
  });

  it('changing a character’s voice changes the voice of their next lines; redoing a scene replaces only it', async () => {
    const repeated = sceneWithRepeatedSpeaker()!;
    const before = await listAudio();
    const character = overview.characters.find((c) => c.name === repeated.speaker) as Character | undefined;
    expect(character, `${repeated.speaker} is a plot character`).toBeDefined();
    const voices = (await api<VoiceInfo[]>('GET', '/audio/voices?language=en-GB')).body;
    const other = voices.find((v) => v.role === 'character' && v.id !== character!.voice)!;

    const unknown = await api('PUT', `/characters/${character!.id}`, { voice: 'local:xx:nobody' });
    expect(unknown).toMatchObject({
      status: 400,
      body: { detail: 'There is no voice "local:xx:nobody". Choose one from the voice list.' },
    });
    const changed = await api<Character>('PUT', `/characters/${character!.id}`, { voice: other.id });
    expect(changed.body.voice).toBe(other.id);

    await generate('dialogue', repeated.scene);
    const after = await listAudio();
    const oldLines = before.filter((f) => f.kind === 'dialogue');
    const newLines = after.filter((f) => f.kind === 'dialogue');
    expect(newLines).toHaveLength(oldLines.length);
    // New files, the old ones gone with their media.
    expect(newLines.some((f) => oldLines.some((o) => o.id === f.id))).toBe(false);
    expect((await fetch(`${origin()}${oldLines[0]!.url}`)).status).toBe(404);
    for (const line of newLines.filter((l) => l.character === repeated.speaker))
      expect(line.voice).toBe(other.id);
    // Every other file is exactly as it was.
    expect(after.filter((f) => f.kind !== 'dialogue')).toEqual(before.filter((f) => f.kind !== 'dialogue'));
  });

  it('exports a mix of the chosen files at −16 LUFS (±1) with the true peak at most −1 dBTP', async () => {
    const files = await listAudio();
    const assets = files.map((f) => (f.kind === 'music' ? { id: f.id, volume: 0.5 } : f.id));
    const started = await api<AudioExportStarted>('POST', audioPath('/export'), { audio_assets: assets });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body.assets).toBe(files.length);
    await t.runtime.stepFunctions.idle();
    const status = await api<AudioJobStatus>('GET', audioPath(`/status/${started.body.job_id}`));
    expect(status.body).toMatchObject({
      status: 'completed',
      job_type: 'export',
      format: 'm4a',
      error: null,
    });
    const served = await fetchAudio(status.body.url!, 'mix.m4a');
    expect(served.probe.duration).toBeCloseTo(status.body.duration!, 0);
    // The scenes one after another: at least as long as the two scenes' speech.
    const longest = (scene: number) =>
      Math.max(...files.filter((f) => f.sceneNumber === scene).map((f) => f.endTime!));
    const scenes = [...new Set(files.map((f) => f.sceneNumber))];
    expect(served.probe.duration).toBeGreaterThanOrEqual(
      scenes.reduce((sum, scene) => sum + longest(scene), 0) - 0.1,
    );
    const log = await ffmpegLog(['-i', served.path, '-af', 'ebur128=peak=true', '-f', 'null', '-']);
    const summary = log.slice(log.lastIndexOf('Summary:'));
    const integrated = Number(/I:\s*(-?[\d.]+) LUFS/.exec(summary)![1]);
    const truePeak = Number(/True peak:\s*Peak:\s*(-?[\d.]+) dBFS/.exec(summary)![1]);
    console.log(
      `chapter audio mix: ${served.probe.duration.toFixed(1)} s, ${integrated} LUFS, true peak ${truePeak} dBTP`,
    );
    expect(integrated).toBeGreaterThanOrEqual(-17);
    expect(integrated).toBeLessThanOrEqual(-15);
    expect(truePeak).toBeLessThanOrEqual(-1);
    expect(status.body.loudness).toBeCloseTo(integrated, 0);
  });

  it('deletes a file and its stored media', async () => {
    const [effect] = (await listAudio()).filter((f) => f.kind === 'sound_effect');
    const removed = await api('DELETE', audioPath(`/${effect!.id}`));
    expect(removed).toMatchObject({ status: 200, body: { id: effect!.id, deleted: true } });
    expect((await listAudio()).some((f) => f.id === effect!.id)).toBe(false);
    expect((await fetch(`${origin()}${effect!.url}`)).status).toBe(404);
    const again = await api('DELETE', audioPath(`/${effect!.id}`));
    expect(again).toMatchObject({ status: 404, body: { detail: 'Audio file not found.' } });
  });

  it('a file deleted while its job still runs stays deleted: the job removes what it uploaded', async () => {
    const started = await api<AudioGenerationStarted>('POST', audioPath('/narrator/4'), {
      script_id: script.id,
    });
    expect(started.status).toBe(202);
    const [file] = started.body.files;
    expect(['pending', 'generating']).toContain(file!.status);
    const removed = await api('DELETE', audioPath(`/${file!.id}`));
    expect(removed).toMatchObject({ status: 200, body: { id: file!.id, deleted: true } });
    // Still running when it was deleted (the job had not written its file back yet).
    const running = await api<AudioJobStatus>('GET', audioPath(`/status/${started.body.job_id}`));
    expect(['pending', 'generating']).toContain(running.body.status);
    expect((await listAudio()).some((f) => f.id === file!.id)).toBe(false);
    await t.runtime.stepFunctions.idle();
    const status = await api<AudioJobStatus>('GET', audioPath(`/status/${started.body.job_id}`));
    expect(status.body.status).toBe('completed');
    expect(status.body.files).toEqual([]);
    expect((await listAudio()).some((f) => f.id === file!.id)).toBe(false);
    const key = `media/books/${book.id}/audio/${chapter().id}/${file!.id}.m4a`;
    expect(await getAdapters().storage.media.head(key)).toBeNull();
    const again = await api('DELETE', audioPath(`/${file!.id}`));
    expect(again).toMatchObject({ status: 404, body: { detail: 'Audio file not found.' } });
  });

  it('another user gets 404 on every audio route, and nothing changes', async () => {
    const before = await listAudio();
    const file = before[0]!;
    const as = (method: string, path: string, body?: unknown) => api(method, path, body, stranger);
    const answers = await Promise.all([
      as('GET', audioPath()),
      as('GET', audioPath(`?script_id=${script.id}`)),
      as('POST', audioPath('/narrator/1'), { script_id: script.id }),
      as('DELETE', audioPath(`/${file.id}`)),
      as('POST', audioPath('/export'), { audio_assets: [file.id] }),
      as('GET', audioPath(`/status/${file.job_id}`)),
    ]);
    expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404, 404, 404]);
    for (const answer of answers) expect(answer.body).toMatchObject({ detail: 'Chapter not found.' });
    expect(await listAudio()).toEqual(before);
  });

  it('bad input answers a clear message with 400 or 404 and changes nothing', async () => {
    const before = await listAudio();
    const body = { script_id: script.id };
    const cases: [string, string, unknown, number, string | RegExp][] = [
      ['POST', audioPath('/karaoke/1'), body, 400, /^Unknown audio kind: choose one of dialogue, narrator/],
      ['POST', audioPath('/narrator/0'), body, 400, 'Scene must be a whole number from 1 to 15.'],
      ['POST', audioPath('/narrator/abc'), body, 400, 'Scene must be a whole number from 1 to 15.'],
      ['POST', audioPath('/narrator/9'), body, 400, 'Scene 9 is not part of this script.'],
      ['POST', audioPath('/narrator/1'), {}, 400, 'script_id is required.'],
      [
        'POST',
        audioPath('/narrator/1'),
        { script_id: '00000000-0000-4000-8000-000000000bad' },
        404,
        'Script not found.',
      ],
      [
        'POST',
        audioPath('/narrator/1'),
        { ...body, voice: 'local:xx:nobody' },
        400,
        'There is no voice "local:xx:nobody". Choose one from the voice list.',
      ],
      [
        'POST',
        audioPath('/music/1'),
        { ...body, music_style: 'polka' },
        400,
        'Music style must be one of cinematic, orchestral, electronic, ambient, dramatic.',
      ],
      [
        'POST',
        audioPath('/narrator/1'),
        { ...body, audio_quality: 'lossless' },
        400,
        'Audio quality must be standard, high or premium.',
      ],
      ['POST', `/chapters/${book.chapters[0]!.id}/audio/narrator/1`, body, 404, 'Script not found.'],
      ['POST', audioPath('/export'), { audio_assets: [] }, 400, 'No scenes available to generate audio for'],
      ['POST', audioPath('/export'), {}, 400, 'No scenes available to generate audio for'],
      [
        'POST',
        audioPath('/export'),
        { audio_assets: ['00000000-0000-4000-8000-000000000bad'] },
        400,
        'Audio file 00000000-0000-4000-8000-000000000bad is not part of this chapter.',
      ],
      [
        'GET',
        audioPath('/status/00000000-0000-4000-8000-000000000bad'),
        undefined,
        404,
        'Audio job not found.',
      ],
      ['GET', '/chapters/00000000-0000-4000-8000-000000000bad/audio', undefined, 404, 'Chapter not found.'],
      ['GET', audioPath('?script_id=nope'), undefined, 400, 'script_id must be a script id.'],
    ];
    for (const [method, path, payload, code, message] of cases) {
      const answer = await api<{ detail: string }>(method, path, payload);
      expect(answer.status, `${method} ${path}`).toBe(code);
      if (typeof message === 'string') expect(answer.body.detail, `${method} ${path}`).toBe(message);
      else expect(answer.body.detail, `${method} ${path}`).toMatch(message);
    }
    // Another user's chapter is a 404 like a missing one.
    const theirs = await uploadBook(t, { token: stranger, bookType: 'entertainment', text: novelText() });
    await confirmAsExtracted(t, String(theirs.body.id), stranger);
    const theirBook = (await api<BookWithChapters>('GET', `/books/${theirs.body.id}`, undefined, stranger))
      .body;
    const foreign = await api('POST', `/chapters/${theirBook.chapters[0]!.id}/audio/narrator/1`, body);
    expect(foreign).toMatchObject({ status: 404, body: { detail: 'Chapter not found.' } });
    await t.runtime.stepFunctions.idle();
    expect(await listAudio()).toEqual(before);
  });
});
