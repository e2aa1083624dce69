/**
 * Rules of the Images tab, free of React: the schedule a chapter image is followed on (every 3 s,
 * given up after 5 minutes), and which picture a scene or a character shows.
 */
import type { ChapterImage, ChapterImageStatus } from '@contracts/images';
import { CHAPTER_IMAGE_POLL_LIMIT_MS, CHAPTER_IMAGE_POLL_MS, matchCharacter } from '@contracts/images';
import type { JobSchedule } from '@/lib/job-status';

/**
 * A chapter image job followed by `useJobStatus`: every 3 s while it is drawn, timed out after
 * 5 minutes of checks; a failed check is a passing failure, tried again on the same pace.
 */
export const CHAPTER_IMAGE_SCHEDULE: JobSchedule<Pick<ChapterImageStatus, 'status'>> = {
  delay: (job) => (job && job.status !== 'generating' ? null : CHAPTER_IMAGE_POLL_MS),
  maxChecks: CHAPTER_IMAGE_POLL_LIMIT_MS / CHAPTER_IMAGE_POLL_MS,
  retries: CHAPTER_IMAGE_POLL_LIMIT_MS / CHAPTER_IMAGE_POLL_MS,
  backoff: () => CHAPTER_IMAGE_POLL_MS,
};

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
