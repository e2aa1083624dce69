import { CopyObjectCommand, DeleteObjectCommand } from '@aws-sdk/client-s3';
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type {
  BookStructure,
  BookType,
  SaveStructureChapter,
  SourceFormat,
  StructureChapter,
} from '../contracts/books';
import { MAX_UPLOAD_BYTES } from '../contracts/books';
import { aws } from '../lib/clients';
import { config } from '../lib/config';
import {
  BadRequestError,
  ConflictError,
  NotFoundError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
} from '../lib/errors';
import { isUuid, uuid } from '../lib/ids';
import { deletePrefix, getJson, getObjectBytes, headObject, putJson, putObject } from '../lib/storage';
import { recordUserEvent } from '../users/events';
import { detectFormat, IngestError } from './ingest';
import { bookKeys, type BookRecord } from './model';
import { jobKeys } from '../learning/model';
import { deleteJobs, deleteQuizzes, listBookJobs, listBookQuizzes } from '../learning/repository';
import { startPipeline, stopPipeline } from './pipeline';
import {
  deleteBookItems,
  deleteCatalogEntry,
  deleteProgress,
  getBook,
  putBook,
  updateBook,
} from './repository';

export const BOOK_NOT_FOUND = 'Book not found.';
const EXTENSIONS: Record<SourceFormat, string> = { pdf: 'pdf', docx: 'docx', epub: 'epub', txt: 'txt' };
const CONTENT_TYPES: Record<SourceFormat, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  epub: 'application/epub+zip',
  txt: 'text/plain; charset=utf-8',
};
export const TOO_LARGE_MESSAGE = 'The file is larger than 10 MB. Upload a smaller file or paste the text.';

/** The owner's book, or 404 for a missing book and for someone else's (never 403: ids do not leak). */
export async function loadOwnedBook(bookId: string, userId: string): Promise<BookRecord> {
  const book = isUuid(bookId) ? await getBook(bookId) : null;
  if (!book || book.owner_id !== userId) throw new NotFoundError(BOOK_NOT_FOUND, 'book_not_found');
  return book;
}

/** Owners read their books; everyone signed in reads books published in the catalogue. */
export const canRead = (book: BookRecord, userId: string) =>
  book.owner_id === userId || Boolean(book.published_at);

export async function loadReadableBook(bookId: string, userId: string): Promise<BookRecord> {
  const book = isUuid(bookId) ? await getBook(bookId) : null;
  if (!book || !canRead(book, userId)) throw new NotFoundError(BOOK_NOT_FOUND, 'book_not_found');
  return book;
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
}

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

/**
 * Stores the source and the QUEUED book, then starts the processing pipeline. Only the file type is
 * checked here (from its bytes); everything else happens in the pipeline.
 */
export async function createBookFromUpload(request: UploadRequest): Promise<BookRecord> {
  const id = uuid();
  const now = new Date().toISOString();
  let source: BookRecord['source'];
  let filename: string | null = null;

  if (request.source.kind === 'text') {
    if (!request.source.text.trim()) throw new BadRequestError('Please provide text content.', 'empty_text');
    const data = Buffer.from(request.source.text, 'utf8');
    if (data.length > MAX_UPLOAD_BYTES) throw new PayloadTooLargeError(TOO_LARGE_MESSAGE, 'file_too_large');
    const key = bookKeys.source(id, 'txt');
    await putObject(config.uploadsBucket, key, data, CONTENT_TYPES.txt);
    source = { key, kind: 'text', filename: null, size: data.length, format: 'txt' };
  } else if (request.source.kind === 'file') {
    filename = request.source.filename;
    const data = request.source.data;
    if (data.length > MAX_UPLOAD_BYTES) throw new PayloadTooLargeError(TOO_LARGE_MESSAGE, 'file_too_large');
    const format = sniff(data, filename);
    const key = bookKeys.source(id, EXTENSIONS[format]);
    await putObject(config.uploadsBucket, key, data, CONTENT_TYPES[format]);
    source = { key, kind: 'file', filename, size: data.length, format };
  } else {
    filename = request.source.filename;
    const incoming = request.source.key;
    if (!incoming.startsWith(`incoming/${request.ownerId}/`))
      throw new NotFoundError('Uploaded file not found.', 'upload_not_found');
    const head = await headObject(config.uploadsBucket, incoming);
    if (!head) throw new NotFoundError('Uploaded file not found. Upload it again.', 'upload_not_found');
    if (head.size > MAX_UPLOAD_BYTES) {
      await aws.s3.send(new DeleteObjectCommand({ Bucket: config.uploadsBucket, Key: incoming }));
      throw new PayloadTooLargeError(TOO_LARGE_MESSAGE, 'file_too_large');
    }
    const data = await getObjectBytes(config.uploadsBucket, incoming);
    let format: SourceFormat;
    try {
      format = sniff(data, filename);
    } catch (error) {
      await aws.s3.send(new DeleteObjectCommand({ Bucket: config.uploadsBucket, Key: incoming }));
      throw error;
    }
    const key = bookKeys.source(id, EXTENSIONS[format]);
    await aws.s3.send(
      new CopyObjectCommand({
        Bucket: config.uploadsBucket,
        Key: key,
        CopySource: `${config.uploadsBucket}/${incoming}`,
        ContentType: CONTENT_TYPES[format],
        MetadataDirective: 'REPLACE',
      }),
    );
    await aws.s3.send(new DeleteObjectCommand({ Bucket: config.uploadsBucket, Key: incoming }));
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
    execution_arn: null,
    attempt: 0,
    published_at: null,
    created_at: now,
    updated_at: now,
  };
  await putBook(book);
  await recordUserEvent(
    request.ownerId,
    { type: 'book_uploaded', title: `Uploaded “${book.title}”`, ref: id },
    { books_uploaded: 1 },
    now,
  );
  return startPipeline(book, 'extract');
}

/** Accepts the reviewed structure and starts chapter processing (GENERATING). */
export async function confirmStructure(
  book: BookRecord,
  chapters: SaveStructureChapter[],
): Promise<BookRecord> {
  if (book.status !== 'READY' || !book.review_pending) {
    throw new ConflictError('This book has no extracted structure waiting for review.', 'not_in_review');
  }
  const extracted = await getJson<BookStructure>(config.uploadsBucket, bookKeys.structure(book.id));
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
  await deletePrefix(config.uploadsBucket, `${bookKeys.prefix(book.id)}work/confirmed/`);
  await Promise.all(
    confirmed.map((chapter, index) =>
      putJson(config.uploadsBucket, bookKeys.confirmedChapter(book.id, index + 1), chapter),
    ),
  );
  await putJson(config.uploadsBucket, bookKeys.confirmedIndex(book.id), { total: confirmed.length });
  const updated = await updateBook(
    book.id,
    {
      status: 'GENERATING',
      review_pending: false,
      progress: 0,
      chapters_done: 0,
      progress_message: `Processing ${confirmed.length} chapters`,
      error_message: null,
      failed_step: null,
      updated_at: new Date().toISOString(),
    },
    ['READY'],
  );
  return startPipeline(updated, 'chapters');
}

/** Runs a failed book again from the step that failed. */
export async function retryBook(book: BookRecord): Promise<BookRecord> {
  if (book.status !== 'FAILED')
    throw new ConflictError('Only books whose processing failed can be retried.', 'not_failed');
  const step = book.failed_step ?? 'extract';
  const startAt =
    step === 'structure' && !(await headObject(config.uploadsBucket, bookKeys.extracted(book.id)))
      ? 'extract'
      : step;
  const updated = await updateBook(
    book.id,
    {
      status: startAt === 'chapters' ? 'GENERATING' : 'PROCESSING',
      progress: 0,
      chapters_done: 0,
      progress_message: 'Retrying…',
      error_message: null,
      failed_step: null,
      updated_at: new Date().toISOString(),
    },
    ['FAILED'],
  );
  return startPipeline(updated, startAt);
}

/**
 * Starts chapter generation over: the running pipeline (if any) stops, the structure is detected
 * again from the extracted text, and the book returns to review. Chapters are replaced, never
 * duplicated, when the structure is confirmed again.
 */
export async function regenerateChapters(book: BookRecord): Promise<BookRecord> {
  if (book.status === 'QUEUED' || book.status === 'PROCESSING') {
    throw new ConflictError('This book is still being processed.', 'processing');
  }
  await stopPipeline(book, 'Chapter regeneration requested');
  const hasExtracted = Boolean(await headObject(config.uploadsBucket, bookKeys.extracted(book.id)));
  const updated = await updateBook(book.id, {
    status: 'PROCESSING',
    review_pending: false,
    progress: 0,
    chapters_done: 0,
    progress_message: 'Detecting chapters again…',
    error_message: null,
    failed_step: null,
    updated_at: new Date().toISOString(),
  });
  return startPipeline(updated, hasExtracted ? 'structure' : 'extract');
}

/** Removes every record and every stored object of the book. */
export async function deleteBook(book: BookRecord): Promise<void> {
  await stopPipeline(book, 'Book deleted');
  if (book.published_at)
    await deleteCatalogEntry({
      book_id: book.id,
      book_type: book.book_type,
      published_at: book.published_at,
    });
  // Learning jobs and quizzes live outside the book's partition; their records go first so a
  // job still running finds itself gone and stops.
  const [jobs, quizzes] = await Promise.all([listBookJobs(book.id), listBookQuizzes(book.id)]);
  await Promise.all([deleteJobs(jobs.map((j) => j.id)), deleteQuizzes(quizzes.map((q) => q.id))]);
  await deleteBookItems(book.id);
  await deleteProgress(book.owner_id, book.id);
  await Promise.all([
    deletePrefix(config.uploadsBucket, bookKeys.prefix(book.id)),
    deletePrefix(config.mediaBucket, bookKeys.mediaPrefix(book.id)),
    ...jobs.map((job) => deletePrefix(config.uploadsBucket, jobKeys.work(job.id))),
  ]);
  await recordUserEvent(
    book.owner_id,
    { type: 'book_deleted', title: `Deleted “${book.title}”` },
    { books_uploaded: -1 },
    new Date().toISOString(),
  );
}

const COVER_INPUT_LIMIT = 8 * 1024 * 1024;

/** Checks the image by decoding it, then stores a 600×900 (max) WebP copy as the cover. */
export async function setCover(book: BookRecord, data: Uint8Array): Promise<BookRecord> {
  if (data.length === 0) throw new BadRequestError('The image file is empty.', 'empty_file');
  if (data.length > COVER_INPUT_LIMIT)
    throw new PayloadTooLargeError('Cover images can be at most 8 MB.', 'file_too_large');
  let webp: Buffer;
  try {
    const image = sharp(data, { limitInputPixels: 40_000_000, failOn: 'error' });
    const meta = await image.metadata();
    if (!meta.format || !['jpeg', 'png', 'webp', 'gif', 'avif', 'tiff'].includes(meta.format))
      throw new Error('format');
    webp = await image
      .rotate()
      .resize({ width: 600, height: 900, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new UnsupportedMediaTypeError(
      'That file is not an image we can use. Upload a JPEG, PNG or WebP picture.',
      'invalid_image',
    );
  }
  const key = bookKeys.cover(book.id, createHash('sha256').update(webp).digest('hex').slice(0, 16));
  await putObject(config.mediaBucket, key, webp, 'image/webp');
  const previous = book.cover_key;
  const updated = await updateBook(book.id, { cover_key: key, updated_at: new Date().toISOString() });
  if (previous && previous !== key)
    await aws.s3.send(new DeleteObjectCommand({ Bucket: config.mediaBucket, Key: previous }));
  return updated;
}
