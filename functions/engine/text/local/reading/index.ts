/**
 * The reading of a story: its cast, its quotations and who says each one. The `quotes` command,
 * the benchmark and the script, voice and audio stages all read a text through `readStory`.
 */
import { scanEntities } from '../entities';
import { findCast, type Cast, type Character } from '../names';
import { attributeQuotations, castNarrator, type AttributedPart } from './attribution';
import { scanQuotations, type QuotationScan } from './quotations';
import { readingText } from './text';

export interface StoryReading {
  /** The text with offsets unchanged and typography made plain (see `readingText`). */
  text: string;
  cast: Cast;
  scan: QuotationScan;
  parts: AttributedPart[];
  narrator?: Character;
}

export function readStory(raw: string, cast?: Cast): StoryReading {
  const text = readingText(raw);
  const found = cast ?? findCast(text, { scan: scanEntities(text) });
  const scan = scanQuotations(text);
  const { parts, described, narrator } = attributeQuotations(text, scan, found);
  castNarrator(found, narrator);
  // Those known only by a description that speaks ("The Surgeon") join the cast, after the named.
  found.characters.push(...described.sort((a, b) => b.mentions - a.mentions));
  return { text, cast: found, scan, parts, narrator };
}

/** One quotation as the `quotes` command prints it. */
export interface QuoteSpan {
  start: number;
  end: number;
  speaker: string | null;
}

/** Every contiguous quoted span of a text with the name of its speaker (null when unknown). */
export function quoteSpans(raw: string): QuoteSpan[] {
  return readStory(raw).parts.map((p) => ({ start: p.start, end: p.end, speaker: p.speaker?.name ?? null }));
}
