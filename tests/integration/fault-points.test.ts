import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BookWithChapters } from '../../functions/contracts/books';
import type { LearningContentItem, LearningJob } from '../../functions/contracts/learning';
import { bookProcessing } from '../../functions/books/jobs/processing.workflow';
import { learningContent } from '../../functions/learning/jobs/content.workflow';
import {
  confirmAsExtracted,
  createUser,
  settledStatus,
  startTestRuntime,
  uploadBook,
  type TestRuntime,
} from './helpers';

/**
 * Every fault-injection point of the two job workflows (FAULT_INJECTION="<workflow>.<State>"): a
 * failure there ends the run as the person sees it — the book FAILED, or the learning item failed,
 * with the words of the job's kind — and a retry then succeeds. RecordFailure, the step that records
 * a failure, is not a point of its own: it runs only after one of these.
 */
let t: TestRuntime;
let token: string;

beforeAll(async () => {
  t = await startTestRuntime();
  token = (await createUser(t, { plan: 'basic' })).accessToken;
}, 120_000);

afterEach(() => {
  delete process.env.FAULT_INJECTION;
});

afterAll(async () => {
  await t?.stop();
});

const TEXT =
  'Chapter 1\n\nThe first chapter has enough words to count as one, and a few more besides.\n\n' +
  'Chapter 2\n\nThe second chapter has enough words to count as one, and a few more besides.';

/** Runs `work` with a fault injected at `point`, waiting for every run it started to settle. */
async function withFault<T>(point: string, work: () => Promise<T>): Promise<T> {
  process.env.FAULT_INJECTION = point;
  try {
    const result = await work();
    await t.runtime.stepFunctions.idle();
    return result;
  } finally {
    delete process.env.FAULT_INJECTION;
  }
}

const pointsOf = (states: object, skip: string[]) => Object.keys(states).filter((s) => !skip.includes(s));

describe('book processing', () => {
  it('names every task state of its workflow here', () => {
    expect(pointsOf(bookProcessing.tasks, ['RecordFailure']).sort()).toEqual(
      ['DetectStructure', 'Extract', 'Finalize', 'PrepareChapters', 'ProcessChapter'].sort(),
    );
  });

  it.each([
    ['Extract', 'We could not read this file. Please try again.'],
    ['DetectStructure', 'We could not find the chapters of this book. Please try again.'],
  ])('a fault at %s fails the upload with its words; Retry reaches the review', async (state, words) => {
    const upload = await withFault(`bookProcessing.${state}`, () => uploadBook(t, { token, text: TEXT }));
    expect(upload.status).toBe(201);
    const id = String(upload.body.id);
    expect(await settledStatus(t, id, token)).toMatchObject({ status: 'FAILED', error_message: words });

    const retry = await t.api('POST', `/books/${id}/retry`, { token });
    expect(retry.status).toBe(202);
    const status = await settledStatus(t, id, token);
    expect(status).toMatchObject({ status: 'READY', review_pending: true, error_message: null });
    expect(status.preview_chapters!.map((c) => c.title)).toEqual(['Chapter 1', 'Chapter 2']);
  });

  it.each(['PrepareChapters', 'ProcessChapter', 'Finalize'])(
    'a fault at %s fails the confirmed book with its words; Retry finishes it',
    async (state) => {
      const upload = await uploadBook(t, { token, text: TEXT });
      const id = String(upload.body.id);
      await settledStatus(t, id, token);
      await withFault(`bookProcessing.${state}`, () => confirmAsExtracted(t, id, token));
      expect(await settledStatus(t, id, token)).toMatchObject({
        status: 'FAILED',
        error_message: 'Processing the chapters failed. Please try again.',
      });
      expect((await t.api<BookWithChapters>('GET', `/books/${id}`, { token })).body.status).toBe('FAILED');

      expect((await t.api('POST', `/books/${id}/retry`, { token })).status).toBe(202);
      await t.runtime.stepFunctions.idle();
      const book = (await t.api<BookWithChapters>('GET', `/books/${id}`, { token })).body;
      expect(book).toMatchObject({ status: 'READY', error_message: null });
      expect(book.chapters.map((c) => c.title)).toEqual(['Chapter 1', 'Chapter 2']);
    },
  );
});

describe('learning content', () => {
  let chapterId: string;

  beforeAll(async () => {
    const upload = await uploadBook(t, { token, text: TEXT });
    await confirmAsExtracted(t, String(upload.body.id), token);
    const book = (await t.api<BookWithChapters>('GET', `/books/${upload.body.id}`, { token })).body;
    chapterId = book.chapters[0]!.id;
  }, 120_000);

  const narrate = () =>
    t.api<LearningJob>('POST', '/ai/generate-audio-narration', { token, body: { chapter_id: chapterId } });
  const job = async (id: string) =>
    (await t.api<LearningJob>('GET', `/ai/check-video-status/${id}`, { token })).body;

  it('names every task state of its workflow here', () => {
    expect(pointsOf(learningContent.tasks, ['RecordFailure']).sort()).toEqual(
      ['Assemble', 'Prepare', 'Publish', 'RenderPart'].sort(),
    );
  });

  it.each(['Prepare', 'RenderPart', 'Assemble', 'Publish'])(
    'a fault at %s fails the narration with its words and publishes nothing; asking again makes it',
    async (state) => {
      const started = await withFault(`learningContent.${state}`, narrate);
      expect(started.status).toBe(202);
      const failed = await job(started.body.id);
      expect(failed).toMatchObject({
        status: 'failed',
        content_url: null,
        audio_url: null,
        duration: null,
        error_message: 'Generating the narration failed. Please try again.',
      });
      const items = (
        await t.api<LearningContentItem[]>('GET', `/ai/learning-content/${chapterId}`, { token })
      ).body;
      expect(items.find((i) => i.id === failed.id)).toMatchObject({ status: 'failed' });

      const again = await narrate();
      expect(again.status).toBe(202);
      await t.runtime.stepFunctions.idle();
      const ready = await job(again.body.id);
      expect(ready).toMatchObject({ status: 'ready', error_message: null });
      expect((await fetch(`${new URL(t.runtime.apiUrl).origin}${ready.content_url}`)).status).toBe(200);
    },
  );
});
