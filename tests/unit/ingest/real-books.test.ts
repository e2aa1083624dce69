import { describe, expect, it } from 'vitest';
import { detectStructure, extractDocument } from '../../../functions/books/ingest';
import type { BookStructure, DocBlock, ExtractedDocument } from '../../../functions/books/ingest';
import { findContentsList } from '../../../functions/books/ingest/contents-list';
import { classifyHeading, headingKey, toDisplayTitle } from '../../../functions/books/ingest/headings';
import { pagesToBlocks } from '../../../functions/books/ingest/pdf-layout';
import type { PdfLine } from '../../../functions/books/ingest/pdf-layout';
import { CORPUS } from '../../fixtures/corpus';
import { chapterParagraphs, makePdf, pdfChapterHeading } from '../../fixtures/books';

/** One book of the real-layout corpus, extracted and structured. */
async function structureOf(name: string): Promise<{ structure: BookStructure; doc: ExtractedDocument }> {
  const book = CORPUS.find((candidate) => candidate.name === name);
  if (!book) throw new Error(`no corpus book ${name}`);
  const doc = await extractDocument(await book.make(), book.format);
  return { structure: detectStructure(doc), doc };
}

const titles = (structure: BookStructure) => structure.chapters.map((chapter) => chapter.title);
const kinds = (structure: BookStructure) => (structure.removed ?? []).map((item) => item.kind);
const allText = (structure: BookStructure) => structure.chapters.map((chapter) => chapter.content).join('\n');

describe('class 1: title page and contents page are not chapters', () => {
  it('reads a word-processor PDF whose contents run on from the title page', async () => {
    const { structure } = await structureOf('wonderland-word-small-headings.pdf');
    expect(titles(structure)[0]).toBe('CHAPTER I. Down the Rabbit-Hole');
    expect(structure.chapters).toHaveLength(12);
    expect(allText(structure)).not.toMatch(/MILLENNIUM FULCRUM|By Lewis Carroll|PROJECT GUTENBERG/i);
    expect(kinds(structure)).toEqual(['licence', 'title_page', 'contents', 'licence']);
    const contents = structure.removed?.find((item) => item.kind === 'contents');
    expect(contents?.content).toContain('CHAPTER II. The Pool of Tears');
  });

  it('does not make a chapter of a first page that holds only the title', async () => {
    for (const name of ['generated-title-page.pdf', 'generated-title-same-size.pdf']) {
      const { structure } = await structureOf(name);
      expect(structure.chapters).toHaveLength(6);
      expect(titles(structure)).not.toContain('The Lighthouse Keeper');
      expect(titles(structure)).not.toContain('The Cartographer');
    }
  });
});

describe('class 2: headings wrapped over two lines', () => {
  it('joins a heading set in a bigger font back together, with or without a contents list', async () => {
    for (const name of ['rectory-wrapped.pdf', 'rectory-wrapped-no-contents.pdf']) {
      const { structure } = await structureOf(name);
      expect(titles(structure)[2]).toBe(
        'Chapter III. An Unexpected Guest at the Rectory on a Wet Tuesday Evening',
      );
      for (const chapter of structure.chapters) expect(chapter.content).not.toMatch(/^[A-Z ,]+\n/);
    }
  });

  it('continues a heading line in the same size up to about two line heights below', () => {
    const line = (text: string, y: number, size: number, xEnd = 540): PdfLine => ({
      text,
      x: 72,
      xEnd,
      y,
      size,
    });
    const body = chapterParagraphs(3, 60).join(' ').split(' ');
    const bodyLines: PdfLine[] = [];
    for (let i = 0; i < 12; i++)
      bodyLines.push(line(body.slice(i * 10, i * 10 + 10).join(' '), 600 - i * 16, 12));
    const blocks = pagesToBlocks(
      [
        {
          number: 1,
          top: 792,
          bottom: 0,
          lines: [
            line('CHAPTER XI. Who Stole the', 700, 16, 300),
            line('Tarts?', 670, 16, 130),
            ...bodyLines,
          ],
        },
      ],
      12,
    );
    expect(blocks[0]).toMatchObject({ kind: 'heading', text: 'CHAPTER XI. Who Stole the Tarts?' });
  });
});

describe('class 3: Standard Ebooks EPUB 3', () => {
  it('finds the chapters of a nested toc.xhtml, with titles partly outside the links', async () => {
    const { structure, doc } = await structureOf('wonderland-standard.epub');
    expect(titles(structure).slice(0, 2)).toEqual(['I: Down the Rabbit-Hole', 'II: The Pool of Tears']);
    expect(structure.chapters).toHaveLength(12);
    // <hgroup> headings come out as one heading.
    expect(
      doc.blocks.find((block) => block.kind === 'heading' && block.text.includes('Rabbit-Hole'))?.text,
    ).toBe('Chapter I: Down the Rabbit-Hole');
    expect(kinds(structure)).toEqual([
      'title_page',
      'copyright',
      'dedication',
      'half_title',
      'notes',
      'colophon',
      'copyright',
    ]);
    expect(allText(structure)).not.toMatch(/Uncopyright|public domain|↩/);
  });

  it('follows a fragment link inside a chapter file and reads <h2 epub:type="ordinal"> + title paragraphs', async () => {
    const { structure } = await structureOf('prometheus-standard.epub');
    expect(titles(structure).slice(0, 5)).toEqual([
      'Letter 1',
      'Letter 2',
      'Letter 3',
      'Letter 4',
      'Chapter 1',
    ]);
    expect(titles(structure).at(-1)).toBe('Walton, in Continuation');
    expect(structure.chapters.at(-2)?.content).not.toContain('Walton, in Continuation');
  });

  it('builds books (parts) holding chapters from the nested navigation', async () => {
    const { structure } = await structureOf('hound-parts-standard.epub');
    expect(structure.structure_type).toBe('hierarchical');
    expect(structure.sections.map((section) => [section.title, section.chapters.length])).toEqual([
      ['Book I: The Moor', 3],
      ['Book II: The Hall', 4],
    ]);
  });
});

describe('class 4: front and back matter', () => {
  it('uses an EPUB 2 guide and keeps the preface', async () => {
    const { structure } = await structureOf('orchard-epub2.epub');
    expect(titles(structure)[0]).toBe('Preface');
    expect(titles(structure)).not.toContain('Notes');
    expect(kinds(structure)).toEqual(['title_page', 'copyright', 'dedication', 'notes']);
  });

  it('removes the Project Gutenberg licence from an EPUB and a PDF, listing it for the owner', async () => {
    for (const name of ['wonderland-gutenberg.epub', 'wonderland-word.pdf']) {
      const { structure } = await structureOf(name);
      expect(allText(structure)).not.toMatch(/Project Gutenberg|FULL LICENSE/i);
      const licence = structure.removed?.filter((item) => item.kind === 'licence') ?? [];
      expect(licence.length).toBeGreaterThanOrEqual(2);
      expect(licence.at(-1)?.content).toContain('General Terms of Use');
    }
  });

  it('removes a licence longer than the story it follows', () => {
    const p = (text: string): DocBlock => ({ kind: 'paragraph', text });
    const h = (text: string): DocBlock => ({ kind: 'heading', text, level: 2 });
    const structure = detectStructure({
      format: 'pdf',
      toc: [],
      blocks: [
        p('The Project Gutenberg eBook of A Short Tale'),
        p('*** START OF THE PROJECT GUTENBERG EBOOK A SHORT TALE ***'),
        h('Chapter 1'),
        ...chapterParagraphs(1, 150).map(p),
        h('Chapter 2'),
        ...chapterParagraphs(2, 150).map(p),
        p('*** END OF THE PROJECT GUTENBERG EBOOK A SHORT TALE ***'),
        ...Array.from({ length: 40 }, (_, i) =>
          p(`Section ${i}. Terms of use of Project Gutenberg works, part ${i}.`),
        ),
      ],
    });
    expect(titles(structure)).toEqual(['Chapter 1', 'Chapter 2']);
    expect(allText(structure)).not.toContain('Terms of use');
    expect(kinds(structure)).toEqual(['licence', 'licence']);
  });

  it('lists each removed item with its text, so it can be restored as a chapter', async () => {
    const { structure } = await structureOf('rectory-wrapped.pdf');
    const notes = structure.removed?.find((item) => item.kind === 'notes');
    expect(notes).toMatchObject({ title: 'Footnotes' });
    expect(notes?.content).toContain('The rectory stood until 1911.');
    expect(notes?.word_count).toBeGreaterThan(5);
  });

  it('keeps a preface and an introduction, removes a dedication and an epigraph, by content alone', () => {
    const h = (text: string): DocBlock => ({ kind: 'heading', text, level: 1 });
    const p = (text: string): DocBlock => ({ kind: 'paragraph', text });
    const prose = (seed: number, words: number) => chapterParagraphs(seed, words).map(p);
    const structure = detectStructure({
      format: 'docx',
      toc: [],
      blocks: [
        h('Dedication'),
        p('For my mother.'),
        h('A Word Before'),
        p('"Not all those who wander are lost."'),
        h('Preface'),
        ...prose(1, 200),
        h('Introduction'),
        ...prose(2, 400),
        h('Chapter 1'),
        ...prose(3, 400),
        h('Chapter 2'),
        ...prose(4, 400),
        h('Index'),
        p('Harbour, 3, 17'),
      ],
    });
    expect(titles(structure)).toEqual(['Preface', 'Introduction', 'Chapter 1', 'Chapter 2']);
    expect(structure.removed?.map((item) => [item.kind, item.title])).toEqual([
      ['dedication', 'Dedication'],
      ['front_matter', 'A Word Before'],
      ['index', 'Index'],
    ]);
  });
});

describe('class 5: plain-text classics', () => {
  it('takes the stories the contents list names, and leaves the numbered sections in their text', async () => {
    for (const name of [
      'adventures-gutenberg.txt',
      'adventures-numbered-stories.txt',
      'adventures-no-contents.txt',
    ]) {
      const { structure } = await structureOf(name);
      expect(structure.chapters).toHaveLength(8);
      expect(titles(structure)[0]).toMatch(/^(Adventure )?I\. A Scandal in Bohemia$/);
      expect(structure.chapters[0]?.content).toMatch(/^I\n\n/);
      expect(structure.chapters[0]?.content).toMatch(/\n\nII\n\n/);
    }
  });

  it('builds books holding chapters from "BOOK ONE: 1805" headings', async () => {
    const { structure } = await structureOf('seasons-parts-gutenberg.txt');
    expect(structure.structure_type).toBe('hierarchical');
    expect(structure.sections.map((section) => section.title)).toEqual([
      'Book One: 1805',
      'Book Two: 1806',
      'Book Three: 1807',
    ]);
    expect(structure.chapters.map((chapter) => chapter.title)).toEqual(
      Array(3).fill(['Chapter I', 'Chapter II', 'Chapter III']).flat(),
    );
  });
});

describe('class 6: chapter numbers only', () => {
  it('keeps all 61 numbered chapters in order, without the title page', async () => {
    const { structure } = await structureOf('netherfield-gutenberg.txt');
    expect(titles(structure)).toEqual(Array.from({ length: 61 }, (_, i) => `Chapter ${i + 1}`));
    expect(kinds(structure)).toEqual(['title_page', 'notes']);
    expect(structure.chapters.at(-1)?.content).not.toContain('Netherfield was let at last');
  });
});

describe('contents lists and tables of contents', () => {
  it('tells "Chapter 1: The Storm" from "Chapter 13: The Storm"', async () => {
    const structure = detectStructure(
      await extractDocument(await makePdf({ chapters: 14, pagesPerChapter: 1 }), 'pdf'),
    );
    expect(titles(structure)).toEqual(Array.from({ length: 14 }, (_, i) => pdfChapterHeading(i + 1)));
  });

  it('keeps the numbered sections a textbook contents list names inside their chapters', () => {
    const h = (text: string, level: number): DocBlock => ({ kind: 'heading', text, level });
    const p = (text: string): DocBlock => ({ kind: 'paragraph', text });
    const prose = (seed: number) => chapterParagraphs(seed, 250).map(p);
    const structure = detectStructure({
      format: 'pdf',
      toc: [],
      blocks: [
        h('Learning to Program', 1),
        h('Contents', 2),
        p(
          'Chapter 1 Basics . . . . 1\n1.1 Variables . . . . 2\n1.2 Loops . . . . 5\nChapter 2 Functions . . . . 9\n2.1 Arguments . . . . 11',
        ),
        h('Chapter 1 Basics', 2),
        ...prose(1),
        h('1.1 Variables', 3),
        ...prose(2),
        h('1.2 Loops', 3),
        ...prose(3),
        h('Chapter 2 Functions', 2),
        ...prose(4),
        h('2.1 Arguments', 3),
        ...prose(5),
      ],
    });
    expect(titles(structure)).toEqual(['Chapter 1 Basics', 'Chapter 2 Functions']);
    expect(structure.chapters[0]?.content).toContain('\n\n1.2 Loops\n\n');
  });

  it('takes no run of short lines for a contents list unless it is titled or numbered (a play)', () => {
    const blocks: DocBlock[] = [];
    const names = ['HAMLET.', 'HORATIO.', 'OPHELIA.'];
    for (let i = 0; i < 3000; i++) {
      blocks.push({ kind: 'paragraph', text: names[i % 3] as string });
      blocks.push({ kind: 'paragraph', text: (chapterParagraphs(i, 12)[0] as string).slice(0, 80) });
    }
    expect(findContentsList(blocks)).toBeNull();
  });

  it('opens a part at an unlinked navigation entry that holds linked chapters', () => {
    const h = (text: string): DocBlock => ({ kind: 'heading', text, level: 2 });
    const p = (text: string): DocBlock => ({ kind: 'paragraph', text });
    const blocks: DocBlock[] = [];
    const toc: ExtractedDocument['toc'] = [];
    for (const volume of ['Volume I', 'Volume II']) {
      toc.push({ title: volume, level: 1 });
      for (const n of [1, 2]) {
        toc.push({ title: `Chapter ${n}`, level: 2, blockIndex: blocks.length });
        blocks.push(h(`Chapter ${n}`), ...chapterParagraphs(blocks.length, 300).map(p));
      }
    }
    const structure = detectStructure({ format: 'epub', blocks, toc });
    expect(structure.sections.map((section) => [section.title, section.chapters.length])).toEqual([
      ['Volume I', 2],
      ['Volume II', 2],
    ]);
    expect(structure.chapters[0]?.content.startsWith('Chapter 1')).toBe(false);
  });
});

describe('heading keys and display titles', () => {
  it('compares a contents entry with its heading without label, number, leaders or page', () => {
    expect(headingKey('CHAPTER I. Down the Rabbit-Hole')).toBe('down the rabbit hole');
    expect(headingKey('Down the Rabbit-Hole . . . . . 12')).toBe('down the rabbit hole');
    expect(headingKey('ADVENTURE I. A SCANDAL IN BOHEMIA')).toBe('a scandal in bohemia');
    expect(headingKey('A Caucus-Race and a Long Tale\t24')).toBe('a caucus race and a long tale');
    expect(headingKey('Chapter 12')).toBe('chapter 12');
    expect(headingKey('CHAPTER XII')).toBe('chapter 12');
  });

  it('reads chapter, part and contents headings of French, German, Spanish, Italian and Dutch books', () => {
    expect(classifyHeading('Chapitre 3').kind).toBe('chapter');
    expect(classifyHeading('Kapitel IV').kind).toBe('chapter');
    expect(classifyHeading('Capítulo 2: La tormenta').kind).toBe('chapter');
    expect(classifyHeading('Partie II').kind).toBe('part');
    expect(classifyHeading('Teil 2').kind).toBe('part');
    expect(classifyHeading('Libro 1').kind).toBe('book');
    expect(classifyHeading('Table des matières').kind).toBe('contents');
    expect(classifyHeading('Letter from home').kind).toBe('other');
  });

  it('capitalises the first word after a separator', () => {
    expect(toDisplayTitle('ADVENTURE I. A SCANDAL IN BOHEMIA')).toBe('Adventure I. A Scandal in Bohemia');
  });
});
