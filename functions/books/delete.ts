import { publicMediaKey } from '../lib/media-urls';
import { bookKeys, type BookRecord } from './model';
import { type BooksContext, stopPipeline } from './common';

/** A book deleted with everything made from it. */

/**
 * Removes every record and every stored object of the book: its partition (chapters and what the
 * domains built on books keep there), its jobs, its files and media.
 */
export async function deleteBook(deps: BooksContext, book: BookRecord): Promise<void> {
  await stopPipeline(deps, book, 'Book deleted');
  // Its place in the plan's book allowance comes back, once however many deletes race.
  if (deps.allowance && (await deps.books.markAllowanceReturned(book.id)))
    await deps.allowance.bookRemoved(book.owner_id);
  if (book.published_at)
    await deps.books.deleteCatalogEntry({
      book_id: book.id,
      book_type: book.book_type,
      published_at: book.published_at,
    });
  await deps.jobs.deleteForBook(book.id, 'Book deleted');
  await deps.books.deleteAllItems(book.id);
  await deps.books.deleteProgress(book.owner_id, book.id);
  await Promise.all([
    deps.uploads.deletePrefix(bookKeys.prefix(book.id)),
    deps.media.deletePrefix(bookKeys.mediaPrefix(book.id)),
    deps.media.deletePrefix(publicMediaKey(bookKeys.mediaPrefix(book.id))),
  ]);
  await deps.activity.record(
    book.owner_id,
    { type: 'book_deleted', title: `Deleted “${book.title}”` },
    { books_uploaded: -1 },
  );
}
