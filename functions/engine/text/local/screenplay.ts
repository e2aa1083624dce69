/**
 * A chapter as a script: scenes in chapter order covering all of it, each with its heading, action
 * (the passage's narration in the present tense), the passage's real dialogue with its speakers, and
 * voice-over narration condensed from the passage; acts and beats of the chosen story structure;
 * and the Fountain text of the whole.
 */
import {
  FOCUS_AREAS,
  TARGET_DURATIONS,
  characterProfile,
  type CharacterProfile,
  type DialogueLine,
  type FocusArea,
  type Screenplay,
  type ScreenplayInput,
  type ScriptScene,
  type TargetDuration,
} from '../types';
import { characterSeed, profileCharacters } from './characters';
import { dialogueWithNarrator, type Quote } from './dialogue';
import { scanEntities } from './entities';
import { sceneHeading, toFountain, type SceneElement } from '../fountain';
import { MOOD_WORDS, STRONG_ACTION_VERBS, VISUAL_WORDS } from './lexicon';
import { findCast, nameKey, nameTitleClass, sameCharacterName, titleClass, type Character } from './names';
import { toPresentTense } from './nlp';
import { findNamedPlaces } from './places';
import { buildLogline, detectGenre, detectThemes, placesNear } from './plot';
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
import { condense, cutToWords } from './summarize';
import { assertChapterText, assertStoryType, assertStyle, resolveSceneCount } from '../validate';

/** Speaking pace for voice-over and dialogue. */
const WORDS_PER_SECOND = 2.5;
const SECONDS_PER_ACTION_LINE = 4;
const ESTABLISHING_SECONDS = 4;
const MIN_SCENE_SECONDS = 8;
const MAX_DIALOGUE_WORDS = 80;
const MAX_ACTION_WORDS = 40;

export function buildScreenplay(input: ScreenplayInput): Screenplay {
  const text = assertChapterText(input.chapter?.content, 'The chapter');
  const style = assertStyle(input.options?.style);
  const storyType = assertStoryType(input.options.storyType);
  const sceneCount = resolveSceneCount(input.options.sceneCount);
  const target = resolveTarget(input.options.targetDuration);
  const focus = new Set(
    (input.options.focusAreas ?? []).filter((f): f is FocusArea => FOCUS_AREAS.includes(f)),
  );

  const chapter = analyseChapter(text, input.characters);
  const spans = segmentScenes(text, sceneCount);
  const analyses: SceneAnalysis[] = [];
  let carry: SceneCarryOver | undefined;
  for (const span of spans) {
    const analysis = analyseScene(chapter, span, carry);
    analyses.push(analysis);
    carry = analysis;
  }

  const allocated =
    target === 'auto'
      ? undefined
      : allocateSeconds(
          target * 60,
          analyses.map((a) => a.end - a.start),
        );
  const scenes = analyses.map((analysis, i) =>
    buildScene(analysis, i + 1, { style, focus, seconds: allocated?.[i], take: takeOf(input.options.take) }),
  );

  const present = chapter.cast.characters.filter((c) => scenes.some((s) => s.characters.includes(c.name)));
  const words = lowerWords(text);
  const genre = detectGenre(words);
  const profiles = profileCharacters({
    text,
    cast: {
      characters: present,
      mentions: chapter.cast.mentions.filter((m) => present.includes(m.character)),
    },
    quotes: chapter.quotes,
    themes: detectThemes(words, genre),
    genre,
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
  const logline = buildLogline(profiles, placesNear(text, chapter.cast, chapter.places), genre);
  const publicScenes = scenes.map(({ elements: _elements, ...scene }) => scene);
  return {
    title,
    style,
    story_type: storyType,
    logline,
    acts: buildActs(storyType, summaries),
    beats: buildBeats(storyType, summaries),
    scenes: publicScenes,
    characters: present.map((c) => c.name),
    character_details: details,
    fountain: toFountain({ title, source: input.bookTitle, logline, style, scenes }),
    estimated_duration: scenes.reduce((sum, s) => sum + s.estimated_duration, 0),
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
  const { quotes, narrator } = dialogueWithNarrator(text, cast);
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
  /** Allocated length, or undefined to size the scene by its content. */
  seconds?: number;
  /** Which take (see ScreenplayOptions.take). */
  take: number;
}

type BuiltScene = ScriptScene & { elements: SceneElement[] };

function buildScene(analysis: SceneAnalysis, scene_number: number, settings: SceneSettings): BuiltScene {
  const movie = settings.style === 'cinematic_movie';
  const budgetWords =
    settings.seconds !== undefined ? Math.round(settings.seconds * WORDS_PER_SECOND) : undefined;
  const passageWords = analysis.sentences.reduce((sum, s) => sum + countWords(s.text), 0);

  const dialogue = movie
    ? joinSpeeches(chooseDialogue(analysis.quotes, budgetWords, settings.focus, settings.take))
    : [];
  const actionCount = actionLineCount(analysis, settings, movie);
  const actions = chooseActions(analysis.sentences, actionCount, settings.focus, settings.take);

  // Voice-over: the whole content of a narrated script; in a movie, one bridging line that the
  // action lines do not already show.
  const shown = new Set(actions.map((a) => a.offset));
  const narrationSource = movie
    ? analysis.sentences.filter((s) => s.narration && !shown.has(s.offset)).map((s) => s.narration)
    : analysis.sentences.map((s) => s.text);
  const narrationWords = movie
    ? Math.min(25, budgetWords ?? 25)
    : Math.max(20, Math.round((budgetWords ?? passageWords * 0.4) * 0.9));
  const condensed = narrationSource.length ? condense(narrationSource, narrationWords) : '';
  const bridge = movie ? firstSentence(condensed) : condensed;

  const dialogueLines: DialogueLine[] = dialogue.map((q) => ({
    scene_number,
    character: q.speaker!.name,
    line: cutToWords(q.text, MAX_DIALOGUE_WORDS),
    ...(q.parenthetical ? { parenthetical: q.parenthetical } : {}),
  }));
  // The voice-over goes where its sentence is in the passage (the start when it is condensed).
  const bridgeOffset =
    analysis.sentences.find((s) => s.narration === bridge || s.text === bridge)?.offset ?? analysis.start;
  const ordered = [
    ...(bridge
      ? [
          {
            offset: movie ? bridgeOffset : analysis.start - 1,
            element: { kind: 'narration', text: bridge } as SceneElement,
          },
        ]
      : []),
    ...actions.map((a) => ({ offset: a.offset, element: { kind: 'action', text: a.text } as SceneElement })),
    ...dialogue.map((q, i) => ({
      offset: q.start,
      element: { kind: 'dialogue', line: dialogueLines[i]! } as SceneElement,
    })),
  ].sort((a, b) => a.offset - b.offset);
  const elements = ordered.map((o) => o.element);

  const spokenWords = countWords(bridge) + dialogueLines.reduce((sum, l) => sum + countWords(l.line), 0);
  const estimated =
    settings.seconds ??
    Math.max(
      MIN_SCENE_SECONDS,
      Math.round(
        ESTABLISHING_SECONDS +
          spokenWords / WORDS_PER_SECOND +
          (movie ? actions.length * SECONDS_PER_ACTION_LINE : 0),
      ),
    );

  const scene: ScriptScene = {
    scene_number,
    location: analysis.location,
    setting_type: analysis.setting_type,
    time_of_day: analysis.time_of_day,
    estimated_duration: estimated,
    visual_description: analysis.visual_description,
    key_actions: analysis.key_actions,
    audio_requirements: analysis.audio_requirements,
    characters: analysis.characters.map((c) => c.name),
    mood: analysis.mood,
    source_start: analysis.start,
    source_end: analysis.end,
    heading: '',
    action: actions.map((a) => a.text),
    dialogue: dialogueLines,
    narration: bridge,
  };
  scene.heading = sceneHeading(scene);
  return { ...scene, elements };
}

function actionLineCount(analysis: SceneAnalysis, settings: SceneSettings, movie: boolean): number {
  const available = analysis.sentences.filter((s) => s.narration).length;
  let count = movie
    ? settings.seconds !== undefined
      ? Math.round(settings.seconds / 15)
      : Math.ceil(available / 3)
    : 1;
  if (settings.focus.has('Action')) count += 2;
  if (settings.focus.has('Atmosphere')) count += 1;
  if (settings.focus.has('Dialogue') && movie) count -= 1;
  return Math.max(1, Math.min(count, movie ? 10 : 3, available));
}

/** Consecutive quotations of one speaker in one paragraph are one speech. */
function joinSpeeches(quotes: readonly Quote[]): Quote[] {
  const joined: Quote[] = [];
  for (const quote of quotes) {
    const last = joined.at(-1);
    if (last && last.speaker === quote.speaker && last.paragraph === quote.paragraph) {
      joined[joined.length - 1] = { ...last, text: `${last.text} ${quote.text}`, end: quote.end };
    } else joined.push(quote);
  }
  return joined;
}

/** The passage's lines in order; when they do not fit the time, the most substantial ones. */
function chooseDialogue(
  quotes: readonly Quote[],
  budgetWords: number | undefined,
  focus: ReadonlySet<FocusArea>,
  take: number,
): Quote[] {
  const share = focus.has('Dialogue') ? 0.85 : 0.6;
  const budget = budgetWords === undefined ? Number.POSITIVE_INFINITY : Math.max(12, budgetWords * share);
  const maxLines = focus.has('Dialogue') ? 24 : 14;
  const total = quotes.reduce((sum, q) => sum + countWords(q.text), 0);
  if (total <= budget && quotes.length <= maxLines) return [...quotes];
  const ranked = quotes
    .map((q, index) => ({
      q,
      index,
      score: (q.attribution === 'tag' ? 2 : 1) + Math.min(countWords(q.text), 20) / 10,
    }))
    .sort((a, b) => b.score - a.score || a.index - b.index);
  const chosen: typeof ranked = [];
  let used = 0;
  for (const candidate of rotated(ranked, take * Math.max(1, Math.ceil(ranked.length / 3)))) {
    const words = Math.min(countWords(candidate.q.text), MAX_DIALOGUE_WORDS);
    if (chosen.length >= maxLines || (used + words > budget && chosen.length > 0)) continue;
    chosen.push(candidate);
    used += words;
  }
  return chosen.sort((a, b) => a.index - b.index).map((c) => c.q);
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

/** Narration sentences that show something (action and concrete detail), in the present tense. */
function chooseActions(
  sentences: readonly PassageSentence[],
  count: number,
  focus: ReadonlySet<FocusArea>,
  take: number,
): { text: string; offset: number }[] {
  const candidates = sentences
    .map((s, index) => ({ s, index, score: actionScore(s.narration, focus) }))
    .filter((c) => c.s.narration !== '');
  const ranked = candidates.sort((a, b) => b.score - a.score || a.index - b.index);
  return rotated(ranked, take * count)
    .slice(0, count)
    .sort((a, b) => a.index - b.index)
    .map((c) => ({ text: toPresentTense(cutToWords(c.s.narration, MAX_ACTION_WORDS)), offset: c.s.offset }));
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
