import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookWithChapters, Chapter } from '../../functions/contracts/books';
import { MAX_PROMPT_LENGTH } from '../../functions/contracts/validation';
import type { VoiceInfo } from '../../functions/engine/speech/types';
import type { SafetyJob, TextJob } from '../../functions/contracts/model-jobs';
import {
  confirmAsExtracted,
  createUser,
  pollJob,
  runJob,
  startTestRuntime,
  uploadBook,
  type TestRuntime,
} from './helpers';

/**
 * Routes reached directly, each answer checked field by field against the spec: free text
 * (POST /ai/generate-text → a job whose status answers text), a chapter's safety report
 * (POST /ai/analyze-chapter-safety → a job whose status answers data),
 * the narrator voices (GET /ai/voices) and one chapter in full (GET /books/{id}/chapters/{chapterId}).
 */
let t: TestRuntime;
let owner: string;
let stranger: string;
let book: BookWithChapters;

const CALM = 'The keeper polished the great lens each morning and wrote the weather in his log. '.repeat(12);
const GRIM =
  'The soldiers fought on the beach. One was stabbed and lay bleeding; another was shot and killed. ' +
  'The captain drank brandy and swore: damn them all. '.repeat(3) +
  'By evening the sand was quiet again. '.repeat(8);

beforeAll(async () => {
  t = await startTestRuntime();
  [owner, stranger] = await Promise.all([
    createUser(t).then((u) => u.accessToken),
    createUser(t).then((u) => u.accessToken),
  ]);
  const upload = await uploadBook(t, {
    token: owner,
    title: 'Two Shores',
    text: `Chapter 1: The Lens\n\n${CALM}\n\nChapter 2: The Beach\n\n${GRIM}`,
  });
  expect(upload.status).toBe(201);
  await confirmAsExtracted(t, String(upload.body.id), owner);
  book = (await t.api<BookWithChapters>('GET', `/books/${upload.body.id}`, { token: owner })).body;
  expect(book.chapters.map((c) => c.title)).toEqual(['Chapter 1: The Lens', 'Chapter 2: The Beach']);
}, 120_000);

afterAll(async () => {
  await t?.stop();
});

describe('POST /ai/generate-text', () => {
  it('answers 202 with a job whose status route answers { text } written from the prompt', async () => {
    const started = await t.api<TextJob>('POST', '/ai/generate-text', {
      token: owner,
      body: { prompt: 'Describe the lighthouse keeper in two sentences.', context: CALM },
    });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ error_message: null, text: null });
    expect(started.body.status_url).toBe(`/ai/generate-text/status/${started.body.job_id}`);
    const done = await pollJob<TextJob>(t, owner, started.body.status_url);
    expect(done).toMatchObject({ status: 'ready', progress: 100, error_message: null });
    expect(done.text!.trim().length).toBeGreaterThan(20);
    // Someone else's job is not found.
    expect((await t.api('GET', started.body.status_url, { token: stranger })).status).toBe(404);
  });

  it('refuses an empty or too long prompt with the spec words, and strangers to the app', async () => {
    const empty = await t.api('POST', '/ai/generate-text', { token: owner, body: { prompt: '   ' } });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain('Please enter a prompt.');
    const long = await t.api('POST', '/ai/generate-text', {
      token: owner,
      body: { prompt: 'x'.repeat(MAX_PROMPT_LENGTH + 1) },
    });
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toContain(`Prompts can be at most ${MAX_PROMPT_LENGTH} characters.`);
    expect((await t.api('POST', '/ai/generate-text', { body: { prompt: 'Hello' } })).status).toBe(401);
  });
});

describe('POST /ai/analyze-chapter-safety', () => {
  const analyse = (chapterId: string, token = owner) =>
    t.api<SafetyJob>('POST', '/ai/analyze-chapter-safety', { token, body: { chapter_id: chapterId } });
  const report = async (chapterId: string) => {
    const job = await runJob<SafetyJob>(t, owner, '/ai/analyze-chapter-safety', { chapter_id: chapterId });
    expect(job).toMatchObject({ status: 'ready', chapter_id: chapterId, error_message: null });
    return job.data!;
  };

  it('answers a job whose status gives { data }: a rating, a verdict and flags quoting the chapter', async () => {
    expect(await report(book.chapters[0]!.id)).toEqual({ rating: 'general', safe: true, flags: [] });

    const data = await report(book.chapters[1]!.id);
    // Stabbings and killings rate teen; only a mature rating is unsafe.
    expect(data.rating).toBe('teen');
    expect(data.safe).toBe(true);
    const categories = new Set(data.flags.map((f) => f.category));
    expect(categories.has('violence')).toBe(true);
    for (const flag of data.flags) {
      expect(['low', 'medium', 'high']).toContain(flag.severity);
      expect(GRIM).toContain(flag.excerpt.replace(/^…|…$/g, '').trim().slice(0, 20));
    }
  });

  it("refuses a missing id and another reader's chapter", async () => {
    const missing = await t.api('POST', '/ai/analyze-chapter-safety', { token: owner, body: {} });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('chapter_id is required.');
    const foreign = await analyse(book.chapters[0]!.id, stranger);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ detail: 'Chapter not found.' });
  });
});

describe('GET /ai/voices', () => {
  it('lists narrator voices with id, name, language, gender, role and description', async () => {
    const all = await t.api<VoiceInfo[]>('GET', '/ai/voices', { token: owner });
    expect(all.status).toBe(200);
    expect(all.body.length).toBeGreaterThan(1);
    for (const voice of all.body) {
      expect(Object.keys(voice).sort()).toEqual(['description', 'gender', 'id', 'language', 'name', 'role']);
      expect(voice.role).toBe('narrator');
      expect(['female', 'male', 'neutral']).toContain(voice.gender);
      expect(voice.language).toMatch(/^[a-z]{2,3}(-[A-Z]{2})?$/);
    }
    expect(new Set(all.body.map((v) => v.id)).size).toBe(all.body.length);
    // A listed voice is accepted by the narration route.
    const british = await t.api<VoiceInfo[]>('GET', '/ai/voices?language=en-GB', { token: owner });
    expect(british.body.length).toBeGreaterThan(0);
    expect(british.body.every((v) => v.language === 'en-GB')).toBe(true);
    expect(british.body.length).toBeLessThan(all.body.length);
    expect((await t.api('GET', '/ai/voices')).status).toBe(401);
  });
});

describe('GET /books/{id}/chapters/{chapterId}', () => {
  it('answers one chapter in full with the spec fields', async () => {
    const listed = book.chapters[1]!;
    const answer = await t.api<Chapter>('GET', `/books/${book.id}/chapters/${listed.id}`, { token: owner });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id: listed.id,
      book_id: book.id,
      chapter_number: 2,
      order_index: listed.order_index,
      title: 'Chapter 2: The Beach',
    });
    expect(answer.body.content).toContain('One was stabbed and lay bleeding');
    expect(answer.body.content).toContain('By evening the sand was quiet again.');
    expect(typeof answer.body.summary).toBe('string');
    expect(answer.body.summary.length).toBeGreaterThan(0);
    expect(answer.body.word_count).toBeGreaterThan(50);
    expect(answer.body.content_truncated).toBeUndefined();
  });

  it('answers 404 for an unknown chapter, a chapter of another book and a stranger', async () => {
    const other = await uploadBook(t, { token: owner, text: `Chapter 1\n\n${CALM}` });
    await confirmAsExtracted(t, String(other.body.id), owner);
    const unknown = await t.api('GET', `/books/${book.id}/chapters/7b0c2f9e-6a1d-4c1e-9d1f-0e2a3b4c5d6e`, {
      token: owner,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ detail: 'Chapter not found.' });
    const elsewhere = await t.api('GET', `/books/${other.body.id}/chapters/${book.chapters[0]!.id}`, {
      token: owner,
    });
    expect(elsewhere.status).toBe(404);
    const foreign = await t.api('GET', `/books/${book.id}/chapters/${book.chapters[0]!.id}`, {
      token: stranger,
    });
    expect(foreign.status).toBe(404);
  });
});
