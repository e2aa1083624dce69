/**
 * Book-level analysis: genre, tone, audience, setting, themes, story structure, logline and the
 * cast with profiles. Long books are sampled (the opening of every chapter) so the cost is bounded.
 */
import type { ChapterText, CharacterProfile, Mood, PlotOverview, StoryType } from '../types';
import { profileCharacters } from './characters';
import { dialogueWithNarrator } from './dialogue';
import { scanEntities } from './entities';
import { ERA_CUES, GENRE_WORDS, MOOD_WORDS, THEME_WORDS } from './lexicon';
import { findCast, type Cast } from './names';
import { findNamedPlaces, settingNouns, withoutDialogue, type NamedPlace } from './places';
import { rateText } from './safety';
import { cutAtSentence, sentenceSpans } from '../sentences';
import { articleFor, capitalise, joinList, lowerFirst, lowerWords } from '../strings';

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

/** Top genre by keyword hits; a close second is added ("Fantasy adventure"). */
export function detectGenre(words: readonly string[]): string {
  const [first, second] = scoreVocabularies(words, GENRE_WORDS);
  if (!first || first[1] === 0) return 'Literary fiction';
  if (second && second[1] >= first[1] * 0.75 && second[1] >= 2)
    return `${first[0]} ${second[0].toLowerCase()}`;
  return first[0];
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
  Adventure: ['Courage', 'Friendship', 'Survival'],
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
  const rating = rateText(text);
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

/** "In Port Kessel, Nell, a stubborn young woman, must stand up to Crane, with help from Brannigan." */
export function buildLogline(
  characters: readonly CharacterProfile[],
  places: readonly NamedPlace[],
  genre: string,
): string {
  const hero = characters.find((c) => c.role === 'protagonist') ?? characters[0];
  const where = places[0] ? `${placePreposition(places[0].name)} ${places[0].name}, ` : '';
  if (!hero) return `${where}${capitalise(articleFor(genre))} ${genre.toLowerCase()} story unfolds.`.trim();
  const villain = characters.find((c) => c.role === 'antagonist');
  const helper = characters.find((c) => c.role === 'mentor' || c.role === 'sidekick');
  const trait = hero.personality.split(/[,;. ]/)[0]!.toLowerCase();
  const person = /\bwoman\b|\bgirl\b|\bshe\b|\bher\b/i.test(hero.physical_description)
    ? 'woman'
    : /\bman\b|\bboy\b|\bhe\b|\bhis\b/i.test(hero.physical_description)
      ? 'man'
      : 'hero';
  const young = /\b(young|nineteen|boy|girl|teen)/i.test(hero.physical_description) ? 'young ' : '';
  const descriptor = `${articleFor(trait)} ${trait} ${young}${person}`;
  const want = hero.want.replace(/^To\s+/i, '').replace(/\.$/, '');
  const goal = villain ? `stand up to ${villain.name}` : want.charAt(0).toLowerCase() + want.slice(1);
  const help = helper ? `, with help from ${helper.name}` : '';
  const stakes = villain && want && !/set right/.test(want) ? ` in order to ${lowerFirst(want)}` : '';
  return `${where}${hero.name}, ${descriptor}, must ${goal}${stakes}${help}.`;
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
  const { quotes } = dialogueWithNarrator(text, cast);
  const genre = detectGenre(words);
  const themes = detectThemes(words, genre);
  const characters = profileCharacters({ text, cast, quotes, themes, genre });
  const structure = storyTypeFor(genre);
  return {
    logline: buildLogline(characters, placesNear(text, cast, places), genre),
    genre,
    tone: detectTone(words),
    audience: detectAudience(text, genre),
    setting: describeSetting(text, words, places),
    themes,
    ...structure,
    characters,
  };
}

/** "On the River Esk", "In Port Kessel". */
function placePreposition(name: string): string {
  return /^(River|Lake|Sea|Isle|Island)\b/.test(name) ? 'On the' : /^Mount\b/.test(name) ? 'On' : 'In';
}
