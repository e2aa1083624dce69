/**
 * Chapter audio of the entertainment workspace (narration, dialogue, music, effects and ambiance per
 * scene, and the chapter's exported mix): the shapes the audio routes answer, their messages and
 * limits, shared by the handlers and the SPA.
 */
import { MUSIC_STYLES } from '../engine/audio/types';
import { VOICE_MODELS, type VoiceInfo, type VoiceModel } from '../engine/speech/types';

export { MUSIC_STYLES, VOICE_MODELS };
export type { VoiceInfo, VoiceModel };

/** What can be generated for a scene (the path segment of the generation route). */
export const AUDIO_KINDS = ['dialogue', 'narrator', 'music', 'sound_effect', 'background_music'] as const;
export type AudioKind = (typeof AUDIO_KINDS)[number];

/** The Audio tab's sections (the spec's audio file types). */
export const AUDIO_TYPES = ['narration', 'music', 'effects', 'ambiance'] as const;
export type AudioType = (typeof AUDIO_TYPES)[number];

/** Which section a generated kind belongs to: spoken words are narration, beds are music or ambiance. */
export const TYPE_OF_KIND: Record<AudioKind, AudioType> = {
  dialogue: 'narration',
  narrator: 'narration',
  music: 'music',
  sound_effect: 'effects',
  background_music: 'ambiance',
};

/** The spec's audio file states, in the order lists show them. */
export const AUDIO_STATUSES = ['generating', 'completed', 'failed', 'pending'] as const;
export type AudioStatus = (typeof AUDIO_STATUSES)[number];

export const AUDIO_QUALITIES = ['standard', 'high', 'premium'] as const;
export type AudioQuality = (typeof AUDIO_QUALITIES)[number];
export const EFFECT_INTENSITIES = ['subtle', 'moderate', 'intense'] as const;
export type EffectIntensity = (typeof EFFECT_INTENSITIES)[number];
export const EXPORT_FORMATS = ['m4a', 'mp3'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The spec's defaults (§9): music cinematic, effects moderate, ambiance natural, quality high. */
export const AUDIO_DEFAULTS = {
  music_style: 'cinematic',
  audio_quality: 'high',
  effects_intensity: 'moderate',
  ambiance: 'natural',
  /** Narration scripts are read by a narrator voice, cinematic scripts by a conversational one. */
  narration_voice_model: 'elevenlabs_narrator',
  cinematic_voice_model: 'elevenlabs_conversational',
  /** The player bar's volume (%). */
  player_volume: 75,
} as const;

/** Loudness of an exported mix: integrated −16 LUFS (±1), true peak at most −1 dBTP. */
export const EXPORT_LOUDNESS = -16;

export const MAX_AUDIO_SCENE = 15;
export const MAX_EXPORT_ASSETS = 500;
export const MAX_AMBIANCE_LENGTH = 200;
export const MAX_VOICE_ID_LENGTH = 100;
/** Where an asset may be placed in its scene, and how loud (linear gain) it may be made. */
export const MAX_ASSET_START_SECONDS = 3600;
export const MAX_ASSET_VOLUME = 2;

export const audioMessages = {
  /** The spec's words (§5) when there is nothing to make audio of. */
  noScenes: 'No scenes available to generate audio for',
  loadFailed: 'Failed to load audio',
  kindInvalid: `Unknown audio kind: choose one of ${AUDIO_KINDS.join(', ')}.`,
  sceneInvalid: `Scene must be a whole number from 1 to ${MAX_AUDIO_SCENE}.`,
  sceneMissing: (scene: number) => `Scene ${scene} is not part of this script.`,
  scriptIdRequired: 'script_id is required.',
  scriptIdInvalid: 'script_id must be a script id.',
  scriptNotFound: 'Script not found.',
  musicStyleInvalid: `Music style must be one of ${MUSIC_STYLES.join(', ')}.`,
  qualityInvalid: 'Audio quality must be standard, high or premium.',
  intensityInvalid: 'Effects intensity must be subtle, moderate or intense.',
  voiceModelInvalid: `Voice model must be one of ${VOICE_MODELS.join(', ')}.`,
  voiceUnknown: (voice: string) => `There is no voice "${voice}". Choose one from the voice list.`,
  volumeInvalid: `Volume must be a number from 0 to ${MAX_ASSET_VOLUME}.`,
  startInvalid: `Start time must be a number of seconds from 0 to ${MAX_ASSET_START_SECONDS}.`,
  formatInvalid: 'Export format must be m4a or mp3.',
  fileNotFound: 'Audio file not found.',
  fileNotReady: (name: string) =>
    `“${name}” is not ready yet: wait for it to complete or remove it from the mix.`,
  assetUnknown: (id: string) => `Audio file ${id} is not part of this chapter.`,
  jobNotFound: 'Audio job not found.',
  generateFailed: 'Audio generation failed. Please try again.',
  generateTimedOut: 'Audio generation took too long. Please try again.',
  exportFailed: 'Exporting the audio mix failed. Please try again.',
  exportTimedOut: 'Exporting the audio mix took too long. Please try again.',
  notQueued: 'Audio generation could not start. Please try again.',
} as const;

/** An audio file of a chapter, as the audio routes answer it (the spec's fields, both spellings). */
export interface AudioFile {
  id: string;
  name: string;
  type: AudioType;
  /** What made it: a character's line, the narrator, the score, an effect or the ambiance bed. */
  kind: AudioKind;
  status: AudioStatus;
  url: string | null;
  audio_url: string | null;
  script_id: string;
  sceneNumber: number;
  scene_number: number;
  /** Seconds (null until completed). */
  duration: number | null;
  /** The speaking character of a dialogue line. */
  character: string | null;
  /** The voice id that speaks it (narration and dialogue). */
  voice: string | null;
  /** The line or text spoken, the effect or the bed described. */
  text: string;
  /** Linear gain in the mix, 1 = as generated. */
  volume: number;
  /** Seconds from the start of its scene. */
  startTime: number;
  endTime: number | null;
  error: string | null;
  job_id: string;
  created_at: string;
  updated_at: string;
}

/** POST /chapters/{id}/audio/{kind}/{scene} */
export interface AudioGenerationStarted {
  job_id: string;
  status: AudioStatus;
  kind: AudioKind;
  scene_number: number;
  script_id: string;
  files: AudioFile[];
}

/** POST /chapters/{id}/audio/export */
export interface AudioExportStarted {
  job_id: string;
  status: AudioStatus;
  assets: number;
}

/** GET /chapters/{id}/audio/status/{job}: a generation or an export. */
export interface AudioJobStatus {
  job_id: string;
  job_type: 'generation' | 'export';
  status: AudioStatus;
  progress: number;
  step: string;
  /** The exported mix, or the generated file (the first, when a scene's lines were spoken). */
  url: string | null;
  /** Seconds. */
  duration: number | null;
  /** Integrated loudness (LUFS) of an exported mix. */
  loudness: number | null;
  /** True peak (dBTP) of an exported mix. */
  true_peak: number | null;
  format: ExportFormat | null;
  error: string | null;
  /** A generation's files. */
  files: AudioFile[];
}
