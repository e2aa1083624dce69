/**
 * What a scene's passage says about where and when it happens, who is there, what they do, what it
 * looks and sounds like: every field is taken from the passage itself.
 */
import { MOODS, TIMES_OF_DAY, type Mood, type TimeOfDay } from '../types';
import { mentionsBetween, type Quote } from './dialogue';
import {
  MOOD_WORDS,
  PHYSICAL_CUES,
  SOUND_CUES,
  SPEECH_VERBS,
  STRONG_ACTION_VERBS,
  TIME_CUES,
  VISUAL_WORDS,
} from './lexicon';
import type { Cast, Character } from './names';
import { tagWords, toPresentTense, type TaggedWord } from './nlp';
import { settingNouns, settingTypeOf, type NamedPlace, type SettingType } from './places';
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
  /** Characters named in the passage, most present first. */
  characters: Character[];
  /** Quotations inside the passage whose speaker is named in it. */
  quotes: Quote[];
  /** Every sentence of the passage, in order, with what is left of it outside dialogue. */
  sentences: PassageSentence[];
}

export interface PassageSentence {
  text: string;
  /** Offset in the chapter. */
  offset: number;
  /** The sentence without its quotations and speech tag; '' when nothing else is left. */
  narration: string;
}

export interface SceneCarryOver {
  location: string;
  setting_type: SettingType;
  time_of_day: TimeOfDay;
}

const MAX_KEY_ACTIONS = 4;
const MAX_SOUNDS = 6;
const MAX_ACTION_CLAUSES = 40;

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
    return {
      text: s.text.replace(/\s+/g, ' '),
      offset: start,
      narration: cleanNarration(outsideQuotes(chapter.text, start, end, quoteSpans)),
    };
  });
  const narration = sentences.map((s) => s.narration).filter((s) => s !== '');
  const narrationText = narration.join(' ');

  // Present are the characters the narration names and those who speak; a name that only comes up
  // in someone's speech ("Crane has bought the harbour master") is talked about, not there.
  const passageQuotes = chapter.quotes.filter((q) => q.start >= span.start && q.start < span.end);
  const named = mentionsBetween(chapter.cast.mentions, span.start, span.end);
  const namedInNarration = named.filter(
    (m) => !passageQuotes.some((q) => m.start >= q.start && m.end <= q.end),
  );
  const namedAnywhere = new Set(named.map((m) => m.character));
  // In a first-person book the narrator is there whenever the narration says "I".
  const narrator = chapter.narrator;
  const narratorAt = narrator ? /\b(?:I|me|my|myself|we|us|our)\b/.exec(narrationText) : null;
  if (narrator && narratorAt) namedAnywhere.add(narrator);
  const quotes = passageQuotes.filter((q) => q.speaker !== undefined && namedAnywhere.has(q.speaker));
  const presence = new Map<Character, { count: number; first: number }>();
  const seen = (character: Character, at: number) => {
    const entry = presence.get(character) ?? { count: 0, first: at };
    entry.count++;
    presence.set(character, entry);
  };
  for (const m of namedInNarration) seen(m.character, m.start);
  if (narrator && narratorAt) seen(narrator, span.end);
  for (const q of quotes) seen(q.speaker!, q.start);
  const characters = [...presence.entries()]
    .sort((a, b) => b[1].count - a[1].count || a[1].first - b[1].first)
    .map(([character]) => character);

  const place = locate(narration, chapter.places, previous);
  const time_of_day = timeOfDay(narration) ?? previous?.time_of_day ?? 'day';
  return {
    start: span.start,
    end: span.end,
    location: place.location,
    setting_type: place.setting_type,
    time_of_day,
    mood: moodOf(passage),
    visual_description: describeVisually(narration, place.location, time_of_day, characters),
    key_actions: keyActions(narration, characters),
    audio_requirements: soundsOf(narrationText, place.noun, place.setting_type),
    characters,
    quotes,
    sentences,
  };
}

function locate(
  sentences: readonly string[],
  places: readonly NamedPlace[],
  previous: SceneCarryOver | undefined,
): SceneCarryOver & { noun?: string } {
  const narration = sentences.join(' ');
  const nouns = settingNouns(sentences);
  // A passing mention ("the garden gate" in a letter) does not move a scene that has a place.
  const noun =
    nouns.find((n) => !GENERIC_SETTINGS.has(n.noun) && (!previous || n.weight >= 2)) ??
    (previous ? undefined : nouns[0]);
  const named = places
    .map((p) => ({ place: p, count: countOccurrences(narration, p.key) }))
    .filter((p) => p.count > 0)
    .sort((a, b) => b.count - a.count)[0]?.place;
  if (!noun && !named && previous) return { ...previous };
  const setting_type = settingTypeOf(noun, narration);
  let location: string;
  if (noun && named) {
    location = named.name.toLowerCase().includes(noun.noun)
      ? named.name
      : `${capitalise(noun.noun)}, ${named.name}`;
  } else location = named?.name ?? (noun ? capitalise(noun.noun) : 'Unspecified location');
  return { location, setting_type, time_of_day: previous?.time_of_day ?? 'day', noun: noun?.noun };
}

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
function timeOfDay(narration: readonly string[]): TimeOfDay | undefined {
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

function moodOf(text: string): Mood {
  const words = lowerWords(text);
  let best: Mood = 'calm';
  let bestScore = 0;
  for (const mood of MOODS) {
    const vocabulary = MOOD_WORDS[mood];
    let score = 0;
    for (const w of words) if (vocabulary.has(w)) score++;
    if (score > bestScore) {
      best = mood;
      bestScore = score;
    }
  }
  return best;
}

/** The passage's most concrete sentences (light, colour, objects, looks), written in the present. */
function describeVisually(
  narration: readonly string[],
  location: string,
  time: TimeOfDay,
  characters: readonly Character[],
): string {
  const speakers = new PronounResolver(characters);
  const resolved = narration.map((sentence) => {
    const text = speakers.resolveLeading(sentence);
    speakers.observe(sentence);
    return text;
  });
  const chosen = resolved
    .map((sentence, index) => ({ sentence, index, score: visualScore(sentence) }))
    .filter((s) => s.score > 0 && s.sentence.length <= 320)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, 2)
    .sort((a, b) => a.index - b.index)
    .map((s) => toPresentTense(s.sentence));
  return truncateText([`${location}, ${time}.`, ...chosen].join(' '), 600);
}

/** Who "he" and "she" most likely are: the last character of that gender named so far. */
class PronounResolver {
  private readonly last = new Map<string, Character>();
  private readonly pattern: RegExp | undefined;
  constructor(private readonly characters: readonly Character[]) {
    const aliases = characters.flatMap((c) => c.aliases).sort((a, b) => b.length - a.length);
    this.pattern = aliases.length
      ? new RegExp(`\\b(?:${aliases.map(escapeRegExp).join('|')})\\b`, 'gu')
      : undefined;
  }
  observe(sentence: string) {
    if (!this.pattern) return;
    for (const match of sentence.matchAll(this.pattern)) {
      const character = this.characters.find((c) => c.aliases.includes(match[0]));
      if (!character) continue;
      if (character.gender !== 'female') this.last.set('he', character);
      if (character.gender !== 'male') this.last.set('she', character);
    }
  }
  resolve(pronoun: string): Character | undefined {
    const key = pronoun.toLowerCase();
    return key === 'he' || key === 'she' ? this.last.get(key) : undefined;
  }
  /** "She was nineteen" → "Nell was nineteen" when Nell was the last woman named. */
  resolveLeading(sentence: string): string {
    const match = /^(He|She)\b/.exec(sentence);
    const character = match ? this.resolve(match[1]!) : undefined;
    return character ? `${character.name}${sentence.slice(match![1]!.length)}` : sentence;
  }
}

function visualScore(sentence: string): number {
  const words = lowerWords(sentence);
  let score = 0;
  for (const w of words) if (VISUAL_WORDS.has(w) || PHYSICAL_CUES.has(w)) score++;
  return score / Math.sqrt(Math.max(words.length, 4));
}

/**
 * What characters do: clauses that open with a character (or a pronoun standing for the last one
 * of that gender named) followed by a verb, strong action verbs first, in the present tense.
 */
function keyActions(narration: readonly string[], characters: readonly Character[]): string[] {
  if (characters.length === 0) return [];
  const aliases = characters.flatMap((c) => c.aliases).sort((a, b) => b.length - a.length);
  const opening = new RegExp(
    `^(?:(?:the\\s+)?\\p{Lu}\\p{L}*\\.?\\s+)?(${aliases.map(escapeRegExp).join('|')})\\b`,
    'u',
  );
  const speakers = new PronounResolver(characters);
  const candidates: { text: string; tagged: TaggedWord[]; score: number; order: number }[] = [];
  let order = 0;
  for (const sentence of narration) {
    for (const clause of sentence.split(/[,;:]\s+|\s+(?:and|but|while|then)\s+(?=(?:he|she|they|\p{Lu}))/u)) {
      order++;
      if (candidates.length >= MAX_ACTION_CLAUSES) break;
      const trimmed = clause.trim().replace(/[.!?…]+$/, '');
      const named = opening.exec(trimmed);
      const pronoun = /^(he|she)\s/i.exec(trimmed)?.[1];
      const stand = pronoun ? speakers.resolve(pronoun) : undefined;
      speakers.observe(trimmed);
      if (!named && !stand) continue;
      const subject = named ? trimmed : `${stand!.name}${trimmed.slice(pronoun!.length)}`;
      const words = subject.split(/\s+/);
      if (words.length < 3 || words.length > 16) continue;
      const tagged = tagWords(subject);
      const verbIndex = tagged.findIndex((w) => w.tags.has('Verb'));
      if (verbIndex < 1 || verbIndex > 4) continue;
      const verb = tagged[verbIndex]!.text.toLowerCase();
      if (['was', 'were', 'had', 'is', 'are', 'has'].includes(verb) || SPEECH_VERBS.has(verb)) continue;
      const score = (STRONG_ACTION_VERBS.has(verb) ? 2 : 1) + (named ? 0.5 : 0);
      candidates.push({ text: subject, tagged, score, order });
    }
  }
  const seen = new Set<string>();
  return candidates
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .filter((c) => !seen.has(c.text.toLowerCase()) && seen.add(c.text.toLowerCase()))
    .slice(0, MAX_KEY_ACTIONS)
    .sort((a, b) => a.order - b.order)
    .map((c) => capitalise(toPresentTense(c.text, c.tagged)));
}

const SOUND_PATTERNS = SOUND_CUES.map(
  ([sound, cues]) => [sound, new RegExp(`\\b(?:${cues.map(escapeRegExp).join('|')})\\b`, 'i')] as const,
);

/** Sounds the passage mentions, in order, plus the ambience of the place when it names few. */
function soundsOf(narration: string, noun: string | undefined, settingType: SettingType): string[] {
  // "The Gull and Lantern" is an inn, not gulls: capitalised words inside sentences are names.
  const common = narration
    .replace(/(?<=[\p{Ll},;]\s+(?:the\s+)?)\p{Lu}[\p{L}'’]*/gu, (m) => ' '.repeat(m.length))
    .replace(/\bThe\s+\p{Lu}\p{L}*/gu, (m) => ' '.repeat(m.length));
  const found = SOUND_PATTERNS.map(([sound, pattern]) => ({ sound, at: common.search(pattern) }))
    .filter((s) => s.at >= 0)
    .sort((a, b) => a.at - b.at)
    .map((s) => s.sound)
    .slice(0, MAX_SOUNDS);
  if (found.length < 2)
    found.push(noun ? `${noun} ambience` : settingType === 'INT' ? 'room tone' : 'outdoor ambience');
  return found;
}

/** The parts of text[start, end) outside the quotations (which may span several sentences). */
function outsideQuotes(text: string, start: number, end: number, quotes: readonly Quote[]): string {
  let result = '';
  let cursor = start;
  for (const q of quotes) {
    if (q.end <= start || q.start >= end) continue;
    if (q.start > cursor) result += `${text.slice(cursor, q.start)} `;
    cursor = Math.max(cursor, q.end);
  }
  if (cursor < end) result += text.slice(cursor, end);
  return result.replace(/\s+/g, ' ');
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
  return capitalise(text);
}

function countOccurrences(text: string, phrase: string): number {
  return text.match(new RegExp(`(?<![\\p{L}])${escapeRegExp(phrase)}(?![\\p{L}])`, 'gu'))?.length ?? 0;
}
