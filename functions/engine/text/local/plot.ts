/**
 * Book-level analysis: genre, tone, audience, setting, themes, story structure, logline and the
 * cast with profiles. Long books are sampled (the opening of every chapter) so the cost is bounded.
 */
import type { ChapterText, CharacterProfile, Mood, PlotOverview, StoryType } from '../types';
import { profileCharacters } from './characters';
import { dialogueWithNarrator } from './dialogue';
import { scanEntities } from './entities';
import { ERA_CUES, MOOD_WORDS, THEME_WORDS } from './lexicon';
import { detectGenre } from './genre';
import { findCast, type Cast } from './names';
import { findNamedPlaces, settingNouns, withoutDialogue, type NamedPlace } from './places';
import { rateText, rateWithoutViolence } from './safety';
import { cutAtSentence, sentenceSpans } from '../sentences';
import {
  articleFor,
  capitalise,
  escapeRegExp,
  joinList,
  lowerFirst,
  lowerWords,
  nameInSentence,
} from '../strings';
import { scoreSentences } from './summarize';

/** Characters of the book sample analysed for a plot overview (about 60 000 words). */
export const BOOK_SAMPLE_CHARS = 360_000;
const MIN_CHAPTER_SAMPLE = 4_000;

/** The opening of every chapter, cut at a sentence end, within the budget. */
export function sampleChapters(chapters: readonly ChapterText[], budget = BOOK_SAMPLE_CHARS): string {
  const total = chapters.reduce((sum, c) => sum + c.content.length, 0);
  if (total <= budget) return chapters.map((c) => c.content.trim()).join('\n\n\n');
  const share = Math.max(MIN_CHAPTER_SAMPLE, Math.floor(budget / chapters.length));
  const parts: string[] = [];
  let used = 0;
  for (const chapter of chapters) {
    if (used >= budget) break;
    const limit = Math.min(share, budget - used);
    const part = cutAtSentence(chapter.content.trim(), limit);
    parts.push(part);
    used += part.length;
  }
  return parts.join('\n\n\n');
}

function scoreVocabularies(
  words: readonly string[],
  vocabularies: Record<string, ReadonlySet<string>>,
): [string, number][] {
  const scores: [string, number][] = Object.keys(vocabularies).map((name) => [name, 0]);
  for (const w of words) {
    for (const entry of scores) if (vocabularies[entry[0]]!.has(w)) entry[1]++;
  }
  return scores.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

const TONE_NAMES: Record<Mood, string> = {
  calm: 'contemplative',
  joyful: 'warm',
  tense: 'suspenseful',
  mysterious: 'mysterious',
  sad: 'melancholic',
  romantic: 'romantic',
  dramatic: 'dramatic',
  eerie: 'eerie',
  epic: 'epic',
};

export function detectTone(words: readonly string[]): string {
  const ranked = scoreVocabularies(words, MOOD_WORDS).filter(([, n]) => n > 0);
  const names = ranked.slice(0, 2).map(([mood]) => TONE_NAMES[mood as Mood] ?? mood);
  if (names.length === 0) return 'Measured and contemplative';
  const tone = names.length === 2 ? `${names[0]} and ${names[1]}` : names[0]!;
  return tone.charAt(0).toUpperCase() + tone.slice(1);
}

const GENRE_THEMES: Record<string, string[]> = {
  Fantasy: ['Good versus evil', 'Courage', 'Coming of age'],
  Mystery: ['Justice and truth', 'Secrets and deception', 'Family'],
  Romance: ['Love', 'Identity and belonging', 'Family'],
  Comedy: ['Love', 'Identity and belonging', 'Family'],
  Adventure: ['Courage', 'Friendship', 'Survival'],
  Horror: ['Good versus evil', 'Obsession', 'Loss and grief'],
  Ghost: ['Loss and grief', 'Fate and destiny', 'Family'],
  Science: ['Ambition', 'Obsession', 'Identity and belonging'],
  Crime: ['Justice and truth', 'Survival', 'Power and corruption'],
  Drama: ['Family', 'Identity and belonging', 'Love'],
};

export function detectThemes(words: readonly string[], genre: string, count = 5): string[] {
  const typical = GENRE_THEMES[genre.split(' ')[0]!] ?? [];
  const found = scoreVocabularies(words, THEME_WORDS)
    .filter(([, n]) => n >= 2)
    // A genre's usual themes win ties with incidental ones ("truth" in a mystery).
    .map(([theme, n]): [string, number] => [theme, n + (typical.includes(theme) ? 1.5 : 0)])
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, count)
    .map(([theme]) => theme);
  const fallbacks = GENRE_THEMES[genre.split(' ')[0]!] ?? ['Courage', 'Identity and belonging', 'Friendship'];
  for (const theme of fallbacks) if (found.length < 3 && !found.includes(theme)) found.push(theme);
  return found.slice(0, Math.max(3, count));
}

const STORY_TYPE_BY_GENRE: Record<string, StoryType> = {
  Ghost: 'story_circle',
  Crime: 'seven_point',
  Fantasy: 'hero_journey',
  Adventure: 'hero_journey',
  'Science fiction': 'hero_journey',
  Mystery: 'seven_point',
  Thriller: 'seven_point',
  Horror: 'seven_point',
  Romance: 'save_the_cat',
  Comedy: 'save_the_cat',
  Drama: 'freytag',
  Historical: 'freytag',
  War: 'freytag',
  Western: 'three_act',
};

export function storyTypeFor(genre: string): { story_type: StoryType; script_story_type: StoryType } {
  const story_type =
    STORY_TYPE_BY_GENRE[genre.split(' ')[0]!] ?? (genre.startsWith('Science') ? 'hero_journey' : 'three_act');
  // Five-act structures rarely suit a film; the script uses three acts instead.
  return { story_type, script_story_type: story_type === 'freytag' ? 'three_act' : story_type };
}

export function detectAudience(text: string, genre: string): string {
  let rating = rateText(text);
  // A fantasy or an adventure whose strong words are its fights and threats ("Off with her head!") and
  // a kiss or two is read by children.
  if (rating !== 'general' && /Fantasy|Adventure/.test(genre) && rateWithoutViolence(text) !== 'mature')
    rating = 'general';
  if (rating === 'mature') return 'Adults (mature content)';
  if (rating === 'teen') return 'Teens and adults (13+)';
  const spans = sentenceSpans(text.slice(0, 60_000));
  const words = spans.reduce((sum, s) => sum + s.text.split(/\s+/).length, 0) / Math.max(spans.length, 1);
  if (words < 13 && /Fantasy|Adventure|Comedy/.test(genre)) return 'All ages; suitable for readers 8 and up';
  return 'General audiences (10+)';
}

export function describeSetting(
  text: string,
  words: readonly string[],
  places: readonly NamedPlace[],
): string {
  const named = places.slice(0, 2).map((p) => p.name);
  const nouns = settingNouns(sentenceSpans(withoutDialogue(text.slice(0, 200_000))).map((span) => span.text))
    .slice(0, 3)
    .map((n) => n.noun);
  const where = [named.join(' and '), nouns.length ? `${named.length ? 'its ' : 'a '}${joinList(nouns)}` : '']
    .filter(Boolean)
    .join(': ');
  const year = /\b(?:in|of|since)\s+(1[0-9]{3}|20[0-9]{2})\b/.exec(text)?.[1];
  const era = year ? `the ${ordinal(Math.floor(Number(year) / 100) + 1)} century` : eraOf(words);
  return `${capitalise(where || 'An unnamed place')}${era ? `, in ${era}` : ''}.`;
}

function eraOf(words: readonly string[]): string | undefined {
  const [best] = scoreVocabularies(words, ERA_CUES);
  return best && best[1] >= 2 ? best[0] : undefined;
}

function ordinal(n: number): string {
  const names = [
    '',
    'first',
    'second',
    'third',
    'fourth',
    'fifth',
    'sixth',
    'seventh',
    'eighth',
    'ninth',
    'tenth',
    'eleventh',
    'twelfth',
    'thirteenth',
    'fourteenth',
    'fifteenth',
    'sixteenth',
    'seventeenth',
    'eighteenth',
    'nineteenth',
    'twentieth',
    'twenty-first',
  ];
  return names[n] ?? `${n}th`;
}

export interface LoglineInput {
  /** The profiled cast, with roles. */
  characters: readonly CharacterProfile[];
  genre: string;
  /** The character who tells the story, when the book is told by a named "I". */
  narrator?: string;
  /** Those who tell the story in turn, when the book is told in several people's journals. */
  tellers?: readonly string[];
  /** The book's own summary sentences, most central first (`summarySentences`). */
  summary: readonly string[];
  places?: readonly NamedPlace[];
}

const GENRE_NOUNS: Record<string, string> = {
  Horror: 'tale of horror',
  'Ghost story': 'ghost story',
  Fantasy: 'fantasy',
  'Science fiction': 'work of science fiction',
  Mystery: 'mystery',
  Adventure: 'adventure',
  Romance: 'romance',
  'Comedy of manners': 'comedy of manners',
  Drama: 'drama',
  Crime: 'crime story',
};

/**
 * A logline as a reader would put it: who the story follows (or who tells it), with whom, in the
 * book's genre, then the book's own most central sentence about them. Written from the cast, so
 * a character is never given a sex or an age the text does not give them.
 */
export function writeLogline(input: LoglineInput): string {
  const { characters } = input;
  const hero =
    characters.find((c) => c.role === 'protagonist') ??
    characters.find((c) => c.name === input.narrator) ??
    characters[0];
  const [primary = '', secondary] = input.genre.split(/,\s*/);
  const kind = GENRE_NOUNS[primary] ?? (primary.toLowerCase() || 'story');
  const touch = secondary ? ` with ${articleFor(secondary)} ${secondary.toLowerCase()} thread` : '';
  if (!hero) {
    const where = input.places?.[0] ? ` set in ${input.places[0].name}` : '';
    return `${capitalise(articleFor(kind))} ${kind}${where}${touch}.`;
  }
  // A book told in several people's journals (Jonathan's, Mina's, Dr. Seward's) has no one narrator.
  const tellers = input.tellers && input.tellers.length >= 2 ? input.tellers : undefined;
  const narrator = tellers ? undefined : input.narrator;
  const others = characters
    .filter((c) => c !== hero && c.name !== narrator && !tellers?.includes(c.name))
    .sort(
      (a, b) => Number(b.role === 'antagonist') - Number(a.role === 'antagonist') || b.mentions - a.mentions,
    )
    .slice(0, 3)
    .map((c) => nameInSentence(c.name));
  const company = others.length ? `, with ${joinList(others)}` : '';
  // "Jim, a young man, tells…": the appositive closed by a comma when the sentence goes on.
  const apposed = appositive(hero);
  const who = `${hero.name}${apposed}${apposed ? ',' : ''}`;
  // Before ", with …" or the end, the appositive needs no comma of its own.
  const last = `${nameInSentence(hero.name)}${apposed}`;
  const own = hero.gender === 'female' ? 'her' : hero.gender === 'male' ? 'his' : 'their';
  // A narrator who tells someone else's story (Watson telling Holmes's) is named as the teller.
  const teller = narrator && narrator !== hero.name ? narrator : undefined;
  const frame = tellers
    ? `Told in turn by ${joinList(tellers.map(nameInSentence))}, this ${kind}${touch} follows ${last}${company}.`
    : narrator === hero.name
      ? `${who} tells ${own} own story in this ${kind}${touch}${company}.`
      : teller
        ? `${teller} tells the story of ${nameInSentence(who)} in this ${kind}${touch}${company}.`
        : `This ${kind}${touch} follows ${last}${company}.`;
  const line = summaryLine(
    input.summary,
    hero,
    narrator === hero.name,
    characters.filter((c) => c !== hero).slice(0, 6),
  );
  return line ? `${frame} ${line}` : frame;
}

/** ", a young woman" when the profile's description gives an age; nothing otherwise. */
function appositive(profile: CharacterProfile): string {
  const who = /^(An? (?:(?:young|old) (?:woman|man|person)|girl|boy|child))\b/.exec(
    profile.physical_description,
  )?.[1];
  return who ? `, ${lowerFirst(who)}` : '';
}

/**
 * The most central sentence of the book that names the hero (or is told by them), if one reads on its
 * own; of those, one that also names others of the main cast ("I had created the monster…" over "A new
 * light seemed to dawn upon my mind"), as a story is about its people together.
 */
function summaryLine(
  summary: readonly string[],
  hero: CharacterProfile,
  narrated: boolean,
  others: readonly CharacterProfile[] = [],
): string | undefined {
  const names = [hero.name, hero.name.split(/\s+/).find((w) => w.length > 2 && !/\.$/.test(w)) ?? hero.name];
  const fits = (sentence: string) => {
    const words = sentence.split(/\s+/).length;
    if (words < 8 || words > 40 || /["“”‘]/.test(sentence) || !/^\p{Lu}/u.test(sentence)) return false;
    // "Present: Professor Van Helsing, Lord Godalming, …": a heading or a list of names is no sentence.
    if (/^[\p{L}\s]{1,30}:/u.test(sentence) || capitalisedShare(sentence) > 0.5) return false;
    // "He looked at the Gryphon…": a sentence opening on a pronoun does not read on its own.
    if (/^(?:He|She|It|They|His|Her|Its|Their|This|That|These|Those|Him|Them)\b/.test(sentence)) return false;
    if (!narrated && /\b(?:I|me|my|we|our)\b/.test(sentence)) return false;
    return (
      names.some((n) => new RegExp(`\\b${escapeRegExp(n)}\\b`, 'u').test(sentence)) ||
      (narrated && /\bI\b/.test(sentence))
    );
  };
  const fitting = summary.filter(fits);
  const patterns = others.map((c) => {
    const word = c.name.replace(/^The\s+/, '');
    return new RegExp(`\\b${escapeRegExp(word)}\\b`, /^The\s/.test(c.name) ? 'iu' : 'u');
  });
  const company = (sentence: string) => patterns.filter((p) => p.test(sentence)).length;
  return fitting.reduce<string | undefined>(
    (found, sentence) => (found === undefined || company(sentence) > company(found) ? sentence : found),
    undefined,
  );
}

/** Share of a sentence's words after the first that are capitalised. */
function capitalisedShare(sentence: string): number {
  const words = sentence.split(/\s+/).slice(1);
  return words.filter((w) => /^\p{Lu}/u.test(w)).length / Math.max(1, words.length);
}

const MAX_SUMMARY_SENTENCES = 4000;

/**
 * The book's own summary sentences: narration sentences (no quotation in them), ranked by how
 * central their words are to the text, most central first.
 */
export function summarySentences(
  text: string,
  quotes: readonly { start: number; end: number }[],
  count = 30,
): string[] {
  const spans = sentenceSpans(text).slice(0, MAX_SUMMARY_SENTENCES);
  let q = 0;
  const plain = spans.filter((span) => {
    while (q < quotes.length && quotes[q]!.end <= span.start) q++;
    const quote = quotes[q];
    return !(quote && quote.start < span.end) && !/["“”]/.test(span.text);
  });
  const sentences = plain.map((s) => s.text.replace(/\s+/g, ' '));
  const scores = scoreSentences(sentences);
  return scores
    .map((score, index) => ({ score, index }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, count)
    .map((s) => sentences[s.index]!);
}

/** Named places, those mentioned near the protagonist first (the logline's "In Port Kessel"). */
export function placesNear(text: string, cast: Cast, places: readonly NamedPlace[]): NamedPlace[] {
  const hero = cast.characters[0];
  if (!hero || places.length < 2) return [...places];
  const nearby = new Map<NamedPlace, number>();
  for (const mention of cast.mentions.filter((m) => m.character === hero).slice(0, 200)) {
    // Within the same chapter: chapters are joined by two blank lines.
    const chapterStart = text.lastIndexOf('\n\n\n', mention.start);
    const chapterEnd = text.indexOf('\n\n\n', mention.end);
    const window = text.slice(
      Math.max(0, mention.start - 600, chapterStart),
      Math.min(mention.end + 600, chapterEnd < 0 ? text.length : chapterEnd),
    );
    for (const place of places)
      if (window.includes(place.key)) nearby.set(place, (nearby.get(place) ?? 0) + 1);
  }
  return [...places].sort((a, b) => (nearby.get(b) ?? 0) - (nearby.get(a) ?? 0));
}

export function buildPlotOverview(chapters: readonly ChapterText[]): PlotOverview {
  const text = sampleChapters(chapters);
  const words = lowerWords(text);
  const scan = scanEntities(text);
  const cast = findCast(text, { scan });
  const places = findNamedPlaces(text, scan);
  const { quotes, narrator, tellers } = dialogueWithNarrator(text, cast);
  const genre = detectGenre(text);
  const themes = detectThemes(words, genre);
  const characters = profileCharacters({ text, cast, quotes, themes, genre, narrator });
  const structure = storyTypeFor(genre);
  return {
    logline: writeLogline({
      characters,
      genre,
      narrator: narrator?.name,
      tellers: tellers.map((c) => c.name),
      summary: summarySentences(text, quotes),
      places: placesNear(text, cast, places),
    }),
    genre,
    tone: detectTone(words),
    audience: detectAudience(text, genre),
    setting: describeSetting(text, words, places),
    themes,
    ...structure,
    characters,
  };
}
