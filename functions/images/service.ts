import type { BooksService } from '../books/service';
import { CHAPTER_NOT_FOUND } from '../books/service';
import {
  imageMessages,
  matchCharacter,
  type ChapterImage,
  type ChapterImageDeleted,
  type ChapterImages,
  type ChapterImageStatus,
  type ChapterImageType,
  type CharacterImageQueued,
  type FigureRegion,
  type SceneImageQueued,
} from '../contracts/images';
import type { CharacterImageInput, SceneImageInput } from '../contracts/images-requests';
import { PORTRAIT_DEFAULTS } from '../contracts/plots';
import type { CharacterReference, ImageEngine } from '../engine/image/types';
import { hashString } from '../engine/random';
import {
  characterProfile,
  TIMES_OF_DAY,
  type CharacterProfile,
  type SceneDescription,
  type TimeOfDay,
} from '../engine/text/types';
import { isActive, type JobRecord, type Jobs } from '../jobs';
import { ConflictError, ForbiddenError, HttpError, NotFoundError } from '../lib/errors';
import { BadRequestError } from '../lib/errors';
import { isUuid } from '../lib/ids';
import { mediaUrl } from '../lib/media-urls';
import { isoNow, type Clock, type ObjectStore, type Table } from '../lib/ports';
import type { CharacterRecord } from '../plots/model';
import type { PlotsService } from '../plots/service';
import { profileOf } from '../plots/service';
import type { ScriptRecord } from '../scripts/model';
import type { ScriptsService } from '../scripts/service';
import { chapterImageJob, imageLock } from './jobs/kinds';
import {
  imageKeys,
  type ChapterImageJobRecord,
  type ChapterImageOptions,
  type ChapterImageRecord,
} from './model';
import { createImageRepository } from './repository';

export interface ImagesDeps {
  table: Table;
  clock: Clock;
  jobs: Jobs;
  books: BooksService;
  plots: PlotsService;
  scripts: ScriptsService;
  /** Where the pictures are kept (the media bucket). */
  media: ObjectStore;
}

const nameKey = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ');

export function imageView(record: ChapterImageRecord): ChapterImage {
  return {
    id: record.id,
    image_url: record.status === 'completed' ? mediaUrl(record.image_key) : null,
    image_type: record.image_type,
    character_name: record.character_name,
    script_id: record.script_id,
    status: record.status,
    error: record.error,
    global: false,
    deletable: true,
    job_id: record.id,
    character_id: record.character_id,
    metadata: {
      scene_number: record.scene_number,
      image_prompt: record.image_prompt,
      image_type: record.image_type,
      character_name: record.character_name,
      style: record.style,
      quality: record.quality,
      aspect_ratio: record.aspect_ratio,
      width: record.width,
      height: record.height,
      lighting_mood: record.lighting_mood,
      include_background: record.include_background,
      use_character_references: record.use_character_references,
      referenced_characters: record.referenced_characters,
      figures: record.figures,
    },
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}

/** A plot character's portrait, listed with the chapter's images but not deletable there (spec §6). */
export function globalPortraitView(c: CharacterRecord): ChapterImage {
  return {
    id: c.id,
    image_url: mediaUrl(c.image_key),
    image_type: 'character',
    character_name: c.name,
    script_id: null,
    status: 'completed',
    error: null,
    global: true,
    deletable: false,
    job_id: null,
    character_id: c.id,
    metadata: {
      scene_number: null,
      image_prompt: null,
      image_type: 'character',
      character_name: c.name,
      style: c.look?.style ?? PORTRAIT_DEFAULTS.style,
      quality: PORTRAIT_DEFAULTS.quality,
      aspect_ratio:
        c.image_width && c.image_height
          ? c.image_width > c.image_height
            ? c.image_width * 3 === c.image_height * 4
              ? '4:3'
              : '16:9'
            : c.image_width < c.image_height
              ? '9:16'
              : '1:1'
          : PORTRAIT_DEFAULTS.aspect_ratio,
      width: c.image_width,
      height: c.image_height,
      lighting_mood: null,
      include_background: false,
      use_character_references: false,
      referenced_characters: [],
      figures: [],
    },
    created_at: c.created_at,
    updated_at: c.updated_at,
  };
}

const STATUS_OF_JOB = {
  queued: 'generating',
  running: 'generating',
  ready: 'completed',
  failed: 'failed',
  cancelled: 'failed',
} as const;

const TIME_WORDS: [TimeOfDay, RegExp][] = [
  ['night', /\b(night|midnight|moonlit|moonlight|stars)\b/i],
  ['dusk', /\b(dusk|sunset|twilight)\b/i],
  ['evening', /\bevening\b/i],
  ['dawn', /\b(dawn|sunrise|daybreak)\b/i],
  ['morning', /\bmorning\b/i],
  ['afternoon', /\bafternoon\b/i],
];
const INTERIOR =
  /\b(inside|indoors|room|hall|kitchen|library|tavern|inn|cabin|parlou?r|office|cellar|chamber|bedroom|attic|church|shop)\b/i;

/** The characters a description names: plot characters whose name (or first name) it mentions. */
function namedIn(text: string, characters: readonly CharacterRecord[]): string[] {
  const words = ` ${text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
  return characters
    .filter((c) => {
      const name = nameKey(c.name);
      const first = name.split(' ')[0]!;
      return words.includes(` ${name} `) || (first.length > 2 && words.includes(` ${first} `));
    })
    .map((c) => c.name);
}

/** A scene of a chapter without a script: the user's description is the whole of it. */
export function sceneFromDescription(
  sceneNumber: number,
  description: string,
  characters: readonly CharacterRecord[],
): SceneDescription {
  const firstSentence = description.split(/(?<=[.!?])\s/)[0]!.trim();
  return {
    scene_number: sceneNumber,
    location: firstSentence.length > 80 ? `${firstSentence.slice(0, 77).trimEnd()}…` : firstSentence,
    setting_type: INTERIOR.test(description) ? 'INT' : 'EXT',
    time_of_day: TIME_WORDS.find(([, pattern]) => pattern.test(description))?.[0] ?? 'day',
    estimated_duration: 30,
    visual_description: description,
    key_actions: [],
    audio_requirements: [],
    characters: namedIn(description, characters),
    mood: 'calm',
    source_start: 0,
    source_end: 0,
  };
}

/** The scene of a script, as the image is drawn from it (the user's description, if given, wins). */
function sceneOfScript(script: ScriptRecord, sceneNumber: number, description?: string): SceneDescription {
  const found = script.scenes.find((s) => s.scene_number === sceneNumber);
  if (!found) throw new BadRequestError(imageMessages.sceneMissing(sceneNumber), 'scene_not_found');
  return {
    scene_number: found.scene_number,
    location: found.location,
    setting_type: found.setting_type,
    time_of_day: (TIMES_OF_DAY as readonly string[]).includes(found.time_of_day) ? found.time_of_day : 'day',
    estimated_duration: found.estimated_duration,
    visual_description: description || found.visual_description,
    key_actions: found.key_actions,
    audio_requirements: found.audio_requirements,
    characters: found.characters,
    mood: found.mood,
    source_start: found.source_start,
    source_end: found.source_end,
  };
}

/** What the worker hands the image engine, made from the job and the plot as it is now. */
export interface ImageDrawing {
  kind: ChapterImageType;
  request: {
    style: ChapterImageOptions['style'];
    quality: ChapterImageOptions['quality'];
    aspectRatio: ChapterImageOptions['aspect_ratio'];
    seed: number;
    customPrompt?: string;
  };
  scene?: Parameters<ImageEngine['scene']>[0]['scene'];
  characters: CharacterProfile[];
  character?: CharacterProfile;
  references: CharacterReference[];
  lightingMood?: string;
  includeBackground: boolean;
}

/**
 * Scene and character images of a chapter (the Images tab). Each picture is drawn by a job whose id
 * is the image record's id; the API answers at once and the SPA polls the status route. A scene's
 * plot characters are drawn with the look their portrait fixed. Redrawing a scene (or a character)
 * replaces that scene's previous picture once the new one is done, and nothing else. Every route
 * checks that the caller owns the chapter's book: anything else is a 404.
 */
export function createImagesService(deps: ImagesDeps) {
  const repo = createImageRepository(deps.table);
  const now = () => isoNow(deps.clock);
  const notFound = () => new NotFoundError(imageMessages.imageNotFound, 'image_not_found');

  async function ownedChapter(chapterId: string, userId: string) {
    const context = await deps.books.chapterContext(chapterId);
    if (!context || context.book.owner_id !== userId)
      throw new NotFoundError(CHAPTER_NOT_FOUND, 'chapter_not_found');
    return context;
  }

  async function readyChapter(chapterId: string, userId: string) {
    const context = await ownedChapter(chapterId, userId);
    if (context.book.status !== 'READY' || context.book.review_pending)
      throw new ConflictError('The book is still being processed.', 'book_not_ready');
    return context;
  }

  /** The caller's script of this chapter (404 for any other). */
  async function chapterScript(scriptId: string, chapterId: string, userId: string): Promise<ScriptRecord> {
    const script = await deps.scripts.ownScript(scriptId, userId);
    if (script.chapter_id !== chapterId)
      throw new NotFoundError(imageMessages.scriptNotFound, 'script_not_found');
    return script;
  }

  /** A generating record whose job ended without saying so (cut off) reads as failed. */
  async function current(record: ChapterImageRecord): Promise<ChapterImageRecord> {
    if (record.status !== 'generating') return record;
    const found = await deps.jobs.get(record.id);
    const job = found ? await deps.jobs.settle(found) : null;
    if (job && isActive(job.status)) return record;
    if (job?.status === 'ready') return record;
    const error = job?.error_message ?? failureWords(record);
    return (await repo.update(record, { status: 'failed', error, updated_at: now() })) ?? record;
  }

  const failureWords = (r: Pick<ChapterImageRecord, 'image_type' | 'scene_number' | 'character_name'>) =>
    r.image_type === 'scene'
      ? imageMessages.failedScene(r.scene_number ?? 0)
      : imageMessages.failedCharacter(r.character_name ?? '');

  /** Starts the job and writes its record (generating); a drawing of the same thing running is answered. */
  async function start(
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
    await repo.put(
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

  /** The plot character a name refers to (the spec's matching rule), if the book has a plot. */
  async function plotCharacters(bookId: string) {
    return deps.plots.repository.listCharacters(bookId);
  }

  /** The fixed look of a plot character with a portrait, under the name the picture uses for them. */
  function referenceOf(name: string, c: CharacterRecord): CharacterReference | undefined {
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

  const service = {
    repository: repo,

    async list(userId: string, chapterId: string, scriptId?: string | null): Promise<ChapterImages> {
      const { book, chapter } = await ownedChapter(chapterId, userId);
      const [records, characters] = await Promise.all([
        repo.listForChapter(book.id, chapter.id),
        plotCharacters(book.id),
      ]);
      const chosen = scriptId ? records.filter((r) => r.script_id === scriptId) : records;
      const fresh = await Promise.all(chosen.map(current));
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
    },

    /**
     * Starts drawing a scene of the chapter: the scene of the given script (or of the chapter's
     * newest script), or, without a script, the scene the user describes.
     */
    async startScene(
      userId: string,
      chapterId: string,
      sceneNumber: number,
      input: SceneImageInput,
    ): Promise<SceneImageQueued> {
      const { book, chapter } = await readyChapter(chapterId, userId);
      const description = input.scene_description || undefined;
      let script: ScriptRecord | null = null;
      if (input.script_id) script = await chapterScript(input.script_id, chapter.id, userId);
      else if (!description)
        script = (await deps.scripts.repository.listForChapter(book.id, chapter.id))[0] ?? null;
      let scene: SceneDescription;
      if (script) scene = sceneOfScript(script, sceneNumber, description);
      else if (description)
        scene = sceneFromDescription(sceneNumber, description, await plotCharacters(book.id));
      else throw new BadRequestError(imageMessages.noScenes, 'no_scenes');
      const scriptId = script?.id ?? null;
      const job = await start(
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
    },

    /** Starts drawing a character of the chapter (a plot character is drawn as their portrait fixed them). */
    async startCharacter(
      userId: string,
      chapterId: string,
      input: CharacterImageInput,
    ): Promise<CharacterImageQueued> {
      const name = input.character_name?.trim();
      if (!name) throw new BadRequestError(imageMessages.characterNameRequired, 'character_name_required');
      const { book, chapter } = await readyChapter(chapterId, userId);
      const script = input.script_id ? await chapterScript(input.script_id, chapter.id, userId) : null;
      const scriptId = script?.id ?? null;
      const plotCharacter = matchCharacter(name, await plotCharacters(book.id));
      const job = await start(
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
    },

    /** The drawing a job asked for (GET /chapters/{id}/images/status/{job}). */
    async status(userId: string, chapterId: string, jobId: string): Promise<ChapterImageStatus> {
      const { book, chapter } = await ownedChapter(chapterId, userId);
      const missing = () => new NotFoundError(imageMessages.generationNotFound, 'image_generation_not_found');
      if (!isUuid(jobId)) throw missing();
      const [stored, found] = await Promise.all([
        repo.get(book.id, chapter.id, jobId),
        deps.jobs.get<ChapterImageOptions>(jobId),
      ]);
      const job =
        found && found.kind === chapterImageJob.kind && found.target.chapter_id === chapter.id
          ? ((await deps.jobs.settle(found)) as ChapterImageJobRecord)
          : null;
      if (!stored && !job) throw missing();
      const record = stored ? await current(stored) : null;
      const options = job?.options;
      const status = record?.status ?? STATUS_OF_JOB[job!.status];
      return {
        status,
        image_url: status === 'completed' && record ? mediaUrl(record.image_key) : null,
        prompt: record?.image_prompt ?? null,
        script_id: record?.script_id ?? options?.script_id ?? null,
        error:
          status === 'failed'
            ? (record?.error ?? job?.error_message ?? failureWords(record ?? options!))
            : null,
        record_id: jobId,
        image_type: record?.image_type ?? options!.image_type,
        scene_number: record?.scene_number ?? options?.scene_number ?? null,
        character_name: record?.character_name ?? options?.character_name ?? null,
        width: status === 'completed' ? (record?.width ?? null) : null,
        height: status === 'completed' ? (record?.height ?? null) : null,
      };
    },

    /**
     * Deletes a scene or character image of the chapter and its file; a drawing still running is
     * stopped. The plot's global portraits are refused (403): they belong to the Plot tab.
     */
    async delete(
      userId: string,
      chapterId: string,
      type: ChapterImageType,
      imageId: string,
    ): Promise<ChapterImageDeleted> {
      const { book, chapter } = await ownedChapter(chapterId, userId);
      const record = isUuid(imageId) ? await repo.get(book.id, chapter.id, imageId) : null;
      if (!record || record.image_type !== type) {
        if (type === 'character' && isUuid(imageId)) {
          const character = await deps.plots.repository.getCharacter(imageId);
          if (character && character.book_id === book.id && character.image_key)
            throw new ForbiddenError(imageMessages.globalNotDeletable, 'global_image');
        }
        throw notFound();
      }
      const job = await deps.jobs.get(record.id);
      if (job && isActive(job.status)) await deps.jobs.cancel(job, 'The image was deleted');
      await repo.delete(record);
      if (record.image_key) await deps.media.delete(record.image_key);
      return { id: record.id, deleted: true };
    },

    // --- what the worker calls ---

    /** What to draw for a job, with the plot as it is now (its characters' fixed looks). */
    async drawing(job: ChapterImageJobRecord): Promise<ImageDrawing> {
      const { options } = job;
      const characters = await plotCharacters(job.target.book_id ?? '');
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
                .map(({ name, character }) => referenceOf(name, character))
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
        plotCharacter && options.use_character_references ? referenceOf(name, plotCharacter) : undefined;
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
    },

    /**
     * A picture was drawn and stored under `key`: the record is completed, and the previous
     * pictures of the same scene (or character) of the same script, and their files, go. Null when
     * the job ended meanwhile (the image was deleted): the caller removes the file.
     */
    async recordDrawn(
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
        updated_at: now(),
      };
      let record = await repo.update({ book_id: bookId, chapter_id: chapterId, id: job.id }, patch);
      if (!record) {
        // No record: not written yet (the API writes it after starting the job), or deleted, which
        // cancels the job first.
        const still = await deps.jobs.active(job.id);
        if (!still) return null;
        const characters = job.options.character_name
          ? await plotCharacters(bookId)
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
        await repo.put(record);
      }
      await service.removeReplaced(record);
      return record;
    },

    /** Earlier pictures of the same scene (or character name) and script: a redraw replaces them. */
    async removeReplaced(record: ChapterImageRecord): Promise<void> {
      const all = await repo.listForChapter(record.book_id, record.chapter_id);
      const same = (r: ChapterImageRecord) =>
        r.id !== record.id &&
        r.image_type === record.image_type &&
        r.script_id === record.script_id &&
        r.status !== 'generating' &&
        (record.image_type === 'scene'
          ? r.scene_number === record.scene_number
          : nameKey(r.character_name ?? '') === nameKey(record.character_name ?? ''));
      for (const old of all.filter(same)) {
        await repo.delete(old);
        if (old.image_key) await deps.media.delete(old.image_key);
      }
    },

    /** The job failed: its record says so, in the job's words. */
    async recordFailed(job: JobRecord | null): Promise<void> {
      if (!job || job.kind !== chapterImageJob.kind) return;
      const options = job.options as ChapterImageOptions;
      await repo.update(
        { book_id: job.target.book_id ?? '', chapter_id: options.chapter_id, id: job.id },
        { status: 'failed', error: job.error_message ?? failureWords(options), updated_at: now() },
      );
    },

    keyFor: (job: ChapterImageJobRecord) =>
      imageKeys.image(job.target.book_id ?? '', job.options.chapter_id, job.id),
  };
  return service;
}

export type ImagesService = ReturnType<typeof createImagesService>;
