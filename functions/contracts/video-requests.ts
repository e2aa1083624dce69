import {
  DOWNLOAD_QUALITIES,
  EDITOR_DEFAULTS,
  EXPORT_ASPECT_RATIOS,
  EXPORT_FORMATS,
  EXPORT_FPS,
  EXPORT_QUALITIES,
  EXPORT_RESOLUTIONS,
  GENERATION_QUALITIES,
  MAX_PRODUCTION_SCENES,
  MAX_SCENE_DURATION,
  PIPELINE_STEPS,
  SCENE_TRANSITIONS,
  VIDEO_DEFAULTS,
  VIDEO_STYLES,
  videoMessages,
} from './video';
import { z } from './zod';

/**
 * Requests of the video pipeline and production routes, shared with the SPA. Unknown values are 400s
 * in words that list the choices; ids that are not the caller's are 404s (checked by the service).
 */
const id = (message: string) =>
  z.string({ error: message }).check(
    z.trim(),
    z.minLength(1, message),
    z.maxLength(100, message),
    z.refine((v) => v !== 'undefined' && v !== 'null', message),
  );

/** POST /ai/generate-entertainment-video */
export const generateVideoRequest = z.object({
  script_id: id(videoMessages.scriptRequired),
  chapter_id: id('Chapter ID is required to generate a video'),
  quality_tier: z._default(
    z.enum(GENERATION_QUALITIES, { error: 'quality_tier must be basic, standard or premium.' }),
    VIDEO_DEFAULTS.quality_tier,
  ),
  video_style: z._default(
    z.enum(VIDEO_STYLES, { error: `video_style must be one of ${VIDEO_STYLES.join(', ')}.` }),
    VIDEO_DEFAULTS.video_style,
  ),
  /** The workspace sends mode 'basic'; it is the only mode. */
  mode: z.optional(z.enum(['basic'], { error: "mode must be 'basic'." })),
});
export type GenerateVideoInput = z.output<typeof generateVideoRequest>;

/** POST /ai/retry-generation/{id}: from a step (default: the failed one); `scene_numbers` redoes only those scenes. */
export const retryGenerationRequest = z.object({
  retry_from_step: z.optional(z.enum(PIPELINE_STEPS, { error: videoMessages.stepInvalid })),
  scene_numbers: z.optional(
    z
      .array(z.int().check(z.minimum(1), z.maximum(MAX_PRODUCTION_SCENES)))
      .check(z.minLength(1), z.maxLength(MAX_PRODUCTION_SCENES)),
  ),
});

/** GET /ai/final-video/{id}/download?quality= */
export const downloadQuery = z.object({
  quality: z._default(
    z.enum(DOWNLOAD_QUALITIES, { error: 'quality must be web, medium, high or ultra.' }),
    'web',
  ),
});

/** POST /ai/combine-videos: the user's generated videos, by generation id or by their video URL. */
export const combineVideosRequest = z.object({
  video_urls: z
    .array(z.string().check(z.trim(), z.minLength(1), z.maxLength(4000)))
    .check(
      z.minLength(2, videoMessages.combineNeedsTwo),
      z.maxLength(10, 'At most 10 videos can be combined.'),
    ),
});

const text = (max: number) => z._default(z.string().check(z.maxLength(max)), '');

const productionScene = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(100)),
  sceneNumber: z.int().check(z.minimum(1), z.maximum(1000)),
  duration: z
    .number()
    .check(
      z.gt(0, 'Scene duration must be greater than 0.'),
      z.lte(MAX_SCENE_DURATION, `Scene duration can be at most ${MAX_SCENE_DURATION} seconds.`),
    ),
  status: z._default(z.enum(['pending', 'completed']), 'pending'),
  imageUrl: z._default(z.nullable(z.string().check(z.maxLength(4000))), null),
  thumbnailUrl: z._default(z.nullable(z.string().check(z.maxLength(4000))), null),
  video_url: z._default(z.nullable(z.string().check(z.maxLength(4000))), null),
  transitions: z._default(
    z
      .array(
        z.object({
          type: z.enum(SCENE_TRANSITIONS, {
            error: `Transition type must be one of ${SCENE_TRANSITIONS.join(', ')}.`,
          }),
          duration: z._default(z.number().check(z.gte(0), z.lte(5)), 0.5),
        }),
      )
      .check(z.maxLength(4)),
    [],
  ),
  audioFiles: z._default(
    z
      .array(
        z.object({
          id: z.string().check(z.maxLength(100)),
          url: z._default(z.nullable(z.string().check(z.maxLength(4000))), null),
          name: text(300),
          duration: z._default(z.number().check(z.gte(0)), 0),
        }),
      )
      .check(z.maxLength(100)),
    [],
  ),
  characters: z._default(z.array(z.string().check(z.maxLength(200))).check(z.maxLength(50)), []),
  location: text(500),
  time_of_day: text(50),
  dialogue: z._default(
    z.array(z.object({ character: text(200), line: text(2000) })).check(z.maxLength(200)),
    [],
  ),
});

const editorSettings = z.object({
  resolution: z._default(
    z.enum(EXPORT_RESOLUTIONS, { error: 'resolution must be 720p, 1080p or 4k.' }),
    EDITOR_DEFAULTS.resolution,
  ),
  fps: z._default(
    z.union(
      EXPORT_FPS.map((fps) => z.literal(fps)),
      { error: 'fps must be 24, 30 or 60.' },
    ),
    EDITOR_DEFAULTS.fps,
  ),
  aspectRatio: z._default(
    z.enum(EXPORT_ASPECT_RATIOS, { error: 'aspectRatio must be 16:9, 4:3, 1:1 or 9:16.' }),
    EDITOR_DEFAULTS.aspectRatio,
  ),
  outputFormat: z._default(
    z.enum(EXPORT_FORMATS, { error: 'outputFormat must be mp4, webm or mov.' }),
    EDITOR_DEFAULTS.outputFormat,
  ),
  quality: z._default(
    z.enum(EXPORT_QUALITIES, { error: 'quality must be low, medium, high or ultra.' }),
    EDITOR_DEFAULTS.quality,
  ),
  watermark: z._default(
    z.object({
      enabled: z._default(z.boolean(), false),
      text: text(100),
      position: z._default(
        z.enum(['top-left', 'top-right', 'bottom-left', 'bottom-right'], {
          error: 'Watermark position must be top-left, top-right, bottom-left or bottom-right.',
        }),
        'bottom-right',
      ),
    }),
    EDITOR_DEFAULTS.watermark,
  ),
  burnSubtitles: z._default(z.boolean({ error: 'burnSubtitles must be true or false.' }), false),
});

/** PUT /chapters/{id}/video-production */
export const saveProductionRequest = z.object({
  script_id: z._default(z.nullable(z.string().check(z.trim(), z.maxLength(100))), null),
  scenes: z.array(productionScene).check(
    z.maxLength(MAX_PRODUCTION_SCENES, `A production can hold at most ${MAX_PRODUCTION_SCENES} scenes.`),
    z.refine(
      (scenes) => new Set(scenes.map((s) => s.id)).size === scenes.length,
      'Each scene of a production must have its own id.',
    ),
  ),
  editorSettings: z._default(editorSettings, EDITOR_DEFAULTS),
});
export type SaveProductionRequest = z.input<typeof saveProductionRequest>;
export type SaveProductionInput = z.output<typeof saveProductionRequest>;

/** POST /chapters/{id}/video-production/render: the saved timeline of this script is filmed. */
export const renderProductionRequest = z.object({
  script_id: id(videoMessages.scriptRequired),
});

/** The retry route's body is optional (an empty body retries from the failed step). */
export const retryGenerationBody = z.optional(retryGenerationRequest);
