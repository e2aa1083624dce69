import type { RemovedMatter, RemovedMatterKind } from '../../contracts/books';
import { cleanChapterContent } from './clean';
import { classifyHeading, cleanHeadingText } from './headings';
import { countWords, wordSet } from './text-tools';
import type { DocBlock, ExtractedDocument, TocEntry } from './types';

/**
 * Front and back matter that the book itself marks as such, removed before chapters are looked for:
 * Project Gutenberg's header and licence (in any format), and EPUB sections whose epub:type / role /
 * guide / landmarks entry says title page, imprint, dedication, epigraph, colophon, list of
 * illustrations, endnotes… What is removed is recorded, so the owner can restore it on review.
 *
 * The rule for what stays: text a reader reads as part of the book stays a chapter even when it sits
 * in the front or back matter: preface, foreword, introduction, prologue, epilogue, afterword,
 * appendix. Everything else outside the body (title and half-title pages, imprint and copyright,
 * dedication, epigraph, contents and lists of illustrations, notes, index, colophon, licences,
 * acknowledgements) is removed and listed.
 */

/** Longest text kept with a removed item; a Gutenberg licence is about 18 000 characters. */
const MAX_REMOVED_CONTENT_CHARS = 20_000;

export interface Removal {
  title: string;
  kind: RemovedMatterKind;
  /** Block indices of the removed text (in the block list the removal was found in). */
  blocks: number[];
  /** Position in the original document, for reading order. */
  order: number;
  /** Text to use instead of the blocks' (a block cut at a Gutenberg marker). */
  text?: string;
}

/** Sections the reader reads as part of the book, even in front or back matter. */
const KEPT_SEMANTICS = wordSet(
  'chapter part volume division preface introduction foreword prologue epilogue afterword appendix',
);

const SEMANTIC_KINDS: Record<string, RemovedMatterKind> = {
  cover: 'title_page',
  titlepage: 'title_page',
  halftitlepage: 'half_title',
  fulltitle: 'half_title',
  imprint: 'copyright',
  'copyright-page': 'copyright',
  uncopyright: 'copyright',
  dedication: 'dedication',
  epigraph: 'epigraph',
  loi: 'illustrations',
  lot: 'illustrations',
  endnotes: 'notes',
  footnotes: 'notes',
  rearnotes: 'notes',
  index: 'index',
  colophon: 'colophon',
  licence: 'licence',
  license: 'licence',
  toc: 'contents',
  landmarks: 'contents',
  seriespage: 'front_matter',
  'other-credits': 'front_matter',
  contributors: 'front_matter',
  acknowledgments: 'back_matter',
  acknowledgements: 'back_matter',
  errata: 'back_matter',
  glossary: 'back_matter',
  bibliography: 'back_matter',
};

const KIND_TITLES: Record<RemovedMatterKind, string> = {
  title_page: 'Title page',
  half_title: 'Half title',
  contents: 'Contents',
  copyright: 'Copyright',
  dedication: 'Dedication',
  epigraph: 'Epigraph',
  illustrations: 'List of illustrations',
  notes: 'Notes',
  index: 'Index',
  colophon: 'Colophon',
  licence: 'Licence',
  front_matter: 'Front matter',
  back_matter: 'Back matter',
};

export function kindTitle(kind: RemovedMatterKind): string {
  return KIND_TITLES[kind];
}

/** What a front- or back-matter heading names ("Dedication", "List of Illustrations", "Footnotes"…). */
export function kindOfTitle(title: string, fallback: RemovedMatterKind): RemovedMatterKind {
  const text = cleanHeadingText(title).toLowerCase();
  if (/contents/.test(text)) return 'contents';
  if (/copyright|imprint/.test(text)) return 'copyright';
  if (/dedication/.test(text)) return 'dedication';
  if (/epigraph/.test(text)) return 'epigraph';
  if (/illustrations|plates/.test(text)) return 'illustrations';
  if (/notes/.test(text)) return 'notes';
  if (/^index$/.test(text)) return 'index';
  if (/colophon/.test(text)) return 'colophon';
  if (/gutenberg|licen[cs]e/.test(text)) return 'licence';
  if (/half[- ]?title/.test(text)) return 'half_title';
  if (/title ?page|^by |^cover$/.test(text)) return 'title_page';
  return fallback;
}

const GUTENBERG_START = /\*{3}\s*START OF (?:THE|THIS) PROJECT GUTENBERG[^*]*\*{3}/i;
const GUTENBERG_END =
  /\*{3}\s*END OF (?:THE|THIS) PROJECT GUTENBERG|(?:^|\n)\s*End of (?:the |this )?Project Gutenberg/i;
const GUTENBERG_SMALL_PRINT = /^\s*\*+\s*(?:The )?(?:Project Gutenberg|small print)/i;

/** The removal kind an EPUB block's semantics call for, or null when the block is book text. */
function semanticRemoval(semantics: string): RemovedMatterKind | 'generic' | null {
  const words = semantics.split(' ');
  for (const word of words) {
    if (KEPT_SEMANTICS.has(word)) return null;
    const kind = SEMANTIC_KINDS[word];
    if (kind) return kind;
  }
  return words.includes('frontmatter') || words.includes('backmatter') ? 'generic' : null;
}

export interface PreparedDocument {
  doc: ExtractedDocument;
  removals: Removal[];
  /** Index in the input of each remaining block (null: nothing was removed). */
  origin: Int32Array | null;
}

/**
 * The document without marked front/back matter and Gutenberg boilerplate, its TOC re-pointed at the
 * remaining blocks. Removal block indices refer to `doc.blocks` of the input.
 */
export function removeMarkedMatter(doc: ExtractedDocument): PreparedDocument {
  const { blocks } = doc;
  const removals: Removal[] = [];
  const removed = new Uint8Array(blocks.length);
  const replaced = new Map<number, string>();

  // Project Gutenberg header (everything up to the START marker) and licence (from the END marker on).
  const startLimit = Math.min(blocks.length, Math.max(50, Math.floor(blocks.length * 0.4)));
  let startBlock = -1;
  for (let i = 0; i < startLimit; i++) {
    const text = (blocks[i] as DocBlock).text;
    const match = text.includes('UTENBERG') || text.includes('utenberg') ? GUTENBERG_START.exec(text) : null;
    if (!match) continue;
    startBlock = i;
    const rest = text.slice(match.index + match[0].length).trim();
    const header = range(0, i + 1);
    for (const index of header) removed[index] = 1;
    removals.push({
      title: 'Project Gutenberg header',
      kind: 'licence',
      blocks: range(0, i),
      order: 0,
      text: [...range(0, i).map((index) => (blocks[index] as DocBlock).text), text.slice(0, match.index)]
        .join('\n\n')
        .trim(),
    });
    if (rest) {
      removed[i] = 0;
      replaced.set(i, rest);
    }
    break;
  }
  // From the end back to the header: a short story can be shorter than its licence.
  for (let i = blocks.length - 1; i > startBlock; i--) {
    const text = (blocks[i] as DocBlock).text;
    const match = text.includes('UTENBERG') || text.includes('utenberg') ? GUTENBERG_END.exec(text) : null;
    if (!match) continue;
    // The first END marker from the end that opens the licence: keep looking for an earlier one.
    let start = i;
    for (let j = i - 1; j >= Math.max(startBlock + 1, i - 5); j--) {
      if (GUTENBERG_END.exec((blocks[j] as DocBlock).text)) start = j;
    }
    const first = (blocks[start] as DocBlock).text;
    const at = GUTENBERG_END.exec(first)?.index ?? 0;
    const before = first.slice(0, at).trim();
    const licence = range(start, blocks.length);
    for (const index of licence) removed[index] = 1;
    if (before) {
      removed[start] = 0;
      replaced.set(start, before);
    }
    removals.push({
      title: 'Project Gutenberg licence',
      kind: 'licence',
      blocks: licence,
      order: start,
      ...(before
        ? {
            text: [
              first.slice(at),
              ...licence.slice(1).map((index) => (blocks[index] as DocBlock).text),
            ].join('\n\n'),
          }
        : {}),
    });
    break;
  }
  // An old-style "small print" block right after the START marker is licence text too.
  for (let i = 0; i < Math.min(blocks.length, 40); i++) {
    if (removed[i]) continue;
    if (GUTENBERG_SMALL_PRINT.test(replaced.get(i) ?? (blocks[i] as DocBlock).text)) removed[i] = 1;
    break;
  }

  // EPUB sections marked as front or back matter, one removal per run of the same semantics.
  let runStart = -1;
  let runSemantics = '';
  const closeRun = (end: number) => {
    if (runStart < 0) return;
    const indices = range(runStart, end).filter((index) => !removed[index]);
    runStart = -1;
    if (indices.length === 0) return;
    const kind = semanticRemoval(runSemantics);
    const heading = indices
      .map((index) => blocks[index] as DocBlock)
      .find((block) => block.kind === 'heading');
    let resolved: RemovedMatterKind | null = kind === 'generic' ? null : kind;
    if (kind === 'generic') {
      // Unnamed front or back matter: removed when short or named like front matter, kept when it is
      // a preface-like text of its own.
      const info = heading ? classifyHeading(heading.text) : undefined;
      const words = indices.reduce((sum, index) => sum + countWords((blocks[index] as DocBlock).text), 0);
      if (info?.kind === 'special' || info?.kind === 'chapter' || info?.kind === 'part') resolved = null;
      else if (info && (info.kind === 'front' || info.kind === 'back' || info.kind === 'contents'))
        resolved = kindOfTitle(
          heading?.text ?? '',
          runSemantics.includes('backmatter') ? 'back_matter' : 'front_matter',
        );
      else if (words < 300) resolved = runSemantics.includes('backmatter') ? 'back_matter' : 'front_matter';
    }
    if (!resolved) return;
    for (const index of indices) removed[index] = 1;
    removals.push({
      title: heading ? cleanHeadingText(heading.text) : kindTitle(resolved),
      kind: resolved,
      blocks: indices,
      order: indices[0] as number,
    });
  };
  for (let i = 0; i < blocks.length; i++) {
    const semantics = (blocks[i] as DocBlock).semantics ?? '';
    const sameFile = runStart >= 0 && (blocks[runStart] as DocBlock).part === (blocks[i] as DocBlock).part;
    if (runStart >= 0 && (semantics !== runSemantics || !sameFile)) closeRun(i);
    if (runStart < 0 && semantics && semanticRemoval(semantics) !== null) {
      runStart = i;
      runSemantics = semantics;
    }
  }
  closeRun(blocks.length);

  if (removals.length === 0 && replaced.size === 0) return { doc, removals, origin: null };

  // The remaining blocks, and the TOC pointed at them.
  const newIndex = new Int32Array(blocks.length).fill(-1);
  const kept: DocBlock[] = [];
  const origin: number[] = [];
  blocks.forEach((block, index) => {
    if (removed[index]) return;
    newIndex[index] = kept.length;
    origin.push(index);
    const text = replaced.get(index);
    kept.push(text === undefined ? block : { ...block, text });
  });
  const toc = repointToc(doc.toc, blocks, removed, newIndex);
  return { doc: { ...doc, blocks: kept, toc }, removals, origin: Int32Array.from(origin) };
}

/** The TOC pointed at the remaining blocks (`newIndex`: each input block's index among them, or -1). */
function repointToc(
  entries: readonly TocEntry[],
  blocks: readonly DocBlock[],
  removed: Uint8Array,
  newIndex: Int32Array,
): TocEntry[] {
  const toc: TocEntry[] = [];
  for (const entry of entries) {
    if (entry.blockIndex === undefined || entry.blockIndex < 0 || entry.blockIndex >= blocks.length) {
      toc.push(entry);
      continue;
    }
    const target = entry.blockIndex;
    if (!removed[target]) {
      toc.push({ ...entry, blockIndex: newIndex[target] as number });
      continue;
    }
    // An entry for removed matter goes; one whose file merely starts with removed matter (an epigraph
    // before the chapter heading) points at the file's first remaining block.
    let next = target;
    while (next < blocks.length && removed[next]) next++;
    const sameFile =
      next < blocks.length && (blocks[next] as DocBlock).part === (blocks[target] as DocBlock).part;
    const named = classifyHeading(entry.title).kind;
    if (sameFile && named !== 'front' && named !== 'back' && named !== 'contents')
      toc.push({ ...entry, blockIndex: newIndex[next] as number });
  }
  return toc;
}

/** Turns removals into the structure's `removed` list, in reading order. */
export function toRemovedMatter(
  removals: readonly { removal: Removal; blocks: readonly DocBlock[] }[],
): RemovedMatter[] {
  const items = removals
    .map(({ removal, blocks }) => {
      const raw =
        removal.text ?? removal.blocks.map((index) => (blocks[index] as DocBlock).text).join('\n\n');
      const content = cleanChapterContent(raw);
      return { removal, content };
    })
    .filter(({ content }) => /[\p{L}\p{N}]/u.test(content))
    .sort((a, b) => a.removal.order - b.removal.order);
  return items.map(({ removal, content }) => {
    const truncated = content.length > MAX_REMOVED_CONTENT_CHARS;
    return {
      title: removal.title.slice(0, 200),
      kind: removal.kind,
      // Words with letters or digits: the dot leaders of a contents page are not words.
      word_count: content.match(/[\p{L}\p{N}]+(?:['\u2019-][\p{L}\p{N}]+)*/gu)?.length ?? 0,
      content: truncated ? content.slice(0, MAX_REMOVED_CONTENT_CHARS) : content,
      ...(truncated ? { content_truncated: true } : {}),
    };
  });
}

function range(from: number, to: number): number[] {
  const out: number[] = [];
  for (let i = from; i < to; i++) out.push(i);
  return out;
}
