import { describe, expect, it } from 'vitest';
import { detectStructure, documentFromText, extractDocument } from '../../../functions/books/ingest';
import { decodeText, textToDocument } from '../../../functions/books/ingest/extract-text';
import {
  LATIN1_SAMPLE,
  TXT_CHAPTER_SEED,
  UTF16_SAMPLE,
  chapterParagraphs,
  makeLatin1Txt,
  makeTxtBook,
  makeUtf16Txt,
  txtChapterHeading,
} from '../../fixtures/books';

describe('TXT encodings', () => {
  it('decodes windows-1252 text that is not valid UTF-8', async () => {
    const decoded = decodeText(await makeLatin1Txt());
    expect(decoded.encoding).toBe('windows-1252');
    expect(decoded.text).toBe(LATIN1_SAMPLE);
    const doc = await extractDocument(await makeLatin1Txt(), 'txt');
    expect(doc.encoding).toBe('windows-1252');
    expect(doc.blocks.map((block) => block.text).join(' ')).toContain(
      'The Café on the corner was where Müller',
    );
  });

  it.each(['le', 'be'] as const)('decodes UTF-16%s with a BOM', async (endianness) => {
    const decoded = decodeText(await makeUtf16Txt(endianness));
    expect(decoded).toEqual({ text: UTF16_SAMPLE, encoding: `utf-16${endianness}` });
  });

  it('decodes UTF-8 with and without a BOM', () => {
    const text = 'Ærøskøbing — “quoted” 日本';
    const bytes = new TextEncoder().encode(text);
    expect(decodeText(bytes)).toEqual({ text, encoding: 'utf-8' });
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, ...bytes]))).toEqual({ text, encoding: 'utf-8' });
  });
});

function headingOf(line: string) {
  const doc = textToDocument(`Some opening text of the book.\n\n${line}\n\nThe story goes on here.`);
  const block = doc.blocks[1];
  return block?.kind === 'heading' ? { text: block.text, level: block.level } : null;
}

describe('TXT headings', () => {
  it.each([
    ['Chapter 1', 'Chapter 1', 2],
    ['CHAPTER ONE', 'CHAPTER ONE', 2],
    ['Chapter I', 'Chapter I', 2],
    ['Chapter 12: The Storm', 'Chapter 12: The Storm', 2],
    ['Chapter Twenty-One \u2014 Title', 'Chapter Twenty-One \u2014 Title', 2],
    ['CHAPTER XIV.', 'CHAPTER XIV', 2],
    ['Part II', 'Part II', 1],
    ['PART TWO', 'PART TWO', 1],
    ['Book 1', 'Book 1', 1],
    ['Prologue', 'Prologue', 2],
    ['Epilogue', 'Epilogue', 2],
    ['Introduction', 'Introduction', 2],
    ['Preface', 'Preface', 2],
    ['Foreword', 'Foreword', 2],
    ['Afterword', 'Afterword', 2],
    ['Appendix A', 'Appendix A', 2],
    ['IV', 'IV', 2],
    ['IV.', 'IV', 2],
    ['# The Beginning', 'The Beginning', 1],
    ['## Chapter 2: Lanterns', 'Chapter 2: Lanterns', 2],
  ])('recognises "%s"', (line, text, level) => {
    expect(headingOf(line)).toEqual({ text, level });
  });

  it.each([
    'Chapter 1 was the best part of the book, everyone said.',
    'The chapter ended.',
    'Part of me wanted to stay.',
    'In the beginning there was only the sea.',
    'Introduction to the harbour and its history',
  ])('does not take "%s" for a heading', (line) => {
    expect(headingOf(line)).toBeNull();
  });

  it('only takes a heading that stands alone on its line', () => {
    const lines = [
      'She opened the old leather book that her grandmother had left her at',
      'Chapter 1',
      'and read the first page again, slowly, as if it were new to her, then',
      'closed it and looked out at the grey sea for a very long time.',
    ];
    expect(textToDocument(lines.join('\n')).blocks).toEqual([{ kind: 'paragraph', text: lines.join(' ') }]);
  });
});

describe('TXT paragraphs', () => {
  it('joins hard-wrapped lines between blank lines, undoing hyphenation', () => {
    const text = [
      'The lighthouse keeper climbed the stairs every evening, counting the',
      'steps as he went, and every evening he found the lamp a little dim-',
      'mer than the night before, which worried him more than he said.',
      '',
      'The second paragraph is here and is long enough to look like the rest.',
    ].join('\n');
    expect(textToDocument(text).blocks.map((block) => block.text)).toEqual([
      'The lighthouse keeper climbed the stairs every evening, counting the steps as he went, and every evening he found the lamp a little dimmer than the night before, which worried him more than he said.',
      'The second paragraph is here and is long enough to look like the rest.',
    ]);
  });

  it('splits single-newline text on indentation and short lines', async () => {
    const bytes = await makeTxtBook({ chapters: 2, indented: true, wordsPerChapter: 300 });
    const structure = detectStructure(await extractDocument(bytes, 'txt'));
    expect(structure.chapters.map((chapter) => chapter.title)).toEqual(['Chapter 1', 'Chapter Two']);
    expect(structure.chapters[0]?.content.split('\n\n')).toEqual(
      chapterParagraphs(TXT_CHAPTER_SEED + 1, 300),
    );
  });

  it('treats every line as a paragraph in unwrapped text', () => {
    const long = 'word '.repeat(40).trim();
    const doc = textToDocument(`${long} one.\n${long} two.\n${long} three.`);
    expect(doc.blocks).toHaveLength(3);
  });

  it('keeps only the book from a Project Gutenberg file', () => {
    const doc = textToDocument(
      'The Project Gutenberg eBook of Something\nLicence text.\n*** START OF THE PROJECT GUTENBERG EBOOK SOMETHING ***\n\nThe real book.\n\n*** END OF THE PROJECT GUTENBERG EBOOK SOMETHING ***\nMore licence.',
    );
    expect(doc.blocks.map((block) => block.text)).toEqual(['The real book.']);
  });

  it('reports empty or whitespace-only text', async () => {
    for (const text of ['', '  \n\t\n   ']) {
      expect(() => documentFromText(text)).toThrow(
        'The text is empty. Paste or upload a book with some text in it.',
      );
    }
    await expect(extractDocument(new TextEncoder().encode(' \r\n '), 'txt')).rejects.toMatchObject({
      code: 'no_text',
    });
  });
});

describe('TXT books', () => {
  it('finds prologue, mixed chapter headings and epilogue, skipping the title and contents', async () => {
    const bytes = await makeTxtBook({ chapters: 5, prologue: true, epilogue: true, contents: true });
    const structure = detectStructure(await extractDocument(bytes, 'txt'));
    expect(structure.chapters.map((chapter) => chapter.title)).toEqual([
      'Prologue',
      'Chapter 1',
      'Chapter Two',
      txtChapterHeading(3),
      txtChapterHeading(4),
      txtChapterHeading(5),
      'Epilogue',
    ]);
    expect(structure.chapters.map((chapter) => chapter.chapter_number)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('builds parts from "Part I" / "PART TWO" headings', async () => {
    const structure = detectStructure(
      await extractDocument(await makeTxtBook({ parts: 2, chapters: 2 }), 'txt'),
    );
    expect(structure.structure_type).toBe('hierarchical');
    expect(structure.sections.map((section) => section.title)).toEqual(['Part I', 'Part Two']);
    expect(structure.chapters.map((chapter) => chapter.section_number)).toEqual([1, 1, 2, 2]);
  });

  it('reads lone roman numerals and Markdown headings', async () => {
    const roman = detectStructure(
      await extractDocument(await makeTxtBook({ headingStyle: 'roman', chapters: 4 }), 'txt'),
    );
    expect(roman.chapters.map((chapter) => chapter.title)).toEqual(['I', 'II', 'III', 'IV']);
    const markdown = detectStructure(
      await extractDocument(
        await makeTxtBook({ headingStyle: 'markdown', chapters: 2, parts: 2, wrap: 0 }),
        'txt',
      ),
    );
    expect(markdown.sections.map((section) => section.title)).toEqual(['Part 1', 'Part 2']);
    expect(markdown.chapters[0]?.title).toBe('Chapter 1: The Silent Harbour');
  });
});
