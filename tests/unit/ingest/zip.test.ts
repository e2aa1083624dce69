import { describe, expect, it } from 'vitest';
import { IngestError } from '../../../functions/books/ingest';
import { ZipArchive } from '../../../functions/books/ingest/zip';
import { BOMB_BYTES, deflatedZeros, writeZip } from '../../fixtures/books';

function codeOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(IngestError);
    return (error as IngestError).code;
  }
  return 'no error';
}

const MiB = 1024 * 1024;

describe('ZipArchive', () => {
  it('reads stored and deflated entries by name', () => {
    const zip = ZipArchive.open(
      writeZip([
        { name: 'mimetype', content: 'application/epub+zip', store: true },
        { name: 'OEBPS/Text/Chapter.xhtml', content: '<p>Hello</p>'.repeat(100) },
        { name: 'folder/', content: '' },
      ]),
    );
    expect(zip.names).toEqual(['mimetype', 'OEBPS/Text/Chapter.xhtml']);
    expect(zip.readText('mimetype')).toBe('application/epub+zip');
    expect(zip.readText('OEBPS/Text/Chapter.xhtml')).toBe('<p>Hello</p>'.repeat(100));
    // Windows-made e-books link files with the wrong case.
    expect(zip.readText('oebps/text/chapter.xhtml')).toBe('<p>Hello</p>'.repeat(100));
    expect(zip.read('missing.xml')).toBeUndefined();
  });

  it('reports damaged archives as corrupt, naming the format', () => {
    const whole = writeZip([{ name: 'word/document.xml', content: 'x'.repeat(1000) }]);
    expect(codeOf(() => ZipArchive.open(whole.slice(0, whole.length - 30)))).toBe('corrupt');
    expect(codeOf(() => ZipArchive.open(new TextEncoder().encode('PK\u0003\u0004 not a zip at all')))).toBe(
      'corrupt',
    );
    let thrown: unknown;
    try {
      ZipArchive.open(whole.slice(0, 40), 'DOCX');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(IngestError);
    expect(thrown).toMatchObject({
      code: 'corrupt',
      message: "This DOCX file is damaged and can't be read.",
    });
    // A deflate stream cut short.
    const broken = writeZip([{ name: 'a.xml', content: 'some text '.repeat(500) }]);
    const local = 30 + 'a.xml'.length;
    broken.fill(0xff, local + 5, local + 40);
    expect(codeOf(() => ZipArchive.open(broken).read('a.xml'))).toBe('corrupt');
  });

  it('refuses an entry whose header admits it is huge, without inflating it', async () => {
    const zip = ZipArchive.open(writeZip([{ name: 'big.xml', deflated: await deflatedZeros(BOMB_BYTES) }]));
    expect(codeOf(() => zip.read('big.xml'))).toBe('archive_too_large');
  });

  it('stops inflating at the cap when the header lies about the size', async () => {
    const bytes = writeZip([
      { name: 'small.xml', deflated: await deflatedZeros(BOMB_BYTES), declaredSize: 1024 },
    ]);
    const zip = ZipArchive.open(bytes);
    const before = process.memoryUsage();
    expect(codeOf(() => zip.read('small.xml'))).toBe('archive_too_large');
    const after = process.memoryUsage();
    // At most the 32 MiB cap (plus zlib's chunking) was ever held, never the 200 MB.
    expect(after.rss - before.rss).toBeLessThan(120 * MiB);
  });

  it('caps the total decompressed bytes read from one archive', async () => {
    const entry = await deflatedZeros(30 * MiB);
    const zip = ZipArchive.open(
      writeZip([
        { name: 'a.xml', deflated: entry },
        { name: 'b.xml', deflated: entry },
        { name: 'c.xml', deflated: entry },
      ]),
    );
    expect(zip.read('a.xml')?.length).toBe(30 * MiB);
    expect(zip.read('b.xml')?.length).toBe(30 * MiB);
    expect(codeOf(() => zip.read('c.xml'))).toBe('archive_too_large');
  });

  it('applies custom limits to entries, totals and entry counts', () => {
    const bytes = writeZip([
      { name: 'a.txt', content: 'a'.repeat(800) },
      { name: 'b.txt', content: 'b'.repeat(800), store: true },
      { name: 'c.txt', content: 'c'.repeat(2000), declaredSize: 10 },
    ]);
    const limits = { maxEntries: 10, maxEntryBytes: 1000, maxTotalBytes: 1500 };
    const zip = ZipArchive.open(bytes, undefined, limits);
    expect(codeOf(() => zip.read('c.txt'))).toBe('archive_too_large');
    expect(zip.readText('a.txt')).toHaveLength(800);
    expect(codeOf(() => zip.read('b.txt'))).toBe('archive_too_large');
    expect(codeOf(() => ZipArchive.open(bytes, undefined, { ...limits, maxEntries: 2 }))).toBe(
      'archive_too_large',
    );
  });

  it('reports password-protected entries as encrypted', () => {
    const bytes = writeZip([{ name: 'word/document.xml', content: '<x/>' }]);
    // Set the "encrypted" flag bit in the central directory record.
    const central = bytes.lastIndexOf(0x50, bytes.length - 22 - 1);
    const view = new DataView(bytes.buffer);
    let at = central;
    while (view.getUint32(at, true) !== 0x02014b50) at--;
    view.setUint16(at + 8, view.getUint16(at + 8, true) | 1, true);
    expect(codeOf(() => ZipArchive.open(bytes).read('word/document.xml'))).toBe('encrypted');
  });
});
