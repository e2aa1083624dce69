import { CONTENT_TYPES, now, withBookAllowance, type BooksContext } from './common';
import { cleanChapterContent } from './ingest';
import { summarize } from '../engine/text/local/summarize';
import { stableUuid } from '../lib/ids';
import { BadRequestError } from '../lib/errors';
import { bookKeys, newBookRecord, readingMinutes, type BookRecord, type ChapterRecord } from './model';

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
  // none is left).
  return withBookAllowance(deps, request.ownerId, undefined, (id) =>
    storeSingleChapterBook(deps, request, id, content),
  );
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
  const words = content.split(/\s+/).filter(Boolean).length;
  const book = newBookRecord(
    {
      id,
      ownerId: request.ownerId,
      title: request.title.trim() || 'Untitled book',
      description: request.description,
      bookType: request.bookType,
      source: { key: sourceKey, kind: 'text', filename: null, size: data.length, format: 'txt' },
      ownerSet: ['title', 'description'],
      createdAt: at,
    },
    // The text is the chapter as written: nothing to find or review, ready at once.
    {
      status: 'READY',
      progress: 100,
      progress_message: 'Ready',
      estimated_duration: readingMinutes(words),
      structure_type: 'flat',
      total_preview_chapters: 1,
      total_chapters: 1,
      chapters_done: 1,
    },
  );
  const chapter: ChapterRecord = {
    id: stableUuid(id, 'chapter', '1'),
    book_id: id,
    owner_id: request.ownerId,
    chapter_number: 1,
    order_index: 0,
    title: book.title,
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
