/**
 * A chapter as a script: scenes in chapter order covering all of it, each with its heading (place
 * and time from the passage), the characters who act or speak there, and what is said in the
 * book's own words: the narration as voice-over and every quotation as a line of the speaker the
 * attribution gives, in story order. With target duration `auto` the script carries the whole
 * chapter; with a target in minutes it keeps the passages that carry the story and records what it
 * leaves out. Acts and beats of the chosen story structure, and the Fountain text of the whole.
 */
import {
  FOCUS_AREAS,
  TARGET_DURATIONS,
  characterProfile,
  type CharacterProfile,
  type DialogueLine,
  type FocusArea,
  type OmittedPassage,
  type Screenplay,
  type ScreenplayInput,
  type ScriptScene,
  type TargetDuration,
} from '../types';
import { abridge } from './abridge';
import { characterSeed, profileCharacters } from './characters';
import { dialogueWithNarrator } from './dialogue';
import { scanEntities } from './entities';
import { detectGenre } from './genre';
import { toFountain } from '../fountain';
import { sceneHeading } from '../fountain';
import { MOOD_WORDS, STRONG_ACTION_VERBS, VISUAL_WORDS } from './lexicon';
import { findCast, nameKey, nameTitleClass, sameCharacterName, titleClass, type Character } from './names';
import { readAsNarration, readScriptItems, type ScriptItem } from './passage';
import { findNamedPlaces } from './places';
import { detectThemes, placesNear, summarySentences, writeLogline } from './plot';
import {
  analyseScene,
  type ChapterAnalysis,
  type PassageSentence,
  type SceneAnalysis,
  type SceneCarryOver,
} from './scene-analysis';
import { segmentScenes } from '../scenes';
import { buildActs, buildBeats, type SceneSummary } from '../structure';
import { countWords, splitSentences } from '../sentences';
import { lowerWords } from '../strings';
import { cutToWords } from './summarize';
import { assertChapterText, assertStoryType, assertStyle, resolveSceneCount } from '../validate';

/** Speaking pace for voice-over and dialogue. */
export const WORDS_PER_SECOND = 2.5;
/** A scene opens on its picture before anyone speaks. */
const ESTABLISHING_SECONDS = 2;
/** The pause between one spoken line and the next. */
const SECONDS_BETWEEN_LINES = 0.3;
const MIN_SCENE_SECONDS = 8;
const MAX_ACTION_WORDS = 40;
/**
 * With target `auto` the script speaks the whole chapter up to this many words (over four hours of
 * film); a longer chapter is abridged to it like a set length, so a script always fits one record.
 */
export const AUTO_MAX_WORDS = 36_000;

export function buildScreenplay(input: ScreenplayInput): Screenplay {
  const text = assertChapterText(input.chapter?.content, 'The chapter');
  const style = assertStyle(input.options?.style);
  const storyType = assertStoryType(input.options.storyType);
  const sceneCount = resolveSceneCount(input.options.sceneCount);
  const target = resolveTarget(input.options.targetDuration);
  const focus = new Set(
    (input.options.focusAreas ?? []).filter((f): f is FocusArea => FOCUS_AREAS.includes(f)),
  );
  const take = takeOf(input.options.take);

  const chapter = analyseChapter(text, input.characters);
  const analyses: SceneAnalysis[] = [];
  let carry: SceneCarryOver | undefined;
  for (const span of segmentScenes(text, sceneCount)) {
    const analysis = analyseScene(chapter, span, carry);
    analyses.push(analysis);
    carry = analysis;
  }

  const items =
    style === 'cinematic_narration' ? readAsNarration(text) : readScriptItems(text, chapter.quotes);
  const budget = target === 'auto' ? AUTO_MAX_WORDS : Math.round(target * 60 * WORDS_PER_SECOND);
  const sceneTexts = analyses.map((a, i) => ({
    start: a.start,
    end: a.end,
    items: items.filter((item) => item.start >= a.start && (item.start < a.end || i === analyses.length - 1)),
  }));
  const { kept, omitted } = abridge(text, sceneTexts, budget, { mentions: chapter.cast.mentions, take });
  const spoken = kept.map((sceneItems) => sceneItems.reduce((sum, item) => sum + countWords(item.text), 0));
  const fullLength = omitted.every((o) => o.length === 0);
  const allocated = target === 'auto' || fullLength ? undefined : allocateSeconds(target * 60, spoken);

  const scenes = analyses.map((analysis, i) =>
    buildScene(analysis, i + 1, kept[i]!, omitted[i]!, {
      style,
      focus,
      seconds: allocated?.[i],
      take,
    }),
  );

  const present = chapter.cast.characters.filter((c) => scenes.some((s) => s.characters.includes(c.name)));
  const words = lowerWords(text);
  const genre = detectGenre(text);
  const profiles = profileCharacters({
    text,
    cast: {
      characters: present,
      mentions: chapter.cast.mentions.filter((m) => present.includes(m.character)),
    },
    quotes: chapter.quotes,
    themes: detectThemes(words, genre),
    genre,
    narrator: chapter.narrator,
    limit: present.length,
    minimumMentions: 1,
  });
  const details = input.options.includeCharacterProfiles
    ? characterDetails(present, profiles, input.characters)
    : [];
  const summaries: SceneSummary[] = scenes.map((s) => ({
    scene_number: s.scene_number,
    estimated_duration: s.estimated_duration,
    location: s.location,
    events: sceneEvents(s),
  }));
  const title = input.chapter.title?.trim() || input.bookTitle?.trim() || 'Untitled';
  const logline = writeLogline({
    characters: profiles,
    genre,
    narrator: chapter.narrator?.name,
    summary: summarySentences(text, chapter.quotes),
    places: placesNear(text, chapter.cast, chapter.places),
  });
  return {
    title,
    style,
    story_type: storyType,
    logline,
    acts: buildActs(storyType, summaries),
    beats: buildBeats(storyType, summaries),
    scenes,
    characters: present.map((c) => c.name),
    character_details: details,
    fountain: toFountain({ title, source: input.bookTitle, logline, style, scenes }),
    estimated_duration: scenes.reduce((sum, s) => sum + s.estimated_duration, 0),
    ...(chapter.narrator ? { narrator: chapter.narrator.name } : {}),
  };
}

const takeOf = (take: unknown) => (Number.isInteger(take) && (take as number) > 0 ? (take as number) : 0);

/** The ranked candidates starting `shift` places further down (wrapping): another take's picks. */
export function rotated<T>(ranked: readonly T[], shift: number): T[] {
  if (ranked.length === 0) return [];
  const start = shift % ranked.length;
  return [...ranked.slice(start), ...ranked.slice(0, start)];
}

export function resolveTarget(value: unknown): TargetDuration {
  return TARGET_DURATIONS.includes(value as TargetDuration) ? (value as TargetDuration) : 'auto';
}

function analyseChapter(text: string, known?: readonly CharacterProfile[]): ChapterAnalysis {
  const scan = scanEntities(text);
  const cast = findCast(text, { scan, knownNames: known?.map((c) => c.name) });
  // The script's speakers are the reading's: someone known only as "the captain" speaks as such.
  const { quotes, narrator } = dialogueWithNarrator(text, cast, { describedSpeakers: true });
  return { text, cast, quotes, narrator, places: findNamedPlaces(text, scan) };
}

/** Whole seconds in proportion to the passages' lengths, summing exactly to the total. */
export function allocateSeconds(total: number, weights: readonly number[]): number[] {
  const floor = Math.min(MIN_SCENE_SECONDS, Math.floor(total / weights.length));
  const spare = total - floor * weights.length;
  const sum = weights.reduce((a, b) => a + b, 0) || 1;
  const exact = weights.map((w) => (w / sum) * spare);
  const seconds = exact.map((e) => floor + Math.floor(e));
  let remainder = total - seconds.reduce((a, b) => a + b, 0);
  const order = exact
    .map((e, i) => ({ i, frac: e - Math.floor(e) }))
    .sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (let k = 0; remainder > 0; k = (k + 1) % order.length, remainder--) seconds[order[k]!.i]!++;
  return seconds;
}

interface SceneSettings {
  style: Screenplay['style'];
  focus: ReadonlySet<FocusArea>;
  /** Allocated length, or undefined to size the scene by what it says. */
  seconds?: number;
  /** Which take (see ScreenplayOptions.take). */
  take: number;
}

function buildScene(
  analysis: SceneAnalysis,
  scene_number: number,
  items: readonly ScriptItem[],
  omitted: OmittedPassage[],
  settings: SceneSettings,
): ScriptScene {
  const movie = settings.style === 'cinematic_movie';
  const paragraphs: string[] = [];
  const dialogue: DialogueLine[] = [];
  for (const item of items) {
    if (item.kind === 'narration' || !item.speaker) {
      paragraphs.push(item.text);
      continue;
    }
    dialogue.push({
      scene_number,
      character: item.speaker.name,
      line: item.text,
      ...(item.parenthetical ? { parenthetical: item.parenthetical } : {}),
      after_narration: paragraphs.length,
    });
  }
  const actions = movie ? stageDirections(analysis, actionLineCount(analysis, settings), settings) : [];
  const spokenWords = items.reduce((sum, item) => sum + countWords(item.text), 0);
  const estimated =
    settings.seconds ??
    Math.max(
      MIN_SCENE_SECONDS,
      Math.round(
        ESTABLISHING_SECONDS + spokenWords / WORDS_PER_SECOND + items.length * SECONDS_BETWEEN_LINES,
      ),
    );
  // Whoever speaks is there, even when the passage names them only in a tag.
  const characters = analysis.characters.map((c) => c.name);
  for (const line of dialogue) if (!characters.includes(line.character)) characters.push(line.character);

  const scene: ScriptScene = {
    scene_number,
    location: analysis.location,
    setting_type: analysis.setting_type,
    time_of_day: analysis.time_of_day,
    estimated_duration: estimated,
    visual_description: analysis.visual_description,
    key_actions: analysis.key_actions,
    audio_requirements: analysis.audio_requirements,
    characters,
    mood: analysis.mood,
    source_start: analysis.start,
    source_end: analysis.end,
    heading: '',
    action: actions,
    dialogue,
    narration: paragraphs.join('\n\n'),
    ...(omitted.length ? { omitted } : {}),
  };
  scene.heading = sceneHeading(scene);
  return scene;
}

function actionLineCount(analysis: SceneAnalysis, settings: SceneSettings): number {
  const available = analysis.sentences.filter((s) => s.plain).length;
  let count = settings.seconds !== undefined ? Math.round(settings.seconds / 40) : Math.ceil(available / 12);
  if (settings.focus.has('Action')) count += 2;
  if (settings.focus.has('Atmosphere')) count += 1;
  if (settings.focus.has('Dialogue')) count -= 1;
  return Math.max(1, Math.min(count, 4, available));
}

const FOCUS_VOCABULARY: Partial<Record<FocusArea, ReadonlySet<string>>> = {
  Action: STRONG_ACTION_VERBS,
  Atmosphere: VISUAL_WORDS,
  Tension: MOOD_WORDS.tense,
  Comedy: MOOD_WORDS.joyful,
  'Character Development': new Set([
    'felt',
    'thought',
    'remembered',
    'wanted',
    'knew',
    'wondered',
    'realised',
    'realized',
    'decided',
    'hoped',
    'feared',
    'learned',
  ]),
};

/**
 * The action lines: what the camera shows, in the passage's words. Clauses in which someone named
 * does something ("The captain spun round on his heel"); a passage without one gets its sentences
 * that show the most (action and concrete detail). Another take picks further down the list.
 */
function stageDirections(analysis: SceneAnalysis, count: number, settings: SceneSettings): string[] {
  const clauses = analysis.clauses;
  if (clauses.length === 0) return chooseActions(analysis.sentences, count, settings.focus, settings.take);
  return rotated(clauses, settings.take * count)
    .slice(0, count)
    .sort((a, b) => a.order - b.order)
    .map((c) => c.text);
}

/** Narration sentences of the passage that show something (action and concrete detail), as written. */
function chooseActions(
  sentences: readonly PassageSentence[],
  count: number,
  focus: ReadonlySet<FocusArea>,
  take: number,
): string[] {
  const candidates = sentences
    .map((s, index) => ({ s, index, score: actionScore(s.text, focus) }))
    .filter((c) => c.s.plain && countWords(c.s.text) <= MAX_ACTION_WORDS && c.score > 0);
  const ranked = candidates.sort((a, b) => b.score - a.score || a.index - b.index);
  return rotated(ranked, take * count)
    .slice(0, count)
    .sort((a, b) => a.index - b.index)
    .map((c) => c.s.text);
}

function actionScore(sentence: string, focus: ReadonlySet<FocusArea>): number {
  const words = lowerWords(sentence);
  let score = 0;
  for (const w of words) {
    if (STRONG_ACTION_VERBS.has(w)) score += 1.5;
    if (VISUAL_WORDS.has(w)) score += 1;
    for (const area of focus) if (FOCUS_VOCABULARY[area]?.has(w)) score += 1.5;
  }
  return score / Math.sqrt(Math.max(words.length, 5));
}

/** The first sentence ("Mr. Fenwick" and "e.g." do not end one). */
function firstSentence(text: string): string {
  return (splitSentences(text)[0] ?? text).trim();
}

/** What happens in a scene, as short sentences: its key actions, else its action or narration. */
function sceneEvents(scene: ScriptScene): string[] {
  const events = [...scene.key_actions, ...scene.action, firstSentence(scene.narration)].filter((e) =>
    e.trim(),
  );
  const distinct: string[] = [];
  for (const event of events) {
    const line = cutToWords(event, 20);
    const opening = line.split(/\s+/).slice(0, 5).join(' ');
    if (!distinct.some((d) => d.startsWith(opening))) distinct.push(/[.!?…]$/.test(line) ? line : `${line}.`);
  }
  return distinct;
}

/** Profiles of the characters present: the book's own where given (same seed and voice), else derived. */
function characterDetails(
  present: readonly Character[],
  derived: readonly CharacterProfile[],
  known: readonly CharacterProfile[] | undefined,
): CharacterProfile[] {
  return present.map((character) => {
    const fromBook =
      known?.find((k) => sameCharacterName(k.name, character.name)) ??
      known?.find(
        (k) =>
          character.aliases.includes(nameKey(k.name)) &&
          (nameTitleClass(k.name) ?? titleClass(character.title)) === titleClass(character.title),
      );
    if (fromBook) return { ...fromBook, mentions: character.mentions };
    const profile = derived.find((d) => d.name === character.name);
    return profile ?? minimalProfile(character);
  });
}

function minimalProfile(character: Character): CharacterProfile {
  return characterProfile({
    name: character.name,
    role: 'supporting',
    gender: character.gender,
    mentions: character.mentions,
    seed: characterSeed(character.name),
  });
}
