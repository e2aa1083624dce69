/**
 * Short topic titles (2–6 words) for slides: the key noun phrase of a group of statements, found
 * with the parser's tags ("The White Rabbit", "Struggle for existence"), never a cut sentence.
 */
import { contentWords, stem } from '../sentences';
import { tagWords, type TaggedWord } from './nlp';

export const MAX_TITLE_WORDS = 6;
const MIN_TITLE_WORDS = 2;

/** Nouns too vague to name a topic. */
const VAGUE = new Set(
  (
    'thing things something nothing anything everything way time times moment part kind sort lot one ones ' +
    'somebody someone anybody anyone everybody everyone nobody none case fact side end place day bit matter use'
  ).split(' '),
);
const DROPPED_LEADS = new Set([
  'a',
  'an',
  'some',
  'any',
  'this',
  'that',
  'these',
  'those',
  'her',
  'his',
  'their',
  'its',
  'my',
  'our',
  'your',
  'every',
  'each',
  'such',
  'no',
  'all',
  'another',
  'other',
  'much',
  'many',
  'very',
]);
const OWNERS = new Set(['her', 'his', 'their', 'its', 'my', 'our', 'your']);
const JOINERS = new Set(['of', 'for', 'and']);

interface Phrase {
  words: string[];
  /** A possessive the phrase had before its words ("her" of "her sister"). */
  owner?: string;
  /** The phrase opens its sentence, so a capital on its first word says nothing. */
  initial: boolean;
  /** Stems of its content words. */
  stems: string[];
}

const isNounish = (w: TaggedWord) =>
  (w.tags.has('Noun') || w.tags.has('ProperNoun')) &&
  !w.tags.has('Pronoun') &&
  !w.tags.has('Possessive') &&
  // "sitting", "having": gerunds tagged as nouns name an action, not a topic.
  !(/ing$/.test(w.text) && !w.tags.has('ProperNoun'));
const isModifier = (w: TaggedWord) =>
  w.tags.has('Adjective') ||
  w.tags.has('Determiner') ||
  w.tags.has('Possessive') ||
  OWNERS.has(w.text.toLowerCase());
const isCapitalised = (w: TaggedWord) => /^\p{Lu}/u.test(w.text);

/** Noun phrases of a statement: modifiers and nouns, joined by "of", "for" or "and" between nouns. */
export function nounPhrases(text: string): Phrase[] {
  const tagged = tagWords(text);
  const phrases: Phrase[] = [];
  let current: TaggedWord[] = [];
  let start = 0;
  const close = () => {
    const initial = start === 0 && tagged.length > 0;
    // A phrase ends on a noun; a dangling joiner or modifier is dropped.
    while (current.length && !isNounish(current.at(-1)!)) current.pop();
    let owner: string | undefined;
    while (current.length && DROPPED_LEADS.has(current[0]!.text.toLowerCase())) {
      const lead = current.shift()!.text.toLowerCase();
      if (OWNERS.has(lead)) owner = lead;
    }
    // "the" stays only before a name ("The White Rabbit").
    if (current[0]?.text.toLowerCase() === 'the' && !current[1]?.tags.has('ProperNoun')) current.shift();
    // Hyphenated words come tagged in parts ("rabbit-hole"): joined back as written.
    const words = current
      .map((w, i) => `${w.text}${i < current.length - 1 && /^-$/.test(w.post) ? '-' : ' '}`)
      .join('')
      .split(' ')
      .filter(Boolean);
    // "her own mind" keeps its owner: "Her own mind".
    if (owner && words[0]?.toLowerCase() === 'own') words.unshift(owner);
    if (words.length && current.some(isNounish)) {
      const stems = current
        .filter(isNounish)
        .flatMap((w) => contentWords(w.text).map(stem))
        .filter((s) => !VAGUE.has(s));
      if (stems.length)
        phrases.push({ words, stems, initial: initial && !owner, ...(owner ? { owner } : {}) });
    }
    current = [];
  };
  tagged.forEach((word, i) => {
    const lower = word.text.toLowerCase();
    const previous = current.at(-1);
    if (!current.length) start = i;
    // "after midnight Nell climbed": a name after a common noun starts a new phrase.
    if (
      previous &&
      isNounish(word) &&
      isCapitalised(word) &&
      isNounish(previous) &&
      !isCapitalised(previous)
    ) {
      close();
      start = i;
    }
    if (isNounish(word) && !VAGUE.has(lower)) current.push(word);
    else if (isModifier(word)) {
      // A determiner always opens a new phrase ("so high a rate" → "a rate").
      if (previous && (isNounish(previous) || word.tags.has('Determiner') || OWNERS.has(lower))) close();
      current.push(word);
    } else if (JOINERS.has(lower) && previous && isNounish(previous) && tagged[i + 1]) current.push(word);
    else close();
    if (/[,;:.!?()"“”—–]/.test(word.post)) close();
  });
  close();
  return phrases;
}

/** Sentence case: the first letter capitalised, names left as they are. */
function asTitle(words: readonly string[]): string {
  const text = words.join(' ').replace(/[^\p{L}\p{N}]+$/u, '');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A 2–6 word title for statements about one idea: the noun phrase whose words recur most in them
 * (the first statement counts double), not one of `taken` nor sharing its main noun with one.
 * Falls back to two key nouns joined by "and", then to `fallback`.
 */
export function topicTitle(
  statements: readonly string[],
  taken: readonly string[],
  fallback: string,
): string {
  const counts = new Map<string, number>();
  statements.forEach((statement, i) => {
    for (const s of new Set(contentWords(statement).map(stem)))
      counts.set(s, (counts.get(s) ?? 0) + (i === 0 ? 2 : 1));
  });
  const takenHeads = new Set(taken.map((t) => headStem(t)));
  const takenTitles = new Set(taken.map((t) => t.toLowerCase()));
  const candidates = new Map<string, { phrase: Phrase; score: number; order: number }>();
  let order = 0;
  for (const statement of statements) {
    for (const phrase of nounPhrases(statement)) {
      const title = asTitle(phrase.words);
      const key = title.toLowerCase();
      if (candidates.has(key) || takenTitles.has(key)) continue;
      const weight =
        phrase.stems.reduce((sum, s) => sum + (counts.get(s) ?? 0), 0) / Math.sqrt(phrase.stems.length);
      const size = phrase.words.length;
      const shape = size < MIN_TITLE_WORDS ? 0.6 : size > MAX_TITLE_WORDS ? 0 : 1 + Math.min(size, 4) * 0.05;
      candidates.set(key, { phrase, score: weight * shape, order: order++ });
    }
  }
  const scored = [...candidates.values()]
    .filter((c) => c.score > 0)
    .sort((a, b) => b.score - a.score || a.order - b.order);
  // A main noun another title has is avoided while there is another choice.
  const fresh = scored.filter((c) => !takenHeads.has(c.phrase.stems.at(-1)!));
  const ranked = fresh.length ? fresh : scored;
  const whole = ranked.find((c) => c.phrase.words.length >= MIN_TITLE_WORDS);
  const best = ranked[0];
  if (best && best.phrase.words.length < MIN_TITLE_WORDS && (!whole || whole.score < best.score * 0.5)) {
    // "Alice" alone names no topic: paired with the next phrase ("Alice and the golden key").
    const partner = ranked.find((c) => c !== best && c.phrase.words.length <= MAX_TITLE_WORDS - 2);
    if (partner) {
      // "Alice and her sister": the partner keeps its possessive when it had one.
      const partnerWords = partner.phrase.initial ? lowerFirst(partner.phrase.words) : partner.phrase.words;
      const owned =
        partner.phrase.owner && !/^\p{Lu}/u.test(partnerWords[0] ?? '')
          ? [partner.phrase.owner, ...partnerWords]
          : partnerWords;
      const words = [
        ...best.phrase.words,
        'and',
        ...(owned.length + best.phrase.words.length < MAX_TITLE_WORDS ? owned : partnerWords),
      ];
      if (words.length <= MAX_TITLE_WORDS) return asTitle(words);
    }
  }
  if (whole) return asTitle(whole.phrase.words);
  return fallback;
}

/** Lower-cases a phrase's first word unless it is a name. */
function lowerFirst(words: readonly string[]): string[] {
  const [first, ...rest] = words;
  if (!first) return [];
  const isName = tagWords(first)[0]?.tags.has('ProperNoun') && first !== first.toLowerCase();
  return [isName ? first : first.toLowerCase(), ...rest];
}

function headStem(title: string): string {
  const words = contentWords(title);
  return stem(words.at(-1) ?? '');
}
