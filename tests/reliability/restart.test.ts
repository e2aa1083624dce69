import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTxtBookText } from '../fixtures/books';
import { startRuntimeProcess, until, type RuntimeProcess } from './process-runtime';

/**
 * The local runtime killed (SIGKILL) while a job runs, then started again on the same data: every
 * job ends failed-and-retryable (or finishes), nothing saved before is lost, nothing stays stuck.
 * A step is held with FAULT_INJECTION "<point>:hang" so the kill lands inside it every time.
 * Jobs are checked against their executions after JOB_QUIET_SECONDS of quiet (2 minutes by default).
 */
const QUIET = { JOB_QUIET_SECONDS: '1' };
const dataDir = mkdtempSync(join(tmpdir(), 'bookstudio-reliability-'));
let runtime: RuntimeProcess;
let token: string;
const password = 'Lighthouse-keeper-42';
const email = `keeper-${Date.now()}@example.com`;

async function restart(env: Record<string, string> = {}) {
  await runtime?.kill();
  runtime = await startRuntimeProcess(dataDir, { ...QUIET, ...env });
}

async function login() {
  const answer = await runtime.api<{ access_token: string }>('POST', '/auth/login', {
    body: { email, password },
  });
  expect(answer.status).toBe(200);
  token = answer.body.access_token;
}

interface BookAnswer {
  id: string;
  status: string;
  error_message: string | null;
  review_pending: boolean;
  chapters?: { id: string; title: string; content: string }[];
}

async function upload(title: string, chapters = 3) {
  const form = new FormData();
  form.set('book_type', 'learning');
  form.set('title', title);
  form.set('description', '');
  form.set('text_content', makeTxtBookText({ chapters, wordsPerChapter: 200, headingStyle: 'markdown' }));
  const answer = await runtime.api<BookAnswer>('POST', '/books/upload', { token, form });
  expect(answer.status).toBe(201);
  return answer.body.id;
}

const book = (id: string) => runtime.api<BookAnswer>('GET', `/books/${id}`, { token });
const bookStatus = (id: string) =>
  runtime.api<BookAnswer & { preview_chapters?: { title: string; chapter_number: number }[] }>(
    'GET',
    `/books/${id}/status`,
    { token },
  );

/** Waits for the review step, then confirms the structure as extracted. */
async function confirm(id: string) {
  const status = await until(
    () => bookStatus(id),
    (a) => a.body.review_pending || a.body.status === 'FAILED',
  );
  expect(status.body.review_pending).toBe(true);
  const chapters = status.body.preview_chapters!.map((c) => ({
    title: c.title,
    chapter_number: c.chapter_number,
    source_chapter_number: c.chapter_number,
  }));
  const saved = await runtime.api('POST', `/books/${id}/save-structure`, { token, body: { chapters } });
  expect(saved.status).toBe(202);
}

let keptBookId: string;
let keptChapters: string[];

beforeAll(async () => {
  runtime = await startRuntimeProcess(dataDir, QUIET);
  const registered = await runtime.api('POST', '/auth/register', {
    body: { display_name: 'Keeper', email, password, role: 'author' },
  });
  expect(registered.status).toBe(201);
  const mail = await fetch(`${runtime.url}/_dev/mailbox?to=${encodeURIComponent(email)}&format=json`);
  const [message] = (await mail.json()) as { code: string }[];
  expect(
    (await runtime.api('POST', '/auth/verify-email', { body: { email, code: message!.code } })).status,
  ).toBe(200);
  await login();
  // The runs below upload more books than the free plan holds: pay for basic through the offline checkout.
  const origin = runtime.url;
  const checkout = await runtime.api<{ url: string }>('POST', '/subscriptions/checkout', {
    token,
    body: { tier: 'basic', success_url: `${origin}/dashboard`, cancel_url: `${origin}/subscription` },
  });
  expect(checkout.status).toBe(200);
  expect((await fetch(`${checkout.body.url}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
  // A finished book, there before any kill: it must come through every restart unchanged.
  keptBookId = await upload('Kept safe');
  await confirm(keptBookId);
  const kept = await until(
    () => book(keptBookId),
    (a) => a.body.status === 'READY',
  );
  keptChapters = kept.body.chapters!.map((c) => c.content);
  expect(keptChapters.length).toBe(3);
}, 180_000);

afterAll(async () => {
  await runtime?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** After each kill: the account, the session and the finished book are all still there. */
async function expectNothingLost() {
  await login();
  const kept = await book(keptBookId);
  expect(kept.body.status).toBe('READY');
  expect(kept.body.chapters!.map((c) => c.content)).toEqual(keptChapters);
}

describe('killing the local runtime during a job', () => {
  it.each([
    ['extraction', 'bookProcessing.Extract', 'extract'],
    ['structure detection', 'bookProcessing.DetectStructure', 'structure'],
  ])(
    'during %s: the book fails with words to act on after a restart, and Retry finishes it',
    async (_, point) => {
      await restart({ FAULT_INJECTION: `${point}:hang` });
      await login();
      const id = await upload(`Killed in ${point}`);
      // Let the step take hold of the run (the book reads QUEUED or PROCESSING), then pull the plug.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(['QUEUED', 'PROCESSING']).toContain((await bookStatus(id)).body.status);
      await restart();
      await expectNothingLost();
      const failed = await until(
        () => book(id),
        (a) => !['QUEUED', 'PROCESSING'].includes(a.body.status),
        30_000,
      );
      expect(failed.body).toMatchObject({
        status: 'FAILED',
        error_message: 'Processing was interrupted. Please try again.',
      });
      const retried = await runtime.api<BookAnswer>('POST', `/books/${id}/retry`, { token });
      expect(retried.status).toBe(202);
      await confirm(id);
      const ready = await until(
        () => book(id),
        (a) => a.body.status === 'READY' || a.body.status === 'FAILED',
      );
      expect(ready.body.status).toBe('READY');
      expect(ready.body.chapters!.length).toBe(3);
    },
    180_000,
  );

  it('while chapters are being prepared: the book fails retryable, and Retry finishes it', async () => {
    await restart();
    await login();
    const id = await upload('Killed while preparing chapters');
    await until(
      () => bookStatus(id),
      (a) => a.body.review_pending,
    );
    await restart({ FAULT_INJECTION: 'bookProcessing.PrepareChapters:hang' });
    await login();
    await confirm(id);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await restart();
    await expectNothingLost();
    const failed = await until(
      () => book(id),
      (a) => a.body.status === 'FAILED',
      30_000,
    );
    expect(failed.body.error_message).toBe('Processing was interrupted. Please try again.');
    expect((await runtime.api('POST', `/books/${id}/retry`, { token })).status).toBe(202);
    const ready = await until(
      () => book(id),
      (a) => a.body.status === 'READY' || a.body.status === 'FAILED',
    );
    expect(ready.body.status).toBe('READY');
    expect(ready.body.chapters!.length).toBe(3);
  }, 180_000);

  it('during a learning job: the job fails after a restart, does not block a new run, and the new run finishes', async () => {
    await restart({ FAULT_INJECTION: 'learningContent.Prepare:hang' });
    await login();
    const chapterId = (await book(keptBookId)).body.chapters![0]!.id;
    const started = await runtime.api<{ id: string; status: string }>(
      'POST',
      '/ai/generate-audio-narration',
      {
        token,
        body: { chapter_id: chapterId },
      },
    );
    expect(started.status).toBeLessThan(300);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await restart();
    await expectNothingLost();
    const job = (id: string) =>
      runtime.api<{ status: string; error_message: string | null }>('GET', `/ai/check-video-status/${id}`, {
        token,
      });
    const failed = await until(
      () => job(started.body.id),
      (a) => a.body.status === 'failed',
      30_000,
    );
    expect(failed.body.error_message).toMatch(/interrupted/i);
    const again = await runtime.api<{ id: string }>('POST', '/ai/generate-audio-narration', {
      token,
      body: { chapter_id: chapterId },
    });
    expect(again.body.id).not.toBe(started.body.id);
    const done = await until(
      () => job(again.body.id),
      (a) => a.body.status !== 'processing',
      120_000,
    );
    expect(done.body.status).toBe('ready');
  }, 240_000);

  it('during a video generation: it fails in its stage after a restart, and a retry from that stage finishes it', async () => {
    await restart({ FAULT_INJECTION: 'pipeline.video:hang' });
    await login();
    const chapterId = (await book(keptBookId)).body.chapters![1]!.id;
    const writing = await runtime.api<{ status_url: string }>('POST', '/ai/generate-script-and-scenes', {
      token,
      body: { chapter_id: chapterId, scene_count: 3 },
    });
    expect(writing.status).toBe(202);
    // The script is written by a job: its status route answers it once ready.
    let script = await runtime.api<{ status: string; script_id: string | null }>(
      'GET',
      writing.body.status_url,
      {
        token,
      },
    );
    for (let check = 0; script.body.status === 'processing' && check < 600; check++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      script = await runtime.api('GET', writing.body.status_url, { token });
    }
    expect(script.body.status).toBe('ready');
    const started = await runtime.api<{ video_generation_id: string }>(
      'POST',
      '/ai/generate-entertainment-video',
      {
        token,
        body: { chapter_id: chapterId, script_id: script.body.script_id },
      },
    );
    expect(started.status).toBe(202);
    const id = started.body.video_generation_id;
    const stages = () =>
      runtime.api<{ stages: { step: string; status: string }[] }>('GET', `/ai/pipeline-status/${id}`, {
        token,
      });
    await until(stages, (a) => a.body.stages.find((s) => s.step === 'video')?.status === 'running', 120_000);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await restart();
    await expectNothingLost();
    const generation = () =>
      runtime.api<{ generation_status: string; error_message: string | null; failed_step: string | null }>(
        'GET',
        `/ai/video-generation-status/${id}`,
        { token },
      );
    const failed = await until(generation, (a) => a.body.generation_status === 'failed', 30_000);
    expect(failed.body.error_message).toMatch(/interrupted/i);
    expect(failed.body.failed_step).toBe('video');
    expect((await runtime.api('POST', `/ai/retry-generation/${id}`, { token })).status).toBe(202);
    const done = await until(
      generation,
      (a) => ['completed', 'failed'].includes(a.body.generation_status),
      180_000,
    );
    expect(done.body.generation_status).toBe('completed');
  }, 420_000);
});
