import { collapseWhitespace, endsLikeSentence, isRomanNumeral, wordSet } from './text-tools';

/**
 * What a heading's text says it is: "Part Two" opens a section, "Chapter 3" a chapter, "Contents"
 * front matter. Used by the TXT extractor to find headings in plain text and by the structure
 * detector to decide levels and front matter whatever the source format.
 */

export type HeadingKind =
  'part' | 'book' | 'volume' | 'section' | 'chapter' | 'special' | 'contents' | 'front' | 'other';

export interface HeadingInfo {
  kind: HeadingKind;
  /** Only a label and a number ("CHAPTER ONE", "Part II", "IV"), so a following subtitle belongs to it. */
  numberOnly: boolean;
  /**
   * Strong matches are safe to take from body text ("Chapter 3", "Prologue", "PART TWO", a lone upper-case
   * roman numeral); weak ones ("3", "3. The Storm") only count when the source already says it is a heading.
   */
  strong: boolean;
}

const UNITS = 'one|two|three|four|five|six|seven|eight|nine';
const NUMBER_WORDS = `(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[- ](?:${UNITS}))?|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|${UNITS}|(?:one )?hundred|zero)`;
const ORDINALS =
  'first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|last|final';
const NUMBER = `(?:[0-9]{1,4}(?:\\.[0-9]{1,3})*|[ivxlcdm]{1,8}|${NUMBER_WORDS}|the (?:${ORDINALS}))`;
/**
 * After the number: nothing, a separator and a title, or just a capitalised title ("Chapter 1 The
 * Storm"; "Chapter 1 was the best" is a sentence).
 */
const TAIL = `(?:\\s*[:.\\-\u2013\u2014]\\s*(.+)|\\s+(\\S.*))?`;

const CHAPTER = new RegExp(`^(?:chapter|chap\\.?|ch\\.)\\s*(${NUMBER})${TAIL}$`, 'i');
const DIVISION = new RegExp(`^(part|book|volume|vol\\.)\\s+(${NUMBER})${TAIL}$`, 'i');
const SECTION = new RegExp(`^section\\s+(${NUMBER})${TAIL}$`, 'i');
const SPECIAL =
  /^(prologue|epilogue|introduction|preface|foreword|afterword|interlude|conclusion|postscript|coda|appendix(?:\s+[A-Z0-9]{1,3})?)(?:\s*[:.\-\u2013\u2014]\s*(.+))?$/i;
const CONTENTS = /^(?:table of contents|contents|content)$/i;
const FRONT =
  /^(?:copyright(?: page)?|dedication|title page|half[- ]title|cover|also by .+|praise for .+|epigraph|colophon|imprint|frontispiece)$/i;
const NUMBERED_TITLE = /^([0-9]{1,3})[.:)]?\s+(\p{Lu}.*)$/u;

/**
 * Checks `NUMBER` matched something real (the roman alternative also matches words like "mix") and
 * that a title without a separator is capitalised.
 */
function validMatch(number: string, bareTitle: string | undefined): boolean {
  if (bareTitle !== undefined && /^\p{Ll}/u.test(bareTitle)) return false;
  return !/^[ivxlcdm]+$/i.test(number) || isRomanNumeral(number);
}

const OTHER: HeadingInfo = { kind: 'other', numberOnly: false, strong: false };

export function classifyHeading(raw: string): HeadingInfo {
  const text = cleanHeadingText(raw);
  // Headings are short; refusing long text up front also keeps the regexes cheap.
  if (!text || text.length > 120) return OTHER;

  const chapter = CHAPTER.exec(text);
  if (chapter && validMatch(chapter[1] as string, chapter[3])) {
    return { kind: 'chapter', numberOnly: !chapter[2] && !chapter[3], strong: true };
  }
  const division = DIVISION.exec(text);
  if (division && validMatch(division[2] as string, division[4])) {
    const label = (division[1] as string).toLowerCase();
    const kind = label === 'part' ? 'part' : label === 'book' ? 'book' : 'volume';
    return { kind, numberOnly: !division[3] && !division[4], strong: true };
  }
  const section = SECTION.exec(text);
  if (section && validMatch(section[1] as string, section[3])) {
    return { kind: 'section', numberOnly: !section[2] && !section[3], strong: false };
  }
  if (SPECIAL.test(text)) return { kind: 'special', numberOnly: false, strong: true };
  if (CONTENTS.test(text)) return { kind: 'contents', numberOnly: false, strong: true };
  if (FRONT.test(text)) return { kind: 'front', numberOnly: false, strong: false };
  if (isRomanNumeral(text)) {
    // A lone upper-case numeral line is a classic chapter heading; lower-case "i" or "mix" is not.
    return { kind: 'chapter', numberOnly: true, strong: text === text.toUpperCase() };
  }
  if (/^[0-9]{1,3}$/.test(text)) return { kind: 'chapter', numberOnly: true, strong: false };
  if (NUMBERED_TITLE.test(text) && !endsLikeSentence(text)) {
    return { kind: 'chapter', numberOnly: false, strong: false };
  }
  return OTHER;
}

/** Collapses whitespace and drops trailing dots, colons and the like ("CHAPTER I." → "CHAPTER I"). */
export function cleanHeadingText(text: string): string {
  const collapsed = collapseWhitespace(text);
  if (/(\.\.\.|\u2026)$/.test(collapsed)) return collapsed;
  return collapsed.replace(/[\s.:;,]+$/, '');
}

/** Levels for plain text, where nothing else says how big a heading is: parts above chapters. */
export function plainTextHeadingLevel(info: HeadingInfo): number {
  return info.kind === 'part' || info.kind === 'book' || info.kind === 'volume' ? 1 : 2;
}

const SMALL_WORDS = wordSet('a an and as at but by for in nor of on or the to with');

/**
 * The author's capitalisation is kept, except that a title written entirely in capitals
 * ("THE BOY WHO LIVED") becomes title case; roman numerals stay upper-case.
 */
export function toDisplayTitle(text: string): string {
  const title = cleanHeadingText(text);
  if (!/\p{Lu}/u.test(title) || /\p{Ll}/u.test(title)) return title;
  let first = true;
  return title.replace(/[\p{L}\p{N}'\u2019]+/gu, (word) => {
    const isFirst = first;
    first = false;
    if (isRomanNumeral(word) && word.length > 1) return word;
    if (word === 'I') return word;
    const lower = word.toLowerCase();
    if (!isFirst && SMALL_WORDS.has(lower)) return lower;
    return lower.charAt(0).toUpperCase() + lower.slice(1);
  });
}
