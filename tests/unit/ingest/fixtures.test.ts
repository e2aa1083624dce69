import { describe, expect, it } from 'vitest';
import { detectFormat } from '../../../functions/books/ingest';
import { makeBookOfSize, makeLargeEpub } from '../../fixtures/books';

const MB = 1024 * 1024;

describe('size fixtures', () => {
  it.each([9.9, 10.1])('makes a %s MB text book of exactly that size', async (size) => {
    const bytes = await makeBookOfSize(Math.round(size * MB));
    expect(bytes.length).toBe(Math.round(size * MB));
    expect(detectFormat(bytes, 'book.txt')).toBe('txt');
  });

  // Writing a 9.9 MB PDF takes seconds of CPU: more than the default limit on a busy machine.
  it('makes a PDF book of exactly the requested size', { timeout: 60_000 }, async () => {
    const bytes = await makeBookOfSize(Math.round(9.9 * MB), 'pdf');
    expect(bytes.length).toBe(Math.round(9.9 * MB));
    expect(detectFormat(bytes, 'book.pdf')).toBe('pdf');
  });

  it('makes a benchmark EPUB of about 1 MB', async () => {
    const bytes = await makeLargeEpub();
    expect(bytes.length).toBeGreaterThan(900_000);
    expect(bytes.length).toBeLessThan(1_100_000);
  });
});
