import { describe, expect, it } from 'vitest';
import { detectStructure, extractDocument } from '../../../functions/books/ingest';
import {
  EPUB_CHAPTER_SEED,
  chapterParagraphs,
  epubChapterHeading,
  makeEpub,
  writeZip,
} from '../../fixtures/books';

describe('EPUB extraction', () => {
  it.each([3, 2] as const)(
    'reads EPUB %i navigation titles in spine order, with metadata',
    async (version) => {
      const doc = await extractDocument(await makeEpub({ version, chapters: 3, language: 'en-GB' }), 'epub');
      expect(doc).toMatchObject({
        format: 'epub',
        title: 'The Cartographer',
        author: 'Alex Morgan',
        language: 'en-GB',
      });
      expect(doc.toc.map((entry) => [entry.title, entry.level])).toEqual([
        ['Cover', 1],
        ['Copyright', 1],
        [epubChapterHeading(1), 1],
        [epubChapterHeading(2), 1],
        [epubChapterHeading(3), 1],
      ]);
      for (const entry of doc.toc.slice(2))
        expect(doc.blocks[entry.blockIndex ?? -1]?.text).toBe(entry.title);

      const structure = detectStructure(doc);
      expect(structure.structure_type).toBe('flat');
      // Spine order (not manifest order); cover and copyright are not chapters.
      expect(structure.chapters.map((chapter) => chapter.title)).toEqual([1, 2, 3].map(epubChapterHeading));
    },
  );

  it('keeps prose and line breaks, and skips scripts, styles, page-break markers and non-linear documents', async () => {
    const doc = await extractDocument(await makeEpub({ chapters: 2 }), 'epub');
    const structure = detectStructure(doc);
    const content = structure.chapters[0]?.content ?? '';
    const paragraphs = chapterParagraphs(EPUB_CHAPTER_SEED + 1, 500);
    expect(content).toContain(paragraphs[0]);
    expect(content).toContain(`${paragraphs[1]}\n\nThe sea was grey,\nthe sky was wide.`);
    const all = doc.blocks.map((block) => block.text).join('\n');
    expect(all).not.toMatch(/not text|text-indent|NOTES-ONLY-TEXT/);
    expect(structure.chapters.map((chapter) => chapter.content).join('\n')).not.toMatch(/Copyright|ISBN/);
    // Blocks carry the spine index of their document: cover 0, copyright 1, chapters from 2.
    expect(doc.blocks.find((block) => block.text === epubChapterHeading(2))?.part).toBe(3);
  });

  it('builds parts from a nested navigation, follows anchors and URL-encoded file names', async () => {
    const doc = await extractDocument(
      await makeEpub({ parts: 2, chapters: 3, sharedFile: true, spacesInNames: true }),
      'epub',
    );
    expect(doc.toc.filter((entry) => entry.level === 2)).toHaveLength(6);
    const structure = detectStructure(doc);
    expect(structure.structure_type).toBe('hierarchical');
    expect(
      structure.sections.map((section) => [section.title, section.chapters.map((c) => c.chapter_number)]),
    ).toEqual([
      ['Part One', [1, 2, 3]],
      ['Part Two', [4, 5, 6]],
    ]);
    // Chapters 2 and 3 share a file; the anchor splits them.
    const [, second, third] = structure.chapters;
    expect(second?.title).toBe(epubChapterHeading(2));
    expect(third?.title).toBe(epubChapterHeading(3));
    expect(second?.content).not.toContain(chapterParagraphs(EPUB_CHAPTER_SEED + 3, 500)[0]);
    expect(third?.content).toContain(chapterParagraphs(EPUB_CHAPTER_SEED + 3, 500)[0]);
  });

  it('builds parts from a nested EPUB 2 NCX', async () => {
    const structure = detectStructure(
      await extractDocument(await makeEpub({ version: 2, parts: 2, chapters: 2 }), 'epub'),
    );
    expect(structure.sections.map((section) => section.title)).toEqual(['Part One', 'Part Two']);
    expect(structure.chapters).toHaveLength(4);
  });

  it('reports an EPUB without a package document as corrupt', async () => {
    const bytes = writeZip([
      { name: 'mimetype', content: 'application/epub+zip', store: true },
      { name: 'META-INF/container.xml', content: '<container><rootfiles/></container>' },
    ]);
    await expect(extractDocument(bytes, 'epub')).rejects.toMatchObject({
      code: 'corrupt',
      message: "This EPUB file is damaged and can't be read.",
    });
  });
});
