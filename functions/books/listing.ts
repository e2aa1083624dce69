import type {
  BookStatusResponse,
  BookType,
  BookWithChapters,
  LearningProgressItem,
} from '../contracts/books';
import { bookStatusOf } from '../contracts/books';
import { ConflictError } from '../lib/errors';
import { publicMediaKey } from '../lib/media-urls';
import { bookKeys, type BookRecord } from './model';
import { coverUrl, toBook } from './views';
import { makeCover } from './cover';
import { type BooksContext, now, settle, readingProgress } from './common';
import { readStructure, visibleChapters } from './chapters';

/** Books listed and viewed: the caller's shelf, one book's detail and status, the catalogue, publishing and the reading progress. */

export async function listBooks(deps: BooksContext, userId: string, bookType?: BookType) {
  const [listed, progress] = await Promise.all([
    deps.books.listSummariesByOwner(userId),
    deps.books.listProgressLevels(userId),
  ]);
  const progressByBook = new Map(progress.map((p) => [p.book_id, p.progress]));
  const owned = await Promise.all(listed.map((book) => settle(deps, book)));
  return owned
    .filter((book) => !bookType || book.book_type === bookType)
    .map((book) => toBook(book, userId, progressByBook.get(book.id) ?? 0));
}

/** The book with its chapters, or with the extracted structure while it waits for review. */
export async function bookDetail(
  deps: BooksContext,
  book: BookRecord,
  userId: string,
): Promise<BookWithChapters> {
  const answer: BookWithChapters = {
    ...toBook(book, userId, await readingProgress(deps, userId, book.id)),
    chapters: [],
  };
  if (book.review_pending) {
    const structure = await readStructure(deps, book);
    Object.assign(answer, {
      structure,
      preview_chapters: structure.chapters,
      sections: structure.sections,
    });
  } else {
    answer.chapters = await visibleChapters(deps, book);
  }
  return answer;
}

export async function bookStatus(deps: BooksContext, book: BookRecord): Promise<BookStatusResponse> {
  const answer: BookStatusResponse = bookStatusOf(book);
  if (book.status === 'READY' && book.review_pending) {
    const structure = await readStructure(deps, book);
    Object.assign(answer, {
      structure,
      preview_chapters: structure.chapters,
      sections: structure.sections,
    });
  }
  return answer;
}

export async function updateDetails(
  deps: BooksContext,
  book: BookRecord,
  patch: Partial<BookRecord>,
): Promise<BookRecord> {
  const changed = Object.keys(patch).filter((k) => (patch as Record<string, unknown>)[k] !== undefined);
  return deps.books.update(book.id, {
    ...patch,
    owner_set: [...new Set([...book.owner_set, ...changed])],
    updated_at: now(deps),
  });
}

/** Checks the image by decoding it, then stores a 600×900 (max) WebP copy as the cover. */
export async function setCover(deps: BooksContext, book: BookRecord, data: Uint8Array): Promise<BookRecord> {
  const cover = await makeCover(data);
  const key = bookKeys.cover(book.id, cover.hash);
  await deps.media.put(key, cover.webp, 'image/webp');
  const previous = book.cover_key;
  if (book.published_at) await deps.media.put(publicMediaKey(key), cover.webp, 'image/webp');
  const updated = await deps.books.update(book.id, { cover_key: key, updated_at: now(deps) });
  if (previous && previous !== key) {
    await deps.media.delete(previous);
    if (book.published_at) await deps.media.delete(publicMediaKey(previous));
  }
  return updated;
}

/** Books the caller is learning, most recent first (the dashboard's Continue Learning). */
export async function learningProgress(deps: BooksContext, userId: string): Promise<LearningProgressItem[]> {
  const progress = (await deps.books.listProgress(userId)).filter((p) => p.progress > 0);
  const found = new Map(
    (await deps.books.getSummaries(progress.map((p) => p.book_id))).map((b) => [b.id, b]),
  );
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
}

export async function catalogueOf(deps: BooksContext, bookType: BookType, userId: string) {
  const entries = await deps.books.listCatalog(bookType);
  const found = new Map((await deps.books.getSummaries(entries.map((e) => e.book_id))).map((b) => [b.id, b]));
  return entries
    .filter((e) => found.get(e.book_id)?.published_at)
    .map((e) => toBook(found.get(e.book_id)!, userId));
}

export async function publish(deps: BooksContext, book: BookRecord): Promise<BookRecord> {
  if (book.status !== 'READY' || book.review_pending)
    throw new ConflictError('Only processed books can be published.', 'not_ready');
  if (book.published_at) return book;
  const publishedAt = now(deps);
  // The catalogue shows the cover to everyone: a public copy, served without a signature.
  if (book.cover_key) await deps.media.copy(book.cover_key, publicMediaKey(book.cover_key));
  await deps.books.putCatalogEntry({
    book_id: book.id,
    book_type: book.book_type,
    published_at: publishedAt,
  });
  return deps.books.update(book.id, { published_at: publishedAt });
}

export async function unpublish(deps: BooksContext, book: BookRecord): Promise<void> {
  if (!book.published_at) return;
  await deps.books.deleteCatalogEntry({
    book_id: book.id,
    book_type: book.book_type,
    published_at: book.published_at,
  });
  await deps.books.update(book.id, { published_at: null });
  await deps.media.deletePrefix(publicMediaKey(bookKeys.mediaPrefix(book.id)));
}
