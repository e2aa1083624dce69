import { describe, expect, it } from 'vitest';
import { IngestError, detectFormat } from '../../../functions/books/ingest';
import {
  makeDocx,
  makeEpub,
  makeLatin1Txt,
  makePdf,
  makePngBytes,
  makeTxtBook,
  makeUtf16Txt,
  seededRandom,
  writeZip,
} from '../../fixtures/books';

function ingestError(run: () => unknown): IngestError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(IngestError);
    return error as IngestError;
  }
  throw new Error('expected an IngestError');
}

const ascii = (text: string) => new TextEncoder().encode(text);

describe('detectFormat', () => {
  it('recognises each supported format from its bytes', async () => {
    expect(detectFormat(await makePdf({ chapters: 1, pagesPerChapter: 1 }))).toBe('pdf');
    expect(detectFormat(await makeDocx({ chapters: 1 }))).toBe('docx');
    expect(detectFormat(await makeEpub({ chapters: 1 }))).toBe('epub');
    expect(detectFormat(await makeTxtBook({ chapters: 1 }))).toBe('txt');
    expect(detectFormat(await makeLatin1Txt())).toBe('txt');
    expect(detectFormat(await makeUtf16Txt('le'))).toBe('txt');
    expect(detectFormat(await makeUtf16Txt('be'))).toBe('txt');
  });

  it('decides from the bytes, not the extension, when the extension is not a book type', async () => {
    expect(detectFormat(await makeEpub({ chapters: 1 }), 'download.zip')).toBe('epub');
    expect(detectFormat(ascii('Just some notes.'), 'notes')).toBe('txt');
    expect(detectFormat(ascii('# Chapter 1\n\nMarkdown is text.'), 'book.md')).toBe('txt');
  });

  it('allows a BOM and whitespace before the PDF header', () => {
    expect(detectFormat(ascii('\ufeff \r\n%PDF-1.7\n'))).toBe('pdf');
    expect(detectFormat(ascii('Notes about %PDF-1.7 files'))).toBe('txt');
  });

  it('recognises EPUB by its mimetype entry alone and DOCX by word/document.xml', () => {
    const epub = writeZip([{ name: 'mimetype', content: 'application/epub+zip', store: true }]);
    expect(detectFormat(epub)).toBe('epub');
    const docx = writeZip([{ name: 'word/document.xml', content: '<w:document/>' }]);
    expect(detectFormat(docx)).toBe('docx');
  });

  it('rejects an empty file', () => {
    const error = ingestError(() => detectFormat(new Uint8Array(0), 'book.pdf'));
    expect(error.code).toBe('empty_file');
    expect(error.message).toBe('The file is empty.');
  });

  it('reports a PNG named .pdf as a type mismatch', async () => {
    const png = await makePngBytes();
    const mismatch = ingestError(() => detectFormat(png, 'book.pdf'));
    expect(mismatch.code).toBe('type_mismatch');
    expect(mismatch.message).toBe(
      'This file is named .pdf but it is a PNG image. Upload a real PDF, DOCX, EPUB or TXT file.',
    );
  });

  it('reports a supported format under another supported extension as a mismatch', async () => {
    const docx = await makeDocx({ chapters: 1 });
    const mismatch = ingestError(() => detectFormat(docx, 'Book.EPUB'));
    expect(mismatch.code).toBe('type_mismatch');
    expect(mismatch.message).toContain('named .epub but it is a Word document (DOCX)');
  });

  it('rejects random binary data', () => {
    const random = seededRandom(42);
    const bytes = new Uint8Array(4096).map(() => Math.floor(random() * 256));
    bytes[0] = 0x13; // not a known signature
    const error = ingestError(() => detectFormat(bytes, 'data.bin'));
    expect(error.code).toBe('unsupported_type');
    expect(error.message).toBe('Unsupported file type. Upload a PDF, DOCX, EPUB or TXT file.');
  });

  it.each([
    ['a JPEG image', [0xff, 0xd8, 0xff, 0xe0, 0, 0x10]],
    ['a GIF image', [...ascii('GIF89a'), 1, 0, 1, 0]],
    ['a WebP image', [...ascii('RIFF'), 0, 0, 0, 0, ...ascii('WEBPVP8 ')]],
    ['an MP3 audio file', [...ascii('ID3'), 4, 0, 0, 0, 0, 0, 0]],
    ['an MP4 video', [0, 0, 0, 0x18, ...ascii('ftypmp42'), 0, 0, 0, 0]],
    ['a Windows program', [...ascii('MZ'), 0x90, 0, 3, 0, 0, 0]],
    ['a program (ELF executable)', [0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]],
    [
      'an old Word (.doc) or password-protected Office file',
      [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
    ],
  ])('names %s precisely', (description, bytes) => {
    const error = ingestError(() => detectFormat(new Uint8Array(bytes)));
    expect(error.code).toBe('unsupported_type');
    expect(error.message).toBe(
      `Unsupported file type: this is ${description}. Upload a PDF, DOCX, EPUB or TXT file.`,
    );
  });

  it('reports a damaged DOCX or EPUB as corrupt rather than as another type', async () => {
    const docx = await makeDocx({ chapters: 1 });
    const error = ingestError(() => detectFormat(docx.slice(0, docx.length - 200), 'book.docx'));
    expect(error.code).toBe('corrupt');
    expect(error.message).toBe("This DOCX file is damaged and can't be read.");
  });

  it('recognises a ZIP archive without book parts', () => {
    const zip = writeZip([{ name: 'photos/cat.jpg', content: 'not really a cat' }]);
    const error = ingestError(() => detectFormat(zip, 'holiday.zip'));
    expect(error.code).toBe('unsupported_type');
    expect(error.message).toContain('this is a ZIP archive');
    expect(ingestError(() => detectFormat(zip, 'book.epub')).code).toBe('type_mismatch');
  });
});
