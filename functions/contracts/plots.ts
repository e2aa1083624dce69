/**
 * Plot overviews and characters of the entertainment workspace: the shapes the plot and character
 * routes answer, their messages (the spec's words where it has them) and limits, shared by the
 * handlers and the SPA.
 */
import { CHARACTER_ROLES, STORY_TYPES } from '../engine/text/types';
import { IMAGE_STYLES } from '../engine/image/types';
import { z } from './zod';

export { CHARACTER_ROLES } from '../engine/text/types';
export type { CharacterRole, StoryType } from '../engine/text/types';
export { ASPECT_RATIOS, IMAGE_QUALITIES, IMAGE_STYLES } from '../engine/image/types';

export const MAX_CHARACTER_NAME_LENGTH = 100;
export const MAX_CHARACTER_TEXT_LENGTH = 2000;
export const MAX_CHARACTER_MOTIVE_LENGTH = 1000;
export const MAX_ARCHETYPES = 12;
export const MAX_ARCHETYPE_LENGTH = 60;
export const MAX_BULK_DELETE = 200;
export const MAX_IMAGE_PROMPT_LENGTH = 2000;
export const MAX_VOICE_ID_LENGTH = 100;
/** What the server answers for a queued character image (the spec's default). */
export const CHARACTER_IMAGE_ESTIMATE_SECONDS = 60;

/** Portrait defaults: the workspace's image settings (cinematic, hd) in a square frame. */
export const PORTRAIT_DEFAULTS = { style: 'cinematic', quality: 'hd', aspect_ratio: '1:1' } as const;

export const plotMessages = {
  plotNotFound: 'Plot overview not found',
  nameRequired: 'Character name is required',
  nameTooLong: `Character name can be at most ${MAX_CHARACTER_NAME_LENGTH} characters.`,
  roleInvalid: 'Role must be protagonist, antagonist, supporting, mentor, sidekick or empty.',
  characterNotFound: 'Character not found.',
  selectCharacters: 'Select at least one character to delete.',
  tooManyCharacters: `At most ${MAX_BULK_DELETE} characters can be deleted at once.`,
  bookNotReady: 'The book is still being processed.',
  generationNotFound: 'No plot overview has been generated for this book yet.',
  generateFailed: 'Failed to generate plot overview',
  generateTimedOut: 'Generating the plot overview took too long. Please try again.',
  imageNotFound: 'No image has been generated for this character yet.',
  imageFailed: 'Image generation failed',
  imageTimedOut: 'Image generation timed out. Please check status later.',
  voiceRequired: 'Choose a voice from the voice list.',
  voiceUnknown: (voice: string) => `There is no voice "${voice}". Choose one from the voice list.`,
  descriptionChanged: 'Character description changed. Would you like to regenerate the character image?',
} as const;

/** What a portrait fixed about a character, so later images draw the same person. */
export const characterLook = z.object({
  seed: z.number(),
  /** The description the portrait was drawn from. */
  physical_description: z.string(),
  style: z.enum(IMAGE_STYLES),
  hair: z.string(),
  eyes: z.string(),
  skin: z.string(),
  clothing: z.string(),
  /** Main colours of the figure (skin, hair, clothing, accent), as #rrggbb. */
  palette: z.array(z.string()),
});
export type CharacterLook = z.infer<typeof characterLook>;

export const CHARACTER_GENDERS = ['female', 'male', 'unknown'] as const;

/**
 * A character as the plot and character routes answer it. The stored record (plots/model.ts) is
 * this shape with its storage fields; the text engine's analysis (`CharacterProfile`) becomes one
 * in `characterFromProfile` (plots/characters.ts).
 */
export const character = z.object({
  id: z.string(),
  plot_id: z.string(),
  book_id: z.string(),
  name: z.string(),
  role: z.enum(CHARACTER_ROLES),
  physical_description: z.string(),
  personality: z.string(),
  character_arc: z.string(),
  archetypes: z.array(z.string()),
  want: z.string(),
  need: z.string(),
  lie: z.string(),
  ghost: z.string(),
  gender: z.enum(CHARACTER_GENDERS),
  /** Stable per character: the same character looks and sounds the same everywhere. */
  seed: z.number(),
  /** Voice id of the speech catalogue, kept across scenes and chapters. */
  voice: z.string(),
  image_url: z.nullable(z.string()),
  /** The look the portrait fixed (seed, palette, hair, clothes), reused by scene images. */
  look: z.nullable(characterLook),
  /** The description changed after the portrait was drawn: offer to redraw it. */
  image_outdated: z.boolean(),
  /** `generated` by the plot overview or created by the `user`. */
  origin: z.enum(['generated', 'user']),
  /** Created or edited by the user: a regenerated overview keeps it unless asked to replace it. */
  user_edited: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Character = z.infer<typeof character>;

/** GET /plots/books/{id}/overview */
export const plotOverview = z.object({
  id: z.string(),
  book_id: z.string(),
  logline: z.string(),
  genre: z.string(),
  tone: z.string(),
  audience: z.string(),
  setting: z.string(),
  script_story_type: z.enum(STORY_TYPES),
  story_type: z.enum(STORY_TYPES),
  themes: z.array(z.string()),
  characters: z.array(character),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PlotOverview = z.infer<typeof plotOverview>;

/**
 * Answer of POST /plots/books/{id}/generate and of the polling route GET /plots/books/{id}/status
 * (poll every 2 s until `ready` or `failed`; then load the overview).
 */
export const plotGenerationJob = z.object({
  id: z.string(),
  book_id: z.string(),
  status: z.enum(['processing', 'ready', 'failed']),
  progress: z.number(),
  step: z.string(),
  error_message: z.nullable(z.string()),
  /** Set once the overview exists. */
  plot_id: z.nullable(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PlotGenerationJob = z.infer<typeof plotGenerationJob>;

/** POST /characters/bulk-delete */
export const bulkDeleteResult = z.object({
  deleted: z.array(z.string()),
  deleted_count: z.number(),
  /** Ids that are not the caller's characters (unknown or someone else's): nothing was done to them. */
  not_found: z.array(z.string()),
});
export type BulkDeleteResult = z.infer<typeof bulkDeleteResult>;

/** POST /characters/{id}/generate-image: 202 at once (the portrait is drawn by a job). */
export const characterImageQueued = z.object({
  status: z.literal('queued'),
  estimated_time_seconds: z.number(),
  character_id: z.string(),
  job_id: z.string(),
});
export type CharacterImageQueued = z.infer<typeof characterImageQueued>;

export const CHARACTER_IMAGE_STATUSES = ['queued', 'generating', 'completed', 'failed'] as const;

/** GET /characters/{id}/image-status (poll every second, up to 120 times). */
export const characterImageStatus = z.object({
  status: z.enum(CHARACTER_IMAGE_STATUSES),
  image_url: z.nullable(z.string()),
  error: z.nullable(z.string()),
  job_id: z.nullable(z.string()),
  /** Pixel size of the image when completed. */
  width: z.nullable(z.number()),
  height: z.nullable(z.number()),
});
export type CharacterImageStatus = z.infer<typeof characterImageStatus>;

/**
 * The spec's rule for archetypes added by prompt: trimmed, ignored when empty or already there (in
 * any letter case). The SPA's prompt and the server use the same rule.
 */
export function normaliseArchetypes(archetypes: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of archetypes) {
    const archetype = raw.trim().replace(/\s+/g, ' ');
    const key = archetype.toLowerCase();
    if (!archetype || seen.has(key)) continue;
    seen.add(key);
    kept.push(archetype);
  }
  return kept;
}
