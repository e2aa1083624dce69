/**
 * Chapter images of the entertainment workspace (the Images tab): scene pictures and character
 * pictures of a chapter, drawn by jobs. The shapes the image routes answer, their messages (the
 * spec's words where it has them), limits and defaults, and the spec's rule for matching a script's
 * character names to the plot's characters. Shared by the handlers and the SPA.
 */
import {
  ASPECT_RATIOS,
  IMAGE_QUALITIES,
  IMAGE_STYLES,
  type AspectRatio,
  type ImageQuality,
  type ImageStyle,
} from '../engine/image/types';
import { MAX_SCENES } from '../engine/text/types';
import { z } from './zod';

export { ASPECT_RATIOS, IMAGE_QUALITIES, IMAGE_STYLES } from '../engine/image/types';
export type { AspectRatio, ImageQuality, ImageStyle } from '../engine/image/types';

/** Scene numbers are those of a script: 1 to 15. */
export const MAX_SCENE_NUMBER = MAX_SCENES;
export const MAX_SCENE_DESCRIPTION_LENGTH = 5000;
export const MAX_CUSTOM_PROMPT_LENGTH = 2000;
export const MAX_CHARACTER_NAME_LENGTH = 100;
export const MAX_CHARACTER_DESCRIPTION_LENGTH = 2000;
export const MAX_LIGHTING_MOOD_LENGTH = 60;

/** The spec's default image settings (§9). */
export const IMAGE_DEFAULTS = {
  style: 'cinematic',
  quality: 'hd',
  aspect_ratio: '16:9',
  use_character_references: true,
  include_background: true,
  lighting_mood: 'natural',
} as const satisfies {
  style: ImageStyle;
  quality: ImageQuality;
  aspect_ratio: AspectRatio;
  use_character_references: boolean;
  include_background: boolean;
  lighting_mood: string;
};

/** The SPA polls a chapter image every 3 s and gives up after 5 minutes (spec §9). */
export const CHAPTER_IMAGE_POLL_MS = 3000;
export const CHAPTER_IMAGE_POLL_LIMIT_MS = 300_000;

export const imageMessages = {
  chapterRequired: 'Chapter ID is required to generate images',
  chapterNotFound: 'Chapter not found.',
  sceneInvalid: `Scene number must be a whole number from 1 to ${MAX_SCENE_NUMBER}.`,
  sceneMissing: (n: number) => `Scene ${n} is not part of this script.`,
  noScenes: 'No scenes available to generate images for',
  scriptNotFound: 'Script not found.',
  characterNameRequired: 'Character name is required',
  characterNameTooLong: `Character name can be at most ${MAX_CHARACTER_NAME_LENGTH} characters.`,
  styleInvalid: 'Image style must be realistic, cinematic, cartoon, fantasy or sketch.',
  qualityInvalid: 'Image quality must be standard or hd.',
  aspectRatioInvalid: 'Aspect ratio must be 16:9, 4:3, 1:1 or 9:16.',
  imageNotFound: 'Image not found.',
  generationNotFound: 'Image generation not found.',
  globalNotDeletable:
    'Global character images come from the plot overview and cannot be deleted here. Delete or redraw them in the Plot tab.',
  failedScene: (n: number) => `Failed to generate image for Scene ${n}`,
  failedCharacter: (name: string) => `Failed to generate image for ${name}`,
  timedOut: (name: string) => `Image generation timeout for ${name}`,
  loadFailed: 'Failed to load images',
} as const;

export const CHAPTER_IMAGE_TYPES = ['scene', 'character'] as const;
export type ChapterImageType = (typeof CHAPTER_IMAGE_TYPES)[number];
export const CHAPTER_IMAGE_STATUSES = ['generating', 'completed', 'failed'] as const;
export type ChapterImageStatusValue = (typeof CHAPTER_IMAGE_STATUSES)[number];

/** Where a character stands in a scene picture, in pixels (when the engine reports it). */
export const figureRegion = z.object({
  name: z.string(),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
});
export type FigureRegion = z.infer<typeof figureRegion>;

export const chapterImageMetadata = z.object({
  scene_number: z.nullable(z.number()),
  /** The description the picture was drawn from (what a text-to-image model is sent). */
  image_prompt: z.nullable(z.string()),
  image_type: z.enum(CHAPTER_IMAGE_TYPES),
  character_name: z.nullable(z.string()),
  style: z.enum(IMAGE_STYLES),
  quality: z.enum(IMAGE_QUALITIES),
  aspect_ratio: z.enum(ASPECT_RATIOS),
  /** Pixel size once completed. */
  width: z.nullable(z.number()),
  height: z.nullable(z.number()),
  lighting_mood: z.nullable(z.string()),
  include_background: z.boolean(),
  use_character_references: z.boolean(),
  /** Plot characters drawn with the look their portrait fixed. */
  referenced_characters: z.array(z.string()),
  /** Scene pictures: where each character was drawn. */
  figures: z.array(figureRegion),
});

/** An image of GET /chapters/{id}/images. */
export const chapterImage = z.object({
  /** The record id (the same as the generation's job id); a global portrait's is its character id. */
  id: z.string(),
  /** A short-lived signed URL; null until completed. */
  image_url: z.nullable(z.string()),
  image_type: z.enum(CHAPTER_IMAGE_TYPES),
  character_name: z.nullable(z.string()),
  script_id: z.nullable(z.string()),
  status: z.enum(CHAPTER_IMAGE_STATUSES),
  error: z.nullable(z.string()),
  /** The plot's portrait of a character: shown here, deleted only from the Plot tab (spec §6). */
  global: z.boolean(),
  deletable: z.boolean(),
  /** The generation to poll (GET /chapters/{id}/images/status/{job}); null for global portraits. */
  job_id: z.nullable(z.string()),
  /** The plot character the image shows, when it is one. */
  character_id: z.nullable(z.string()),
  metadata: chapterImageMetadata,
  created_at: z.string(),
  updated_at: z.string(),
});
export type ChapterImage = z.infer<typeof chapterImage>;

/** GET /chapters/{id}/images[?script_id=] */
export const chapterImages = z.object({
  chapter_id: z.string(),
  /** The script asked for; without it, images of every script and of none are listed. */
  script_id: z.nullable(z.string()),
  /** Scene images by scene number, then character images by name, then the plot's global portraits. */
  images: z.array(chapterImage),
});
export type ChapterImages = z.infer<typeof chapterImages>;

/** What a drawing job answers when it is queued: `image_url` stays null until the record is completed. */
const queued = {
  record_id: z.string(),
  job_id: z.string(),
  status: z.literal('generating'),
  image_url: z.null(),
  script_id: z.nullable(z.string()),
};

/**
 * POST /chapters/{id}/images/scenes/{scene}: 202 at once. The picture is drawn by a job:
 * `image_url` is null until the record is completed (poll the status route with `job_id`). A request
 * while the same scene is being drawn answers that drawing.
 */
export const sceneImageQueued = z.object({ ...queued, scene_number: z.number() });
export type SceneImageQueued = z.infer<typeof sceneImageQueued>;

/** POST /chapters/{id}/images/characters: 202 (a job, as for scenes). */
export const characterImageQueued = z.object({ ...queued, character_name: z.string() });
export type CharacterImageQueued = z.infer<typeof characterImageQueued>;

/** GET /chapters/{id}/images/status/{job} (poll every 3 s, for at most 5 minutes). */
export const chapterImageStatus = z.object({
  status: z.enum(CHAPTER_IMAGE_STATUSES),
  image_url: z.nullable(z.string()),
  prompt: z.nullable(z.string()),
  script_id: z.nullable(z.string()),
  error: z.nullable(z.string()),
  record_id: z.string(),
  image_type: z.enum(CHAPTER_IMAGE_TYPES),
  scene_number: z.nullable(z.number()),
  character_name: z.nullable(z.string()),
  width: z.nullable(z.number()),
  height: z.nullable(z.number()),
});
export type ChapterImageStatus = z.infer<typeof chapterImageStatus>;

/** DELETE /chapters/{id}/images/scenes/{record} and …/characters/{record} */
export const chapterImageDeleted = z.object({ id: z.string(), deleted: z.literal(true) });
export type ChapterImageDeleted = z.infer<typeof chapterImageDeleted>;

const nameKey = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * The spec's rule for a script's character and a plot character being the same person: the names
 * are equal, or one contains the other, or they share a first word longer than 2 characters (any
 * letter case).
 */
export function sameCharacter(a: string, b: string): boolean {
  const x = nameKey(a);
  const y = nameKey(b);
  if (!x || !y) return false;
  if (x === y || x.includes(y) || y.includes(x)) return true;
  const first = x.split(' ')[0]!;
  return first.length > 2 && first === y.split(' ')[0];
}

/** The plot character a script's name refers to: an equal name first, then the spec's looser rule. */
export function matchCharacter<T extends { name: string }>(
  name: string,
  characters: readonly T[],
): T | undefined {
  return (
    characters.find((c) => nameKey(c.name) === nameKey(name)) ??
    characters.find((c) => sameCharacter(c.name, name))
  );
}
