/**
 * Scoring quotation attribution against PDNC: a quotation is found when a predicted span overlaps
 * each of its spans, and right when the predicted span that overlaps each of its spans most names
 * one of the annotated speaker's aliases.
 */
import type { QuoteSpan } from '../../functions/engine/text/local/reading';
import { sameName, type PdncNovel, type PdncQuotation } from './pdnc';

export const QUOTE_TYPES = ['Explicit', 'Anaphoric', 'Implicit'] as const;

export interface QuoteScore {
  total: number;
  found: number;
  right: number;
  byType: Record<(typeof QUOTE_TYPES)[number], { total: number; right: number }>;
  /** Wrong or missed quotations, for reading the errors. */
  errors: { quotation: PdncQuotation; predicted: (string | null)[]; found: boolean }[];
}

function bestOverlap(predicted: readonly QuoteSpan[], start: number, end: number): QuoteSpan | undefined {
  // Predicted spans are in text order: binary search for the first that ends after `start`.
  let low = 0;
  let high = predicted.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (predicted[mid]!.end <= start) low = mid + 1;
    else high = mid;
  }
  let best: QuoteSpan | undefined;
  let bestLength = 0;
  for (let i = low; i < predicted.length && predicted[i]!.start < end; i++) {
    const p = predicted[i]!;
    const length = Math.min(end, p.end) - Math.max(start, p.start);
    if (length > bestLength) [best, bestLength] = [p, length];
  }
  return best;
}

export function scoreQuotes(novel: PdncNovel, predicted: readonly QuoteSpan[]): QuoteScore {
  const score: QuoteScore = {
    total: 0,
    found: 0,
    right: 0,
    byType: {
      Explicit: { total: 0, right: 0 },
      Anaphoric: { total: 0, right: 0 },
      Implicit: { total: 0, right: 0 },
    },
    errors: [],
  };
  // The annotation names a speaker by the character's main name, now and then by another of its names.
  const aliasesOf = (speaker: string) =>
    (
      novel.characters.find((c) => sameName(c.name, speaker)) ??
      novel.characters.find((c) => c.aliases.some((a) => sameName(a, speaker)))
    )?.aliases ?? [speaker];
  for (const quotation of novel.quotations) {
    score.total++;
    const matches = quotation.spans.map(([s, e]) => bestOverlap(predicted, s, e));
    const found = matches.every(Boolean);
    const aliases = aliasesOf(quotation.speaker);
    const right =
      found && matches.every((m) => m!.speaker !== null && aliases.some((a) => sameName(a, m!.speaker!)));
    if (found) score.found++;
    if (right) score.right++;
    const type = score.byType[quotation.type as (typeof QUOTE_TYPES)[number]];
    if (type) {
      type.total++;
      if (right) type.right++;
    }
    if (!right) score.errors.push({ quotation, predicted: matches.map((m) => m?.speaker ?? null), found });
  }
  return score;
}
