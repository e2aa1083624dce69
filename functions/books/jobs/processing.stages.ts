import type { BookStructure, PipelineStep, StructureChapter } from '../../contracts/books';
import { LEARNING_CATEGORIES } from '../../contracts/books';
import { summarize } from '../../engine/text/local/summarize';
import type { JobSteps } from '../../jobs';
import { stableUuid } from '../../lib/ids';
import { getJson, putJson } from '../../lib/json-files';
import { isoNow, type Clock, type ObjectStore } from '../../lib/ports';
import type { TaskFailure } from '../../lib/workflows';
import {
  cleanChapterContent,
  detectFormat,
  detectLanguage,
  detectStructure as findStructure,
  extractDocument,
  proposeCategory,
  proposeGenre,
  type ExtractedDocument,
} from '../ingest';
import { bookKeys, readingMinutes, type BookRecord, type ChapterRecord } from '../model';
import type { BookRepository } from '../repository';
import { bookProcessingJob, failureMessage } from './processing.kind';

/**
 * The stages of the book-processing workflow (processing.workflow.ts), each a function of its ports.
 * Each is idempotent: a retried or restarted step overwrites what an earlier attempt wrote and never
 * duplicates chapters.
 */
export interface BookProcessingDeps {
  jobs: JobSteps;
  books: Pick<BookRepository, 'get' | 'update' | 'putChapter' | 'addChapterDone' | 'deleteChaptersAbove'>;
  /** The uploads bucket: the uploaded file, the work files between steps, large chapters' text. */
  uploads: ObjectStore;
  clock: Clock;
}

interface BookTask {
  job_id: string;
  book_id: string;
}

/** Chapters larger than this keep their text in S3 (DynamoDB items are limited to 400 KB). */
const INLINE_CHAPTER_BYTES = 300 * 1024;

class BookGoneError extends Error {
  override name = 'BookGoneError';
}

async function requireBook(deps: BookProcessingDeps, bookId: string): Promise<BookRecord> {
  const book = await deps.books.get(bookId);
  if (!book) throw new BookGoneError(`Book ${bookId} no longer exists`);
  return book;
}

/** Extract: the uploaded file → the format-neutral document (S3 work/extracted.json). */
export async function extractStage(deps: BookProcessingDeps, { job_id, book_id }: BookTask) {
  const book = await requireBook(deps, book_id);
  await deps.jobs.begin(job_id, 'Reading the file');
  await deps.books.update(book_id, {
    status: 'PROCESSING',
    progress: 10,
    progress_message: 'Reading the file',
    error_message: null,
    updated_at: isoNow(deps.clock),
  });
  const bytes = await deps.uploads.getBytes(book.source.key);
  const format = detectFormat(bytes, book.source.filename ?? undefined);
  await deps.books.update(book_id, {
    progress: 25,
    progress_message: `Extracting text from the ${format.toUpperCase()}`,
  });
  const document = await extractDocument(bytes, format);
  await putJson(deps.uploads, bookKeys.extracted(book_id), document);
  await deps.books.update(book_id, {
    progress: 60,
    progress_message: 'Finding chapters',
    source: { ...book.source, format, ...(document.encoding ? { encoding: document.encoding } : {}) },
  });
  return { book_id, blocks: document.blocks.length };
}

function sampleText(structure: BookStructure): string {
  let sample = '';
  for (const chapter of structure.chapters) {
    sample += `${chapter.title}\n${chapter.content.slice(0, 4000)}\n`;
    if (sample.length > 40_000) break;
  }
  return sample;
}

/** What the owner has not set themselves is proposed from the document and a sample of its text. */
function proposalsFor(
  book: BookRecord,
  document: ExtractedDocument,
  structure: BookStructure,
): Partial<BookRecord> {
  const sample = sampleText(structure);
  const ownerSet = new Set(book.owner_set);
  const proposals: Partial<BookRecord> = {};
  if (!ownerSet.has('language'))
    proposals.language = (document.language?.slice(0, 2).toLowerCase() || detectLanguage(sample)) ?? 'en';
  if (!ownerSet.has('category')) {
    const category = proposeCategory(sample);
    proposals.category =
      category && (LEARNING_CATEGORIES as readonly string[]).includes(category) ? category : null;
  }
  if (!ownerSet.has('genre')) proposals.genre = proposeGenre(sample);
  if (!ownerSet.has('title') && document.title?.trim()) proposals.title = document.title.trim().slice(0, 200);
  if (!ownerSet.has('author_name') && !book.author_name && document.author?.trim())
    proposals.author_name = document.author.trim().slice(0, 200);
  return proposals;
}

/** Structure: chapters (flat or in sections) for the owner to review; proposes language, genre, category. */
export async function detectStructureStage(deps: BookProcessingDeps, { job_id, book_id }: BookTask) {
  const book = await requireBook(deps, book_id);
  await deps.jobs.begin(job_id, 'Finding chapters');
  await deps.books.update(book_id, {
    status: 'PROCESSING',
    progress: 70,
    progress_message: 'Finding chapters',
    updated_at: isoNow(deps.clock),
  });
  const document = await getJson<ExtractedDocument>(deps.uploads, bookKeys.extracted(book_id));
  const structure = findStructure(document);
  await putJson(deps.uploads, bookKeys.structure(book_id), structure);
  await deps.books.update(book_id, {
    ...proposalsFor(book, document, structure),
    status: 'READY',
    review_pending: true,
    progress: 100,
    progress_message: 'Review the extracted structure',
    structure_type: structure.structure_type,
    total_preview_chapters: structure.chapters.length,
    updated_at: isoNow(deps.clock),
  });
  // The run ends here: the owner reviews the structure before chapters are processed.
  await deps.jobs.finish(job_id, 'Waiting for review');
  return { book_id, chapters: structure.chapters.length, structure_type: structure.structure_type };
}

/** After confirmation: the list of chapter numbers the Map state processes. */
export async function prepareChaptersStage(deps: BookProcessingDeps, { job_id, book_id }: BookTask) {
  await deps.jobs.begin(job_id, 'Processing the chapters');
  await requireBook(deps, book_id);
  const { total } = await getJson<{ total: number }>(deps.uploads, bookKeys.confirmedIndex(book_id));
  await deps.books.update(book_id, {
    status: 'GENERATING',
    progress: 0,
    chapters_done: 0,
    total_chapters: total,
    progress_message: `Processing ${total} chapters`,
    updated_at: isoNow(deps.clock),
  });
  return { book_id, total, chapters: Array.from({ length: total }, (_, i) => i + 1) };
}

/** One chapter: cleaned text, summary, order; written under a stable id so a rerun replaces it. */
export async function processChapterStage(
  deps: BookProcessingDeps,
  { book_id, chapter_number }: BookTask & { chapter_number: number },
) {
  const book = await requireBook(deps, book_id);
  const confirmed = await getJson<StructureChapter>(
    deps.uploads,
    bookKeys.confirmedChapter(book_id, chapter_number),
  );
  const content = cleanChapterContent(confirmed.content);
  const record: ChapterRecord = {
    id: stableUuid(book_id, 'chapter', String(chapter_number)),
    book_id,
    owner_id: book.owner_id,
    chapter_number,
    order_index: chapter_number - 1,
    title: confirmed.title,
    summary: confirmed.summary?.trim() || summarize(content, { maxSentences: 3, maxChars: 600 }),
    word_count: content.split(/\s+/).filter(Boolean).length,
    ...(confirmed.section_title
      ? {
          section_title: confirmed.section_title,
          section_type: confirmed.section_type,
          section_number: confirmed.section_number,
        }
      : {}),
    updated_at: isoNow(deps.clock),
  };
  if (Buffer.byteLength(content, 'utf8') > INLINE_CHAPTER_BYTES) {
    const key = bookKeys.chapterContent(book_id, chapter_number);
    await deps.uploads.put(key, content, 'text/plain; charset=utf-8');
    record.content_key = key;
  } else {
    record.content = content;
  }
  await deps.books.putChapter(record);
  const done = await deps.books.addChapterDone(book_id);
  const total = Math.max(book.total_chapters, 1);
  await deps.books.update(book_id, {
    progress: Math.min(99, Math.round((done / total) * 100)),
    progress_message: `Processed ${Math.min(done, total)} of ${total} chapters`,
  });
  return { chapter_number, id: record.id };
}

/** READY: stale chapters from an earlier, longer structure removed; reading time estimated. */
export async function finalizeStage(deps: BookProcessingDeps, { job_id, book_id }: BookTask) {
  const book = await requireBook(deps, book_id);
  const { total } = await getJson<{ total: number }>(deps.uploads, bookKeys.confirmedIndex(book_id));
  await deps.books.deleteChaptersAbove(book_id, total);
  const structure = await getJson<BookStructure>(deps.uploads, bookKeys.structure(book_id)).catch(() => null);
  const words = structure?.chapters.reduce((sum, c) => sum + c.word_count, 0) ?? 0;
  await deps.books.update(book_id, {
    status: 'READY',
    review_pending: false,
    progress: 100,
    progress_message: 'Ready',
    total_chapters: total,
    ...(book.owner_set.includes('estimated_duration') || !words
      ? {}
      : { estimated_duration: readingMinutes(words) }),
    updated_at: isoNow(deps.clock),
  });
  await deps.jobs.finish(job_id);
  return { book_id, total };
}

/** Catch target: FAILED with a readable message and the step a retry resumes from. */
export async function recordProcessingFailureStage(
  deps: BookProcessingDeps,
  input: BookTask & { failed_step: PipelineStep; error?: TaskFailure },
) {
  const message = failureMessage(input.failed_step, input.error);
  await deps.jobs.fail(bookProcessingJob, input.job_id, input.error, message);
  if (input.error?.Error === 'BookGoneError') return { book_id: input.book_id, recorded: false };
  const book = await deps.books.get(input.book_id);
  if (!book) return { book_id: input.book_id, recorded: false };
  await deps.books.update(input.book_id, {
    status: 'FAILED',
    review_pending: false,
    failed_step: input.failed_step,
    error_message: message,
    progress_message: null,
    updated_at: isoNow(deps.clock),
  });
  return { book_id: input.book_id, recorded: true };
}
