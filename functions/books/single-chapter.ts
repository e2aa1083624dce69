import { CONTENT_TYPES, now, type BooksContext } from './common';
import { cleanChapterContent } from './ingest';
import { summarize } from '../engine/text/local/summarize';
import { stableUuid } from '../lib/ids';
import { BadRequestError } from '../lib/errors';
import { bookKeys, type BookRecord, type ChapterRecord } from './model';

/** Reading speed the processing pipeline estimates a book's time with. */
const WORDS_PER_MINUTE = 230;

interface SingleChapterRequest {
  ownerId: string;
  title: string;
  description: string;
  bookType: BookRecord['book_type'];
  text: string;
}

/**
 * A book of one chapter made from a short text the owner wrote (Creator Mode's short film): the
 * text is the chapter as written, so there is no structure to find or review and the book is ready
 * at once. It is an ordinary book of the owner's: listed, readable, deleted with everything made
 * from it. Short texts only (a prompt), so the chapter is kept inline.
 */
export async function createSingleChapterBook(
  deps: BooksContext,
  request: SingleChapterRequest,
): Promise<{ book: BookRecord; chapter: ChapterRecord }> {
  const content = cleanChapterContent(request.text);
  if (!content.trim()) throw new BadRequestError('Please provide text content.', 'empty_text');
  // It holds a place of the plan's book allowance like any upload (402 in the plan's words when
  // none is left), given back if the book is not stored.
  const allowance = deps.allowance
    ? await deps.allowance.take(
        request.ownerId,
        async () => (await deps.books.listByOwner(request.ownerId)).length,
        undefined,
      )
    : { paidBookId: null };
  const id = allowance.paidBookId ?? deps.uuid();
  try {
    return await storeSingleChapterBook(deps, request, id, content);
  } catch (error) {
    if (deps.allowance && !(await deps.books.get(id)))
      await deps.allowance.giveBack(request.ownerId, allowance.paidBookId);
    throw error;
  }
}

async function storeSingleChapterBook(
  deps: BooksContext,
  request: SingleChapterRequest,
  id: string,
  content: string,
): Promise<{ book: BookRecord; chapter: ChapterRecord }> {
  const at = now(deps);
  const data = Buffer.from(request.text, 'utf8');
  const sourceKey = bookKeys.source(id, 'txt');
  await deps.uploads.put(sourceKey, data, CONTENT_TYPES.txt);
  const title = request.title.trim().slice(0, 200) || 'Untitled book';
  const words = content.split(/\s+/).filter(Boolean).length;
  const book: BookRecord = {
    id,
    owner_id: request.ownerId,
    title,
    author_name: '',
    description: request.description.trim().slice(0, 5000),
    book_type: request.bookType,
    difficulty: 'medium',
    tags: [],
    language: 'en',
    estimated_duration: Math.max(1, Math.round(words / WORDS_PER_MINUTE)),
    status: 'READY',
    progress: 100,
    progress_message: 'Ready',
    error_message: null,
    failed_step: null,
    genre: null,
    category: null,
    owner_set: ['title', 'description'],
    cover_key: null,
    source: { key: sourceKey, kind: 'text', filename: null, size: data.length, format: 'txt' },
    review_pending: false,
    structure_type: 'flat',
    total_preview_chapters: 1,
    total_chapters: 1,
    chapters_done: 1,
    job_id: null,
    published_at: null,
    created_at: at,
    updated_at: at,
  };
  const chapter: ChapterRecord = {
    id: stableUuid(id, 'chapter', '1'),
    book_id: id,
    owner_id: request.ownerId,
    chapter_number: 1,
    order_index: 0,
    title,
    content,
    summary: summarize(content, { maxSentences: 3, maxChars: 600 }),
    word_count: words,
    updated_at: at,
  };
  await deps.books.put(book);
  await deps.books.putChapter(chapter);
  await deps.activity.record(
    request.ownerId,
    { type: 'book_uploaded', title: `Created “${book.title}”`, ref: id },
    { books_uploaded: 1 },
  );
  return { book, chapter };
}
