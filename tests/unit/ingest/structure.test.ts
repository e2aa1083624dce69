import { describe, expect, it } from 'vitest';
import { MAX_CHAPTERS, detectStructure, documentFromText } from '../../../functions/books/ingest';
import type { DocBlock, ExtractedDocument, TocEntry } from '../../../functions/books/ingest';
import { chapterParagraphs, makeSingleParagraph } from '../../fixtures/books';

const h = (text: string, level = 1): DocBlock => ({ kind: 'heading', text, level });
const p = (text: string): DocBlock => ({ kind: 'paragraph', text });

let seed = 1;
/** Real-looking prose paragraphs of about `words` words in total. */
function prose(words = 200): DocBlock[] {
  return chapterParagraphs(seed++, words).map(p);
}

function doc(blocks: DocBlock[], extra: Partial<ExtractedDocument> = {}): ExtractedDocument {
  return { format: 'epub', blocks, toc: [], ...extra };
}

const titles = (blocks: DocBlock[], extra?: Partial<ExtractedDocument>) =>
  detectStructure(doc(blocks, extra)).chapters.map((chapter) => chapter.title);

describe('detectStructure: chapters from headings', () => {
  it('makes chapters of parts when the text has no chapter headings (“PART I”, “PART II”)', () => {
    const first = prose(600);
    const second = prose(600);
    const structure = detectStructure(
      doc([p('DAISY MILLER: A STUDY'), p('IN TWO PARTS'), h('PART I'), ...first, h('PART II'), ...second]),
    );
    expect(structure.chapters.map((c) => c.title)).toEqual(['Part I', 'Part II']);
    // Every paragraph of the story is kept.
    const kept = structure.chapters.map((c) => c.content).join('\n');
    for (const block of [...first, ...second]) expect(kept).toContain(block.text.slice(0, 60));
  });

  it('makes a flat book from chapter headings, numbering chapters and counting words', () => {
    const structure = detectStructure(
      doc([
        h('Chapter 1: The Storm'),
        ...prose(),
        h('Chapter 2: Lanterns'),
        ...prose(),
        h('Chapter 3'),
        ...prose(),
      ]),
    );
    expect(structure).toMatchObject({ has_sections: false, structure_type: 'flat', sections: [] });
    expect(structure.chapters.map((c) => [c.chapter_number, c.title])).toEqual([
      [1, 'Chapter 1: The Storm'],
      [2, 'Chapter 2: Lanterns'],
      [3, 'Chapter 3'],
    ]);
    for (const chapter of structure.chapters) {
      expect(chapter.word_count).toBe(chapter.content.split(/\s+/).length);
      expect(chapter.word_count).toBeGreaterThanOrEqual(200);
      expect(chapter.section_title).toBeUndefined();
    }
    expect(structure.structure_metadata).toEqual({
      display_name: 'Chapters',
      icon: '📖',
      description: '3 chapters',
      section_label: '',
      chapter_label: 'Chapter',
    });
  });

  it('joins paragraphs with blank lines and keeps headings below the chapter level as paragraphs', () => {
    const first = prose(60);
    const second = prose(60);
    const structure = detectStructure(
      doc([
        h('The Harbour', 1),
        ...first,
        h('A quieter scene', 2),
        ...second,
        h('The Lighthouse', 1),
        ...prose(),
      ]),
    );
    expect(structure.chapters.map((c) => c.title)).toEqual(['The Harbour', 'The Lighthouse']);
    expect(structure.chapters[0]?.content).toBe(
      [...first.map((b) => b.text), 'A quieter scene', ...second.map((b) => b.text)].join('\n\n'),
    );
  });

  it('recognises heading-looking paragraphs when nothing is styled', () => {
    expect(
      titles([p('CHAPTER ONE'), ...prose(), p('Chapter 2'), ...prose(), p('Epilogue'), ...prose()]),
    ).toEqual(['Chapter One', 'Chapter 2', 'Epilogue']);
  });

  it('keeps prologue, introduction and epilogue with real content, drops empty chapters', () => {
    expect(
      titles([
        h('Prologue'),
        ...prose(),
        h('Chapter 1'),
        ...prose(),
        h('Chapter 2'),
        h('Chapter 3'),
        ...prose(),
        h('Epilogue'),
        ...prose(),
        h('Afterword'),
      ]),
    ).toEqual(['Prologue', 'Chapter 1', 'Chapter 3', 'Epilogue']);
  });

  it('merges a number-only heading with a short subtitle line', () => {
    expect(
      titles([
        h('CHAPTER ONE'),
        p('THE BOY WHO LIVED'),
        ...prose(),
        h('CHAPTER TWO'),
        p('The Vanishing Glass'),
        ...prose(),
      ]),
    ).toEqual(['Chapter One: The Boy Who Lived', 'Chapter Two: The Vanishing Glass']);
    // The subtitle as its own heading, at the same or a lower level.
    expect(
      titles([h('Chapter 1'), h('The Storm'), ...prose(), h('Chapter 2'), h('Lanterns', 2), ...prose()]),
    ).toEqual(['Chapter 1: The Storm', 'Chapter 2: Lanterns']);
    // Not when the first line is prose or dialogue.
    expect(titles([h('Chapter 1'), p('"Run," she said.'), ...prose(), h('Chapter 2'), ...prose()])).toEqual([
      'Chapter 1',
      'Chapter 2',
    ]);
  });

  it('normalises titles: whitespace, trailing dots, all-capital titles', () => {
    expect(
      titles([
        h('  CHAPTER   IV.  '),
        ...prose(),
        h('THE STORM OF THE CENTURY'),
        ...prose(),
        h('iPhone Secrets.'),
        ...prose(),
      ]),
    ).toEqual(['Chapter IV', 'The Storm of the Century', 'iPhone Secrets']);
  });
});

describe('detectStructure: front matter', () => {
  it('drops the title page, copyright page, dedication and contents with its entries', () => {
    const blocks = [
      h('The Silent Harbour'),
      p('by Jane Doe'),
      p('Copyright © 2024 Jane Doe. All rights reserved.'),
      p('ISBN 978-1-23456-789-7'),
      h('Dedication', 2),
      p('For my mother.'),
      h('Contents', 2),
      p('Chapter 1: The Storm . . . . 5'),
      p('Chapter 2: Lanterns . . . . 17'),
      h('Chapter 1: The Storm', 2),
      ...prose(),
      h('Chapter 2: Lanterns', 2),
      ...prose(),
    ];
    const structure = detectStructure(doc(blocks, { title: 'The Silent Harbour' }));
    expect(structure.chapters.map((c) => c.title)).toEqual(['Chapter 1: The Storm', 'Chapter 2: Lanterns']);
    expect(structure.chapters.map((c) => c.content).join(' ')).not.toMatch(/Copyright|ISBN|mother|Contents/);
  });

  it('skips a printed table of contents: a run of headings without text whose titles come back', () => {
    const blocks = [
      h('Chapter 1: The Storm'),
      h('Chapter 2: Lanterns'),
      h('Chapter 3: Old Friends'),
      h('Chapter 1: The Storm'),
      ...prose(),
      h('Chapter 2: Lanterns'),
      ...prose(),
      h('Chapter 3: Old Friends'),
      ...prose(),
    ];
    expect(titles(blocks)).toEqual(['Chapter 1: The Storm', 'Chapter 2: Lanterns', 'Chapter 3: Old Friends']);
  });

  it('keeps the text after a contents list when no other heading follows', () => {
    const body = prose(3_000);
    const structure = detectStructure(doc([h('Contents'), p('The Storm'), p('Lanterns'), ...body]));
    expect(structure.structure_metadata.chapter_label).toBe('Part');
    expect(structure.chapters.map((c) => c.content).join('\n\n')).toBe(body.map((b) => b.text).join('\n\n'));
  });

  it('does not make an opening chapter of a flattened contents page', () => {
    const contents = Array.from(
      { length: 60 },
      (_, i) => `Chapter ${i + 1}: A Title . . . . ${i * 10 + 5}`,
    ).join(' ');
    expect(titles([p(contents), h('Chapter 1'), ...prose(), h('Chapter 2'), ...prose()])).toEqual([
      'Chapter 1',
      'Chapter 2',
    ]);
  });

  it('turns a long untitled opening into a chapter and drops a short one', () => {
    const long = detectStructure(
      doc([...prose(400), h('Chapter 1'), ...prose(), h('Chapter 2'), ...prose()]),
    );
    expect(long.chapters.map((c) => c.title)).toEqual(['Opening', 'Chapter 1', 'Chapter 2']);
    expect(long.chapters[0]?.word_count).toBeGreaterThan(300);
    const short = detectStructure(
      doc([p('A short epigraph, by nobody.'), h('Chapter 1'), ...prose(), h('Chapter 2'), ...prose()]),
    );
    expect(short.chapters.map((c) => c.title)).toEqual(['Chapter 1', 'Chapter 2']);
  });

  it('drops a DOCX-style title paragraph but keeps the text under it', () => {
    // With no other heading, the text is split into readable parts.
    const blocks: DocBlock[] = [
      { kind: 'heading', text: 'My Memoir', level: 1, isTitle: true },
      ...prose(1_000),
    ];
    const structure = detectStructure(doc(blocks));
    expect(structure.chapters.map((c) => c.title)).toEqual(['Part 1']);
    expect(structure.chapters[0]?.word_count).toBeGreaterThan(900);
    expect(structure.chapters[0]?.content).not.toContain('My Memoir');
  });
});

describe('detectStructure: sections', () => {
  it('builds parts holding chapters, with section fields on every chapter', () => {
    const structure = detectStructure(
      doc([
        h('Prologue', 2),
        ...prose(),
        h('Part One', 1),
        h('Chapter 1', 2),
        ...prose(),
        h('Chapter 2', 2),
        ...prose(),
        h('Part Two', 1),
        h('Chapter 3', 2),
        ...prose(),
        h('Part Three', 1),
        h('Chapter 4', 2),
        ...prose(),
        h('Epilogue', 2),
        ...prose(),
      ]),
    );
    expect(structure).toMatchObject({ has_sections: true, structure_type: 'hierarchical' });
    expect(
      structure.sections.map((s) => [
        s.section_number,
        s.title,
        s.section_type,
        s.chapters.map((c) => c.title),
      ]),
    ).toEqual([
      [1, 'Part One', 'part', ['Prologue', 'Chapter 1', 'Chapter 2']],
      [2, 'Part Two', 'part', ['Chapter 3']],
      [3, 'Part Three', 'part', ['Chapter 4', 'Epilogue']],
    ]);
    expect(
      structure.chapters.map((c) => [c.chapter_number, c.section_title, c.section_type, c.section_number]),
    ).toEqual([
      [1, 'Part One', 'part', 1],
      [2, 'Part One', 'part', 1],
      [3, 'Part One', 'part', 1],
      [4, 'Part Two', 'part', 2],
      [5, 'Part Three', 'part', 3],
      [6, 'Part Three', 'part', 3],
    ]);
    expect(structure.structure_metadata).toEqual({
      display_name: 'Parts and chapters',
      icon: '📚',
      description: '3 parts, 6 chapters',
      section_label: 'Part',
      chapter_label: 'Chapter',
    });
  });

  it('finds parts and chapters at the same heading level by their wording', () => {
    const structure = detectStructure(
      doc([
        h('Book One'),
        h('Chapter 1'),
        ...prose(),
        h('Chapter 2'),
        ...prose(),
        h('Book Two'),
        h('Chapter 3'),
        ...prose(),
      ]),
    );
    expect(structure.sections.map((s) => [s.title, s.section_type])).toEqual([
      ['Book One', 'book'],
      ['Book Two', 'book'],
    ]);
    expect(structure.structure_metadata.section_label).toBe('Book');
  });

  it('uses the top heading level as sections when a lower level sits under it consistently', () => {
    const structure = detectStructure(
      doc([
        h('The Early Years', 1),
        h('Arrival', 2),
        ...prose(),
        h('School', 2),
        ...prose(),
        h('The War', 1),
        h('Enlisting', 2),
        ...prose(),
      ]),
    );
    expect(structure.sections.map((s) => [s.title, s.section_type, s.chapters.length])).toEqual([
      ['The Early Years', 'section', 2],
      ['The War', 'section', 1],
    ]);
    expect(structure.structure_metadata.display_name).toBe('Sections and chapters');
  });

  it('stays flat with a single part', () => {
    const structure = detectStructure(
      doc([h('Part One'), h('Chapter 1', 2), ...prose(), h('Chapter 2', 2), ...prose()]),
    );
    expect(structure.structure_type).toBe('flat');
    expect(structure.sections).toEqual([]);
    expect(structure.chapters.map((c) => c.title)).toEqual(['Chapter 1', 'Chapter 2']);
  });

  it('uses the document table of contents when it points into the text', () => {
    const blocks = [p('cover'), ...prose(), h('1'), ...prose(), h('2'), ...prose()];
    const toc: TocEntry[] = [
      { title: 'Chapter 1: The Storm', level: 1, blockIndex: blocks.findIndex((b) => b.text === '1') },
      { title: 'Chapter 2: Lanterns', level: 1, blockIndex: blocks.findIndex((b) => b.text === '2') },
    ];
    expect(titles(blocks, { toc })).toEqual(['Chapter 1: The Storm', 'Chapter 2: Lanterns']);
    // A TOC entry pointing at prose that begins with its title keeps that prose.
    const first = p('The storm came in the night and nobody in the harbour slept until the morning came.');
    const withProse = [first, ...prose(), h('Lanterns'), ...prose()];
    const structure = detectStructure(
      doc(withProse, {
        toc: [
          { title: 'The Storm', level: 1, blockIndex: 0 },
          { title: 'Lanterns', level: 1, blockIndex: withProse.findIndex((b) => b.text === 'Lanterns') },
        ],
      }),
    );
    expect(structure.chapters[0]?.content.startsWith(first.text)).toBe(true);
  });
});

describe('detectStructure: text without headings', () => {
  it('splits at paragraph boundaries into readable parts of 800 to 5 000 words', () => {
    const blocks = prose(12_000);
    const structure = detectStructure(doc(blocks));
    expect(structure.structure_metadata).toEqual({
      display_name: 'Readable parts',
      icon: '✂️',
      description: `No chapter headings were found, so the text was split into ${structure.chapters.length} parts at paragraph boundaries.`,
      section_label: '',
      chapter_label: 'Part',
    });
    expect(structure.chapters.length).toBeGreaterThanOrEqual(3);
    expect(structure.chapters.map((c) => c.title)).toEqual(structure.chapters.map((_, i) => `Part ${i + 1}`));
    for (const chapter of structure.chapters) {
      expect(chapter.word_count).toBeGreaterThanOrEqual(800);
      expect(chapter.word_count).toBeLessThanOrEqual(5_000);
    }
    // Nothing lost, nothing split inside a paragraph.
    expect(structure.chapters.map((c) => c.content).join('\n\n')).toBe(
      blocks.map((b) => b.text).join('\n\n'),
    );
  });

  it('keeps a short text as one part', () => {
    const structure = detectStructure(doc(prose(300)));
    expect(structure.chapters).toHaveLength(1);
    expect(structure.structure_metadata.description).toBe(
      'No chapter headings were found, so the whole text is one part.',
    );
  });

  // Its speed: `npm run bench:ingest-guards`.
  it('splits one 2 MB paragraph without sentence ends into parts under 5 000 words', async () => {
    const text = new TextDecoder().decode(await makeSingleParagraph(2 * 1024 * 1024));
    const structure = detectStructure(documentFromText(text));
    expect(structure.chapters.length).toBeGreaterThan(50);
    for (const chapter of structure.chapters) {
      expect(chapter.word_count).toBeLessThanOrEqual(5_000);
      expect(chapter.word_count).toBeGreaterThanOrEqual(800);
    }
    const total = structure.chapters.reduce((sum, chapter) => sum + chapter.word_count, 0);
    expect(total).toBe(text.split(' ').length);
  });

  it('cuts very long paragraphs at sentence ends when it can', () => {
    const sentence = 'The tide came in over the stones and went out again. ';
    const structure = detectStructure(doc([p(sentence.repeat(1_500).trim())]));
    expect(structure.chapters.length).toBeGreaterThan(1);
    for (const chapter of structure.chapters) expect(chapter.content.endsWith('again.')).toBe(true);
  });
});

describe('detectStructure: limits', () => {
  it(`caps the book at ${MAX_CHAPTERS} chapters, merging the smallest`, () => {
    const blocks: DocBlock[] = [];
    for (let i = 1; i <= 1_500; i++)
      blocks.push(h(`Chapter ${i}`), p(`Words of chapter ${i} `.repeat(i % 7 === 0 ? 20 : 3)));
    const structure = detectStructure(doc(blocks));
    expect(structure.chapters).toHaveLength(MAX_CHAPTERS);
    expect(structure.chapters.map((c) => c.chapter_number)).toEqual(structure.chapters.map((_, i) => i + 1));
    expect(structure.chapters[0]?.title).toBe('Chapter 1');
    const words = structure.chapters.reduce((sum, c) => sum + c.word_count, 0);
    expect(words).toBe(
      blocks
        .filter((b) => b.kind === 'paragraph')
        .reduce((sum, b) => sum + b.text.trim().split(/\s+/).length, 0),
    );
  });
});
