/**
 * Plot overviews and characters of the entertainment workspace: the shapes the plot and character
 * routes answer, their messages (the spec's words where it has them) and limits, shared by the
 * handlers and the SPA.
 */
import type { CharacterRole, StoryType } from '../engine/text/types';
import type { ImageStyle } from '../engine/image/types';

export { CHARACTER_ROLES } from '../engine/text/types';
export type { CharacterRole, StoryType } from '../engine/text/types';
export { ASPECT_RATIOS, IMAGE_QUALITIES, IMAGE_STYLES } from '../engine/image/types';
export type { ImageStyle } from '../engine/image/types';

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

/** A character as the plot and character routes answer it. */
export interface Character {
  id: string;
  plot_id: string;
  book_id: string;
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
  gender: 'female' | 'male' | 'unknown';
  /** Stable per character: the same character looks and sounds the same everywhere. */
  seed: number;
  /** Voice id of the speech catalogue, kept across scenes and chapters. */
  voice: string;
  image_url: string | null;
  /** The look the portrait fixed (seed, palette, hair, clothes), reused by scene images. */
  look: CharacterLook | null;
  /** The description changed after the portrait was drawn: offer to redraw it. */
  image_outdated: boolean;
  /** `generated` by the plot overview or created by the `user`. */
  origin: 'generated' | 'user';
  /** Created or edited by the user: a regenerated overview keeps it unless asked to replace it. */
  user_edited: boolean;
  created_at: string;
  updated_at: string;
}

/** What a portrait fixed about a character, so later images draw the same person. */
export interface CharacterLook {
  seed: number;
  /** The description the portrait was drawn from. */
  physical_description: string;
  style: ImageStyle;
  hair: string;
  eyes: string;
  skin: string;
  clothing: string;
  /** Main colours of the figure (skin, hair, clothing, accent), as #rrggbb. */
  palette: string[];
}

/** GET /plots/books/{id}/overview */
export interface PlotOverview {
  id: string;
  book_id: string;
  logline: string;
  genre: string;
  tone: string;
  audience: string;
  setting: string;
  script_story_type: StoryType;
  story_type: StoryType;
  themes: string[];
  characters: Character[];
  created_at: string;
  updated_at: string;
}

/**
 * Answer of POST /plots/books/{id}/generate and of the polling route GET /plots/books/{id}/status
 * (poll every 2 s until `ready` or `failed`; then load the overview).
 */
export interface PlotGenerationJob {
  id: string;
  book_id: string;
  status: 'processing' | 'ready' | 'failed';
  progress: number;
  step: string;
  error_message: string | null;
  /** Set once the overview exists. */
  plot_id: string | null;
  created_at: string;
  updated_at: string;
}

/** POST /characters/bulk-delete */
export interface BulkDeleteResult {
  deleted: string[];
  deleted_count: number;
  /** Ids that are not the caller's characters (unknown or someone else's): nothing was done to them. */
  not_found: string[];
}

/** POST /characters/{id}/generate-image */
export interface CharacterImageQueued {
  status: 'queued';
  estimated_time_seconds: number;
  character_id: string;
  job_id: string;
}

export const CHARACTER_IMAGE_STATUSES = ['queued', 'generating', 'completed', 'failed'] as const;
export type CharacterImageStatusValue = (typeof CHARACTER_IMAGE_STATUSES)[number];

/** GET /characters/{id}/image-status (poll every second, up to 120 times). */
export interface CharacterImageStatus {
  status: CharacterImageStatusValue;
  image_url: string | null;
  error: string | null;
  job_id: string | null;
  /** Pixel size of the image when completed. */
  width: number | null;
  height: number | null;
}

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
