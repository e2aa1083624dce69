/**
 * Scripts of a chapter (screenplays with their scenes, acts, beats and dialogue): the shapes the
 * script routes answer, their messages and limits, and the small rules the form and the server
 * share (scene count fallback, story type names). Shared by the handlers and the SPA.
 */
import {
  DEFAULT_SCENES,
  FOCUS_AREAS,
  MAX_SCENES,
  MIN_SCENES,
  MOODS,
  SCRIPT_STYLES,
  STORY_TYPES,
  TARGET_DURATIONS,
  TIMES_OF_DAY,
  type Act,
  type Beat,
  type CharacterProfile,
  type DialogueLine,
  type OmittedPassage,
  type ScriptStyle,
  type StoryType,
} from '../engine/text/types';
import { engineShape, z } from './zod';

export {
  DEFAULT_SCENES,
  DEFAULT_STORY_TYPE,
  FOCUS_AREAS,
  MAX_SCENES,
  MIN_SCENES,
  SCRIPT_STYLES,
  STORY_TYPES,
  TARGET_DURATIONS,
  TIMES_OF_DAY,
} from '../engine/text/types';
export type {
  Act,
  Beat,
  DialogueLine,
  OmittedPassage,
  FocusArea,
  ScriptStyle,
  StoryType,
  TargetDuration,
} from '../engine/text/types';

/** A scene's narration paragraphs and lines of dialogue in story order, with who says each. */
export { spokenLines } from '../engine/text/fountain';

export const SCRIPT_STATUSES = ['draft', 'ready', 'approved'] as const;
export type ScriptStatus = (typeof SCRIPT_STATUSES)[number];
export const DEFAULT_SCRIPT_STYLE: ScriptStyle = 'cinematic_movie';
export const DEFAULT_SCRIPT_NAME = 'Unnamed Script';
export const SCRIPT_EXPORT_FORMATS = ['fountain', 'pdf'] as const;
export type ScriptExportFormat = (typeof SCRIPT_EXPORT_FORMATS)[number];

export const MAX_SCRIPT_NAME_LENGTH = 200;
export const MAX_SCENE_TEXT_LENGTH = 5000;
export const MAX_DIALOGUE_LINE_LENGTH = 2000;
export const MAX_DIALOGUE_LINES = 300;

export const scriptMessages = {
  scriptNotFound: 'Script not found.',
  nameRequired: 'Script name is required.',
  nameTooLong: `Script name can be at most ${MAX_SCRIPT_NAME_LENGTH} characters.`,
  statusInvalid: 'Status must be draft, ready or approved.',
  styleInvalid: 'Script style must be cinematic_movie or cinematic_narration.',
  durationInvalid: 'Target duration must be auto, or 3, 5, 10, 15, 20 or 30 minutes.',
  focusInvalid: 'Focus areas are Action, Dialogue, Character Development, Atmosphere, Tension and Comedy.',
  storyTypeInvalid:
    "Story type must be hero's journey, three act, save the cat, story circle, seven point or Freytag.",
  sceneMissing: (n: number) => `Scene ${n} is not part of this script.`,
  dialogueIncomplete: 'Each dialogue line needs a character and a line.',
  formatInvalid: 'Export format must be fountain or pdf.',
  bookNotReady: 'The book is still being processed.',
  generateFailed: 'Failed to generate script',
} as const;

/** The spec's rule: a scene count that is not a whole number from 3 to 15 means 5. */
export function sceneCountOf(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= MIN_SCENES && n <= MAX_SCENES
    ? n
    : DEFAULT_SCENES;
}

const STORY_TYPE_NAMES: Record<string, StoryType> = {
  hero_journey: 'hero_journey',
  heros_journey: 'hero_journey',
  hero_s_journey: 'hero_journey',
  the_hero_s_journey: 'hero_journey',
  three_act: 'three_act',
  three_act_structure: 'three_act',
  save_the_cat: 'save_the_cat',
  story_circle: 'story_circle',
  dan_harmon_s_story_circle: 'story_circle',
  seven_point: 'seven_point',
  seven_point_structure: 'seven_point',
  '7_point': 'seven_point',
  freytag: 'freytag',
  freytag_s_pyramid: 'freytag',
  freytags_pyramid: 'freytag',
  freytag_pyramid: 'freytag',
};

/** A story type from its id or its name as people write it ("Hero's Journey", "three-act"). */
export function storyTypeOf(value: string): StoryType | null {
  const key = value
    .trim()
    .toLowerCase()
    .replace(/[’']/g, '_')
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_|_$/g, '');
  if ((STORY_TYPES as readonly string[]).includes(key)) return key as StoryType;
  return STORY_TYPE_NAMES[key] ?? null;
}

/** A scene of a script: where and when, what is seen and heard, who is in it, and what is said. */
export const scriptScene = z.object({
  scene_number: z.number(),
  /** "EXT. HARBOUR, PORT KESSEL - NIGHT" */
  heading: z.string(),
  location: z.string(),
  setting_type: z.enum(['INT', 'EXT']),
  time_of_day: z.enum(TIMES_OF_DAY),
  /** Seconds. */
  estimated_duration: z.number(),
  visual_description: z.string(),
  /** The same as visual_description (both names occur). */
  description: z.string(),
  key_actions: z.array(z.string()),
  audio_requirements: z.array(z.string()),
  /** Names of the characters in the scene. */
  characters: z.array(z.string()),
  mood: z.enum(MOODS),
  action: z.array(z.string()),
  /** Lines of the characters; each says after how many narration paragraphs it comes (story order). */
  dialogue: z.array(engineShape<DialogueLine>()),
  /** Voice-over: the passage's narration in the book's words, paragraphs separated by a blank line. */
  narration: z.string(),
  /** Passages of the chapter a script of a set length leaves out, in order. */
  omitted: z.optional(z.array(engineShape<OmittedPassage>())),
});
export type ScriptScene = z.infer<typeof scriptScene>;

/** An entry of scene_descriptions: a scene without its lines. */
const sceneDescription = z.omit(scriptScene, {
  heading: true,
  action: true,
  dialogue: true,
  narration: true,
  omitted: true,
});
export type SceneDescription = z.infer<typeof sceneDescription>;

/**
 * A script, as generate-script-and-scenes, GET /ai/script/{id}, GET /ai/scripts/{chapter} and
 * PUT /ai/script/{id} answer it.
 */
export const script = z.object({
  id: z.string(),
  /** The same as id (the generation call's name for it). */
  script_id: z.string(),
  chapter_id: z.string(),
  book_id: z.string(),
  script_name: z.string(),
  script_style: z.enum(SCRIPT_STYLES),
  script_story_type: z.enum(STORY_TYPES),
  /** The same as script_story_type (both spellings occur). */
  scriptStoryType: z.enum(STORY_TYPES),
  status: z.enum(SCRIPT_STATUSES),
  /** The whole script as Fountain text. */
  script: z.string(),
  logline: z.string(),
  scene_descriptions: z.array(sceneDescription),
  scenes: z.array(scriptScene),
  /** Names of the characters who appear. */
  characters: z.array(z.string()),
  character_details: z.array(engineShape<CharacterProfile>()),
  acts: z.array(engineShape<Act>()),
  beats: z.array(engineShape<Beat>()),
  target_duration: z.literal(TARGET_DURATIONS),
  scene_count: z.number(),
  focus_areas: z.array(z.enum(FOCUS_AREAS)),
  include_character_profiles: z.boolean(),
  /** Seconds. */
  estimated_duration: z.number(),
  /** The character who tells the story, when the chapter is told by a named "I": the voice of the narration. */
  narrator: z.optional(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Script = z.infer<typeof script>;
