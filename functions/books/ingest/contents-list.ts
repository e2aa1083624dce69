import {
  classifyHeading,
  cleanHeadingText,
  headingKey,
  headingNumber,
  labelNumberKey,
  withoutPageNumber,
} from './headings';
import { countWords } from './text-tools';
import type { DocBlock } from './types';

/**
 * A contents list printed in the book (PDF, DOCX without a TOC field, plain text): a run of short
 * lines near the start whose titles come back later, in the same order, as the headings of the text.
 * It is never a chapter, and it is the best evidence of what the chapters are: each entry is matched
 * to the line where its chapter starts, so a heading wrapped over two lines, a heading set in body
 * type, or "ADVENTURE I. A SCANDAL IN BOHEMIA" under the entry "I. A Scandal in Bohemia" are found,
 * while section marks inside chapters ("I.", "II.") that the list does not name stay text.
 */

export interface ContentsEntry {
  title: string;
  /** The text's heading only numbers the chapter ("CHAPTER I."): the entry's title names it. */
  namesTheChapter?: boolean;
  /** Where its chapter starts in the text: first block and number of blocks its heading spans. */
  target?: { index: number; span: number };
}

export interface ContentsList {
  /** Blocks of the list itself (with its "Contents" title), to remove. */
  first: number;
  last: number;
  entries: ContentsEntry[];
  /** Entries matched to a heading in the text. */
  matched: number;
}

interface Line {
  text: string;
  key: string;
  number: number | undefined;
  /** "chapter 1" for "Chapter I. The Lamplighter". */
  labelKey?: string | undefined;
  block: number;
}

interface Target {
  index: number;
  span: number;
  number: number | undefined;
}

/** Same numbers, or a number on one side only: "I. A Scandal in Bohemia" for "A SCANDAL IN BOHEMIA". */
function sameNumber(a: number | undefined, b: number | undefined): boolean {
  return a === undefined || b === undefined || a === b;
}

const MAX_LINE_CHARS = 120;
const MAX_LINE_WORDS = 18;
/** Lines of a contents page that are not entries: its title, column labels, a lone page number. */
const NOISE = /^(?:(?:table of )?contents|page|pages|chapter|chap\.?|illustrations?)$/i;
const CONTENTS_TITLE =
  /^(?:table of contents|contents|table des mati[eè]res|sommaire|inhalt|inhaltsverzeichnis|[ií]ndice|inhoud)\.?$/i;
const STOPS_LIST = /^(?:list of )?(?:illustrations|plates|figures)\.?$/i;
/** A target heading may span this many blocks (a title wrapped over lines the layout split). */
const MAX_SPAN = 3;

/** A contents page flattened into one paragraph is cut before each "CHAPTER n" or after each page number. */
function splitFlattened(text: string): string[] {
  const leaders = text.match(/\.(?: ?\.){3,}/g)?.length ?? 0;
  if (leaders >= 2) {
    return text
      .split(/(?<=(?:\.\s*){3,}\s*[0-9ivxlc]{1,5})\s+/i)
      .map((line) => line.trim())
      .filter(Boolean);
  }
  const chapters =
    text.match(/\b(?:chapter|adventure|letter|stave|book|part)\s+[0-9ivxlcdm]+\b/gi)?.length ?? 0;
  if (chapters >= 3 && chapters >= countWords(text) / 15) {
    return text
      .split(
        /(?=\b(?:CHAPTER|Chapter|ADVENTURE|Adventure|LETTER|Letter|STAVE|Stave|BOOK|Book|PART|Part)\s+[0-9IVXLCDMivxlcdm]+\b)/,
      )
      .map((line) => line.trim())
      .filter(Boolean);
  }
  return [text];
}

function linesOf(block: DocBlock): string[] {
  if (block.kind === 'heading') return [block.text];
  // A long paragraph without line breaks is prose unless it is a flattened contents page.
  if (
    block.text.length > MAX_LINE_CHARS * 3 &&
    !block.text.includes('\n') &&
    !/\. ?\. ?\.|chapter/i.test(block.text)
  )
    return [block.text];
  if (block.text.includes('\n')) return block.text.split('\n').flatMap(splitFlattened);
  return splitFlattened(block.text);
}

/** Short, with letters, and not a line of dialogue. */
function entryLike(text: string): boolean {
  return (
    text.length <= MAX_LINE_CHARS &&
    countWords(text) <= MAX_LINE_WORDS &&
    /\p{L}/u.test(text) &&
    !/^["'\u201c\u2018\u2014-]/.test(text)
  );
}

/** The last word of a key, or of a block's text normalised the same way (numbers also as digits). */
function lastWords(text: string): string[] {
  const words = text
    .slice(-80)
    .toLowerCase()
    .replace(/[\u2019']/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ');
  const last = words[words.length - 1] ?? '';
  const value = headingNumber(last);
  return value === undefined ? [last] : [last, String(value)];
}

/**
 * Heading-like blocks of the text by key, with keys of two or three blocks joined for wrapped titles.
 * Only blocks whose last word ends one of the wanted keys are keyed, so a play's thousands of short
 * lines cost a set lookup each.
 */
function targetIndex(blocks: readonly DocBlock[], wantedTails: ReadonlySet<string>): Map<string, Target[]> {
  const index = new Map<string, Target[]>();
  const add = (key: string, at: number, span: number) => {
    if (!key) return;
    const target = { index: at, span, number: headingNumber((blocks[at] as DocBlock).text) };
    const list = index.get(key);
    if (list) list.push(target);
    else index.set(key, [target]);
  };
  // A heading the layout kept as one block over two or three lines still counts.
  const usable = new Uint8Array(blocks.length);
  const wanted = new Uint8Array(blocks.length);
  blocks.forEach((block, i) => {
    if (block.text.length > MAX_LINE_CHARS || block.text.startsWith('[') || block.text.split('\n').length > 3)
      return;
    usable[i] = 1;
    if (lastWords(block.text).some((word) => wantedTails.has(word))) wanted[i] = 1;
  });
  for (let i = 0; i < blocks.length; i++) {
    if (!usable[i]) continue;
    let joined = (blocks[i] as DocBlock).text;
    if (wanted[i]) add(headingKey(joined), i, 1);
    for (let span = 2; span <= MAX_SPAN; span++) {
      const last = i + span - 1;
      if (!usable[last]) break;
      joined = `${joined} ${(blocks[last] as DocBlock).text}`;
      if (joined.length > MAX_LINE_CHARS * 1.5) break;
      if (wanted[last]) add(headingKey(joined), i, span);
    }
  }
  return index;
}

/** The printed contents list, if the book has one whose entries come back as headings. */
export function findContentsList(blocks: readonly DocBlock[]): ContentsList | null {
  const limit = Math.min(blocks.length, Math.max(300, Math.floor(blocks.length * 0.3)), 5_000);
  const lines: Line[] = [];
  for (let i = 0; i < limit; i++) {
    for (const text of linesOf(blocks[i] as DocBlock)) {
      if (text.length > MAX_LINE_CHARS * 3) {
        // Prose: it only ends a run.
        lines.push({ text, key: '', number: undefined, block: i });
        continue;
      }
      // Dot leaders say nothing about the entry: "Chapter 1 . . . . . 11" is "Chapter 1 11".
      const clean = cleanHeadingText(text.replace(/\s*(?:\.\s*){3,}/g, ' '));
      if (clean)
        lines.push({
          text: clean,
          key: headingKey(clean),
          number: headingNumber(clean),
          labelKey: labelNumberKey(clean),
          block: i,
        });
    }
  }
  if (lines.length < 2) return null;

  // Runs of entry-like lines, stopped by prose and by a list of illustrations. A list of
  // illustrations ends a run; a "Contents" title starts the entries afresh. A run is a contents list
  // only under a "Contents" title or when most of its lines are numbered or end with a page number.
  const runs: Line[][] = [];
  let start = 0;
  while (start < lines.length) {
    let end = start;
    while (
      end < lines.length &&
      entryLike((lines[end] as Line).text) &&
      !(end > start && STOPS_LIST.test((lines[end] as Line).text))
    )
      end++;
    let from = STOPS_LIST.test((lines[start] as Line).text) ? end : start;
    for (let i = start; i < end; i++) if (CONTENTS_TITLE.test((lines[i] as Line).text)) from = i;
    if (end - from >= 2) {
      const run = lines.slice(from, end);
      const titled = CONTENTS_TITLE.test((run[0] as Line).text);
      const numbered = run.filter(
        (line) => line.number !== undefined || /\s[0-9]{1,4}$/.test(line.text),
      ).length;
      if (titled || numbered >= Math.max(2, run.length * 0.5)) runs.push(run);
    }
    start = end < lines.length && STOPS_LIST.test((lines[end] as Line).text) ? end : end + 1;
  }
  if (runs.length === 0) return null;

  const wantedTails = new Set<string>();
  for (const run of runs)
    for (const line of run)
      for (const key of [line.key, line.labelKey])
        if (key) wantedTails.add(key.slice(key.lastIndexOf(' ') + 1));
  const targets = targetIndex(blocks, wantedTails);
  const echoesAfter = (line: Line, after: number) =>
    [line.key, line.labelKey].some((key) =>
      (key ? (targets.get(key) ?? []) : []).some(
        (target) => target.index > after && sameNumber(target.number, line.number),
      ),
    );
  let best: ContentsList | null = null;
  for (const run of runs) {
    const candidate = contentsFromRun(run, blocks, targets, echoesAfter);
    if (candidate && (!best || candidate.matched > best.matched)) best = candidate;
  }
  return best;
}

function contentsFromRun(
  run: readonly Line[],
  blocks: readonly DocBlock[],
  targets: Map<string, Target[]>,
  echoesAfter: (line: Line, after: number) => boolean,
): ContentsList | null {
  // The list runs from its first to its last line that comes back later in the text.
  let first = -1;
  let last = -1;
  run.forEach((line, i) => {
    if (NOISE.test(line.text) || line.key.length < 3) return;
    if (echoesAfter(line, line.block)) {
      if (first < 0) first = i;
      last = Math.max(last, i);
      return;
    }
    // The first half of an entry wrapped over two lines.
    const following = run[i + 1];
    if (!following) return;
    const joined = { ...following, key: headingKey(`${line.text} ${following.text}`), number: line.number };
    if (echoesAfter(joined, following.block)) {
      if (first < 0) first = i;
      last = Math.max(last, i + 1);
    }
  });
  if (first < 0) return null;
  const entriesLines = run.slice(first, last + 1).filter((line) => !NOISE.test(line.text));
  const end = (run[last] as Line).block;
  const entries: ContentsEntry[] = [];
  let cursor = end + 1;
  let matched = 0;
  const next = (key: string, number: number | undefined) =>
    (targets.get(key) ?? []).find(
      (candidate) => candidate.index >= cursor && sameNumber(candidate.number, number),
    );
  const contentsStart = (run[Math.max(0, first - 1)] as Line).block;
  for (let i = 0; i < entriesLines.length; i++) {
    const line = entriesLines[i] as Line;
    let title = withoutPageNumber(line.text);
    let target = next(line.key, line.number);
    let namesTheChapter = false;
    if (!target && line.labelKey) {
      target = next(line.labelKey, line.number);
      namesTheChapter = target !== undefined;
    }
    if (!target && matched === 0) {
      // A preface printed before the contents list that names it.
      const before = (targets.get(line.key) ?? []).filter(
        (candidate) =>
          candidate.index < contentsStart && headingLike(blocks, candidate.index, candidate.span),
      );
      const earlier = before[before.length - 1];
      if (earlier) {
        entries.push({ title, target: earlier });
        matched++;
        continue;
      }
    }
    const following = entriesLines[i + 1];
    if (!target && following && !next(following.key, following.number)) {
      // An entry the contents page wrapped over two lines ("A Caucus-Race and a" / "Long Tale").
      const joined = `${line.text} ${following.text}`;
      target = next(headingKey(joined), line.number);
      if (target) {
        title = joined;
        i++;
      }
    }
    const entry: ContentsEntry = { title, ...(namesTheChapter ? { namesTheChapter } : {}) };
    if (target) {
      entry.target = target;
      cursor = target.index + target.span;
      matched++;
    }
    entries.push(entry);
  }
  const titled = first > 0 && CONTENTS_TITLE.test((run[first - 1] as Line).text);
  if (matched < (titled ? 2 : 3) || matched < entries.length * 0.5) return null;
  // Lines that only look like entries (a title page's "By Lewis Carroll") are not counted as matches
  // unless they find a heading-like target; a run whose matches are mostly ordinary short paragraphs
  // (dialogue) is not a contents list.
  const headingTargets = entries.filter(
    (entry) => entry.target && headingLike(blocks, entry.target.index, entry.target.span),
  ).length;
  if (headingTargets < matched * 0.6) return null;
  const firstBlock = titled ? (run[first - 1] as Line).block : (run[first] as Line).block;
  return { first: firstBlock, last: end, entries, matched };
}

/**
 * A target that reads as a heading: marked as one, worded like one ("CHAPTER I."), set in capitals,
 * or a short line set apart from prose (the block after it is a heading or longer prose).
 */
function headingLike(blocks: readonly DocBlock[], index: number, span: number): boolean {
  const block = blocks[index] as DocBlock;
  if (block.kind === 'heading' || classifyHeading(block.text).kind !== 'other') return true;
  if (/\p{Lu}/u.test(block.text) && !/\p{Ll}/u.test(block.text)) return true;
  const next = blocks[index + span];
  return next === undefined || next.kind === 'heading' || countWords(next.text) >= 20;
}
