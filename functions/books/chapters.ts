import type { SaveStructureChapter } from '../contracts/book-requests';
import type { BookStructure, StructureChapter } from '../contracts/books';
import { isActive } from '../jobs';
import { BadRequestError, ConflictError, NotFoundError } from '../lib/errors';
import { isUuid } from '../lib/ids';
import { getJson, putJson } from '../lib/json-files';
import { bookProcessingJob, type BookProcessingOptions } from './jobs/processing.kind';
import { bookKeys, type BookRecord } from './model';
import { toChapters, toReviewStructure } from './views';
import { CHAPTER_NOT_FOUND, type BooksContext, now, startPipeline, afterStart, stopPipeline } from './common';

/** Chapters: read, their structure confirmed, and the processing retried or redone. */

export async function readStructure(deps: BooksContext, book: BookRecord): Promise<BookStructure> {
  return toReviewStructure(await getJson<BookStructure>(deps.uploads, bookKeys.structure(book.id)));
}

export async function externalContents(
  deps: BooksContext,
  book: BookRecord,
  numbers: number[],
): Promise<Map<number, string>> {
  const contents = new Map<number, string>();
  await Promise.all(
    numbers.map(async (n) => {
      const bytes = await deps.uploads.getBytes(bookKeys.chapterContent(book.id, n));
      contents.set(n, Buffer.from(bytes).toString('utf8'));
    }),
  );
  return contents;
}

/**
 * The chapters a reader sees: none while a failed book waits for its retry, whichever step failed
 * (a failure after the chapters were written would otherwise show a book that is not ready).
 */
export async function visibleChapters(deps: BooksContext, book: BookRecord) {
  return book.status === 'FAILED' ? [] : chapterViews(deps, book);
}

export async function chapterViews(deps: BooksContext, book: BookRecord) {
  const records = await deps.books.listChapters(book.id);
  const external = records.filter((c) => !c.content && c.content_key).map((c) => c.chapter_number);
  return toChapters(records, await externalContents(deps, book, external));
}

export async function chapterView(deps: BooksContext, book: BookRecord, chapterId: string) {
  const chapter = isUuid(chapterId) ? await deps.books.getChapterById(chapterId) : null;
  if (!chapter || chapter.book_id !== book.id)
    throw new NotFoundError(CHAPTER_NOT_FOUND, 'chapter_not_found');
  const contents = chapter.content
    ? new Map<number, string>()
    : await externalContents(deps, book, [chapter.chapter_number]);
  const [full] = toChapters([chapter], contents);
  return {
    ...full,
    content: chapter.content ?? contents.get(chapter.chapter_number) ?? '',
    content_truncated: undefined,
  };
}

/** Accepts the reviewed structure and starts chapter processing (GENERATING). */
export async function confirmStructure(
  deps: BooksContext,
  book: BookRecord,
  chapters: SaveStructureChapter[],
): Promise<BookRecord> {
  if (book.status !== 'READY' || !book.review_pending) {
    throw new ConflictError('This book has no extracted structure waiting for review.', 'not_in_review');
  }
  const extracted = await getJson<BookStructure>(deps.uploads, bookKeys.structure(book.id));
  const original = new Map(extracted.chapters.map((c) => [c.chapter_number, c]));
  const ordered = [...chapters].sort((a, b) => a.chapter_number - b.chapter_number);
  const confirmed: StructureChapter[] = ordered.map((chapter, index) => {
    const source = chapter.source_chapter_number ? original.get(chapter.source_chapter_number) : undefined;
    if (chapter.source_chapter_number && !source) {
      throw new BadRequestError(
        `Chapter ${index + 1} refers to a chapter that does not exist.`,
        'unknown_chapter',
      );
    }
    const content = chapter.content ?? source?.content ?? '';
    return {
      title: chapter.title.trim() || 'New Chapter',
      content,
      summary: chapter.summary,
      chapter_number: index + 1,
      word_count: content.split(/\s+/).filter(Boolean).length,
      ...(chapter.section_title
        ? {
            section_title: chapter.section_title,
            section_type: chapter.section_type ?? 'section',
            section_number: chapter.section_number ?? 1,
          }
        : {}),
    };
  });
  // One small object per chapter: each Map iteration of the pipeline reads only its own.
  await deps.uploads.deletePrefix(bookKeys.confirmedPrefix(book.id));
  await Promise.all(
    confirmed.map((chapter, index) =>
      putJson(deps.uploads, bookKeys.confirmedChapter(book.id, index + 1), chapter),
    ),
  );
  await putJson(deps.uploads, bookKeys.confirmedIndex(book.id), { total: confirmed.length });
  const updated = await deps.books.update(
    book.id,
    {
      status: 'GENERATING',
      review_pending: false,
      progress: 0,
      chapters_done: 0,
      progress_message: `Processing ${confirmed.length} chapters`,
      error_message: null,
      failed_step: null,
      updated_at: now(deps),
    },
    ['READY'],
  );
  return startPipeline(deps, updated, 'chapters');
}

/** Runs a failed book again from the step that failed. */
export async function retryProcessing(deps: BooksContext, book: BookRecord): Promise<BookRecord> {
  if (book.status !== 'FAILED')
    throw new ConflictError('Only books whose processing failed can be retried.', 'not_failed');
  const step = book.failed_step ?? 'extract';
  const startAt =
    step === 'structure' && !(await deps.uploads.head(bookKeys.extracted(book.id))) ? 'extract' : step;
  const updated = await deps.books.update(
    book.id,
    {
      status: startAt === 'chapters' ? 'GENERATING' : 'PROCESSING',
      progress: 0,
      chapters_done: 0,
      progress_message: 'Retrying…',
      error_message: null,
      failed_step: null,
      updated_at: now(deps),
    },
    ['FAILED'],
  );
  // The failed run runs again from the step that failed (a new execution of the same job).
  const failedRun = book.job_id ? await deps.jobs.get<BookProcessingOptions>(book.job_id) : null;
  if (failedRun && !isActive(failedRun.status))
    return afterStart(deps, updated, await deps.jobs.retry(bookProcessingJob, failedRun, startAt), startAt);
  return startPipeline(deps, updated, startAt);
}

/**
 * Starts chapter generation over: the running pipeline (if any) stops, the structure is detected
 * again from the extracted text, and the book returns to review. Chapters are replaced, never
 * duplicated, when the structure is confirmed again.
 */
export async function regenerateChapters(deps: BooksContext, book: BookRecord): Promise<BookRecord> {
  if (book.status === 'QUEUED' || book.status === 'PROCESSING') {
    throw new ConflictError('This book is still being processed.', 'processing');
  }
  await stopPipeline(deps, book, 'Chapter regeneration requested');
  const hasExtracted = Boolean(await deps.uploads.head(bookKeys.extracted(book.id)));
  const updated = await deps.books.update(book.id, {
    status: 'PROCESSING',
    review_pending: false,
    progress: 0,
    chapters_done: 0,
    progress_message: 'Detecting chapters again…',
    error_message: null,
    failed_step: null,
    updated_at: now(deps),
  });
  return startPipeline(deps, updated, hasExtracted ? 'structure' : 'extract');
}
