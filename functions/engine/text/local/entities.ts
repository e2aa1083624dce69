/**
 * One pass over a text that collects every capitalised phrase with the evidence of what it is:
 * names are capitalised where ordinary words are not, follow titles ("Captain Morrow") and speech
 * verbs ("said Nell"); places follow prepositions ("to Varn") and end in place words ("Ashgrove Hall").
 * compromise alone misses invented names (Ahab, Queequeg, Orrin), hence the heuristics.
 */
import {
  NAME_TITLES,
  NOT_NAMES,
  PERSON_VERBS,
  PLACE_PREFIXES,
  PLACE_PREPOSITIONS,
  PLACE_SUFFIXES,
  SETTING_NOUNS,
  SPEECH_VERBS,
} from './lexicon';
import { firstNameGender, isGrammarWord, isKnownPersonName, isKnownPlaceName } from './nlp';
import { withoutContraction } from './reading/text';

export interface PhraseStats {
  /** The phrase without titles, e.g. "Elias Morrow". */
  key: string;
  count: number;
  /** Occurrences that are not the first word of a sentence or quote. */
  nonInitial: number;
  /** Surface forms with titles, e.g. "Captain Morrow" → 2. */
  surfaces: Map<string, number>;
  titles: Map<string, number>;
  afterPlaceWord: number;
  /** Setting nouns written before the name ("river" in "the river Esk"). */
  nounsBefore: Map<string, number>;
  afterThe: number;
  beforePersonVerb: number;
  /**
   * Occurrences followed by a verb a people does together ("the Morlocks had taken", "the Eloi
   * were"): auxiliaries and deeds that agree with a plural subject, beside the person verbs.
   */
  beforeGroupVerb: number;
  afterSpeechVerb: number;
  /** Occurrences right after "the" that follows a speech verb ("said the Hatter"). */
  afterSpeechVerbThe: number;
  /** Occurrences written in capitals ("IRENE NORTON" signing a letter). */
  inCapitals: number;
  firstOffset: number;
}

export interface EntityScan {
  phrases: Map<string, PhraseStats>;
  /** How often each word occurs in lower case, to tell "Crane" the name from "crane" the bird. */
  lowercase: Map<string, number>;
}

/** A word: letters, with apostrophes and hyphens only between letters ("O'Brien", "Wooden-Legged", not "Smith--I"). */
const TOKEN = /\p{L}[\p{L}\p{M}]*(?:['’-]\p{L}[\p{L}\p{M}]*)*/gu;
const ABBREVIATED_TITLES = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'st',
  'prof',
  'capt',
  'sgt',
  'lt',
  'col',
  'rev',
]);
const MAX_NAME_WORDS = 4;

interface Token {
  word: string;
  start: number;
  end: number;
  capitalised: boolean;
  /** First word of a sentence, a paragraph or a quotation. */
  initial: boolean;
  inCapitals: boolean;
}

export function scanEntities(text: string): EntityScan {
  const phrases = new Map<string, PhraseStats>();
  const lowercase = new Map<string, number>();
  const tokens: Token[] = [];
  let previousEnd = 0;
  for (const match of text.matchAll(TOKEN)) {
    const apostrophes = match[0].replace(/’/g, "'");
    // "I'm", "Dinah'll", "Tom's": the name without its contraction; "Don't" is no name at all.
    const written = /n't$/i.test(apostrophes) ? apostrophes.toLowerCase() : withoutContraction(apostrophes);
    // "TOM!" shouted, or a letter's "IRENE NORTON": the name written in capitals.
    const word = isAllCaps(written) ? titleCase(written) : written;
    const start = match.index;
    if (!written) {
      previousEnd = start + match[0].length;
      continue;
    }
    const gap = text.slice(previousEnd, start);
    const capitalised = /^\p{Lu}/u.test(word);
    if (!capitalised) lowercase.set(word, (lowercase.get(word) ?? 0) + 1);
    tokens.push({
      word,
      start,
      end: start + word.length,
      capitalised,
      initial: tokens.length === 0 || isSentenceGap(gap),
      inCapitals: word !== written,
    });
    previousEnd = start + match[0].length;
  }

  const midSentence = capitalisedMidSentence(tokens);
  const runs: [number, number][] = [];
  let i = 0;
  while (i < tokens.length) {
    if (!tokens[i]!.capitalised) {
      i++;
      continue;
    }
    let j = i + 1;
    for (;;) {
      if (j < tokens.length && tokens[j]!.capitalised && joinsName(text, tokens[j - 1]!, tokens[j]!)) j++;
      else if (joinsRole(tokens, i, j)) j += tokens[j + 1]!.word === 'the' ? 3 : 2;
      else if (continuesRole(tokens, i, j)) j += 2;
      else break;
    }
    runs.push([i, j]);
    i = j;
  }
  const runText = (from: number, to: number) =>
    tokens
      .slice(from, to)
      .map((t) => t.word)
      .join(' ');
  const namedMidSentence = new Set(runs.filter(([a]) => !tokens[a]!.initial).map(([a, b]) => runText(a, b)));
  for (const [from, to] of runs) {
    // "Send Oliver", "Whenever James", "Poor Isabella": a common word that only starts the sentence
    // (but "Windy Corner", written so in mid-sentence too, is one name).
    const strip =
      to - from > 1 &&
      tokens[from]!.initial &&
      (isCommonWord(tokens[from]!.word, lowercase, midSentence) || isGrammarWord(tokens[from]!.word)) &&
      !namedMidSentence.has(runText(from, to));
    recordPhrase(tokens, strip ? from + 1 : from, to, text, phrases);
    // "Bohemia" of "the King of Bohemia" is also a name of its own (a place, here).
    const of = tokens.slice(from, to).findIndex((t) => t.word === 'of');
    if (of > 0) {
      const tail = from + of + (tokens[from + of + 1]?.word === 'the' ? 2 : 1);
      if (tail < to) recordPhrase(tokens, tail, to, text, phrases);
    }
  }
  return { phrases, lowercase };
}

/** How often each word is written capitalised in the middle of a sentence. */
function capitalisedMidSentence(tokens: readonly Token[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const t of tokens) if (t.capitalised && !t.initial) counts.set(t.word, (counts.get(t.word) ?? 0) + 1);
  return counts;
}

function isCommonWord(
  word: string,
  lowercase: ReadonlyMap<string, number>,
  midSentence: ReadonlyMap<string, number>,
) {
  if (NAME_TITLES.has(normaliseTitle(word))) return false;
  return (lowercase.get(word.toLowerCase()) ?? 0) > (midSentence.get(word) ?? 0);
}

/** Verbs that follow a people acting together, beside `PERSON_VERBS`: "the Eloi were", "the Morlocks had". */
const GROUP_VERBS = new Set(
  'were are had have did do could would should might must made seemed appeared lived live fought attacked carried dwelt'.split(
    ' ',
  ),
);

/** Capitalised words that never end a role's name ("the Queen of The…", "the King of I…"). */
const FUNCTION_CAPITALS = new Set([
  'I',
  'The',
  'A',
  'An',
  'He',
  'She',
  'It',
  'We',
  'They',
  'You',
  'This',
  'That',
]);

/**
 * "the Queen of Hearts", "the Ghost of Christmas Past", "the Wicked Witch of the West": after an
 * article, "of" (or "of the") joins two capitalised parts of one name.
 */
function joinsRole(tokens: readonly Token[], from: number, at: number): boolean {
  const of = tokens[at];
  const article = tokens[from - 1]?.word.toLowerCase() === 'the' || tokens[from]?.word === 'The';
  if (of?.word !== 'of' || at - from > 2 || !article) return false;
  const next = tokens[at + 1]?.word === 'the' ? tokens[at + 2] : tokens[at + 1];
  return next !== undefined && next.capitalised && !next.initial && !FUNCTION_CAPITALS.has(next.word);
}

/**
 * "the Ghost of Christmas Yet to Come": a role already joined by "of" goes on through "to" when a
 * capitalised word follows in the same sentence.
 */
function continuesRole(tokens: readonly Token[], from: number, at: number): boolean {
  const next = tokens[at + 1];
  return (
    tokens[at]?.word === 'to' &&
    tokens.slice(from, at).some((t) => t.word === 'of') &&
    next !== undefined &&
    next.capitalised &&
    !next.initial &&
    !FUNCTION_CAPITALS.has(next.word)
  );
}

function isAllCaps(word: string): boolean {
  return word.length > 1 && /^\p{Lu}[\p{Lu}'’-]*$/u.test(word);
}

function titleCase(word: string): string {
  return word.charAt(0) + word.slice(1).toLowerCase();
}

/** Titles that are also plain adjectives: "Old Brannigan", but "the Big Missouri" is a steamboat. */
const ADJECTIVE_TITLES = new Set(['old', 'young', 'little', 'big']);

/** Titles of rank that say where someone rules: the "Bohemia" of "the King of Bohemia" is a place. */
const RANK_TITLES = new Set([
  'king',
  'queen',
  'prince',
  'princess',
  'duke',
  'duchess',
  'earl',
  'count',
  'countess',
  'baron',
  'baroness',
  'lord',
  'lady',
  'emperor',
  'empress',
  'bishop',
  'archbishop',
]);

/** Whether the text between two words starts a new sentence or quotation. */
function isSentenceGap(gap: string): boolean {
  return /[.!?…:]/.test(gap) || /["“‘]/.test(gap) || /\n\s*\n/.test(gap) || /^\s*[-—–]\s*$/.test(gap);
}

/** "Elias Morrow" and "Mr. Darcy" are one name; "Nell, Brannigan" is two. */
function joinsName(text: string, previous: Token, next: Token): boolean {
  const gap = text.slice(previous.end, next.start);
  // Books wrap their lines: "Green\nGables" is one name, as "Green Gables" (a blank line is not).
  if (gap === ' ' || /^[ \t]*\r?\n[ \t]*$/.test(gap)) return true;
  return /^\.(?: |[ \t]*\r?\n[ \t]*)$/.test(gap) && ABBREVIATED_TITLES.has(previous.word.toLowerCase());
}

function recordPhrase(
  tokens: Token[],
  from: number,
  to: number,
  text: string,
  phrases: Map<string, PhraseStats>,
) {
  let start = from;
  // A sentence-initial "When", "But" or "The" is not part of the name that follows it.
  while (
    start < to &&
    NOT_NAMES.has(tokens[start]!.word) &&
    !isTitle(tokens, start, to) &&
    !monthInName(tokens, start, from, to)
  )
    start++;
  const segments: [number, number][] = [];
  let segmentStart = start;
  // Words after "of" belong to the role they complete ("Ghost of Christmas Past"), even ones that name no one alone.
  const of = tokens.slice(start, to).findIndex((t) => t.word === 'of');
  const splitEnd = of > 0 ? start + of : to;
  for (let k = start; k < splitEnd; k++) {
    // A title in the middle starts a new name: "Ask Mrs. Pell" is "Ask" and "Mrs. Pell".
    if (k > segmentStart && isTitle(tokens, k, to) && !isTitle(tokens, k - 1, to)) {
      segments.push([segmentStart, k]);
      segmentStart = k;
      continue;
    }
    if (NOT_NAMES.has(tokens[k]!.word) && !isTitle(tokens, k, to) && !monthInName(tokens, k, start, to)) {
      if (k > segmentStart) segments.push([segmentStart, k]);
      segmentStart = k + 1;
    }
  }
  if (to > segmentStart) segments.push([segmentStart, to]);

  for (const [a, b] of segments) {
    let nameStart = a;
    const titles: string[] = [];
    const article =
      ['the', 'a', 'an'].includes(tokens[a - 1]?.word.toLowerCase() ?? '') && !tokens[a]!.initial;
    while (nameStart < b - 1 && isTitle(tokens, nameStart, b)) {
      // "the Big Missouri", "the Old Vicarage": an adjective here, not a title.
      if (article && ADJECTIVE_TITLES.has(normaliseTitle(tokens[nameStart]!.word))) break;
      titles.push(tokens[nameStart++]!.word);
    }
    const words = tokens.slice(nameStart, b).map((t) => t.word);
    // "Scrooge Scrooge" (a name said twice) is no full name.
    if (words.length > 1 && words.every((w) => w === words[0])) continue;
    const longest = words.includes('of') ? MAX_NAME_WORDS + 2 : MAX_NAME_WORDS;
    if (words.length === 0 || words.length > longest || words.some((w) => w.length < 2)) continue;
    // "Captain" alone is no name; "the Queen", "the Duchess" may be a character known by rank.
    if (words.length === 1 && NAME_TITLES.has(normaliseTitle(words[0]!)) && !article) continue;
    const key = words.join(' ');
    const first = tokens[a]!;
    const before = tokens[a - 1];
    const beforeThat = tokens[a - 2];
    const after = tokens[b];
    const stats = phrases.get(key) ?? newStats(key, first.start);
    stats.count++;
    if (tokens.slice(nameStart, b).some((t) => t.inCapitals)) stats.inCapitals++;
    if (!(first.initial && titles.length === 0)) stats.nonInitial++;
    const title = titles.map((t) => normaliseTitle(t)).join(' ');
    const surface = titles.length > 0 ? `${titles.map(displayTitle).join(' ')} ${key}` : key;
    stats.surfaces.set(surface, (stats.surfaces.get(surface) ?? 0) + 1);
    if (title) stats.titles.set(title, (stats.titles.get(title) ?? 0) + 1);
    const adjacentBefore = before && !first.initial ? before.word.toLowerCase() : '';
    const ofPlace =
      adjacentBefore === 'of' &&
      (SETTING_NOUNS.has(beforeThat?.word.toLowerCase() ?? '') ||
        RANK_TITLES.has(beforeThat?.word.toLowerCase() ?? ''));
    const placeWordBefore =
      ofPlace ||
      PLACE_PREPOSITIONS.has(adjacentBefore) ||
      SETTING_NOUNS.has(adjacentBefore) ||
      (adjacentBefore === 'the' && PLACE_PREPOSITIONS.has(beforeThat?.word.toLowerCase() ?? ''));
    if (placeWordBefore) stats.afterPlaceWord++;
    if (SETTING_NOUNS.has(adjacentBefore)) {
      stats.nounsBefore.set(adjacentBefore, (stats.nounsBefore.get(adjacentBefore) ?? 0) + 1);
    }
    if (adjacentBefore === 'the' || adjacentBefore === 'a') stats.afterThe++;
    // "the headland called Kettleness", "what we called Kitt's Hole": naming a thing, not a speech tag
    // (`"Come," called Mary` has the line's punctuation before the verb).
    const naming =
      NAMING_VERBS.has(adjacentBefore) &&
      beforeThat !== undefined &&
      text.slice(beforeThat.end, before!.start).trim() === '';
    if (SPEECH_VERBS.has(adjacentBefore) && !naming && text.slice(before!.end, first.start).trim() === '')
      stats.afterSpeechVerb++;
    // "Kitt's Hole", "Bell's Point": an owner's name that is part of a place's.
    const last = tokens[b - 1]!;
    if (
      after?.capitalised &&
      /^['’]s\s+$/.test(text.slice(last.end, after.start)) &&
      PLACE_SUFFIXES.has(after.word.toLowerCase())
    )
      stats.afterPlaceWord++;
    if (adjacentBefore === 'the' && SPEECH_VERBS.has(beforeThat?.word.toLowerCase() ?? ''))
      stats.afterSpeechVerbThe++;
    if (after && !after.initial && PERSON_VERBS.has(after.word.toLowerCase())) stats.beforePersonVerb++;
    // A people is written with its article ("the Eloi were", "these Morlocks had"), flowers without ("Mayflowers are").
    const grouped = ['the', 'these', 'those'].includes(adjacentBefore);
    if (grouped && after && !after.initial && text.slice(tokens[b - 1]!.end, after.start).trim() === '') {
      const verb = after.word.toLowerCase();
      if (PERSON_VERBS.has(verb) || GROUP_VERBS.has(verb)) stats.beforeGroupVerb++;
    }
    phrases.set(key, stats);
  }
}

/** Titles put before a word of the language to make a figure of it ("Dame Nature", "Father Time"). */
const PERSONIFYING_TITLES = new Set([
  'dame',
  'mother',
  'father',
  'lady',
  'lord',
  'king',
  'queen',
  'sister',
  'brother',
]);

/** Verbs that name a thing as well as tag speech ("a place called Kettleness"). */
const NAMING_VERBS = new Set(['called', 'named', 'christened', 'nicknamed']);

export const MONTHS = new Set(
  'January February March April May June July August September October November December'.split(' '),
);
/** Words before a month that make it one ("in March", "since May"). */
const MONTH_WORDS = new Set(
  'in of since until till by from to during last next early late mid this that every each'.split(' '),
);

/**
 * A month's word that is part of a name: "Meg March", "Mrs. March", "Aunt March" (after a name or a
 * title in the same run of capitals) or "the March Hare" (before one, not after "in" or "since").
 */
function monthInName(tokens: Token[], k: number, runStart: number, to: number): boolean {
  if (!MONTHS.has(tokens[k]!.word)) return false;
  const previous = tokens[k - 1];
  if (k > runStart && previous && (isTitle(tokens, k - 1, to) || !NOT_NAMES.has(previous.word))) return true;
  return (
    k + 1 < to && !NOT_NAMES.has(tokens[k + 1]!.word) && !MONTH_WORDS.has(previous?.word.toLowerCase() ?? '')
  );
}

function isTitle(tokens: Token[], index: number, end: number): boolean {
  const word = tokens[index]!.word;
  // A title only counts as one when a name follows it ("Captain Morrow", not "Captain," nor "Queen of Hearts").
  return (
    index < end - 1 &&
    NAME_TITLES.has(normaliseTitle(word)) &&
    /^\p{Lu}/u.test(word) &&
    tokens[index + 1]!.word !== 'of'
  );
}

function normaliseTitle(word: string): string {
  return word.toLowerCase().replace(/\.$/, '');
}

function displayTitle(word: string): string {
  return ABBREVIATED_TITLES.has(word.toLowerCase()) ? `${word}.` : word;
}

function newStats(key: string, firstOffset: number): PhraseStats {
  return {
    key,
    count: 0,
    nonInitial: 0,
    surfaces: new Map(),
    titles: new Map(),
    afterPlaceWord: 0,
    nounsBefore: new Map(),
    afterThe: 0,
    beforePersonVerb: 0,
    beforeGroupVerb: 0,
    afterSpeechVerb: 0,
    afterSpeechVerbThe: 0,
    inCapitals: 0,
    firstOffset,
  };
}

export type EntityKind = 'person' | 'place' | 'other';

/** Weighs the evidence of a phrase: a person, a place, or neither (ships, inns, common words). */
export function classifyPhrase(stats: PhraseStats, lowercase: ReadonlyMap<string, number>): EntityKind {
  const words = stats.key.split(' ');
  const firstWord = words[0]!.toLowerCase();
  const lastWord = words[words.length - 1]!.toLowerCase();
  const personal = (t: string) => t !== 'st' && t !== 'saint' && !ADJECTIVE_TITLES.has(t);
  const personalTitles = [...stats.titles.keys()].filter(personal).length;
  // "Old Brannigan" is a person, "Big Missouri" a steamboat: adjective titles are weak evidence.
  const titled = [...stats.titles.entries()].reduce(
    (sum, [t, n]) => (personal(t) ? sum + n : ADJECTIVE_TITLES.has(t) ? sum + n / 3 : sum),
    0,
  );

  // "the Gannet" and "the Gull" are ships and inns more often than places or people.
  let place = stats.afterPlaceWord * 2;
  if (words.length > 1 && PLACE_SUFFIXES.has(lastWord)) place += 6;
  if (words.length > 1 && PLACE_PREFIXES.has(firstWord)) place += 6;
  if (isKnownPlaceName(stats.key)) place += 3;

  let person =
    titled * 3 +
    stats.afterSpeechVerb * 3 +
    stats.beforePersonVerb * 1.5 +
    stats.nonInitial * 0.5 -
    stats.afterThe * 2;
  if (isKnownPersonName(stats.key)) person += 2;
  // "Harriet Smith" after "to" is still a person: a known given name in front outweighs the preposition.
  if (words.length > 1 && firstNameGender(words[0]!) !== 'unknown') person += 2 + stats.afterPlaceWord;
  if (personalTitles > 0 && words.length === 1) person += 1;

  // "Rose" the name is capitalised mid-sentence more often than "rose" the verb appears.
  const lower = words.length === 1 ? (lowercase.get(stats.key.toLowerCase()) ?? 0) : 0;
  // "Dame Nature" once beside "nature" written thirty times: a word of the language, personified in passing.
  // Only titles of personification count here ("Mother Nature", "Father Time", "Lady Luck"); "Miss Rose"
  // beside the verb "rose" is a young woman.
  const personified =
    titled <= 2 &&
    lower >= 10 * Math.max(1, titled) &&
    [...stats.titles.keys()].every((t) => PERSONIFYING_TITLES.has(t));
  const commonWord = lower > 0 && lower >= stats.nonInitial && (titled === 0 || personified);
  if (commonWord) return 'other';
  // "England" written as a place, once "Cap'n England" after a pirate: a place of the world, not a character.
  const worldPlace = isKnownPlaceName(stats.key) && stats.afterPlaceWord >= 2 && titled * 2 < stats.count;
  if (worldPlace && place >= 2) return 'place';
  if (person >= 2 && person > place) return 'person';
  if (place >= 2 && place >= person) return 'place';
  return 'other';
}
