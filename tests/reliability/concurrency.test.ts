import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTxtBookText } from '../fixtures/books';
import {
  createUser,
  startTestRuntime,
  uploadBook,
  type TestRuntime,
  readyBook,
} from '../integration/helpers';

/**
 * Requests that race: ten parallel starts of the same generation make one job, and every caller
 * gets that job's id (a conditional write on a lock decides, not a read before a write).
 */
let t: TestRuntime;
let token: string;
let chapterId: string;

beforeAll(async () => {
  t = await startTestRuntime();
  token = (await createUser(t, { role: 'author' })).accessToken;
  ({ chapterId } = await readyBook(t, token, {
    title: 'Racing tides',
    text: makeTxtBookText({ chapters: 2, wordsPerChapter: 200, headingStyle: 'markdown' }),
  }));
}, 120_000);

afterAll(async () => {
  await t?.stop();
});

describe('concurrent starts', () => {
  it('ten parallel narration requests for one chapter make one job, and all answer its id', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.api<{ id: string }>('POST', '/ai/generate-audio-narration', {
          token,
          body: { chapter_id: chapterId },
        }),
      ),
    );
    expect(answers.every((a) => a.status < 300)).toBe(true);
    const ids = new Set(answers.map((a) => a.body.id));
    expect(ids.size).toBe(1);
    await t.runtime.stepFunctions.idle();
    const [id] = ids;
    const status = await t.api<{ status: string }>('GET', `/ai/check-video-status/${id}`, { token });
    expect(status.body.status).toBe('ready');
    const items = await t.api<{ id: string; content_type: string }[]>(
      'GET',
      `/ai/learning-content/${chapterId}`,
      {
        token,
      },
    );
    expect(items.body.filter((item) => item.content_type === 'audio_narration').map((i) => i.id)).toEqual([
      id,
    ]);
  });

  it('ten parallel retries of one failed book start one processing run', async () => {
    process.env.FAULT_INJECTION = 'bookProcessing.Extract';
    const upload = await uploadBook(t, {
      token,
      title: 'Failing tides',
      text: makeTxtBookText({ chapters: 2, wordsPerChapter: 200, headingStyle: 'markdown' }),
    });
    const failingId = String(upload.body.id);
    await t.runtime.stepFunctions.idle();
    delete process.env.FAULT_INJECTION;
    expect((await t.api<{ status: string }>('GET', `/books/${failingId}`, { token })).body.status).toBe(
      'FAILED',
    );
    const before = t.runtime.stepFunctions.executionCount();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => t.api('POST', `/books/${failingId}/retry`, { token })),
    );
    const started = answers.filter((a) => a.status === 202);
    expect(started.length).toBeGreaterThanOrEqual(1);
    expect(answers.every((a) => a.status === 202 || a.status === 409)).toBe(true);
    await t.runtime.stepFunctions.idle();
    expect(t.runtime.stepFunctions.executionCount() - before).toBe(1);
    const settled = await t.api<{ status: string; review_pending: boolean }>(
      'GET',
      `/books/${failingId}/status`,
      {
        token,
      },
    );
    expect(settled.body.review_pending).toBe(true);
  });
});
