import { countWords } from './text-tools';

/**
 * Splits text without usable headings into readable parts at paragraph boundaries. Paragraphs longer
 * than a part are cut at sentence ends, or at word boundaries when there are none (one 2 MB
 * paragraph of words). Everything is a single linear pass: no regexes over the whole text.
 */

export const READABLE_PART_WORDS = { target: 2_500, min: 800, max: 5_000 };

interface Piece {
  text: string;
  words: number;
  /** Cut out of the same paragraph as the piece before it. */
  continuesParagraph: boolean;
}

function isSpaceCode(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13) || code === 0xa0;
}

/** Whether the word ending just before `end` closes a sentence (allowing closing quotes). */
function endsSentenceBefore(text: string, end: number): boolean {
  let at = end - 1;
  for (let skipped = 0; skipped < 3 && at > 0 && /["'\u201d\u2019)\]]/.test(text[at] as string); skipped++)
    at--;
  const char = text[at];
  return char === '.' || char === '!' || char === '?' || char === '\u2026';
}

/** Cuts `text` into pieces of at most `limit` words, preferring sentence ends in the second half. */
export function splitLongParagraph(text: string, limit: number): string[] {
  const pieces: string[] = [];
  let start = 0;
  let words = 0;
  let inWord = false;
  let sentenceEnd = -1;
  let wordsAtSentenceEnd = 0;
  const cutAt = (end: number, wordsBefore: number) => {
    const piece = text.slice(start, end).trim();
    if (piece) pieces.push(piece);
    start = end;
    words -= wordsBefore;
    sentenceEnd = -1;
  };
  for (let i = 0; i <= text.length; i++) {
    const space = i === text.length || isSpaceCode(text.charCodeAt(i));
    if (!space) {
      if (!inWord) {
        inWord = true;
        words++;
      }
      continue;
    }
    if (!inWord) continue;
    inWord = false;
    if (endsSentenceBefore(text, i)) {
      sentenceEnd = i;
      wordsAtSentenceEnd = words;
    }
    if (words >= limit) {
      if (sentenceEnd > start && wordsAtSentenceEnd >= limit / 2) cutAt(sentenceEnd, wordsAtSentenceEnd);
      else cutAt(i, words);
    }
  }
  cutAt(text.length, words);
  return pieces;
}

/** How many parts: close to the target size, never above the maximum, never below the minimum. */
function partCount(totalWords: number): number {
  const { target, min, max } = READABLE_PART_WORDS;
  let count = Math.max(1, Math.round(totalWords / target), Math.ceil(totalWords / max));
  if (totalWords >= min) count = Math.min(count, Math.floor(totalWords / min));
  return Math.max(1, count);
}

/** Groups paragraphs into parts; each part's text has its paragraphs joined by blank lines. */
export function splitIntoReadableParts(paragraphs: readonly string[]): string[] {
  const counted = paragraphs.map((text) => ({ text, words: countWords(text) }));
  const total = counted.reduce((sum, paragraph) => sum + paragraph.words, 0);
  if (total === 0) return [];
  const target = total / partCount(total);
  // Pieces never exceed the target, so the greedy grouping below can always stay under the maximum.
  const pieceLimit = Math.max(1, Math.floor(target));

  const pieces: Piece[] = [];
  for (const paragraph of counted) {
    if (paragraph.words <= pieceLimit) {
      pieces.push({ ...paragraph, continuesParagraph: false });
      continue;
    }
    splitLongParagraph(paragraph.text, pieceLimit).forEach((text, index) => {
      pieces.push({ text, words: countWords(text), continuesParagraph: index > 0 });
    });
  }

  const { min, max } = READABLE_PART_WORDS;
  const parts: Piece[][] = [];
  let current: Piece[] = [];
  let words = 0;
  for (const piece of pieces) {
    const next = words + piece.words;
    const closerWithout = Math.abs(words - target) < Math.abs(next - target);
    if (current.length > 0 && (next > max || (closerWithout && words >= min))) {
      parts.push(current);
      current = [];
      words = 0;
    }
    current.push(piece);
    words += piece.words;
  }
  if (current.length > 0) parts.push(current);
  balanceLastPart(parts);
  return parts.map(joinPieces);
}

function sumWords(pieces: readonly Piece[]): number {
  return pieces.reduce((sum, piece) => sum + piece.words, 0);
}

/** A short tail is merged into the part before it, or fed from it when merging would be too long. */
function balanceLastPart(parts: Piece[][]): void {
  const { min, max } = READABLE_PART_WORDS;
  if (parts.length < 2) return;
  const last = parts[parts.length - 1] as Piece[];
  const previous = parts[parts.length - 2] as Piece[];
  let lastWords = sumWords(last);
  if (lastWords >= min) return;
  if (lastWords + sumWords(previous) <= max) {
    for (const piece of last) previous.push(piece);
    parts.pop();
    return;
  }
  while (lastWords < min && previous.length > 1) {
    const moved = previous.pop() as Piece;
    last.unshift(moved);
    lastWords += moved.words;
  }
}

function joinPieces(pieces: readonly Piece[]): string {
  let text = '';
  for (const piece of pieces) {
    if (!text) text = piece.text;
    else text += (piece.continuesParagraph ? ' ' : '\n\n') + piece.text;
  }
  return text;
}
