/**
 * What a scene's passage says about where and when it happens, who is there, what they do, what it
 * looks and sounds like: every field is taken from the passage itself, and every sentence it shows
 * is the passage's own, never rewritten.
 */
import { TIMES_OF_DAY, type Mood, type TimeOfDay } from '../types';
import { type Quote } from './dialogue';
import { moodOf } from './mood';
import { mentionsIn } from './reading/tags';
import {
  FOOTSTEP_GROUNDS,
  NAME_TITLES,
  PHYSICAL_CUES,
  SOUND_CUES,
  SPEECH_VERBS,
  STRONG_ACTION_VERBS,
  TIME_CUES,
  VISUAL_WORDS,
} from './lexicon';
import type { Cast, Character } from './names';
import { tagWords } from './nlp';
import { settingNouns, settingTypeOf, type NamedPlace, type SettingType } from './places';
import { presentCharacters } from './presence';
import { sentenceSpans, truncateText } from '../sentences';
import { capitalise, escapeRegExp, lowerWords } from '../strings';

export interface ChapterAnalysis {
  text: string;
  cast: Cast;
  quotes: Quote[];
  places: NamedPlace[];
  /** The "I" of a first-person chapter, when others call them by name. */
  narrator?: Character;
}

export interface SceneAnalysis {
  start: number;
  end: number;
  location: string;
  setting_type: SettingType;
  time_of_day: TimeOfDay;
  mood: Mood;
  visual_description: string;
  key_actions: string[];
  audio_requirements: string[];
  /** Characters who act or speak in the passage, most present first. */
  characters: Character[];
  /** Clauses in which someone named does something (`actionClauses`), best first. */
  clauses: ActionClause[];
  /** Every sentence of the passage, in order, with what is left of it outside dialogue. */
  sentences: PassageSentence[];
}

export interface PassageSentence {
  text: string;
  /** Offsets in the chapter. */
  offset: number;
  end: number;
  /** The sentence without its quotations and speech tag; '' when nothing else is left. */
  narration: string;
  /** Whether the sentence holds no quotation, so its text is all narration. */
  plain: boolean;
  /** The sentence's stretches of narration between its quotations, as written. */
  pieces: string[];
}

export interface SceneCarryOver {
  location: string;
  setting_type: SettingType;
  time_of_day: TimeOfDay;
}

const MAX_KEY_ACTIONS = 4;
const MAX_SOUNDS = 6;
const MAX_ACTION_CLAUSES = 40;
const MAX_TAGGED_CLAUSES = 120;

export function analyseScene(
  chapter: ChapterAnalysis,
  span: { start: number; end: number },
  previous: SceneCarryOver | undefined,
): SceneAnalysis {
  const passage = chapter.text.slice(span.start, span.end);
  const quoteSpans = chapter.quotes.filter((q) => q.end > span.start && q.start < span.end);
  const sentences: PassageSentence[] = sentenceSpans(passage).map((s) => {
    const start = span.start + s.start;
    const end = span.start + s.end;
    const plain = !quoteSpans.some((q) => q.end > start && q.start < end);
    const pieces = outsideQuotes(chapter.text, start, end, quoteSpans)
      .split('\u0000')
      .map((p) => p.replace(/\s+/g, ' ').trim())
      .filter((p) => /\p{L}/u.test(p));
    return {
      pieces,
      text: s.text.replace(/\s+/g, ' '),
      offset: start,
      end,
      narration: cleanNarration(pieces.join(' ')),
      plain,
    };
  });
  const narration = sentences.map((s) => s.narration).filter((s) => s !== '');
  const narrationText = narration.join(' ');
  const characters = presentCharacters(chapter, span);
  const clauses = actionClauses(sentences, chapter.cast.characters, characters);
  const place = locate(narration, chapter, span, previous);
  const time_of_day = timeOfDay(narration) ?? previous?.time_of_day ?? 'day';
  return {
    start: span.start,
    end: span.end,
    location: place.location,
    setting_type: place.setting_type,
    time_of_day,
    mood: moodOf(passage),
    visual_description: describeVisually(sentences, place.location, time_of_day),
    key_actions: keyActions(clauses),
    audio_requirements: soundsOf(narrationText, place.noun, place.setting_type),
    characters,
    clauses,
    sentences,
  };
}

function locate(
  sentences: readonly string[],
  chapter: ChapterAnalysis,
  span: { start: number; end: number },
  previous: SceneCarryOver | undefined,
): SceneCarryOver & { noun?: string } {
  const narration = sentences.join(' ');
  // "plain" in "it was plain that" is no place: a setting noun must be written as a thing ("the plain").
  const nouns = settingNouns(sentences).filter((n) => determined(n.noun, narration));
  const owned = nouns
    .map((n) => ({ noun: n, owner: ownerOf(n.noun, narration, chapter, span) }))
    .find((n) => n.owner !== undefined);
  // A passing mention ("the garden gate" in a letter) does not move a scene from a place the
  // passage still speaks of; a passage that never names the last place has moved on.
  const stays = previous !== undefined && speaksOf(narration, previous.location);
  const noun =
    owned?.noun ??
    nouns.find((n) => !GENERIC_SETTINGS.has(n.noun) && (!stays || n.weight >= 2)) ??
    (stays ? undefined : nouns[0]);
  // A place is where someone is, goes or comes from ("in Ingolstadt", "to the Emerald City"); a
  // name that is only ever the subject of a sentence ("the Lion roared") is someone, not somewhere.
  const castNames = new Set(chapter.cast.characters.flatMap((c) => c.aliases));
  const named = chapter.places
    .map((p) => ({ place: p, count: countOccurrences(narration, p.key) }))
    .filter((p) => p.count > 0 && locative(narration, p.place.key) && !castNames.has(p.place.key))
    .sort((a, b) => b.count - a.count)[0]?.place;
  if (!noun && !named && previous) return { ...previous };
  const setting_type = settingTypeOf(noun, narration);
  const base = noun ? (owned?.noun === noun ? `${owned.owner}’s ${noun.noun}` : capitalise(noun.noun)) : '';
  let location: string;
  if (noun && named) {
    location = named.name.toLowerCase().includes(noun.noun) ? named.name : `${base}, ${named.name}`;
  } else location = named?.name ?? (base || 'Unspecified location');
  return { location, setting_type, time_of_day: previous?.time_of_day ?? 'day', noun: noun?.noun };
}

/** Whether the passage names the place again: its last word ("parlour" of "Victor’s parlour"). */
function speaksOf(narration: string, location: string): boolean {
  const word = location
    .split(/[\s,]+/)
    .filter(Boolean)
    .at(-1);
  return word !== undefined && new RegExp(`\\b${escapeRegExp(word)}\\b`, 'iu').test(narration);
}

const nounPatterns = new Map<string, RegExp>();
const DETERMINER_BEFORE =
  /\b(?:the|a|an|my|our|his|her|their|its|this|that|one|\p{L}+[’']s)\s+(?:[\p{L}-]+\s+){0,3}$/iu;

/** Whether the passage writes the noun as a thing: a determiner or a possessive within three words before it. */
export function determined(noun: string, narration: string): boolean {
  let pattern = nounPatterns.get(noun);
  if (!pattern) {
    pattern = new RegExp(`\\b${escapeRegExp(noun)}\\b`, 'giu');
    nounPatterns.set(noun, pattern);
  }
  for (const match of narration.matchAll(pattern)) {
    if (DETERMINER_BEFORE.test(narration.slice(Math.max(0, match.index - 60), match.index))) return true;
  }
  return false;
}

/**
 * Whose room the scene is in, when the passage says: "my room" in a book told by a named "I" is the
 * narrator's, "Clerval's room" is Clerval's. A "his" or "her" is left alone: it could be anyone's.
 */
function ownerOf(
  noun: string,
  narration: string,
  chapter: ChapterAnalysis,
  span: { start: number; end: number },
): string | undefined {
  if (!OWNABLE_SETTINGS.has(noun)) return undefined;
  const possessive = new RegExp(
    String.raw`\b(my|our|[\p{Lu}][\p{L}.’'-]*(?:\s+[\p{Lu}][\p{L}’'-]*)?[’']s)\s+(?:own\s+)?${escapeRegExp(noun)}\b`,
    'u',
  ).exec(narration)?.[1];
  if (!possessive) return undefined;
  // A narrator nobody names ("The Narrator") owns no room the heading could name.
  if (possessive === 'my')
    return chapter.narrator && !chapter.narrator.role ? shortName(chapter.narrator) : undefined;
  if (possessive === 'our') return undefined;
  const alias = possessive.replace(/[’']s$/, '');
  const owner = mentionsIn(chapter.cast.mentions, span.start, span.end).find((m) =>
    m.character.aliases.includes(alias),
  )?.character;
  return owner ? shortName(owner) : undefined;
}

/** "Victor" for Victor Frankenstein; a titled name stays whole ("Mr. Knightley"). */
function shortName(character: Character): string {
  // "The Creature's room": a role keeps its article.
  if (character.role) return character.name;
  const words = character.name.split(/\s+/);
  const title = NAME_TITLES.has(words[0]!.toLowerCase().replace(/\.$/, ''));
  return title || words.length === 1 ? character.name : words[0]!;
}

/** Rooms and dwellings that belong to someone. */
const OWNABLE_SETTINGS = new Set([
  'room',
  'bedroom',
  'chamber',
  'study',
  'apartment',
  'apartments',
  'flat',
  'lodgings',
  'house',
  'home',
  'cottage',
  'cabin',
  'tent',
  'hut',
  'cell',
  'office',
  'library',
  'laboratory',
  'workshop',
  'kitchen',
  'parlour',
  'parlor',
  'garden',
  'shop',
]);

/** Nouns too vague to name a new location ("the whole room fell silent" is still the tavern). */
const GENERIC_SETTINGS = new Set([
  'room',
  'house',
  'home',
  'hall',
  'stairs',
  'staircase',
  'corridor',
  'hallway',
  'lobby',
  'walls',
  'gate',
  'gates',
  'roof',
  'bank',
  'yard',
]);

const TIME_PATTERNS = TIME_CUES.map(
  ([time, cues]) => [time, new RegExp(`\\b(?:${cues.map(escapeRegExp).join('|')})\\b`, 'gi')] as const,
);

/** Cues in the opening sentences decide ("That evening, …"); later ones only count once each. */
export function timeOfDay(narration: readonly string[]): TimeOfDay | undefined {
  const scores = new Map<TimeOfDay, number>();
  narration.forEach((sentence, index) => {
    const weight = index < 2 ? 3 : 1;
    for (const [time, pattern] of TIME_PATTERNS) {
      const hits = sentence.match(pattern)?.length ?? 0;
      if (hits) scores.set(time, (scores.get(time) ?? 0) + hits * weight);
    }
  });
  let best: TimeOfDay | undefined;
  for (const time of TIMES_OF_DAY) if ((scores.get(time) ?? 0) > (best ? scores.get(best)! : 0)) best = time;
  return best;
}

/** The place and time, then the passage's most concrete narration sentences (light, colour, looks) as written. */
function describeVisually(sentences: readonly PassageSentence[], location: string, time: TimeOfDay): string {
  const chosen = sentences
    .map((s, index) => ({ sentence: s.text, index, score: s.plain ? visualScore(s.text) : 0 }))
    .filter((s) => s.score > 0 && s.sentence.length <= 320)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, 2)
    .sort((a, b) => a.index - b.index)
    .map((s) => s.sentence);
  return truncateText([`${location}, ${time}.`, ...chosen].join(' '), 600);
}

function visualScore(sentence: string): number {
  const words = lowerWords(sentence);
  let score = 0;
  for (const w of words) if (VISUAL_WORDS.has(w) || PHYSICAL_CUES.has(w)) score++;
  return score / Math.sqrt(Math.max(words.length, 4));
}

/**
 * What happens in the passage, in its own words: clauses of narration whose subject is named (a
 * character, or a thing or person with "the": "The captain spun round on his heel") followed by a
 * verb in the past tense, strong action verbs and the characters present first. A clause that
 * opens with "he", "she" or "I" is left out: on its own it does not say who acts.
 */
export interface ActionClause {
  text: string;
  score: number;
  order: number;
}

export function actionClauses(
  sentences: readonly PassageSentence[],
  cast: readonly Character[],
  present: readonly Character[],
): ActionClause[] {
  const aliases = cast.flatMap((c) => c.aliases).sort((a, b) => b.length - a.length);
  const presentAliases = new Set(present.flatMap((c) => c.aliases));
  const named = aliases.length
    ? new RegExp(
        String.raw`^(?:(?:\p{Lu}[\p{L}]*\.?\s+)?(${aliases.map(escapeRegExp).join('|')}))\s+(?:\p{Ll}+ly\s+)?(\p{Ll}[\p{L}-]*)`,
        'u',
      )
    : undefined;
  const candidates: ActionClause[] = [];
  let order = 0;
  let taggings = 0;
  const clauses = sentences.flatMap((s) =>
    s.pieces.flatMap((piece) =>
      piece.split(/[,;:—]\s*|\s+(?:and|but|while|then)\s+(?=(?:the|a|an|\p{Lu}))/u),
    ),
  );
  for (const clause of clauses) {
    order++;
    if (candidates.length >= MAX_ACTION_CLAUSES) break;
    const trimmed = clause
      .trim()
      .replace(/^(?:(?:and|but|so|then|at\s+last|suddenly|presently|now)\s+)+/i, '')
      .replace(/[.!?…]+$/, '');
    const words = trimmed.split(/\s+/);
    if (words.length < 3 || words.length > 16) continue;
    const byName = named?.exec(trimmed);
    const byNoun = byName ? undefined : NOUN_SUBJECT.exec(trimmed);
    const verb = (byName?.[2] ?? byNoun?.[3])?.toLowerCase();
    if (!verb || SPEECH_VERBS.has(verb) || NOT_ACTIONS.has(verb)) continue;
    // Tagging is the cost: a long passage has enough candidates among its first clauses.
    if (++taggings > MAX_TAGGED_CLAUSES) break;
    const tagged = tagWords(trimmed);
    if (!tagged.find((w) => w.text.toLowerCase() === verb)?.tags.has('PastTense')) continue;
    if (byNoun && !tagged.find((w) => w.text === byNoun[2])?.tags.has('Noun')) continue;
    const score =
      (STRONG_ACTION_VERBS.has(verb) ? 2 : 1) + (byName && presentAliases.has(byName[1]!) ? 1 : 0);
    candidates.push({ text: capitalise(trimmed), score, order });
  }
  const seen = new Set<string>();
  return candidates
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .filter((c) => !seen.has(c.text.toLowerCase()) && seen.add(c.text.toLowerCase()));
}

/** "The captain spun", "the old man turned": a thing or person with an article, and the word after. */
const NOUN_SUBJECT =
  /^([Tt]he|[Aa]n?)\s+(?:\p{Ll}[\p{L}-]*\s+)?(\p{Ll}[\p{L}-]*)\s+(?:\p{Ll}+ly\s+)?(\p{Ll}[\p{L}-]*)/u;

function keyActions(clauses: readonly ActionClause[]): string[] {
  return clauses
    .slice(0, MAX_KEY_ACTIONS)
    .sort((a, b) => a.order - b.order)
    .map((c) => c.text);
}

/** Being, having and wishing are states, not actions; modals say what might be. */
const NOT_ACTIONS = new Set(
  'was were is are has had have be been being could would should might must may shall will can seemed appeared'.split(
    ' ',
  ),
);

const cuePattern = (cues: readonly string[]) =>
  new RegExp(`\\b(?:${cues.map(escapeRegExp).join('|')})\\b`, 'i');
const SOUND_PATTERNS = SOUND_CUES.map(([sound, cues]) => [sound, cuePattern(cues)] as const);
const GROUND_PATTERNS = FOOTSTEP_GROUNDS.map(([sound, cues]) => [sound, cuePattern(cues)] as const);

/** Footsteps on the ground the passage names nearest after them (or anywhere in it). */
function footstepsOn(narration: string, at: number): string {
  const grounds = GROUND_PATTERNS.map(([sound, pattern]) => {
    const after = narration.slice(at).search(pattern);
    return { sound, rank: after >= 0 ? after : narration.search(pattern) >= 0 ? narration.length : -1 };
  }).filter((g) => g.rank >= 0);
  return grounds.sort((a, b) => a.rank - b.rank)[0]?.sound ?? 'footsteps';
}

/** Sounds the passage mentions, in order, plus the ambience of the place when it names few. */
function soundsOf(narration: string, noun: string | undefined, settingType: SettingType): string[] {
  // "The Gull and Lantern" is an inn, not gulls: capitalised words inside sentences are names.
  const common = narration
    .replace(/(?<=[\p{Ll},;]\s+(?:the\s+)?)\p{Lu}[\p{L}'’]*/gu, (m) => ' '.repeat(m.length))
    .replace(/\bThe\s+\p{Lu}\p{L}*/gu, (m) => ' '.repeat(m.length));
  const found = SOUND_PATTERNS.map(([sound, pattern]) => ({ sound, at: common.search(pattern) }))
    .filter((s) => s.at >= 0)
    .sort((a, b) => a.at - b.at)
    .map((s) => (s.sound === 'footsteps' ? footstepsOn(common, s.at) : s.sound))
    .slice(0, MAX_SOUNDS);
  if (found.length < 2)
    found.push(noun ? `${noun} ambience` : settingType === 'INT' ? 'room tone' : 'outdoor ambience');
  return found;
}

/** The parts of text[start, end) outside the quotations (which may span several sentences), NUL between them. */
function outsideQuotes(text: string, start: number, end: number, quotes: readonly Quote[]): string {
  let result = '';
  let cursor = start;
  for (const q of quotes) {
    if (q.end <= start || q.start >= end) continue;
    if (q.start > cursor) result += `${text.slice(cursor, q.start)}\u0000`;
    cursor = Math.max(cursor, q.end);
  }
  if (cursor < end) result += text.slice(cursor, end);
  return result;
}

/** What is left of a sentence once its quotation is removed; bare speech tags ("Nell said.") are dropped. */
const VERBS = [...SPEECH_VERBS.keys()].join('|');
/** A speech tag left at the start once the quotation is gone: "said Iris, and …", "Nell said, …". */
const LEADING_TAG = new RegExp(
  `^(?:(?:${VERBS})\\s+(?:the\\s+)?[\\p{L}.'’-]+(?:\\s+\\p{Lu}[\\p{L}'’-]*)?|(?:\\p{Lu}[\\p{L}.'’-]*\\s+){1,2}(?:${VERBS}))(?:\\s+\\p{L}+ly)?,\\s*(?:and\\s+|but\\s+)?`,
  'u',
);

function cleanNarration(residue: string): string {
  const text = residue
    .replace(/^[\s,.;:—–-]+/, '')
    .replace(/\s+([,.;:!?])/g, '$1')
    .trim()
    .replace(LEADING_TAG, '');
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length < 2 || !/\p{L}{2}/u.test(text)) return '';
  if (words.length <= 6 && words.some((w) => SPEECH_VERBS.has(w.toLowerCase().replace(/\W+$/, ''))))
    return '';
  return text;
}

function locative(narration: string, key: string): boolean {
  const name = escapeRegExp(key);
  // "to Ingolstadt", "at Geneva"; with "the", only words that place ("into the Forest", not "to the Lion").
  return new RegExp(
    String.raw`\b(?:(?:in|at|to|into|from|near|toward|towards|through|across|outside|inside|reached|beyond)\s+${name}|(?:in|into|inside|from|near|through|across|outside|reached|beyond)\s+the\s+${name})(?![\p{L}])`,
    'iu',
  ).test(narration);
}

function countOccurrences(text: string, phrase: string): number {
  return text.match(new RegExp(`(?<![\\p{L}])${escapeRegExp(phrase)}(?![\\p{L}])`, 'gu'))?.length ?? 0;
}
