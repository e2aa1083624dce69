import { describe, expect, it } from 'vitest';
import { createBooksService } from '../../../functions/books/service';
import type { ChapterRecord } from '../../../functions/books/model';
import { createLocalTextEngine } from '../../../functions/engine/text/local';
import type { Engine } from '../../../functions/engine/types';
import { createUserActivity } from '../../../functions/events';
import { createJobs, jobMessages, QUIET_MS } from '../../../functions/jobs';
import { createQuizService } from '../../../functions/learning/quizzes';
import { createLearningService, learningJobView } from '../../../functions/learning/service';
import { createUsageMeter } from '../../../functions/lib/usage-meter';
import { createSubscriptionsService } from '../../../functions/subscriptions/service';
import { memoryAdapters } from '../../support/memory';

const chapterText =
  'Mara kept the lighthouse on the northern cape. Every night she climbed the tower and lit the great lamp. ' +
  'Ships from the south trusted the light to guide them past the rocks. One winter a storm broke the lens. ' +
  'Mara repaired it with glass from the village church, and the light shone again before the fishing fleet returned.';

async function setup() {
  const adapters = memoryAdapters();
  const jobs = createJobs({ ...adapters, work: adapters.storage.uploads });
  const activity = createUserActivity(adapters);
  const books = createBooksService({ ...adapters, jobs, activity });
  const subscriptions = createSubscriptionsService({
    ...adapters,
    meter: createUsageMeter(adapters.table, adapters.clock),
    payments: () => Promise.reject(new Error('no payments in this test')),
    appOrigins: async () => ['https://app.example.com'],
  });
  const learning = createLearningService({
    ...adapters,
    jobs,
    books,
    activity,
    metering: subscriptions.videoMetering,
  });
  const engine = { text: createLocalTextEngine() } as unknown as Engine;
  const quizzes = createQuizService({
    repository: learning.repository,
    books,
    activity,
    engine: () => engine,
    ...adapters,
  });
  const book = await books.createBookFromUpload({
    ownerId: 'owner',
    bookType: 'learning',
    title: 'The Cape',
    description: '',
    source: { kind: 'text', text: chapterText },
  });
  const chapters: ChapterRecord[] = [1, 2].map((n) => ({
    id: `00000000-0000-4000-8000-0000000000c${n}`,
    book_id: book.id,
    owner_id: 'owner',
    chapter_number: n,
    order_index: n - 1,
    title: n === 1 ? 'The Lamp' : 'The Storm',
    content: chapterText,
    summary: '',
    word_count: 60,
    updated_at: '2026-11-23T10:00:00.000Z',
  }));
  for (const chapter of chapters) await books.repository.putChapter(chapter);
  return { ...adapters, jobs, activity, books, learning, quizzes, book, chapters };
}

describe('the learning service', () => {
  it('starts a narration job for a ready book and answers the running one instead of a second', async () => {
    const { learning, books, book, chapters, workflows } = await setup();
    await expect(
      learning.start('owner', chapters[0]!.id, { content_type: 'audio_narration' }),
    ).rejects.toMatchObject({
      statusCode: 409,
      code: 'book_not_ready',
    });
    await books.repository.update(book.id, { status: 'READY', review_pending: false });
    const job = await learning.start('owner', chapters[0]!.id, {
      content_type: 'audio_narration',
      voice: 'v1',
    });
    expect(learningJobView(job)).toMatchObject({
      status: 'processing',
      content_type: 'audio_narration',
      book_id: book.id,
      chapter_id: chapters[0]!.id,
      hosted_url: `/book/${book.id}?chapter=${chapters[0]!.id}`,
      content_url: null,
    });
    expect(workflows.executions.at(-1)).toMatchObject({
      machine: 'learningContent',
      name: `learn-${job.id}`,
    });
    const again = await learning.start('owner', chapters[0]!.id, { content_type: 'audio_narration' });
    expect(again.id).toBe(job.id);
    const video = await learning.start('owner', chapters[0]!.id, { content_type: 'realistic_video' });
    expect(video.id).not.toBe(job.id);
  });

  it("another user's chapter and job are 404s", async () => {
    const { learning, books, book, chapters } = await setup();
    await books.repository.update(book.id, { status: 'READY', review_pending: false });
    const job = await learning.start('owner', chapters[0]!.id, { content_type: 'audio_narration' });
    await expect(
      learning.start('intruder', chapters[0]!.id, { content_type: 'audio_narration' }),
    ).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(learning.ownJob(job.id, 'intruder')).rejects.toMatchObject({
      statusCode: 404,
      code: 'job_not_found',
    });
    await expect(learning.loadReadableChapter(chapters[0]!.id, 'intruder')).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('a job cut off without an outcome fails when checked and no longer blocks a new run', async () => {
    const { learning, books, book, chapters, workflows, clock } = await setup();
    await books.repository.update(book.id, { status: 'READY', review_pending: false });
    const job = await learning.start('owner', chapters[1]!.id, { content_type: 'chapter_video' });
    workflows.end(job.execution_arn!, 'ABORTED');
    clock.advance(QUIET_MS + 1000);
    expect(await learning.ownJob(job.id, 'owner')).toMatchObject({
      status: 'failed',
      error_message: jobMessages.interrupted,
    });
    const next = await learning.start('owner', chapters[1]!.id, { content_type: 'chapter_video' });
    expect(next.id).not.toBe(job.id);
  });

  it('lists ready content with any newer job still running, and marks chapters by content type', async () => {
    const { learning, books, book, chapters } = await setup();
    await books.repository.update(book.id, { status: 'READY', review_pending: false });
    await learning.repository.putContent({
      id: 'old',
      book_id: book.id,
      chapter_id: chapters[0]!.id,
      content_type: 'audio_narration',
      audio_key: `media/books/${book.id}/learning/old/narration.m4a`,
      video_key: null,
      duration: 12,
      created_at: '2026-11-23T09:00:00.000Z',
    });
    const running = await learning.start('owner', chapters[0]!.id, { content_type: 'audio_narration' });
    const items = await learning.chapterContentItems(book, chapters[0]!.id);
    expect(items).toEqual([
      expect.objectContaining({
        id: 'old',
        status: 'ready',
        content_url: expect.stringMatching(
          new RegExp(`^/media/books/${book.id}/learning/old/narration\\.m4a\\?expires=\\d+&sig=[\\w-]+$`),
        ),
      }),
      expect.objectContaining({ id: running.id, status: 'processing', progress: 0 }),
    ]);
    expect(await learning.contentByChapter(book.id)).toEqual({ [chapters[0]!.id]: ['audio_narration'] });
  });

  it('progress completes a chapter once, adds the time, and counts the book as read when all are done', async () => {
    const { learning, book, chapters, activity } = await setup();
    await learning.recordProgress('reader', book, {
      chapterId: chapters[0]!.id,
      event: 'chapter_read',
      seconds: 90,
    });
    await learning.recordProgress('reader', book, {
      chapterId: chapters[0]!.id,
      event: 'narration_finished',
      seconds: 30,
    });
    const done = await learning.recordProgress('reader', book, {
      chapterId: chapters[1]!.id,
      event: 'video_finished',
      seconds: 60,
    });
    expect(done).toMatchObject({ progress: 100, last_chapter_id: chapters[1]!.id });
    const counters = await activity.counters.get('reader');
    expect(counters).toMatchObject({ chapters_completed: 2, books_read: 1, learning_seconds: 180 });
    await expect(
      learning.recordProgress('reader', book, { chapterId: 'nope', event: 'chapter_read', seconds: 1 }),
    ).rejects.toMatchObject({ statusCode: 404 });
  });

  it('generates a quiz from a chapter, scores an attempt with explanations and counts it', async () => {
    const { quizzes, book, chapters, activity, learning } = await setup();
    const quiz = await quizzes.generate('owner', book, {
      chapterId: chapters[0]!.id,
      numQuestions: 3,
      difficulty: 'easy',
    });
    expect(quiz.questions.length).toBeGreaterThan(0);
    expect(await quizzes.loadOwn(quiz.id, 'owner')).toMatchObject({ id: quiz.id });
    await expect(quizzes.loadOwn(quiz.id, 'someone')).rejects.toMatchObject({ statusCode: 404 });
    const result = await quizzes.submit(
      'owner',
      quiz,
      quiz.questions.map((q) => q.answer_index),
    );
    expect(result).toMatchObject({ score: 100, passed: true, correct: quiz.questions.length });
    expect(result.results.every((r) => r.explanation.length > 0)).toBe(true);
    expect(await activity.counters.get('owner')).toMatchObject({ quizzes_taken: 1, quizzes_passed: 1 });
    expect((await learning.repository.listBookQuizzes(book.id)).map((q) => q.id)).toEqual([quiz.id]);
    expect(quizzes.view(quiz, await learning.repository.listAttempts('owner', quiz.id))).toMatchObject({
      best_score: 100,
      attempts: 1,
    });
  });

  it('fails a chapter too short for a quiz with the engine words (the job shows them), not a crash', async () => {
    const { quizzes, book, books, chapters } = await setup();
    await books.repository.putChapter({ ...chapters[0]!, content: 'Too short.', word_count: 2 });
    await expect(
      quizzes.generate('owner', book, { chapterId: chapters[0]!.id, numQuestions: 3, difficulty: 'easy' }),
    ).rejects.toMatchObject({
      name: 'EngineError',
      code: 'invalid_input',
      message: expect.stringMatching(/too short/),
    });
  });
});
