import { describe, expect, it } from 'vitest';
import type { RemovedMatter } from '../../../functions/contracts/books';
import {
  restoreRemoved,
  stillRemoved,
  toEditable,
  toSavePayload,
} from '../../../web/src/features/books/components/upload-wizard/chapters';

const removed: RemovedMatter[] = [
  { title: 'Title Page', kind: 'title_page', word_count: 6, content: 'THE HARBOUR by A. Writer' },
  { title: 'Dedication', kind: 'dedication', word_count: 4, content: 'To the keepers of lights.' },
  { title: 'Notes', kind: 'notes', word_count: 12, content: 'A note on the tides.', content_truncated: true },
];
const chapters = toEditable([
  { title: 'Dawn', content: 'The harbour was quiet.', chapter_number: 1, word_count: 4 },
  { title: 'Home', content: 'The ships came home.', chapter_number: 2, word_count: 4 },
]);

describe('removed front and back matter on the review step', () => {
  it('lists everything removed until it is restored', () => {
    expect(stillRemoved(removed, chapters).map(({ item }) => item.title)).toEqual([
      'Title Page',
      'Dedication',
      'Notes',
    ]);
    const restored = restoreRemoved(chapters, removed, 1);
    expect(stillRemoved(removed, restored).map(({ index }) => index)).toEqual([0, 2]);
  });

  it('puts front matter before the chapters in reading order and back matter after them', () => {
    let next = restoreRemoved(chapters, removed, 2);
    next = restoreRemoved(next, removed, 1);
    next = restoreRemoved(next, removed, 0);
    expect(next.map((c) => c.title)).toEqual(['Title Page', 'Dedication', 'Dawn', 'Home', 'Notes']);
    // Restoring twice changes nothing.
    expect(restoreRemoved(next, removed, 0)).toBe(next);
  });

  it('sends a restored item with its own text, and unchanged chapters by reference', () => {
    const payload = toSavePayload(restoreRemoved(chapters, removed, 1));
    expect(payload[0]).toEqual({
      title: 'Dedication',
      chapter_number: 1,
      content: 'To the keepers of lights.',
    });
    expect(payload[1]).toEqual({ title: 'Dawn', chapter_number: 2, source_chapter_number: 1 });
  });

  it('a restored chapter that is deleted again is listed as removed again', () => {
    const restored = restoreRemoved(chapters, removed, 0);
    const deleted = restored.filter((c) => c.restored !== 0);
    expect(stillRemoved(removed, deleted).map(({ index }) => index)).toEqual([0, 1, 2]);
  });
});
