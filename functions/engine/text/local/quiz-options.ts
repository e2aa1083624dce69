/**
 * Wrong options of the same type as the answer: numbers near the right one written the same way
 * (a year for a year, "27th" for "27th", "twenty-three" for "twenty-three"), and small stock lists
 * of people and places for texts that name too few of their own.
 */

/** Common given names, used only when the text names fewer than four people. */
export const STOCK_PEOPLE = [
  'Mary',
  'Thomas',
  'Elizabeth',
  'Henry',
  'Margaret',
  'William',
  'Charlotte',
  'Edward',
  'Catherine',
  'George',
] as const;

/** Well-known places, used only when the text names fewer than four places. */
export const STOCK_PLACES = [
  'London',
  'Paris',
  'Rome',
  'Lisbon',
  'Edinburgh',
  'Dublin',
  'Madrid',
  'Venice',
  'Boston',
  'Bristol',
] as const;

const UNITS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES: [string, number][] = [
  ['thousand', 1000],
  ['hundred', 100],
];

const UNIT_WORD = UNITS.slice(2).join('|');
const TENS_WORD = TENS.slice(2).join('|');
const SMALL_WORD = `(?:(?:${TENS_WORD})(?:-(?:${UNITS.slice(1, 10).join('|')}))?|${UNIT_WORD})`;
/**
 * A number in a sentence: digits ("540", "1,200", "27th") or words from two up ("twenty-three",
 * "four thousand"). "One" alone is left out: it is mostly a pronoun ("one of the shelves").
 */
export const NUMBER_PATTERN = new RegExp(
  `\\b(?:\\d{1,3}(?:,\\d{3})+|\\d+)(?:st|nd|rd|th)?\\b|\\b${SMALL_WORD}(?:\\s+(?:hundred|thousand))?\\b`,
  'gi',
);

export interface NumberMention {
  text: string;
  index: number;
  value: number;
  format: 'year' | 'ordinal' | 'digits' | 'words';
}

/** Numbers written in a sentence, in order. */
export function findNumbers(sentence: string): NumberMention[] {
  const found: NumberMention[] = [];
  for (const match of sentence.matchAll(NUMBER_PATTERN)) {
    const text = match[0];
    // Part of a longer token ("R.N.", "a.m.", "3-legged" stays, "twenty-three-fold" is cut).
    const before = sentence[match.index - 1];
    const after = sentence[match.index + text.length];
    if ((before && /[\p{L}\d]/u.test(before)) || (after && /[\p{L}\d]/u.test(after))) continue;
    const mention = parseNumber(text);
    if (mention) found.push({ ...mention, text, index: match.index });
  }
  return found;
}

function parseNumber(text: string): Omit<NumberMention, 'text' | 'index'> | undefined {
  const digits = /^([\d,]+)(st|nd|rd|th)?$/i.exec(text);
  if (digits) {
    const value = Number(digits[1]!.replace(/,/g, ''));
    if (!Number.isFinite(value)) return undefined;
    if (digits[2]) return { value, format: 'ordinal' };
    if (/^1[0-9]{3}$|^20[0-9]{2}$/.test(digits[1]!)) return { value, format: 'year' };
    return { value, format: 'digits' };
  }
  const value = wordsToNumber(text.toLowerCase());
  return value === undefined ? undefined : { value, format: 'words' };
}

function wordsToNumber(words: string): number | undefined {
  const [small, scale] = words.split(/\s+/);
  let value: number | undefined;
  if (UNITS.includes(small!)) value = UNITS.indexOf(small!);
  else {
    const [tens, unit] = small!.split('-');
    const t = TENS.indexOf(tens!);
    if (t < 2) return undefined;
    value = t * 10 + (unit ? UNITS.indexOf(unit) : 0);
  }
  const factor = SCALES.find(([word]) => word === scale)?.[1] ?? 1;
  return value * factor;
}

/** 23 → "twenty-three", 4000 → "four thousand"; undefined when not writable in the same style. */
export function numberToWords(value: number): string | undefined {
  for (const [word, factor] of SCALES) {
    if (value >= factor && value % factor === 0 && value / factor < 100) {
      const head = numberToWords(value / factor);
      return head ? `${head} ${word}` : undefined;
    }
  }
  if (!Number.isInteger(value) || value < 0 || value >= 100) return undefined;
  if (value < 20) return UNITS[value];
  const unit = value % 10;
  return `${TENS[Math.floor(value / 10)]}${unit ? `-${UNITS[unit]}` : ''}`;
}

function ordinal(value: number): string {
  const teen = value % 100 >= 11 && value % 100 <= 13;
  const suffix = teen ? 'th' : (['th', 'st', 'nd', 'rd'][value % 10] ?? 'th');
  return `${value}${suffix}`;
}

/**
 * How a number moves to a near one: by its last significant digit, keeping at least three steps of
 * it (540 → 530, 50 → 40, 4000 → 3000, 20 → 19); years and days by one.
 */
function step(mention: NumberMention): number {
  if (mention.format === 'year' || mention.format === 'ordinal') return 1;
  let s = 1;
  while (mention.value % (s * 10) === 0 && mention.value / (s * 10) >= 3) s *= 10;
  return s;
}

/**
 * Numbers near the mentioned one, nearest first, written the way the text writes it. Days of a
 * month stay within 1–31; counts stay above zero.
 */
export function nearNumbers(mention: NumberMention, wanted = 6): string[] {
  const unit = step(mention);
  const out: string[] = [];
  const seen = new Set([mention.text.toLowerCase()]);
  for (let k = 1; out.length < wanted && k <= wanted + 4; k++) {
    for (const value of [mention.value + k * unit, mention.value - k * unit]) {
      if (value <= 0 || (mention.format === 'ordinal' && value > 31 && mention.value <= 31)) continue;
      const text = formatLike(mention, value);
      if (!text || seen.has(text.toLowerCase())) continue;
      seen.add(text.toLowerCase());
      out.push(text);
    }
  }
  return out.slice(0, wanted);
}

function formatLike(mention: NumberMention, value: number): string | undefined {
  switch (mention.format) {
    case 'ordinal':
      return /^\d+[A-Z]{2}$/.test(mention.text) ? ordinal(value).toUpperCase() : ordinal(value);
    case 'year':
      return String(value);
    case 'digits':
      return mention.text.includes(',') ? value.toLocaleString('en-US') : String(value);
    case 'words': {
      const words = numberToWords(value);
      return words && /^\p{Lu}/u.test(mention.text) ? words.charAt(0).toUpperCase() + words.slice(1) : words;
    }
  }
}
