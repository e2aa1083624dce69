import type { AudioKind, AudioQuality, AudioType, EffectIntensity, ExportFormat } from '../contracts/audio';
import type { MusicStyle } from '../engine/audio/types';
import type { VoiceModel } from '../engine/speech/types';
import type { JobRecord } from '../jobs';

/** A chapter's audio file as stored (one per spoken line, narration, score, effect or ambiance bed). */
export interface AudioFileRecord {
  id: string;
  book_id: string;
  chapter_id: string;
  owner_id: string;
  script_id: string;
  scene_number: number;
  kind: AudioKind;
  type: AudioType;
  name: string;
  /** The words spoken, or what the effect or bed was asked to sound like. */
  text: string;
  character: string | null;
  voice: string | null;
  /** Linear gain in the mix. */
  volume: number;
  /** Seconds from the start of the scene; the end is known once rendered. */
  start_time: number;
  end_time: number | null;
  duration: number | null;
  /**
   * Stored states; `pending` is what a generating file of a job still queued reads as. `deleted`
   * marks a file deleted while its job was still making it: hidden everywhere, and the job, when it
   * finishes, removes it and its media instead of completing it.
   */
  status: 'generating' | 'completed' | 'failed' | 'deleted';
  audio_key: string | null;
  error: string | null;
  job_id: string;
  /** Order among the files of its job (a scene's lines in script order). */
  order: number;
  created_at: string;
  updated_at: string;
}

/** A file a generation will make, planned when it is asked for (voices chosen then). */
export interface PlannedAudioFile {
  id: string;
  name: string;
  text: string;
  character: string | null;
  voice: string | null;
  volume: number;
  order: number;
}

export interface AudioGenerationOptions {
  script_id: string;
  scene_number: number;
  kind: AudioKind;
  voice_model: VoiceModel;
  music_style: MusicStyle;
  audio_quality: AudioQuality;
  effects_intensity: EffectIntensity;
  ambiance: string;
  files: PlannedAudioFile[];
}

export interface AudioGenerationOutputs {
  file_ids: string[];
}

/** One track of an export, placed on the chapter's timeline when the export was asked for. */
export interface ExportTrack {
  file_id: string;
  audio_key: string;
  role: 'speech' | 'music' | 'effect' | 'ambiance';
  /** Seconds from the start of the mix. */
  start: number;
  volume: number;
}

export interface AudioExportOptions {
  format: ExportFormat;
  tracks: ExportTrack[];
  /** Seconds: the end of the last scene. */
  duration: number;
}

export interface AudioExportOutputs {
  audio_key: string;
  duration: number;
  loudness: number;
  true_peak: number;
}

export type AudioGenerationJobRecord = JobRecord<AudioGenerationOptions, AudioGenerationOutputs>;
export type AudioExportJobRecord = JobRecord<AudioExportOptions, AudioExportOutputs>;

/** Media keys of the audio domain: beside the book's other media, so they go with the book. */
export const audioKeys = {
  file: (bookId: string, chapterId: string, fileId: string) =>
    `media/books/${bookId}/audio/${chapterId}/${fileId}.m4a`,
  export: (bookId: string, chapterId: string, jobId: string, format: ExportFormat) =>
    `media/books/${bookId}/audio/${chapterId}/exports/${jobId}.${format}`,
};
