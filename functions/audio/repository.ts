import { partitions } from '../lib/keys';
import type { Key, Table } from '../lib/ports';
import type { AudioFileRecord } from './model';

/**
 * A chapter's audio files, in the book's partition under `AUDIO#<chapterId>#<fileId>` (so they go
 * with the book, and a chapter's files are one query). Every route names the chapter, so a file is
 * always found through its chapter: no index is needed.
 */
const fileKey = (bookId: string, chapterId: string, fileId: string): Key => ({
  pk: partitions.book(bookId),
  sk: `AUDIO#${chapterId}#${fileId}`,
});

export function createAudioRepository(table: Table) {
  return {
    /** Writes a file; with `onlyNew`, only when it does not exist yet (false then). */
    putFile: (file: AudioFileRecord, onlyNew = false) =>
      table.put(
        { ...fileKey(file.book_id, file.chapter_id, file.id), ...file },
        onlyNew ? { exists: false } : undefined,
      ),

    getFile: (bookId: string, chapterId: string, fileId: string) =>
      table.get<AudioFileRecord>(fileKey(bookId, chapterId, fileId)),

    /** Changes a file that still exists; null when it is gone. */
    updateFile: (
      file: Pick<AudioFileRecord, 'book_id' | 'chapter_id' | 'id'>,
      patch: Partial<AudioFileRecord>,
    ) =>
      table.update<AudioFileRecord>(
        fileKey(file.book_id, file.chapter_id, file.id),
        { set: patch },
        { exists: true },
      ),

    /** A file still generating reads as failed, with the words why; a finished file is left alone. */
    markFailed: (file: Pick<AudioFileRecord, 'book_id' | 'chapter_id' | 'id'>, error: string, at: string) =>
      table.update<AudioFileRecord>(
        fileKey(file.book_id, file.chapter_id, file.id),
        { set: { status: 'failed', error, updated_at: at } },
        { exists: true, equals: { status: 'generating' } },
      ),

    /**
     * A file deleted while it is being made: marked, not removed, so that its job cannot write it
     * back (null when it is no longer generating: then it can simply be removed).
     */
    markDeleted: (file: Pick<AudioFileRecord, 'book_id' | 'chapter_id' | 'id'>, at: string) =>
      table.update<AudioFileRecord>(
        fileKey(file.book_id, file.chapter_id, file.id),
        { set: { status: 'deleted', updated_at: at } },
        { exists: true, equals: { status: 'generating' } },
      ),

    /**
     * A job's rendered file, written only over its own generating record (false when the record is
     * gone, marked deleted, or another job's).
     */
    completeFile: (file: AudioFileRecord) =>
      table.put(
        { ...fileKey(file.book_id, file.chapter_id, file.id), ...file },
        { exists: true, equals: { status: 'generating', job_id: file.job_id } },
      ),

    /** The chapter's files (those deleted while generating are left out). */
    listForChapter: async (bookId: string, chapterId: string) =>
      (
        await table.query<AudioFileRecord>({ pk: partitions.book(bookId), skPrefix: `AUDIO#${chapterId}#` })
      ).filter((file) => file.status !== 'deleted'),

    deleteFiles: (files: Pick<AudioFileRecord, 'book_id' | 'chapter_id' | 'id'>[]) =>
      table.batchDelete(files.map((f) => fileKey(f.book_id, f.chapter_id, f.id))),
  };
}
