/** Longest chapter text the text capabilities accept (words), so work stays within a Lambda run. */
export const MAX_CHAPTER_WORDS = 150_000;

export const SCRIPT_STYLES = ['cinematic_movie', 'cinematic_narration'] as const;
export type ScriptStyle = (typeof SCRIPT_STYLES)[number];

export const FOCUS_AREAS = [
  'Action',
  'Dialogue',
  'Character Development',
  'Atmosphere',
  'Tension',
  'Comedy',
] as const;
export type FocusArea = (typeof FOCUS_AREAS)[number];

export const TARGET_DURATIONS = ['auto', 3, 5, 10, 15, 20, 30] as const;
export type TargetDuration = (typeof TARGET_DURATIONS)[number];

export const STORY_TYPES = [
  'hero_journey',
  'three_act',
  'save_the_cat',
  'story_circle',
  'seven_point',
  'freytag',
] as const;
export type StoryType = (typeof STORY_TYPES)[number];
export const DEFAULT_STORY_TYPE: StoryType = 'hero_journey';

export const MIN_SCENES = 3;
export const MAX_SCENES = 15;
export const DEFAULT_SCENES = 5;

export const CHARACTER_ROLES = ['protagonist', 'antagonist', 'supporting', 'mentor', 'sidekick', ''] as const;
export type CharacterRole = (typeof CHARACTER_ROLES)[number];

export interface CharacterProfile {
  name: string;
  role: CharacterRole;
  physical_description: string;
  personality: string;
  character_arc: string;
  archetypes: string[];
  want: string;
  need: string;
  lie: string;
  ghost: string;
  /** From titles, names and pronouns in the text; picks a fitting voice. */
  gender?: 'female' | 'male' | 'unknown';
  /** How many times the character is mentioned in the analysed text. */
  mentions: number;
  /** Stable per character: the same character looks and sounds the same everywhere. */
  seed: number;
  /** Voice id of the speech catalogue chosen for the character. */
  voice: string;
}

/** A profile from what is known of a character; every field not given is empty. */
export function characterProfile(
  known: Pick<CharacterProfile, 'name' | 'seed'> & Partial<CharacterProfile>,
): CharacterProfile {
  return {
    name: known.name,
    role: known.role ?? '',
    physical_description: known.physical_description ?? '',
    personality: known.personality ?? '',
    character_arc: known.character_arc ?? '',
    archetypes: known.archetypes ?? [],
    want: known.want ?? '',
    need: known.need ?? '',
    lie: known.lie ?? '',
    ghost: known.ghost ?? '',
    ...('gender' in known ? { gender: known.gender } : {}),
    mentions: known.mentions ?? 0,
    seed: known.seed,
    voice: known.voice ?? '',
  };
}

export interface PlotOverview {
  logline: string;
  genre: string;
  tone: string;
  audience: string;
  setting: string;
  themes: string[];
  story_type: StoryType;
  script_story_type: StoryType;
  characters: CharacterProfile[];
}

export const TIMES_OF_DAY = ['dawn', 'morning', 'day', 'afternoon', 'dusk', 'evening', 'night'] as const;
export type TimeOfDay = (typeof TIMES_OF_DAY)[number];

export const MOODS = [
  'calm',
  'joyful',
  'tense',
  'mysterious',
  'sad',
  'romantic',
  'dramatic',
  'eerie',
  'epic',
] as const;
export type Mood = (typeof MOODS)[number];

/** The scene_descriptions entry of a script (spec fields plus what rendering needs). */
export interface SceneDescription {
  scene_number: number;
  location: string;
  /** Interior or exterior, for the Fountain scene heading and the illustration. */
  setting_type: 'INT' | 'EXT';
  time_of_day: TimeOfDay;
  /** Seconds. */
  estimated_duration: number;
  visual_description: string;
  key_actions: string[];
  audio_requirements: string[];
  characters: string[];
  mood: Mood;
  /** Character offsets of the chapter text the scene covers (scenes follow the chapter in order). */
  source_start: number;
  source_end: number;
}

export interface DialogueLine {
  scene_number: number;
  character: string;
  line: string;
  parenthetical?: string;
  /**
   * Where the line is said in the scene: after this many of the paragraphs of the scene's
   * narration (0: before any of it). Absent: after the whole narration.
   */
  after_narration?: number;
}

/** A passage of the chapter a script leaves out to fit its target duration. */
export interface OmittedPassage {
  /** Character offsets of the passage in the chapter. */
  source_start: number;
  source_end: number;
  words: number;
  /** Its first words, for a reader of the script. */
  opening: string;
}

export interface ScriptScene extends SceneDescription {
  /** e.g. "EXT. HARBOUR - NIGHT" */
  heading: string;
  action: string[];
  dialogue: DialogueLine[];
  /**
   * The voice-over: the passage's narration in the book's words, one paragraph per stretch of
   * narration between lines of dialogue (paragraphs separated by a blank line).
   */
  narration: string;
  /** Passages of the scene's text the script leaves out to fit its target duration, in order. */
  omitted?: OmittedPassage[];
}

export interface Act {
  act_number: number;
  title: string;
  /** Minutes. */
  duration: number;
  /** Number of scenes in the act. */
  scenes: number;
  description: string;
}

export interface Beat {
  name: string;
  description: string;
  scene_number: number;
}

export interface ScreenplayOptions {
  style: ScriptStyle;
  /** 3–15; other values fall back to 5. */
  sceneCount: number;
  targetDuration: TargetDuration;
  focusAreas: FocusArea[];
  storyType: StoryType;
  includeCharacterProfiles: boolean;
  seed?: number;
  /**
   * Another take of the same scenes: 0 (the default) is the first; each further take picks other
   * lines of the passage where it has more than a scene shows (a redone scene uses the next take).
   */
  take?: number;
}

export interface Screenplay {
  title: string;
  style: ScriptStyle;
  story_type: StoryType;
  logline: string;
  acts: Act[];
  beats: Beat[];
  scenes: ScriptScene[];
  /** Names of the characters who appear. */
  characters: string[];
  character_details: CharacterProfile[];
  /** The whole script as Fountain text. */
  fountain: string;
  /** Seconds. */
  estimated_duration: number;
  /** The character who tells the story, when the book is told by a named "I": the voice of the narration. */
  narrator?: string;
}

export type QuizDifficulty = 'easy' | 'medium' | 'hard';

/**
 * What a question asks: who/what/where from the text's people, things and places; a number or date;
 * whether a statement is true or false (two options, "True" and "False"); which of several
 * events comes first or last; a word to fill a gap; why something happened; which of several
 * statements is (not) true.
 */
export const QUIZ_QUESTION_KINDS = [
  'who',
  'what',
  'where',
  'number',
  'true_false',
  'order',
  'fill_blank',
  'why',
  'statement',
] as const;
export type QuizQuestionKind = (typeof QUIZ_QUESTION_KINDS)[number];

/** The two options of a true/false question, in this order. */
export const TRUE_FALSE_OPTIONS = ['True', 'False'] as const;

export interface QuizQuestion {
  id: string;
  /** Absent on quizzes stored before kinds existed; `questionKind` infers it from the wording. */
  kind?: QuizQuestionKind;
  question: string;
  /** Four options, or "True" and "False" for a true/false question. */
  options: string[];
  answer_index: number;
  explanation: string;
  /** The passage the question was built from. */
  source_excerpt: string;
}

export interface Quiz {
  title: string;
  difficulty: QuizDifficulty;
  questions: QuizQuestion[];
}

export interface SafetyReport {
  /** Overall suitability. */
  rating: 'general' | 'teen' | 'mature';
  safe: boolean;
  flags: {
    category: 'violence' | 'sexual' | 'language' | 'self_harm' | 'drugs' | 'hate';
    severity: 'low' | 'medium' | 'high';
    excerpt: string;
  }[];
}

export interface SummaryResult {
  summary: string;
  key_points: string[];
}

export interface ChapterText {
  title: string;
  content: string;
}

export interface ScreenplayInput {
  bookTitle: string;
  chapter: ChapterText;
  characters?: CharacterProfile[];
  options: ScreenplayOptions;
}

export interface QuizInput {
  title: string;
  text: string;
  numQuestions: number;
  difficulty: QuizDifficulty;
  seed?: number;
  /**
   * The rest of the book, when the quiz is on one chapter: wrong options of the right type (people,
   * places) the chapter lacks are drawn from it before any stock list. Questions come from `text` only.
   */
  context?: string;
}

export interface TextEngine {
  summarize(input: { text: string; maxSentences?: number; maxKeyPoints?: number }): Promise<SummaryResult>;
  plotOverview(input: { title: string; chapters: ChapterText[]; seed?: number }): Promise<PlotOverview>;
  screenplay(input: ScreenplayInput): Promise<Screenplay>;
  quiz(input: QuizInput): Promise<Quiz>;
  /** Free text from a prompt, grounded in the optional context. */
  generate(input: { prompt: string; context?: string; maxWords?: number }): Promise<{ text: string }>;
  analyzeSafety(input: { text: string }): Promise<SafetyReport>;
}
