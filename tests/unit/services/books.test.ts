import { describe, expect, it } from 'vitest';
import { createBooksService, INTERRUPTED_MESSAGE } from '../../../functions/books/service';
import { bookKeys } from '../../../functions/books/model';
import { createUserActivity } from '../../../functions/events';
import { createJobs, QUIET_MS } from '../../../functions/jobs';
import { getJson, putJson } from '../../../functions/lib/json-files';
import { keys } from '../../../functions/lib/keys';
import { memoryAdapters } from '../../support/memory';

function setup() {
  const adapters = memoryAdapters();
  const jobs = createJobs({ ...adapters, work: adapters.storage.uploads });
  const activity = createUserActivity(adapters);
  const books = createBooksService({ ...adapters, jobs, activity });
  return { ...adapters, jobs, activity, books };
}

const text = 'Chapter 1\n\nThe harbour was quiet at dawn.\n\nChapter 2\n\nThe ships came home.';

describe('the books service', () => {
  it('stores pasted text as a queued book, counts the upload and starts processing from extraction', async () => {
    const { books, storage, workflows, activity } = setup();
    const book = await books.createBookFromUpload({
      ownerId: 'u1',
      bookType: 'learning',
      title: '',
      description: ' About the sea ',
      source: { kind: 'text', text },
    });
    expect(book).toMatchObject({ status: 'QUEUED', title: 'Untitled book', description: 'About the sea' });
    expect(book.job_id).toBeTruthy();
    expect(Buffer.from(await storage.uploads.getBytes(book.source.key)).toString()).toBe(text);
    expect(workflows.executions).toEqual([
      expect.objectContaining({
        machine: 'bookProcessing',
        name: `book-${book.job_id}`,
        input: { job_id: book.job_id, book_id: book.id, start_at: 'extract' },
      }),
    ]);
    expect((await activity.counters.get('u1')).books_uploaded).toBe(1);
    const events = await activity.listActivity('u1', 5);
    expect(events.filter((e) => e.type === 'badge_earned').map((e) => e.ref)).toContain('first-book');
    expect(events.find((e) => e.type === 'book_uploaded')).toMatchObject({ ref: book.id });
  });

  it('refuses empty text, a file of the wrong type and a file over 10 MB, storing nothing', async () => {
    const { books, storage, table } = setup();
    const upload = (source: Parameters<typeof books.createBookFromUpload>[0]['source']) =>
      books.createBookFromUpload({
        ownerId: 'u1',
        bookType: 'learning',
        title: 't',
        description: '',
        source,
      });
    await expect(upload({ kind: 'text', text: '   ' })).rejects.toMatchObject({ statusCode: 400 });
    await expect(
      upload({ kind: 'file', filename: 'x.pdf', data: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4]) }),
    ).rejects.toMatchObject({ statusCode: 415 });
    await expect(
      upload({ kind: 'file', filename: 'big.txt', data: new Uint8Array(10 * 1024 * 1024 + 1).fill(65) }),
    ).rejects.toMatchObject({ statusCode: 413 });
    expect(storage.uploads.keys()).toEqual([]);
    expect(table.items.size).toBe(0);
  });

  it("takes a presigned upload only from the caller's own incoming folder, moving it under the book", async () => {
    const { books, storage } = setup();
    const url = await books.uploadUrl('u1', {
      filename: 'sea.txt',
      size: text.length,
      contentType: 'text/plain',
    });
    expect(url.file_key).toMatch(/^incoming\/u1\//);
    await storage.uploads.put(url.file_key, text, 'text/plain');
    await expect(
      books.createBookFromUpload({
        ownerId: 'u2',
        bookType: 'learning',
        title: '',
        description: '',
        source: { kind: 'stored', filename: 'sea.txt', key: url.file_key },
      }),
    ).rejects.toMatchObject({ statusCode: 404 });
    const book = await books.createBookFromUpload({
      ownerId: 'u1',
      bookType: 'entertainment',
      title: '',
      description: '',
      source: { kind: 'stored', filename: 'the_sea-book.txt', key: url.file_key },
    });
    expect(book.title).toBe('the sea book');
    expect(storage.uploads.keys('incoming/')).toEqual([]);
    expect(storage.uploads.keys(`books/${book.id}/`)).toEqual([`books/${book.id}/source.txt`]);
  });

  it('accepts only keys it issued to the caller, once: never a path that climbs into another book', async () => {
    const { books, storage } = setup();
    const victim = await books.createBookFromUpload({
      ownerId: 'victim',
      bookType: 'learning',
      title: 'Private',
      description: '',
      source: { kind: 'text', text },
    });
    const url = await books.uploadUrl('u1', { filename: 'a.txt', size: 5, contentType: 'text/plain' });
    await storage.uploads.put(url.file_key, 'hello', 'text/plain');
    const attempt = (key: string) =>
      books.createBookFromUpload({
        ownerId: 'u1',
        bookType: 'learning',
        title: '',
        description: '',
        source: { kind: 'stored', filename: 'a.txt', key },
      });
    for (const key of [
      `incoming/u1/../../books/${victim.id}/source.txt`,
      `${url.file_key}/../../../books/${victim.id}/source.txt`,
      `books/${victim.id}/source.txt`,
      'incoming/u1/00000000-0000-4000-8000-999999999999',
      url.file_key.replace('u1', 'victim'),
    ])
      await expect(attempt(key), key).rejects.toMatchObject({ statusCode: 404, code: 'upload_not_found' });
    // The victim's file is untouched, and the issued key still works — once.
    expect(Buffer.from(await storage.uploads.getBytes(victim.source.key)).toString()).toBe(text);
    await expect(attempt(url.file_key)).resolves.toMatchObject({ status: 'QUEUED' });
    await expect(attempt(url.file_key)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('binds the presigned URL to the declared type and size', async () => {
    const { books } = setup();
    const url = await books.uploadUrl('u1', {
      filename: 'big.pdf',
      size: 123456,
      contentType: 'application/pdf',
    });
    expect(url.headers).toEqual({ 'Content-Type': 'application/pdf' });
    expect(url.upload_url).toContain('type=application%2Fpdf');
    expect(url.upload_url).toContain('length=123456');
  });

  it("hides other people's books behind a 404 and shows published ones to every reader", async () => {
    const { books } = setup();
    const book = await books.createBookFromUpload({
      ownerId: 'u1',
      bookType: 'learning',
      title: 'Sea',
      description: '',
      source: { kind: 'text', text },
    });
    await expect(books.loadOwnedBook(book.id, 'u2')).rejects.toMatchObject({ statusCode: 404 });
    await expect(books.loadReadableBook(book.id, 'u2')).rejects.toMatchObject({ statusCode: 404 });
    await expect(books.loadOwnedBook('not-a-uuid', 'u1')).rejects.toMatchObject({ statusCode: 404 });
    await books.repository.update(book.id, { status: 'READY', review_pending: false });
    await books.publish((await books.repository.get(book.id))!);
    expect((await books.loadReadableBook(book.id, 'u2')).id).toBe(book.id);
    expect((await books.catalogue('learning', 'u2')).map((b) => b.id)).toEqual([book.id]);
  });

  it('confirming the reviewed structure writes one file per chapter and starts chapter processing', async () => {
    const { books, storage, workflows, jobs } = setup();
    const book = await books.createBookFromUpload({
      ownerId: 'u1',
      bookType: 'learning',
      title: 'Sea',
      description: '',
      source: { kind: 'text', text },
    });
    const chapter = (n: number, title: string, content: string) => ({
      title,
      content,
      chapter_number: n,
      word_count: content.split(' ').length,
    });
    await putJson(storage.uploads, bookKeys.structure(book.id), {
      has_sections: false,
      structure_type: 'flat',
      sections: [],
      chapters: [chapter(1, 'Dawn', 'The harbour was quiet.'), chapter(2, 'Home', 'The ships came home.')],
      structure_metadata: {},
    });
    await expect(books.confirmStructure(book, [])).rejects.toMatchObject({ statusCode: 409 });
    // The upload's run ended at review.
    await jobs.finish(book.job_id!);
    const inReview = await books.repository.update(book.id, { status: 'READY', review_pending: true });
    await expect(
      books.confirmStructure(inReview, [{ title: 'X', chapter_number: 1, source_chapter_number: 9 }]),
    ).rejects.toMatchObject({ statusCode: 400 });
    const confirmed = await books.confirmStructure(inReview, [
      { title: ' Homecoming ', chapter_number: 2, source_chapter_number: 2 },
      { title: 'Dawn', chapter_number: 1, source_chapter_number: 1 },
    ]);
    expect(confirmed).toMatchObject({ status: 'GENERATING', review_pending: false });
    expect(confirmed.job_id).not.toBe(book.job_id);
    expect(await getJson(storage.uploads, bookKeys.confirmedIndex(book.id))).toEqual({ total: 2 });
    expect(await getJson(storage.uploads, bookKeys.confirmedChapter(book.id, 2))).toMatchObject({
      title: 'Homecoming',
      content: 'The ships came home.',
    });
    expect(workflows.executions.at(-1)).toMatchObject({ input: { book_id: book.id, start_at: 'chapters' } });
  });

  it('retries a failed book from the step that failed, and only a failed one', async () => {
    const { books, workflows, jobs } = setup();
    const book = await books.createBookFromUpload({
      ownerId: 'u1',
      bookType: 'learning',
      title: 'Sea',
      description: '',
      source: { kind: 'text', text },
    });
    await expect(books.retry(book)).rejects.toMatchObject({ statusCode: 409, code: 'not_failed' });
    await jobs.fail({ failureMessage: () => '' } as never, book.job_id!, { Error: 'IngestError' }, 'Damaged');
    const failed = await books.repository.update(book.id, { status: 'FAILED', failed_step: 'structure' });
    // No extracted text to detect the structure from: the retry starts from extraction.
    expect(await books.retry(failed)).toMatchObject({ status: 'PROCESSING', error_message: null });
    // The failed run runs again, as a second execution of the same job.
    expect(workflows.executions.at(-1)).toMatchObject({
      name: `book-${book.job_id}-2`,
      input: { start_at: 'extract' },
    });
  });

  it('deleting a book removes its partition, its jobs, its files and media, and counts it', async () => {
    const { books, jobs, table, storage, activity, workflows } = setup();
    const book = await books.createBookFromUpload({
      ownerId: 'u1',
      bookType: 'learning',
      title: 'Sea',
      description: '',
      source: { kind: 'text', text },
    });
    // What other domains keep with a book: items in its partition, jobs, media.
    await table.put({ ...keys.content(book.id, 'ch', 'audio_narration'), id: 'c1' });
    const job = await jobs.start(
      {
        kind: 'x',
        workflow: {
          name: 'learningContent',
          input: { safeParse: (v: unknown) => ({ success: true, data: v }) },
        } as never,
        executionPrefix: 'x',
        input: (j) => ({ job_id: j.id }),
        failureMessage: () => '',
      },
      { owner: 'u1', target: { book_id: book.id }, options: {} },
    );
    await storage.media.put(`media/books/${book.id}/learning/${job.id}/narration.m4a`, 'a', 'audio/mp4');
    await books.deleteBook((await books.repository.get(book.id))!);
    expect([...table.items.keys()].filter((k) => k.includes(book.id))).toEqual([]);
    expect(await jobs.get(job.id)).toBeNull();
    expect(storage.uploads.keys(`books/${book.id}/`)).toEqual([]);
    expect(storage.media.keys(`media/books/${book.id}/`)).toEqual([]);
    expect(workflows.executions[0]).toMatchObject({ status: 'ABORTED' });
    expect((await activity.counters.get('u1')).books_uploaded).toBe(0);
  });

  it("details keep the owner's fields from the pipeline's proposals", async () => {
    const { books } = setup();
    const book = await books.createBookFromUpload({
      ownerId: 'u1',
      bookType: 'learning',
      title: '',
      description: '',
      source: { kind: 'text', text },
    });
    const updated = await books.updateDetails(book, { title: 'The Sea', language: 'fr' });
    expect(updated).toMatchObject({ title: 'The Sea', language: 'fr' });
    expect(updated.owner_set.sort()).toEqual(['language', 'title']);
  });

  it('a run cut off without an outcome fails once the book has been quiet, and retry resumes from its step', async () => {
    const { books, workflows, clock } = setup();
    const book = await books.createBookFromUpload({
      ownerId: 'u1',
      bookType: 'learning',
      title: 'Sea',
      description: '',
      source: { kind: 'text', text },
    });
    await books.repository.update(book.id, { status: 'PROCESSING', progress: 25 });
    // Still running: left alone, however quiet.
    clock.advance(QUIET_MS + 1);
    expect((await books.loadOwnedBook(book.id, 'u1')).status).toBe('PROCESSING');
    // The local runtime restarted: the execution was aborted and nothing recorded the outcome.
    // Touched just now, the book is trusted for a while…
    await books.repository.update(book.id, { progress: 30 });
    workflows.end(workflows.executions.at(-1)!.arn, 'ABORTED');
    expect((await books.loadOwnedBook(book.id, 'u1')).status).toBe('PROCESSING');
    // …then its execution decides.
    clock.advance(QUIET_MS + 1);
    const failed = await books.loadOwnedBook(book.id, 'u1');
    expect(failed).toMatchObject({
      status: 'FAILED',
      failed_step: 'extract',
      error_message: INTERRUPTED_MESSAGE,
    });
    expect((await books.list('u1')).map((b) => b.status)).toEqual(['FAILED']);
    const retried = await books.retry(failed);
    expect(retried.status).toBe('PROCESSING');
    // The failed run runs again, as a second execution of the same job.
    expect(workflows.executions.at(-1)).toMatchObject({
      name: `book-${book.job_id}-2`,
      input: { start_at: 'extract' },
    });
  });
});
