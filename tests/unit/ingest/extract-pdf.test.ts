import { beforeAll, describe, expect, it } from 'vitest';
import { IngestError, detectStructure, extractDocument } from '../../../functions/books/ingest';
import type { BookStructure, ExtractedDocument } from '../../../functions/books/ingest';
import { itemsToLines, removeRunningLines } from '../../../functions/books/ingest/pdf-layout';
import type { PdfPage, PdfTextItem } from '../../../functions/books/ingest/pdf-layout';
import {
  PDF_CHAPTER_SEED,
  chapterParagraphs,
  makeCorruptPdf,
  makeEncryptedPdf,
  makePdf,
  makeScannedPdf,
  pdfChapterHeading,
} from '../../fixtures/books';

async function ingestErrorOf(bytes: Uint8Array): Promise<IngestError> {
  try {
    await extractDocument(bytes, 'pdf');
  } catch (error) {
    expect(error).toBeInstanceOf(IngestError);
    return error as IngestError;
  }
  throw new Error('expected an IngestError');
}

describe('PDF extraction of a flat book', () => {
  const hyphenated: string[] = [];
  let doc: ExtractedDocument;
  let structure: BookStructure;

  beforeAll(async () => {
    const bytes = await makePdf({
      chapters: 3,
      pagesPerChapter: 3,
      onHyphenate: (word) => hyphenated.push(word),
    });
    const copy = bytes.slice();
    doc = await extractDocument(bytes, 'pdf');
    // pdf.js detaches the buffer it is given; the caller's bytes must survive.
    expect(bytes).toEqual(copy);
    structure = detectStructure(doc);
  });

  it('reads metadata and page count', () => {
    expect(doc.format).toBe('pdf');
    expect(doc.title).toBe('The Lighthouse Keeper');
    expect(doc.author).toBe('Jane Doe');
    expect(doc.pageCount).toBeGreaterThanOrEqual(12);
  });

  it('marks chapter headings by font size, larger headings first', () => {
    const headings = doc.blocks.filter((block) => block.kind === 'heading');
    expect(headings.map((block) => block.text)).toEqual(
      expect.arrayContaining([pdfChapterHeading(1), pdfChapterHeading(2), pdfChapterHeading(3)]),
    );
    const title = headings.find((block) => block.text === 'The Lighthouse Keeper');
    const chapter = headings.find((block) => block.text === pdfChapterHeading(1));
    expect(title?.level).toBeLessThan(chapter?.level ?? 0);
  });

  it('finds the chapters in order, without the title, copyright or contents pages', () => {
    expect(structure.structure_type).toBe('flat');
    expect(structure.chapters.map((chapter) => chapter.title)).toEqual([1, 2, 3].map(pdfChapterHeading));
    const all = structure.chapters.map((chapter) => chapter.content).join('\n');
    expect(all).not.toMatch(/All rights reserved|ISBN|Contents/);
  });

  it('drops the running header and the page numbers', () => {
    for (const chapter of structure.chapters) {
      expect(chapter.content).not.toContain('The Lighthouse Keeper');
      expect(chapter.content).not.toMatch(/^\d+$/m);
      expect(chapter.content).not.toMatch(/\s\d{1,2}\s*$/);
    }
  });

  it('rebuilds the original paragraphs, joining words hyphenated at line ends', () => {
    expect(hyphenated.length).toBeGreaterThan(5);
    for (const chapter of structure.chapters) {
      const original = chapterParagraphs(PDF_CHAPTER_SEED + chapter.chapter_number, 100_000);
      const paragraphs = chapter.content.split('\n\n');
      expect(paragraphs.length).toBeGreaterThan(10);
      expect(paragraphs).toEqual(original.slice(0, paragraphs.length));
    }
    const text = structure.chapters.map((chapter) => chapter.content).join(' ');
    for (const word of hyphenated) expect(text).toMatch(new RegExp(`\\b${word}\\b`));
    expect(text).not.toMatch(/\p{L}- \p{Ll}/u);
    // Real compounds keep their hyphen, whether mid-line or split before a capital.
    expect(text).toContain('well-known');
    expect(text).toContain('Jean-Luc');
  });
});

describe('PDF extraction of a book in parts', () => {
  it('builds a hierarchy from font sizes alone', async () => {
    const structure = detectStructure(await extractDocument(await makePdf({ parts: 2, chapters: 2 }), 'pdf'));
    expect(structure.structure_type).toBe('hierarchical');
    expect(structure.has_sections).toBe(true);
    expect(structure.sections.map((section) => [section.title, section.chapters.length])).toEqual([
      ['Part One', 2],
      ['Part Two', 2],
    ]);
    expect(structure.chapters.map((chapter) => [chapter.title, chapter.section_number])).toEqual([
      [pdfChapterHeading(1), 1],
      [pdfChapterHeading(2), 1],
      [pdfChapterHeading(3), 2],
      [pdfChapterHeading(4), 2],
    ]);
    expect(structure.structure_metadata).toMatchObject({
      section_label: 'Part',
      description: '2 parts, 4 chapters',
    });
  });

  it('uses the outline as the table of contents', async () => {
    const doc = await extractDocument(await makePdf({ parts: 2, chapters: 2, outline: true }), 'pdf');
    expect(doc.toc.map((entry) => [entry.title, entry.level])).toEqual([
      ['Part One', 1],
      [pdfChapterHeading(1), 2],
      [pdfChapterHeading(2), 2],
      ['Part Two', 1],
      [pdfChapterHeading(3), 2],
      [pdfChapterHeading(4), 2],
    ]);
    for (const entry of doc.toc) expect(doc.blocks[entry.blockIndex ?? -1]?.text).toBe(entry.title);
    const structure = detectStructure(doc);
    expect(structure.sections.map((section) => section.title)).toEqual(['Part One', 'Part Two']);
    expect(structure.chapters).toHaveLength(4);
  });
});

describe('PDF problems', () => {
  it('reports password-protected PDFs', async () => {
    const error = await ingestErrorOf(await makeEncryptedPdf());
    expect(error.code).toBe('encrypted');
    expect(error.message).toBe('This PDF is password-protected. Remove the password and upload it again.');
  });

  it('reports scans without a text layer', async () => {
    const error = await ingestErrorOf(await makeScannedPdf());
    expect(error.code).toBe('no_text_layer');
    expect(error.message).toBe(
      'This PDF has no text layer — it looks like a scan. Upload a PDF with selectable text (run it through OCR first), or paste the text instead.',
    );
  });

  it.each(['garbage', 'truncated'] as const)('reports %s PDFs as corrupt', async (kind) => {
    const error = await ingestErrorOf(await makeCorruptPdf(kind));
    expect(error.code).toBe('corrupt');
    expect(error.message).toBe("This PDF file is damaged and can't be read.");
  });
});

describe('PDF layout', () => {
  const item = (
    str: string,
    x: number,
    y: number,
    size = 10,
    width = str.length * size * 0.5,
  ): PdfTextItem => ({
    str,
    x,
    y,
    width,
    size,
  });

  it('groups items into lines by baseline and spaces them by gap', () => {
    const lines = itemsToLines([
      item('world', 60, 700),
      item('Hello', 20, 700.5),
      item('1', 45.3, 703, 6, 3), // a superscript footnote mark
      item('Next', 20, 686),
      item('line', 42.5, 686),
    ]);
    expect(lines.map((line) => line.text)).toEqual(['Hello1 world', 'Next line']);
  });

  it('removes running headers, footers and page numbers that repeat in the margins', () => {
    const page = (number: number): PdfPage => ({
      number,
      top: 800,
      bottom: 0,
      lines: [
        { text: `${number} THE BOOK`, x: 20, xEnd: 200, y: 780, size: 8 },
        { text: `Body text on page ${number}.`, x: 20, xEnd: 500, y: 400, size: 10 },
        { text: number % 2 ? `Page ${number}` : `- ${number} -`, x: 200, xEnd: 230, y: 20, size: 8 },
        { text: 'xii', x: 200, xEnd: 230, y: 10, size: 8 },
      ],
    });
    const cleaned = removeRunningLines([1, 2, 3, 4].map(page), 10);
    expect(cleaned.map((p) => p.lines.map((line) => line.text))).toEqual([
      ['Body text on page 1.'],
      ['Body text on page 2.'],
      ['Body text on page 3.'],
      ['Body text on page 4.'],
    ]);
  });
});
