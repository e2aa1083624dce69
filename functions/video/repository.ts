import { keys, partitions } from '../lib/keys';
import type { Table } from '../lib/ports';
import type { ProductionRecord, StageItemRecord } from './model';

/** Stage items of video generations and chapters' video productions, in their book's partition. */
export function createVideoRepository(table: Table) {
  return {
    putItem: (bookId: string, item: StageItemRecord) =>
      table.put({ ...keys.videoStageItem(bookId, item.generation_id, item.stage, item.item), ...item }),

    getItem: (bookId: string, generationId: string, stage: string, item: string) =>
      table.get<StageItemRecord>(keys.videoStageItem(bookId, generationId, stage, item)),

    /** Every item of a generation (all stages), or of one stage. */
    listItems: (bookId: string, generationId: string, stage?: string) =>
      table.query<StageItemRecord>({
        pk: partitions.book(bookId),
        skPrefix: `VIDEOGEN#${generationId}#${stage ? `${stage}#` : ''}`,
      }),

    deleteItems: (bookId: string, items: Pick<StageItemRecord, 'generation_id' | 'stage' | 'item'>[]) =>
      Promise.all(
        items.map((item) =>
          table.delete(keys.videoStageItem(bookId, item.generation_id, item.stage, item.item)),
        ),
      ),

    getProduction: (bookId: string, chapterId: string) =>
      table.get<ProductionRecord>(keys.videoProduction(bookId, chapterId)),

    putProduction: (record: ProductionRecord) =>
      table.put({ ...keys.videoProduction(record.book_id, record.chapter_id), ...record }),
  };
}

export type VideoRepository = ReturnType<typeof createVideoRepository>;
