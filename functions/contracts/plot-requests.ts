import {
  ASPECT_RATIOS,
  CHARACTER_ROLES,
  IMAGE_QUALITIES,
  IMAGE_STYLES,
  MAX_ARCHETYPE_LENGTH,
  MAX_ARCHETYPES,
  MAX_BULK_DELETE,
  MAX_CHARACTER_MOTIVE_LENGTH,
  MAX_CHARACTER_NAME_LENGTH,
  MAX_CHARACTER_TEXT_LENGTH,
  MAX_IMAGE_PROMPT_LENGTH,
  MAX_VOICE_ID_LENGTH,
  normaliseArchetypes,
  plotMessages,
} from './plots';
import { z } from './zod';

/**
 * Request bodies of the plot and character routes, shared with the SPA. The character name is
 * checked by the service, not here, so a missing or blank name is answered in the spec's exact
 * words ('Character name is required') whatever the body looks like.
 */
const text = (max: number) => z.optional(z.string().check(z.trim(), z.maxLength(max)));

/** Trimmed, without empties or repeats (any case); at most 12 of at most 60 characters. */
export const archetypeList = z.pipe(
  z.array(z.string().check(z.maxLength(MAX_ARCHETYPE_LENGTH))).check(z.maxLength(MAX_ARCHETYPES * 4)),
  z.transform((list: string[]) => normaliseArchetypes(list).slice(0, MAX_ARCHETYPES)),
);

const characterFields = {
  name: z.optional(
    z.string().check(z.trim(), z.maxLength(MAX_CHARACTER_NAME_LENGTH, plotMessages.nameTooLong)),
  ),
  role: z.optional(z.enum(CHARACTER_ROLES, { error: plotMessages.roleInvalid })),
  physical_description: text(MAX_CHARACTER_TEXT_LENGTH),
  personality: text(MAX_CHARACTER_TEXT_LENGTH),
  character_arc: text(MAX_CHARACTER_TEXT_LENGTH),
  archetypes: z.optional(archetypeList),
  want: text(MAX_CHARACTER_MOTIVE_LENGTH),
  need: text(MAX_CHARACTER_MOTIVE_LENGTH),
  lie: text(MAX_CHARACTER_MOTIVE_LENGTH),
  ghost: text(MAX_CHARACTER_MOTIVE_LENGTH),
  /** A voice id of the catalogue (GET /audio/voices): the character speaks with it in every scene. */
  voice: z.optional(
    z.string().check(z.trim(), z.minLength(1, plotMessages.voiceRequired), z.maxLength(MAX_VOICE_ID_LENGTH)),
  ),
};

/** POST /characters/plot/{id} */
export const createCharacterRequest = z.object(characterFields);
export type CreateCharacterRequest = z.input<typeof createCharacterRequest>;

/** PUT /characters/{id}: the fields to change (a given name must not be blank). */
export const updateCharacterRequest = z.object(characterFields);
export type UpdateCharacterRequest = z.input<typeof updateCharacterRequest>;

/** POST /characters/bulk-delete */
export const bulkDeleteCharactersRequest = z.object({
  ids: z
    .array(z.string().check(z.maxLength(100)), { error: plotMessages.selectCharacters })
    .check(
      z.minLength(1, plotMessages.selectCharacters),
      z.maxLength(MAX_BULK_DELETE, plotMessages.tooManyCharacters),
    ),
});

/** POST /plots/books/{id}/generate */
export const generatePlotRequest = z.object({
  /** Also replace the characters the user created or edited (kept by default). */
  replace_characters: z._default(z.boolean(), false),
});

/** POST /characters/{id}/generate-image (the spec's character_id and user_id are accepted and ignored). */
export const characterImageRequest = z.object({
  prompt: z.optional(z.string().check(z.trim(), z.maxLength(MAX_IMAGE_PROMPT_LENGTH))),
  style: z._default(z.enum(IMAGE_STYLES), 'cinematic'),
  quality: z._default(z.enum(IMAGE_QUALITIES), 'hd'),
  aspect_ratio: z._default(z.enum(ASPECT_RATIOS), '1:1'),
});
