/** Small text helpers shared by the extractors, the structure detector and the cleaner. */

/** A set from a whitespace-separated list, which keeps long word lists compact and readable. */
export function wordSet(list: string): Set<string> {
  return new Set(list.trim().split(/\s+/));
}

/** Words = runs of non-whitespace; a loop rather than split() so huge texts cost no arrays. */
export function countWords(text: string): number {
  let words = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const space = code === 32 || (code >= 9 && code <= 13) || code === 0xa0 || code === 0x3000;
    if (space) inWord = false;
    else if (!inWord) {
      inWord = true;
      words++;
    }
  }
  return words;
}

export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

const BROKEN_WORD_END = /\p{L}[-\u00ad]$/u;
const LOWERCASE_START = /^\p{Ll}/u;

/**
 * Whether `line` ends with a word the typesetter split with a hyphen and `next` holds its rest:
 * "exam-" + "ple". A hyphen before a capital is a real compound ("Jean-" + "Luc").
 */
export function endsWithBrokenWord(line: string, next: string): boolean {
  return BROKEN_WORD_END.test(line) && LOWERCASE_START.test(next);
}

/** Joins the wrapped lines of one paragraph into one line, undoing end-of-line hyphenation. */
export function joinLines(lines: readonly string[]): string {
  let out = '';
  for (const raw of lines) {
    const line = raw.trim();
    if (!line) continue;
    if (!out) {
      out = line;
    } else if (endsWithBrokenWord(out, line)) {
      out = out.slice(0, -1) + line;
    } else if (/[-\u2014\u00ad]$/.test(out)) {
      // A compound split at its own hyphen, or an em dash: no space belongs there.
      out = (out.endsWith('\u00ad') ? out.slice(0, -1) : out) + line;
    } else {
      out += ` ${line}`;
    }
  }
  return out;
}

const ROMAN_NUMERAL = /^(?=[MDCLXVI])M{0,3}(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})$/i;

export function isRomanNumeral(text: string): boolean {
  return text.length > 0 && text.length <= 12 && ROMAN_NUMERAL.test(text);
}

const PAGE_NUMBER = /^(?:page\s+)?([0-9]{1,4}|[ivxlcdm]{1,8})(?:\s*(?:of|\/)\s*[0-9]{1,4})?$/i;

/** "12", "- 12 -", "[12]", "Page 12", "12 of 300", and (when `roman`) "xii". */
export function isPageNumberText(text: string, roman = true): boolean {
  const core = text
    .trim()
    .replace(/^[-\u2013\u2014[(]\s*/, '')
    .replace(/\s*[-\u2013\u2014\])]$/, '');
  if (core.length > 20) return false;
  const match = PAGE_NUMBER.exec(core);
  if (!match) return false;
  const number = match[1] as string;
  if (/^[0-9]+$/.test(number)) return true;
  return roman && isRomanNumeral(number);
}

/**
 * Reads as running text rather than a title: ends with a lower-case word and . ! ? … (quotes allowed),
 * or with a comma or semicolon.
 */
export function endsLikeSentence(text: string): boolean {
  return /\p{Ll}{2}[.!?…]["'\u201d\u2019)\]]*$/u.test(text.trimEnd()) || /[,;]$/.test(text.trimEnd());
}

/** What windows-1252 puts in 0x80–0x9F (curly quotes, dashes, €…); undefined bytes stay as they are. */
const WINDOWS_1252_C1 =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/**
 * TextDecoder for `label`, except that windows-1252 (and its aliases latin1 / iso-8859-1) gets its
 * 0x80–0x9F range repaired: Node 20's decoder takes a plain Latin-1 fast path there and would turn
 * “curly quotes” into invisible control characters.
 */
export function decodeBytes(bytes: Uint8Array, label: string): string {
  const decoder = new TextDecoder(label);
  const text = decoder.decode(bytes);
  if (decoder.encoding !== 'windows-1252') return text;
  return text.replace(/[\u0080-\u009f]/g, (char) => WINDOWS_1252_C1[char.charCodeAt(0) - 0x80] as string);
}
