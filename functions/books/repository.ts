import type { BookType } from '../contracts/books';
import { ConflictError } from '../lib/errors';
import { indexKeys, keys, partitions } from '../lib/keys';
import { isoNow, systemClock, type Clock, type Table } from '../lib/ports';
import { BOOK_SUMMARY_FIELDS, type BookRecord, type BookSummary, type ChapterRecord } from './model';

/** What `upload-url` issued: the only keys an upload may name, each usable once, until it expires. */
export interface PendingUpload {
  upload_id: string;
  key: string;
  filename: string;
  size: number;
  content_type: string;
  expires_at: string;
}

export interface CatalogEntry {
  book_id: string;
  book_type: BookType;
  published_at: string;
}

/** A reader's progress in a book (chapters completed), written by learning, read by the library. */
export interface ProgressRecord {
  book_id: string;
  progress: number;
  last_chapter_id: string | null;
  completed_chapters: string[];
  updated_at: string;
}

/**
 * Books, their chapters, the published catalogue and readers' progress. Everything a book owns
 * lives in its partition (BOOK#<id>), so deleting the partition deletes it all.
 */
/** `clock` stamps `updated_at` on every update, so a quiet book is one nothing has touched. */
export function createBookRepository(table: Table, clock: Clock = systemClock) {
  return {
    async put(book: BookRecord): Promise<void> {
      const item = {
        ...keys.book(book.id),
        gsi1pk: indexKeys.owner(book.owner_id),
        gsi1sk: `BOOK#${book.created_at}#${book.id}`,
        ...book,
      };
      if (!(await table.put(item, { exists: false }))) throw new Error(`Book ${book.id} already exists`);
    },

    get: (bookId: string) => table.get<BookRecord>(keys.book(bookId)),

    /**
     * Marks that the book's place in the plan's book allowance was given back (when it is deleted);
     * true for the one call that marked it, false for any other (or when the book is gone).
     */
    markAllowanceReturned: async (bookId: string) =>
      Boolean(
        await table.update(
          keys.book(bookId),
          { set: { allowance_returned: 1 } },
          { exists: true, belowOrAbsent: { allowance_returned: 1 } },
        ),
      ),
    getMany: (bookIds: string[]) => table.batchGet<BookRecord>(bookIds.map((id) => keys.book(id))),
    /** The books' summaries (what lists show), read without the rest of each item. */
    getSummaries: (bookIds: string[]) =>
      table.batchGet<BookSummary>(
        bookIds.map((id) => keys.book(id)),
        BOOK_SUMMARY_FIELDS,
      ),

    /**
     * Updates fields of an existing book. `expectedStatus` makes the write conditional, so two
     * actions racing on one book (e.g. a retry and a delete) cannot both win: the loser gets a 409.
     */
    async update(
      bookId: string,
      patch: Partial<BookRecord>,
      expectedStatus?: BookRecord['status'][],
    ): Promise<BookRecord> {
      const updated = await table.update<BookRecord>(
        keys.book(bookId),
        { set: { updated_at: isoNow(clock), ...patch } },
        { exists: true, ...(expectedStatus?.length ? { oneOf: { status: expectedStatus } } : {}) },
      );
      if (!updated)
        throw new ConflictError('The book changed meanwhile. Reload and try again.', 'book_changed');
      return updated;
    },

    /** Counts a processed chapter; how many are done. */
    async addChapterDone(bookId: string): Promise<number> {
      const book = await table.update<BookRecord>(
        keys.book(bookId),
        { add: { chapters_done: 1 } },
        { exists: true },
      );
      return Number(book?.chapters_done ?? 0);
    },

    /** The owner's books as summaries, newest first. */
    listSummariesByOwner: (ownerId: string) =>
      table.query<BookSummary>({
        index: 'gsi1',
        pk: indexKeys.owner(ownerId),
        skPrefix: 'BOOK#',
        descending: true,
        fields: BOOK_SUMMARY_FIELDS,
      }),

    listByOwner: (ownerId: string) =>
      table.query<BookRecord>({
        index: 'gsi1',
        pk: indexKeys.owner(ownerId),
        skPrefix: 'BOOK#',
        descending: true,
      }),

    putChapter: (chapter: ChapterRecord) =>
      table.put({
        ...keys.chapter(chapter.book_id, chapter.chapter_number),
        gsi1pk: indexKeys.chapter(chapter.id),
        gsi1sk: 'CHAPTER',
        ...chapter,
      }),

    listChapters: (bookId: string) =>
      table.query<ChapterRecord>({ pk: partitions.book(bookId), skPrefix: 'CHAPTER#' }),

    async getChapterById(chapterId: string): Promise<ChapterRecord | null> {
      const [chapter] = await table.query<ChapterRecord>({
        index: 'gsi1',
        pk: indexKeys.chapter(chapterId),
        limit: 1,
      });
      return chapter ?? null;
    },

    /** Removes chapters numbered above `keep` (left over from an earlier, longer structure). */
    async deleteChaptersAbove(bookId: string, keep: number): Promise<number> {
      const stale = (
        await table.query<ChapterRecord>({ pk: partitions.book(bookId), skPrefix: 'CHAPTER#' })
      ).filter((c) => c.chapter_number > keep);
      await table.batchDelete(stale.map((c) => keys.chapter(bookId, c.chapter_number)));
      return stale.length;
    },

    /** Every item of the book's partition: the book, its chapters and what other domains keep there. */
    async deleteAllItems(bookId: string): Promise<void> {
      await table.batchDelete(await table.queryKeys({ pk: partitions.book(bookId) }));
    },

    putPendingUpload: (userId: string, upload: PendingUpload) =>
      table.put({ ...keys.upload(userId, upload.upload_id), ...upload }),
    /** Takes the record (so two uploads naming it cannot both use it); null when there is none. */
    takePendingUpload: (userId: string, uploadId: string) =>
      table.delete<PendingUpload>(keys.upload(userId, uploadId)),

    putCatalogEntry: (entry: CatalogEntry) =>
      table.put({ ...keys.catalogEntry(entry.book_type, entry.published_at, entry.book_id), ...entry }),
    deleteCatalogEntry: (entry: CatalogEntry) =>
      table.delete(keys.catalogEntry(entry.book_type, entry.published_at, entry.book_id)),
    listCatalog: (bookType: BookType) =>
      table.query<CatalogEntry>({ pk: partitions.catalog(bookType), descending: true }),

    getProgress: (userId: string, bookId: string) => table.get<ProgressRecord>(keys.progress(userId, bookId)),
    putProgress: (userId: string, record: ProgressRecord) =>
      table.put({ ...keys.progress(userId, record.book_id), ...record }),
    listProgress: (userId: string) =>
      table.query<ProgressRecord>({ pk: partitions.user(userId), skPrefix: 'PROGRESS#' }),
    /** How far the user is in each book (what the list of books shows), read without the rest. */
    listProgressLevels: (userId: string) =>
      table.query<Pick<ProgressRecord, 'book_id' | 'progress'>>({
        pk: partitions.user(userId),
        skPrefix: 'PROGRESS#',
        fields: ['book_id', 'progress'],
      }),
    deleteProgress: (userId: string, bookId: string) => table.delete(keys.progress(userId, bookId)),
  };
}

export type BookRepository = ReturnType<typeof createBookRepository>;
