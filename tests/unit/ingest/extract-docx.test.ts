import { describe, expect, it } from 'vitest';
import { IngestError, detectStructure, extractDocument } from '../../../functions/books/ingest';
import {
  DOCX_CHAPTER_SEED,
  DOCX_TABLE_CELLS,
  chapterParagraphs,
  docxChapterHeading,
  makeDocx,
  makeDocxFromXml,
  wordDocument,
  wordParagraph,
  writeZip,
} from '../../fixtures/books';

describe('DOCX extraction', () => {
  it('reads core properties, the Title paragraph and Heading 1 chapters', async () => {
    const doc = await extractDocument(await makeDocx({ chapters: 3, title: 'Harbour Lights' }), 'docx');
    expect(doc).toMatchObject({ format: 'docx', title: 'Harbour Lights', author: 'Sam Carter' });
    expect(doc.blocks[0]).toMatchObject({ kind: 'heading', text: 'Harbour Lights', level: 1, isTitle: true });
    const headings = doc.blocks.filter((block) => block.kind === 'heading' && !block.isTitle);
    expect(headings.map((block) => [block.text, block.level])).toEqual(
      [1, 2, 3].map((n) => [docxChapterHeading(n), 1]),
    );

    const structure = detectStructure(doc);
    expect(structure.structure_type).toBe('flat');
    expect(structure.chapters.map((chapter) => chapter.title)).toEqual([1, 2, 3].map(docxChapterHeading));
    const first = structure.chapters[0];
    expect(first?.content.split('\n\n')).toEqual(chapterParagraphs(DOCX_CHAPTER_SEED + 1, 600));
    expect(first?.word_count).toBeGreaterThan(550);
  });

  it('builds parts (Heading 1) and chapters (Heading 2) and skips the table of contents', async () => {
    const doc = await extractDocument(await makeDocx({ parts: 2, chapters: 2, toc: true }), 'docx');
    expect(doc.toc.map((entry) => [entry.title, entry.level])).toEqual([
      ['Part One', 1],
      [docxChapterHeading(1), 2],
      [docxChapterHeading(2), 2],
      ['Part Two', 1],
      [docxChapterHeading(3), 2],
      [docxChapterHeading(4), 2],
    ]);
    for (const entry of doc.toc) expect(doc.blocks[entry.blockIndex ?? -1]?.text).toBe(entry.title);
    // The TOC lines themselves are not part of the text.
    expect(doc.blocks.filter((block) => block.text === docxChapterHeading(1))).toHaveLength(1);

    const structure = detectStructure(doc);
    expect(structure.structure_type).toBe('hierarchical');
    expect(
      structure.sections.map((section) => [section.title, section.section_type, section.chapters.length]),
    ).toEqual([
      ['Part One', 'part', 2],
      ['Part Two', 'part', 2],
    ]);
    expect(structure.chapters.map((chapter) => chapter.section_title)).toEqual([
      'Part One',
      'Part One',
      'Part Two',
      'Part Two',
    ]);
  });

  it('resolves heading styles by name when their ids are localised', async () => {
    const doc = await extractDocument(await makeDocx({ chapters: 2, localisedStyleIds: true }), 'docx');
    const headings = doc.blocks.filter((block) => block.kind === 'heading' && !block.isTitle);
    expect(headings.map((block) => [block.text, block.level])).toEqual([
      [docxChapterHeading(1), 1],
      [docxChapterHeading(2), 1],
    ]);
  });

  it('turns paragraphs in table cells into paragraphs', async () => {
    const doc = await extractDocument(await makeDocx({ chapters: 1, table: true }), 'docx');
    const texts = doc.blocks.map((block) => block.text);
    for (const cell of DOCX_TABLE_CELLS) expect(texts).toContain(cell);
  });

  it('handles tabs, breaks, outline levels, deleted text and fallback content', async () => {
    const body = [
      '<w:p><w:pPr><w:outlineLvl w:val="0"/></w:pPr><w:r><w:t>Prologue</w:t></w:r></w:p>',
      '<w:p><w:r><w:t>Name:</w:t><w:tab/><w:t>Mara</w:t><w:br/><w:t xml:space="preserve">Second line</w:t></w:r></w:p>',
      '<w:p><w:r><w:t xml:space="preserve">Kept </w:t></w:r><w:del><w:r><w:delText>deleted </w:delText></w:r></w:del><w:r><w:t>text</w:t></w:r></w:p>',
      '<w:p><w:r><mc:AlternateContent><mc:Choice><w:t>Shown</w:t></mc:Choice><mc:Fallback><w:t>Duplicate</w:t></mc:Fallback></mc:AlternateContent></w:r></w:p>',
      wordParagraph('Heading Without Styles', 'Heading2'),
    ].join('');
    const doc = await extractDocument(await makeDocxFromXml(wordDocument(body)), 'docx');
    expect(doc.blocks).toEqual([
      { kind: 'heading', text: 'Prologue', level: 1 },
      { kind: 'paragraph', text: 'Name:\tMara\nSecond line' },
      { kind: 'paragraph', text: 'Kept text' },
      { kind: 'paragraph', text: 'Shown' },
      { kind: 'heading', text: 'Heading Without Styles', level: 2 },
    ]);
  });

  it('reports a DOCX without a document part as corrupt', async () => {
    const bytes = writeZip([{ name: 'word/other.xml', content: '<x/>' }]);
    await expect(extractDocument(bytes, 'docx')).rejects.toMatchObject({ code: 'corrupt' });
    await expect(extractDocument(bytes, 'docx')).rejects.toBeInstanceOf(IngestError);
  });

  it('reports a document with only empty paragraphs as having no text', async () => {
    const bytes = await makeDocxFromXml(wordDocument(wordParagraph('   ') + '<w:p/>'));
    await expect(extractDocument(bytes, 'docx')).rejects.toMatchObject({
      code: 'no_text',
      message: 'The text is empty. Paste or upload a book with some text in it.',
    });
  });
});
