import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookWithChapters } from '../../functions/contracts/books';
import {
  docxChapterHeading,
  epubChapterHeading,
  makeDocx,
  makeEpub,
  makePdf,
  makeTxtBook,
  pdfChapterHeading,
} from '../fixtures/books';
import {
  confirmAsExtracted,
  createUser,
  settledStatus,
  startTestRuntime,
  uploadBook,
  type TestRuntime,
} from './helpers';

let t: TestRuntime;
let token: string;
beforeAll(async () => {
  t = await startTestRuntime();
  token = (await createUser(t, { role: 'author', plan: 'basic' })).accessToken;
});
afterAll(async () => {
  await t?.stop();
});

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('book processing through the state machine', () => {
  it('PDF: front matter skipped, running headers gone, chapters in order, then READY with chapters', async () => {
    const upload = await uploadBook(t, {
      token,
      file: { name: 'keeper.pdf', data: await makePdf({ chapters: 4, pagesPerChapter: 2 }) },
    });
    expect(upload.status).toBe(201);
    expect(upload.body).toMatchObject({ status: 'QUEUED', progress: 0 });
    const id = String(upload.body.id);

    const review = await settledStatus(t, id, token);
    expect(review).toMatchObject({ status: 'READY', review_pending: true });
    expect(review.preview_chapters!.map((c) => c.title)).toEqual(range(4).map(pdfChapterHeading));
    const allText = review.preview_chapters!.map((c) => c.content).join('\n');
    expect(allText).not.toMatch(/All rights reserved|ISBN/);
    expect(allText).not.toContain('The Lighthouse Keeper'); // the running header

    await confirmAsExtracted(t, id, token);
    const book = await t.api<BookWithChapters>('GET', `/books/${id}`, { token });
    expect(book.body).toMatchObject({
      status: 'READY',
      review_pending: false,
      progress: 100,
      total_chapters: 4,
      source_format: 'pdf',
    });
    expect(book.body.chapters.map((c) => [c.chapter_number, c.title])).toEqual(
      range(4).map((n) => [n, pdfChapterHeading(n)]),
    );
    for (const chapter of book.body.chapters) {
      expect(chapter.summary.length).toBeGreaterThan(20);
      expect(chapter.word_count).toBeGreaterThan(100);
    }
    expect(book.body.estimated_duration).toBeGreaterThan(0);
    expect(book.body.title).toBe('The Lighthouse Keeper');
    expect(book.body.author_name).toBe('Jane Doe');
  });

  it('DOCX with parts: a hierarchical structure whose chapters keep their sections', async () => {
    const upload = await uploadBook(t, {
      token,
      bookType: 'entertainment',
      file: { name: 'harbour.docx', data: await makeDocx({ parts: 2, chapters: 2 }) },
    });
    const id = String(upload.body.id);
    const review = await settledStatus(t, id, token);
    expect(review.structure!.structure_type).toBe('hierarchical');
    expect(review.structure!.sections.map((s) => s.chapters.length)).toEqual([2, 2]);
    expect(review.preview_chapters!.map((c) => c.title)).toEqual(range(4).map(docxChapterHeading));
    await confirmAsExtracted(t, id, token);
    const book = await t.api<BookWithChapters>('GET', `/books/${id}`, { token });
    expect(book.body.structure_type).toBe('hierarchical');
    expect(new Set(book.body.chapters.map((c) => c.section_title)).size).toBe(2);
  });

  it('EPUB 2 and 3: spine order with titles from the navigation', async () => {
    for (const version of [2, 3] as const) {
      const upload = await uploadBook(t, {
        token,
        file: { name: `cartographer-${version}.epub`, data: await makeEpub({ version, chapters: 5 }) },
      });
      const review = await settledStatus(t, String(upload.body.id), token);
      expect(review.status).toBe('READY');
      expect(review.preview_chapters!.map((c) => c.title)).toEqual(range(5).map(epubChapterHeading));
    }
  });

  it('TXT and pasted text: heading patterns, prologue and epilogue, language proposed', async () => {
    const upload = await uploadBook(t, {
      token,
      file: { name: 'book.txt', data: await makeTxtBook({ chapters: 4, prologue: true, epilogue: true }) },
    });
    const review = await settledStatus(t, String(upload.body.id), token);
    const titles = review.preview_chapters!.map((c) => c.title);
    expect(titles[0]).toMatch(/^Prologue/);
    expect(titles.at(-1)).toMatch(/^Epilogue/);
    expect(titles).toHaveLength(6);

    const pasted = await uploadBook(t, {
      token,
      text: 'Capítulo 1\n\nEl barco salió del puerto al amanecer y los marineros cantaban canciones antiguas del mar.\n\nCapítulo 2\n\nLa tormenta llegó por la noche y todos tuvieron miedo de las olas.',
    });
    const status = await settledStatus(t, String(pasted.body.id), token);
    expect(status.status).toBe('READY');
    const book = await t.api<BookWithChapters>('GET', `/books/${String(pasted.body.id)}`, { token });
    expect(book.body.language).toBe('es');
  });

  it('regenerating chapters replaces them without duplicates', async () => {
    const upload = await uploadBook(t, {
      token,
      text: 'Chapter 1\n\nFirst part of the story goes here with some words.\n\nChapter 2\n\nSecond part of the story goes here with more words.\n\nChapter 3\n\nThird part ends it.',
    });
    const id = String(upload.body.id);
    await confirmAsExtracted(t, id, token);
    expect((await t.api<BookWithChapters>('GET', `/books/${id}`, { token })).body.chapters).toHaveLength(3);

    const regenerate = await t.api('POST', `/books/${id}/regenerate-chapters`, { token });
    expect(regenerate.status).toBe(202);
    const review = await settledStatus(t, id, token);
    expect(review).toMatchObject({ status: 'READY', review_pending: true });
    // Keep only two chapters this time: the third must disappear, the others be replaced in place.
    const chapters = review.preview_chapters!.slice(0, 2).map((c) => ({
      title: `${c.title} (new)`,
      chapter_number: c.chapter_number,
      source_chapter_number: c.chapter_number,
    }));
    expect((await t.api('POST', `/books/${id}/save-structure`, { token, body: { chapters } })).status).toBe(
      202,
    );
    await t.runtime.stepFunctions.idle();
    const book = await t.api<BookWithChapters>('GET', `/books/${id}`, { token });
    expect(book.body.chapters.map((c) => c.title)).toEqual(['Chapter 1 (new)', 'Chapter 2 (new)']);
    expect(book.body.total_chapters).toBe(2);
  });

  /** A two-chapter book whose structure is confirmed while `point` fails; answers its id. */
  async function confirmedWithFaultAt(point: string) {
    const upload = await uploadBook(t, {
      token,
      text: 'Chapter 1\n\nA first chapter with enough words to count.\n\nChapter 2\n\nA second chapter with enough words to count.',
    });
    const id = String(upload.body.id);
    await settledStatus(t, id, token);
    process.env.FAULT_INJECTION = point;
    try {
      await confirmAsExtracted(t, id, token);
    } finally {
      delete process.env.FAULT_INJECTION;
    }
    return id;
  }

  it('a failing step ends FAILED with a message, hides partial chapters, and Retry resumes from that step', async () => {
    const id = await confirmedWithFaultAt('bookProcessing.ProcessChapter');
    const failed = await settledStatus(t, id, token);
    expect(failed).toMatchObject({
      status: 'FAILED',
      error_message: 'Processing the chapters failed. Please try again.',
    });
    expect((await t.api<BookWithChapters>('GET', `/books/${id}`, { token })).body.chapters).toEqual([]);

    const retry = await t.api('POST', `/books/${id}/retry`, { token });
    expect(retry.status).toBe(202);
    expect(retry.body).toMatchObject({ status: 'GENERATING' });
    await t.runtime.stepFunctions.idle();
    const book = await t.api<BookWithChapters>('GET', `/books/${id}`, { token });
    expect(book.body).toMatchObject({ status: 'READY', error_message: null });
    expect(book.body.chapters).toHaveLength(2);
    expect((await t.api('POST', `/books/${id}/retry`, { token })).status).toBe(409);
  });

  it('a book that fails after its chapters were written shows none until Retry finishes it', async () => {
    const id = await confirmedWithFaultAt('bookProcessing.Finalize');
    expect((await settledStatus(t, id, token)).status).toBe('FAILED');
    expect((await t.api<BookWithChapters>('GET', `/books/${id}`, { token })).body.chapters).toEqual([]);
    expect((await t.api<unknown[]>('GET', `/books/${id}/chapters`, { token })).body).toEqual([]);

    expect((await t.api('POST', `/books/${id}/retry`, { token })).status).toBe(202);
    await t.runtime.stepFunctions.idle();
    const book = await t.api<BookWithChapters>('GET', `/books/${id}`, { token });
    expect(book.body.status).toBe('READY');
    expect(book.body.chapters.map((c) => c.title)).toHaveLength(2);
    expect((await t.api<unknown[]>('GET', `/books/${id}/chapters`, { token })).body).toHaveLength(2);
  });
});
