import { contentWords, countWords, splitSentences, stem, truncateText } from '../sentences';

export interface SummaryOptions {
  maxSentences?: number;
  maxChars?: number;
}

/** Sentences beyond this are ignored when ranking, so the cost stays bounded on very long chapters. */
const MAX_RANKED_SENTENCES = 2000;

/**
 * Extractive summary: the sentences that carry the chapter's most frequent content words, with a
 * small bonus for the opening, returned in their original order.
 */
export function summarize(text: string, options: SummaryOptions = {}): string {
  const maxSentences = options.maxSentences ?? 3;
  const maxChars = options.maxChars ?? 600;
  const sentences = splitSentences(text).slice(0, MAX_RANKED_SENTENCES);
  if (sentences.length <= maxSentences) return truncateText(sentences.join(' '), maxChars);
  const scores = scoreSentences(sentences).map((score, i) => score * informativeness(sentences[i]!));
  const chosen = topIndices(scores, maxSentences).map((index) => sentences[index]!);
  return truncateText(chosen.join(' '), maxChars);
}

/**
 * How central each sentence is: the summed corpus frequency of its content words, normalised by
 * length so long sentences do not win by size, with penalties for fragments and run-ons.
 */
export function scoreSentences(sentences: readonly string[]): number[] {
  const words = sentences.map((s) => contentWords(s).map(stem));
  const frequency = new Map<string, number>();
  for (const list of words) for (const w of new Set(list)) frequency.set(w, (frequency.get(w) ?? 0) + 1);
  return sentences.map((sentence, index) => {
    const list = words[index]!;
    const weight = list.reduce((sum, w) => sum + (frequency.get(w) ?? 0), 0);
    const lengthPenalty = Math.sqrt(Math.max(list.length, 1));
    const tooShortOrLong = sentence.length < 30 || sentence.length > 400 ? 0.3 : 1;
    const openingBonus = index < 3 ? 1.3 : 1;
    return (weight / lengthPenalty) * tooShortOrLong * openingBonus;
  });
}

/** Indices of the `count` best scores, in text order. */
function topIndices(scores: readonly number[], count: number): number[] {
  return scores
    .map((score, index) => ({ score, index }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, Math.max(0, count))
    .map((s) => s.index)
    .sort((a, b) => a - b);
}

/**
 * The best sentences that fit in `maxWords`, in text order; always at least one sentence (cut to
 * the budget) so a short budget still says something.
 */
export function condense(sentences: readonly string[], maxWords: number): string {
  if (sentences.length === 0) return '';
  const counts = sentences.map((s) => countWords(s));
  const total = counts.reduce((a, b) => a + b, 0);
  if (total <= maxWords) return sentences.join(' ');
  const scores = scoreSentences(sentences);
  const order = scores
    .map((score, index) => ({ score, index }))
    .sort((a, b) => b.score - a.score || a.index - b.index);
  const chosen: number[] = [];
  let used = 0;
  for (const { index } of order) {
    const words = counts[index]!;
    if (used + words > maxWords) continue;
    chosen.push(index);
    used += words;
  }
  if (chosen.length === 0) return cutToWords(sentences[order[0]!.index]!, maxWords);
  return chosen
    .sort((a, b) => a - b)
    .map((i) => sentences[i]!)
    .join(' ');
}

/**
 * Distinct, informative points of a text: central sentences (dialogue and fragments avoided), each
 * shortened to its main clause and kept only when it does not repeat an earlier point.
 */
export function keyPoints(text: string, maxPoints: number): string[] {
  const sentences = splitSentences(text).slice(0, MAX_RANKED_SENTENCES);
  const scores = scoreSentences(sentences);
  const ranked = scores
    .map((score, index) => ({ score: score * informativeness(sentences[index]!), index }))
    .sort((a, b) => b.score - a.score || a.index - b.index);
  const points: { index: number; text: string; words: Set<string> }[] = [];
  for (const { index, score } of ranked) {
    if (points.length >= maxPoints || score <= 0) break;
    const point = mainClause(sentences[index]!);
    const words = new Set(contentWords(point).map(stem));
    if (words.size < 3) continue;
    if (points.some((p) => overlap(p.words, words) > 0.5)) continue;
    points.push({ index, text: point, words });
  }
  return points.sort((a, b) => a.index - b.index).map((p) => p.text);
}

export function cutToWords(text: string, maxWords: number): string {
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length <= maxWords) return text.trim();
  return `${words
    .slice(0, maxWords)
    .join(' ')
    .replace(/[,;:]$/, '')}…`;
}

/** Narrative sentences make better key points than lines of dialogue or questions. */
function informativeness(sentence: string): number {
  let factor = 1;
  if (/["“”]/.test(sentence)) factor *= 0.4;
  if (sentence.endsWith('?')) factor *= 0.5;
  if (sentence.length < 40) factor *= 0.5;
  return factor;
}

/** Long sentences are cut after their first complete clause so a point reads as one idea. */
function mainClause(sentence: string): string {
  const clean = sentence.replace(/\s+/g, ' ').trim();
  if (clean.length <= 180) return clean;
  const cut = clean.slice(0, 180);
  const boundary = Math.max(cut.lastIndexOf('; '), cut.lastIndexOf(', and '), cut.lastIndexOf(', but '));
  if (boundary > 60) return `${cut.slice(0, boundary)}.`;
  return truncateText(clean, 180);
}

function overlap(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return shared / Math.min(a.size, b.size);
}
