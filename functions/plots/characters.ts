import type { BookRecord } from '../books/model';
import {
  CHARACTER_IMAGE_ESTIMATE_SECONDS,
  plotMessages,
  type BulkDeleteResult,
  type Character,
  type CharacterImageQueued,
  type CharacterImageStatus,
  type CharacterLook,
} from '../contracts/plots';
import type { CreateCharacterRequest, UpdateCharacterRequest } from '../contracts/plot-requests';
import type { PortraitLook } from '../engine/image/types';
import { voiceIn } from '../engine/speech/voices';
import { BadRequestError, HttpError, NotFoundError } from '../lib/errors';
import type { JobRecord } from '../jobs';
import { mediaUrl } from '../lib/media-urls';
import { characterImageJob, portraitLock } from './jobs/kinds';
import { plotKeys, type CharacterRecord, type PortraitJobRecord, type PortraitOptions } from './model';
import {
  seedFor,
  characterView,
  type PlotsContext,
  now,
  characterNotFound,
  findOwnCharacter,
  ownCharacter,
  USER_ORDER,
  IMAGE_STATUS,
} from './common';
import { ownedPlot } from './common';

/** How many of the latest drawn portraits the estimate is measured over. */
const ESTIMATE_SAMPLE = 10;

/**
 * What a portrait takes, measured: the median time of the book's latest finished portraits (from the
 * start of their run to their end), in whole seconds; the spec's figure before any was drawn. The card
 * and the toast both show this one figure.
 */
export function portraitEstimateSeconds(jobs: readonly JobRecord[]): number {
  const times = jobs
    .filter((job) => job.kind === characterImageJob.kind && job.status === 'ready' && job.finished_at)
    .sort((a, b) => (b.finished_at! > a.finished_at! ? 1 : -1))
    .slice(0, ESTIMATE_SAMPLE)
    .map((job) => Date.parse(job.finished_at!) - Date.parse(job.started_at ?? job.created_at))
    .filter((ms) => Number.isFinite(ms) && ms >= 0)
    .sort((a, b) => a - b);
  if (!times.length) return CHARACTER_IMAGE_ESTIMATE_SECONDS;
  const middle = times.length / 2;
  const median = times.length % 2 ? times[Math.floor(middle)]! : (times[middle - 1]! + times[middle]!) / 2;
  return Math.max(1, Math.ceil(median / 1000));
}

/** The cast: characters created, edited and deleted, and their portraits. */

/** A voice of the catalogue for a character, stable for its seed. */
export function voiceFor(
  deps: PlotsContext,
  book: BookRecord,
  gender: CharacterRecord['gender'],
  seed: number,
): string {
  // A character whose sex the book does not give gets an even, neutral voice, not a guessed one.
  return voiceIn(
    deps.engine().speech,
    {
      style: 'elevenlabs_conversational',
      role: 'character',
      seed,
      gender: gender === 'unknown' ? 'neutral' : gender,
    },
    book.language || undefined,
  );
}

/** A voice id the user chose must be one of the catalogue's. */
export function checkVoice(deps: PlotsContext, voice: string | undefined) {
  if (
    voice !== undefined &&
    !deps
      .engine()
      .speech.voices()
      .some((v) => v.id === voice)
  )
    throw new BadRequestError(plotMessages.voiceUnknown(voice.slice(0, 100)), 'voice_not_found');
}

export async function deletePortraits(deps: PlotsContext, characters: CharacterRecord[]) {
  await Promise.all(characters.map((c) => deps.media.deletePrefix(plotKeys.portraitPrefix(c.book_id, c.id))));
}

export async function createCharacter(
  deps: PlotsContext,
  userId: string,
  plotId: string,
  input: CreateCharacterRequest,
): Promise<Character> {
  const plot = await ownedPlot(deps, plotId, userId);
  const name = input.name?.trim();
  if (!name) throw new BadRequestError(plotMessages.nameRequired, 'character_name_required');
  checkVoice(deps, input.voice);
  const book = (await deps.books.bookOf(plot.book_id))!;
  const seed = seedFor(name);
  const at = now(deps);
  const character: CharacterRecord = {
    id: deps.uuid(),
    plot_id: plot.id,
    book_id: plot.book_id,
    owner_id: plot.owner_id,
    name,
    role: input.role ?? '',
    physical_description: input.physical_description ?? '',
    personality: input.personality ?? '',
    character_arc: input.character_arc ?? '',
    archetypes: input.archetypes ?? [],
    want: input.want ?? '',
    need: input.need ?? '',
    lie: input.lie ?? '',
    ghost: input.ghost ?? '',
    gender: 'unknown',
    mentions: 0,
    seed,
    voice: input.voice ?? voiceFor(deps, book, 'unknown', seed),
    origin: 'user',
    user_edited: true,
    order: USER_ORDER,
    image_key: null,
    image_width: null,
    image_height: null,
    image_job_id: null,
    look: null,
    image_outdated: false,
    created_at: at,
    updated_at: at,
  };
  await deps.repo.putCharacter(character);
  return characterView(character);
}

/**
 * Changes the given fields; the character counts as the user's from then on. A new description
 * of a character with a portrait marks the portrait outdated (the SPA offers to redraw it).
 */
export async function updateCharacter(
  deps: PlotsContext,
  userId: string,
  characterId: string,
  patch: UpdateCharacterRequest,
) {
  const character = await ownCharacter(deps, characterId, userId);
  if (patch.name !== undefined && !patch.name.trim())
    throw new BadRequestError(plotMessages.nameRequired, 'character_name_required');
  checkVoice(deps, patch.voice);
  const changes = Object.fromEntries(
    Object.entries(patch).filter(([, value]) => value !== undefined),
  ) as Partial<CharacterRecord>;
  const descriptionChanged =
    changes.physical_description !== undefined &&
    changes.physical_description !== character.physical_description;
  const updated = await deps.repo.updateCharacter(character, {
    ...changes,
    user_edited: true,
    image_outdated: character.image_outdated || (descriptionChanged && Boolean(character.image_key)),
    updated_at: now(deps),
  });
  if (!updated) throw characterNotFound();
  return characterView(updated);
}

export async function deleteCharacter(
  deps: PlotsContext,
  userId: string,
  characterId: string,
): Promise<void> {
  const character = await ownCharacter(deps, characterId, userId);
  await deps.repo.deleteCharacters([character]);
  await deletePortraits(deps, [character]);
}

/** Deletes those of the ids that are the caller's characters; the others are named, untouched. */
export async function bulkDelete(
  deps: PlotsContext,
  userId: string,
  ids: string[],
): Promise<BulkDeleteResult> {
  const unique = [...new Set(ids)];
  const found = await Promise.all(unique.map((id) => findOwnCharacter(deps, id, userId)));
  const own = found.filter((c): c is CharacterRecord => c !== null);
  await deps.repo.deleteCharacters(own);
  await deletePortraits(deps, own);
  const deleted = own.map((c) => c.id);
  return {
    deleted,
    deleted_count: deleted.length,
    not_found: unique.filter((id) => !deleted.includes(id)),
  };
}

/** Queues the portrait of a character; a portrait already being drawn is answered instead. */
export async function queuePortrait(
  deps: PlotsContext,
  userId: string,
  characterId: string,
  request: Omit<PortraitOptions, 'character_id'>,
): Promise<CharacterImageQueued> {
  const character = await ownCharacter(deps, characterId, userId);
  const drawn = await deps.jobs.listForBook(character.book_id, '-');
  const job = await deps.jobs.start(characterImageJob, {
    owner: userId,
    target: { book_id: character.book_id, character_id: character.id },
    options: { character_id: character.id, ...request },
    exclusive: portraitLock(character.id),
  });
  if (job.status === 'failed')
    throw new HttpError(503, 'Failed to queue character image generation', 'image_not_queued');
  if (job.id !== character.image_job_id) await deps.repo.updateCharacter(character, { image_job_id: job.id });
  return {
    status: 'queued',
    estimated_time_seconds: portraitEstimateSeconds(drawn),
    character_id: character.id,
    job_id: job.id,
  };
}

export async function portraitStatus(
  deps: PlotsContext,
  userId: string,
  characterId: string,
): Promise<CharacterImageStatus> {
  const character = await ownCharacter(deps, characterId, userId);
  const found = character.image_job_id
    ? ((await deps.jobs.get(character.image_job_id)) as PortraitJobRecord | null)
    : null;
  const completed = (key: string | null, width: number | null, height: number | null) => ({
    status: 'completed' as const,
    image_url: mediaUrl(key),
    error: null,
    job_id: found?.id ?? null,
    width,
    height,
  });
  if (!found) {
    if (character.image_key)
      return completed(character.image_key, character.image_width, character.image_height);
    throw new NotFoundError(plotMessages.imageNotFound, 'image_not_found');
  }
  const job = (await deps.jobs.settle(found)) as PortraitJobRecord;
  const status = IMAGE_STATUS[job.status];
  if (status === 'completed')
    return completed(
      job.outputs.image_key ?? character.image_key,
      job.outputs.width ?? character.image_width,
      job.outputs.height ?? character.image_height,
    );
  return {
    status,
    image_url: null,
    error: status === 'failed' ? (job.error_message ?? plotMessages.imageFailed) : null,
    job_id: job.id,
    width: null,
    height: null,
  };
}

/**
 * A portrait was drawn and stored under `key`: it becomes the character's image, with the look
 * it fixed. Null when the character is gone (the caller removes the file); the previous
 * portrait's file is deleted.
 */
export async function recordPortrait(
  deps: PlotsContext,
  job: PortraitJobRecord,
  portrait: { key: string; width: number; height: number; look?: PortraitLook },
): Promise<CharacterRecord | null> {
  const character = await deps.repo.getCharacter(job.options.character_id);
  if (!character) return null;
  const look: CharacterLook | null = portrait.look
    ? {
        seed: character.seed,
        physical_description: character.physical_description,
        style: job.options.style,
        ...portrait.look,
      }
    : null;
  const updated = await deps.repo.updateCharacter(character, {
    image_key: portrait.key,
    image_width: portrait.width,
    image_height: portrait.height,
    look,
    image_outdated: false,
    updated_at: now(deps),
  });
  if (!updated) return null;
  if (character.image_key && character.image_key !== portrait.key)
    await deps.media.delete(character.image_key);
  return updated;
}
