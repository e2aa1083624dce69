import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AudioExportStarted,
  AudioGenerationStarted,
  AudioJobStatus,
} from '../../functions/contracts/audio';
import type { BookWithChapters } from '../../functions/contracts/books';
import type { ChapterImageStatus, SceneImageQueued } from '../../functions/contracts/images';
import type {
  Character,
  CharacterImageQueued,
  CharacterImageStatus,
  PlotOverview,
} from '../../functions/contracts/plots';
import { ffmpegLog } from '../../functions/engine/media/ffmpeg';
import { nameKey } from '../../functions/engine/text/local/names';
import { REAL_NOVELS, wordCount, type ExpectedCharacter, type RealNovel } from '../fixtures/real-novels';
import {
  confirmAsExtracted,
  createUser,
  startTestRuntime,
  uploadBook,
  writtenScript,
  type TestRuntime,
} from './helpers';

/**
 * The entertainment workspace journey on real novels (public-domain openings as such books come in:
 * British single quotes, a Gutenberg file hard-wrapped with CRLF, dialect and em-dashes), through the
 * public API on the local runtime: upload as entertainment → processed → the plot names each main
 * character once, with the protagonist as protagonist and nothing that is not a character → a
 * character portrait of the asked aspect ratio → a 5-scene script in order whose scenes carry real
 * characters of the book and whose lines are spoken by characters of their scene → a scene image and
 * a narrator line for scene 1 → a mix at −16 ± 1 LUFS.
 */
let t: TestRuntime;
let owner: string;
let work: string;
const origin = () => new URL(t.runtime.apiUrl).origin;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'real-novels-'));
  t = await startTestRuntime();
  owner = (await createUser(t, { role: 'author', plan: 'basic' })).accessToken;
}, 120_000);

afterAll(async () => {
  await t?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

const api = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) =>
  t.api<T>(method, path, { token: owner, ...(body === undefined ? {} : { body }) });

/** Whether a plot character is the expected one: the same name, title or not ("Mr. Darcy", "Darcy"). */
const isExpected = (character: { name: string }, expected: ExpectedCharacter) =>
  expected.names.some(
    (name) =>
      name === character.name || (!/^(Mrs?|Miss|Ms)\.? /.test(name) && nameKey(name) === character.name),
  );

/** "Mr. Bennet" and "Bennet" are one name; "Mr. Bennet" and "Mrs. Bennet" two. */
const canonical = (name: string) => name.replace(/\.(?= )/g, '').toLowerCase();

async function runJourney(novel: RealNovel) {
  // Upload as a user would: the file itself, as an entertainment book.
  const upload = await uploadBook(t, {
    token: owner,
    bookType: 'entertainment',
    title: novel.title,
    file: { name: novel.filename, data: new TextEncoder().encode(novel.text), type: 'text/plain' },
  });
  expect(upload.status, JSON.stringify(upload.body)).toBe(201);
  await confirmAsExtracted(t, String(upload.body.id), owner);
  const book = (await api<BookWithChapters>('GET', `/books/${upload.body.id}`)).body;
  expect(book).toMatchObject({ status: 'READY', book_type: 'entertainment' });
  expect(book.chapters, 'chapters').toHaveLength(novel.chapters);

  // Plot: every main character once, the protagonist as protagonist, no false characters.
  await api('POST', `/plots/books/${book.id}/generate`, {});
  await t.runtime.stepFunctions.idle();
  const overview = await api<PlotOverview>('GET', `/plots/books/${book.id}/overview`);
  expect(overview.status).toBe(200);
  const characters = overview.body.characters;
  const listed = characters.map((c) => `${c.name} (${c.role})`).join(', ');
  for (const expected of novel.characters) {
    const found = characters.filter((c) => isExpected(c, expected));
    expect(
      found.map((c) => c.name),
      `${expected.names[0]} once in: ${listed}`,
    ).toHaveLength(1);
    if (expected.role !== 'any')
      expect(found[0]!.role, `${expected.names[0]}: ${listed}`).toBe(expected.role);
  }
  expect(
    characters.filter((c) => c.role === 'protagonist'),
    listed,
  ).toHaveLength(1);
  const names = characters.map((c) => canonical(c.name));
  expect(new Set(names).size, `duplicates in: ${listed}`).toBe(names.length);
  for (const character of characters) {
    expect(novel.notCharacters.map(canonical), `not a character: ${character.name}`).not.toContain(
      canonical(character.name),
    );
    // Every character's name is written in the book (a role's article may open a sentence or not).
    const written = character.name.replace(/^The /, 'the ');
    expect(novel.text.replace(/\s+/g, ' ').replace(/\bThe /g, 'the '), character.name).toContain(written);
  }

  // A portrait of the asked aspect ratio.
  const hero = characters.find((c) => c.role === 'protagonist') as Character;
  const queued = await api<CharacterImageQueued>('POST', `/characters/${hero.id}/generate-image`, {
    aspect_ratio: '9:16',
    quality: 'standard',
  });
  expect(queued.status, JSON.stringify(queued.body)).toBe(202);
  expect(queued.body).toMatchObject({ status: 'queued' });
  await t.runtime.stepFunctions.idle();
  const portrait = await api<CharacterImageStatus>('GET', `/characters/${hero.id}/image-status`);
  expect(portrait.body).toMatchObject({ status: 'completed', error: null });
  const portraitBytes = await fetch(`${origin()}${portrait.body.image_url}`);
  expect(portraitBytes.status).toBe(200);
  const meta = await sharp(Buffer.from(await portraitBytes.arrayBuffer())).metadata();
  expect(meta.width! / meta.height!).toBeCloseTo(9 / 16, 2);

  // A 5-scene script of the chapter: scenes in order, real characters, lines spoken by them.
  const chapter = book.chapters[novel.scriptChapter - 1]!;
  const script = await writtenScript(t, owner, {
    chapter_id: chapter.id,
    script_style: 'cinematic_movie',
    scene_count: 5,
    include_character_profiles: true,
  });
  expect(script.scenes.map((s) => s.scene_number)).toEqual([1, 2, 3, 4, 5]);
  const plotNames = new Set(characters.map((c) => c.name));
  for (const scene of script.scenes) {
    const where = `scene ${scene.scene_number}: ${scene.characters.join(', ')}`;
    expect(scene.characters.length, where).toBeGreaterThan(0);
    expect(new Set(scene.characters).size, where).toBe(scene.characters.length);
    for (const name of scene.characters) {
      expect(novel.notCharacters.map(canonical), where).not.toContain(canonical(name));
      // A character of the plot (by the plot's name, "Kitty" for the chapter's "Catherine") or of the
      // chapter, by name or by the description it speaks under ("The Captain" for "the captain").
      if (!plotNames.has(name))
        expect(chapter.content.replace(/\s+/g, ' ').toLowerCase(), where).toContain(name.toLowerCase());
    }
    for (const line of scene.dialogue) expect(scene.characters, where).toContain(line.character);
  }
  // The script speaks of the plot's characters by the plot's names.
  const mainInChapter = script.characters.filter((name) => plotNames.has(name));
  expect(mainInChapter.length, script.characters.join(', ')).toBeGreaterThan(0);

  // A scene image and a narrator line for scene 1.
  const image = await api<SceneImageQueued>('POST', `/chapters/${chapter.id}/images/scenes/1`, {
    script_id: script.id,
    aspect_ratio: '16:9',
    quality: 'standard',
  });
  expect(image.status, JSON.stringify(image.body)).toBe(202);
  await t.runtime.stepFunctions.idle();
  const drawn = await api<ChapterImageStatus>(
    'GET',
    `/chapters/${chapter.id}/images/status/${image.body.job_id}`,
  );
  expect(drawn.body).toMatchObject({ status: 'completed', width: 1280, height: 720 });

  const narrator = await api<AudioGenerationStarted>('POST', `/chapters/${chapter.id}/audio/narrator/1`, {
    script_id: script.id,
  });
  expect(narrator.status, JSON.stringify(narrator.body)).toBe(202);
  await t.runtime.stepFunctions.idle();
  const spoken = await api<AudioJobStatus>(
    'GET',
    `/chapters/${chapter.id}/audio/status/${narrator.body.job_id}`,
  );
  expect(spoken.body).toMatchObject({ status: 'completed', error: null });
  expect(spoken.body.duration!).toBeGreaterThan(0.5);

  // The mix at −16 LUFS ± 1, measured with FFmpeg's ebur128.
  const exported = await api<AudioExportStarted>('POST', `/chapters/${chapter.id}/audio/export`, {
    audio_assets: narrator.body.files.map((f) => f.id),
  });
  expect(exported.status, JSON.stringify(exported.body)).toBe(202);
  await t.runtime.stepFunctions.idle();
  const mix = await api<AudioJobStatus>(
    'GET',
    `/chapters/${chapter.id}/audio/status/${exported.body.job_id}`,
  );
  expect(mix.body).toMatchObject({ status: 'completed', error: null });
  const served = await fetch(`${origin()}${mix.body.url}`);
  expect(served.status).toBe(200);
  const path = join(work, `${novel.slug}.m4a`);
  writeFileSync(path, Buffer.from(await served.arrayBuffer()));
  const log = await ffmpegLog(['-i', path, '-af', 'ebur128=peak=true', '-f', 'null', '-']);
  const integrated = Number(/I:\s*(-?[\d.]+) LUFS/.exec(log.slice(log.lastIndexOf('Summary:')))![1]);
  console.log(
    `${novel.slug}: ${characters.length} characters (${listed}); script ${script.characters.join(', ')}; mix ${integrated} LUFS`,
  );
  expect(integrated).toBeGreaterThanOrEqual(-17);
  expect(integrated).toBeLessThanOrEqual(-15);
}

describe('the workspace journey on real novels', () => {
  it('keeps each fixture to 3–4 chapters and 4 000–9 000 words', () => {
    for (const novel of REAL_NOVELS) {
      expect(novel.chapters).toBeGreaterThanOrEqual(3);
      expect(novel.chapters).toBeLessThanOrEqual(4);
      expect(wordCount(novel.text), novel.slug).toBeGreaterThanOrEqual(4000);
      expect(wordCount(novel.text), novel.slug).toBeLessThanOrEqual(9000);
    }
  });

  it.each(REAL_NOVELS.map((n) => [n.title, n] as const))(
    '%s',
    async (_title, novel) => runJourney(novel),
    300_000,
  );
});
