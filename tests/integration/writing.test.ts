import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookWithChapters, Chapter } from '../../functions/contracts/books';
import type { PlotGenerationJob, PlotOverview } from '../../functions/contracts/plots';
import type { Script } from '../../functions/contracts/scripts';
import { spokenLines } from '../../functions/engine/text/fountain';
import { CORPUS, corpusBook } from '../bench/writing-corpus';
import { FIRST_PERSON_TITLE, firstPersonNovelText } from '../fixtures/first-person';
import {
  confirmAsExtracted,
  createUser,
  startTestRuntime,
  uploadBook,
  writtenScript,
  type TestRuntime,
} from './helpers';

/**
 * What the offline engine writes about a story, through the public API on the local runtime: the
 * plot of a first-person book (its narrator the protagonist, descriptions without quotations, a
 * genre that fits) and scripts of its chapter in the book's own words (every spoken line the
 * chapter's, speakers as attributed, only characters who act or speak, the chapter whole with
 * `auto`, what a set length leaves out); then a real chapter from `../shared/corpus` when present.
 */
let t: TestRuntime;
let owner: string;
let book: BookWithChapters;
let chapterText: string;

const api = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) =>
  t.api<T>(method, path, { token: owner, ...(body === undefined ? {} : { body }) });
const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

async function readyBook(title: string, text: string): Promise<BookWithChapters> {
  const upload = await uploadBook(t, { token: owner, bookType: 'entertainment', title, text });
  expect(upload.status).toBe(201);
  await confirmAsExtracted(t, String(upload.body.id), owner);
  return (await api<BookWithChapters>('GET', `/books/${upload.body.id}`)).body;
}

/** The script its job writes (started with 202, polled until ready). */
const generateScript = (chapterId: string, target: 'auto' | number) =>
  writtenScript(t, owner, {
    chapter_id: chapterId,
    script_style: 'cinematic_movie',
    target_duration: target,
    include_character_profiles: true,
    scene_count: 3,
  });

/** Every spoken line found in the chapter, in order. */
function expectVerbatim(script: Script, text: string) {
  const chapter = collapse(text);
  let from = 0;
  for (const line of script.scenes.flatMap((s) => spokenLines(s))) {
    const words = collapse(line.text);
    const at = chapter.indexOf(words, from);
    expect(at, words).toBeGreaterThanOrEqual(0);
    from = at + words.length;
  }
}

beforeAll(async () => {
  t = await startTestRuntime();
  owner = (await createUser(t, { role: 'author' })).accessToken;
  book = await readyBook(FIRST_PERSON_TITLE, firstPersonNovelText());
  expect(book.chapters).toHaveLength(3);
  const chapter = await api<Chapter>('GET', `/books/${book.id}/chapters/${book.chapters[1]!.id}`);
  chapterText = chapter.body.content;
}, 180_000);

afterAll(async () => {
  await t?.stop();
});

describe('the plot of a first-person book', () => {
  it('makes the narrator the protagonist and writes every description about the character', async () => {
    const started = await api<PlotGenerationJob>('POST', `/plots/books/${book.id}/generate`, {});
    expect(started.status).toBe(202);
    await t.runtime.stepFunctions.idle();
    const overview = (await api<PlotOverview>('GET', `/plots/books/${book.id}/overview`)).body;
    const protagonists = overview.characters.filter((c) => c.role === 'protagonist');
    expect(protagonists.map((c) => c.name)).toEqual(['Victor']);
    expect(overview.logline).toMatch(/^Victor tells his own story in this /);
    expect(overview.genre).not.toMatch(/romance/i);
    for (const character of overview.characters) {
      for (const field of [character.physical_description, character.personality, character.character_arc])
        expect(field, character.name).not.toMatch(/["“”]/);
    }
    // Nobody is given a look the text does not give.
    const elizabeth = overview.characters.find((c) => c.name === 'Elizabeth');
    if (elizabeth) expect(elizabeth.physical_description).not.toMatch(/\b(?:old|grey|hair|eyes)\b/i);
  });
});

describe('scripts of the chapter', () => {
  it('with target auto, speaks the whole chapter in its own words, each line by its speaker', async () => {
    const script = await generateScript(book.chapters[1]!.id, 'auto');
    expectVerbatim(script, chapterText);
    expect(script.narrator).toBe('Victor');
    expect(script.scenes[0]!.heading).toBe('INT. VICTOR’S ROOM - NIGHT');
    const everyone = script.scenes.flatMap((s) => s.characters);
    expect(everyone).not.toContain('Dante');
    expect(everyone).not.toContain('Elizabeth');
    for (const scene of script.scenes) {
      expect(scene.omitted).toBeUndefined();
      for (const line of scene.dialogue) expect(scene.characters).toContain(line.character);
    }
    const lines = script.scenes.flatMap((s) => s.dialogue);
    expect(lines.find((l) => l.line.startsWith('My dear Victor'))?.character).toMatch(/Clerval/);
    expect(lines.some((l) => /Henry|Clerval/.test(l.character) && l.line.startsWith('Tell me'))).toBe(false);
    // The whole chapter is spoken: every word but the speech tags.
    const spoken = new Set(
      collapse(
        script.scenes.map((s) => `${s.narration} ${s.dialogue.map((d) => d.line).join(' ')}`).join(' '),
      )
        .toLowerCase()
        .match(/\p{L}+/gu),
    );
    const words = chapterText.toLowerCase().match(/\p{L}+/gu)!;
    expect(words.filter((w) => spoken.has(w)).length / words.length).toBeGreaterThan(0.97);
    expect(script.script).not.toMatch(/\bI are\b/);
  });

  it('with a set length, keeps whole passages that fit and says what it leaves out', async () => {
    // About five minutes of reading, told in three.
    const journey = book.chapters[2]!;
    const text = (await api<Chapter>('GET', `/books/${book.id}/chapters/${journey.id}`)).body.content;
    const script = await generateScript(journey.id, 3);
    expectVerbatim(script, text);
    expect(script.estimated_duration).toBe(180);
    const omitted = script.scenes.flatMap((s) => s.omitted ?? []);
    expect(omitted.length).toBeGreaterThan(0);
    for (const gap of omitted) expect(collapse(text)).toContain(gap.opening.replace(/…$/, ''));
    expect(script.scene_descriptions.every((d) => !('omitted' in d))).toBe(true);
  });
});

const shared = existsSync(CORPUS);
if (!shared) console.log(`Skipping the real-chapter script test: ${CORPUS} is absent.`);

describe.skipIf(!shared)('a real chapter (../shared/corpus)', () => {
  it('scripts Treasure Island’s “The Sea-Chest” in its own words, nearly every sentence spoken', async () => {
    const chapter = (await corpusBook('treasure-island.epub')).find((c) => /Sea-Chest/.test(c.title))!;
    const real = await readyBook(
      'Treasure Island',
      `# Treasure Island\n\n## ${chapter.title}\n\n${chapter.content}`,
    );
    const stored = (await api<Chapter>('GET', `/books/${real.id}/chapters/${real.chapters[0]!.id}`)).body;
    const script = await generateScript(real.chapters[0]!.id, 'auto');
    expectVerbatim(script, stored.content);
    const spoken = collapse(
      script.scenes.flatMap((s) => [s.narration, ...s.dialogue.map((d) => d.line)]).join(' '),
    );
    const words = stored.content.match(/\p{L}+/gu)!;
    const said = new Set(spoken.match(/\p{L}+/gu));
    expect(words.filter((w) => said.has(w)).length / words.length).toBeGreaterThan(0.95);
  }, 120_000);
});
