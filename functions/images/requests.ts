import {
  imageMessages,
  matchCharacter,
  type ChapterImageDeleted,
  type ChapterImages,
  type ChapterImageStatus,
  type ChapterImageType,
  type CharacterImageQueued,
  type SceneImageQueued,
} from '../contracts/images';
import type { CharacterImageInput, SceneImageInput } from '../contracts/images-requests';
import { type SceneDescription } from '../engine/text/types';
import { isActive } from '../jobs';
import { ConflictError, ForbiddenError, HttpError, NotFoundError } from '../lib/errors';
import { BadRequestError } from '../lib/errors';
import { isUuid } from '../lib/ids';
import { mediaUrl } from '../lib/media-urls';
import type { ScriptRecord } from '../scripts/model';
import { chapterImageJob, imageLock } from './jobs/kinds';
import { type ChapterImageJobRecord, type ChapterImageOptions } from './model';
import {
  imageView,
  globalPortraitView,
  sceneFromDescription,
  type ImagesContext,
  notFound,
  current,
  failureWords,
  plotCharacters,
  nameKey,
  STATUS_OF_JOB,
  sceneOfScript,
} from './common';

/** Scene and character images asked for, listed, followed and deleted. */

export async function readyChapter(deps: ImagesContext, chapterId: string, userId: string) {
  const context = await deps.books.ownedChapter(userId, chapterId);
  if (context.book.status !== 'READY' || context.book.review_pending)
    throw new ConflictError('The book is still being processed.', 'book_not_ready');
  return context;
}

/** The caller's script of this chapter (404 for any other). */
export async function chapterScript(
  deps: ImagesContext,
  scriptId: string,
  chapterId: string,
  userId: string,
): Promise<ScriptRecord> {
  const script = await deps.scripts.ownScript(scriptId, userId);
  if (script.chapter_id !== chapterId)
    throw new NotFoundError(imageMessages.scriptNotFound, 'script_not_found');
  return script;
}

/** Starts the job and writes its record (generating); a drawing of the same thing running is answered. */
export async function startImage(
  deps: ImagesContext,
  book: { id: string; owner_id: string },
  chapterId: string,
  options: ChapterImageOptions,
  lock: string,
  characterId: string | null,
): Promise<ChapterImageJobRecord> {
  const job = (await deps.jobs.start(chapterImageJob, {
    owner: book.owner_id,
    target: { book_id: book.id, chapter_id: chapterId },
    options,
    exclusive: lock,
  })) as ChapterImageJobRecord;
  if (job.status === 'failed') throw new HttpError(503, failureWords(options), 'image_not_queued');
  const at = job.created_at;
  // The worker may have written the record already (it upserts): only a new record is written.
  await deps.repo.put(
    {
      id: job.id,
      book_id: book.id,
      chapter_id: chapterId,
      owner_id: book.owner_id,
      image_type: job.options.image_type,
      scene_number: job.options.scene_number,
      character_name: job.options.character_name,
      character_id: characterId,
      script_id: job.options.script_id,
      status: 'generating',
      error: null,
      image_key: null,
      width: null,
      height: null,
      style: job.options.style,
      quality: job.options.quality,
      aspect_ratio: job.options.aspect_ratio,
      lighting_mood: job.options.lighting_mood,
      include_background: job.options.include_background,
      use_character_references: job.options.use_character_references,
      image_prompt: null,
      referenced_characters: [],
      figures: [],
      created_at: at,
      updated_at: at,
    },
    true,
  );
  return job;
}

export async function listImages(
  deps: ImagesContext,
  userId: string,
  chapterId: string,
  scriptId?: string | null,
): Promise<ChapterImages> {
  const { book, chapter } = await deps.books.ownedChapter(userId, chapterId);
  const [records, characters] = await Promise.all([
    deps.repo.listForChapter(book.id, chapter.id),
    plotCharacters(deps, book.id),
  ]);
  const chosen = scriptId ? records.filter((r) => r.script_id === scriptId) : records;
  const fresh = await Promise.all(chosen.map((record) => current(deps, record)));
  const scenes = fresh
    .filter((r) => r.image_type === 'scene')
    .sort((a, b) => (a.scene_number ?? 0) - (b.scene_number ?? 0));
  const people = fresh
    .filter((r) => r.image_type === 'character')
    .sort((a, b) => (a.character_name ?? '').localeCompare(b.character_name ?? ''));
  return {
    chapter_id: chapter.id,
    script_id: scriptId ?? null,
    images: [
      ...scenes.map(imageView),
      ...people.map(imageView),
      ...characters.filter((c) => c.image_key).map(globalPortraitView),
    ],
  };
}

/**
 * Starts drawing a scene of the chapter: the scene of the given script (or of the chapter's
 * newest script), or, without a script, the scene the user describes.
 */
export async function startScene(
  deps: ImagesContext,
  userId: string,
  chapterId: string,
  sceneNumber: number,
  input: SceneImageInput,
): Promise<SceneImageQueued> {
  const { book, chapter } = await readyChapter(deps, chapterId, userId);
  const description = input.scene_description || undefined;
  let script: ScriptRecord | null = null;
  if (input.script_id) script = await chapterScript(deps, input.script_id, chapter.id, userId);
  else if (!description) script = (await deps.scripts.scriptsFor(book.id, chapter.id))[0] ?? null;
  let scene: SceneDescription;
  if (script) scene = sceneOfScript(script, sceneNumber, description);
  else if (description)
    scene = sceneFromDescription(sceneNumber, description, await plotCharacters(deps, book.id));
  else throw new BadRequestError(imageMessages.noScenes, 'no_scenes');
  const scriptId = script?.id ?? null;
  const job = await startImage(
    deps,
    book,
    chapter.id,
    {
      image_type: 'scene',
      chapter_id: chapter.id,
      script_id: scriptId,
      style: input.style,
      quality: input.quality,
      aspect_ratio: input.aspect_ratio,
      custom_prompt: input.custom_prompt || null,
      use_character_references: input.use_character_references,
      scene_number: sceneNumber,
      scene,
      lighting_mood: input.lighting_mood || null,
      include_background: input.include_background,
      character_name: null,
      character_description: null,
    },
    imageLock(chapter.id, scriptId, `scene#${sceneNumber}`),
    null,
  );
  return {
    record_id: job.id,
    job_id: job.id,
    status: 'generating',
    image_url: null,
    scene_number: sceneNumber,
    script_id: job.options.script_id,
  };
}

/** Starts drawing a character of the chapter (a plot character is drawn as their portrait fixed them). */
export async function startCharacter(
  deps: ImagesContext,
  userId: string,
  chapterId: string,
  input: CharacterImageInput,
): Promise<CharacterImageQueued> {
  const name = input.character_name?.trim();
  if (!name) throw new BadRequestError(imageMessages.characterNameRequired, 'character_name_required');
  const { book, chapter } = await readyChapter(deps, chapterId, userId);
  const script = input.script_id ? await chapterScript(deps, input.script_id, chapter.id, userId) : null;
  const scriptId = script?.id ?? null;
  const plotCharacter = matchCharacter(name, await plotCharacters(deps, book.id));
  const job = await startImage(
    deps,
    book,
    chapter.id,
    {
      image_type: 'character',
      chapter_id: chapter.id,
      script_id: scriptId,
      style: input.style,
      quality: input.quality,
      aspect_ratio: input.aspect_ratio,
      custom_prompt: input.custom_prompt || null,
      use_character_references: input.use_character_references,
      scene_number: null,
      scene: null,
      lighting_mood: null,
      include_background: false,
      character_name: name,
      character_description: input.character_description || null,
    },
    imageLock(chapter.id, scriptId, `character#${nameKey(name)}`),
    plotCharacter?.id ?? null,
  );
  return {
    record_id: job.id,
    job_id: job.id,
    status: 'generating',
    image_url: null,
    character_name: job.options.character_name ?? name,
    script_id: job.options.script_id,
  };
}

/** The drawing a job asked for (GET /chapters/{id}/images/status/{job}). */
export async function imageStatus(
  deps: ImagesContext,
  userId: string,
  chapterId: string,
  jobId: string,
): Promise<ChapterImageStatus> {
  const { book, chapter } = await deps.books.ownedChapter(userId, chapterId);
  const missing = () => new NotFoundError(imageMessages.generationNotFound, 'image_generation_not_found');
  if (!isUuid(jobId)) throw missing();
  const [stored, found] = await Promise.all([
    deps.repo.get(book.id, chapter.id, jobId),
    deps.jobs.get<ChapterImageOptions>(jobId),
  ]);
  const job =
    found && found.kind === chapterImageJob.kind && found.target.chapter_id === chapter.id
      ? ((await deps.jobs.settle(found)) as ChapterImageJobRecord)
      : null;
  if (!stored && !job) throw missing();
  const record = stored ? await current(deps, stored) : null;
  const options = job?.options;
  const status = record?.status ?? STATUS_OF_JOB[job!.status];
  return {
    status,
    image_url: status === 'completed' && record ? mediaUrl(record.image_key) : null,
    prompt: record?.image_prompt ?? null,
    script_id: record?.script_id ?? options?.script_id ?? null,
    error:
      status === 'failed' ? (record?.error ?? job?.error_message ?? failureWords(record ?? options!)) : null,
    record_id: jobId,
    image_type: record?.image_type ?? options!.image_type,
    scene_number: record?.scene_number ?? options?.scene_number ?? null,
    character_name: record?.character_name ?? options?.character_name ?? null,
    width: status === 'completed' ? (record?.width ?? null) : null,
    height: status === 'completed' ? (record?.height ?? null) : null,
  };
}

/**
 * Deletes a scene or character image of the chapter and its file; a drawing still running is
 * stopped. The plot's global portraits are refused (403): they belong to the Plot tab.
 */
export async function deleteImage(
  deps: ImagesContext,
  userId: string,
  chapterId: string,
  type: ChapterImageType,
  imageId: string,
): Promise<ChapterImageDeleted> {
  const { book, chapter } = await deps.books.ownedChapter(userId, chapterId);
  const record = isUuid(imageId) ? await deps.repo.get(book.id, chapter.id, imageId) : null;
  if (!record || record.image_type !== type) {
    if (type === 'character' && isUuid(imageId)) {
      const character = await deps.plots.characterOf(imageId);
      if (character && character.book_id === book.id && character.image_key)
        throw new ForbiddenError(imageMessages.globalNotDeletable, 'global_image');
    }
    throw notFound();
  }
  const job = await deps.jobs.get(record.id);
  if (job && isActive(job.status)) await deps.jobs.cancel(job, 'The image was deleted');
  await deps.repo.delete(record);
  if (record.image_key) await deps.media.delete(record.image_key);
  return { id: record.id, deleted: true };
}
