import type { BookType, PipelineStep, SourceFormat } from '../contracts/books';
import type { UploadAllowance } from '../lib/ports';
import { uploadMessages } from '../contracts/validation';
import type { UserActivity } from '../events';
import { isActive, type JobRecord, type Jobs } from '../jobs';
import { BadRequestError, ConflictError, UnsupportedMediaTypeError } from '../lib/errors';
import { isoNow, type Clock, type Storage, type Table, type Workflows } from '../lib/ports';
import { detectFormat, IngestError } from './ingest';
import { bookProcessingJob, PROCESSING_LOCK } from './jobs/processing.kind';
import { bookKeys, type BookRecord, type BookSummary } from './model';
import { createBookRepository } from './repository';

export const BOOK_NOT_FOUND = 'Book not found.';

export const CHAPTER_NOT_FOUND = 'Chapter not found.';

export const TOO_LARGE_MESSAGE = uploadMessages.fileTooLarge;

export const EXTENSIONS: Record<SourceFormat, string> = {
  pdf: 'pdf',
  docx: 'docx',
  epub: 'epub',
  txt: 'txt',
};

export const CONTENT_TYPES: Record<SourceFormat, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  epub: 'application/epub+zip',
  txt: 'text/plain; charset=utf-8',
};

export const UPLOAD_URL_SECONDS = 900;

const ACTIVE_BOOK_STATUSES: readonly BookRecord['status'][] = ['QUEUED', 'PROCESSING', 'GENERATING'];

export const INTERRUPTED_MESSAGE = 'Processing was interrupted. Please try again.';

/** A file sent just before its URL expired may still be turned into a book for a while. */
export const UPLOAD_GRACE_MS = 60 * 60 * 1000;

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

export function sniff(data: Uint8Array, filename: string | undefined): SourceFormat {
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

export const titleFromFilename = (filename: string) =>
  filename
    .replace(/\.[^.]+$/, '')
    .replace(/[_-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** What every use case is given: the deps, and what is made once from them. */
export function booksContext(deps: BooksDeps) {
  const books = createBookRepository(deps.table, deps.clock);
  const { uploads, media } = deps.storage;
  // `uploads` is the storage bucket inside the use cases; the plan's book allowance is `allowance`.
  return { ...deps, books, uploads, media, allowance: deps.uploads };
}
export type BooksContext = ReturnType<typeof booksContext>;

export const now = (deps: BooksContext) => isoNow(deps.clock);

/**
 * Stores a new book under the plan's book allowance (subscriptions): the book's place is held before
 * anything is stored (on free, a third book needs a paid upload of the id it names: 402 otherwise;
 * the book then takes that id), and given back when the book was not stored.
 */
export async function withBookAllowance<T>(
  deps: BooksContext,
  ownerId: string,
  paidBookId: string | undefined,
  store: (id: string) => Promise<T>,
): Promise<T> {
  const allowance = deps.allowance
    ? await deps.allowance.take(
        ownerId,
        async () => (await deps.books.listByOwner(ownerId)).length,
        paidBookId,
      )
    : { paidBookId: null };
  const id = allowance.paidBookId ?? deps.uuid();
  try {
    return await store(id);
  } catch (error) {
    if (deps.allowance && !(await deps.books.get(id)))
      await deps.allowance.giveBack(ownerId, allowance.paidBookId);
    throw error;
  }
}

/**
 * Starts a run of the book-processing workflow as a job (one run at a time per book). A start that
 * fails leaves the book FAILED at that step, so the owner can retry.
 */
export async function startPipeline(
  deps: BooksContext,
  book: BookRecord,
  startAt: PipelineStep,
): Promise<BookRecord> {
  const job = await deps.jobs.start(bookProcessingJob, {
    owner: book.owner_id,
    target: { book_id: book.id },
    options: { start_at: startAt },
    exclusive: PROCESSING_LOCK,
  });
  return afterStart(deps, book, job, startAt);
}

export async function afterStart(
  deps: BooksContext,
  book: BookRecord,
  job: JobRecord,
  startAt: PipelineStep,
): Promise<BookRecord> {
  if (job.status !== 'failed') return deps.books.update(book.id, { job_id: job.id });
  return deps.books.update(book.id, {
    job_id: job.id,
    status: 'FAILED',
    failed_step: startAt,
    error_message: 'Processing could not start. Please try again.',
    progress_message: null,
  });
}

/** Stops the book's running pipeline, if any (before a delete or a restart). */
export async function stopPipeline(deps: BooksContext, book: BookRecord, cause: string): Promise<void> {
  const job = book.job_id ? await deps.jobs.get(book.job_id) : null;
  if (job) await deps.jobs.cancel(job, cause);
}

/**
 * Stale-run recovery, the rule every job follows (see `settle` of the job system): a book still
 * queued or being processed that nothing has touched for a while is checked against its
 * execution. Still running, it is left alone; ended without recording an outcome (stopped, cut off
 * by a restart, or its recorder failed), the book fails with words the owner can act on and the
 * step a retry resumes from.
 */
export async function settle<B extends BookSummary>(deps: BooksContext, book: B): Promise<B | BookRecord> {
  if (!ACTIVE_BOOK_STATUSES.includes(book.status) || book.review_pending) return book;
  if (deps.clock.now().getTime() - Date.parse(book.updated_at) < deps.jobs.quietMs) return book;
  const job = book.job_id ? await deps.jobs.get(book.job_id) : null;
  // The run is the job system's to judge: still running, or ended without an outcome.
  if (job && isActive((await deps.jobs.settle(job, deps.clock.now().getTime(), { quiet: false })).status))
    return book;
  const failedStep: PipelineStep =
    book.status === 'GENERATING'
      ? 'chapters'
      : (await deps.uploads.head(bookKeys.extracted(book.id)))
        ? 'structure'
        : 'extract';
  try {
    return await deps.books.update(
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
    if (error instanceof ConflictError) return (await deps.books.get(book.id)) ?? book;
    throw error;
  }
}

export const readingProgress = async (deps: BooksContext, userId: string, bookId: string) =>
  (await deps.books.getProgress(userId, bookId))?.progress ?? 0;
