import { cleanChapterContent } from './clean';
import { findContentsList } from './contents-list';
import type { ContentsList } from './contents-list';
import { classifyHeading, startsWithLabel, toDisplayTitle } from './headings';
import type { HeadingInfo } from './headings';
import { kindOfTitle, removeMarkedMatter, toRemovedMatter } from './matter';
import type { Removal } from './matter';
import { splitIntoReadableParts } from './split';
import { countWords, endsLikeSentence, wordSet } from './text-tools';
import type {
  RemovedMatter,
  RemovedMatterKind,
  StructureChapter,
  StructureMetadata,
  StructureSection,
} from '../../contracts/books';
import type { BookStructure, DocBlock, ExtractedDocument, TocEntry } from './types';

/**
 * Turns an extracted document into chapters (and sections): remove the front and back matter the book
 * marks (EPUB semantics, Gutenberg licence), find the chapter starts (the document's own TOC, else a
 * printed contents list matched to the text, else heading candidates), drop unmarked front matter,
 * decide which heading level is the chapter level and whether a higher one forms sections, then build
 * chapters from the blocks between headings. Everything removed is listed in `removed`, so the owner
 * can restore it. Pure: same document, same structure.
 */

export const MAX_CHAPTERS = 1_000;
/** Untitled text before the first heading becomes an "Opening" chapter only when it is this long. */
const OPENING_MIN_WORDS = 300;
/** Short untitled-looking units before the first chapter are title pages, dedications, epigraphs. */
const FRONT_MATTER_MAX_WORDS = 50;
/** A section heading's own text (before its first chapter) becomes a chapter only when this long. */
const SECTION_INTRO_MIN_WORDS = 300;
const MAX_SUBTITLE_WORDS = 10;
const MAX_SINGLE_CHAPTER_WORDS = 5_000;

type Role = 'section' | 'chapter' | 'sub';

/** A heading candidate and the blocks that follow it up to the next candidate. */
interface Unit {
  title: string;
  level: number;
  info: HeadingInfo;
  /** Index of the heading block, or of the first content block when the TOC points at text. */
  headingIndex: number;
  /** Blocks of the heading itself (0 when the title came from the TOC and the text has none). */
  headingBlocks: number;
  content: number[];
  isTitle: boolean;
  role?: Role;
}

const DIVISION_KINDS = wordSet('part book volume');
const HEADING_LIKE_PARAGRAPH_KINDS = wordSet('chapter part book volume special contents');
const COPYRIGHT = /copyright|\u00a9|all rights reserved|\bisbn\b/i;

/** A short copyright or ISBN line; a long paragraph that mentions copyright is prose (a book on law). */
function isCopyrightNotice(text: string): boolean {
  return text.length < 600 && COPYRIGHT.test(text);
}

function comparable(text: string): string {
  return text
    .slice(0, 200)
    .toLowerCase()
    .replace(/(?:\s*\.){2,}\s*\S*$/, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function isDivision(unit: Unit): boolean {
  return DIVISION_KINDS.has(unit.info.kind);
}

function isChapterKind(unit: Unit): boolean {
  return unit.info.kind === 'chapter' || unit.info.kind === 'special';
}

/** Collects what is removed from a block list, in the positions of the original document. */
class RemovedLog {
  readonly entries: { removal: Removal; blocks: readonly DocBlock[] }[] = [];
  constructor(
    private readonly blocks: readonly DocBlock[],
    private readonly origin: Int32Array | null,
  ) {}

  add(title: string, kind: RemovedMatterKind, indices: readonly number[]): void {
    const withText = indices.filter((index) => /[\p{L}\p{N}]/u.test((this.blocks[index] as DocBlock).text));
    if (withText.length === 0) return;
    const first = indices[0] as number;
    const order = this.origin ? (this.origin[first] as number) : first;
    this.entries.push({
      removal: { title: toDisplayTitle(title) || title, kind, blocks: [...indices], order },
      blocks: this.blocks,
    });
  }

  list(): RemovedMatter[] {
    return toRemovedMatter(this.entries);
  }
}

export function detectStructure(input: ExtractedDocument): BookStructure {
  const prepared = removeMarkedMatter(input);
  const doc = prepared.doc;
  const { blocks } = doc;
  const log = new RemovedLog(blocks, prepared.origin);
  for (const removal of prepared.removals) log.entries.push({ removal, blocks: input.blocks });

  // A printed contents list is removed from the text and, without a usable TOC, names the chapters.
  const contents = findContentsList(blocks);
  const skip = new Set<number>(contents ? range(contents.first, contents.last + 1) : []);
  if (contents) log.add('Contents', 'contents', range(contents.first, contents.last + 1));

  const headingUnits = unitsFromHeadings(blocks).filter((unit) => !skip.has(unit.headingIndex));
  const tocUnits = unitsFromToc(doc)?.filter((unit) => !skip.has(unit.headingIndex)) ?? null;
  // A TOC much sparser than the text's own chapter headings (one that lists only parts) loses.
  const strongChapters = headingUnits.filter((unit) => isChapterKind(unit) && unit.info.strong).length;
  const useToc = tocUnits !== null && tocUnits.length >= 2 && tocUnits.length * 2 >= strongChapters;
  const contentsUnits = !useToc && contents ? unitsFromContents(contents, blocks, headingUnits) : null;
  const marks = useToc ? (tocUnits as Unit[]) : (contentsUnits ?? headingUnits);

  const { units, preface } = assignContent(marks, blocks.length, skip);
  const kept = dropFrontMatter(units, doc, blocks, preface, log);
  const merged = mergeNumberOnlyHeadings(kept);
  assignRoles(merged);
  const { sections, chapters: headed, leftover } = buildSectionsAndChapters(merged, blocks, preface, log);

  // With a contents list, what comes before it is the title page, never an untitled opening.
  const openingBlocks = contents ? preface.filter((index) => index > contents.last) : preface;
  const opening = openingChapter(openingBlocks, blocks);
  const chapters = opening ? [opening, ...headed] : headed;
  // No headings, or one heading over a whole long book: readable parts serve the reader better.
  if (
    headed.length === 0 ||
    (chapters.length === 1 && (chapters[0] as DraftChapter).words > MAX_SINGLE_CHAPTER_WORDS)
  ) {
    return {
      ...splitWithoutHeadings(blocks, [...preface, ...leftover], chapters),
      removed: log.list(),
    };
  }
  const inOpening = new Set(opening?.blocks ?? []);
  const unused = preface.filter((index) => !inOpening.has(index));
  if (unused.length > 0) log.add(prefaceTitle(unused, blocks), prefaceKind(unused, blocks), unused);
  return { ...finish(chapters, sections, blocks), removed: log.list() };
}

/** A removed untitled start is named by its first short line ("Alice's Adventures in Wonderland"). */
function prefaceTitle(indices: readonly number[], blocks: readonly DocBlock[]): string {
  for (const index of indices) {
    const line = (blocks[index] as DocBlock).text.split('\n')[0]?.trim() ?? '';
    if (line && line.length <= 80 && /\p{L}/u.test(line)) return line;
  }
  return 'Title page';
}

function prefaceKind(indices: readonly number[], blocks: readonly DocBlock[]): RemovedMatterKind {
  const text = textOf(indices, blocks);
  if (countWords(text) < 300 && COPYRIGHT.test(text) && indices.length <= 3) return 'copyright';
  return 'title_page';
}

// ---------------------------------------------------------------------------------------------
// Heading candidates

function unitsFromHeadings(blocks: readonly DocBlock[]): Unit[] {
  const units: Unit[] = [];
  const paragraphMarks: Unit[] = [];
  for (let index = 0; index < blocks.length; index++) {
    const block = blocks[index] as DocBlock;
    if (block.kind === 'heading') {
      units.push(newUnit(block.text, block.level ?? 1, index, 1, block.isTitle === true));
      continue;
    }
    // Body text that reads like a heading ("Chapter 3", "PART TWO", "Prologue") counts as one.
    if (block.text.length > 100 || (endsLikeSentence(block.text) && !startsWithLabel(block.text))) continue;
    const info = classifyHeading(block.text);
    // "FOOTNOTES", "THE END", "INDEX" alone on a line open back matter (removed only after the chapters).
    const backMatter = info.kind === 'back' && countWords(block.text) <= 4;
    if ((info.strong && HEADING_LIKE_PARAGRAPH_KINDS.has(info.kind)) || backMatter) {
      const unit = newUnit(block.text, Number.NaN, index, 1, false);
      units.push(unit);
      paragraphMarks.push(unit);
    }
  }
  levelParagraphMarks(units, paragraphMarks);
  return units;
}

function newUnit(
  title: string,
  level: number,
  headingIndex: number,
  headingBlocks: number,
  isTitle: boolean,
): Unit {
  return { title, level, info: classifyHeading(title), headingIndex, headingBlocks, content: [], isTitle };
}

/** Headings found in body text get the level real headings of the same kind have (or a sensible one). */
function levelParagraphMarks(units: readonly Unit[], paragraphMarks: readonly Unit[]): void {
  if (paragraphMarks.length === 0) return;
  const styled = units.filter((unit) => !Number.isNaN(unit.level));
  const divisionLevel = mostCommon(styled.filter(isDivision).map((unit) => unit.level));
  const chapterLevel = mostCommon(styled.filter(isChapterKind).map((unit) => unit.level));
  const topLevel = styled.reduce((top, unit) => Math.min(top, unit.level), Infinity);
  const top = Number.isFinite(topLevel) ? topLevel : 1;
  for (const unit of paragraphMarks) {
    unit.level = isDivision(unit)
      ? (divisionLevel ?? Math.min(top, chapterLevel ?? top) - 1)
      : (chapterLevel ?? (divisionLevel === undefined ? top : divisionLevel + 1));
  }
}

function mostCommon(values: readonly number[]): number | undefined {
  const counts = new Map<number, number>();
  let best: number | undefined;
  for (const value of values) {
    const count = (counts.get(value) ?? 0) + 1;
    counts.set(value, count);
    if (
      best === undefined ||
      count > (counts.get(best) ?? 0) ||
      (count === counts.get(best) && value < best)
    ) {
      best = value;
    }
  }
  return best;
}

/** Units from the document's own table of contents, when enough of it points into the text. */
function unitsFromToc(doc: ExtractedDocument): Unit[] | null {
  const { blocks } = doc;
  // An entry without a link that holds linked entries ("<span>Volume I</span>" over its chapters)
  // starts where its first entry starts.
  const holders = new Set<TocEntry>();
  const toc = doc.toc.map((entry, i) => {
    if (entry.blockIndex !== undefined) return entry;
    const child = doc.toc[i + 1];
    if (!child || child.level <= entry.level || child.blockIndex === undefined) return entry;
    const holder = { ...entry, blockIndex: child.blockIndex };
    holders.add(holder);
    return holder;
  });
  const resolved = toc.filter(
    (entry) => entry.blockIndex !== undefined && entry.blockIndex >= 0 && entry.blockIndex < blocks.length,
  );
  if (resolved.length < 2 || resolved.length < toc.length * 0.5) return null;
  const units: Unit[] = [];
  let cursor = 0;
  for (const entry of resolved) {
    const start = Math.max(entry.blockIndex as number, cursor);
    if (start >= blocks.length && units.length > 0) continue;
    if (holders.has(entry)) {
      // No heading of its own in the text: it takes none of its first entry's.
      units.push(newUnit(entry.title, entry.level, start, 0, false));
      continue;
    }
    const wanted = comparable(entry.title);
    // The entry's heading in the text (or a "Chapter 1" + "The Storm" pair) is part of the title, as is
    // any heading right where the entry points. A paragraph only when it is a short piece of the title,
    // so the first sentence of a chapter that happens to start with its title stays.
    let headingBlocks = 0;
    while (headingBlocks < 2 && start + headingBlocks < blocks.length) {
      const block = blocks[start + headingBlocks] as DocBlock;
      const text = comparable(block.text);
      const isHeading = block.kind === 'heading' && block.text.length <= 120;
      const matches = text !== '' && (wanted.includes(text) || (isHeading && text.includes(wanted)));
      if (!(matches || (headingBlocks === 0 && isHeading))) break;
      headingBlocks++;
    }
    units.push(newUnit(entry.title, entry.level, start, headingBlocks, false));
    cursor = start + headingBlocks;
  }
  return units.length >= 2 ? units : null;
}

/**
 * Units at the headings a printed contents list points to. The title is the heading as the text
 * prints it (a wrapped heading joined again); division headings the list leaves out still open parts.
 */
function unitsFromContents(
  contents: ContentsList,
  blocks: readonly DocBlock[],
  headingUnits: readonly Unit[],
): Unit[] | null {
  const units: Unit[] = [];
  const covered = new Set<number>();
  for (const entry of contents.entries) {
    if (!entry.target) continue;
    const { index, span } = entry.target;
    // "CHAPTER I." over "Down the Rabbit-Hole" reads "Chapter I: Down the Rabbit-Hole"; a title wrapped
    // over two lines is joined back into one.
    const lines = range(index, index + span).map((i) => (blocks[i] as DocBlock).text.trim());
    const [head = '', ...rest] = lines;
    const printed =
      rest.length > 0 && classifyHeading(head).numberOnly ? joinTitle(head, rest.join(' ')) : lines.join(' ');
    // A heading that only numbers the chapter takes the name the contents list gives it.
    const title = entry.namesTheChapter ? entry.title : printed;
    const info = classifyHeading(title);
    const division = DIVISION_KINDS.has(info.kind) || DIVISION_KINDS.has(classifyHeading(entry.title).kind);
    units.push(
      newUnit(title, division ? 1 : entryLevel(blocks[index] as DocBlock, entry.title), index, span, false),
    );
    for (let i = index; i < index + span; i++) covered.add(i);
  }
  // A list that names only the parts ("BOOK ONE" … "BOOK FIFTEEN") leaves the chapters to the headings.
  if (units.every((unit) => isDivision(unit))) return null;
  const firstTarget = Math.min(...units.map((unit) => unit.headingIndex));
  const lastTarget = Math.max(...units.map((unit) => unit.headingIndex));
  // Entries the text words differently ("Chapter 3: The Storm" for "3. A Storm"): as many labelled or
  // titled chapter headings between the matched ones as entries went unmatched (never bare numerals,
  // which number the sections inside chapters).
  let unmatched = contents.entries.filter((entry) => !entry.target).length;
  for (const unit of headingUnits) {
    if (covered.has(unit.headingIndex)) continue;
    if (isDivision(unit) && unit.info.strong) units.push({ ...unit, level: 1, content: [] });
    else if (
      unmatched > 0 &&
      unit.headingIndex > firstTarget &&
      unit.headingIndex < lastTarget &&
      unit.info.kind === 'chapter' &&
      unit.info.strong &&
      !isBareNumeral(unit)
    ) {
      unmatched--;
      units.push({ ...unit, level: 2, content: [] });
    }
    // Headings after the last entry that the list leaves out: notes, an index, "THE END" (removed as
    // back matter), or an epilogue set as a real heading.
    else if (
      unit.headingIndex > lastTarget &&
      (unit.info.kind === 'back' ||
        (unit.info.kind === 'special' && (blocks[unit.headingIndex] as DocBlock).kind === 'heading'))
    )
      units.push({ ...unit, level: 2, content: [] });
  }
  return units.length >= 2 ? units : null;
}

/**
 * The level of a chapter-like contents entry: the heading level the text gives it (font size, style),
 * else one below chapters for a numbered subsection ("1.2 Loops"), else the chapter level.
 */
function entryLevel(block: DocBlock, entryTitle: string): number {
  if (block.kind === 'heading' && block.level !== undefined) return Math.max(2, block.level);
  return /^\s*[0-9]{1,3}\.[0-9]{1,3}\b/.test(block.text) || /^\s*[0-9]{1,3}\.[0-9]{1,3}\b/.test(entryTitle)
    ? 3
    : 2;
}

// ---------------------------------------------------------------------------------------------
// Content and front matter

/**
 * Gives every unit the blocks up to the next unit; blocks before the first unit are the preface.
 * Blocks in `skip` (a printed contents list) belong to nobody.
 */
function assignContent(
  units: Unit[],
  blockCount: number,
  skip: ReadonlySet<number>,
): { units: Unit[]; preface: number[] } {
  const sorted = [...units].sort((a, b) => a.headingIndex - b.headingIndex);
  const keep = (indices: number[]) =>
    skip.size === 0 ? indices : indices.filter((index) => !skip.has(index));
  const preface = keep(range(0, sorted[0]?.headingIndex ?? blockCount));
  sorted.forEach((unit, i) => {
    const next = sorted[i + 1]?.headingIndex ?? blockCount;
    unit.content = keep(range(Math.min(unit.headingIndex + unit.headingBlocks, next), next));
  });
  return { units: sorted, preface };
}

/** push(...items) overflows the call stack for very long arrays; a loop does not. */
function append(target: number[], items: readonly number[]): void {
  for (const item of items) target.push(item);
}

function range(from: number, to: number): number[] {
  const out: number[] = [];
  for (let i = from; i < to; i++) out.push(i);
  return out;
}

/** Word counts per block, counted once per block list: chapters are summed many times over. */
const blockWords = new WeakMap<readonly DocBlock[], Uint32Array>();

function wordsOf(indices: readonly number[], blocks: readonly DocBlock[]): number {
  let counts = blockWords.get(blocks);
  if (!counts) {
    counts = new Uint32Array(blocks.length);
    for (let i = 0; i < blocks.length; i++) counts[i] = countWords((blocks[i] as DocBlock).text);
    blockWords.set(blocks, counts);
  }
  let words = 0;
  for (const index of indices) words += counts[index] as number;
  return words;
}

/** Front matter under a heading of its own before the first chapter is short: a dedication, an epigraph. */
const SHORT_FRONT_MATTER_WORDS = 150;

/**
 * Removes the title page, copyright page, contents (with its entries), TOC-like runs of headings,
 * other short front matter before the first chapter and back matter after the last (notes, index,
 * "THE END"), logging each. A removed book-title heading keeps its text, which moves to whatever
 * comes before it.
 */
function dropFrontMatter(
  units: Unit[],
  doc: ExtractedDocument,
  blocks: readonly DocBlock[],
  preface: number[],
  log: RemovedLog,
): Unit[] {
  const words = units.map((unit) => wordsOf(unit.content, blocks));
  const tocRuns = tocLikeRuns(units, words);
  const drop = new Set<number>(tocRuns.flat());
  for (const run of tocRuns) {
    log.add(
      'Contents',
      'contents',
      run.flatMap((i) => headingRange(units[i] as Unit)),
    );
  }
  const bookTitle = doc.title ? comparable(doc.title) : '';
  const firstChapter = units.findIndex((unit, i) => isChapterKind(unit) && (words[i] as number) > 0);
  let lastChapter = -1;
  units.forEach((unit, i) => {
    if (isChapterKind(unit)) lastChapter = i;
  });
  const backFrom = lastChapter >= 0 ? lastChapter + 1 : Math.floor(units.length / 2);
  // A title page set bigger than every heading after it (the metadata may not name the book).
  const first = units[0];
  const titlePage =
    first !== undefined &&
    units.length >= 3 &&
    first.info.kind === 'other' &&
    (words[0] as number) < 100 &&
    units.slice(1).every((unit) => unit.level > first.level);
  let previousKept: Unit | undefined;

  units.forEach((unit, i) => {
    const beforeChapters = firstChapter < 0 || i < firstChapter;
    const keepText = (from: number) =>
      append(previousKept ? previousKept.content : preface, unit.content.slice(from));
    const remove = (kind: RemovedMatterKind, upTo = unit.content.length) => {
      drop.add(i);
      if (upTo > 0) log.add(unit.title, kind, [...headingRange(unit), ...unit.content.slice(0, upTo)]);
    };
    if (drop.has(i)) {
      // Nothing to keep from a TOC run.
    } else if (
      unit.info.kind === 'contents' ||
      (unit.info.kind === 'front' && (beforeChapters || i >= backFrom))
    ) {
      // Without a later heading, the book's text itself may follow the contents list.
      const from = firstProseBlock(unit.content, blocks);
      remove(kindOfTitle(unit.title, 'front_matter'), from);
      if (from === 0) log.add(unit.title, kindOfTitle(unit.title, 'front_matter'), headingRange(unit));
      keepText(from);
    } else if (unit.info.kind === 'back' && i >= backFrom) {
      remove(kindOfTitle(unit.title, 'back_matter'));
    } else if (beforeChapters && !isChapterKind(unit) && !isDivision(unit)) {
      if (unit.isTitle || (bookTitle && comparable(unit.title) === bookTitle) || (i === 0 && titlePage)) {
        drop.add(i);
        log.add(unit.title, 'title_page', headingRange(unit));
        keepText(0);
      } else if ((words[i] as number) < 300 && COPYRIGHT.test(textOf(unit.content, blocks))) {
        remove('copyright');
      } else if (
        firstChapter >= 0 &&
        unit.info.kind === 'other' &&
        (words[i] as number) < SHORT_FRONT_MATTER_WORDS
      ) {
        remove(kindOfTitle(unit.title, 'front_matter'));
      }
    }
    if (!drop.has(i)) previousKept = unit;
  });
  return units.filter((_, i) => !drop.has(i));
}

function headingRange(unit: Unit): number[] {
  return range(unit.headingIndex, unit.headingIndex + unit.headingBlocks);
}

function textOf(indices: readonly number[], blocks: readonly DocBlock[]): string {
  return indices.map((index) => (blocks[index] as DocBlock).text).join(' ');
}

/** Index (into `content`) of the first real prose paragraph, or its length when there is none. */
function firstProseBlock(content: readonly number[], blocks: readonly DocBlock[]): number {
  const index = content.findIndex((blockIndex) => {
    const block = blocks[blockIndex] as DocBlock;
    return (
      block.kind === 'paragraph' &&
      countWords(block.text) >= 30 &&
      !isCopyrightNotice(block.text) &&
      !looksLikeContentsList(block.text)
    );
  });
  return index < 0 ? content.length : index;
}

/**
 * A printed table of contents shows up as a run of headings with (almost) no text between them whose
 * titles come back later as the real headings.
 */
function tocLikeRuns(units: readonly Unit[], words: readonly number[]): number[][] {
  const lastSeen = new Map<string, number>();
  units.forEach((unit, i) => lastSeen.set(comparable(unit.title), i));
  const dropped: number[][] = [];
  let start = 0;
  while (start < units.length) {
    let end = start;
    while (end < units.length && (words[end] as number) <= 3) end++;
    if (end - start >= 3) {
      let reappearing = 0;
      for (let i = start; i < end; i++) {
        if ((lastSeen.get(comparable((units[i] as Unit).title)) ?? -1) >= end) reappearing++;
      }
      if (reappearing >= (end - start) * 0.6) dropped.push(range(start, end));
    }
    start = Math.max(end, start + 1);
  }
  return dropped;
}

/**
 * "CHAPTER ONE" immediately followed by a short heading "The Boy Who Lived" is one title:
 * "Chapter One: The Boy Who Lived".
 */
function mergeNumberOnlyHeadings(units: Unit[]): Unit[] {
  const out: Unit[] = [];
  for (const unit of units) {
    const previous = out[out.length - 1];
    if (
      previous &&
      previous.info.numberOnly &&
      previous.content.length === 0 &&
      unit.info.kind === 'other' &&
      unit.level >= previous.level &&
      unit.headingIndex === previous.headingIndex + previous.headingBlocks &&
      countWords(unit.title) <= MAX_SUBTITLE_WORDS
    ) {
      previous.title = joinTitle(previous.title, unit.title);
      previous.headingBlocks += unit.headingBlocks;
      previous.content = unit.content;
      continue;
    }
    out.push(unit);
  }
  return out;
}

function joinTitle(numberTitle: string, subtitle: string): string {
  return `${toDisplayTitle(numberTitle)}: ${toDisplayTitle(subtitle)}`;
}

// ---------------------------------------------------------------------------------------------
// Levels: which units are sections, chapters, or headings inside chapters

/** "I.", "IV", "12": a numeral alone, no label and no title. */
function isBareNumeral(unit: Unit): boolean {
  return unit.info.numberOnly && /^[\divxlcdm]+\.?$/i.test(cleanTitle(unit.title));
}

function cleanTitle(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

/**
 * Bare numerals that restart inside labelled or titled chapters ("ADVENTURE I. A SCANDAL IN BOHEMIA"
 * then "I.", "II.") number the sections of a chapter, not chapters.
 */
function bareNumeralsAreSections(units: readonly Unit[]): boolean {
  const named = units.filter(
    (unit) => isChapterKind(unit) && !isBareNumeral(unit) && unit.info.kind === 'chapter',
  );
  if (named.length < 2) return false;
  let restarts = 0;
  let seenNamed = false;
  let previousBare: Unit | undefined;
  for (const unit of units) {
    if (isBareNumeral(unit)) {
      if (seenNamed && (!previousBare || /^(?:i|1)\.?$/i.test(cleanTitle(unit.title)))) restarts++;
      previousBare = unit;
    } else if (isChapterKind(unit) && unit.info.kind === 'chapter') {
      seenNamed = true;
      previousBare = undefined;
    }
  }
  return restarts >= 2;
}

function assignRoles(units: Unit[]): void {
  const bareSections = bareNumeralsAreSections(units);
  const chapterLevel = chooseChapterLevel(
    units.filter((unit) => !isDivision(unit) && !(bareSections && isBareNumeral(unit))),
  );
  const shallower: number[] = [];
  units.forEach((unit, i) => {
    if (bareSections && isBareNumeral(unit)) unit.role = 'sub';
    else if (isDivision(unit)) unit.role = 'section';
    else if ((isChapterKind(unit) && unit.info.strong) || unit.level === chapterLevel) unit.role = 'chapter';
    else if (unit.level > chapterLevel) unit.role = 'sub';
    else shallower.push(i);
  });
  // Higher headings are sections only if at least two of them hold chapters; otherwise chapters.
  const holding = new Set(shallower.filter((i) => holdsChapters(units, i)));
  for (const i of shallower)
    (units[i] as Unit).role = holding.size >= 2 && holding.has(i) ? 'section' : 'chapter';
  // "PART I", "PART II" over a text with no chapter headings at all: the parts are its chapters.
  if (!units.some((unit) => unit.role === 'chapter'))
    for (const unit of units) if (unit.role === 'section') unit.role = 'chapter';
}

function chooseChapterLevel(units: readonly Unit[]): number {
  const chapterKinds = units.filter(isChapterKind);
  if (chapterKinds.length >= 2) return mostCommon(chapterKinds.map((unit) => unit.level)) as number;
  const counts = new Map<number, number>();
  for (const unit of units) counts.set(unit.level, (counts.get(unit.level) ?? 0) + 1);
  const levels = [...counts.keys()].sort((a, b) => a - b);
  const top = levels[0];
  if (top === undefined) return 1;
  const topCount = counts.get(top) as number;
  if (topCount >= 2 && levels.length >= 2) {
    // The top level is a section level when a lower level exists beneath it consistently.
    let withChildren = 0;
    units.forEach((unit, i) => {
      if (unit.level === top && units[i + 1] && (units[i + 1] as Unit).level > top) withChildren++;
    });
    if (withChildren >= Math.max(2, Math.ceil(topCount * 0.75))) return levels[1] as number;
  }
  return levels.find((level) => (counts.get(level) as number) >= 2) ?? top;
}

/** Whether a chapter follows `units[index]` before the next heading at its level or above. */
function holdsChapters(units: readonly Unit[], index: number): boolean {
  const level = (units[index] as Unit).level;
  for (let i = index + 1; i < units.length; i++) {
    const next = units[i] as Unit;
    if (next.role === 'chapter') return true;
    if (next.role === 'section' || (next.role === undefined && next.level <= level)) return false;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Building chapters

interface DraftChapter {
  title: string;
  blocks: number[];
  words: number;
  isChapterKind: boolean;
}

interface DraftSection {
  title: string;
  type: string;
  chapters: DraftChapter[];
}

function buildSectionsAndChapters(
  units: readonly Unit[],
  blocks: readonly DocBlock[],
  preface: number[],
  log: RemovedLog,
): { sections: DraftSection[]; chapters: DraftChapter[]; leftover: number[] } {
  const sections: DraftSection[] = [];
  const chapters: DraftChapter[] = [];
  const leftover: number[] = [];
  let section: DraftSection | null = null;
  let chapter: DraftChapter | null = null;

  for (const unit of units) {
    if (unit.role === 'sub') {
      // A heading below the chapter level is part of the chapter's text (or of the section's introduction).
      const heading = range(unit.headingIndex, unit.headingIndex + unit.headingBlocks);
      const target = chapter ? chapter.blocks : section ? leftover : preface;
      append(target, heading);
      append(target, unit.content);
      continue;
    }
    if (unit.role === 'section') {
      section = { title: toDisplayTitle(unit.title), type: sectionType(unit), chapters: [] };
      sections.push(section);
      chapter = null;
      if (wordsOf(unit.content, blocks) >= SECTION_INTRO_MIN_WORDS) {
        chapter = draftChapter(section.title, unit.content, false, blocks);
        section.chapters.push(chapter);
      } else {
        append(leftover, unit.content);
      }
      continue;
    }
    chapter = draftChapter(toDisplayTitle(unit.title), unit.content, isChapterKind(unit), blocks);
    if (unit.info.numberOnly) takeSubtitle(chapter, blocks);
    chapters.push(chapter);
    section?.chapters.push(chapter);
  }

  // Finalise word counts (sub-headings may have added blocks) and drop what isn't a chapter.
  for (const draft of chapters) draft.words = wordsOf(draft.blocks, blocks);
  const firstReal = chapters.findIndex(
    (draft) => draft.isChapterKind || draft.words >= FRONT_MATTER_MAX_WORDS,
  );
  const kept = chapters.filter((draft, i) => {
    const keep = draft.words > 0 && (i >= firstReal || draft.isChapterKind) && firstReal >= 0;
    if (!keep) {
      append(leftover, draft.blocks);
      if (firstReal >= 0 && draft.words > 0)
        log.add(draft.title, kindOfTitle(draft.title, 'front_matter'), draft.blocks);
    }
    return keep;
  });
  const keptSet = new Set(kept);
  for (const current of sections) current.chapters = current.chapters.filter((draft) => keptSet.has(draft));
  return { sections: sections.filter((current) => current.chapters.length > 0), chapters: kept, leftover };
}

function sectionType(unit: Unit): string {
  return isDivision(unit) ? unit.info.kind : 'section';
}

function draftChapter(
  title: string,
  content: number[],
  chapterKind: boolean,
  blocks: readonly DocBlock[],
): DraftChapter {
  return { title, blocks: [...content], words: wordsOf(content, blocks), isChapterKind: chapterKind };
}

/** A number-only chapter heading takes a short first line that reads like a title as its subtitle. */
function takeSubtitle(chapter: DraftChapter, blocks: readonly DocBlock[]): void {
  const first = chapter.blocks[0];
  if (first === undefined || chapter.blocks.length < 2) return;
  const text = (blocks[first] as DocBlock).text.trim();
  const looksLikeTitle =
    text.length <= 80 &&
    countWords(text) <= MAX_SUBTITLE_WORDS &&
    /^[\p{Lu}\p{N}]/u.test(text) &&
    !/[.,;:"'\u201d\u2019]$/.test(text) &&
    classifyHeading(text).kind === 'other';
  if (!looksLikeTitle) return;
  chapter.title = joinTitle(chapter.title, text);
  chapter.blocks.shift();
}

/** A printed contents page flattened into one paragraph: dot leaders, or "Chapter" every few words. */
function looksLikeContentsList(text: string): boolean {
  if (text.length > 20_000) return false;
  const chapters = text.match(/\bchapter\b/gi)?.length ?? 0;
  // Dot leaders are four or more dots; an ellipsis in dialogue is three.
  const leaders = text.match(/\.(?: ?\.){3,}/g)?.length ?? 0;
  return leaders >= 2 || chapters >= Math.max(3, countWords(text) / 15);
}

/** Substantial untitled prose before the first heading (an untitled opening) is kept as a chapter. */
function openingChapter(preface: readonly number[], blocks: readonly DocBlock[]): DraftChapter | null {
  const prose = preface.filter((index) => {
    const text = (blocks[index] as DocBlock).text;
    return countWords(text) >= 8 && !isCopyrightNotice(text) && !looksLikeContentsList(text);
  });
  const words = wordsOf(prose, blocks);
  if (words <= OPENING_MIN_WORDS) return null;
  return { title: 'Opening', blocks: prose, words, isChapterKind: false };
}

// ---------------------------------------------------------------------------------------------
// Output

function contentOf(indices: readonly number[], blocks: readonly DocBlock[]): string {
  return cleanChapterContent(indices.map((index) => (blocks[index] as DocBlock).text).join('\n\n'));
}

function splitWithoutHeadings(
  blocks: readonly DocBlock[],
  unused: readonly number[],
  chapters: readonly DraftChapter[],
): BookStructure {
  const wanted = new Set(unused);
  for (const chapter of chapters) for (const index of chapter.blocks) wanted.add(index);
  let indices = [...wanted].sort((a, b) => a - b);
  const usable = indices.filter((index) => !isCopyrightNotice((blocks[index] as DocBlock).text));
  indices = usable.length > 0 ? usable : blocks.map((_, index) => index);
  const parts = splitIntoReadableParts(indices.map((index) => (blocks[index] as DocBlock).text));
  const result: StructureChapter[] = parts.map((text, i) => {
    const content = cleanChapterContent(text);
    return { title: `Part ${i + 1}`, content, chapter_number: i + 1, word_count: countWords(content) };
  });
  return {
    has_sections: false,
    structure_type: 'flat',
    sections: [],
    chapters: result,
    structure_metadata: {
      display_name: 'Readable parts',
      icon: '\u2702\ufe0f',
      description:
        result.length === 1
          ? 'No chapter headings were found, so the whole text is one part.'
          : `No chapter headings were found, so the text was split into ${result.length} parts at paragraph boundaries.`,
      section_label: '',
      chapter_label: 'Part',
    },
  };
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

function finish(
  drafts: DraftChapter[],
  sections: DraftSection[],
  blocks: readonly DocBlock[],
): BookStructure {
  const hierarchical = sections.length >= 2;
  const capped = capChapters(drafts, hierarchical ? sections : []);
  const sectionOf = new Map<DraftChapter, { section: DraftSection; number: number }>();
  if (hierarchical) {
    // Chapters before the first section (a prologue) belong to it, so every chapter has a section.
    const inSections = new Set(sections.flatMap((section) => section.chapters));
    (sections[0] as DraftSection).chapters.unshift(...capped.filter((draft) => !inSections.has(draft)));
    sections.forEach((section, i) => {
      for (const draft of section.chapters) sectionOf.set(draft, { section, number: i + 1 });
    });
  }
  const output = new Map<DraftChapter, StructureChapter>();
  const chapters = capped.map((draft, i) => {
    const content = contentOf(draft.blocks, blocks);
    const membership = sectionOf.get(draft);
    const chapter: StructureChapter = {
      title: draft.title,
      content,
      chapter_number: i + 1,
      word_count: countWords(content),
      ...(membership
        ? {
            section_title: membership.section.title,
            section_type: membership.section.type,
            section_number: membership.number,
          }
        : {}),
    };
    output.set(draft, chapter);
    return chapter;
  });
  const outputSections: StructureSection[] = hierarchical
    ? sections.map((section, i) => ({
        title: section.title,
        section_type: section.type,
        section_number: i + 1,
        chapters: section.chapters.map((draft) => output.get(draft) as StructureChapter),
      }))
    : [];
  return {
    has_sections: hierarchical,
    structure_type: hierarchical ? 'hierarchical' : 'flat',
    sections: outputSections,
    chapters,
    structure_metadata: describe(chapters.length, hierarchical ? sections : []),
  };
}

/**
 * At most MAX_CHAPTERS: the smallest chapters are merged into the chapter before them (within the
 * same section), which keeps reading order and costs one sort, whatever the count.
 */
function capChapters(drafts: DraftChapter[], sections: DraftSection[]): DraftChapter[] {
  const excess = drafts.length - MAX_CHAPTERS;
  if (excess <= 0) return drafts;
  const sectionOf = new Map<DraftChapter, DraftSection>();
  for (const section of sections) for (const draft of section.chapters) sectionOf.set(draft, section);
  const candidates = drafts
    .map((draft, index) => ({ draft, index }))
    .filter(
      ({ draft, index }) =>
        index > 0 && sectionOf.get(draft) === sectionOf.get(drafts[index - 1] as DraftChapter),
    )
    .sort((a, b) => a.draft.words - b.draft.words)
    .slice(0, excess);
  const mergeIntoPrevious = new Set(candidates.map(({ index }) => index));
  const kept: DraftChapter[] = [];
  drafts.forEach((draft, index) => {
    const previous = kept[kept.length - 1];
    if (previous && mergeIntoPrevious.has(index)) {
      append(previous.blocks, draft.blocks);
      previous.words += draft.words;
    } else {
      kept.push(draft);
    }
  });
  const survivors = new Set(kept);
  for (const section of sections) section.chapters = section.chapters.filter((draft) => survivors.has(draft));
  return kept;
}

function describe(chapterCount: number, sections: readonly DraftSection[]): StructureMetadata {
  if (sections.length === 0) {
    return {
      display_name: 'Chapters',
      icon: '\ud83d\udcd6',
      description: plural(chapterCount, 'chapter'),
      section_label: '',
      chapter_label: 'Chapter',
    };
  }
  const type = mostCommonString(sections.map((section) => section.type));
  const label = type.charAt(0).toUpperCase() + type.slice(1);
  return {
    display_name: `${label}s and chapters`,
    icon: '\ud83d\udcda',
    description: `${plural(sections.length, type)}, ${plural(chapterCount, 'chapter')}`,
    section_label: label,
    chapter_label: 'Chapter',
  };
}

function mostCommonString(values: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'section';
}
