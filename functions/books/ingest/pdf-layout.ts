import { classifyHeading } from './headings';
import { collapseWhitespace, endsLikeSentence, isPageNumberText, joinLines } from './text-tools';
import type { DocBlock } from './types';

/**
 * Turns positioned PDF text into blocks: lines from text items, running headers/footers and page
 * numbers removed, headings found by font size, and paragraphs rebuilt from spacing and indentation.
 * Pure functions over plain records, so they can be tested without a PDF.
 */

export interface PdfTextItem {
  str: string;
  /** Baseline position in PDF user space (origin bottom-left). */
  x: number;
  y: number;
  width: number;
  size: number;
}

export interface PdfLine {
  text: string;
  x: number;
  xEnd: number;
  y: number;
  size: number;
}

export interface PdfPage {
  number: number;
  /** Page box top and bottom in the same space as the lines' y. */
  top: number;
  bottom: number;
  /** In reading order, top to bottom. */
  lines: PdfLine[];
}

/** Share of the page height at the top and bottom where running headers and page numbers live. */
const MARGIN_ZONE = 0.1;
const HEADING_SIZE_RATIO = 1.2;
const MAX_HEADING_CHARS = 120;
/** A contents line's end: dot leaders or a wide gap, then a page number. */
const PAGE_REFERENCE_END = /(?:\.\s*){3,}\s*[0-9ivxlc]{1,5}$|\S\s{2,}[0-9]{1,4}$/i;

export function itemsToLines(items: readonly PdfTextItem[]): PdfLine[] {
  const visible = items.filter((item) => item.str.trim() !== '' && item.size > 0);
  visible.sort((a, b) => b.y - a.y || a.x - b.x);
  const lines: PdfLine[] = [];
  let current: PdfTextItem[] = [];
  let baseline = 0;
  let size = 0;
  const flush = () => {
    if (current.length > 0) lines.push(buildLine(current));
    current = [];
  };
  for (const item of visible) {
    // Superscripts and slightly shifted runs still belong to the line: allow half a line of drift.
    if (current.length > 0 && Math.abs(item.y - baseline) > 0.5 * Math.max(size, item.size)) flush();
    if (current.length === 0) {
      baseline = item.y;
      size = item.size;
    }
    current.push(item);
  }
  flush();
  return lines;
}

function buildLine(items: PdfTextItem[]): PdfLine {
  items.sort((a, b) => a.x - b.x);
  let text = '';
  let end = -Infinity;
  const charsBySize = new Map<number, number>();
  for (const item of items) {
    const gap = item.x - end;
    if (text && gap > item.size * 0.15 && !text.endsWith(' ') && !item.str.startsWith(' ')) text += ' ';
    text += item.str;
    end = Math.max(end, item.x + item.width);
    charsBySize.set(item.size, (charsBySize.get(item.size) ?? 0) + item.str.length);
  }
  const first = items[0] as PdfTextItem;
  return {
    text: collapseWhitespace(text),
    x: first.x,
    xEnd: end,
    y: first.y,
    size: dominantKey(charsBySize),
  };
}

function dominantKey(counts: Map<number, number>): number {
  let best = 0;
  let bestCount = -1;
  for (const [key, count] of counts) {
    if (count > bestCount) {
      best = key;
      bestCount = count;
    }
  }
  return best;
}

/** The most common font size, weighted by characters: the body text. */
export function bodyFontSize(pages: readonly PdfPage[]): number {
  const chars = new Map<number, number>();
  for (const page of pages) {
    for (const line of page.lines) {
      const size = Math.round(line.size * 2) / 2;
      chars.set(size, (chars.get(size) ?? 0) + line.text.length);
    }
  }
  return dominantKey(chars) || 10;
}

function inMarginZone(page: PdfPage, line: PdfLine): boolean {
  const zone = (page.top - page.bottom) * MARGIN_ZONE;
  return line.y > page.top - zone || line.y < page.bottom + zone;
}

function runningKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/[0-9]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Drops page numbers and running headers/footers: small lines near the top or bottom of the page
 * whose text, digits ignored, repeats on several pages. Headings are kept even there, so a chapter
 * title that also runs as a header still opens its chapter.
 */
export function removeRunningLines(pages: readonly PdfPage[], bodySize: number): PdfPage[] {
  const pagesByKey = new Map<string, number>();
  for (const page of pages) {
    const seen = new Set<string>();
    for (const line of page.lines) {
      if (!inMarginZone(page, line)) continue;
      const key = runningKey(line.text);
      if (key && !seen.has(key)) {
        seen.add(key);
        pagesByKey.set(key, (pagesByKey.get(key) ?? 0) + 1);
      }
    }
  }
  const repeatsOn = Math.min(3, Math.max(2, Math.ceil(pages.length / 2)));
  return pages.map((page) => ({
    ...page,
    lines: page.lines.filter((line) => {
      if (!inMarginZone(page, line)) return true;
      if (isPageNumberText(line.text)) return false;
      const small = line.size <= bodySize * 1.15;
      return !(small && (pagesByKey.get(runningKey(line.text)) ?? 0) >= repeatsOn);
    }),
  }));
}

const STANDALONE_KINDS = new Set(['chapter', 'part', 'book', 'volume', 'special', 'contents']);

/** "CHAPTER I.", "PART TWO", "Prologue", "I. A SCANDAL IN BOHEMIA": a heading whatever its type size. */
function isStrongHeading(text: string): boolean {
  if (!/^[\p{Lu}\p{N}]/u.test(text)) return false;
  const info = classifyHeading(text);
  return info.strong && STANDALONE_KINDS.has(info.kind);
}

function isHeadingLine(line: PdfLine, bodySize: number): boolean {
  return (
    line.size >= bodySize * HEADING_SIZE_RATIO &&
    line.text.length <= MAX_HEADING_CHARS &&
    /[\p{L}\p{N}]/u.test(line.text) &&
    !endsLikeSentence(line.text)
  );
}

/** Heading sizes, largest first, with sizes within a point of each other sharing a level. */
function headingLevels(pages: readonly PdfPage[], bodySize: number): (size: number) => number {
  const sizes = new Set<number>();
  for (const page of pages) {
    for (const line of page.lines) if (isHeadingLine(line, bodySize)) sizes.add(line.size);
  }
  const ranked: number[] = [];
  for (const size of [...sizes].sort((a, b) => b - a)) {
    if (ranked.length === 0 || (ranked[ranked.length - 1] as number) - size > 1) ranked.push(size);
  }
  return (size) => {
    const index = ranked.findIndex((rankedSize) => size >= rankedSize - 1);
    return Math.min(6, (index < 0 ? ranked.length : index) + 1);
  };
}

interface PageGeometry {
  left: number;
  right: number;
  lineSpacing: number;
}

interface PlacedLine {
  line: PdfLine;
  page: number;
  geometry: PageGeometry;
}

/** Where body lines start and end on the page, and how far apart they are. */
function measurePage(page: PdfPage, bodySize: number, fallback: PageGeometry): PageGeometry {
  const body = page.lines.filter((line) => Math.abs(line.size - bodySize) < 0.5);
  if (body.length < 3) return fallback;
  const lefts = new Map<number, number>();
  for (const line of body) lefts.set(Math.round(line.x), (lefts.get(Math.round(line.x)) ?? 0) + 1);
  const ends = body.map((line) => line.xEnd).sort((a, b) => a - b);
  const spacings: number[] = [];
  for (let i = 1; i < body.length; i++) {
    const gap = (body[i - 1] as PdfLine).y - (body[i] as PdfLine).y;
    if (gap > bodySize * 0.5 && gap < bodySize * 3) spacings.push(gap);
  }
  spacings.sort((a, b) => a - b);
  return {
    left: dominantKey(lefts),
    right: ends[Math.floor(ends.length * 0.9)] ?? fallback.right,
    lineSpacing: spacings[Math.floor(spacings.length / 2)] ?? fallback.lineSpacing,
  };
}

/** Builds heading and paragraph blocks from cleaned pages, in reading order. */
export function pagesToBlocks(pages: readonly PdfPage[], bodySize: number): DocBlock[] {
  const levelOf = headingLevels(pages, bodySize);
  const blocks: DocBlock[] = [];
  let paragraph: string[] = [];
  /** Per line of the paragraph: it ends well before the right margin, or with a page number. */
  let shortLines: boolean[] = [];
  let paragraphStart: { page: number; fontSize: number } | null = null;
  let previous: PlacedLine | null = null;
  // Pages with too little body text to measure (a title page) borrow the first measurable page's geometry.
  let geometry: PageGeometry = { left: 0, right: Infinity, lineSpacing: bodySize * 1.4 };
  // The right edge of full lines on a typical page (the median page): a contents page's own lines
  // are all short, and one wide page (a table) must not make every other line look short.
  const rights: number[] = [];
  for (const page of pages) {
    const measured = measurePage(page, bodySize, geometry);
    if (!Number.isFinite(geometry.right)) geometry = measured;
    if (Number.isFinite(measured.right)) rights.push(measured.right);
  }
  rights.sort((a, b) => a - b);
  const textRight = rights[Math.floor(rights.length / 2)] ?? 0;
  // Where the text starts on a typical page: a page that starts much lower opens a chapter.
  const tops = pages.flatMap((page) => (page.lines[0] ? [page.lines[0].y] : [])).sort((a, b) => a - b);
  const typicalTop = tops[Math.floor(tops.length / 2)] ?? Infinity;
  let previousStandsAlone = false;

  const flush = () => {
    if (paragraph.length > 0 && paragraphStart) {
      // A run of short lines (a contents page, verse, an address) keeps its line breaks.
      const list = paragraph.length >= 2 && shortLines.slice(0, -1).every(Boolean);
      const text = list ? paragraph.map((line) => line.trim()).join('\n') : joinLines(paragraph);
      blocks.push({ kind: 'paragraph', text, ...paragraphStart });
    }
    paragraph = [];
    shortLines = [];
    paragraphStart = null;
  };

  for (const page of pages) {
    geometry = measurePage(page, bodySize, geometry);
    for (const line of page.lines) {
      const last = blocks[blocks.length - 1];
      // A title set over two lines continues in the same size right below (word processors leave up
      // to about two line heights between them), unless the new line is a heading of its own. The
      // second line may end like a sentence ("Tarts?").
      const continues =
        paragraph.length === 0 &&
        previous !== null &&
        last?.kind === 'heading' &&
        previous.page === page.number &&
        line.size >= bodySize * HEADING_SIZE_RATIO &&
        line.text.length <= MAX_HEADING_CHARS &&
        Math.abs(previous.line.size - line.size) < 0.5 &&
        previous.line.y - line.y <= line.size * 2.2 &&
        !classifyHeading(last.text).numberOnly &&
        !classifyHeading(line.text).strong;
      if (continues && last) {
        last.text = `${last.text} ${line.text}`;
      } else if (isHeadingLine(line, bodySize)) {
        flush();
        blocks.push({
          kind: 'heading',
          text: line.text,
          level: levelOf(line.size),
          page: page.number,
          fontSize: line.size,
        });
      } else {
        const right = Math.max(geometry.right, textRight);
        const width = right - geometry.left;
        const short = line.xEnd < right - width * 0.25;
        // A heading set in body type ("CHAPTER I. Down the Rabbit-Hole" in bold) stands alone, even
        // at the top of a page after a paragraph that filled its last line.
        const headingInBodyType =
          short && line.text.length <= MAX_HEADING_CHARS && isStrongHeading(line.text);
        const chapterTop =
          previous !== null &&
          previous.page !== page.number &&
          line.y < typicalTop - geometry.lineSpacing * 2;
        if (
          previous &&
          (headingInBodyType ||
            chapterTop ||
            previousStandsAlone ||
            startsParagraph(previous, line, page.number, geometry))
        )
          flush();
        if (!paragraphStart) paragraphStart = { page: page.number, fontSize: line.size };
        paragraph.push(line.text);
        shortLines.push(short || PAGE_REFERENCE_END.test(line.text));
        previousStandsAlone = headingInBodyType;
      }
      if (paragraph.length === 0) previousStandsAlone = false;
      previous = { line, page: page.number, geometry };
    }
  }
  flush();
  return blocks;
}

/** Vertical gaps, indentation, a short last line, a page turn or a size change start a paragraph. */
function startsParagraph(previous: PlacedLine, line: PdfLine, page: number, geometry: PageGeometry): boolean {
  const prev = previous.line;
  if (Math.abs(prev.size - line.size) > Math.max(prev.size, line.size) * 0.1) return true;
  const indented = line.x > geometry.left + line.size * 0.8;
  const previousIndented = prev.x > previous.geometry.left + prev.size * 0.8;
  const width = previous.geometry.right - previous.geometry.left;
  const previousShort =
    prev.xEnd < previous.geometry.right - width * 0.15 && /[.!?:"'\u201d\u2019)]$/.test(prev.text);
  if (previous.page !== page) return indented || previousShort;
  if (prev.y - line.y > geometry.lineSpacing * 1.4) return true;
  // An indented first line starts a paragraph; a run of equally indented lines is one block quote.
  if (indented && !(previousIndented && Math.abs(prev.x - line.x) < 1)) return true;
  return previousShort;
}
