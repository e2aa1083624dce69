/**
 * Chapter audio of the entertainment workspace (narration, dialogue, music, effects and ambiance per
 * scene, and the chapter's exported mix): the shapes the audio routes answer, their messages and
 * limits, shared by the handlers and the SPA.
 */
import { MUSIC_STYLES } from '../engine/audio/types';
import { VOICE_MODELS, type VoiceInfo, type VoiceModel } from '../engine/speech/types';
import { z } from './zod';

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
export const audioFile = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(AUDIO_TYPES),
  /** What made it: a character's line, the narrator, the score, an effect or the ambiance bed. */
  kind: z.enum(AUDIO_KINDS),
  status: z.enum(AUDIO_STATUSES),
  url: z.nullable(z.string()),
  audio_url: z.nullable(z.string()),
  script_id: z.string(),
  sceneNumber: z.number(),
  scene_number: z.number(),
  /** Seconds (null until completed). */
  duration: z.nullable(z.number()),
  /** The speaking character of a dialogue line. */
  character: z.nullable(z.string()),
  /** The voice id that speaks it (narration and dialogue). */
  voice: z.nullable(z.string()),
  /** The line or text spoken, the effect or the bed described. */
  text: z.string(),
  /** Linear gain in the mix, 1 = as generated. */
  volume: z.number(),
  /** Seconds from the start of its scene. */
  startTime: z.number(),
  endTime: z.nullable(z.number()),
  error: z.nullable(z.string()),
  job_id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AudioFile = z.infer<typeof audioFile>;

/** POST /chapters/{id}/audio/{kind}/{scene} */
export const audioGenerationStarted = z.object({
  job_id: z.string(),
  status: z.enum(AUDIO_STATUSES),
  kind: z.enum(AUDIO_KINDS),
  scene_number: z.number(),
  script_id: z.string(),
  files: z.array(audioFile),
});
export type AudioGenerationStarted = z.infer<typeof audioGenerationStarted>;

/** POST /chapters/{id}/audio/export */
export const audioExportStarted = z.object({
  job_id: z.string(),
  status: z.enum(AUDIO_STATUSES),
  assets: z.number(),
});
export type AudioExportStarted = z.infer<typeof audioExportStarted>;

/** GET /chapters/{id}/audio/status/{job}: a generation or an export. */
export const audioJobStatus = z.object({
  job_id: z.string(),
  job_type: z.enum(['generation', 'export']),
  status: z.enum(AUDIO_STATUSES),
  progress: z.number(),
  step: z.string(),
  /** The exported mix, or the generated file (the first, when a scene's lines were spoken). */
  url: z.nullable(z.string()),
  /** Seconds. */
  duration: z.nullable(z.number()),
  /** Integrated loudness (LUFS) of an exported mix. */
  loudness: z.nullable(z.number()),
  /** True peak (dBTP) of an exported mix. */
  true_peak: z.nullable(z.number()),
  format: z.nullable(z.enum(EXPORT_FORMATS)),
  error: z.nullable(z.string()),
  /** A generation's files. */
  files: z.array(audioFile),
});
export type AudioJobStatus = z.infer<typeof audioJobStatus>;
