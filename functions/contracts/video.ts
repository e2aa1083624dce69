/**
 * The chapter video pipeline (spec 3 §3–§4, §7–§9; spec 2 §3–§4, §7): a generation turns a chapter's
 * script into a film through five stages — audio, images, scene videos, merge, lip-sync — then
 * publishes it. The shapes the pipeline routes answer, the video production the studio saves, the
 * status normalisation of the spec, and the messages and constants. Shared by the handlers and the SPA.
 */
import { z } from './zod';

/** The stages a generation can be retried from, in order. */
export const PIPELINE_STEPS = ['audio', 'images', 'video', 'merge', 'lipsync'] as const;
export type PipelineStep = (typeof PIPELINE_STEPS)[number];

/** Each stage's state in the workflow and its name in the spec's `steps` answer. */
export const STAGE_STATES: Record<PipelineStep, string> = {
  audio: 'GenerateAudio',
  images: 'GenerateImages',
  video: 'RenderSceneVideos',
  merge: 'MergeAudioAndVideo',
  lipsync: 'ApplyLipSync',
};
export const STEP_NAMES: Record<PipelineStep, string> = {
  audio: 'audio_generation',
  images: 'image_generation',
  video: 'video_generation',
  merge: 'merge',
  lipsync: 'lip_sync',
};

/** What the server writes in `generation_status`, in the order a run moves through them. */
export const GENERATION_STATUSES = [
  'pending',
  'generating_audio',
  'audio_completed',
  'generating_images',
  'images_completed',
  'generating_video',
  'video_completed',
  'merging_audio',
  'applying_lipsync',
  'lipsync_completed',
  'completed',
  'failed',
  'cancelled',
] as const;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];

/** The spec's normalised statuses (spec 2 §4), plus `cancelled`, which a user's cancel ends in. */
export const NORMALISED_STATUSES = [
  'generating_audio',
  'audio_completed',
  'generating_images',
  'images_completed',
  'generating_video',
  'video_completed',
  'merging_audio',
  'applying_lipsync',
  'lipsync_completed',
  'completed',
  'failed',
  'cancelled',
] as const;
export type NormalisedStatus = (typeof NORMALISED_STATUSES)[number];

const SYNONYMS: Record<string, NormalisedStatus> = {
  pending: 'generating_audio',
  processing: 'generating_video',
  starting: 'generating_audio',
  audio_generation: 'generating_audio',
  combining: 'merging_audio',
  lipsync: 'applying_lipsync',
  complete: 'completed',
  success: 'completed',
  error: 'failed',
  canceled: 'cancelled',
};

/**
 * A status as the server or an older client wrote it, normalised (spec 2 §4, spec 3 §4): the
 * synonyms map onto the list; null, a missing or unknown status and `lipsync_failed` are `failed`.
 */
export function normaliseGenerationStatus(raw: string | null | undefined): NormalisedStatus {
  if (typeof raw !== 'string') return 'failed';
  const value = raw.trim().toLowerCase();
  if ((NORMALISED_STATUSES as readonly string[]).includes(value)) return value as NormalisedStatus;
  return SYNONYMS[value] ?? 'failed';
}

/** Generating is true until the status is completed, failed (lipsync_failed included) or cancelled. */
export const isGenerating = (raw: string | null | undefined) =>
  !['completed', 'failed', 'cancelled'].includes(normaliseGenerationStatus(raw));

export const GENERATION_QUALITIES = ['basic', 'standard', 'premium'] as const;
export type GenerationQuality = (typeof GENERATION_QUALITIES)[number];

/** Frame size and rate of each generation quality (the spec's default is basic). */
export const GENERATION_SIZES: Record<GenerationQuality, { width: number; height: number; fps: number }> = {
  basic: { width: 1280, height: 720, fps: 24 },
  standard: { width: 1280, height: 720, fps: 30 },
  premium: { width: 1920, height: 1080, fps: 30 },
};

export const VIDEO_STYLES = ['realistic', 'cinematic', 'animated', 'cartoon', 'sketch', 'fantasy'] as const;

export const VIDEO_DEFAULTS = { quality_tier: 'basic', video_style: 'realistic', mode: 'basic' } as const;

/** Downloads of the final video by quality (the Rendered Video card's menu). */
export const DOWNLOAD_QUALITIES = ['web', 'medium', 'high', 'ultra'] as const;
export type DownloadQuality = (typeof DOWNLOAD_QUALITIES)[number];
export const DOWNLOAD_HEIGHTS: Record<DownloadQuality, number> = {
  web: 480,
  medium: 720,
  high: 1080,
  ultra: 2160,
};
export const DOWNLOAD_LABELS: Record<DownloadQuality, string> = {
  web: 'Low (480p)',
  medium: 'Medium (720p)',
  high: 'High (1080p)',
  ultra: 'Ultra (4K)',
};

/**
 * How a download size is made: `copy` — the film itself (its size, MP4, and a watermark state the
 * plan gives); `encode` — the film encoded down to that size (or into MP4); `render` — the film
 * filmed again at that size from its sources (scene pictures, sound, subtitles), never an upscale,
 * and without the free plan's watermark once the plan has none; `beyond_plan` — a size the user's
 * plan does not film (refused in the plan's words).
 */
export const DOWNLOAD_METHODS = ['copy', 'encode', 'render', 'beyond_plan'] as const;
export type DownloadMethod = (typeof DOWNLOAD_METHODS)[number];

/**
 * How each download size of a film is made for the user's plan now. `film.planWatermark`: the film
 * carries the free plan's watermark; `plan`: the largest short side the plan films and whether it
 * watermarks. A size up to the film's own is the film (copied or encoded down) unless it carries a
 * watermark the plan no longer gives, then it is filmed again; a larger one is filmed again when the
 * plan films it, else it is beyond the plan.
 */
export function downloadMethods(
  film: { width: number; height: number; format: string; planWatermark: boolean },
  plan: { shortSide: number; watermark: boolean },
): Record<DownloadQuality, DownloadMethod> {
  const short = Math.min(film.width, film.height);
  const watermarkGone = film.planWatermark && !plan.watermark;
  const methodOf = (asked: number): DownloadMethod => {
    if (asked <= short && !watermarkGone) return asked === short && film.format === 'mp4' ? 'copy' : 'encode';
    return asked <= plan.shortSide ? 'render' : 'beyond_plan';
  };
  return Object.fromEntries(DOWNLOAD_QUALITIES.map((q) => [q, methodOf(DOWNLOAD_HEIGHTS[q])])) as Record<
    DownloadQuality,
    DownloadMethod
  >;
}

/** The sizes offered for download: every one the plan lets be made (see `downloadMethods`). */
export const offeredDownloads = (methods: Record<DownloadQuality, DownloadMethod>): DownloadQuality[] =>
  DOWNLOAD_QUALITIES.filter((q) => methods[q] !== 'beyond_plan');

const STAGE_STATES_LIST = ['pending', 'running', 'completed', 'failed', 'skipped', 'cancelled'] as const;
export type StageState = (typeof STAGE_STATES_LIST)[number];
const stageState = z.enum(STAGE_STATES_LIST);

const audioProgress = z.object({
  narrator_files: z.number(),
  character_files: z.number(),
  sound_effects: z.number(),
  background_music: z.number(),
});
const imageProgress = z.object({
  total_characters: z.number(),
  characters_completed: z.number(),
  total_scenes: z.number(),
  scenes_completed: z.number(),
  total_images_generated: z.number(),
  /** Percent of the pictures asked for that exist (0–100). */
  success_rate: z.number(),
});
const videoProgress = z.object({
  total_scenes: z.number(),
  scenes_completed: z.number(),
  total_videos_generated: z.number(),
  successful_videos: z.number(),
  failed_videos: z.number(),
  success_rate: z.number(),
});
/**
 * Percent of dialogue frames whose mouth (open or closed) agrees with the speech (voiced or
 * silent), measured when lip-sync ran; 'unknown' before.
 */
const syncAccuracy = z.union([z.number(), z.literal('unknown')]);
const mergeProgress = z.object({
  total_scenes_merged: z.number(),
  /** Seconds. */
  total_duration: z.number(),
  audio_tracks_mixed: z.number(),
  file_size_mb: z.number(),
  /** Seconds the merge took. */
  processing_time: z.number(),
  /**
   * Percent of dialogue frames whose mouth (open or closed) agrees with the speech (voiced or
   * silent), measured when lip-sync ran; 'unknown' before.
   */
  sync_accuracy: syncAccuracy,
});
const lipSyncProgress = z.object({
  characters_lip_synced: z.number(),
  scenes_processed: z.number(),
  /** visemes | audio_envelope, or 'unknown' before lip-sync ran. */
  processing_method: z.string(),
  total_scenes_processed: z.number(),
  scenes_with_lipsync: z.number(),
});

const stageStatus = z.object({
  step: z.enum(PIPELINE_STEPS),
  /** The workflow state that runs it (what an operator sees in the console). */
  state: z.string(),
  status: stageState,
  /** 0–100 within the stage. */
  progress: z.number(),
  started_at: z.nullable(z.string()),
  finished_at: z.nullable(z.string()),
  /** Seconds. */
  duration: z.nullable(z.number()),
});
export type StageStatus = z.infer<typeof stageStatus>;

export const mediaFile = z.object({
  url: z.nullable(z.string()),
  /** Seconds. */
  duration: z.number(),
  scene_number: z.number(),
});
const characterAudioFile = z.extend(mediaFile, { character: z.string(), text: z.string() });
export const sceneVideo = z.object({
  scene_number: z.number(),
  video_url: z.nullable(z.string()),
  thumbnail_url: z.nullable(z.string()),
  duration: z.number(),
  /** The scene's subtitles as WebVTT (also in the clip as its subtitle stream; null for older clips). */
  subtitles_url: z.nullable(z.string()),
  /** Shots of the clip: the scene's picture, then a close-up of each speaker for their line. */
  shots: z.array(
    z.object({
      kind: z.enum(['scene', 'dialogue']),
      start: z.number(),
      duration: z.number(),
      character: z.nullable(z.string()),
    }),
  ),
});

export const finalVideo = z.object({
  video_url: z.nullable(z.string()),
  thumbnail_url: z.nullable(z.string()),
  /** The film's subtitles as WebVTT (null for films published before subtitles). */
  subtitles_url: z.nullable(z.string()),
  /**
   * The download sizes offered for the user's plan now: up to the film's own (copied or encoded
   * down), and larger ones the plan films (filmed again at that size).
   */
  download_qualities: z.array(z.enum(DOWNLOAD_QUALITIES)),
  /** How each size is made (`downloadMethods`); sizes marked `beyond_plan` are not offered. */
  download_methods: z.optional(z.record(z.enum(DOWNLOAD_QUALITIES), z.enum(DOWNLOAD_METHODS))),
  /** Seconds. */
  duration: z.number(),
  /** e.g. "1280x720". */
  resolution: z.string(),
  format: z.enum(['mp4', 'webm', 'mov']),
  file_size_bytes: z.number(),
  video_codec: z.string(),
  audio_codec: z.string(),
});

/** A generation as every pipeline route answers it (the spec's Video generation record). */
export const videoGeneration = z.object({
  id: z.string(),
  video_generation_id: z.string(),
  script_id: z.string(),
  chapter_id: z.string(),
  book_id: z.string(),
  user_id: z.string(),
  quality_tier: z.enum(GENERATION_QUALITIES),
  video_style: z.string(),
  generation_status: z.enum(GENERATION_STATUSES),
  /** The job's state: queued, running, ready, failed or cancelled. */
  task_status: z.string(),
  /** The audio stage has no job of its own: it is this generation's id. */
  audio_task_id: z.string(),
  video_url: z.nullable(z.string()),
  /** The film's subtitles as WebVTT, beside `video_url` (null until the film is published). */
  subtitles_url: z.nullable(z.string()),
  error_message: z.nullable(z.string()),
  /** The stage a failed run stopped in (what a retry starts from by default). */
  failed_step: z.nullable(z.enum(PIPELINE_STEPS)),
  /** 0–100 over the whole run, and the step in words. */
  progress: z.number(),
  current_step: z.string(),
  attempt: z.number(),
  /** `vgen-<id>-<attempt>`: the Step Functions execution of the latest run. */
  execution_name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  audio_progress: audioProgress,
  image_progress: imageProgress,
  video_progress: videoProgress,
  merge_progress: mergeProgress,
  lipsync_progress: lipSyncProgress,
  scene_videos: z.array(
    z.object({ scene_number: z.number(), video_url: z.nullable(z.string()), duration: z.number() }),
  ),
  audio_files: z.object({
    narrator: z.array(mediaFile),
    characters: z.array(characterAudioFile),
    /**
     * How the recordings' word timings (the subtitles' cues, the mouths) were found: `provider` —
     * reported by the speech engine or provider; `aligned` — estimated from the audio itself (a
     * server that sends none). Null before any scene is recorded.
     */
    word_timings: z.nullable(z.enum(['provider', 'aligned'])),
  }),
  final_video: z.nullable(finalVideo),
  task_metadata: z.object({
    audio_task_state: stageState,
    step: z.string(),
    progress: z.number(),
    attempt: z.number(),
  }),
});
export type VideoGeneration = z.infer<typeof videoGeneration>;

export const generationStarted = z.object({
  video_generation_id: z.string(),
  audio_task_id: z.string(),
  task_status: z.string(),
  generation_status: z.enum(GENERATION_STATUSES),
  message: z.string(),
});
export type GenerationStarted = z.infer<typeof generationStarted>;

/** GET /ai/video-generation/{id}/status. */
export const generationStepsStatus = z.object({
  video_generation_id: z.string(),
  status: z.enum(NORMALISED_STATUSES),
  video_url: z.nullable(z.string()),
  error: z.nullable(z.string()),
  /** By the spec's step names (`STEP_NAMES`). */
  steps: z.record(z.string(), z.object({ status: stageState, progress: z.number() })),
});
export type GenerationStepsStatus = z.infer<typeof generationStepsStatus>;

/** GET /ai/pipeline-status/{id}: each stage's state, timing and counters. */
export const pipelineStatus = z.object({
  video_generation_id: z.string(),
  generation_status: z.enum(GENERATION_STATUSES),
  progress: z.number(),
  current_step: z.string(),
  execution_name: z.string(),
  failed_step: z.nullable(z.enum(PIPELINE_STEPS)),
  stages: z.array(stageStatus),
  /** Steps a retry may start from now (those whose earlier outputs all exist). */
  retry_steps: z.array(z.enum(PIPELINE_STEPS)),
});
export type PipelineStatus = z.infer<typeof pipelineStatus>;

/** GET /ai/final-video/{id}/download: ready (a short-lived URL) or being made (poll again). */
export const videoDownload = z.union([
  z.object({
    status: z.literal('ready'),
    quality: z.enum(DOWNLOAD_QUALITIES),
    download_url: z.string(),
    filename: z.string(),
    file_size_bytes: z.number(),
  }),
  z.object({
    status: z.enum(['processing', 'failed']),
    quality: z.enum(DOWNLOAD_QUALITIES),
    /** The job making the file: a transcode, or the generation itself when it is filmed again. */
    job_id: z.string(),
    error_message: z.nullable(z.string()),
    /** encode: the film encoded to the size; render: the film filmed again at it (minutes). */
    method: z.optional(z.enum(['encode', 'render'])),
    /** 0–100: how far the job is. */
    progress: z.optional(z.number()),
  }),
]);
export type VideoDownload = z.infer<typeof videoDownload>;

export const combinedVideo = z.object({
  combine_id: z.string(),
  status: z.enum(['queued', 'running', 'ready', 'failed', 'cancelled']),
  progress: z.number(),
  video_url: z.nullable(z.string()),
  /** The joined films' subtitles as WebVTT (also the video's subtitle stream); null when none had any. */
  subtitles_url: z.optional(z.nullable(z.string())),
  duration: z.nullable(z.number()),
  method: z.nullable(z.enum(['stream_copy', 'encode'])),
  error_message: z.nullable(z.string()),
});
export type CombinedVideo = z.infer<typeof combinedVideo>;

// --- the video production (the studio's timeline, saved per chapter) ---

export const EXPORT_RESOLUTIONS = ['720p', '1080p', '4k'] as const;
export const EXPORT_FPS = [24, 30, 60] as const;
export const EXPORT_ASPECT_RATIOS = ['16:9', '4:3', '1:1', '9:16'] as const;
export const EXPORT_FORMATS = ['mp4', 'webm', 'mov'] as const;
export const EXPORT_QUALITIES = ['low', 'medium', 'high', 'ultra'] as const;
export const SCENE_TRANSITIONS = ['none', 'fade', 'fadeblack', 'fadewhite'] as const;
export type SceneTransition = (typeof SCENE_TRANSITIONS)[number];

const editorSettings = z.object({
  resolution: z.enum(EXPORT_RESOLUTIONS),
  fps: z.literal(EXPORT_FPS),
  aspectRatio: z.enum(EXPORT_ASPECT_RATIOS),
  outputFormat: z.enum(EXPORT_FORMATS),
  quality: z.enum(EXPORT_QUALITIES),
  watermark: z.object({
    enabled: z.boolean(),
    text: z.string(),
    position: z.enum(['top-left', 'top-right', 'bottom-left', 'bottom-right']),
  }),
  /** The subtitles drawn into the picture too (every player shows them); the soft stream is always there. */
  burnSubtitles: z.boolean(),
});
export type EditorSettings = z.infer<typeof editorSettings>;

/** Editor defaults (spec 3 §9): 1080p, 30 fps, 16:9, mp4, high. */
export const EDITOR_DEFAULTS: EditorSettings = {
  resolution: '1080p',
  fps: 30,
  aspectRatio: '16:9',
  outputFormat: 'mp4',
  quality: 'high',
  watermark: { enabled: false, text: '', position: 'bottom-right' },
  burnSubtitles: false,
};

/** The quick presets of the Settings tab. */
export const EXPORT_PRESETS: Record<
  string,
  Omit<EditorSettings, 'outputFormat' | 'watermark' | 'burnSubtitles'>
> = {
  YouTube: { resolution: '1080p', fps: 30, aspectRatio: '16:9', quality: 'high' },
  Instagram: { resolution: '1080p', fps: 30, aspectRatio: '1:1', quality: 'high' },
  TikTok: { resolution: '720p', fps: 30, aspectRatio: '9:16', quality: 'medium' },
  Cinema: { resolution: '4k', fps: 24, aspectRatio: '16:9', quality: 'ultra' },
};

/** New scenes last 5 s with a 0.5 s fade (none for the first scene). */
export const NEW_SCENE_DURATION = 5;
export const NEW_SCENE_TRANSITION = { type: 'fade', duration: 0.5 } as const;
export const MAX_PRODUCTION_SCENES = 60;
export const MAX_SCENE_DURATION = 600;

const productionScene = z.object({
  id: z.string(),
  sceneNumber: z.number(),
  /** Seconds, > 0 (step 0.1). */
  duration: z.number(),
  status: z.enum(['pending', 'completed']),
  imageUrl: z.nullable(z.string()),
  thumbnailUrl: z.nullable(z.string()),
  video_url: z.nullable(z.string()),
  transitions: z.array(z.object({ type: z.enum(SCENE_TRANSITIONS), duration: z.number() })),
  audioFiles: z.array(
    z.object({ id: z.string(), url: z.nullable(z.string()), name: z.string(), duration: z.number() }),
  ),
  characters: z.array(z.string()),
  location: z.string(),
  time_of_day: z.string(),
  dialogue: z.array(z.object({ character: z.string(), line: z.string() })),
});
export type ProductionScene = z.infer<typeof productionScene>;

export const videoProduction = z.object({
  chapter_id: z.string(),
  script_id: z.nullable(z.string()),
  scenes: z.array(productionScene),
  editorSettings,
  finalVideoUrl: z.nullable(z.string()),
  metadata: z.object({
    fileSize: z.nullable(z.number()),
    duration: z.nullable(z.number()),
    resolution: z.nullable(z.string()),
    format: z.nullable(z.string()),
  }),
  /** The generation the final video comes from. */
  video_generation_id: z.nullable(z.string()),
  updated_at: z.nullable(z.string()),
});
export type VideoProduction = z.infer<typeof videoProduction>;

// --- polling and messages ---

/** Generation polling (spec 3 §9): 3 s pending, 2 s processing, 2.5 s otherwise. */
export const GENERATION_POLL_MS = { pending: 3000, processing: 2000, default: 2500 } as const;
export const WORKSPACE_POLL_MS = 2000;
export const POLL_ERROR_RETRIES = 5;
export const POLL_ERROR_DELAY_MS = 2000;
export const HISTORY_RELOAD_MS = 500;
export const HISTORY_RELOAD_POLLING_MS = 1000;
export const FAILURE_TOAST_MS = 15_000;
export const SUCCESS_TOAST_MS = 8000;
export const CONTROLS_HIDE_MS = 3000;

export const videoMessages = {
  selectScript: 'Select a script to manage video production.',
  noScenes: 'No scenes available for the selected script. Generate images and audio first.',
  /** The script has pictures but the studio has no scenes yet: what to do next, not "generate first". */
  scenesToInitialize: 'The pictures of this script are ready: initialize the scenes to build the timeline.',
  sceneNotInScript: (n: number) =>
    `Scene ${n} is not a scene of the selected script: remove it from the timeline or initialise the scenes again.`,
  selectChapter: 'Please select a chapter to produce videos',
  noImages: 'No images available to create scenes',
  chapterRequired: 'Chapter ID is required to save the video production',
  scriptRequired: 'Script ID is required to generate a video',
  scriptNotFound: 'Script not found.',
  scriptNoScenes: 'This script has no scenes to film. Generate the script again.',
  chapterNotFound: 'Chapter not found.',
  generationNotFound: 'Video generation not found.',
  noGenerationData: 'No generation data available',
  alreadyRunning: 'A video generation is already running for this chapter.',
  notFinished: 'This generation has not finished yet.',
  cannotRetryFrom: (step: string, missing: string) =>
    `Cannot retry from ${step}: the ${missing} stage has not finished yet. Retry from ${missing} instead.`,
  stepInvalid: 'retry_from_step must be one of audio, images, video, merge, lipsync.',
  notRunning: 'This generation is not running.',
  noFinalVideo: 'No video available for download',
  /** A download filmed again (larger, or without a watermark) whose scenes are no longer all there. */
  cannotFilmAgain: (size: string) =>
    `This video can no longer be filmed again at ${size}: some of its scenes' pictures or sound are gone. Generate the video again, then download it.`,
  /** A download filmed again that still is not that size (a frame the plan cannot give at it). */
  cannotFilmAt: (size: string, made: string) =>
    `This video's frame cannot be filmed at ${size} on your plan: filmed again, it is ${made}. Choose a smaller size.`,
  tooLarge: 'File is too large to download',
  started: 'Video generation started. Audio, images, scene videos, merge and lip-sync will follow.',
  retried: (step: string) => `Video generation restarted from ${step}.`,
  cancelled: 'Video generation cancelled.',
  saved: 'Video production saved',
  saveFailed: 'Failed to save video production',
  combineNeedsTwo: 'Choose at least two of your videos to combine.',
  combineNotYours: 'One of the videos is not one of your generated videos.',
  startFailed: 'Failed to start video generation',
  failedDuring: (step: string) => `Failed during ${step}`,
} as const;

/** Largest download answered (spec 3 §9). */
export const MAX_DOWNLOAD_BYTES = 2 * 1024 ** 3;

// --- the per-stage answers ---

/** The fields every per-stage answer starts with. */
const stageAnswer = { video_generation_id: z.string(), status: stageState };

export const mergeStatus = z.object({
  ...stageAnswer,
  merge_progress: mergeProgress,
  /** The merged film before lip-sync. */
  merged_video_url: z.nullable(z.string()),
});
export type MergeStatus = z.infer<typeof mergeStatus>;
export const lipSyncStatus = z.object({
  ...stageAnswer,
  lipsync_progress: lipSyncProgress,
  sync_accuracy: syncAccuracy,
});
export type LipSyncStatus = z.infer<typeof lipSyncStatus>;
export const finalVideoAnswer = z.extend(finalVideo, { video_generation_id: z.string() });
export type FinalVideoAnswer = z.infer<typeof finalVideoAnswer>;
export const audioFilesAnswer = z.object({
  ...stageAnswer,
  audio_progress: audioProgress,
  audio_files: z.object({
    narrator: z.array(mediaFile),
    characters: z.array(characterAudioFile),
    sound_effects: z.array(mediaFile),
    background_music: z.array(mediaFile),
    /** Each scene's mixed sound, as the merge places it. */
    scene_mixes: z.array(mediaFile),
  }),
});
export type AudioFilesAnswer = z.infer<typeof audioFilesAnswer>;
export const characterImagesAnswer = z.object({
  ...stageAnswer,
  image_progress: imageProgress,
  /** `plot`: the plot's portrait, reused; `generated`: drawn by this run with the character's look. */
  character_images: z.array(
    z.object({
      character: z.string(),
      image_url: z.nullable(z.string()),
      source: z.enum(['plot', 'generated']),
    }),
  ),
  /** `chapter`: the Images tab's picture of the scene, reused; `generated`: drawn by this run. */
  scene_images: z.array(
    z.object({
      scene_number: z.number(),
      image_url: z.nullable(z.string()),
      source: z.enum(['chapter', 'generated']),
    }),
  ),
});
export type CharacterImagesAnswer = z.infer<typeof characterImagesAnswer>;
export const sceneVideosAnswer = z.object({
  ...stageAnswer,
  video_progress: videoProgress,
  scene_videos: z.array(sceneVideo),
});
export type SceneVideosAnswer = z.infer<typeof sceneVideosAnswer>;
export const lipSyncedVideosAnswer = z.object({
  ...stageAnswer,
  lipsync_progress: lipSyncProgress,
  lip_synced_videos: z.array(
    z.object({
      scene_number: z.number(),
      character: z.string(),
      /** Seconds into the final film. */
      start: z.number(),
      duration: z.number(),
      video_url: z.nullable(z.string()),
    }),
  ),
});
export type LipSyncedVideosAnswer = z.infer<typeof lipSyncedVideosAnswer>;
export const chapterGenerations = z.object({ generations: z.array(videoGeneration) });
export type ChapterGenerations = z.infer<typeof chapterGenerations>;

/**
 * The routes (all under /api/v1, signed in; someone else's ids are 404s):
 *   POST /ai/generate-entertainment-video        202 GenerationStarted; 409 {detail, video_generation_id} when one runs
 *   GET  /ai/video-generation-status/{id}        VideoGeneration (id: generation, or script → its latest); 204 none yet
 *   GET  /ai/video-generation/{id}/status        GenerationStepsStatus
 *   GET  /ai/pipeline-status/{id}                PipelineStatus
 *   POST /ai/initialize-pipeline/{scriptId}      VideoProduction made from the chapter's images and audio (saved)
 *   POST /ai/retry-generation/{id}               202 VideoGeneration  {retry_from_step?, scene_numbers?}
 *   POST /ai/trigger-lip-sync/{id}               202 VideoGeneration (a retry from lipsync)
 *   POST /ai/cancel-generation/{id}              VideoGeneration (cancelled)
 *   GET  /ai/merge-status/{id}                   MergeStatus
 *   GET  /ai/lip-sync-status/{id}                LipSyncStatus
 *   GET  /ai/final-video/{id}                    FinalVideoAnswer; 404 'No video available for download'
 *   GET  /ai/final-video/{id}/download?quality=  200 VideoDownload ready | 202 processing (poll again)
 *   GET  /ai/audio-files/{id}                    AudioFilesAnswer
 *   GET  /ai/character-images/{id}               CharacterImagesAnswer
 *   GET  /ai/scene-videos/{id}                   SceneVideosAnswer
 *   GET  /ai/lip-synced-videos/{id}              LipSyncedVideosAnswer
 *   GET  /ai/chapter-video-generations/{chapterId} ChapterGenerations (newest first)
 *   POST /ai/combine-videos                      202 CombinedVideo {video_urls}
 *   GET  /ai/combine-videos/{id}                 CombinedVideo
 *   GET  /chapters/{id}/video-production         VideoProduction (empty scenes when none saved)
 *   PUT  /chapters/{id}/video-production         VideoProduction
 *   POST /chapters/{id}/video-production/render  202 VideoGeneration: the saved timeline filmed (order,
 *                                                durations, transitions) through the pipeline
 */
