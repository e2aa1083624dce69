import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChapterRecord } from '../../../functions/books/model';
import { createBooksService } from '../../../functions/books/service';
import { withTempDir } from '../../../functions/engine/media/temp';
import type { Engine } from '../../../functions/engine/types';
import { createUserActivity } from '../../../functions/events';
import { createJobs } from '../../../functions/jobs';
import {
  assembleStage,
  prepareStage,
  publishStage,
  recordFailureStage,
  renderPartStage,
  type LearningContentDeps,
} from '../../../functions/learning/jobs/content.stages';
import type { Recipe, RecipeContext } from '../../../functions/learning/jobs/recipes';
import { learningKeys, type LearningOptions } from '../../../functions/learning/model';
import { createLearningService } from '../../../functions/learning/service';
import { createUsageMeter } from '../../../functions/lib/usage-meter';
import { createSubscriptionsService } from '../../../functions/subscriptions/service';
import { memoryAdapters } from '../../support/memory';

/**
 * The learning-content stages on the in-memory ports with a recipe double (the recipes' media work is
 * the engine's, tested with it): the plan and parts kept with the job, the finished media beside the
 * book's, the chapter's content replaced only by a newer job, and what a cancelled or failed job
 * leaves behind.
 */
const text = 'Mara kept the lighthouse. Every night she lit the lamp. A storm broke the lens.';

/** Plans one part per sentence; each part lasts two seconds; the narration is their sum. */
function recipeDouble(planned: string[]): Recipe<{ sentences: string[] }> {
  return {
    async plan(ctx: RecipeContext) {
      planned.push(ctx.text);
      await ctx.step(5, 'Planning');
      return { sentences: ctx.text.split(/(?<=\.)\s+/) };
    },
    partCount: (plan) => plan.sentences.length,
    async renderPart(ctx, plan, index) {
      const path = join(ctx.dir, `part.wav`);
      await writeFile(path, plan.sentences[index]!);
      return { path, duration: 2, contentType: 'audio/wav' };
    },
    async assemble(ctx, _plan, parts, report) {
      report(0.5);
      const path = join(ctx.dir, 'narration.m4a');
      await writeFile(path, parts.map((p) => p.path).join('\n'));
      return {
        files: [{ name: 'narration.m4a', path, contentType: 'audio/mp4' }],
        outputs: {
          audio: 'narration.m4a',
          duration: parts.reduce((sum, p) => sum + p.duration, 0),
          chapter_marks: [{ title: 'The Lamp', start_seconds: 0 }],
        },
      };
    },
  };
}

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
  const book = await books.createBookFromUpload({
    ownerId: 'owner',
    bookType: 'learning',
    title: 'The Cape',
    description: '',
    source: { kind: 'text', text },
  });
  await books.repository.update(book.id, { status: 'READY', review_pending: false });
  const chapters: ChapterRecord[] = [1, 2].map((n) => ({
    id: `00000000-0000-4000-8000-0000000000c${n}`,
    book_id: book.id,
    owner_id: 'owner',
    chapter_number: n,
    order_index: n - 1,
    title: n === 1 ? 'The Lamp' : 'The Storm',
    content: text,
    summary: n === 1 ? 'Mara keeps the light.' : '',
    word_count: 14,
    updated_at: '2026-11-23T10:00:00.000Z',
  }));
  for (const chapter of chapters) await books.repository.putChapter(chapter);
  const planned: string[] = [];
  const recipe = recipeDouble(planned) as Recipe<unknown>;
  const deps: LearningContentDeps = {
    jobs,
    // The recipe double makes the media itself: the engine is not called.
    engine: {} as Engine,
    recipes: { audio_narration: recipe, realistic_video: recipe, chapter_video: recipe },
    chapters: {
      chapterContext: (id) => books.chapterContext(id),
      chapterText: (chapter) => books.chapterText(chapter),
      listChapters: (bookId) => books.repository.listChapters(bookId),
    },
    content: learning.repository,
    activity,
    uploads: adapters.storage.uploads,
    media: adapters.storage.media,
    tempDir: withTempDir,
  };
  const start = (chapter: number, options: Partial<LearningOptions> = {}) =>
    learning.start('owner', chapters[chapter - 1]!.id, { content_type: 'audio_narration', ...options });
  return { ...adapters, jobs, learning, activity, book, chapters, deps, start, planned };
}

/** Every stage of a run, in the workflow's order. */
async function run(deps: LearningContentDeps, jobId: string) {
  const { parts } = await prepareStage(deps, { job_id: jobId });
  for (const index of parts) await renderPartStage(deps, { job_id: jobId, index });
  await assembleStage(deps, { job_id: jobId });
  return publishStage(deps, { job_id: jobId });
}

describe('learning content stages', () => {
  it('plans, renders each part, assembles the media beside the book and publishes it as the chapter content', async () => {
    const { deps, start, jobs, storage, learning, book, chapters, activity } = await setup();
    const job = await start(1);
    expect(await prepareStage(deps, { job_id: job.id })).toEqual({ job_id: job.id, parts: [0, 1, 2] });
    expect(await jobs.get(job.id)).toMatchObject({
      status: 'running',
      progress: 10,
      step: 'Narrating part 1 of 3',
    });
    for (const index of [0, 1, 2]) await renderPartStage(deps, { job_id: job.id, index });
    expect(await jobs.get(job.id)).toMatchObject({ progress: 85, step: 'Narrating part 3 of 3' });
    expect(await assembleStage(deps, { job_id: job.id })).toEqual({ job_id: job.id, duration: 6 });
    const audioKey = learningKeys.output(book.id, job.id, 'narration.m4a');
    expect(await jobs.get(job.id)).toMatchObject({
      progress: 98,
      step: 'Publishing',
      outputs: { audio_key: audioKey, video_key: null, duration: 6 },
    });
    expect(await publishStage(deps, { job_id: job.id })).toEqual({
      job_id: job.id,
      status: 'ready',
      replaced: null,
    });
    expect(await learning.repository.listContent(book.id, chapters[0]!.id)).toEqual([
      expect.objectContaining({
        id: job.id,
        content_type: 'audio_narration',
        audio_key: audioKey,
        duration: 6,
      }),
    ]);
    expect(await storage.media.head(audioKey)).not.toBeNull();
    // The job's work files go when it is done.
    expect(storage.uploads.keys(`jobs/${job.id}/`)).toEqual([]);
    const events = await activity.listActivity('owner', 10);
    expect(events.find((e) => e.type === 'content_generated')).toMatchObject({
      title: 'Generated the narration of “The Lamp”',
    });
  });

  it("a chapter video with context is told the previous chapter's summary first", async () => {
    const { deps, start, planned } = await setup();
    const job = await start(2, { content_type: 'chapter_video', include_context: true });
    await prepareStage(deps, { job_id: job.id });
    expect(planned[0]).toBe(`Previously, in “The Lamp”: Mara keeps the light.\n\n${text}`);
  });

  it('a newer job replaces the content and media of an older one; an older job finishing late does not', async () => {
    const { deps, start, jobs, storage, learning, book, chapters, clock } = await setup();
    const older = await start(1);
    await prepareStage(deps, { job_id: older.id });
    // Two runs of the same content at once, as when a run given up as stale was still working: the
    // older is set aside so the newer can start, then found working again.
    await jobs.repository.update(older.id, { status: 'failed' }, clock.now().toISOString());
    clock.advance(60_000);
    const newer = await start(1);
    await jobs.repository.update(older.id, { status: 'running' }, clock.now().toISOString());
    expect((await run(deps, newer.id)).replaced).toBeNull();
    expect((await run(deps, older.id)).replaced).toBeNull();
    expect((await learning.repository.listContent(book.id, chapters[0]!.id)).map((c) => c.id)).toEqual([
      newer.id,
    ]);
    // The newer content published again by a later job replaces it, media and job record.
    clock.advance(60_000);
    const latest = await start(1);
    expect((await run(deps, latest.id)).replaced).toBe(newer.id);
    expect(storage.media.keys(learningKeys.output(book.id, newer.id, ''))).toEqual([]);
    expect(await jobs.get(newer.id)).toBeNull();
  });

  it('a job cancelled while it is assembled keeps no media', async () => {
    const { deps, start, jobs, storage, book } = await setup();
    const job = await start(1);
    await prepareStage(deps, { job_id: job.id });
    for (const index of [0, 1, 2]) await renderPartStage(deps, { job_id: job.id, index });
    // The job is cancelled as soon as the finished media is stored.
    const upload = storage.media.upload.bind(storage.media);
    storage.media.upload = async (key, path, type) => {
      await upload(key, path, type);
      await jobs.cancel((await jobs.get(job.id))!);
    };
    await expect(assembleStage(deps, { job_id: job.id })).rejects.toMatchObject({
      name: 'JobGoneError',
    });
    expect(storage.media.keys(learningKeys.output(book.id, job.id, ''))).toEqual([]);
  });

  it('a failure is recorded in words; media a failed job made goes, published content stays', async () => {
    const { deps, start, jobs, storage, book, learning, chapters } = await setup();
    const job = await start(1);
    await prepareStage(deps, { job_id: job.id });
    for (const index of [0, 1, 2]) await renderPartStage(deps, { job_id: job.id, index });
    await assembleStage(deps, { job_id: job.id });
    expect(await recordFailureStage(deps, { job_id: job.id, error: { Error: 'States.Timeout' } })).toEqual({
      job_id: job.id,
      recorded: true,
    });
    expect(await jobs.get(job.id)).toMatchObject({
      status: 'failed',
      error_message: 'Generating the narration took too long. Please try again.',
    });
    expect(storage.media.keys(learningKeys.output(book.id, job.id, ''))).toEqual([]);
    const done = await start(1);
    await run(deps, done.id);
    // A late failure of a job that was published leaves its content alone.
    await jobs.repository.update(done.id, { status: 'running' }, '2026-11-23T10:00:00.000Z');
    await recordFailureStage(deps, { job_id: done.id, error: { Error: 'Boom' } });
    expect((await learning.repository.listContent(book.id, chapters[0]!.id)).map((c) => c.id)).toEqual([
      done.id,
    ]);
    expect(storage.media.keys(learningKeys.output(book.id, done.id, ''))).not.toEqual([]);
  });

  it('a chapter deleted meanwhile ends the run', async () => {
    const { deps, start } = await setup();
    const job = await start(1);
    const gone = { ...deps, chapters: { ...deps.chapters, chapterContext: async () => null } };
    await expect(prepareStage(gone, { job_id: job.id })).rejects.toMatchObject({ name: 'JobGoneError' });
  });
});
