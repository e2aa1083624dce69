import type { BookRecord, ChapterRecord } from '../books/model';
import type { BooksService } from '../books/service';
import { CHAPTER_NOT_FOUND } from '../books/service';
import {
  AUDIO_DEFAULTS,
  AUDIO_STATUSES,
  TYPE_OF_KIND,
  audioMessages,
  type AudioExportStarted,
  type AudioFile,
  type AudioGenerationStarted,
  type AudioJobStatus,
  type AudioKind,
  type AudioStatus,
  type EffectIntensity,
  type VoiceInfo,
} from '../contracts/audio';
import type { AudioExportInput, AudioGenerationInput } from '../contracts/audio-requests';
import type { ScriptScene } from '../engine/text/types';
import type { VoiceModel } from '../engine/speech/types';
import type { Engine } from '../engine/types';
import type { JobRecord, JobStatus, Jobs } from '../jobs';
import { isActive } from '../jobs/model';
import { BadRequestError, HttpError, NotFoundError } from '../lib/errors';
import { isUuid } from '../lib/ids';
import { mediaUrl } from '../lib/media-urls';
import { isoNow, type Clock, type ObjectStore, type Table } from '../lib/ports';
import type { CharacterRecord } from '../plots/model';
import type { PlotsService } from '../plots/service';
import { seedFor } from '../plots/service';
import type { ScriptRecord } from '../scripts/model';
import type { ScriptsService } from '../scripts/service';
import { matchCharacter } from './casting';
import { audioLock, chapterAudioExportJob, chapterAudioJob } from './jobs/kinds';
import {
  audioKeys,
  type AudioExportJobRecord,
  type AudioExportOptions,
  type AudioFileRecord,
  type AudioGenerationJobRecord,
  type AudioGenerationOptions,
  type ExportTrack,
  type PlannedAudioFile,
} from './model';
import { createAudioRepository } from './repository';

export interface AudioDeps {
  table: Table;
  clock: Clock;
  jobs: Jobs;
  books: BooksService;
  plots: PlotsService;
  scripts: ScriptsService;
  /** Where the audio files and mixes are kept (the media bucket). */
  media: ObjectStore;
  engine: () => Engine;
  uuid: () => string;
}

/** Default gain of each kind in the mix: voices at unity, beds well under them. */
const KIND_VOLUME: Record<Exclude<AudioKind, 'sound_effect'>, number> = {
  dialogue: 1,
  narrator: 1,
  music: 0.35,
  background_music: 0.5,
};
const EFFECT_VOLUME: Record<EffectIntensity, number> = { subtle: 0.35, moderate: 0.55, intense: 0.8 };
/** A scene's effects: its audio requirements and key actions, at most this many. */
export const MAX_SCENE_EFFECTS = 4;

const MIX_ROLE: Record<AudioKind, ExportTrack['role']> = {
  dialogue: 'speech',
  narrator: 'speech',
  music: 'music',
  sound_effect: 'effect',
  background_music: 'ambiance',
};

const JOB_STATUS: Record<JobStatus, AudioStatus> = {
  queued: 'pending',
  running: 'generating',
  ready: 'completed',
  failed: 'failed',
  cancelled: 'failed',
};

const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** The view of a stored file, its status read with its job's (a queued job's files are pending). */
export function audioFileView(file: AudioFileRecord, job?: JobRecord | null): AudioFile {
  // (Files deleted while generating are never shown; listings leave them out.)
  let status: AudioStatus = file.status === 'deleted' ? 'failed' : file.status;
  let error = file.error;
  if (file.status === 'generating' && job) {
    const jobStatus = JOB_STATUS[job.status];
    if (jobStatus === 'pending' || jobStatus === 'failed') status = jobStatus;
    if (jobStatus === 'failed') error ??= job.error_message ?? audioMessages.generateFailed;
  }
  const url = status === 'completed' ? mediaUrl(file.audio_key) : null;
  return {
    id: file.id,
    name: file.name,
    type: file.type,
    kind: file.kind,
    status,
    url,
    audio_url: url,
    script_id: file.script_id,
    sceneNumber: file.scene_number,
    scene_number: file.scene_number,
    duration: file.duration,
    character: file.character,
    voice: file.voice,
    text: file.text,
    volume: file.volume,
    startTime: file.start_time,
    endTime: file.end_time,
    error,
    job_id: file.job_id,
    created_at: file.created_at,
    updated_at: file.updated_at,
  };
}

/** The spec's order (§4): generating, completed, failed, pending; then by scene, start and order. */
export function sortAudioFiles(files: AudioFile[], order: (id: string) => number = () => 0): AudioFile[] {
  return [...files].sort(
    (a, b) =>
      AUDIO_STATUSES.indexOf(a.status) - AUDIO_STATUSES.indexOf(b.status) ||
      a.scene_number - b.scene_number ||
      a.startTime - b.startTime ||
      order(a.id) - order(b.id) ||
      a.created_at.localeCompare(b.created_at),
  );
}

/** The speech of a scene as it stands: where its narration and dialogue end (seconds), if any. */
export function speechEnd(files: AudioFileRecord[], scriptId: string, scene: number, kinds: AudioKind[]) {
  const ends = files
    .filter(
      (f) =>
        f.script_id === scriptId &&
        f.scene_number === scene &&
        f.status === 'completed' &&
        kinds.includes(f.kind) &&
        f.end_time !== null,
    )
    .map((f) => f.end_time!);
  return ends.length ? Math.max(...ends) : null;
}

interface Chosen {
  file: AudioFileRecord;
  volume: number;
  start: number;
}

/**
 * Places the chosen files on the chapter's timeline: scenes one after another in scene order, each
 * as long as its longest file, every file at its start in its scene (or the start asked for). Unknown
 * and unfinished files are refused by name, before anything starts.
 */
export function layoutExport(
  files: AudioFileRecord[],
  assets: AudioExportInput['audio_assets'],
): Pick<AudioExportOptions, 'tracks' | 'duration'> {
  const byId = new Map(files.map((f) => [f.id, f]));
  const chosen = new Map<string, Chosen>();
  for (const asset of assets) {
    const wanted = typeof asset === 'string' ? { id: asset } : asset;
    const file = byId.get(wanted.id);
    if (!file) throw new BadRequestError(audioMessages.assetUnknown(clip(wanted.id, 100)), 'audio_not_found');
    if (file.status !== 'completed' || !file.audio_key || file.duration === null)
      throw new BadRequestError(audioMessages.fileNotReady(file.name), 'audio_not_ready');
    chosen.set(file.id, {
      file,
      volume: wanted.volume ?? file.volume,
      start: wanted.startTime ?? file.start_time,
    });
  }
  const scenes = new Map<string, Chosen[]>();
  for (const item of chosen.values()) {
    const key = `${String(item.file.scene_number).padStart(3, '0')}#${item.file.script_id}`;
    scenes.set(key, [...(scenes.get(key) ?? []), item]);
  }
  const tracks: ExportTrack[] = [];
  let offset = 0;
  for (const key of [...scenes.keys()].sort()) {
    const items = scenes.get(key)!;
    for (const { file, volume, start } of items)
      tracks.push({
        file_id: file.id,
        audio_key: file.audio_key!,
        role: MIX_ROLE[file.kind],
        start: round(offset + start),
        volume,
      });
    offset += Math.max(...items.map(({ file, start }) => start + file.duration!));
  }
  return { tracks, duration: round(offset) };
}

/**
 * The chapter audio of the entertainment workspace: per scene of a script, its characters' lines
 * (each character in their own voice, the same in every scene and chapter), the narrator, a score, the
 * effects and the ambiance bed, each made by a job; and the chapter's mix, exported by a job. Every
 * route checks that the caller owns the chapter's book: anything else is a 404.
 */
export function createAudioService(deps: AudioDeps) {
  const repo = createAudioRepository(deps.table);
  const now = () => isoNow(deps.clock);

  async function ownedChapter(chapterId: string, userId: string) {
    const context = await deps.books.chapterContext(chapterId);
    if (!context || context.book.owner_id !== userId)
      throw new NotFoundError(CHAPTER_NOT_FOUND, 'chapter_not_found');
    return context;
  }

  /** The caller's script of this chapter (another chapter's script is not found here either). */
  async function chapterScript(
    scriptId: string,
    userId: string,
    chapter: ChapterRecord,
  ): Promise<ScriptRecord> {
    const script = await deps.scripts.ownScript(scriptId, userId);
    if (script.chapter_id !== chapter.id)
      throw new NotFoundError(audioMessages.scriptNotFound, 'script_not_found');
    return script;
  }

  const catalogue = (language?: string): VoiceInfo[] => deps.engine().speech.voices(language);

  function checkVoice(voice: string | undefined) {
    if (voice !== undefined && !catalogue().some((v) => v.id === voice))
      throw new BadRequestError(audioMessages.voiceUnknown(clip(voice, 100)), 'voice_not_found');
  }

  const languageOf = (book: BookRecord) => book.language || undefined;

  /** A stable voice for a script character who is not in the plot: chosen from the name alone. */
  function voiceForName(book: BookRecord, name: string): string {
    const choice = {
      model: 'elevenlabs_conversational' as const,
      role: 'character' as const,
      seed: seedFor(name),
    };
    try {
      return deps.engine().speech.voiceFor({ ...choice, language: languageOf(book) });
    } catch {
      return deps.engine().speech.voiceFor(choice);
    }
  }

  function narratorVoice(book: BookRecord, script: ScriptRecord, input: AudioGenerationInput): string {
    if (input.voice) return input.voice;
    return deps.engine().speech.voiceFor({
      model: narratorModel(script, input),
      role: 'narrator',
      language: languageOf(book),
    });
  }

  const narratorModel = (script: ScriptRecord, input: AudioGenerationInput): VoiceModel =>
    input.voice_model ??
    (script.script_style === 'cinematic_narration'
      ? AUDIO_DEFAULTS.narration_voice_model
      : AUDIO_DEFAULTS.cinematic_voice_model);

  /** The files a generation of `kind` makes for the scene (without ids), voices chosen now. */
  function planFiles(
    kind: AudioKind,
    scene: ScriptScene,
    context: { book: BookRecord; script: ScriptRecord; cast: CharacterRecord[]; input: AudioGenerationInput },
  ): Omit<PlannedAudioFile, 'id'>[] {
    const { book, script, cast, input } = context;
    const n = scene.scene_number;
    const volume = (fallback: number) => input.volume ?? fallback;
    if (kind === 'dialogue') {
      const lines = scene.dialogue.filter((line) => line.line.trim());
      if (!lines.length)
        throw new BadRequestError(
          `Scene ${n} has no dialogue to speak: generate its narrator instead.`,
          'no_dialogue',
        );
      return lines.map((line, order) => {
        const character = matchCharacter(line.character, cast);
        return {
          name: clip(`Scene ${n} · ${line.character}: ${line.line.trim()}`, 120),
          text: line.line.trim(),
          character: line.character,
          voice: character?.voice || voiceForName(book, line.character),
          volume: volume(KIND_VOLUME.dialogue),
          order,
        };
      });
    }
    if (kind === 'narrator') {
      const text = scene.narration.trim() || scene.visual_description.trim() || scene.action.join(' ').trim();
      if (!text)
        throw new BadRequestError(`Scene ${n} has no narration or description to read.`, 'no_narration');
      return [
        {
          name: `Scene ${n} · Narrator`,
          text,
          character: null,
          voice: narratorVoice(book, script, input),
          volume: volume(KIND_VOLUME.narrator),
          order: 0,
        },
      ];
    }
    if (kind === 'music') {
      return [
        {
          name: `Scene ${n} · Music (${input.music_style}, ${scene.mood})`,
          text: `${input.music_style} score, ${scene.mood}`,
          character: null,
          voice: null,
          volume: volume(KIND_VOLUME.music),
          order: 0,
        },
      ];
    }
    if (kind === 'sound_effect') {
      const seen = new Set<string>();
      const effects = [...scene.audio_requirements, ...scene.key_actions]
        .map((text) => text.trim())
        .filter((text) => text && !seen.has(text.toLowerCase()) && seen.add(text.toLowerCase()))
        .slice(0, MAX_SCENE_EFFECTS);
      if (!effects.length) effects.push(`${scene.location} ${scene.time_of_day}`.trim() || 'room tone');
      return effects.map((text, order) => ({
        name: clip(`Scene ${n} · Effect: ${text}`, 120),
        text: clip(text, 500),
        character: null,
        voice: null,
        volume: volume(EFFECT_VOLUME[input.effects_intensity]),
        order,
      }));
    }
    const colour = input.ambiance && input.ambiance.toLowerCase() !== 'natural' ? [input.ambiance] : [];
    return [
      {
        name: `Scene ${n} · Ambiance`,
        text: clip(
          [...colour, ...scene.audio_requirements, scene.location, scene.time_of_day].join(', '),
          1000,
        ),
        character: null,
        voice: null,
        volume: volume(KIND_VOLUME.background_music),
        order: 0,
      },
    ];
  }

  /** Jobs of the given ids, settled (a quiet job whose execution ended is marked failed). */
  async function settledJobs(ids: string[]): Promise<Map<string, JobRecord>> {
    const found = await Promise.all(
      [...new Set(ids)].map(async (id) => {
        const job = await deps.jobs.get(id);
        return job ? await deps.jobs.settle(job) : null;
      }),
    );
    return new Map(found.filter((j): j is JobRecord => j !== null).map((j) => [j.id, j]));
  }

  async function views(files: AudioFileRecord[]): Promise<AudioFile[]> {
    const generating = files.filter((f) => f.status === 'generating').map((f) => f.job_id);
    const jobs = await settledJobs(generating);
    const order = new Map(files.map((f) => [f.id, f.order]));
    return sortAudioFiles(
      files.map((f) => audioFileView(f, jobs.get(f.job_id))),
      (id) => order.get(id) ?? 0,
    );
  }

  async function ownJob(userId: string, chapterId: string, jobId: string) {
    const { book, chapter } = await ownedChapter(chapterId, userId);
    const found = isUuid(jobId) ? await deps.jobs.get(jobId) : null;
    if (
      !found ||
      found.target.chapter_id !== chapter.id ||
      (found.kind !== chapterAudioJob.kind && found.kind !== chapterAudioExportJob.kind)
    )
      throw new NotFoundError(audioMessages.jobNotFound, 'audio_job_not_found');
    return { book, chapter, job: await deps.jobs.settle(found) };
  }

  /**
   * Writes a rendered file over its generating record. Marked deleted meanwhile, the record is
   * removed instead (false); not written yet (the job finished before the request that started it
   * wrote its files), it is created.
   */
  async function keepRendered(record: AudioFileRecord): Promise<boolean> {
    for (let attempt = 0; attempt < 3; attempt++) {
      if (await repo.completeFile(record)) return true;
      const current = await repo.getFile(record.book_id, record.chapter_id, record.id);
      if (!current) {
        if (await repo.putFile(record, true)) return true;
        continue;
      }
      if (current.status === 'deleted') await repo.deleteFiles([current]);
      if (current.status !== 'generating') return false;
    }
    return false;
  }

  const service = {
    repository: repo,
    ownedChapter,

    /** The voice catalogue (narrators and characters), for the Audio tab and the character form. */
    voices: (language?: string) => catalogue(language),

    /** The chapter's audio files (of one script when asked), in the spec's order. */
    async list(userId: string, chapterId: string, scriptId?: string): Promise<AudioFile[]> {
      const { book, chapter } = await ownedChapter(chapterId, userId);
      const files = await repo.listForChapter(book.id, chapter.id);
      return views(scriptId ? files.filter((f) => f.script_id === scriptId) : files);
    },

    /**
     * Starts the audio of one kind for one scene of a script. The files it will make are planned now
     * (voices chosen from the plot's characters as they are now) and listed as generating at once; a
     * generation of the same scene and kind already running is answered instead of starting another.
     */
    async startGeneration(
      userId: string,
      chapterId: string,
      kind: AudioKind,
      sceneNumber: number,
      input: AudioGenerationInput,
    ): Promise<AudioGenerationStarted> {
      const { book, chapter } = await ownedChapter(chapterId, userId);
      const script = await chapterScript(input.script_id, userId, chapter);
      if (!script.scenes.length) throw new BadRequestError(audioMessages.noScenes, 'no_scenes');
      const scene = script.scenes.find((s) => s.scene_number === sceneNumber);
      if (!scene) throw new BadRequestError(audioMessages.sceneMissing(sceneNumber), 'scene_not_found');
      checkVoice(input.voice);
      const cast = kind === 'dialogue' ? await deps.plots.repository.listCharacters(book.id) : [];
      const planned = planFiles(kind, scene, { book, script, cast, input }).map((file) => ({
        ...file,
        id: deps.uuid(),
      }));
      const options: AudioGenerationOptions = {
        script_id: script.id,
        scene_number: sceneNumber,
        kind,
        voice_model: narratorModel(script, input),
        music_style: input.music_style,
        audio_quality: input.audio_quality,
        effects_intensity: input.effects_intensity,
        ambiance: input.ambiance,
        files: planned,
      };
      const job = (await deps.jobs.start(chapterAudioJob, {
        owner: userId,
        target: { book_id: book.id, chapter_id: chapter.id, script_id: script.id },
        options,
        exclusive: audioLock(chapter.id, script.id, sceneNumber, kind),
      })) as AudioGenerationJobRecord;
      const ours = job.options.files[0]?.id === planned[0]?.id;
      if (ours && job.status === 'failed')
        throw new HttpError(503, audioMessages.notQueued, 'audio_not_queued');
      if (ours) {
        const at = now();
        // Only where the worker has not written the file already (it may finish first).
        await Promise.all(
          planned.map((file) =>
            repo.putFile(
              {
                ...file,
                book_id: book.id,
                chapter_id: chapter.id,
                owner_id: book.owner_id,
                script_id: script.id,
                scene_number: sceneNumber,
                kind,
                type: TYPE_OF_KIND[kind],
                start_time: 0,
                end_time: null,
                duration: null,
                status: 'generating',
                audio_key: null,
                error: null,
                job_id: job.id,
                created_at: at,
                updated_at: at,
              },
              true,
            ),
          ),
        );
      }
      const files = (await repo.listForChapter(book.id, chapter.id)).filter((f) => f.job_id === job.id);
      const order = new Map(files.map((f) => [f.id, f.order]));
      return {
        job_id: job.id,
        status: JOB_STATUS[job.status],
        kind: job.options.kind,
        scene_number: job.options.scene_number,
        script_id: job.options.script_id,
        files: sortAudioFiles(
          files.map((f) => audioFileView(f, job)),
          (id) => order.get(id) ?? 0,
        ),
      };
    },

    /**
     * Removes a file and its stored media. A file still being made is marked deleted instead, while
     * its job runs: the job then discards it (and what it uploaded) rather than completing it.
     */
    async deleteFile(userId: string, chapterId: string, fileId: string): Promise<void> {
      const { book, chapter } = await ownedChapter(chapterId, userId);
      const file = isUuid(fileId) ? await repo.getFile(book.id, chapter.id, fileId) : null;
      if (!file || file.status === 'deleted')
        throw new NotFoundError(audioMessages.fileNotFound, 'audio_not_found');
      if (file.status === 'generating' && (await repo.markDeleted(file, now()))) {
        const job = await deps.jobs.get(file.job_id);
        // Its job still running, the job removes it; a job that ended already never will.
        if (job && isActive(job.status)) return;
      }
      // Completed (perhaps just now, by its job), failed, or its job gone: remove it and its media.
      const current = (await repo.getFile(book.id, chapter.id, file.id)) ?? file;
      await repo.deleteFiles([current]);
      await deps.media.delete(current.audio_key ?? audioKeys.file(book.id, chapter.id, file.id));
    },

    /** Starts the mix of the chosen files (a job); every file must be this chapter's and completed. */
    async startExport(
      userId: string,
      chapterId: string,
      input: AudioExportInput,
    ): Promise<AudioExportStarted> {
      const { book, chapter } = await ownedChapter(chapterId, userId);
      const files = await repo.listForChapter(book.id, chapter.id);
      const layout = layoutExport(files, input.audio_assets);
      const job = await deps.jobs.start(chapterAudioExportJob, {
        owner: userId,
        target: { book_id: book.id, chapter_id: chapter.id },
        options: { format: input.format, ...layout },
      });
      if (job.status === 'failed') throw new HttpError(503, audioMessages.notQueued, 'audio_not_queued');
      return { job_id: job.id, status: JOB_STATUS[job.status], assets: layout.tracks.length };
    },

    /** A generation's or an export's progress and result. */
    async jobStatus(userId: string, chapterId: string, jobId: string): Promise<AudioJobStatus> {
      const { book, chapter, job } = await ownJob(userId, chapterId, jobId);
      const status = JOB_STATUS[job.status];
      const error = status === 'failed' ? (job.error_message ?? audioMessages.generateFailed) : null;
      const common = { job_id: job.id, status, progress: job.progress, step: job.step, error };
      if (job.kind === chapterAudioExportJob.kind) {
        const outputs = (job as AudioExportJobRecord).outputs;
        const ready = status === 'completed';
        return {
          ...common,
          job_type: 'export',
          url: ready ? mediaUrl(outputs.audio_key) : null,
          duration: ready ? (outputs.duration ?? null) : null,
          loudness: ready ? (outputs.loudness ?? null) : null,
          true_peak: ready ? (outputs.true_peak ?? null) : null,
          format: (job as AudioExportJobRecord).options.format,
          files: [],
        };
      }
      const files = (await views(await repo.listForChapter(book.id, chapter.id))).filter(
        (f) => f.job_id === job.id,
      );
      const done = files.filter((f) => f.status === 'completed');
      const span = done.length
        ? Math.max(...done.map((f) => f.endTime ?? 0)) - Math.min(...done.map((f) => f.startTime))
        : null;
      return {
        ...common,
        job_type: 'generation',
        url: done[0]?.url ?? null,
        duration: span === null ? null : round(span),
        loudness: null,
        true_peak: null,
        format: null,
        files,
      };
    },

    // --- what the workers call ---

    /** The scene of a generation as its script stands now; null when the script or scene is gone. */
    async sceneOf(
      job: AudioGenerationJobRecord,
    ): Promise<{ script: ScriptRecord; scene: ScriptScene } | null> {
      const script = await deps.scripts.repository.getScript(job.options.script_id);
      const scene = script?.scenes.find((s) => s.scene_number === job.options.scene_number);
      return script && scene ? { script, scene } : null;
    },

    /** Where the scene's narration and dialogue end now (seconds), to size beds and place lines. */
    async sceneSpeech(job: AudioGenerationJobRecord) {
      const files = await repo.listForChapter(job.target.book_id!, job.target.chapter_id!);
      const { script_id, scene_number } = job.options;
      return {
        narratorEnd: speechEnd(files, script_id, scene_number, ['narrator']),
        speechEnd: speechEnd(files, script_id, scene_number, ['narrator', 'dialogue']),
      };
    },

    /**
     * A generation's files were rendered: they become the scene's files of that kind, and the scene's
     * previous files of that kind (made by earlier jobs) go with their media. Other scenes and kinds
     * are untouched.
     */
    async recordGenerated(
      job: AudioGenerationJobRecord,
      rendered: { id: string; key: string; start: number; duration: number }[],
    ): Promise<AudioFileRecord[]> {
      const bookId = job.target.book_id!;
      const chapterId = job.target.chapter_id!;
      const book = await deps.books.repository.get(bookId);
      if (!book) return [];
      const at = now();
      const byId = new Map(rendered.map((r) => [r.id, r]));
      const records: AudioFileRecord[] = job.options.files.map((file) => {
        const made = byId.get(file.id)!;
        return {
          ...file,
          book_id: bookId,
          chapter_id: chapterId,
          owner_id: book.owner_id,
          script_id: job.options.script_id,
          scene_number: job.options.scene_number,
          kind: job.options.kind,
          type: TYPE_OF_KIND[job.options.kind],
          start_time: round(made.start),
          end_time: round(made.start + made.duration),
          duration: round(made.duration),
          status: 'completed',
          audio_key: made.key,
          error: null,
          job_id: job.id,
          created_at: job.created_at,
          updated_at: at,
        };
      });
      const kept: AudioFileRecord[] = [];
      for (const record of records) {
        if (await keepRendered(record)) kept.push(record);
        else if (record.audio_key) await deps.media.delete(record.audio_key);
      }
      // Every new file deleted while it was made: the scene keeps what it had.
      if (!kept.length) return kept;
      const replaced = (await repo.listForChapter(bookId, chapterId)).filter(
        (f) =>
          f.job_id !== job.id &&
          f.script_id === job.options.script_id &&
          f.scene_number === job.options.scene_number &&
          f.kind === job.options.kind &&
          f.created_at <= job.created_at,
      );
      await repo.deleteFiles(replaced);
      await Promise.all(replaced.filter((f) => f.audio_key).map((f) => deps.media.delete(f.audio_key!)));
      return kept;
    },

    /**
     * A generation failed: its files say so (with the job's words), and those deleted meanwhile
     * go; earlier files stay.
     */
    async recordFailure(job: JobRecord, message: string): Promise<void> {
      if (job.kind !== chapterAudioJob.kind) return;
      const generation = job as AudioGenerationJobRecord;
      const keys = generation.options.files.map((file) => ({
        book_id: job.target.book_id!,
        chapter_id: job.target.chapter_id!,
        id: file.id,
      }));
      await Promise.all(keys.map((key) => repo.markFailed(key, message, now())));
      const deleted = await Promise.all(
        keys.map(async (key) => {
          const file = await repo.getFile(key.book_id, key.chapter_id, key.id);
          return file?.status === 'deleted' ? [file] : [];
        }),
      );
      await repo.deleteFiles(deleted.flat());
    },
  };
  return service;
}

export type AudioService = ReturnType<typeof createAudioService>;
