import { indexKeys, keys, partitions } from '../lib/keys';
import type { Table } from '../lib/ports';
import type { CharacterRecord, PlotRecord } from './model';

/**
 * The plot overview and the characters of a book, in the book's partition (so they go with the
 * book), each also found by its own id through gsi1.
 */
export function createPlotRepository(table: Table) {
  return {
    putPlot: (plot: PlotRecord) =>
      table.put({ ...keys.plot(plot.book_id), gsi1pk: indexKeys.plot(plot.id), gsi1sk: 'PLOT', ...plot }),

    getPlotOfBook: (bookId: string) => table.get<PlotRecord>(keys.plot(bookId)),

    async getPlot(plotId: string): Promise<PlotRecord | null> {
      const [plot] = await table.query<PlotRecord>({ index: 'gsi1', pk: indexKeys.plot(plotId), limit: 1 });
      return plot ?? null;
    },

    putCharacter: (character: CharacterRecord) =>
      table.put({
        ...keys.character(character.book_id, character.id),
        gsi1pk: indexKeys.character(character.id),
        gsi1sk: 'CHARACTER',
        ...character,
      }),

    /** Changes fields of a character that still exists; null when it is gone. */
    updateCharacter: (character: Pick<CharacterRecord, 'book_id' | 'id'>, patch: Partial<CharacterRecord>) =>
      table.update<CharacterRecord>(
        keys.character(character.book_id, character.id),
        { set: patch },
        { exists: true },
      ),

    async getCharacter(characterId: string): Promise<CharacterRecord | null> {
      const [character] = await table.query<CharacterRecord>({
        index: 'gsi1',
        pk: indexKeys.character(characterId),
        limit: 1,
      });
      return character ?? null;
    },

    /** The book's characters in listing order. */
    async listCharacters(bookId: string): Promise<CharacterRecord[]> {
      const found = await table.query<CharacterRecord>({
        pk: partitions.book(bookId),
        skPrefix: 'CHARACTER#',
      });
      return found.sort((a, b) => a.order - b.order || a.created_at.localeCompare(b.created_at));
    },

    deleteCharacters: (characters: Pick<CharacterRecord, 'book_id' | 'id'>[]) =>
      table.batchDelete(characters.map((c) => keys.character(c.book_id, c.id))),
  };
}
