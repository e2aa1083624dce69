import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthorAnalytics } from '../../functions/contracts/analytics';
import type { LearningJob, QuizResult } from '../../functions/contracts/learning';
import type { QuizJob } from '../../functions/contracts/model-jobs';
import { makeTxtBookText } from '../fixtures/books';
import { createUser, readyBook, runJob, startTestRuntime, type TestRuntime } from './helpers';

/**
 * The Author panel's analytics: counted from what readers did in the author's books and what the
 * author generated of them; nobody else's book is answered.
 */
let t: TestRuntime;
let author: string;
let other: string;
let explorer: string;
let bookId: string;
let quietBookId: string;

const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await startTestRuntime();
  author = (await createUser(t, { role: 'author', plan: 'basic' })).accessToken;
  other = (await createUser(t, { role: 'author' })).accessToken;
  explorer = (await createUser(t, { role: 'explorer' })).accessToken;
  const text = makeTxtBookText({ chapters: 3, wordsPerChapter: 200, headingStyle: 'markdown' });
  bookId = (await readyBook(t, author, { title: 'Lessons of the Lighthouse', text })).bookId;
  quietBookId = (await readyBook(t, author, { title: 'A Quiet Harbour', text })).bookId;
}, 240_000);

afterAll(async () => {
  await t?.stop();
});

const analytics = (token: string, query = '') =>
  t.api<AuthorAnalytics>('GET', `/author/analytics${query}`, { token });

describe('GET /author/analytics', () => {
  it('counts readers, chapters completed, quiz scores, plays, generations and their days', async () => {
    const before = await analytics(author, `?book_id=${bookId}&days=7`);
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    expect(before.body.timeline).toHaveLength(7);
    expect(before.body.timeline.at(-1)).toMatchObject({ date: today(), readers: 0, quiz_average: null });
    expect(before.body.books.find((b) => b.book_id === bookId)).toMatchObject({
      readers: 0,
      generations: 0,
      chapters: 3,
      media: { narrations: 0, videos: 0 },
    });

    const chapters = (await t.api<{ id: string }[]>('GET', `/books/${bookId}/chapters`, { token: author }))
      .body;
    const narration = await t.api<LearningJob>('POST', '/ai/generate-audio-narration', {
      token: author,
      body: { chapter_id: chapters[0]!.id },
    });
    expect(narration.status, JSON.stringify(narration.body)).toBe(202);
    await t.runtime.stepFunctions.idle();
    const job = await t.api<LearningJob>('GET', `/ai/check-video-status/${narration.body.id}`, {
      token: author,
    });
    expect(job.body.status).toBe('ready');

    const progress = (chapter: string, event: string) =>
      t.api('POST', `/books/${bookId}/progress`, {
        token: author,
        body: { chapter_id: chapter, event, seconds: 60 },
      });
    expect((await progress(chapters[0]!.id, 'narration_finished')).status).toBe(200);
    expect((await progress(chapters[0]!.id, 'video_finished')).status).toBe(200);
    expect((await progress(chapters[1]!.id, 'chapter_read')).status).toBe(200);

    const written = await runJob<QuizJob>(t, author, '/ai/generate-quiz', {
      book_id: bookId,
      chapter_id: chapters[0]!.id,
      num_questions: 4,
      difficulty: 'easy',
    });
    expect(written.status).toBe('ready');
    const quiz = { body: written.quiz! };
    const blank = await t.api<QuizResult>('POST', `/quizzes/${quiz.body.id}/submit`, {
      token: author,
      body: { answers: [] },
    });
    await t.api('POST', `/quizzes/${quiz.body.id}/submit`, {
      token: author,
      body: { answers: blank.body.results.map((r) => r.correct_answer) },
    });

    const after = await analytics(author, `?book_id=${bookId}&days=7`);
    expect(after.status).toBe(200);
    const figures = {
      readers: 1,
      chapters_completed: 2,
      quiz_attempts: 2,
      quiz_average: 50,
      narration_plays: 1,
      video_plays: 1,
      generations: 1,
      video_minutes: 0,
    };
    expect(after.body.book_id).toBe(bookId);
    expect(after.body.books.find((b) => b.book_id === bookId)).toMatchObject({
      title: 'Lessons of the Lighthouse',
      book_type: 'learning',
      status: 'READY',
      media: { narrations: 1, videos: 0, images: 0 },
      ...figures,
    });
    expect(after.body.timeline.at(-1)).toEqual({ date: today(), ...figures });
    expect(after.body.timeline.slice(0, -1).every((day) => day.readers === 0 && day.generations === 0)).toBe(
      true,
    );

    // The other book keeps its own (empty) figures; all books together sum both.
    const all = await analytics(author);
    expect(all.body).toMatchObject({ book_id: null, days: 30 });
    expect(all.body.timeline).toHaveLength(30);
    expect(all.body.books.map((b) => b.book_id).sort()).toEqual([bookId, quietBookId].sort());
    expect(all.body.books.find((b) => b.book_id === quietBookId)).toMatchObject({
      readers: 0,
      quiz_average: null,
      generations: 0,
    });
    expect(all.body.timeline.at(-1)).toMatchObject({ readers: 1, quiz_attempts: 2 });
  }, 240_000);

  it("answers someone else's book as not found, and nothing to an explorer or without a token", async () => {
    const foreign = await analytics(other, `?book_id=${bookId}`);
    expect(foreign).toMatchObject({ status: 404, body: { detail: 'Book not found.' } });
    const theirs = await analytics(other);
    expect(theirs.status).toBe(200);
    expect(theirs.body.books).toEqual([]);
    expect(JSON.stringify(theirs.body)).not.toContain('Lighthouse');
    expect((await analytics(explorer)).status).toBe(403);
    expect((await t.api('GET', '/author/analytics')).status).toBe(401);
  });

  it('refuses a period or a book id it does not know, in words', async () => {
    expect(await analytics(author, '?days=12')).toMatchObject({
      status: 400,
      body: { detail: 'days must be 7, 30 or 90.' },
    });
    expect(await analytics(author, '?book_id=../../etc')).toMatchObject({
      status: 400,
      body: { detail: 'book_id must be a book id.' },
    });
  });
});
