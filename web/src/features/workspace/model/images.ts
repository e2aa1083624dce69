/**
 * Rules of the Images tab, free of React: the polling schedule of a chapter image (every 3 s, given
 * up after 5 minutes), and which picture a scene or a character shows.
 */
import type { ChapterImage } from '@contracts/images';
import { CHAPTER_IMAGE_POLL_LIMIT_MS, CHAPTER_IMAGE_POLL_MS, matchCharacter } from '@contracts/images';

/** After `polls` status checks still answered "generating": wait 3 s, or give up at 5 minutes. */
export function nextChapterImagePoll(
  polls: number,
): { action: 'wait'; delayMs: number } | { action: 'timeout' } {
  return polls * CHAPTER_IMAGE_POLL_MS >= CHAPTER_IMAGE_POLL_LIMIT_MS
    ? { action: 'timeout' }
    : { action: 'wait', delayMs: CHAPTER_IMAGE_POLL_MS };
}

const newestFirst = (a: ChapterImage, b: ChapterImage) => b.created_at.localeCompare(a.created_at);

/** The picture a scene shows: the newest being drawn or drawn, else the newest failed one. */
export function sceneImageOf(images: readonly ChapterImage[], sceneNumber: number): ChapterImage | undefined {
  const mine = images
    .filter((i) => i.image_type === 'scene' && i.metadata.scene_number === sceneNumber)
    .sort(newestFirst);
  return mine.find((i) => i.status !== 'failed') ?? mine[0];
}

/**
 * The picture a script's character shows: the chapter's own picture of them (newest, drawn or
 * being drawn) before the plot's global portrait; names match by the spec's rule.
 */
export function characterImageOf(images: readonly ChapterImage[], name: string): ChapterImage | undefined {
  const characters = images.filter((i) => i.image_type === 'character' && i.character_name);
  const own = characters
    .filter((i) => !i.global && matchCharacter(name, [{ name: i.character_name! }]))
    .sort(newestFirst);
  const usable = own.find((i) => i.status !== 'failed');
  if (usable) return usable;
  const global = characters.filter((i) => i.global);
  const portrait = matchCharacter(
    name,
    global.map((i) => ({ name: i.character_name!, image: i })),
  )?.image;
  return portrait ?? own[0];
}

/** The characters the Characters tab lists: the script's, else the plot's portraits, without repeats. */
export function characterNames(
  scriptCharacters: readonly string[],
  images: readonly ChapterImage[],
): string[] {
  const names = scriptCharacters.length
    ? [...scriptCharacters]
    : images.filter((i) => i.image_type === 'character' && i.character_name).map((i) => i.character_name!);
  const seen = new Set<string>();
  return names.filter((n) => {
    const key = n.trim().toLowerCase();
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
