import type { BookRecord, ChapterRecord } from '../books/model';
import type { BookReads } from '../books/read-port';
import {
  AUDIO_STATUSES,
  audioMessages,
  type AudioFile,
  type AudioKind,
  type AudioStatus,
  type EffectIntensity,
  type VoiceInfo,
} from '../contracts/audio';
import type { AudioExportInput } from '../contracts/audio-requests';
import type { Engine } from '../engine/types';
import type { JobRecord, JobStatus, Jobs } from '../jobs';
import { BadRequestError, NotFoundError } from '../lib/errors';
import { mediaUrl } from '../lib/media-urls';
import { isoNow, type Clock, type ObjectStore, type Table } from '../lib/ports';
import type { PlotReads } from '../plots/read-port';
import type { ScriptRecord } from '../scripts/model';
import type { ScriptReads } from '../scripts/read-port';
import { type AudioExportOptions, type AudioFileRecord, type ExportTrack } from './model';
import { createAudioRepository } from './repository';

export interface AudioDeps {
  table: Table;
  clock: Clock;
  jobs: Jobs;
  books: BookReads;
  plots: PlotReads;
  scripts: ScriptReads;
  /** Where the audio files and mixes are kept (the media bucket). */
  media: ObjectStore;
  engine: () => Engine;
  uuid: () => string;
}

/** Default gain of each kind in the mix: voices at unity, beds well under them. */
export const KIND_VOLUME: Record<Exclude<AudioKind, 'sound_effect'>, number> = {
  dialogue: 1,
  narrator: 1,
  music: 0.35,
  background_music: 0.5,
};

export const EFFECT_VOLUME: Record<EffectIntensity, number> = { subtle: 0.35, moderate: 0.55, intense: 0.8 };

/** A scene's effects: its audio requirements and key actions, at most this many. */
export const MAX_SCENE_EFFECTS = 4;

const MIX_ROLE: Record<AudioKind, ExportTrack['role']> = {
  dialogue: 'speech',
  narrator: 'speech',
  music: 'music',
  sound_effect: 'effect',
  background_music: 'ambiance',
};

export const JOB_STATUS: Record<JobStatus, AudioStatus> = {
  queued: 'pending',
  running: 'generating',
  ready: 'completed',
  failed: 'failed',
  cancelled: 'failed',
};

export const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;

export const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

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

/** What every use case is given: the deps, and what is made once from them. */
export function audioContext(deps: AudioDeps) {
  const repo = createAudioRepository(deps.table);
  return { ...deps, repo };
}
export type AudioContext = ReturnType<typeof audioContext>;

export const now = (deps: AudioContext) => isoNow(deps.clock);

/** The caller's script of this chapter (another chapter's script is not found here either). */
export async function chapterScript(
  deps: AudioContext,
  scriptId: string,
  userId: string,
  chapter: ChapterRecord,
): Promise<ScriptRecord> {
  const script = await deps.scripts.ownScript(scriptId, userId);
  if (script.chapter_id !== chapter.id)
    throw new NotFoundError(audioMessages.scriptNotFound, 'script_not_found');
  return script;
}

export const catalogue = (deps: AudioContext, language?: string): VoiceInfo[] =>
  deps.engine().speech.voices(language);

export function checkVoice(deps: AudioContext, voice: string | undefined) {
  if (voice !== undefined && !catalogue(deps).some((v) => v.id === voice))
    throw new BadRequestError(audioMessages.voiceUnknown(clip(voice, 100)), 'voice_not_found');
}

export const languageOf = (book: BookRecord) => book.language || undefined;

export async function views(deps: AudioContext, files: AudioFileRecord[]): Promise<AudioFile[]> {
  const generating = files.filter((f) => f.status === 'generating').map((f) => f.job_id);
  const jobs = await settledJobs(deps, generating);
  const order = new Map(files.map((f) => [f.id, f.order]));
  return sortAudioFiles(
    files.map((f) => audioFileView(f, jobs.get(f.job_id))),
    (id) => order.get(id) ?? 0,
  );
}

export async function settledJobs(deps: AudioContext, ids: string[]): Promise<Map<string, JobRecord>> {
  const found = await Promise.all(
    [...new Set(ids)].map(async (id) => {
      const job = await deps.jobs.get(id);
      return job ? await deps.jobs.settle(job) : null;
    }),
  );
  return new Map(found.filter((j): j is JobRecord => j !== null).map((j) => [j.id, j]));
}
