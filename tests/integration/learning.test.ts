import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookWithChapters } from '../../functions/contracts/books';
import type {
  LearningContentItem,
  LearningJob,
  QuizResult,
  QuizView,
  VideoAvatar,
} from '../../functions/contracts/learning';
import { ffmpegBinaries, probe } from '../../functions/engine/media/ffmpeg';
import { getJobs, jobMessages } from '../../functions/jobs';
import { makeTxtBookText } from '../fixtures/books';
import { chapterParagraphs } from '../fixtures/prose';
import { frameAt } from './engine/video/media';
import {
  confirmAsExtracted,
  createUser,
  runJob,
  startTestRuntime,
  uploadBook,
  type TestRuntime,
} from './helpers';
import type { QuizJob } from '../../functions/contracts/model-jobs';

let t: TestRuntime;
let stranger: string;
const scratch = mkdtempSync(join(tmpdir(), 'learning-test-'));

beforeAll(async () => {
  t = await startTestRuntime();
  stranger = (await createUser(t)).accessToken;
}, 120_000);

/** A learner of their own with a ready three-chapter book: every test sets up what it needs. */
interface Learner {
  token: string;
  book: BookWithChapters;
  chapterId: string;
}

async function learner(plan: 'free' | 'basic' = 'basic'): Promise<Learner> {
  const token = (await createUser(t, { plan })).accessToken;
  const upload = await uploadBook(t, {
    token,
    title: 'Lessons of the Lighthouse',
    text: makeTxtBookText({ chapters: 3, wordsPerChapter: 220, headingStyle: 'markdown' }),
  });
  expect(upload.status).toBe(201);
  await confirmAsExtracted(t, String(upload.body.id), token);
  const book = (await t.api<BookWithChapters>('GET', `/books/${upload.body.id}`, { token })).body;
  expect(book.status).toBe('READY');
  return { token, book, chapterId: book.chapters[0]!.id };
}

afterAll(async () => {
  delete process.env.FAULT_INJECTION;
  await t?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

const origin = () => new URL(t.runtime.apiUrl).origin;

/** Fetches a media URL the way a player does, and stores it for probing. */
async function download(url: string, name: string) {
  const response = await fetch(`${origin()}${url}`);
  expect(response.status).toBe(200);
  const path = join(scratch, name);
  await writeFile(path, Buffer.from(await response.arrayBuffer()));
  return { path, type: response.headers.get('content-type') };
}

async function expectRangeRequests(url: string) {
  const partial = await fetch(`${origin()}${url}`, { headers: { range: 'bytes=100-1099' } });
  expect(partial.status).toBe(206);
  expect(partial.headers.get('content-range')).toMatch(/^bytes 100-1099\/\d+$/);
  expect((await partial.arrayBuffer()).byteLength).toBe(1000);
}

/** Near-white pixels of an RGB frame (the watermark's letters; the lesson's backdrop is dark). */
function brightPixels(pixels: Uint8Array) {
  let count = 0;
  for (let p = 0; p + 2 < pixels.length; p += 3)
    if (pixels[p]! > 180 && pixels[p + 1]! > 180 && pixels[p + 2]! > 180) count++;
  return count;
}

/** Where the free tier's watermark is drawn: the bottom-right corner, below the presenter's frame. */
const cornerCrop = (size: { width: number; height: number }): [number, number, number, number] => {
  const at = (share: number, of: number) => Math.round(share * of);
  return [at(0.77, size.width), at(0.925, size.height), at(0.22, size.width), at(0.05, size.height)];
};

/** The chapters a file's own metadata lists (what a podcast player shows). */
function fileChapters(path: string): { title: string; start: number }[] {
  const stdout = execFileSync(
    ffmpegBinaries().ffprobe,
    ['-v', 'error', '-show_chapters', '-of', 'json', path],
    {
      encoding: 'utf8',
    },
  );
  const parsed = JSON.parse(stdout) as { chapters: { start_time: string; tags?: { title?: string } }[] };
  return parsed.chapters.map((c) => ({ title: c.tags?.title ?? '', start: Number(c.start_time) }));
}

async function generate(path: string, body: Record<string, unknown>, token: string) {
  return t.api<LearningJob>('POST', path, { token, body });
}

/** A quiz written by its job: started (202), polled until ready, answered as the status gives it. */
async function writtenQuiz(token: string, body: Record<string, unknown>): Promise<QuizView> {
  const job = await runJob<QuizJob>(t, token, '/ai/generate-quiz', body);
  expect(job).toMatchObject({ status: 'ready', error_message: null });
  expect(job.text).toBe(job.quiz!.text);
  return job.quiz!;
}

async function settledJob(id: string, token: string) {
  await t.runtime.stepFunctions.idle();
  const answer = await t.api<LearningJob>('GET', `/ai/check-video-status/${id}`, { token });
  expect(answer.status).toBe(200);
  return answer.body;
}

const chapterItems = async (id: string, token: string) =>
  t.api<LearningContentItem[]>('GET', `/ai/learning-content/${id}`, { token });

/** A ready narration of the learner's first chapter. */
async function narrated(l: Learner): Promise<LearningJob> {
  const started = await generate('/ai/generate-audio-narration', { chapter_id: l.chapterId }, l.token);
  expect(started.status).toBe(202);
  const job = await settledJob(started.body.id, l.token);
  expect(job.status).toBe('ready');
  return job;
}

describe('learning content generation on the local runtime', () => {
  it('narrates a chapter: answers at once, then ready with a playable, seekable AAC file', async () => {
    const { token, book, chapterId } = await learner();
    const started = await generate('/ai/generate-audio-narration', { chapter_id: chapterId }, token);
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ status: 'processing', content_url: null, error_message: null });
    expect(started.body.id).toMatch(/^[0-9a-f-]{36}$/);

    const job = await settledJob(started.body.id, token);
    expect(job).toMatchObject({
      status: 'ready',
      progress: 100,
      content_type: 'audio_narration',
      error_message: null,
    });
    expect(job.audio_url).toBe(job.content_url);
    const narrationUrl = job.content_url!;

    const file = await download(narrationUrl, 'narration.m4a');
    expect(file.type).toBe('audio/mp4');
    const info = await probe(file.path);
    expect(info.audio?.codec).toBe('aac');
    expect(info.video).toBeUndefined();
    // ~220 words of narration (plus the title) at a speaking pace.
    expect(info.duration).toBeGreaterThan(40);
    expect(Math.abs(info.duration - job.duration!)).toBeLessThan(0.5);
    await expectRangeRequests(narrationUrl);

    const items = await chapterItems(chapterId, token);
    expect(items.body).toEqual([
      expect.objectContaining({
        id: job.id,
        content_type: 'audio_narration',
        status: 'ready',
        content_url: narrationUrl,
      }),
    ]);
    const marks = await t.api<Record<string, string[]>>('GET', `/books/${book.id}/learning-content`, {
      token,
    });
    expect(marks.body).toEqual({ [chapterId]: ['audio_narration'] });
  });

  it("lists the chapter marks of a narration, named after the chapter's headings, in the API", async () => {
    const token = (await createUser(t)).accessToken;
    const section = (seed: number) => chapterParagraphs(seed, 90).join('\n\n');
    const text = [
      '## Chapter 1: The Keeper',
      section(901),
      'The Lamp Room',
      section(902),
      'A Storm at Sea',
      section(903),
      '## Chapter 2: The Harbour',
      section(904),
    ].join('\n\n');
    const upload = await uploadBook(t, { token, title: 'Marks of the Lighthouse', text });
    expect(upload.status).toBe(201);
    await confirmAsExtracted(t, String(upload.body.id), token);
    const book = (await t.api<BookWithChapters>('GET', `/books/${upload.body.id}`, { token })).body;
    const chapterId = book.chapters[0]!.id;
    const started = await generate('/ai/generate-audio-narration', { chapter_id: chapterId }, token);
    const job = await settledJob(started.body.id, token);
    expect(job.status).toBe('ready');

    const titles = job.chapter_marks.map((m) => m.title);
    expect(titles).toContain('The Lamp Room');
    expect(titles).toContain('A Storm at Sea');
    expect(titles.indexOf('The Lamp Room')).toBeLessThan(titles.indexOf('A Storm at Sea'));
    // Never the first words cut with an ellipsis.
    for (const title of titles) expect(title).not.toMatch(/…|\.\.\.$/);
    const starts = job.chapter_marks.map((m) => m.start_seconds);
    expect(starts[0]).toBe(0);
    for (let i = 1; i < starts.length; i++) expect(starts[i]!).toBeGreaterThan(starts[i - 1]!);
    expect(starts.at(-1)!).toBeLessThan(job.duration!);

    // The same marks as the file's own chapters, and in the chapter's content list.
    const file = await download(job.content_url!, 'marked.m4a');
    const chapters = fileChapters(file.path);
    expect(chapters.map((c) => c.title)).toEqual(titles);
    chapters.forEach((c, i) => expect(Math.abs(c.start - starts[i]!)).toBeLessThan(0.05));
    const items = await chapterItems(chapterId, token);
    expect(items.body[0]).toMatchObject({ id: job.id, chapter_marks: job.chapter_marks });
  });

  it('a failing step ends the job as failed with a message and keeps the ready narration', async () => {
    const l = await learner();
    const { token, chapterId } = l;
    const narrationUrl = (await narrated(l)).content_url!;
    process.env.FAULT_INJECTION = 'learningContent.RenderPart';
    let failed: LearningJob;
    try {
      const started = await generate('/ai/generate-audio-narration', { chapter_id: chapterId }, token);
      failed = await settledJob(started.body.id, token);
    } finally {
      delete process.env.FAULT_INJECTION;
    }
    expect(failed).toMatchObject({
      status: 'failed',
      content_url: null,
      error_message: 'Generating the narration failed. Please try again.',
    });
    const items = (await chapterItems(chapterId, token)).body;
    expect(items.find((i) => i.status === 'ready')).toMatchObject({
      content_type: 'audio_narration',
      content_url: narrationUrl,
    });
    expect(items.find((i) => i.status === 'failed')).toMatchObject({
      id: failed.id,
      error_message: failed.error_message,
    });
    expect((await fetch(`${origin()}${narrationUrl}`)).status).toBe(200);
  });

  it('regenerating replaces the ready narration only once the new one is ready', async () => {
    const l = await learner();
    const narrationUrl = (await narrated(l)).content_url!;
    const started = await generate(
      '/ai/generate-audio-narration',
      { chapter_id: l.chapterId, voice: 'local:en-GB:narrator-clear-male' },
      l.token,
    );
    const job = await settledJob(started.body.id, l.token);
    expect(job.status).toBe('ready');
    expect(job.content_url).not.toBe(narrationUrl);
    const ready = (await chapterItems(l.chapterId, l.token)).body.filter((i) => i.status === 'ready');
    expect(ready).toEqual([expect.objectContaining({ id: job.id, content_url: job.content_url })]);
    // The replaced file is gone with its item.
    expect((await fetch(`${origin()}${narrationUrl}`)).status).toBe(404);
  });

  it('a job whose execution was cut off is marked failed and does not block a new run', async () => {
    const { token, book } = await learner();
    const third = book.chapters[2]!;
    const me = await t.api<{ id: string }>('GET', '/users/me', { token });
    const stale = new Date(Date.now() - 10 * 60 * 1000).toISOString();
    // As a restart of the local runtime leaves it: processing, its execution gone.
    await getJobs().repository.put({
      id: '00000000-0000-4000-8000-00000000abcd',
      kind: 'learning-content',
      owner_id: me.body.id,
      target: { book_id: book.id, chapter_id: third.id },
      status: 'running',
      progress: 40,
      step: 'Narrating part 1 of 2',
      options: { content_type: 'audio_narration' },
      outputs: {},
      error_message: null,
      execution_arn: 'arn:aws:states:us-east-1:000000000000:execution:learning-content:gone',
      attempt: 1,
      created_at: stale,
      updated_at: stale,
    });
    const status = await t.api<LearningJob>(
      'GET',
      '/ai/check-video-status/00000000-0000-4000-8000-00000000abcd',
      { token },
    );
    expect(status.body).toMatchObject({ status: 'failed', error_message: jobMessages.interrupted });
    const started = await generate('/ai/generate-audio-narration', { chapter_id: third.id }, token);
    expect(started.body.id).not.toBe('00000000-0000-4000-8000-00000000abcd');
    expect((await settledJob(started.body.id, token)).status).toBe('ready');
  });

  it('offers presenters with previews drawn by a job, not in the request', async () => {
    const list = () => t.api<VideoAvatar[]>('GET', '/ai/video-avatars', { token: stranger });
    let avatars = await list();
    expect(avatars.status).toBe(200);
    expect(avatars.body.map((a) => a.id)).toEqual(['ava', 'noah', 'maya', 'leo']);
    // Listed again (as the learning view does) until the job drew every preview.
    for (let check = 0; check < 300 && avatars.body.some((a) => !a.preview_url); check++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      avatars = await list();
    }
    expect(avatars.body.every((a) => a.preview_url)).toBe(true);
    const preview = await fetch(`${origin()}${avatars.body[1]!.preview_url}`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('image/png');
  });

  it('records a tutor video: slides, presenter and narration in a 720p MP4 with its sound track and poster', async () => {
    const l = await learner();
    const { token, chapterId } = l;
    await narrated(l);
    const started = await generate(
      '/ai/generate-realistic-video',
      { chapter_id: chapterId, avatar_id: 'noah', tutorial_style: 'udemy' },
      token,
    );
    expect(started.status).toBe(202);
    const job = await settledJob(started.body.id, token);
    expect(job).toMatchObject({ status: 'ready', content_type: 'realistic_video', error_message: null });
    expect(job.content_url).toBe(job.video_url);
    // Chapter marks belong to the narration; a video answers none.
    expect(job.chapter_marks).toEqual([]);
    // The offline voices report their own word timings (the subtitles' cues, the presenter's mouth).
    expect(job.word_timings).toBe('provider');

    const video = await download(job.video_url!, 'lesson.mp4');
    expect(video.type).toBe('video/mp4');
    const info = await probe(video.path);
    expect(info.video).toMatchObject({ codec: 'h264', width: 1280, height: 720 });
    expect(info.audio?.codec).toBe('aac');
    expect(info.duration).toBeGreaterThan(20);
    // A paid plan's video carries no watermark: the corner where the free tier's goes stays dark.
    expect(brightPixels(frameAt(video.path, info.duration / 2, cornerCrop(info.video!)))).toBe(0);
    await expectRangeRequests(job.video_url!);

    const audio = await probe((await download(job.audio_url!, 'lesson.m4a')).path);
    expect(audio.video).toBeUndefined();
    expect(Math.abs(audio.duration - info.duration)).toBeLessThan(0.5);

    const poster = await fetch(`${origin()}${job.thumbnail_url}`);
    expect(poster.status).toBe(200);
    expect(poster.headers.get('content-type')).toBe('image/jpeg');
    const items = (await chapterItems(chapterId, token)).body;
    expect(items.find((i) => i.id === job.id)?.thumbnail_url).toBe(job.thumbnail_url);
    // The video joins the narration made before it; it replaces only content of its own kind.
    const kinds = items.filter((i) => i.status === 'ready').map((i) => i.content_type);
    expect(kinds.sort()).toEqual(['audio_narration', 'realistic_video']);
  }, 300_000);

  it("films a free user's tutor video at 480p with the BookStudio watermark in its corner", async () => {
    const { token, chapterId } = await learner('free');
    const started = await generate(
      '/ai/generate-realistic-video',
      { chapter_id: chapterId, avatar_id: 'noah', tutorial_style: 'udemy' },
      token,
    );
    expect(started.status).toBe(202);
    const job = await settledJob(started.body.id, token);
    expect(job).toMatchObject({ status: 'ready', content_type: 'realistic_video', error_message: null });
    const video = await download(job.video_url!, 'lesson-free.mp4');
    const info = await probe(video.path);
    expect(info.video).toMatchObject({ codec: 'h264', width: 854, height: 480 });
    expect(info.audio?.codec).toBe('aac');
    // The rule was fixed in the job's options when it started: a retry of the job films the same way.
    expect((await getJobs().get(job.id))?.options).toMatchObject({
      output: { width: 854, height: 480, watermark: 'BookStudio' },
    });
    // White letters in the bottom-right corner, below the presenter, all through the video.
    for (const at of [1, info.duration / 2, info.duration - 1])
      expect(brightPixels(frameAt(video.path, at, cornerCrop(info.video!)))).toBeGreaterThan(40);
  }, 300_000);

  it('makes an illustrated video from a chapter, with the previous chapter as context', async () => {
    const { token, book } = await learner();
    const second = book.chapters[1]!.id;
    const started = await t.api<LearningJob>(
      'POST',
      `/ai/generate-video-from-chapter?chapter_id=${second}&video_style=cartoon&include_context=true`,
      { token },
    );
    expect(started.status).toBe(202);
    const job = await settledJob(started.body.id, token);
    expect(job).toMatchObject({ status: 'ready', content_type: 'chapter_video' });
    const info = await probe((await download(job.video_url!, 'scenes.mp4')).path);
    expect(info.video).toMatchObject({ codec: 'h264', width: 1280, height: 720 });
    expect(info.audio?.codec).toBe('aac');
    expect(info.duration).toBeGreaterThan(10);
    expect((await chapterItems(second, token)).body).toEqual([
      expect.objectContaining({ content_type: 'chapter_video', status: 'ready', content_url: job.video_url }),
    ]);
  }, 300_000);

  it('the tutorial-video route takes its options in the query and rejects unknown ones', async () => {
    const { token, chapterId } = await learner();
    const bad = await t.api(
      'POST',
      `/ai/generate-tutorial-video?chapter_id=${chapterId}&tutorial_style=tiktok`,
      { token },
    );
    expect(bad.status).toBe(400);
    const unknownPresenter = await generate(
      '/ai/generate-realistic-video',
      { chapter_id: chapterId, avatar_id: 'zed' },
      token,
    );
    expect(unknownPresenter.status).toBe(400);
    expect(unknownPresenter.body).toMatchObject({
      detail: 'Unknown presenter. Choose one from /ai/video-avatars.',
    });
    const missing = await generate('/ai/generate-audio-narration', {}, token);
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('chapter_id is required.');
  });
});

describe('ownership', () => {
  it('another user can neither read nor generate for the chapter', async () => {
    const l = await learner();
    const { book, chapterId } = l;
    const mine = await narrated(l);
    const items = await chapterItems(chapterId, stranger);
    expect(items.status).toBe(404);
    const started = await generate('/ai/generate-audio-narration', { chapter_id: chapterId }, stranger);
    expect(started.status).toBe(404);
    expect(started.body).toMatchObject({ detail: 'Chapter not found.' });
    const status = await t.api('GET', `/ai/check-video-status/${mine.id}`, { token: stranger });
    expect(status.status).toBe(404);
    const quiz = await t.api('POST', '/ai/generate-quiz', { token: stranger, body: { book_id: book.id } });
    expect(quiz.status).toBe(404);
  });
});

describe('quizzes and progress feed the learner stats', () => {
  it('a quiz is generated, taken, scored with explanations and retaken', async () => {
    const { token, book, chapterId } = await learner();
    const quiz = await writtenQuiz(token, {
      book_id: book.id,
      chapter_id: chapterId,
      num_questions: 4,
      difficulty: 'easy',
    });
    expect(quiz.questions).toHaveLength(4);
    expect(JSON.stringify(quiz)).not.toContain('answer_index');

    // Everything left blank first: zero, each answer explained.
    const blank = await t.api<QuizResult>('POST', `/quizzes/${quiz.id}/submit`, {
      token,
      body: { answers: [] },
    });
    expect(blank.body).toMatchObject({ score: 0, correct: 0, total: 4, passed: false });
    for (const result of blank.body.results) expect(result.explanation.length).toBeGreaterThan(10);

    // Retake with the right answers.
    const answers = blank.body.results.map((r) => r.correct_answer);
    const retake = await t.api<QuizResult>('POST', `/quizzes/${quiz.id}/submit`, {
      token,
      body: { answers },
    });
    expect(retake.body).toMatchObject({ score: 100, correct: 4, passed: true });

    const listed = await t.api<QuizView[]>('GET', `/books/${book.id}/quizzes`, { token });
    expect(listed.body).toEqual([expect.objectContaining({ id: quiz.id, attempts: 2, best_score: 100 })]);
    const stats = await t.api<Record<string, number>>('GET', '/users/me/stats', { token });
    expect(stats.body).toMatchObject({ quizzes_taken: 2, average_quiz_score: 50 });
    const badges = await t.api<{ id: string; earned: boolean }[]>('GET', '/users/me/badges', {
      token,
    });
    expect(badges.body.find((b) => b.id === 'first-quiz-passed')).toMatchObject({ earned: true });
  });

  it('reading and listening mark progress; finishing every chapter counts the book as read', async () => {
    const { token, book, chapterId } = await learner();
    const post = (chapter: string, event: string, seconds: number) =>
      t.api<{ progress: number }>('POST', `/books/${book.id}/progress`, {
        token,
        body: { chapter_id: chapter, event, seconds },
      });
    expect((await post(book.chapters[0]!.id, 'narration_finished', 1800)).body.progress).toBe(33);
    // The same chapter again counts the time, not the chapter.
    expect((await post(book.chapters[0]!.id, 'chapter_read', 1800)).body.progress).toBe(33);
    let stats = (await t.api<Record<string, number>>('GET', '/users/me/stats', { token })).body;
    expect(stats).toMatchObject({ books_read: 0, total_time_hours: 1 });

    const continuing = await t.api<{ book_id: string; progress: number }[]>(
      'GET',
      '/books/learning-progress',
      { token },
    );
    expect(continuing.body).toEqual([
      expect.objectContaining({ book_id: book.id, progress: 33, completed_chapters: [book.chapters[0]!.id] }),
    ]);

    await post(book.chapters[1]!.id, 'chapter_read', 60);
    expect((await post(book.chapters[2]!.id, 'video_finished', 60)).body.progress).toBe(100);
    stats = (await t.api<Record<string, number>>('GET', '/users/me/stats', { token })).body;
    expect(stats.books_read).toBe(1);
    const strangerPost = await t.api('POST', `/books/${book.id}/progress`, {
      token: stranger,
      body: { chapter_id: chapterId, event: 'chapter_read', seconds: 1 },
    });
    expect(strangerPost.status).toBe(404);
  });

  it('a quiz of several questions mixes kinds, and its true/false questions offer True and False', async () => {
    const { token, book } = await learner();
    const quiz = await writtenQuiz(token, { book_id: book.id, num_questions: 8, difficulty: 'medium' });
    expect(quiz.questions).toHaveLength(8);
    expect(new Set(quiz.questions.map((q) => q.kind)).size).toBeGreaterThanOrEqual(2);
    for (const q of quiz.questions) {
      expect(q.options).toHaveLength(q.kind === 'true_false' ? 2 : 4);
      if (q.kind === 'true_false') expect(q.options).toEqual(['True', 'False']);
    }
    const blank = await t.api<QuizResult>('POST', `/quizzes/${quiz.id}/submit`, {
      token,
      body: { answers: [] },
    });
    for (const [i, result] of blank.body.results.entries()) {
      expect(result.correct_answer).toBeLessThan(quiz.questions[i]!.options.length);
      expect(result.explanation).toMatch(/“.+”$/);
    }
    const right = await t.api<QuizResult>('POST', `/quizzes/${quiz.id}/submit`, {
      token,
      body: { answers: blank.body.results.map((r) => r.correct_answer) },
    });
    expect(right.body).toMatchObject({ score: 100, correct: 8 });
  });

  it('deleting the book removes its jobs, content and quizzes', async () => {
    const l = await learner();
    const { token, book, chapterId } = l;
    await narrated(l);
    const quiz = await writtenQuiz(token, {
      book_id: book.id,
      chapter_id: chapterId,
      num_questions: 3,
      difficulty: 'easy',
    });
    const ready = (await chapterItems(chapterId, token)).body.filter((i) => i.status === 'ready');
    expect(ready).toHaveLength(1);
    const quizzes = (await t.api<QuizView[]>('GET', `/books/${book.id}/quizzes`, { token })).body;
    expect(quizzes.map((q) => q.id)).toEqual([quiz.id]);
    expect((await t.api('DELETE', `/books/${book.id}`, { token })).status).toBe(204);
    for (const item of ready) {
      expect((await t.api('GET', `/ai/check-video-status/${item.id}`, { token })).status).toBe(404);
      expect((await fetch(`${origin()}${item.content_url}`)).status).toBe(404);
    }
    expect((await t.api('GET', `/quizzes/${quizzes[0]!.id}`, { token })).status).toBe(404);
  });
});
