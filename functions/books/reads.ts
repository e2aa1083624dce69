/**
 * The books domain's read port: what other domains may know of books and chapters. They never read
 * the books' records themselves; ownership is checked here once, in the spec's words.
 */
import { NotFoundError } from '../lib/errors';
import { isUuid } from '../lib/ids';
import { bookKeys, type BookRecord, type ChapterRecord } from './model';
import { BOOK_NOT_FOUND, CHAPTER_NOT_FOUND, canRead, type BooksContext, settle } from './common';
import type { ProgressRecord } from './repository';

/** The owner's book, or 404 for a missing book and for someone else's (never 403: ids do not leak). */
export async function loadOwnedBook(deps: BooksContext, bookId: string, userId: string): Promise<BookRecord> {
  const book = isUuid(bookId) ? await deps.books.get(bookId) : null;
  if (!book || book.owner_id !== userId) throw new NotFoundError(BOOK_NOT_FOUND, 'book_not_found');
  return settle(deps, book);
}

export async function loadReadableBook(
  deps: BooksContext,
  bookId: string,
  userId: string,
): Promise<BookRecord> {
  const book = isUuid(bookId) ? await deps.books.get(bookId) : null;
  if (!book || !canRead(book, userId)) throw new NotFoundError(BOOK_NOT_FOUND, 'book_not_found');
  return settle(deps, book);
}

/** The chapter and its book, or null when either is gone. */
export async function chapterContext(
  deps: BooksContext,
  chapterId: string,
): Promise<{ book: BookRecord; chapter: ChapterRecord } | null> {
  const chapter = isUuid(chapterId) ? await deps.books.getChapterById(chapterId) : null;
  if (!chapter) return null;
  const book = await deps.books.get(chapter.book_id);
  return book ? { book, chapter } : null;
}

/** A chapter's full text, wherever it is stored. */
export async function chapterText(deps: BooksContext, chapter: ChapterRecord): Promise<string> {
  if (chapter.content !== undefined) return chapter.content;
  const bytes = await deps.uploads.getBytes(
    chapter.content_key ?? bookKeys.chapterContent(chapter.book_id, chapter.chapter_number),
  );
  return Buffer.from(bytes).toString('utf8');
}

/** The caller's chapter and its book, or 404 for a missing chapter and for someone else's. */
export async function ownedChapter(
  deps: BooksContext,
  userId: string,
  chapterId: string,
): Promise<{ book: BookRecord; chapter: ChapterRecord }> {
  const context = await chapterContext(deps, chapterId);
  if (!context || context.book.owner_id !== userId)
    throw new NotFoundError(CHAPTER_NOT_FOUND, 'chapter_not_found');
  return context;
}

/** The caller's book, or 404 (the read port's order of arguments: who asks, then what). */
export const ownedBook = (deps: BooksContext, userId: string, bookId: string) =>
  loadOwnedBook(deps, bookId, userId);

/** A book by id whoever owns it, or null: for records that name their book and were checked already. */
export const bookOf = (deps: BooksContext, bookId: string) => deps.books.get(bookId);

/** A book's chapters (hidden ones too; callers choose). */
export const chaptersOf = (deps: BooksContext, bookId: string) => deps.books.listChapters(bookId);

/** The books an owner has uploaded. */
export const booksOf = (deps: BooksContext, ownerId: string) => deps.books.listByOwner(ownerId);

/** Where the caller is in a book (learning reads and records it). */
export const progressOf = (deps: BooksContext, userId: string, bookId: string) =>
  deps.books.getProgress(userId, bookId);

export const saveProgress = (deps: BooksContext, userId: string, record: ProgressRecord) =>
  deps.books.putProgress(userId, record);
