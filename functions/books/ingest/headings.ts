import { collapseWhitespace, endsLikeSentence, isRomanNumeral, wordSet } from './text-tools';

/**
 * What a heading's text says it is: "Part Two" opens a section, "Chapter 3" a chapter, "Contents"
 * front matter. Used by the TXT extractor to find headings in plain text and by the structure
 * detector to decide levels and front matter whatever the source format.
 */

export type HeadingKind =
  'part' | 'book' | 'volume' | 'section' | 'chapter' | 'special' | 'contents' | 'front' | 'back' | 'other';

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

/** Labels books use for their chapter-level units besides "Chapter" (Doyle's adventures, Dickens' staves…). */
const CHAPTER_LABELS =
  'chapter|chap\\.?|ch\\.|adventure|stave|letter|canto|lecture|lesson|episode|story|tale|chapitre|kapitel|cap[ií]tulo|capitolo|hoofdstuk';
const CHAPTER = new RegExp(`^(?:${CHAPTER_LABELS})\\s*(${NUMBER})${TAIL}$`, 'i');
/** Parts, books and volumes, also as French, German, Spanish, Italian and Dutch books name them. */
const PART_LABELS = 'part|partie|teil|parte|deel';
const BOOK_LABELS = 'book|livre|buch|libro|boek';
const DIVISION = new RegExp(
  `^(${PART_LABELS}|${BOOK_LABELS}|volume|vol\\.|tome|tomo)\\s+(${NUMBER})${TAIL}$`,
  'i',
);
const PART_LABEL = new RegExp(`^(?:${PART_LABELS})$`, 'i');
const BOOK_LABEL = new RegExp(`^(?:${BOOK_LABELS})$`, 'i');
const SECTION = new RegExp(`^section\\s+(${NUMBER})${TAIL}$`, 'i');
const SPECIAL =
  /^(prologue|epilogue|introduction|preface|foreword|afterword|interlude|conclusion|postscript|coda|appendix(?:\s+[A-Z0-9]{1,3})?)(?:\s*[:.\-\u2013\u2014]\s*(.+))?$/i;
const CONTENTS =
  /^(?:table of contents|contents|content|table des mati[eè]res|sommaire|inhalt|inhaltsverzeichnis|[ií]ndice|inhoud)$/i;
const FRONT =
  /^(?:copyright(?: page)?|uncopyright|dedication|title ?page|half[- ]?title(?: ?page)?|cover|also by .+|praise for .+|epigraph|imprint|frontispiece|(?:list of )?(?:illustrations|plates)|by .{2,60})$/i;
/** Back matter: not part of the story or the teaching, never a chapter. */
const BACK =
  /^(?:notes|end ?notes|foot ?notes|notes on the text|index|the end|finis|transcriber[\u2019']?s? notes?|about the (?:author|authors|publisher)|colophon|acknowledge?ments|(?:the )?full project gutenberg licen[cs]e|(?:end of )?(?:the )?project gutenberg.*)$/i;
const NUMBERED_TITLE = /^([0-9]{1,3})[.:)]?\s+(\p{Lu}.*)$/u;
const ROMAN_TITLED = /^([IVXLCDM]{1,7})[.:]\s+(\p{Lu}.*)$/u;

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
    const kind = PART_LABEL.test(label) ? 'part' : BOOK_LABEL.test(label) ? 'book' : 'volume';
    return { kind, numberOnly: !division[3] && !division[4], strong: true };
  }
  const section = SECTION.exec(text);
  if (section && validMatch(section[1] as string, section[3])) {
    return { kind: 'section', numberOnly: !section[2] && !section[3], strong: false };
  }
  if (SPECIAL.test(text)) return { kind: 'special', numberOnly: false, strong: true };
  if (CONTENTS.test(text)) return { kind: 'contents', numberOnly: false, strong: true };
  if (FRONT.test(text)) return { kind: 'front', numberOnly: false, strong: false };
  if (BACK.test(text)) return { kind: 'back', numberOnly: false, strong: false };
  if (isRomanNumeral(text)) {
    // A lone upper-case numeral line is a classic chapter heading; lower-case "i" or "mix" is not.
    return { kind: 'chapter', numberOnly: true, strong: text === text.toUpperCase() };
  }
  if (/^[0-9]{1,3}$/.test(text)) return { kind: 'chapter', numberOnly: true, strong: false };
  const romanTitled = ROMAN_TITLED.exec(text);
  if (romanTitled && isRomanNumeral(romanTitled[1] as string) && !endsLikeSentence(text)) {
    // "IV. THE BOSCOMBE VALLEY MYSTERY": a numbered title; set in capitals it is surely a heading.
    const title = romanTitled[2] as string;
    return { kind: 'chapter', numberOnly: false, strong: !/\p{Ll}/u.test(title) };
  }
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
  return title.replace(/[\p{L}\p{N}'\u2019]+/gu, (word, offset: number) => {
    // The first word, and the first after a separator ("Adventure I. A Scandal"), are capitalised.
    const isFirst = first || /[.:;!?\u2014\u2013-]\s*$/.test(title.slice(Math.max(0, offset - 3), offset));
    first = false;
    if (isRomanNumeral(word) && word.length > 1) return word;
    if (word === 'I') return word;
    const lower = word.toLowerCase();
    if (!isFirst && SMALL_WORDS.has(lower)) return lower;
    return lower.charAt(0).toUpperCase() + lower.slice(1);
  });
}

/**
 * A heading's words without its label and number, for comparing a contents entry with the heading in
 * the text: "CHAPTER I. Down the Rabbit-Hole", "I. Down the Rabbit-Hole" and "Down the Rabbit-Hole
 * . . . 12" all give "down the rabbit hole". A heading that is only a label and a number keeps them
 * ("Chapter 12" → "chapter 12"), with number words and roman numerals as digits.
 */
export function headingKey(text: string): string {
  const plain = text
    .slice(0, 200)
    .toLowerCase()
    // Dot leaders and a page number at the end of a contents line.
    .replace(/(?:\s*\.){2,}\s*[0-9ivxlc]*\s*$/, '')
    // "Who Stole the Tarts?   97" loses its page number; "Chapter 12" keeps its number.
    .replace(/\s+[0-9]{1,4}\s*$/, (number: string, offset: number, whole: string) => {
      const head = whole.slice(0, offset).trim();
      return /\p{L}/u.test(head) && !LABEL_END.test(head) ? '' : number;
    })
    .replace(/[\u2019']/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  const words = plain.split(' ');
  // Drop a label word ("chapter", "adventure", "book") followed by a number, or a number alone.
  let start = 0;
  if (words.length > 1 && !isNumberWord(words[0] as string) && isNumberWord(words[1] as string)) start = 2;
  else if (isNumberWord(words[0] as string) && words.length > 1) start = 1;
  const rest = words.slice(start).join(' ');
  if (rest) return rest;
  return words.map(numberValue).join(' ');
}

/**
 * The number a heading gives itself ("CHAPTER XIII." → 13, "I. A Scandal in Bohemia" → 1, "Chapter
 * Two" → 2), if any: a contents entry and a heading with different numbers are different chapters,
 * however alike their titles ("Chapter 1: The Storm", "Chapter 13: The Storm").
 */
export function headingNumber(text: string): number | undefined {
  const words = text
    .slice(0, 60)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ');
  const [first = '', second = ''] = words;
  const word = isNumberWord(first) ? first : LABEL_END.test(first) && isNumberWord(second) ? second : '';
  if (!word) return undefined;
  const value = Number(numberValue(word));
  return Number.isFinite(value) ? value : undefined;
}

/**
 * "chapter 1" for an entry that starts with a label and a number and goes on with a title ("Chapter
 * I. The Lamplighter"), to find a heading that prints only the label and the number ("CHAPTER I.").
 */
export function labelNumberKey(text: string): string | undefined {
  const words = text
    .slice(0, 80)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ');
  const [label = '', number = ''] = words;
  if (words.length < 3 || !LABEL_END.test(label) || !isNumberWord(number)) return undefined;
  return `${label} ${numberValue(number)}`;
}

const LABEL_START = new RegExp(`^(?:${CHAPTER_LABELS}|${PART_LABELS}|${BOOK_LABELS}|volume)\\s`, 'i');

/** Starts with a label word ("CHAPTER XI. Who Stole the Tarts?"): a heading even if it ends with "?". */
export function startsWithLabel(text: string): boolean {
  return LABEL_START.test(text.trim());
}

/** A contents entry without its page number: "Who Stole the Tarts?   97" → "Who Stole the Tarts?". */
export function withoutPageNumber(text: string): string {
  const match = /\s+[0-9]{1,4}$/.exec(text);
  if (!match) return text;
  const head = text.slice(0, match.index).trim();
  return /\p{L}/u.test(head) && !LABEL_END.test(head) ? head : text;
}

const LABEL_END = new RegExp(
  `^(?:${CHAPTER_LABELS}|${PART_LABELS}|${BOOK_LABELS}|volume|vol\\.|tome|tomo|section|no\\.?|number)$`,
  'i',
);

const NUMBER_WORD_VALUES = new Map(
  'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty'
    .split(' ')
    .map((word, i) => [word, i + 1]),
);

function isNumberWord(word: string): boolean {
  return /^[0-9]{1,4}$/.test(word) || isRomanNumeral(word) || NUMBER_WORD_VALUES.has(word);
}

function numberValue(word: string): string {
  if (/^[0-9]+$/.test(word)) return String(Number(word));
  const named = NUMBER_WORD_VALUES.get(word);
  if (named !== undefined) return String(named);
  if (isRomanNumeral(word)) return String(romanValue(word));
  return word;
}

function romanValue(numeral: string): number {
  const values: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100, d: 500, m: 1000 };
  let total = 0;
  const lower = numeral.toLowerCase();
  for (let i = 0; i < lower.length; i++) {
    const value = values[lower[i] as string] ?? 0;
    const next = values[lower[i + 1] as string] ?? 0;
    total += value < next ? -value : value;
  }
  return total;
}
