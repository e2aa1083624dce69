/** Sentence splitting and word statistics shared by the text capabilities of the engine. */
const ABBREVIATIONS = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'sr',
  'jr',
  'st',
  'mt',
  'vs',
  'etc',
  'e.g',
  'i.e',
  'fig',
  'no',
  'vol',
  'ch',
  'p',
  'pp',
  'inc',
  'ltd',
  'co',
]);

/** A piece of a text with its character offsets in that text (`end` exclusive). */
export interface TextSpan {
  text: string;
  start: number;
  end: number;
}

const SENTENCE_END = new Set(['.', '!', '?', '…']);
const CLOSERS = /["'”’)\]]/;
const OPENERS = /^["'“‘(]+/;

/**
 * Sentences of a text with their offsets. Keeps "Mr. Smith" and "e.g. this" together, does not end a
 * sentence before a lower-case word (`"Where?" asked Ahab.`), and always ends one at a blank line so
 * headings and verse lines do not swallow the next paragraph. Linear time.
 */
export function sentenceSpans(text: string): TextSpan[] {
  const spans: TextSpan[] = [];
  let start = skipSpace(text, 0);
  const push = (end: number) => {
    let e = end;
    while (e > start && /\s/.test(text[e - 1]!)) e--;
    if (e > start) spans.push({ text: text.slice(start, e), start, end: e });
  };
  for (let i = start; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\n' && isBlankLineAhead(text, i)) {
      push(i);
      start = skipSpace(text, i);
      i = start - 1;
      continue;
    }
    if (!SENTENCE_END.has(c)) continue;
    let end = i + 1;
    while (end < text.length && (SENTENCE_END.has(text[end]!) || CLOSERS.test(text[end]!))) end++;
    if (end < text.length && !/\s/.test(text[end]!)) continue;
    const next = skipSpace(text, end);
    if (next < text.length && /\p{Ll}/u.test(text[next]!)) continue;
    if (c === '.' && end === i + 1) {
      const word = lastWord(text, start, i);
      if (ABBREVIATIONS.has(word) || /^\p{L}$/u.test(word)) continue;
    }
    push(end);
    start = next;
    i = next - 1;
  }
  push(text.length);
  return spans;
}

/** Splits prose into sentences (whitespace normalised), keeping "Mr. Smith" and "e.g. this" together. */
export function splitSentences(text: string): string[] {
  return sentenceSpans(text).map((span) => span.text.replace(/\s+/g, ' '));
}

/**
 * Paragraphs with offsets: blocks between blank lines, or single lines when the text has no blank
 * lines (one paragraph per line is the other common layout of extracted books).
 */
export function paragraphSpans(text: string): TextSpan[] {
  // CRLF books ("\r\n\r\n") separate paragraphs the same way.
  const separator = /\n[ \t\r]*\n/.test(text) ? /\r?\n[ \t\r]*(?:\n[ \t\r]*)+/g : /(?:\r?\n)+/g;
  const spans: TextSpan[] = [];
  let start = 0;
  const push = (end: number) => {
    const raw = text.slice(start, end);
    const lead = raw.length - raw.trimStart().length;
    const trimmed = raw.trim();
    if (trimmed) spans.push({ text: trimmed, start: start + lead, end: start + lead + trimmed.length });
  };
  for (const match of text.matchAll(separator)) {
    push(match.index);
    start = match.index + match[0].length;
  }
  push(text.length);
  return spans;
}

/** Whitespace-separated words, counted without allocating (safe on very long texts). */
export function countWords(text: string): number {
  let count = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const space = code === 32 || (code >= 9 && code <= 13) || code === 160;
    if (!space && !inWord) count++;
    inWord = !space;
  }
  return count;
}

export const STOP_WORDS = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below between both but by ' +
    'can could did do does doing down during each few for from further had has have having he her here hers herself him ' +
    'himself his how i if in into is it its itself just me more most my myself no nor not now of off on once only or other ' +
    'our ours ourselves out over own same she should so some such than that the their theirs them themselves then there ' +
    'these they this those through to too under until up very was we were what when where which while who whom why will ' +
    'with would you your yours yourself yourselves said says also one two like get got went go goes us may might must shall'
  ).split(' '),
);

export function contentWords(sentence: string): string[] {
  return (sentence.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? []).filter(
    (w) => w.length > 2 && !STOP_WORDS.has(w),
  );
}

/** Crude English stemming so "sailed", "sails" and "sailing" meet in word-overlap scores. */
export function stem(word: string): string {
  const w = word.toLowerCase().replace(/['’]s$/, '');
  if (w.length <= 4) return w;
  for (const suffix of ['ingly', 'edly', 'ing', 'ies', 'ied', 'ed', 'es', 'ly', 's']) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) return w.slice(0, -suffix.length);
  }
  return w;
}

/** Shortens text to at most `maxChars`, at a word boundary, marking the cut with an ellipsis. */
export function truncateText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const cut = text.slice(0, maxChars);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), maxChars - 20)).trimEnd()}…`;
}

/** The start of a text up to `limit` characters, ending at a sentence end when one is near. */
export function cutAtSentence(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit);
  let end = -1;
  for (const match of cut.matchAll(/[.!?…]["”’)]*(?=\s)/g)) end = match.index + match[0].length;
  return end > limit / 2 ? cut.slice(0, end) : cut;
}

function skipSpace(text: string, from: number): number {
  let i = from;
  while (i < text.length && /\s/.test(text[i]!)) i++;
  return i;
}

function isBlankLineAhead(text: string, newline: number): boolean {
  for (let i = newline + 1; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\n') return true;
    if (c !== ' ' && c !== '\t' && c !== '\r') return false;
  }
  return false;
}

function lastWord(text: string, start: number, end: number): string {
  let i = end;
  while (i > start && !/\s/.test(text[i - 1]!)) i--;
  return text.slice(i, end).toLowerCase().replace(OPENERS, '');
}
