import { keys, partitions } from '../lib/keys';
import type { Table } from '../lib/ports';
import type { ChapterImageRecord } from './model';

/** Chapter images, in their book's partition by chapter (so they go with the book). */
export function createImageRepository(table: Table) {
  const key = (r: Pick<ChapterImageRecord, 'book_id' | 'chapter_id' | 'id'>) =>
    keys.chapterImage(r.book_id, r.chapter_id, r.id);
  return {
    /** Writes the record; with `onlyNew`, only if it does not exist yet (false then). */
    put: (record: ChapterImageRecord, onlyNew = false) =>
      table.put({ ...key(record), ...record }, onlyNew ? { exists: false } : undefined),

    get: (bookId: string, chapterId: string, imageId: string) =>
      table.get<ChapterImageRecord>(keys.chapterImage(bookId, chapterId, imageId)),

    /** Changes fields of a record that still exists; null when it is gone. */
    update: (
      record: Pick<ChapterImageRecord, 'book_id' | 'chapter_id' | 'id'>,
      patch: Partial<ChapterImageRecord>,
    ) => table.update<ChapterImageRecord>(key(record), { set: patch }, { exists: true }),

    /** The chapter's images, oldest first. */
    async listForChapter(bookId: string, chapterId: string): Promise<ChapterImageRecord[]> {
      const found = await table.query<ChapterImageRecord>({
        pk: partitions.book(bookId),
        skPrefix: `IMAGE#${chapterId}#`,
      });
      return found.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
    },

    delete: (record: Pick<ChapterImageRecord, 'book_id' | 'chapter_id' | 'id'>) => table.delete(key(record)),
  };
}
