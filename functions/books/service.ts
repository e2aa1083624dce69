import type {
  BookStatusResponse,
  BookStructure,
  BookType,
  BookWithChapters,
  LearningProgressItem,
  PipelineStep,
  SaveStructureChapter,
  SourceFormat,
  StructureChapter,
  UploadUrlResponse,
} from '../contracts/books';
import type { UploadAllowance } from '../lib/ports';
import { bookStatusOf, MAX_UPLOAD_BYTES } from '../contracts/books';
import { uploadMessages } from '../contracts/validation';
import type { UserActivity } from '../events';
import { isActive, type JobRecord, type Jobs } from '../jobs';
import {
  BadRequestError,
  ConflictError,
  NotFoundError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
} from '../lib/errors';
import { isUuid } from '../lib/ids';
import { getJson, putJson } from '../lib/json-files';
import { publicMediaKey } from '../lib/media-urls';
import { isoNow, type Clock, type Storage, type Table, type Workflows } from '../lib/ports';
import { detectFormat, IngestError } from './ingest';
import { bookProcessingJob, PROCESSING_LOCK, type BookProcessingOptions } from './jobs/processing.kind';
import { bookKeys, type BookRecord, type BookSummary, type ChapterRecord } from './model';
import { createBookRepository } from './repository';
import { coverUrl, toBook, toChapters, toReviewStructure } from './views';
import { makeCover } from './cover';

export const BOOK_NOT_FOUND = 'Book not found.';
export const CHAPTER_NOT_FOUND = 'Chapter not found.';
const TOO_LARGE_MESSAGE = uploadMessages.fileTooLarge;

const EXTENSIONS: Record<SourceFormat, string> = { pdf: 'pdf', docx: 'docx', epub: 'epub', txt: 'txt' };
const CONTENT_TYPES: Record<SourceFormat, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  epub: 'application/epub+zip',
  txt: 'text/plain; charset=utf-8',
};
const UPLOAD_URL_SECONDS = 900;
const ACTIVE_BOOK_STATUSES: readonly BookRecord['status'][] = ['QUEUED', 'PROCESSING', 'GENERATING'];
export const INTERRUPTED_MESSAGE = 'Processing was interrupted. Please try again.';
/** A file sent just before its URL expired may still be turned into a book for a while. */
const UPLOAD_GRACE_MS = 60 * 60 * 1000;

export interface BooksDeps {
  table: Table;
  storage: Storage;
  workflows: Workflows;
  clock: Clock;
  jobs: Jobs;
  activity: UserActivity;
  uuid: () => string;
  /** The plan's book allowance (the subscriptions domain); without it, uploads are not limited. */
  uploads?: UploadAllowance;
}

export type UploadSource =
  | { kind: 'file'; filename: string; data: Uint8Array }
  | { kind: 'stored'; filename: string; key: string }
  | { kind: 'text'; text: string };

export interface UploadRequest {
  ownerId: string;
  bookType: BookType;
  title: string;
  description: string;
  source: UploadSource;
  /** A book id whose upload the owner paid for (the free tier's third book and on). */
  bookId?: string;
}

/** Owners read their books; everyone signed in reads books published in the catalogue. */
export const canRead = (book: BookRecord, userId: string) =>
  book.owner_id === userId || Boolean(book.published_at);

function sniff(data: Uint8Array, filename: string | undefined): SourceFormat {
  try {
    return detectFormat(data, filename);
  } catch (error) {
    if (error instanceof IngestError) {
      throw error.code === 'empty_file'
        ? new BadRequestError(error.message, error.code)
        : new UnsupportedMediaTypeError(error.message, error.code);
    }
    throw error;
  }
}

const titleFromFilename = (filename: string) =>
  filename
    .replace(/\.[^.]+$/, '')
    .replace(/[_-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Books: upload, the processing pipeline's runs, review, reading, the catalogue, deletion. */
export function createBooksService(deps: BooksDeps) {
  const books = createBookRepository(deps.table, deps.clock);
  const { uploads, media } = deps.storage;
  const now = () => isoNow(deps.clock);

  /**
   * Starts a run of the book-processing workflow as a job (one run at a time per book). A start that
   * fails leaves the book FAILED at that step, so the owner can retry.
   */
  async function startPipeline(book: BookRecord, startAt: PipelineStep): Promise<BookRecord> {
    const job = await deps.jobs.start(bookProcessingJob, {
      owner: book.owner_id,
      target: { book_id: book.id },
      options: { start_at: startAt },
      exclusive: PROCESSING_LOCK,
    });
    return afterStart(book, job, startAt);
  }

  async function afterStart(book: BookRecord, job: JobRecord, startAt: PipelineStep): Promise<BookRecord> {
    if (job.status !== 'failed') return books.update(book.id, { job_id: job.id });
    return books.update(book.id, {
      job_id: job.id,
      status: 'FAILED',
      failed_step: startAt,
      error_message: 'Processing could not start. Please try again.',
      progress_message: null,
    });
  }

  /** Stops the book's running pipeline, if any (before a delete or a restart). */
  async function stopPipeline(book: BookRecord, cause: string): Promise<void> {
    const job = book.job_id ? await deps.jobs.get(book.job_id) : null;
    if (job) await deps.jobs.cancel(job, cause);
  }

  async function readStructure(book: BookRecord): Promise<BookStructure> {
    return toReviewStructure(await getJson<BookStructure>(uploads, bookKeys.structure(book.id)));
  }

  async function externalContents(book: BookRecord, numbers: number[]): Promise<Map<number, string>> {
    const contents = new Map<number, string>();
    await Promise.all(
      numbers.map(async (n) => {
        const bytes = await uploads.getBytes(bookKeys.chapterContent(book.id, n));
        contents.set(n, Buffer.from(bytes).toString('utf8'));
      }),
    );
    return contents;
  }

  /**
   * The chapters a reader sees: none while a failed book waits for its retry, whichever step failed
   * (a failure after the chapters were written would otherwise show a book that is not ready).
   */
  async function visibleChapters(book: BookRecord) {
    return book.status === 'FAILED' ? [] : chapterViews(book);
  }

  async function chapterViews(book: BookRecord) {
    const records = await books.listChapters(book.id);
    const external = records.filter((c) => !c.content && c.content_key).map((c) => c.chapter_number);
    return toChapters(records, await externalContents(book, external));
  }

  /**
   * The pending upload a `file_key` names, taken so it is used once. Only the exact key shape that
   * `uploadUrl` issues to this caller is accepted, and only while its record exists: any other key
   * (someone else's, a made-up path, one climbing out with `..`) is "not found" and never reaches
   * storage.
   */
  async function takeIssuedUpload(ownerId: string, fileKey: string) {
    const match = /^incoming\/([^/]+)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(
      fileKey,
    );
    const notFound = new NotFoundError('Uploaded file not found. Upload it again.', 'upload_not_found');
    if (!match || match[1] !== ownerId) throw notFound;
    const upload = await books.takePendingUpload(ownerId, match[2]!);
    if (!upload || upload.key !== fileKey) throw notFound;
    if (Date.parse(upload.expires_at) + UPLOAD_GRACE_MS < deps.clock.now().getTime()) {
      await uploads.delete(upload.key);
      throw notFound;
    }
    return upload;
  }

  /**
   * Stale-run recovery, the rule every job follows (see `settle` of the job system): a book still
   * queued or being processed that nothing has touched for a while is checked against its
   * execution. Still running, it is left alone; ended without recording an outcome (stopped, cut off
   * by a restart, or its recorder failed), the book fails with words the owner can act on and the
   * step a retry resumes from.
   */
  async function settle<B extends BookSummary>(book: B): Promise<B | BookRecord> {
    if (!ACTIVE_BOOK_STATUSES.includes(book.status) || book.review_pending) return book;
    if (deps.clock.now().getTime() - Date.parse(book.updated_at) < deps.jobs.quietMs) return book;
    const job = book.job_id ? await deps.jobs.get(book.job_id) : null;
    // The run is the job system's to judge: still running, or ended without an outcome.
    if (job && isActive((await deps.jobs.settle(job, deps.clock.now().getTime(), { quiet: false })).status))
      return book;
    const failedStep: PipelineStep =
      book.status === 'GENERATING'
        ? 'chapters'
        : (await uploads.head(bookKeys.extracted(book.id)))
          ? 'structure'
          : 'extract';
    try {
      return await books.update(
        book.id,
        {
          status: 'FAILED',
          failed_step: failedStep,
          error_message: INTERRUPTED_MESSAGE,
          progress_message: null,
        },
        [book.status],
      );
    } catch (error) {
      // Changed meanwhile (the run finished after all): what is stored now is the answer.
      if (error instanceof ConflictError) return (await books.get(book.id)) ?? book;
      throw error;
    }
  }

  const readingProgress = async (userId: string, bookId: string) =>
    (await books.getProgress(userId, bookId))?.progress ?? 0;

  const service = {
    repository: books,
    startPipeline,

    settle,

    /** The owner's book, or 404 for a missing book and for someone else's (never 403: ids do not leak). */
    async loadOwnedBook(bookId: string, userId: string): Promise<BookRecord> {
      const book = isUuid(bookId) ? await books.get(bookId) : null;
      if (!book || book.owner_id !== userId) throw new NotFoundError(BOOK_NOT_FOUND, 'book_not_found');
      return settle(book);
    },

    async loadReadableBook(bookId: string, userId: string): Promise<BookRecord> {
      const book = isUuid(bookId) ? await books.get(bookId) : null;
      if (!book || !canRead(book, userId)) throw new NotFoundError(BOOK_NOT_FOUND, 'book_not_found');
      return settle(book);
    },

    /** The chapter and its book, or null when either is gone. */
    async chapterContext(chapterId: string): Promise<{ book: BookRecord; chapter: ChapterRecord } | null> {
      const chapter = isUuid(chapterId) ? await books.getChapterById(chapterId) : null;
      if (!chapter) return null;
      const book = await books.get(chapter.book_id);
      return book ? { book, chapter } : null;
    },

    /** A chapter's full text, wherever it is stored. */
    async chapterText(chapter: ChapterRecord): Promise<string> {
      if (chapter.content !== undefined) return chapter.content;
      const bytes = await uploads.getBytes(
        chapter.content_key ?? bookKeys.chapterContent(chapter.book_id, chapter.chapter_number),
      );
      return Buffer.from(bytes).toString('utf8');
    },

    async list(userId: string, bookType?: BookType) {
      const [listed, progress] = await Promise.all([
        books.listSummariesByOwner(userId),
        books.listProgressLevels(userId),
      ]);
      const progressByBook = new Map(progress.map((p) => [p.book_id, p.progress]));
      const owned = await Promise.all(listed.map(settle));
      return owned
        .filter((book) => !bookType || book.book_type === bookType)
        .map((book) => toBook(book, userId, progressByBook.get(book.id) ?? 0));
    },

    /**
     * A presigned PUT for a large file, bound to the declared type and size. The key is recorded:
     * an upload may name only a key issued to its caller, once, before it expires.
     */
    async uploadUrl(
      userId: string,
      file: { filename: string; size: number; contentType: string },
    ): Promise<UploadUrlResponse> {
      const uploadId = deps.uuid();
      const key = bookKeys.pendingUpload(userId, uploadId);
      const contentType = file.contentType;
      await books.putPendingUpload(userId, {
        upload_id: uploadId,
        key,
        filename: file.filename,
        size: file.size,
        content_type: contentType,
        expires_at: new Date(deps.clock.now().getTime() + UPLOAD_URL_SECONDS * 1000).toISOString(),
      });
      return {
        upload_url: await uploads.presignPut(key, contentType, UPLOAD_URL_SECONDS, file.size),
        file_key: key,
        headers: { 'Content-Type': contentType },
        expires_in: UPLOAD_URL_SECONDS,
        max_bytes: MAX_UPLOAD_BYTES,
      };
    },

    /**
     * Stores the source and the QUEUED book, then starts the processing pipeline. Only the file type
     * is checked here (from its bytes); everything else happens in the pipeline.
     */
    async createBookFromUpload(request: UploadRequest): Promise<BookRecord> {
      // The plan's book allowance (subscriptions): the new book's place is held before anything is
      // stored (on free, a third book needs a paid upload of the id it names: 402 otherwise; the
      // book then takes that id). An upload that does not store its book gives the place back.
      const allowance = deps.uploads
        ? await deps.uploads.take(
            request.ownerId,
            async () => (await books.listByOwner(request.ownerId)).length,
            request.bookId,
          )
        : { paidBookId: null };
      const id = allowance.paidBookId ?? deps.uuid();
      try {
        return await this.storeUpload(request, id);
      } catch (error) {
        if (deps.uploads && !(await books.get(id)))
          await deps.uploads.giveBack(request.ownerId, allowance.paidBookId);
        throw error;
      }
    },

    /** Stores the source and the QUEUED book under `id`, then starts processing. */
    async storeUpload(request: UploadRequest, id: string): Promise<BookRecord> {
      const created = now();
      let source: BookRecord['source'];
      let filename: string | null = null;

      if (request.source.kind === 'text') {
        if (!request.source.text.trim())
          throw new BadRequestError('Please provide text content.', 'empty_text');
        const data = Buffer.from(request.source.text, 'utf8');
        if (data.length > MAX_UPLOAD_BYTES)
          throw new PayloadTooLargeError(TOO_LARGE_MESSAGE, 'file_too_large');
        const key = bookKeys.source(id, 'txt');
        await uploads.put(key, data, CONTENT_TYPES.txt);
        source = { key, kind: 'text', filename: null, size: data.length, format: 'txt' };
      } else if (request.source.kind === 'file') {
        filename = request.source.filename;
        const data = request.source.data;
        if (data.length > MAX_UPLOAD_BYTES)
          throw new PayloadTooLargeError(TOO_LARGE_MESSAGE, 'file_too_large');
        const format = sniff(data, filename);
        const key = bookKeys.source(id, EXTENSIONS[format]);
        await uploads.put(key, data, CONTENT_TYPES[format]);
        source = { key, kind: 'file', filename, size: data.length, format };
      } else {
        filename = request.source.filename;
        const incoming = await takeIssuedUpload(request.ownerId, request.source.key);
        filename ||= incoming.filename;
        const head = await uploads.head(incoming.key);
        if (!head) throw new NotFoundError('Uploaded file not found. Upload it again.', 'upload_not_found');
        if (head.size > MAX_UPLOAD_BYTES) {
          await uploads.delete(incoming.key);
          throw new PayloadTooLargeError(TOO_LARGE_MESSAGE, 'file_too_large');
        }
        const data = await uploads.getBytes(incoming.key);
        let format: SourceFormat;
        try {
          format = sniff(data, filename);
        } catch (error) {
          await uploads.delete(incoming.key);
          throw error;
        }
        const key = bookKeys.source(id, EXTENSIONS[format]);
        await uploads.copy(incoming.key, key, CONTENT_TYPES[format]);
        await uploads.delete(incoming.key);
        source = { key, kind: 'file', filename, size: data.length, format };
      }

      const title = request.title.trim() || (filename ? titleFromFilename(filename) : '') || 'Untitled book';
      const book: BookRecord = {
        id,
        owner_id: request.ownerId,
        title: title.slice(0, 200),
        author_name: '',
        description: request.description.trim().slice(0, 5000),
        book_type: request.bookType,
        difficulty: 'medium',
        tags: [],
        language: 'en',
        estimated_duration: null,
        status: 'QUEUED',
        progress: 0,
        progress_message: 'Queued for processing',
        error_message: null,
        failed_step: null,
        genre: null,
        category: null,
        owner_set: request.title.trim() ? ['title'] : [],
        cover_key: null,
        source,
        review_pending: false,
        structure_type: null,
        total_preview_chapters: 0,
        total_chapters: 0,
        chapters_done: 0,
        job_id: null,
        published_at: null,
        created_at: created,
        updated_at: created,
      };
      await books.put(book);
      await deps.activity.record(
        request.ownerId,
        { type: 'book_uploaded', title: `Uploaded “${book.title}”`, ref: id },
        { books_uploaded: 1 },
      );
      return startPipeline(book, 'extract');
    },

    /** The book with its chapters, or with the extracted structure while it waits for review. */
    async detail(book: BookRecord, userId: string): Promise<BookWithChapters> {
      const answer: BookWithChapters = {
        ...toBook(book, userId, await readingProgress(userId, book.id)),
        chapters: [],
      };
      if (book.review_pending) {
        const structure = await readStructure(book);
        Object.assign(answer, {
          structure,
          preview_chapters: structure.chapters,
          sections: structure.sections,
        });
      } else {
        answer.chapters = await visibleChapters(book);
      }
      return answer;
    },

    chapters: visibleChapters,

    async chapter(book: BookRecord, chapterId: string) {
      const chapter = isUuid(chapterId) ? await books.getChapterById(chapterId) : null;
      if (!chapter || chapter.book_id !== book.id)
        throw new NotFoundError(CHAPTER_NOT_FOUND, 'chapter_not_found');
      const contents = chapter.content
        ? new Map<number, string>()
        : await externalContents(book, [chapter.chapter_number]);
      const [full] = toChapters([chapter], contents);
      return {
        ...full,
        content: chapter.content ?? contents.get(chapter.chapter_number) ?? '',
        content_truncated: undefined,
      };
    },

    async status(book: BookRecord): Promise<BookStatusResponse> {
      const answer: BookStatusResponse = bookStatusOf(book);
      if (book.status === 'READY' && book.review_pending) {
        const structure = await readStructure(book);
        Object.assign(answer, {
          structure,
          preview_chapters: structure.chapters,
          sections: structure.sections,
        });
      }
      return answer;
    },

    /** Accepts the reviewed structure and starts chapter processing (GENERATING). */
    async confirmStructure(book: BookRecord, chapters: SaveStructureChapter[]): Promise<BookRecord> {
      if (book.status !== 'READY' || !book.review_pending) {
        throw new ConflictError('This book has no extracted structure waiting for review.', 'not_in_review');
      }
      const extracted = await getJson<BookStructure>(uploads, bookKeys.structure(book.id));
      const original = new Map(extracted.chapters.map((c) => [c.chapter_number, c]));
      const ordered = [...chapters].sort((a, b) => a.chapter_number - b.chapter_number);
      const confirmed: StructureChapter[] = ordered.map((chapter, index) => {
        const source = chapter.source_chapter_number
          ? original.get(chapter.source_chapter_number)
          : undefined;
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
      await uploads.deletePrefix(bookKeys.confirmedPrefix(book.id));
      await Promise.all(
        confirmed.map((chapter, index) =>
          putJson(uploads, bookKeys.confirmedChapter(book.id, index + 1), chapter),
        ),
      );
      await putJson(uploads, bookKeys.confirmedIndex(book.id), { total: confirmed.length });
      const updated = await books.update(
        book.id,
        {
          status: 'GENERATING',
          review_pending: false,
          progress: 0,
          chapters_done: 0,
          progress_message: `Processing ${confirmed.length} chapters`,
          error_message: null,
          failed_step: null,
          updated_at: now(),
        },
        ['READY'],
      );
      return startPipeline(updated, 'chapters');
    },

    /** Runs a failed book again from the step that failed. */
    async retry(book: BookRecord): Promise<BookRecord> {
      if (book.status !== 'FAILED')
        throw new ConflictError('Only books whose processing failed can be retried.', 'not_failed');
      const step = book.failed_step ?? 'extract';
      const startAt =
        step === 'structure' && !(await uploads.head(bookKeys.extracted(book.id))) ? 'extract' : step;
      const updated = await books.update(
        book.id,
        {
          status: startAt === 'chapters' ? 'GENERATING' : 'PROCESSING',
          progress: 0,
          chapters_done: 0,
          progress_message: 'Retrying…',
          error_message: null,
          failed_step: null,
          updated_at: now(),
        },
        ['FAILED'],
      );
      // The failed run runs again from the step that failed (a new execution of the same job).
      const failedRun = book.job_id ? await deps.jobs.get<BookProcessingOptions>(book.job_id) : null;
      if (failedRun && !isActive(failedRun.status))
        return afterStart(updated, await deps.jobs.retry(bookProcessingJob, failedRun, startAt), startAt);
      return startPipeline(updated, startAt);
    },

    /**
     * Starts chapter generation over: the running pipeline (if any) stops, the structure is detected
     * again from the extracted text, and the book returns to review. Chapters are replaced, never
     * duplicated, when the structure is confirmed again.
     */
    async regenerateChapters(book: BookRecord): Promise<BookRecord> {
      if (book.status === 'QUEUED' || book.status === 'PROCESSING') {
        throw new ConflictError('This book is still being processed.', 'processing');
      }
      await stopPipeline(book, 'Chapter regeneration requested');
      const hasExtracted = Boolean(await uploads.head(bookKeys.extracted(book.id)));
      const updated = await books.update(book.id, {
        status: 'PROCESSING',
        review_pending: false,
        progress: 0,
        chapters_done: 0,
        progress_message: 'Detecting chapters again…',
        error_message: null,
        failed_step: null,
        updated_at: now(),
      });
      return startPipeline(updated, hasExtracted ? 'structure' : 'extract');
    },

    async updateDetails(book: BookRecord, patch: Partial<BookRecord>): Promise<BookRecord> {
      const changed = Object.keys(patch).filter((k) => (patch as Record<string, unknown>)[k] !== undefined);
      return books.update(book.id, {
        ...patch,
        owner_set: [...new Set([...book.owner_set, ...changed])],
        updated_at: now(),
      });
    },

    /**
     * Removes every record and every stored object of the book: its partition (chapters and what the
     * domains built on books keep there), its jobs, its files and media.
     */
    async deleteBook(book: BookRecord): Promise<void> {
      await stopPipeline(book, 'Book deleted');
      // Its place in the plan's book allowance comes back, once however many deletes race.
      if (deps.uploads && (await books.markAllowanceReturned(book.id)))
        await deps.uploads.bookRemoved(book.owner_id);
      if (book.published_at)
        await books.deleteCatalogEntry({
          book_id: book.id,
          book_type: book.book_type,
          published_at: book.published_at,
        });
      await deps.jobs.deleteForBook(book.id, 'Book deleted');
      await books.deleteAllItems(book.id);
      await books.deleteProgress(book.owner_id, book.id);
      await Promise.all([
        uploads.deletePrefix(bookKeys.prefix(book.id)),
        media.deletePrefix(bookKeys.mediaPrefix(book.id)),
        media.deletePrefix(publicMediaKey(bookKeys.mediaPrefix(book.id))),
      ]);
      await deps.activity.record(
        book.owner_id,
        { type: 'book_deleted', title: `Deleted “${book.title}”` },
        { books_uploaded: -1 },
      );
    },

    /** Checks the image by decoding it, then stores a 600×900 (max) WebP copy as the cover. */
    async setCover(book: BookRecord, data: Uint8Array): Promise<BookRecord> {
      const cover = await makeCover(data);
      const key = bookKeys.cover(book.id, cover.hash);
      await media.put(key, cover.webp, 'image/webp');
      const previous = book.cover_key;
      if (book.published_at) await media.put(publicMediaKey(key), cover.webp, 'image/webp');
      const updated = await books.update(book.id, { cover_key: key, updated_at: now() });
      if (previous && previous !== key) {
        await media.delete(previous);
        if (book.published_at) await media.delete(publicMediaKey(previous));
      }
      return updated;
    },

    /** Books the caller is learning, most recent first (the dashboard's Continue Learning). */
    async learningProgress(userId: string): Promise<LearningProgressItem[]> {
      const progress = (await books.listProgress(userId)).filter((p) => p.progress > 0);
      const found = new Map((await books.getSummaries(progress.map((p) => p.book_id))).map((b) => [b.id, b]));
      return progress
        .filter((p) => found.has(p.book_id))
        .sort((a, b) => b.updated_at.localeCompare(a.updated_at))
        .map((p) => {
          const book = found.get(p.book_id)!;
          return {
            book_id: book.id,
            title: book.title,
            book_type: book.book_type,
            cover_image_url: coverUrl(book),
            progress: p.progress,
            last_chapter_id: p.last_chapter_id,
            completed_chapters: p.completed_chapters ?? [],
            updated_at: p.updated_at,
          };
        });
    },

    async catalogue(bookType: BookType, userId: string) {
      const entries = await books.listCatalog(bookType);
      const found = new Map((await books.getSummaries(entries.map((e) => e.book_id))).map((b) => [b.id, b]));
      return entries
        .filter((e) => found.get(e.book_id)?.published_at)
        .map((e) => toBook(found.get(e.book_id)!, userId));
    },

    async publish(book: BookRecord): Promise<BookRecord> {
      if (book.status !== 'READY' || book.review_pending)
        throw new ConflictError('Only processed books can be published.', 'not_ready');
      if (book.published_at) return book;
      const publishedAt = now();
      // The catalogue shows the cover to everyone: a public copy, served without a signature.
      if (book.cover_key) await media.copy(book.cover_key, publicMediaKey(book.cover_key));
      await books.putCatalogEntry({ book_id: book.id, book_type: book.book_type, published_at: publishedAt });
      return books.update(book.id, { published_at: publishedAt });
    },

    async unpublish(book: BookRecord): Promise<void> {
      if (!book.published_at) return;
      await books.deleteCatalogEntry({
        book_id: book.id,
        book_type: book.book_type,
        published_at: book.published_at,
      });
      await books.update(book.id, { published_at: null });
      await media.deletePrefix(publicMediaKey(bookKeys.mediaPrefix(book.id)));
    },
  };
  return service;
}

export type BooksService = ReturnType<typeof createBooksService>;
