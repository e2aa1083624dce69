import { describe, expect, it } from 'vitest';
import { IngestError, detectFormat, detectStructure, extractDocument } from '../../../functions/books/ingest';
import type { SourceFormat } from '../../../functions/books/ingest';
import {
  makeXxeDocx,
  makeXxeEpub,
  makeZipBombDocx,
  makeZipBombEpub,
  makeZipWithManyEntries,
} from '../../fixtures/books';

async function ingestErrorOf(bytes: Uint8Array, name: string): Promise<IngestError> {
  try {
    await extractDocument(bytes, detectFormat(bytes, name));
  } catch (error) {
    expect(error).toBeInstanceOf(IngestError);
    return error as IngestError;
  }
  throw new Error('expected an IngestError');
}

describe('zip bombs', () => {
  it.each([
    ['DOCX', makeZipBombDocx, 'bomb.docx'],
    ['EPUB (lying header)', makeZipBombEpub, 'bomb.epub'],
  ])('a %s is refused as archive_too_large with bounded memory', async (_label, make, name) => {
    const bytes = await make();
    const before = process.memoryUsage().rss;
    const error = await ingestErrorOf(bytes, name);
    expect(error.code).toBe('archive_too_large');
    expect(error.message).toMatch(
      /^This file expands to far more data than a book contains, so it was not opened\./,
    );
    expect(process.memoryUsage().rss - before).toBeLessThan(150 * 1024 * 1024);
  });

  it('refuses archives with thousands of entries', async () => {
    const bytes = await makeZipWithManyEntries();
    expect(() => detectFormat(bytes, 'book.docx')).toThrow(IngestError);
  });
});

describe('XML entity attacks', () => {
  it.each([
    ['docx', 'xxe'],
    ['docx', 'billion-laughs'],
    ['epub', 'xxe'],
    ['epub', 'billion-laughs'],
  ] as const)('a %s with %s parses without resolving or expanding entities', async (format, attack) => {
    const bytes = format === 'docx' ? await makeXxeDocx(attack) : await makeXxeEpub(attack);
    const doc = await extractDocument(bytes, detectFormat(bytes, `book.${format}`) as SourceFormat);
    const text = doc.blocks.map((block) => block.text).join('\n') + (doc.title ?? '');
    expect(text).not.toContain('root:');
    expect(text).not.toContain('lol');
    expect(text).toContain('The secret is:');
    expect(text).toContain('The ordinary text of the book goes on');
    const structure = detectStructure(doc);
    expect(structure.chapters[0]?.title).toBe('Chapter 1');
  });
});
