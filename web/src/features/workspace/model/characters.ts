/**
 * Rules of the Plot tab's character grid, free of React: search, selection, archetypes added by
 * prompt, the checks before "Generate All Images", and the collapsed description.
 */
import { normaliseArchetypes } from '@contracts/plots';

/** The fields the rules read; the API's Character has them all. */
export interface CharacterLike {
  id: string;
  name: string;
  role: string;
  physical_description: string;
  personality: string;
  image_url: string | null;
}

/** A long character description collapses past this many characters. */
export const DESCRIPTION_PREVIEW_CHARS = 100;

/** Case-insensitive search over name, role, physical description and personality. */
export function searchCharacters<C extends CharacterLike>(characters: readonly C[], query: string): C[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...characters];
  return characters.filter((c) =>
    [c.name, c.role, c.physical_description, c.personality].some((field) =>
      (field ?? '').toLowerCase().includes(needle),
    ),
  );
}

/**
 * Adds an archetype typed at the prompt: trimmed, and ignored when empty or already there (in any
 * letter case) — the same rule the server applies.
 */
export function addArchetype(archetypes: readonly string[], typed: string | null | undefined): string[] {
  return normaliseArchetypes([...archetypes, typed ?? '']);
}

export const characterMessages = {
  bulkDeleteNeedsSelection: 'Bulk delete needs at least one selected character',
  noCharacters: 'No characters available to generate images',
  allHaveImages: 'All characters already have images',
} as const;

/** What "Generate All Images" would draw, or the message saying why there is nothing to do. */
export function charactersNeedingImages<C extends CharacterLike>(
  characters: readonly C[],
): { ok: true; characters: C[] } | { ok: false; message: string } {
  if (characters.length === 0) return { ok: false, message: characterMessages.noCharacters };
  const missing = characters.filter((c) => !c.image_url);
  if (missing.length === 0) return { ok: false, message: characterMessages.allHaveImages };
  return { ok: true, characters: missing };
}

/** Select-all over the characters shown: selects them all, or clears them when all are selected. */
export function toggleAll(selected: ReadonlySet<string>, shown: readonly CharacterLike[]): Set<string> {
  const allShown = shown.length > 0 && shown.every((c) => selected.has(c.id));
  const next = new Set(selected);
  for (const c of shown) {
    if (allShown) next.delete(c.id);
    else next.add(c.id);
  }
  return next;
}

/** Selected ids that still exist (after deletions or a regenerated cast). */
export const keepExisting = (selected: ReadonlySet<string>, characters: readonly CharacterLike[]) =>
  new Set(characters.filter((c) => selected.has(c.id)).map((c) => c.id));

/** Text cut to `limit` characters with an ellipsis, and whether it was cut. */
export function preview(text: string, limit: number): { text: string; cut: boolean } {
  if (text.length <= limit) return { text, cut: false };
  return { text: `${text.slice(0, limit).trimEnd()}…`, cut: true };
}

/** The edit changed the description of a character that has an image: offer to redraw it. */
export const shouldOfferRedraw = (
  before: Pick<CharacterLike, 'physical_description' | 'image_url'>,
  description: string,
) => Boolean(before.image_url) && description.trim() !== before.physical_description.trim();
