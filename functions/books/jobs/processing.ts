import { z } from 'zod';
import type { BookStructure, StructureChapter } from '../../contracts/books';
import { LEARNING_CATEGORIES } from '../../contracts/books';
import { summarize } from '../../engine/text/local/summarize';
import { getJobs } from '../../jobs';
import { getAdapters } from '../../lib/adapters';
import { stableUuid } from '../../lib/ids';
import { getJson, putJson } from '../../lib/json-files';
import { defineWorker } from '../../lib/worker';
import { books as booksService } from '../instance';
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
import { bookKeys, type BookRecord, type ChapterRecord } from '../model';
import { bookProcessingJob, failureMessage } from './processing.kind';
import { bookProcessingInput, PIPELINE_STEPS } from './processing.workflow';

/**
 * Task workers of the book-processing workflow (processing.workflow.ts). Each is idempotent: a
 * retried or restarted step overwrites what an earlier attempt wrote and never duplicates chapters.
 */
const bookInput = bookProcessingInput.pick({ job_id: true, book_id: true });
const repo = () => booksService().repository;
const uploads = () => getAdapters().storage.uploads;

/** Chapters larger than this keep their text in S3 (DynamoDB items are limited to 400 KB). */
const INLINE_CHAPTER_BYTES = 300 * 1024;
const WORDS_PER_MINUTE = 230;

class BookGoneError extends Error {
  override name = 'BookGoneError';
}

async function requireBook(bookId: string): Promise<BookRecord> {
  const book = await repo().get(bookId);
  if (!book) throw new BookGoneError(`Book ${bookId} no longer exists`);
  return book;
}

const now = () => new Date().toISOString();

/** Extract: the uploaded file → the format-neutral document (S3 work/extracted.json). */
export const extract = defineWorker('bookProcessing.Extract', bookInput, async ({ job_id, book_id }) => {
  const book = await requireBook(book_id);
  await getJobs().begin(job_id, 'Reading the file');
  await repo().update(book_id, {
    status: 'PROCESSING',
    progress: 10,
    progress_message: 'Reading the file',
    error_message: null,
    updated_at: now(),
  });
  const bytes = await uploads().getBytes(book.source.key);
  const format = detectFormat(bytes, book.source.filename ?? undefined);
  await repo().update(book_id, {
    progress: 25,
    progress_message: `Extracting text from the ${format.toUpperCase()}`,
  });
  const document = await extractDocument(bytes, format);
  await putJson(uploads(), bookKeys.extracted(book_id), document);
  await repo().update(book_id, {
    progress: 60,
    progress_message: 'Finding chapters',
    source: { ...book.source, format, ...(document.encoding ? { encoding: document.encoding } : {}) },
  });
  return { book_id, blocks: document.blocks.length };
});

function sampleText(structure: BookStructure): string {
  let sample = '';
  for (const chapter of structure.chapters) {
    sample += `${chapter.title}\n${chapter.content.slice(0, 4000)}\n`;
    if (sample.length > 40_000) break;
  }
  return sample;
}

/** Structure: chapters (flat or in sections) for the owner to review; proposes language, genre, category. */
export const detectStructure = defineWorker(
  'bookProcessing.DetectStructure',
  bookInput,
  async ({ job_id, book_id }) => {
    const book = await requireBook(book_id);
    await getJobs().begin(job_id, 'Finding chapters');
    await repo().update(book_id, {
      status: 'PROCESSING',
      progress: 70,
      progress_message: 'Finding chapters',
      updated_at: now(),
    });
    const document = await getJson<ExtractedDocument>(uploads(), bookKeys.extracted(book_id));
    const structure = findStructure(document);
    await putJson(uploads(), bookKeys.structure(book_id), structure);

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
    if (!ownerSet.has('title') && document.title?.trim())
      proposals.title = document.title.trim().slice(0, 200);
    if (!ownerSet.has('author_name') && !book.author_name && document.author?.trim())
      proposals.author_name = document.author.trim().slice(0, 200);

    await repo().update(book_id, {
      ...proposals,
      status: 'READY',
      review_pending: true,
      progress: 100,
      progress_message: 'Review the extracted structure',
      structure_type: structure.structure_type,
      total_preview_chapters: structure.chapters.length,
      updated_at: now(),
    });
    // The run ends here: the owner reviews the structure before chapters are processed.
    await getJobs().finish(job_id, 'Waiting for review');
    return { book_id, chapters: structure.chapters.length, structure_type: structure.structure_type };
  },
);

/** After confirmation: the list of chapter numbers the Map state processes. */
export const prepareChapters = defineWorker(
  'bookProcessing.PrepareChapters',
  bookInput,
  async ({ job_id, book_id }) => {
    await getJobs().begin(job_id, 'Processing the chapters');
    await requireBook(book_id);
    const { total } = await getJson<{ total: number }>(uploads(), bookKeys.confirmedIndex(book_id));
    await repo().update(book_id, {
      status: 'GENERATING',
      progress: 0,
      chapters_done: 0,
      total_chapters: total,
      progress_message: `Processing ${total} chapters`,
      updated_at: now(),
    });
    return { book_id, total, chapters: Array.from({ length: total }, (_, i) => i + 1) };
  },
);

/** One chapter: cleaned text, summary, order; written under a stable id so a rerun replaces it. */
export const processChapter = defineWorker(
  'bookProcessing.ProcessChapter',
  bookInput.extend({ chapter_number: z.number().int().min(1) }),
  async ({ book_id, chapter_number }) => {
    const book = await requireBook(book_id);
    const confirmed = await getJson<StructureChapter>(
      uploads(),
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
      updated_at: now(),
    };
    if (Buffer.byteLength(content, 'utf8') > INLINE_CHAPTER_BYTES) {
      const key = bookKeys.chapterContent(book_id, chapter_number);
      await uploads().put(key, content, 'text/plain; charset=utf-8');
      record.content_key = key;
    } else {
      record.content = content;
    }
    await repo().putChapter(record);
    const done = await repo().addChapterDone(book_id);
    const total = Math.max(book.total_chapters, 1);
    await repo().update(book_id, {
      progress: Math.min(99, Math.round((done / total) * 100)),
      progress_message: `Processed ${Math.min(done, total)} of ${total} chapters`,
    });
    return { chapter_number, id: record.id };
  },
);

/** READY: stale chapters from an earlier, longer structure removed; reading time estimated. */
export const finalize = defineWorker('bookProcessing.Finalize', bookInput, async ({ job_id, book_id }) => {
  const book = await requireBook(book_id);
  const { total } = await getJson<{ total: number }>(uploads(), bookKeys.confirmedIndex(book_id));
  await repo().deleteChaptersAbove(book_id, total);
  const structure = await getJson<BookStructure>(uploads(), bookKeys.structure(book_id)).catch(() => null);
  const words = structure?.chapters.reduce((sum, c) => sum + c.word_count, 0) ?? 0;
  await repo().update(book_id, {
    status: 'READY',
    review_pending: false,
    progress: 100,
    progress_message: 'Ready',
    total_chapters: total,
    ...(book.owner_set.includes('estimated_duration') || !words
      ? {}
      : { estimated_duration: Math.max(1, Math.round(words / WORDS_PER_MINUTE)) }),
    updated_at: now(),
  });
  await getJobs().finish(job_id);
  return { book_id, total };
});

/** Catch target: FAILED with a readable message and the step a retry resumes from. */
export const recordFailure = defineWorker(
  'bookProcessing.RecordFailure',
  z.object({
    job_id: z.string().uuid(),
    book_id: z.string(),
    failed_step: z.enum(PIPELINE_STEPS),
    error: z.object({ Error: z.string().optional(), Cause: z.string().optional() }).optional(),
  }),
  async (input) => {
    const message = failureMessage(input.failed_step, input.error);
    await getJobs().fail(bookProcessingJob, input.job_id, input.error, message);
    if (input.error?.Error === 'BookGoneError') return { book_id: input.book_id, recorded: false };
    const book = await repo().get(input.book_id);
    if (!book) return { book_id: input.book_id, recorded: false };
    await repo().update(input.book_id, {
      status: 'FAILED',
      review_pending: false,
      failed_step: input.failed_step,
      error_message: message,
      progress_message: null,
      updated_at: now(),
    });
    return { book_id: input.book_id, recorded: true };
  },
);
