import { matchCharacter, type FigureRegion } from '../contracts/images';
import type { CharacterReference } from '../engine/image/types';
import { hashString } from '../engine/random';
import { characterProfile } from '../engine/text/types';
import { type JobRecord } from '../jobs';
import type { CharacterRecord } from '../plots/model';
import { profileOf } from '../plots/service';
import { chapterImageJob } from './jobs/kinds';
import {
  imageKeys,
  type ChapterImageJobRecord,
  type ChapterImageOptions,
  type ChapterImageRecord,
} from './model';
import { type ImageDrawing, type ImagesContext, now, failureWords, plotCharacters, nameKey } from './common';

/** An image drawn: what to draw, and the result or the failure recorded. */

/** The fixed look of a plot character with a portrait, under the name the picture uses for them. */
export function referenceOf(
  deps: ImagesContext,
  name: string,
  c: CharacterRecord,
): CharacterReference | undefined {
  if (!c.look) return undefined;
  const key = c.image_key;
  return {
    name,
    seed: c.look.seed,
    physical_description: c.look.physical_description,
    look: {
      hair: c.look.hair,
      eyes: c.look.eyes,
      skin: c.look.skin,
      clothing: c.look.clothing,
      palette: c.look.palette,
    },
    ...(key ? { image: () => deps.media.getBytes(key) } : {}),
  };
}

// --- what the worker calls ---

/** What to draw for a job, with the plot as it is now (its characters' fixed looks). */
export async function drawingOf(deps: ImagesContext, job: ChapterImageJobRecord): Promise<ImageDrawing> {
  const { options } = job;
  const characters = await plotCharacters(deps, job.target.book_id ?? '');
  const request = {
    style: options.style,
    quality: options.quality,
    aspectRatio: options.aspect_ratio,
    // Each drawing its own seed: a redraw is a new picture of the same scene.
    seed: hashString(job.id),
    ...(options.custom_prompt ? { customPrompt: options.custom_prompt } : {}),
  };
  if (options.image_type === 'scene') {
    const scene = options.scene!;
    const cast = scene.characters
      .map((name) => ({ name, character: matchCharacter(name, characters) }))
      .filter((m): m is { name: string; character: CharacterRecord } => Boolean(m.character));
    return {
      kind: 'scene',
      request,
      scene,
      // Under the scene's own names, so the engine finds them in the scene's cast.
      characters: cast.map(({ name, character }) => ({ ...profileOf(character), name })),
      references: options.use_character_references
        ? cast
            .map(({ name, character }) => referenceOf(deps, name, character))
            .filter((r): r is CharacterReference => Boolean(r))
        : [],
      ...(options.lighting_mood ? { lightingMood: options.lighting_mood } : {}),
      includeBackground: options.include_background,
    };
  }
  const name = options.character_name ?? '';
  const plotCharacter = matchCharacter(name, characters);
  const described = options.character_description ?? undefined;
  const character = plotCharacter
    ? {
        ...profileOf(plotCharacter),
        name,
        ...(described ? { physical_description: described } : {}),
      }
    : characterProfile({ name, seed: hashString(nameKey(name)), physical_description: described ?? '' });
  const reference =
    plotCharacter && options.use_character_references ? referenceOf(deps, name, plotCharacter) : undefined;
  return {
    kind: 'character',
    // A portrait keeps its character's seed: the same person every time.
    request: {
      ...request,
      seed: reference?.seed ?? character.seed,
      // With the portrait's look fixed, the user's description is an extra wish for the picture.
      ...(reference && described
        ? { customPrompt: [described, options.custom_prompt].filter(Boolean).join(' ') }
        : {}),
    },
    characters: [character],
    character,
    references: reference ? [reference] : [],
    includeBackground: false,
  };
}

/**
 * A picture was drawn and stored under `key`: the record is completed, and the previous
 * pictures of the same scene (or character) of the same script, and their files, go. Null when
 * the job ended meanwhile (the image was deleted): the caller removes the file.
 */
export async function recordDrawn(
  deps: ImagesContext,
  job: ChapterImageJobRecord,
  drawn: {
    key: string;
    width: number;
    height: number;
    prompt: string;
    figures: FigureRegion[];
    referenced: string[];
  },
): Promise<ChapterImageRecord | null> {
  const bookId = job.target.book_id ?? '';
  const chapterId = job.options.chapter_id;
  const patch = {
    status: 'completed' as const,
    error: null,
    image_key: drawn.key,
    width: drawn.width,
    height: drawn.height,
    image_prompt: drawn.prompt,
    figures: drawn.figures,
    referenced_characters: drawn.referenced,
    updated_at: now(deps),
  };
  let record = await deps.repo.update({ book_id: bookId, chapter_id: chapterId, id: job.id }, patch);
  if (!record) {
    // No record: not written yet (the API writes it after starting the job), or deleted, which
    // cancels the job first.
    const still = await deps.jobs.active(job.id);
    if (!still) return null;
    const characters = job.options.character_name
      ? await plotCharacters(deps, bookId)
      : ([] as CharacterRecord[]);
    record = {
      id: job.id,
      book_id: bookId,
      chapter_id: chapterId,
      owner_id: job.owner_id,
      image_type: job.options.image_type,
      scene_number: job.options.scene_number,
      character_name: job.options.character_name,
      character_id: job.options.character_name
        ? (matchCharacter(job.options.character_name, characters)?.id ?? null)
        : null,
      script_id: job.options.script_id,
      style: job.options.style,
      quality: job.options.quality,
      aspect_ratio: job.options.aspect_ratio,
      lighting_mood: job.options.lighting_mood,
      include_background: job.options.include_background,
      use_character_references: job.options.use_character_references,
      created_at: job.created_at,
      ...patch,
    };
    await deps.repo.put(record);
  }
  await removeReplaced(deps, record);
  return record;
}

/** Earlier pictures of the same scene (or character name) and script: a redraw replaces them. */
export async function removeReplaced(deps: ImagesContext, record: ChapterImageRecord): Promise<void> {
  const all = await deps.repo.listForChapter(record.book_id, record.chapter_id);
  const same = (r: ChapterImageRecord) =>
    r.id !== record.id &&
    r.image_type === record.image_type &&
    r.script_id === record.script_id &&
    r.status !== 'generating' &&
    (record.image_type === 'scene'
      ? r.scene_number === record.scene_number
      : nameKey(r.character_name ?? '') === nameKey(record.character_name ?? ''));
  for (const old of all.filter(same)) {
    await deps.repo.delete(old);
    if (old.image_key) await deps.media.delete(old.image_key);
  }
}

/** The job failed: its record says so, in the job's words. */
export async function recordFailed(deps: ImagesContext, job: JobRecord | null): Promise<void> {
  if (!job || job.kind !== chapterImageJob.kind) return;
  const options = job.options as ChapterImageOptions;
  await deps.repo.update(
    { book_id: job.target.book_id ?? '', chapter_id: options.chapter_id, id: job.id },
    { status: 'failed', error: job.error_message ?? failureWords(options), updated_at: now(deps) },
  );
}

export const keyFor = (deps: ImagesContext, job: ChapterImageJobRecord) =>
  imageKeys.image(job.target.book_id ?? '', job.options.chapter_id, job.id);
