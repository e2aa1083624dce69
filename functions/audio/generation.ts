import type { BookRecord } from '../books/model';
import {
  AUDIO_DEFAULTS,
  TYPE_OF_KIND,
  audioMessages,
  type AudioGenerationStarted,
  type AudioJobStatus,
  type AudioKind,
} from '../contracts/audio';
import type { AudioGenerationInput } from '../contracts/audio-requests';
import { sceneBed, sceneEffects } from '../engine/text/sound-effects';
import type { ScriptScene } from '../engine/text/types';
import type { VoiceModel } from '../engine/speech/types';
import type { JobRecord } from '../jobs';
import { BadRequestError, HttpError, NotFoundError } from '../lib/errors';
import { isUuid } from '../lib/ids';
import { mediaUrl } from '../lib/media-urls';
import type { CharacterRecord } from '../plots/model';
import { voiceForName } from '../plots/service';
import type { ScriptRecord } from '../scripts/model';
import { matchCharacter } from './casting';
import { audioLock, chapterAudioExportJob, chapterAudioJob } from './jobs/kinds';
import {
  type AudioExportJobRecord,
  type AudioFileRecord,
  type AudioGenerationJobRecord,
  type AudioGenerationOptions,
  type PlannedAudioFile,
} from './model';
import {
  MAX_SCENE_EFFECTS,
  audioFileView,
  sortAudioFiles,
  speechEnd,
  type AudioContext,
  now,
  chapterScript,
  checkVoice,
  languageOf,
  views,
  KIND_VOLUME,
  EFFECT_VOLUME,
  JOB_STATUS,
  clip,
  round,
} from './common';

/** A chapter's audio generated from its script: the files planned, started, followed and recorded. */

export function narratorVoice(
  deps: AudioContext,
  book: BookRecord,
  script: ScriptRecord,
  input: AudioGenerationInput,
): string {
  if (input.voice) return input.voice;
  return deps.engine().speech.voiceFor({
    model: input.voice_model,
    style: narratorModel(script, input),
    role: 'narrator',
    language: languageOf(book),
  });
}

export const narratorModel = (script: ScriptRecord, input: AudioGenerationInput): VoiceModel =>
  input.voice_model ??
  (script.script_style === 'cinematic_narration'
    ? AUDIO_DEFAULTS.narration_voice_model
    : AUDIO_DEFAULTS.cinematic_voice_model);

/** The files a generation of `kind` makes for the scene (without ids), voices chosen now. */
export function planFiles(
  deps: AudioContext,
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
        voice: character?.voice || voiceForName(deps.engine().speech, line.character, languageOf(book)),
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
        voice: narratorVoice(deps, book, script, input),
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
    // Effects are named for the sound the passage tells of, never after one of its sentences.
    const effects = sceneEffects(scene.audio_requirements, MAX_SCENE_EFFECTS);
    if (!effects.length) effects.push(sceneBed(scene.audio_requirements));
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
export async function ownJob(deps: AudioContext, userId: string, chapterId: string, jobId: string) {
  const { book, chapter } = await deps.books.ownedChapter(userId, chapterId);
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
export async function keepRendered(deps: AudioContext, record: AudioFileRecord): Promise<boolean> {
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await deps.repo.completeFile(record)) return true;
    const current = await deps.repo.getFile(record.book_id, record.chapter_id, record.id);
    if (!current) {
      if (await deps.repo.putFile(record, true)) return true;
      continue;
    }
    if (current.status === 'deleted') await deps.repo.deleteFiles([current]);
    if (current.status !== 'generating') return false;
  }
  return false;
}

/**
 * Starts the audio of one kind for one scene of a script. The files it will make are planned now
 * (voices chosen from the plot's characters as they are now) and listed as generating at once; a
 * generation of the same scene and kind already running is answered instead of starting another.
 */
export async function startGeneration(
  deps: AudioContext,
  userId: string,
  chapterId: string,
  kind: AudioKind,
  sceneNumber: number,
  input: AudioGenerationInput,
): Promise<AudioGenerationStarted> {
  const { book, chapter } = await deps.books.ownedChapter(userId, chapterId);
  const script = await chapterScript(deps, input.script_id, userId, chapter);
  if (!script.scenes.length) throw new BadRequestError(audioMessages.noScenes, 'no_scenes');
  const scene = script.scenes.find((s) => s.scene_number === sceneNumber);
  if (!scene) throw new BadRequestError(audioMessages.sceneMissing(sceneNumber), 'scene_not_found');
  checkVoice(deps, input.voice);
  const cast = kind === 'dialogue' ? await deps.plots.castOf(book.id) : [];
  const planned = planFiles(deps, kind, scene, { book, script, cast, input }).map((file) => ({
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
  if (ours && job.status === 'failed') throw new HttpError(503, audioMessages.notQueued, 'audio_not_queued');
  if (ours) {
    const at = now(deps);
    // Only where the worker has not written the file already (it may finish first).
    await Promise.all(
      planned.map((file) =>
        deps.repo.putFile(
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
  const files = (await deps.repo.listForChapter(book.id, chapter.id)).filter((f) => f.job_id === job.id);
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
}

/** A generation's or an export's progress and result. */
export async function jobStatus(
  deps: AudioContext,
  userId: string,
  chapterId: string,
  jobId: string,
): Promise<AudioJobStatus> {
  const { book, chapter, job } = await ownJob(deps, userId, chapterId, jobId);
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
  const files = (await views(deps, await deps.repo.listForChapter(book.id, chapter.id))).filter(
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
}

// --- what the workers call ---

/** The scene of a generation as its script stands now; null when the script or scene is gone. */
export async function sceneOf(
  deps: AudioContext,
  job: AudioGenerationJobRecord,
): Promise<{ script: ScriptRecord; scene: ScriptScene } | null> {
  const script = await deps.scripts.scriptOf(job.options.script_id);
  const scene = script?.scenes.find((s) => s.scene_number === job.options.scene_number);
  return script && scene ? { script, scene } : null;
}

/** Where the scene's narration and dialogue end now (seconds), to size beds and place lines. */
export async function sceneSpeech(deps: AudioContext, job: AudioGenerationJobRecord) {
  const files = await deps.repo.listForChapter(job.target.book_id!, job.target.chapter_id!);
  const { script_id, scene_number } = job.options;
  return {
    narratorEnd: speechEnd(files, script_id, scene_number, ['narrator']),
    speechEnd: speechEnd(files, script_id, scene_number, ['narrator', 'dialogue']),
  };
}

/**
 * A generation's files were rendered: they become the scene's files of that kind, and the scene's
 * previous files of that kind (made by earlier jobs) go with their media. Other scenes and kinds
 * are untouched.
 */
export async function recordGenerated(
  deps: AudioContext,
  job: AudioGenerationJobRecord,
  rendered: { id: string; key: string; start: number; duration: number }[],
): Promise<AudioFileRecord[]> {
  const bookId = job.target.book_id!;
  const chapterId = job.target.chapter_id!;
  const book = await deps.books.bookOf(bookId);
  if (!book) return [];
  const at = now(deps);
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
    if (await keepRendered(deps, record)) kept.push(record);
    else if (record.audio_key) await deps.media.delete(record.audio_key);
  }
  // Every new file deleted while it was made: the scene keeps what it had.
  if (!kept.length) return kept;
  const replaced = (await deps.repo.listForChapter(bookId, chapterId)).filter(
    (f) =>
      f.job_id !== job.id &&
      f.script_id === job.options.script_id &&
      f.scene_number === job.options.scene_number &&
      f.kind === job.options.kind &&
      f.created_at <= job.created_at,
  );
  await deps.repo.deleteFiles(replaced);
  await Promise.all(replaced.filter((f) => f.audio_key).map((f) => deps.media.delete(f.audio_key!)));
  return kept;
}

/**
 * A generation failed: its files say so (with the job's words), and those deleted meanwhile
 * go; earlier files stay.
 */
export async function recordFailure(deps: AudioContext, job: JobRecord, message: string): Promise<void> {
  if (job.kind !== chapterAudioJob.kind) return;
  const generation = job as AudioGenerationJobRecord;
  const keys = generation.options.files.map((file) => ({
    book_id: job.target.book_id!,
    chapter_id: job.target.chapter_id!,
    id: file.id,
  }));
  await Promise.all(keys.map((key) => deps.repo.markFailed(key, message, now(deps))));
  const deleted = await Promise.all(
    keys.map(async (key) => {
      const file = await deps.repo.getFile(key.book_id, key.chapter_id, key.id);
      return file?.status === 'deleted' ? [file] : [];
    }),
  );
  await deps.repo.deleteFiles(deleted.flat());
}
