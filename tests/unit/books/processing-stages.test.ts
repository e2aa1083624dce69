import { describe, expect, it } from 'vitest';
import { bookKeys } from '../../../functions/books/model';
import {
  detectStructureStage,
  extractStage,
  finalizeStage,
  prepareChaptersStage,
  processChapterStage,
  recordProcessingFailureStage,
  type BookProcessingDeps,
} from '../../../functions/books/jobs/processing.stages';
import { createBooksService } from '../../../functions/books/service';
import { createUserActivity } from '../../../functions/events';
import { createJobs } from '../../../functions/jobs';
import { memoryAdapters } from '../../support/memory';

/**
 * The book-processing stages on the in-memory ports, driven as the workflow drives them: extract and
 * find the chapters for review; after the owner confirms, process each chapter and finish; a book
 * deleted meanwhile, and failures recorded on the book in the reader's words.
 */
function setup() {
  const adapters = memoryAdapters();
  const jobs = createJobs({ ...adapters, work: adapters.storage.uploads });
  const books = createBooksService({ ...adapters, jobs, activity: createUserActivity(adapters) });
  const deps: BookProcessingDeps = {
    jobs,
    books: books.repository,
    uploads: adapters.storage.uploads,
    clock: adapters.clock,
  };
  return { ...adapters, jobs, books, deps };
}

const text =
  'Chapter 1\n\nThe harbour was quiet at dawn, and the gulls had not yet begun.\n\n' +
  'Chapter 2\n\nThe ships came home one by one, their sails grey with salt.';

async function uploaded(world: ReturnType<typeof setup>) {
  const book = await world.books.createBookFromUpload({
    ownerId: 'u1',
    bookType: 'learning',
    title: '',
    description: '',
    source: { kind: 'text', text },
  });
  return { book, task: { job_id: book.job_id!, book_id: book.id } };
}

describe('book processing stages', () => {
  it('extracts the text and finds its chapters for the owner to review; that run then ends', async () => {
    const world = setup();
    const { book, task } = await uploaded(world);
    expect(await extractStage(world.deps, task)).toMatchObject({ book_id: book.id });
    expect(await world.books.repository.get(book.id)).toMatchObject({
      status: 'PROCESSING',
      progress: 60,
      source: { format: 'txt' },
    });
    expect(await detectStructureStage(world.deps, task)).toMatchObject({ chapters: 2 });
    expect(await world.books.repository.get(book.id)).toMatchObject({
      status: 'READY',
      review_pending: true,
      total_preview_chapters: 2,
      language: 'en',
    });
    expect(await world.jobs.get(task.job_id)).toMatchObject({ status: 'ready', step: 'Waiting for review' });
  });

  it('after confirmation processes each chapter under a stable id and finishes with a reading time', async () => {
    const world = setup();
    const { task } = await uploaded(world);
    await extractStage(world.deps, task);
    await detectStructureStage(world.deps, task);
    const reviewed = (await world.books.repository.get(task.book_id))!;
    const confirmed = await world.books.confirmStructure(reviewed, [
      { title: 'Dawn', content: 'The harbour was quiet at dawn.', chapter_number: 1 },
      { title: 'Home', content: 'The ships came home. '.repeat(20_000), chapter_number: 2 },
    ]);
    const run = { job_id: confirmed.job_id!, book_id: task.book_id };
    expect(await prepareChaptersStage(world.deps, run)).toEqual({
      book_id: task.book_id,
      total: 2,
      chapters: [1, 2],
    });
    const first = await processChapterStage(world.deps, { ...run, chapter_number: 1 });
    const again = await processChapterStage(world.deps, { ...run, chapter_number: 1 });
    expect(again.id).toBe(first.id);
    await processChapterStage(world.deps, { ...run, chapter_number: 2 });
    const chapters = await world.books.repository.listChapters(task.book_id);
    expect(chapters.map((c) => c.title)).toEqual(['Dawn', 'Home']);
    // A chapter too large for the table keeps its text in storage.
    expect(chapters[1]).toMatchObject({ content_key: bookKeys.chapterContent(task.book_id, 2) });
    expect(chapters[1]!.content).toBeUndefined();
    await finalizeStage(world.deps, run);
    expect(await world.books.repository.get(task.book_id)).toMatchObject({
      status: 'READY',
      review_pending: false,
      progress: 100,
      total_chapters: 2,
      estimated_duration: expect.any(Number),
    });
    expect(await world.jobs.get(run.job_id)).toMatchObject({ status: 'ready' });
  });

  it('a book deleted meanwhile stops the run, and its failure is not written on a book that is gone', async () => {
    const world = setup();
    const { task } = await uploaded(world);
    await world.books.repository.deleteAllItems(task.book_id);
    const error = await extractStage(world.deps, task).then(
      () => null,
      (e: Error) => e,
    );
    expect(error?.name).toBe('BookGoneError');
    expect(
      await recordProcessingFailureStage(world.deps, {
        ...task,
        failed_step: 'extract',
        error: { Error: 'BookGoneError', Cause: error!.message },
      }),
    ).toEqual({ book_id: task.book_id, recorded: false });
    expect(await world.jobs.get(task.job_id)).toMatchObject({ status: 'failed' });
  });

  it("records a failure on the book in the reader's words and names the step a retry resumes from", async () => {
    const world = setup();
    const { task } = await uploaded(world);
    await recordProcessingFailureStage(world.deps, {
      ...task,
      failed_step: 'structure',
      error: { Error: 'TypeError', Cause: 'cannot read properties of undefined' },
    });
    expect(await world.books.repository.get(task.book_id)).toMatchObject({
      status: 'FAILED',
      failed_step: 'structure',
      error_message: 'We could not find the chapters of this book. Please try again.',
    });
    const second = await uploaded(world);
    await recordProcessingFailureStage(world.deps, {
      ...second.task,
      failed_step: 'extract',
      error: { Error: 'IngestError', Cause: 'This PDF has no text to read.' },
    });
    expect((await world.books.repository.get(second.task.book_id))!.error_message).toBe(
      'This PDF has no text to read.',
    );
  });
});
