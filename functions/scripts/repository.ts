import { indexKeys, keys, partitions } from '../lib/keys';
import type { Table } from '../lib/ports';
import type { ScriptRecord } from './model';

/** Scripts, in their book's partition by chapter and age (so they go with the book), found by id through gsi1. */
export function createScriptRepository(table: Table) {
  const key = (s: Pick<ScriptRecord, 'book_id' | 'chapter_id' | 'created_at' | 'id'>) =>
    keys.script(s.book_id, s.chapter_id, s.created_at, s.id);
  return {
    /** A new script, or (with `expectedUpdatedAt`) a change to one nobody changed meanwhile. */
    putScript: (script: ScriptRecord, expectedUpdatedAt?: string) =>
      table.put(
        { ...key(script), gsi1pk: indexKeys.script(script.id), gsi1sk: 'SCRIPT', ...script },
        expectedUpdatedAt ? { equals: { updated_at: expectedUpdatedAt } } : { exists: false },
      ),

    async getScript(scriptId: string): Promise<ScriptRecord | null> {
      const [script] = await table.query<ScriptRecord>({
        index: 'gsi1',
        pk: indexKeys.script(scriptId),
        limit: 1,
      });
      return script ?? null;
    },

    /** A chapter's scripts, newest first. */
    listForChapter: (bookId: string, chapterId: string) =>
      table.query<ScriptRecord>({
        pk: partitions.book(bookId),
        skPrefix: `SCRIPT#${chapterId}#`,
        descending: true,
      }),

    deleteScript: (script: ScriptRecord) => table.delete(key(script)),
  };
}
