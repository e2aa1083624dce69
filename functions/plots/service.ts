import type { BookRecord } from '../books/model';
import type { BooksService } from '../books/service';
import {
  CHARACTER_IMAGE_ESTIMATE_SECONDS,
  plotMessages,
  type BulkDeleteResult,
  type Character,
  type CharacterImageQueued,
  type CharacterImageStatus,
  type CharacterLook,
  type PlotGenerationJob,
  type PlotOverview,
} from '../contracts/plots';
import type { CreateCharacterRequest, UpdateCharacterRequest } from '../contracts/plot-requests';
import type { PortraitLook } from '../engine/image/types';
import { hashString } from '../engine/random';
import { characterProfile, type CharacterProfile } from '../engine/text/types';
import type { Engine } from '../engine/types';
import { processingStatus, type JobRecord, type Jobs } from '../jobs';
import { BadRequestError, ConflictError, HttpError, NotFoundError } from '../lib/errors';
import { isUuid } from '../lib/ids';
import { mediaUrl } from '../lib/media-urls';
import { isoNow, type Clock, type ObjectStore, type Table } from '../lib/ports';
import { characterImageJob, PLOT_LOCK, plotGenerationJob, portraitLock } from './jobs/kinds';
import {
  plotKeys,
  type CharacterRecord,
  type PlotGenerationOptions,
  type PlotJobRecord,
  type PlotRecord,
  type PortraitJobRecord,
  type PortraitOptions,
} from './model';
import { createPlotRepository } from './repository';

export interface PlotsDeps {
  table: Table;
  clock: Clock;
  jobs: Jobs;
  books: BooksService;
  /** Where portraits are kept (the media bucket). */
  media: ObjectStore;
  engine: () => Engine;
  uuid: () => string;
}

/** Listing order of characters the user creates: after the overview's own cast. */
const USER_ORDER = 1000;

/** The same person across overviews: names compared without case or extra spaces. */
const nameKey = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ');

/** The stable seed of a character, from the name (as the text engine seeds its own profiles). */
export const seedFor = (name: string) => hashString(nameKey(name));

export function characterView(c: CharacterRecord): Character {
  return {
    id: c.id,
    plot_id: c.plot_id,
    book_id: c.book_id,
    name: c.name,
    role: c.role,
    physical_description: c.physical_description,
    personality: c.personality,
    character_arc: c.character_arc,
    archetypes: c.archetypes,
    want: c.want,
    need: c.need,
    lie: c.lie,
    ghost: c.ghost,
    gender: c.gender,
    seed: c.seed,
    voice: c.voice,
    image_url: mediaUrl(c.image_key),
    look: c.look,
    image_outdated: c.image_outdated,
    origin: c.origin,
    user_edited: c.user_edited,
    created_at: c.created_at,
    updated_at: c.updated_at,
  };
}

export function plotView(plot: PlotRecord, characters: CharacterRecord[]): PlotOverview {
  return {
    id: plot.id,
    book_id: plot.book_id,
    logline: plot.logline,
    genre: plot.genre,
    tone: plot.tone,
    audience: plot.audience,
    setting: plot.setting,
    script_story_type: plot.script_story_type,
    story_type: plot.story_type,
    themes: plot.themes,
    characters: characters.map(characterView),
    created_at: plot.created_at,
    updated_at: plot.updated_at,
  };
}

export function plotJobView(job: JobRecord, plotId: string | null): PlotGenerationJob {
  return {
    id: job.id,
    book_id: job.target.book_id!,
    status: processingStatus(job.status),
    progress: job.progress,
    step: job.step,
    error_message: job.error_message,
    plot_id: plotId,
    created_at: job.created_at,
    updated_at: job.updated_at,
  };
}

const IMAGE_STATUS = {
  queued: 'queued',
  running: 'generating',
  ready: 'completed',
  failed: 'failed',
  cancelled: 'failed',
} as const;

/** A character as the engine knows it (for portraits and scenes). */
export const profileOf = (c: CharacterRecord): CharacterProfile =>
  characterProfile({
    name: c.name,
    seed: c.seed,
    role: c.role,
    physical_description: c.physical_description,
    personality: c.personality,
    character_arc: c.character_arc,
    archetypes: c.archetypes,
    want: c.want,
    need: c.need,
    lie: c.lie,
    ghost: c.ghost,
    gender: c.gender,
    mentions: c.mentions,
    voice: c.voice,
  });

const isPlotJob = (job: JobRecord): job is PlotJobRecord => job.kind === plotGenerationJob.kind;

/**
 * Plot overviews and characters: the overview is planned by a job (one per book at a time); the
 * user then curates the cast, and each character's portrait is drawn by a job of its own. Every
 * route checks that the caller owns the book: anything else is a 404, as for books.
 */
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

export function createPlotsService(deps: PlotsDeps) {
  const repo = createPlotRepository(deps.table);
  const now = () => isoNow(deps.clock);

  const characterNotFound = () => new NotFoundError(plotMessages.characterNotFound, 'character_not_found');

  /** The character, if it belongs to one of the caller's books. */
  async function findOwnCharacter(characterId: string, userId: string): Promise<CharacterRecord | null> {
    const character = isUuid(characterId) ? await repo.getCharacter(characterId) : null;
    if (!character) return null;
    const book = await deps.books.repository.get(character.book_id);
    return book && book.owner_id === userId ? character : null;
  }

  async function ownCharacter(characterId: string, userId: string): Promise<CharacterRecord> {
    const character = await findOwnCharacter(characterId, userId);
    if (!character) throw characterNotFound();
    return character;
  }

  /** A voice of the catalogue for a character, stable for its seed. */
  function voiceFor(book: BookRecord, gender: CharacterRecord['gender'], seed: number): string {
    const speech = deps.engine().speech;
    // A character whose sex the book does not give gets an even, neutral voice, not a guessed one.
    const choice = {
      model: 'elevenlabs_conversational' as const,
      role: 'character' as const,
      seed,
      gender: gender === 'unknown' ? ('neutral' as const) : gender,
    };
    try {
      return speech.voiceFor({ ...choice, language: book.language || undefined });
    } catch {
      // No character voice in the book's language: one in the default language still speaks.
      return speech.voiceFor(choice);
    }
  }

  /** A voice id the user chose must be one of the catalogue's. */
  function checkVoice(voice: string | undefined) {
    if (
      voice !== undefined &&
      !deps
        .engine()
        .speech.voices()
        .some((v) => v.id === voice)
    )
      throw new BadRequestError(plotMessages.voiceUnknown(voice.slice(0, 100)), 'voice_not_found');
  }

  async function deletePortraits(characters: CharacterRecord[]) {
    await Promise.all(
      characters.map((c) => deps.media.deletePrefix(plotKeys.portraitPrefix(c.book_id, c.id))),
    );
  }

  const service = {
    repository: repo,

    async ownedPlot(plotId: string, userId: string): Promise<PlotRecord> {
      const plot = isUuid(plotId) ? await repo.getPlot(plotId) : null;
      const book = plot ? await deps.books.repository.get(plot.book_id) : null;
      if (!plot || !book || book.owner_id !== userId)
        throw new NotFoundError(plotMessages.plotNotFound, 'plot_not_found');
      return plot;
    },

    ownCharacter,

    /**
     * Starts planning the plot overview of the caller's book. A generation already running for the
     * book is answered instead of starting a second one.
     */
    async startGeneration(
      userId: string,
      bookId: string,
      options: PlotGenerationOptions,
    ): Promise<PlotGenerationJob> {
      const book = await deps.books.loadOwnedBook(bookId, userId);
      if (book.status !== 'READY' || book.review_pending)
        throw new ConflictError(plotMessages.bookNotReady, 'book_not_ready');
      const job = await deps.jobs.start(plotGenerationJob, {
        owner: userId,
        target: { book_id: book.id },
        options,
        exclusive: PLOT_LOCK,
      });
      const plot = await repo.getPlotOfBook(book.id);
      return plotJobView(job, plot?.id ?? null);
    },

    /** The latest plot generation of the book (a quiet one is checked against its execution). */
    async generationStatus(userId: string, bookId: string): Promise<PlotGenerationJob> {
      const book = await deps.books.loadOwnedBook(bookId, userId);
      const [latest] = (await deps.jobs.listForBook(book.id, '-')).filter(isPlotJob);
      if (!latest) throw new NotFoundError(plotMessages.generationNotFound, 'plot_generation_not_found');
      const job = await deps.jobs.settle(latest);
      const plot = await repo.getPlotOfBook(book.id);
      return plotJobView(job, plot?.id ?? null);
    },

    async overview(userId: string, bookId: string): Promise<PlotOverview> {
      const book = await deps.books.loadOwnedBook(bookId, userId);
      const plot = await repo.getPlotOfBook(book.id);
      if (!plot) throw new NotFoundError(plotMessages.plotNotFound, 'plot_not_found');
      return plotView(plot, await repo.listCharacters(book.id));
    },

    /**
     * The work of a plot generation: reads every chapter, plans the overview and saves it. The
     * overview replaces the previous one (same id); the generated cast replaces the previous
     * generated cast, keeping the id and portrait of a character of the same name. Characters the
     * user created or edited stay (and win over a generated one of the same name) unless the job
     * was asked to replace them.
     */
    async generate(
      job: PlotJobRecord,
      report: (progress: number, step: string) => Promise<unknown> = async () => undefined,
    ): Promise<PlotRecord> {
      const book = await deps.books.repository.get(job.target.book_id ?? '');
      if (!book) throw new Error(`The book of plot job ${job.id} no longer exists`);
      const chapters = (await deps.books.repository.listChapters(book.id)).sort(
        (a, b) => a.order_index - b.order_index,
      );
      const texts = await Promise.all(
        chapters.map(async (c) => ({ title: c.title, content: await deps.books.chapterText(c) })),
      );
      await report(20, 'Reading the story');
      const planned = await deps.engine().text.plotOverview({ title: book.title, chapters: texts });
      await report(80, 'Saving the plot overview');

      const [previous, existing] = await Promise.all([
        repo.getPlotOfBook(book.id),
        repo.listCharacters(book.id),
      ]);
      const at = now();
      const plot: PlotRecord = {
        id: previous?.id ?? deps.uuid(),
        book_id: book.id,
        owner_id: book.owner_id,
        logline: planned.logline,
        genre: planned.genre,
        tone: planned.tone,
        audience: planned.audience,
        setting: planned.setting,
        script_story_type: planned.script_story_type,
        story_type: planned.story_type,
        themes: planned.themes,
        job_id: job.id,
        created_at: previous?.created_at ?? at,
        updated_at: at,
      };

      const replaceAll = job.options.replace_characters;
      const kept = replaceAll ? [] : existing.filter((c) => c.user_edited);
      const keptNames = new Set(kept.map((c) => nameKey(c.name)));
      const reusable = new Map(
        replaceAll ? [] : existing.filter((c) => !c.user_edited).map((c) => [nameKey(c.name), c] as const),
      );
      const generated = planned.characters
        .filter((profile) => !keptNames.has(nameKey(profile.name)))
        .map((profile, order): CharacterRecord => {
          const same = reusable.get(nameKey(profile.name));
          const gender = profile.gender ?? 'unknown';
          return {
            id: same?.id ?? deps.uuid(),
            plot_id: plot.id,
            book_id: book.id,
            owner_id: book.owner_id,
            name: profile.name,
            role: profile.role,
            physical_description: profile.physical_description,
            personality: profile.personality,
            character_arc: profile.character_arc,
            archetypes: profile.archetypes,
            want: profile.want,
            need: profile.need,
            lie: profile.lie,
            ghost: profile.ghost,
            gender,
            mentions: profile.mentions,
            seed: profile.seed,
            // A voice chosen for another sex (read wrongly before) is chosen again.
            voice:
              profile.voice ||
              (same?.gender === gender ? same.voice : '') ||
              voiceFor(book, gender, profile.seed),
            origin: 'generated',
            user_edited: false,
            order,
            image_key: same?.image_key ?? null,
            image_width: same?.image_width ?? null,
            image_height: same?.image_height ?? null,
            image_job_id: same?.image_job_id ?? null,
            look: same?.look ?? null,
            image_outdated: Boolean(
              same?.image_key && same.physical_description !== profile.physical_description,
            ),
            created_at: same?.created_at ?? at,
            updated_at: at,
          };
        });
      const stays = new Set([...kept, ...generated].map((c) => c.id));
      const removed = existing.filter((c) => !stays.has(c.id));

      await repo.putPlot(plot);
      for (const character of generated) await repo.putCharacter(character);
      await repo.deleteCharacters(removed);
      await deletePortraits(removed);
      return plot;
    },

    async createCharacter(userId: string, plotId: string, input: CreateCharacterRequest): Promise<Character> {
      const plot = await service.ownedPlot(plotId, userId);
      const name = input.name?.trim();
      if (!name) throw new BadRequestError(plotMessages.nameRequired, 'character_name_required');
      checkVoice(input.voice);
      const book = (await deps.books.repository.get(plot.book_id))!;
      const seed = seedFor(name);
      const at = now();
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
        voice: input.voice ?? voiceFor(book, 'unknown', seed),
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
      await repo.putCharacter(character);
      return characterView(character);
    },

    /**
     * Changes the given fields; the character counts as the user's from then on. A new description
     * of a character with a portrait marks the portrait outdated (the SPA offers to redraw it).
     */
    async updateCharacter(userId: string, characterId: string, patch: UpdateCharacterRequest) {
      const character = await ownCharacter(characterId, userId);
      if (patch.name !== undefined && !patch.name.trim())
        throw new BadRequestError(plotMessages.nameRequired, 'character_name_required');
      checkVoice(patch.voice);
      const changes = Object.fromEntries(
        Object.entries(patch).filter(([, value]) => value !== undefined),
      ) as Partial<CharacterRecord>;
      const descriptionChanged =
        changes.physical_description !== undefined &&
        changes.physical_description !== character.physical_description;
      const updated = await repo.updateCharacter(character, {
        ...changes,
        user_edited: true,
        image_outdated: character.image_outdated || (descriptionChanged && Boolean(character.image_key)),
        updated_at: now(),
      });
      if (!updated) throw characterNotFound();
      return characterView(updated);
    },

    async deleteCharacter(userId: string, characterId: string): Promise<void> {
      const character = await ownCharacter(characterId, userId);
      await repo.deleteCharacters([character]);
      await deletePortraits([character]);
    },

    /** Deletes those of the ids that are the caller's characters; the others are named, untouched. */
    async bulkDelete(userId: string, ids: string[]): Promise<BulkDeleteResult> {
      const unique = [...new Set(ids)];
      const found = await Promise.all(unique.map((id) => findOwnCharacter(id, userId)));
      const own = found.filter((c): c is CharacterRecord => c !== null);
      await repo.deleteCharacters(own);
      await deletePortraits(own);
      const deleted = own.map((c) => c.id);
      return {
        deleted,
        deleted_count: deleted.length,
        not_found: unique.filter((id) => !deleted.includes(id)),
      };
    },

    /** Queues the portrait of a character; a portrait already being drawn is answered instead. */
    async queuePortrait(
      userId: string,
      characterId: string,
      request: Omit<PortraitOptions, 'character_id'>,
    ): Promise<CharacterImageQueued> {
      const character = await ownCharacter(characterId, userId);
      const drawn = await deps.jobs.listForBook(character.book_id, '-');
      const job = await deps.jobs.start(characterImageJob, {
        owner: userId,
        target: { book_id: character.book_id, character_id: character.id },
        options: { character_id: character.id, ...request },
        exclusive: portraitLock(character.id),
      });
      if (job.status === 'failed')
        throw new HttpError(503, 'Failed to queue character image generation', 'image_not_queued');
      if (job.id !== character.image_job_id) await repo.updateCharacter(character, { image_job_id: job.id });
      return {
        status: 'queued',
        estimated_time_seconds: portraitEstimateSeconds(drawn),
        character_id: character.id,
        job_id: job.id,
      };
    },

    async portraitStatus(userId: string, characterId: string): Promise<CharacterImageStatus> {
      const character = await ownCharacter(characterId, userId);
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
    },

    /**
     * A portrait was drawn and stored under `key`: it becomes the character's image, with the look
     * it fixed. Null when the character is gone (the caller removes the file); the previous
     * portrait's file is deleted.
     */
    async recordPortrait(
      job: PortraitJobRecord,
      portrait: { key: string; width: number; height: number; look?: PortraitLook },
    ): Promise<CharacterRecord | null> {
      const character = await repo.getCharacter(job.options.character_id);
      if (!character) return null;
      const look: CharacterLook | null = portrait.look
        ? {
            seed: character.seed,
            physical_description: character.physical_description,
            style: job.options.style,
            ...portrait.look,
          }
        : null;
      const updated = await repo.updateCharacter(character, {
        image_key: portrait.key,
        image_width: portrait.width,
        image_height: portrait.height,
        look,
        image_outdated: false,
        updated_at: now(),
      });
      if (!updated) return null;
      if (character.image_key && character.image_key !== portrait.key)
        await deps.media.delete(character.image_key);
      return updated;
    },
  };
  return service;
}

export type PlotsService = ReturnType<typeof createPlotsService>;
