import {
  ASPECT_RATIOS,
  IMAGE_DEFAULTS,
  IMAGE_QUALITIES,
  IMAGE_STYLES,
  imageMessages,
  MAX_CHARACTER_DESCRIPTION_LENGTH,
  MAX_CHARACTER_NAME_LENGTH,
  MAX_CUSTOM_PROMPT_LENGTH,
  MAX_LIGHTING_MOOD_LENGTH,
  MAX_SCENE_DESCRIPTION_LENGTH,
  MAX_SCENE_NUMBER,
} from './images';
import { z } from './zod';

/**
 * Requests of the chapter image routes, shared with the SPA. Style, quality and aspect ratio take
 * the spec's defaults (cinematic, hd, 16:9); unknown values are 400s in words that list the choices.
 * The character name is checked by the service, so a missing or blank one is answered in the spec's
 * words ('Character name is required') whatever the body looks like.
 */
const text = (max: number) => z.optional(z.string().check(z.trim(), z.maxLength(max)));

/** A script's id (any id that is not one finds no script: a 404). */
const scriptId = z.optional(
  z.nullable(z.string().check(z.trim(), z.maxLength(100, 'script_id must be a script id.'))),
);

const settings = {
  style: z._default(z.enum(IMAGE_STYLES, { error: imageMessages.styleInvalid }), IMAGE_DEFAULTS.style),
  quality: z._default(
    z.enum(IMAGE_QUALITIES, { error: imageMessages.qualityInvalid }),
    IMAGE_DEFAULTS.quality,
  ),
  aspect_ratio: z._default(
    z.enum(ASPECT_RATIOS, { error: imageMessages.aspectRatioInvalid }),
    IMAGE_DEFAULTS.aspect_ratio,
  ),
  custom_prompt: text(MAX_CUSTOM_PROMPT_LENGTH),
  script_id: scriptId,
};

/** POST /chapters/{id}/images/scenes/{scene} */
export const sceneImageRequest = z.object({
  ...settings,
  /** Replaces the script scene's own description; required when there is no script. */
  scene_description: text(MAX_SCENE_DESCRIPTION_LENGTH),
  lighting_mood: z._default(
    z.string().check(z.trim(), z.maxLength(MAX_LIGHTING_MOOD_LENGTH)),
    IMAGE_DEFAULTS.lighting_mood,
  ),
  include_background: z._default(z.boolean(), IMAGE_DEFAULTS.include_background),
  use_character_references: z._default(z.boolean(), IMAGE_DEFAULTS.use_character_references),
  /** The scene number is in the path; a body that repeats it is accepted. */
  scene_number: z.optional(z.union([z.number(), z.string().check(z.maxLength(6))])),
});
export type SceneImageRequest = z.input<typeof sceneImageRequest>;
export type SceneImageInput = z.output<typeof sceneImageRequest>;

/** POST /chapters/{id}/images/characters */
export const characterImageRequest = z.object({
  ...settings,
  character_name: z.optional(
    z.string().check(z.trim(), z.maxLength(MAX_CHARACTER_NAME_LENGTH, imageMessages.characterNameTooLong)),
  ),
  character_description: text(MAX_CHARACTER_DESCRIPTION_LENGTH),
  use_character_references: z._default(z.boolean(), IMAGE_DEFAULTS.use_character_references),
});
export type CharacterImageRequest = z.input<typeof characterImageRequest>;
export type CharacterImageInput = z.output<typeof characterImageRequest>;

/** GET /chapters/{id}/images?script_id= */
export const chapterImagesQuery = z.object({ script_id: scriptId });

/**
 * The chapter of an image route. Generating needs one: a blank id, or the SPA's "undefined" when
 * no chapter is selected, is the spec's 'Chapter ID is required to generate images'.
 */
export const chapterIdParam = z.string({ error: imageMessages.chapterRequired }).check(
  z.trim(),
  z.minLength(1, imageMessages.chapterRequired),
  z.maxLength(100, imageMessages.chapterNotFound),
  z.refine((id) => id !== 'undefined' && id !== 'null', imageMessages.chapterRequired),
);

/** A scene number in a path: 1 to 15 ("3" and "03" read as 3). */
export const sceneNumberParam = z.pipe(
  z.string({ error: imageMessages.sceneInvalid }).check(z.maxLength(6, imageMessages.sceneInvalid)),
  z.transform((value: string, ctx): number => {
    const n = /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
    if (Number.isInteger(n) && n >= 1 && n <= MAX_SCENE_NUMBER) return n;
    ctx.issues.push({ code: 'custom', message: imageMessages.sceneInvalid, input: value });
    return z.NEVER;
  }),
);
