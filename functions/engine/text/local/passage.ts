/**
 * A chapter as the lines a script speaks, in the book's order and in the book's words: each quoted
 * part of an attributed quotation as a line of its speaker, and the narration around them, cut at
 * the quotations and without the bare speech tags ("said Alice", "he replied, smiling") that only
 * say who spoke. Nothing is rewritten: every line is the chapter's text at its offsets with its
 * whitespace collapsed and a trailing comma, colon or dash trimmed.
 */
import { paragraphSpans, sentenceSpans, type TextSpan } from '../sentences';
import { escapeRegExp } from '../strings';
import type { Quote } from './dialogue';
import { SPEECH_VERBS } from './lexicon';
import type { Character } from './names';

export interface ScriptItem {
  kind: 'narration' | 'dialogue';
  /** The chapter's words at [start, end), whitespace collapsed. */
  text: string;
  start: number;
  end: number;
  paragraph: number;
  speaker?: Character;
  parenthetical?: string;
}

/** Marks that open and close quotations (the straight ones do both; a straight single one is also an apostrophe). */
const OPENING_MARKS = new Set(['"', '“', '‘', "'"]);
const CLOSING_MARKS = new Set(['"', '”', '’', "'"]);

/** Whether the mark at `i` opens a quotation: a straight single mark only before words, not inside one ("don't"). */
function opensAt(text: string, i: number): boolean {
  const c = text[i]!;
  if (c !== "'") return OPENING_MARKS.has(c);
  return !/\p{L}/u.test(text[i - 1] ?? '') && /[\p{L}\p{N}"“‘—–.-]/u.test(text[i + 1] ?? '');
}

/**
 * Narration and dialogue of a text in order. A quotation without a speaker stays in the narration
 * with its marks (the narrator reads it), as does a short quotation inside a sentence ("the house
 * they called “the Grange”"), which names something rather than speaks.
 */
export function readScriptItems(text: string, quotes: readonly Quote[]): ScriptItem[] {
  const paragraphs = paragraphSpans(text);
  const paragraphAt = paragraphLocator(paragraphs);
  const spoken: { part: TextSpan; claimed: TextSpan; quote: Quote }[] = [];
  for (const quote of quotes) {
    if (!quote.speaker || namesRatherThanSpeaks(text, quote)) continue;
    for (const part of quoteParts(text, quote)) spoken.push({ part, claimed: withMarks(text, part), quote });
  }
  spoken.sort((a, b) => a.claimed.start - b.claimed.start);

  const items: ScriptItem[] = [];
  let cursor = 0;
  let previous: Quote | undefined;
  const narrate = (from: number, to: number, next: boolean) => {
    const pieces = narrationPieces(text, from, to, { after: previous, before: next });
    for (const piece of pieces)
      items.push({ kind: 'narration', ...piece, paragraph: paragraphAt(piece.start) });
  };
  for (const { part, claimed, quote } of spoken) {
    if (claimed.start < cursor) continue;
    // `"But, my dear Frankenstein," continued he, stopping short and gazing full in my face, "I did
    // not…"`: the words between two parts of one line are its tag and how it was said, not narration.
    const sameVoice =
      previous !== undefined &&
      (previous === quote || (previous.speaker === quote.speaker && previous.paragraph === quote.paragraph));
    if (!(sameVoice && interruptingTag(text.slice(cursor, claimed.start))))
      narrate(cursor, claimed.start, true);
    const line = trimLine(text, part.start, part.end);
    if (line) {
      items.push({
        kind: 'dialogue',
        ...line,
        paragraph: paragraphAt(line.start),
        speaker: quote.speaker,
        ...(quote.parenthetical ? { parenthetical: quote.parenthetical } : {}),
      });
    }
    cursor = claimed.end;
    previous = quote;
  }
  narrate(cursor, text.length, false);
  return mergeNarration(text, items);
}

/** The whole text as narration, paragraph by paragraph, quotations and tags included. */
export function readAsNarration(text: string): ScriptItem[] {
  return paragraphSpans(text).flatMap((paragraph, index) => {
    const line = trimLine(text, paragraph.start, paragraph.end);
    return line && /\p{L}/u.test(line.text)
      ? [{ kind: 'narration' as const, ...line, paragraph: index }]
      : [];
  });
}

function paragraphLocator(paragraphs: readonly TextSpan[]): (offset: number) => number {
  return (offset) => {
    let low = 0;
    let high = paragraphs.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (paragraphs[mid]!.start <= offset) low = mid;
      else high = mid - 1;
    }
    return Math.max(0, low);
  };
}

/**
 * The quoted parts of a quotation: one, or several when a tag interrupts it (`“Go,” said Nell, “now.”`)
 * or it runs over paragraphs (each reopened with a mark). Offsets of the words inside the marks.
 */
export function quoteParts(text: string, quote: Pick<Quote, 'start' | 'end'>): TextSpan[] {
  const parts: TextSpan[] = [];
  let i = quote.start;
  while (i < quote.end) {
    while (i < quote.end && !opensAt(text, i)) i++;
    if (i >= quote.end) break;
    const single = text[i] === '‘' || text[i] === "'";
    const start = i + 1;
    let j = start;
    while (j < quote.end && !closesAt(text, j, single)) {
      // A quotation running on into the next paragraph ends this part at the paragraph's end.
      if (text[j] === '\n' && /^\n[ \t\r]*\n/.test(text.slice(j, j + 8))) break;
      j++;
    }
    if (/\p{L}/u.test(text.slice(start, j))) parts.push({ text: text.slice(start, j), start, end: j });
    i = j + 1;
  }
  return parts;
}

function closesAt(text: string, at: number, single: boolean): boolean {
  const c = text[at]!;
  // "'It's late,' she said": the mark after a word and before no letter closes; the one in "it's" does not.
  if (single) return (c === '’' || c === "'") && !/\p{L}/u.test(text[at + 1] ?? '');
  return c === '"' || c === '”';
}

/** The part with the marks around it, which belong to neither the line nor the narration. */
function withMarks(text: string, part: TextSpan): TextSpan {
  const start = part.start > 0 && opensAt(text, part.start - 1) ? part.start - 1 : part.start;
  const end = CLOSING_MARKS.has(text[part.end] ?? '') ? part.end + 1 : part.end;
  return { text: text.slice(start, end), start, end };
}

/**
 * A few words in marks inside a sentence name something (`a creature they called “the Beast” and
 * feared`): no sentence end inside, a word right before the opening mark, and the sentence going on
 * in lower case after it.
 */
function namesRatherThanSpeaks(text: string, quote: Quote): boolean {
  if (quote.end - quote.start > 60) return false;
  const inner = text.slice(quote.start + 1, quote.end - 1);
  if (/[.!?…,;:]\s*$/.test(inner) || inner.split(/\s+/).length > 6) return false;
  const before = text.slice(Math.max(0, quote.start - 2), quote.start);
  const after = text.slice(quote.end, quote.end + 3);
  return /\p{L}\s$/u.test(before) && /^\s?\p{Ll}/u.test(after);
}

/** The text of [from, to) without whitespace and joining punctuation at its ends, or undefined. */
function trimLine(
  text: string,
  from: number,
  to: number,
): { text: string; start: number; end: number } | undefined {
  let start = from;
  let end = to;
  while (start < end && /[\s,;:—–-]/.test(text[start]!)) start++;
  while (end > start && /[\s,;:—–-]/.test(text[end - 1]!)) end--;
  if (end <= start || !/\p{L}/u.test(text.slice(start, end))) return undefined;
  return { text: text.slice(start, end).replace(/\s+/g, ' '), start, end };
}

/**
 * Narration between two quoted parts: its sentences, without a speech tag right after the first
 * part (`“Fine,” said Alice.`) or right before the second (`Alice said, “…”`). A sentence of its own
 * between them ("He laughed.") is narration.
 */
function narrationPieces(
  text: string,
  from: number,
  to: number,
  around: { after?: Quote; before: boolean },
): { text: string; start: number; end: number }[] {
  const gap = text.slice(from, to);
  if (!/\p{L}/u.test(gap)) return [];
  const spans = sentenceSpans(gap);
  const pieces: { text: string; start: number; end: number }[] = [];
  spans.forEach((span, index) => {
    const line = trimLine(text, from + span.start, from + span.end);
    if (!line) return;
    const first = index === 0 && around.after !== undefined && /^[\s,]*$/.test(gap.slice(0, span.start));
    const last = index === spans.length - 1 && around.before && /[,:—–-]\s*$/.test(gap.slice(span.start));
    const tag =
      (first &&
        (/^\p{Ll}/u.test(line.text) ||
          /,\s*["”’]?$/.test(text.slice(around.after!.start, from)) ||
          PURE_TAG.test(line.text))) ||
      last;
    if (!(tag && isSpeechTag(line.text))) pieces.push(line);
  });
  return pieces;
}

const VERBS = [...new Set([...SPEECH_VERBS.keys(), 'thought', 'went on', 'resumed', 'rejoined', 'retorted'])]
  .sort((a, b) => b.length - a.length)
  .map(escapeRegExp)
  .join('|');
const SUBJECT = String.raw`(?:he|she|I|they|we|it|(?:the|a|an|his|her|my|our|their|poor|old|young|little)\s+(?:[\p{L}’'-]+\s+){0,2}[\p{L}’'-]+|\p{Lu}[\p{L}.’'-]*(?:\s+\p{Lu}[\p{L}.’'-]*){0,2})`;
const MANNER = String.raw`(?:\s+(?:\p{L}+ly|again|aloud|presently|at\s+(?:last|once|length)|to\s+(?:him|her|them|me|us|himself|herself|myself|itself|\p{Lu}[\p{L}’'-]*)|in\s+(?:a|an|the|his|her|my|their)\s+[\p{L}-]+(?:\s+[\p{L}-]+)?))`;
const AFTERWARDS = String.raw`(?:,?\s+(?:[\p{L}-]+ing|with\s+(?:a|an|the|his|her|my|their)\s+[\p{L}-]+)(?:\s+[\p{L}’'-]+){0,3})`;
/** A verb of speech and its speaker, either way round ("said Alice", "she replied softly"). */
const TAG_CORE = String.raw`(?:(?:${VERBS})\s+${SUBJECT}|${SUBJECT}(?:\s+\p{L}+ly)?\s+(?:${VERBS}))`;
const SPEECH_TAG = new RegExp(
  String.raw`^(?:(?:[Aa]nd|[Tt]hen|[Bb]ut)\s+)?${TAG_CORE}${MANNER}*${AFTERWARDS}?[\s.!?…]*$`,
  'u',
);

/** A tag opening the words between two parts of a line, with no sentence of its own after it. */
const TAG_OPENING = new RegExp(String.raw`^[\s,;:—–-]*${TAG_CORE}\b`, 'u');
function interruptingTag(gap: string): boolean {
  return (
    TAG_OPENING.test(gap) &&
    gap.split(/\s+/).length <= 30 &&
    !/[.!?]["”’']?\s+\p{Lu}/u.test(gap) &&
    !/\n\s*\n/.test(gap)
  );
}

/** Verbs that only ever tag speech (unlike "laughed" or "went on", which may be narration of their own). */
const PURE_TAG = new RegExp(
  String.raw`\b(?:said|says|asked|asks|replied|replies|answered|exclaimed|cried|whispered|muttered|murmured|shouted|inquired|enquired|returned|rejoined|retorted)\b`,
  'u',
);

/** "said Alice.", "the Queen cried", "he replied, smiling", "said he, in a low voice". */
export function isSpeechTag(piece: string): boolean {
  return piece.split(/\s+/).length <= 12 && SPEECH_TAG.test(piece.trim());
}

/** Narration pieces of one paragraph with nothing left out between them become one line. */
function mergeNarration(text: string, items: ScriptItem[]): ScriptItem[] {
  const merged: ScriptItem[] = [];
  for (const item of items) {
    const last = merged.at(-1);
    if (
      last &&
      last.kind === 'narration' &&
      item.kind === 'narration' &&
      last.paragraph === item.paragraph &&
      /^\s*$/.test(text.slice(last.end, item.start))
    ) {
      merged[merged.length - 1] = {
        ...last,
        end: item.end,
        text: text.slice(last.start, item.end).replace(/\s+/g, ' '),
      };
    } else merged.push(item);
  }
  return merged;
}
