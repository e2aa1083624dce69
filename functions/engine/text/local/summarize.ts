import { contentWords, countWords, splitSentences, stem, truncateText } from '../sentences';
import { compressSentence, SIMILARITY_THRESHOLD, similarity, stemSet } from './compress';

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
 * Distinct key points of a text: sentences ranked by TextRank (with opening and keyword weights),
 * each compressed to one short statement, and kept only when no kept point says the same thing.
 * Returned in text order.
 */
export function keyPoints(text: string, maxPoints: number): string[] {
  const sentences = splitSentences(text).slice(0, MAX_RANKED_SENTENCES);
  const scores = keyPointScores(sentences);
  const ranked = scores
    .map((score, index) => ({ score, index }))
    .sort((a, b) => b.score - a.score || a.index - b.index);
  const points: { index: number; text: string; stems: Set<string> }[] = [];
  let tried = 0;
  for (const { index, score } of ranked) {
    // Compression tags each candidate, so the search stops well before the whole chapter.
    if (points.length >= maxPoints || score <= 0 || tried++ > MAX_CANDIDATES) break;
    const point = compressSentence(sentences[index]!);
    if (!point) continue;
    const stems = stemSet(point);
    if (stems.size < 3) continue;
    if (points.some((p) => similarity(p.stems, stems) >= SIMILARITY_THRESHOLD)) continue;
    points.push({ index, text: point, stems });
  }
  return points.sort((a, b) => a.index - b.index).map((p) => p.text);
}

/** Candidates tried for key points before giving up on finding more. */
const MAX_CANDIDATES = 120;

/**
 * How much each sentence deserves to be a key point: its TextRank centrality, weighted up near the
 * opening and for the chapter's keywords, down for dialogue, questions and fragments.
 */
export function keyPointScores(sentences: readonly string[]): number[] {
  const stems = sentences.map((s) => [...new Set(contentWords(s).map(stem))]);
  const rank = textRank(stems);
  const keywords = chapterKeywords(stems, 12);
  const n = sentences.length;
  return sentences.map((sentence, i) => {
    const list = stems[i]!;
    const position = 1 + 0.3 * Math.max(0, 1 - i / Math.max(5, n * 0.15));
    const keyShare = list.length ? list.filter((w) => keywords.has(w)).length / Math.max(3, list.length) : 0;
    return rank[i]! * position * (1 + keyShare) * informativeness(sentence);
  });
}

/**
 * TextRank (Mihalcea & Tarau, 2004) over sentences: an edge between two sentences weighs their
 * shared words over the log of their lengths; the score is the PageRank of that graph.
 */
export function textRank(stems: readonly (readonly string[])[], iterations = 30, damping = 0.85): number[] {
  const n = stems.length;
  if (n === 0) return [];
  const postings = new Map<string, number[]>();
  stems.forEach((list, i) => {
    for (const w of list) {
      const posting = postings.get(w);
      if (posting) posting.push(i);
      else postings.set(w, [i]);
    }
  });
  const edges: Map<number, number>[] = stems.map(() => new Map());
  stems.forEach((list, i) => {
    const shared = new Map<number, number>();
    for (const w of list)
      for (const j of postings.get(w)!) if (j > i) shared.set(j, (shared.get(j) ?? 0) + 1);
    for (const [j, count] of shared) {
      const weight = count / (Math.log(list.length + 1) + Math.log(stems[j]!.length + 1));
      edges[i]!.set(j, weight);
      edges[j]!.set(i, weight);
    }
  });
  const outWeight = edges.map((e) => [...e.values()].reduce((a, b) => a + b, 0));
  let rank = new Array<number>(n).fill(1 / n);
  for (let step = 0; step < iterations; step++) {
    const next = new Array<number>(n).fill((1 - damping) / n);
    edges.forEach((e, j) => {
      if (outWeight[j] === 0) return;
      const share = (damping * rank[j]!) / outWeight[j]!;
      for (const [i, weight] of e) next[i]! += share * weight;
    });
    rank = next;
  }
  return rank;
}

/** The `count` stems found in the most sentences (at least two). */
function chapterKeywords(stems: readonly (readonly string[])[], count: number): Set<string> {
  const frequency = new Map<string, number>();
  for (const list of stems) for (const w of list) frequency.set(w, (frequency.get(w) ?? 0) + 1);
  return new Set(
    [...frequency]
      .filter(([, f]) => f >= 2)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, count)
      .map(([w]) => w),
  );
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
