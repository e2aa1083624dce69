/**
 * Text preparation shared by the speech engines: making text safe to send, finding the words whose
 * timings we report, and cutting long texts into pieces a synthesiser handles well.
 */

/** Longest text one synthesis request accepts (about 17 000 words, two hours of speech). */
export const MAX_SPEECH_CHARS = 100_000;

/**
 * Same length as the input (so offsets stay valid), with what synthesisers misread replaced by
 * spaces: markup brackets (espeak and Polly would parse them as SSML), control characters and lone
 * surrogates. Characters outside the BMP become two spaces, which also makes espeak's code-point
 * positions equal to JavaScript string offsets.
 */
export function speakableText(text: string): string {
  return text.replace(/[\u{10000}-\u{10FFFF}]/gu, '  ').replace(/[<>]|[^\P{Cc}\t\n\r]|\p{Cs}/gu, ' ');
}

export interface WordToken {
  word: string;
  charStart: number;
  charEnd: number;
}

/**
 * Letters, digits and combining marks, joined by inner apostrophes, hyphens and dots (don't,
 * well-known, U.S.A) and by commas, colons and dots between digits (1,234 · 3:45 · 2.5).
 */
const WORD = /[\p{L}\p{N}\p{M}]+(?:(?:['’\-‐.](?=[\p{L}\p{N}])|[,:](?=\p{N}))[\p{L}\p{N}\p{M}]+)*/gu;

export function tokenizeWords(text: string): WordToken[] {
  return [...text.matchAll(WORD)].map((match) => ({
    word: match[0],
    charStart: match.index,
    charEnd: match.index + match[0].length,
  }));
}

export interface TextChunk {
  /** Offsets into the original text (trimmed of surrounding whitespace). */
  start: number;
  end: number;
  /** A paragraph ends with this chunk (a longer pause follows). */
  paragraphEnd: boolean;
}

interface Span {
  start: number;
  end: number;
}

function trimSpan(text: string, start: number, end: number): Span | null {
  while (start < end && /\s/.test(text[start]!)) start++;
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  return end > start ? { start, end } : null;
}

/** Spans between the separators matched by `pattern` (a global regex), trimmed, empty ones dropped. */
function splitSpans(text: string, span: Span, pattern: RegExp, keepSeparator: boolean): Span[] {
  const spans: Span[] = [];
  const slice = text.slice(span.start, span.end);
  let from = 0;
  for (const match of slice.matchAll(pattern)) {
    const cut = keepSeparator ? match.index + match[0].length : match.index;
    const piece = trimSpan(text, span.start + from, span.start + cut);
    if (piece) spans.push(piece);
    from = match.index + match[0].length;
  }
  const rest = trimSpan(text, span.start + from, span.end);
  if (rest) spans.push(rest);
  return spans;
}

/** Sentence ends: terminal punctuation plus closing quotes or brackets, then whitespace. */
const SENTENCE_END = /[.!?…]+["'”’»)\]]*\s+/g;
const CLAUSE_END = /[,;:—–]\s*/g;

/** Cuts a span longer than `maxChars` at clause punctuation, then at spaces, then anywhere. */
function splitOversized(text: string, span: Span, maxChars: number): Span[] {
  if (span.end - span.start <= maxChars) return [span];
  for (const separator of [CLAUSE_END, /\s+/g]) {
    const parts = splitSpans(text, span, separator, separator === CLAUSE_END);
    if (parts.length > 1) return group(text, parts, maxChars);
  }
  const pieces: Span[] = [];
  for (let start = span.start; start < span.end; start += maxChars) {
    pieces.push({ start, end: Math.min(span.end, start + maxChars) });
  }
  return pieces;
}

/** Joins consecutive spans while the joined span stays within `maxChars`. */
function group(text: string, spans: Span[], maxChars: number): Span[] {
  const grouped: Span[] = [];
  for (const span of spans.flatMap((s) => splitOversized(text, s, maxChars))) {
    const last = grouped[grouped.length - 1];
    if (last && span.end - last.start <= maxChars) last.end = span.end;
    else grouped.push({ ...span });
  }
  return grouped;
}

/**
 * Cuts text into chunks of at most `maxChars`, preferring paragraph, then sentence, then clause
 * boundaries. With `keepParagraphs`, every paragraph starts a new chunk (so a pause can follow it);
 * otherwise paragraphs are packed together, which keeps the number of requests low.
 */
export function chunkText(text: string, options: { maxChars: number; keepParagraphs: boolean }): TextChunk[] {
  const whole = trimSpan(text, 0, text.length);
  if (!whole) return [];
  const paragraphs = splitSpans(text, whole, /\n[^\S\n]*\n\s*/g, false);
  const sentencesOf = (paragraph: Span) => splitSpans(text, paragraph, SENTENCE_END, true);
  if (!options.keepParagraphs) {
    return group(text, paragraphs.flatMap(sentencesOf), options.maxChars).map((span) => ({
      ...span,
      paragraphEnd: false,
    }));
  }
  return paragraphs.flatMap((paragraph) => {
    const chunks = group(text, sentencesOf(paragraph), options.maxChars);
    return chunks.map((span, index) => ({ ...span, paragraphEnd: index === chunks.length - 1 }));
  });
}
