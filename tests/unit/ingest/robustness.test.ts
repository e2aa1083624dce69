import { describe, expect, it } from 'vitest';
import { IngestError, detectFormat, detectStructure, extractDocument } from '../../../functions/books/ingest';
import { makeDocx, makeEpub, makePdf, makeTxtBook, seededRandom } from '../../fixtures/books';

/** Damaged copies of valid books: random bytes overwritten, cut short, or missing their start. */
function* damagedCopies(original: Uint8Array, count: number, seed: number): Generator<Uint8Array> {
  const random = seededRandom(seed);
  for (let i = 0; i < count; i++) {
    const bytes = original.slice();
    if (i % 3 === 0) {
      for (let k = 0; k < 10; k++) bytes[Math.floor(random() * bytes.length)] = Math.floor(random() * 256);
      yield bytes;
    } else if (i % 3 === 1) {
      yield bytes.slice(0, Math.floor(random() * bytes.length));
    } else {
      yield bytes.slice(1 + Math.floor(random() * 100));
    }
  }
}

describe('damaged uploads', () => {
  it.each([
    ['pdf', () => makePdf({ chapters: 2, pagesPerChapter: 1, compress: false })],
    ['docx', () => makeDocx({ chapters: 2 })],
    ['epub', () => makeEpub({ chapters: 2 })],
    ['txt', () => makeTxtBook({ chapters: 2 })],
  ] as const)('a damaged %s gives a structure or an IngestError, never a crash', async (name, make) => {
    const original = await make();
    let index = 0;
    for (const bytes of damagedCopies(original, 30, name.length)) {
      index++;
      try {
        detectStructure(await extractDocument(bytes, detectFormat(bytes, `book.${name}`)));
      } catch (error) {
        if (!(error instanceof IngestError)) throw new Error(`copy ${index} crashed`, { cause: error });
        expect(error.message).not.toBe('');
      }
    }
  });
});
