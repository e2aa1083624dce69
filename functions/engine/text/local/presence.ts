/**
 * Who is present in a passage: whoever speaks in it (by the engine's attribution) and whoever acts
 * in its narration, named as the subject of a verb ("Clerval entered", "Clerval and I walked") or
 * through their body ("Clerval's eyes filled with tears"). A name in someone's speech, in a memory,
 * a dream or a letter ("I thought of Elizabeth"), or in a comparison ("such as even Dante could not
 * have conceived") is talked about, not there. A first-person narrator is present when the
 * narration says what "I" does.
 */
import type { Quote } from './dialogue';
import { mentionsIn } from './reading/tags';
import type { Cast, Character, Mention } from './names';
import { tagWords } from './nlp';
import { sentenceSpans, type TextSpan } from '../sentences';

export interface PresenceInput {
  text: string;
  cast: Cast;
  quotes: readonly Quote[];
  narrator?: Character;
}

/** Characters who act or speak in text[span), most present first. */
export function presentCharacters(chapter: PresenceInput, span: { start: number; end: number }): Character[] {
  const quotes = chapter.quotes.filter((q) => q.end > span.start && q.start < span.end);
  const presence = new Map<Character, { count: number; first: number }>();
  const seen = (character: Character, at: number) => {
    const entry = presence.get(character) ?? { count: 0, first: at };
    entry.count++;
    presence.set(character, entry);
  };
  for (const q of quotes) if (q.speaker && q.start >= span.start) seen(q.speaker, q.start);
  const sentences = sentenceSpans(chapter.text.slice(span.start, span.end)).map((s) => ({
    ...s,
    start: s.start + span.start,
    end: s.end + span.start,
  }));
  for (const mention of mentionsIn(chapter.cast.mentions, span.start, span.end)) {
    if (quotes.some((q) => mention.start >= q.start && mention.end <= q.end)) continue;
    const sentence = sentenceAt(sentences, mention.start);
    if (sentence && acts(chapter.text, mention, sentence.start)) seen(mention.character, mention.start);
  }
  if (chapter.narrator && narratorActs(chapter.text, span, quotes)) seen(chapter.narrator, span.end);
  return [...presence.entries()]
    .sort((a, b) => b[1].count - a[1].count || a[1].first - b[1].first)
    .map(([character]) => character);
}

function sentenceAt(sentences: readonly TextSpan[], offset: number): TextSpan | undefined {
  let low = 0;
  let high = sentences.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (sentences[mid]!.start <= offset) low = mid;
    else high = mid - 1;
  }
  return sentences[low];
}

/** Words just before a name that make it a memory, a dream, a letter, a report or a comparison. */
const ABSENT_FRAME =
  /\b(?:dream\w*|thought\s+(?:I|he|she|we|they)\s+(?:saw|heard|beheld|could\s+see)|seemed\s+to\s+(?:see|hear)|remember\w*|recollect\w*|recall\w*|memory|memories|thought\s+(?:of|on|about)|think\w*\s+(?:of|on|about)|imagin\w*|fanc(?:y|ied)|letters?|wrote|writ\w+|portrait|picture|heard\s+(?:of|from)|spoke\s+of|speak\w*\s+of|talk\w*\s+of|told\s+\w+\s+(?:of|about)|tidings|news|such\s+as|than|as\s+if|poems?|poet|verses?|books?|works?\s+of)\b[^.;:!?]*$/i;
const BODY =
  /^['’]s\s+(?:own\s+)?(?:hands?|eyes?|face|voice|lips|cheeks?|brow|head|arms?|feet|foot|countenance|features|tears|fingers|steps?|figure|form)\b/u;
const MODALS = new Set(['could', 'would', 'should', 'might', 'must', 'may', 'shall', 'will', 'can', 'ought']);
const AUXILIARIES = new Set(['was', 'were', 'had', 'has', 'is', 'are', 'did', 'does']);

/** Whether the name at `mention` is someone doing something there (see the module comment). */
export function acts(text: string, mention: Mention, sentenceStart: number): boolean {
  const before = text.slice(Math.max(sentenceStart, mention.start - 80), mention.start);
  if (ABSENT_FRAME.test(before)) return false;
  // "the door of the Admiral Benbow closed": the name belongs to another subject.
  if (/\b(?:of|to|for|from|by|at|in|on|into|about|upon|than|like)\s+(?:the\s+)?$/i.test(before)) return false;
  const after = text.slice(mention.end, mention.end + 80);
  if (BODY.test(after)) return true;
  if (/^['’]s?\b/u.test(after)) return false;
  if (/^\s+and\s+(?:I|he|she|we|they)\s+\p{Ll}/u.test(after)) return true;
  const match =
    /^(?:\s*,\s*(?:who|that)\b)?(?:\s+(?:\p{L}+ly|then|now|also|still|again|too|himself|herself|instantly|at\s+once|at\s+last|not))*\s+(\p{Ll}[\p{L}-]*)(?:\s+(?:not\s+)?(\p{Ll}[\p{L}-]*))?/u.exec(
      after,
    );
  if (!match) return false;
  const word = match[1]!.toLowerCase();
  if (MODALS.has(word)) return false;
  if (AUXILIARIES.has(word)) {
    // "was sitting", "had entered": doing something; "was a tall man", "had a letter": not.
    const next = match[2] ?? '';
    return /(?:ing|ed)$/.test(next) && next !== 'been';
  }
  const clause = `${text.slice(mention.start, mention.end)}${match[0]}`;
  return tagWords(clause).some(
    (w) => w.text.toLowerCase() === word && w.tags.has('Verb') && !w.tags.has('Modal'),
  );
}

/** "I rushed out", "we walked": the narration of the passage has the narrator do something. */
function narratorActs(text: string, span: { start: number; end: number }, quotes: readonly Quote[]): boolean {
  let narration = '';
  let cursor = span.start;
  for (const q of quotes) {
    if (q.start > cursor) narration += text.slice(cursor, Math.min(q.start, span.end));
    cursor = Math.max(cursor, q.end);
  }
  if (cursor < span.end) narration += text.slice(cursor, span.end);
  return /\b(?:I|we)\s+(?:(?:\p{L}+ly|then|now|at\s+once|had|was|were)\s+)*\p{Ll}{2,}/u.test(narration);
}
