/**
 * Where the quotations of a text are. A quotation is what a character says between its marks; one
 * utterance can have several parts: interrupted by its tag (`"Well," said she, "go on."`) or
 * carried over paragraphs, where each new paragraph reopens the quotation without the previous one
 * having been closed. Marks nested inside (single quotes within double ones) belong to the words.
 * Straight marks are read by what surrounds them, typographic ones by the way they face.
 */
import { paragraphSpans, type TextSpan } from '../../sentences';

/** One contiguous quoted span, marks included (`end` exclusive). */
export interface QuotePart {
  start: number;
  end: number;
  /** The paragraph the part lies in (index into the paragraphs of the text). */
  paragraph: number;
  /** The utterance the part belongs to (index into `QuotationScan.utterances`). */
  utterance: number;
  /** Whether the closing mark was found (an unclosed part runs to its paragraph's end). */
  closed: boolean;
}

export interface QuotationScan {
  paragraphs: TextSpan[];
  /** Every quoted part in text order. */
  parts: QuotePart[];
  /** Parts of each utterance, in order (indices into `parts`). */
  utterances: number[][];
  /** Which marks open a quotation in this text. */
  style: 'double' | 'single';
}

const OPENING_CONTEXT = /[\s([{—–\-/:;,]/;

/** Double marks unless the text quotes with single ones (British books): ‘ opening words, few “ or ". */
export function quotationStyle(text: string): 'double' | 'single' {
  let double = 0;
  let single = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"' || c === '“') double++;
    else if (
      (c === '‘' || c === "'") &&
      (i === 0 || /\s/.test(text[i - 1]!)) &&
      /\p{L}/u.test(text[i + 1] ?? '')
    )
      single++;
  }
  return single > 0 && single > double * 2 + Math.min(4, double) ? 'single' : 'double';
}

type Mark = 'open' | 'close' | 'either';

/** How a character acts as a quotation mark in this style, if it is one. */
function markAt(body: string, i: number, style: 'double' | 'single'): Mark | undefined {
  const c = body[i]!;
  if (style === 'double') {
    if (c === '“') return 'open';
    if (c === '”') return 'close';
    if (c !== '"') return undefined;
  } else {
    if (c === '‘') return isWordStart(body, i) || /[\s"“]/.test(body[i - 1] ?? ' ') ? 'open' : undefined;
    if (c === '’') return /\p{L}/u.test(body[i + 1] ?? '') ? undefined : 'close';
    if (c !== "'") return undefined;
    // A straight single mark inside a word ("don't") or after a plural ("the boys' room") is an apostrophe.
    if (/\p{L}/u.test(body[i - 1] ?? '') && /\p{L}/u.test(body[i + 1] ?? '')) return undefined;
  }
  const before = body[i - 1];
  const after = body[i + 1];
  const opening =
    (before === undefined || OPENING_CONTEXT.test(before)) && after !== undefined && !/\s/.test(after);
  const closing =
    before !== undefined && !/\s/.test(before) && (after === undefined || !/\p{L}/u.test(after));
  if (opening && !closing) return 'open';
  if (closing && !opening) return 'close';
  return 'either';
}

function isWordStart(body: string, i: number): boolean {
  return i === 0 || OPENING_CONTEXT.test(body[i - 1]!);
}

/** The quoted parts of one paragraph; `continuing` when the paragraph opens inside a quotation. */
function scanParagraph(
  body: string,
  style: 'double' | 'single',
): { spans: { from: number; to: number; closed: boolean }[]; endsOpen: boolean } {
  const spans: { from: number; to: number; closed: boolean }[] = [];
  let open = -1;
  for (let i = 0; i < body.length; i++) {
    const mark = markAt(body, i, style);
    if (!mark) continue;
    if (open < 0) {
      // A closing mark with nothing open is a stray (or an apostrophe): skip it.
      if (mark !== 'close') open = i;
      continue;
    }
    if (mark === 'open' && style === 'double' && body[i] === '“') {
      // A new opening mark before the last was closed: the last one ends here, unclosed.
      spans.push({ from: open, to: i, closed: false });
      open = i;
      continue;
    }
    if (mark === 'open' && style === 'single') continue;
    spans.push({ from: open, to: i + 1, closed: true });
    open = -1;
  }
  if (open >= 0) spans.push({ from: open, to: body.length, closed: false });
  return { spans: spans.filter((s) => /[\p{L}\p{N}]/u.test(body.slice(s.from, s.to))), endsOpen: open >= 0 };
}

/** Whether a paragraph begins with an opening quotation mark (the reopening of a carried-over quotation). */
function opensWithQuote(body: string, style: 'double' | 'single'): boolean {
  const first = body.trimStart()[0];
  return style === 'double' ? first === '"' || first === '“' : first === '‘' || first === "'";
}

/**
 * Every quotation of a text. `text` should be the reading text (see `readingText`), whose offsets
 * are those of the original.
 */
export function scanQuotations(text: string): QuotationScan {
  const paragraphs = paragraphSpans(text);
  const style = quotationStyle(text);
  const parts: QuotePart[] = [];
  const utterances: number[][] = [];
  let carried = false;
  paragraphs.forEach((paragraph, index) => {
    const { spans, endsOpen } = scanParagraph(paragraph.text, style);
    spans.forEach((span, k) => {
      const continues = k === 0 && carried && span.from === 0 && opensWithQuote(paragraph.text, style);
      const utterance = continues ? utterances.length - 1 : utterances.length;
      if (!continues) utterances.push([]);
      utterances[utterance]!.push(parts.length);
      parts.push({
        start: paragraph.start + span.from,
        end: paragraph.start + span.to,
        paragraph: index,
        utterance,
        closed: span.closed,
      });
    });
    carried = endsOpen;
  });
  return { paragraphs, parts, utterances, style };
}

/** The words of a part without its marks. */
export function innerText(text: string, part: { start: number; end: number }): string {
  return text
    .slice(part.start, part.end)
    .replace(/^["“‘']/, '')
    .replace(/["”’']$/, '');
}

/**
 * What a line quotes someone else as saying ("he said, ‘Madam, I have no time’"): single quotation
 * marks and what they enclose, after the space or bracket before them; an apostrophe inside a word
 * ("don’t") does not close it.
 */
export const INNER_QUOTATION = /(^|[\s(—-])[‘'](?:[^’']|[’'](?=\p{L}))*[’'](?!\p{L})/gu;

/** A line's own words, without what it quotes someone else as saying (`INNER_QUOTATION`). */
export function ownWords(line: string): string {
  return line.replace(INNER_QUOTATION, '$1');
}
