import {
  AUDIO_DEFAULTS,
  AUDIO_KINDS,
  AUDIO_QUALITIES,
  EFFECT_INTENSITIES,
  EXPORT_FORMATS,
  MAX_AMBIANCE_LENGTH,
  MAX_ASSET_START_SECONDS,
  MAX_ASSET_VOLUME,
  MAX_AUDIO_SCENE,
  MAX_EXPORT_ASSETS,
  MAX_VOICE_ID_LENGTH,
  MUSIC_STYLES,
  VOICE_MODELS,
  audioMessages,
} from './audio';
import { z } from './zod';

/** Request shapes of the chapter audio routes, shared with the SPA. */

const id = z.string().check(z.maxLength(100));

/** A script id: required, and a script's id (anything else is answered in words, not a lookup). */
const scriptId = z
  .string({ error: audioMessages.scriptIdRequired })
  .check(z.trim(), z.minLength(1, audioMessages.scriptIdRequired), z.uuid(audioMessages.scriptIdInvalid));

/** A scene number as the path carries it ("3"), from 1 to 15. */
const sceneNumber = z.pipe(
  z.string().check(z.maxLength(6)),
  z.transform((value: string, ctx): number => {
    const scene = /^\d{1,3}$/.test(value) ? Number(value) : NaN;
    if (scene >= 1 && scene <= MAX_AUDIO_SCENE) return scene;
    ctx.issues.push({ code: 'custom', message: audioMessages.sceneInvalid, input: value });
    return z.NEVER;
  }),
);

/** Path of POST /chapters/{id}/audio/{kind}/{scene}. */
export const audioGenerationParams = z.object({
  id,
  kind: z.enum(AUDIO_KINDS, { error: audioMessages.kindInvalid }),
  scene: sceneNumber,
});

const volume = z
  .number({ error: audioMessages.volumeInvalid })
  .check(z.minimum(0, audioMessages.volumeInvalid), z.maximum(MAX_ASSET_VOLUME, audioMessages.volumeInvalid));

/** POST /chapters/{id}/audio/{kind}/{scene} */
export const audioGenerationRequest = z.object({
  script_id: scriptId,
  /** The narrator's voice model (the spec's names); by default narrator or conversational by script style. */
  voice_model: z.optional(z.enum(VOICE_MODELS, { error: audioMessages.voiceModelInvalid })),
  /** A voice of the catalogue for the narrator (characters speak with their own voices). */
  voice: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_VOICE_ID_LENGTH))),
  music_style: z._default(
    z.enum(MUSIC_STYLES, { error: audioMessages.musicStyleInvalid }),
    AUDIO_DEFAULTS.music_style,
  ),
  audio_quality: z._default(
    z.enum(AUDIO_QUALITIES, { error: audioMessages.qualityInvalid }),
    AUDIO_DEFAULTS.audio_quality,
  ),
  effects_intensity: z._default(
    z.enum(EFFECT_INTENSITIES, { error: audioMessages.intensityInvalid }),
    AUDIO_DEFAULTS.effects_intensity,
  ),
  /** Words that colour the ambiance bed ("rain", "crowded market"); `natural` keeps the scene's own. */
  ambiance: z._default(z.string().check(z.trim(), z.maxLength(MAX_AMBIANCE_LENGTH)), AUDIO_DEFAULTS.ambiance),
  /** The files' gain in the mix (1 = as generated); each kind has its own default. */
  volume: z.optional(volume),
});
export type AudioGenerationRequest = z.input<typeof audioGenerationRequest>;
export type AudioGenerationInput = z.output<typeof audioGenerationRequest>;

/** One asset of an export: a file id, or the id with the volume and start (in its scene) to use. */
export const exportAsset = z.union([
  id,
  z.object({
    id,
    volume: z.optional(volume),
    startTime: z.optional(
      z
        .number({ error: audioMessages.startInvalid })
        .check(
          z.minimum(0, audioMessages.startInvalid),
          z.maximum(MAX_ASSET_START_SECONDS, audioMessages.startInvalid),
        ),
    ),
  }),
]);

/** POST /chapters/{id}/audio/export */
export const audioExportRequest = z.object({
  audio_assets: z
    .array(exportAsset, { error: audioMessages.noScenes })
    .check(z.minLength(1, audioMessages.noScenes), z.maxLength(MAX_EXPORT_ASSETS)),
  format: z._default(z.enum(EXPORT_FORMATS, { error: audioMessages.formatInvalid }), 'm4a'),
});
export type AudioExportRequest = z.input<typeof audioExportRequest>;
export type AudioExportInput = z.output<typeof audioExportRequest>;

/** GET /chapters/{id}/audio[?script_id=] */
export const audioListQuery = z.object({
  script_id: z.optional(z.string().check(z.uuid(audioMessages.scriptIdInvalid))),
});

/** GET /audio/voices[?language=] */
export const voicesQuery = z.object({ language: z.optional(z.string().check(z.maxLength(20))) });
