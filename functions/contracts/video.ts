/**
 * The chapter video pipeline (spec 3 §3–§4, §7–§9; spec 2 §3–§4, §7): a generation turns a chapter's
 * script into a film through five stages — audio, images, scene videos, merge, lip-sync — then
 * publishes it. The shapes the pipeline routes answer, the video production the studio saves, the
 * status normalisation of the spec, and the messages and constants. Shared by the handlers and the SPA.
 */

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

export interface AudioProgress {
  narrator_files: number;
  character_files: number;
  sound_effects: number;
  background_music: number;
}
export interface ImageProgress {
  total_characters: number;
  characters_completed: number;
  total_scenes: number;
  scenes_completed: number;
  total_images_generated: number;
  /** Percent of the pictures asked for that exist (0–100). */
  success_rate: number;
}
export interface VideoProgress {
  total_scenes: number;
  scenes_completed: number;
  total_videos_generated: number;
  successful_videos: number;
  failed_videos: number;
  success_rate: number;
}
export interface MergeProgress {
  total_scenes_merged: number;
  /** Seconds. */
  total_duration: number;
  audio_tracks_mixed: number;
  file_size_mb: number;
  /** Seconds the merge took. */
  processing_time: number;
  /**
   * Percent of dialogue frames whose mouth (open or closed) agrees with the speech (voiced or
   * silent), measured when lip-sync ran; 'unknown' before.
   */
  sync_accuracy: number | 'unknown';
}
export interface LipSyncProgress {
  characters_lip_synced: number;
  scenes_processed: number;
  /** visemes | audio_envelope, or 'unknown' before lip-sync ran. */
  processing_method: string;
  total_scenes_processed: number;
  scenes_with_lipsync: number;
}

export type StageState = 'pending' | 'running' | 'completed' | 'failed' | 'skipped' | 'cancelled';

export interface StageStatus {
  step: PipelineStep;
  /** The workflow state that runs it (what an operator sees in the console). */
  state: string;
  status: StageState;
  /** 0–100 within the stage. */
  progress: number;
  started_at: string | null;
  finished_at: string | null;
  /** Seconds. */
  duration: number | null;
}

export interface MediaFile {
  url: string | null;
  /** Seconds. */
  duration: number;
  scene_number: number;
}
export interface CharacterAudioFile extends MediaFile {
  character: string;
  text: string;
}
export interface SceneVideo {
  scene_number: number;
  video_url: string | null;
  thumbnail_url: string | null;
  duration: number;
  /** Shots of the clip: the scene's picture, then a close-up of each speaker for their line. */
  shots: { kind: 'scene' | 'dialogue'; start: number; duration: number; character: string | null }[];
}

export interface FinalVideo {
  video_url: string | null;
  thumbnail_url: string | null;
  /** The film's subtitles as WebVTT (null for films published before subtitles). */
  subtitles_url: string | null;
  /** The download sizes this film can be given in honestly (up to its own size). */
  download_qualities: DownloadQuality[];
  /** Seconds. */
  duration: number;
  /** e.g. "1280x720". */
  resolution: string;
  format: 'mp4' | 'webm' | 'mov';
  file_size_bytes: number;
  video_codec: string;
  audio_codec: string;
}

/** A generation as every pipeline route answers it (the spec's Video generation record). */
export interface VideoGeneration {
  id: string;
  video_generation_id: string;
  script_id: string;
  chapter_id: string;
  book_id: string;
  user_id: string;
  quality_tier: GenerationQuality;
  video_style: string;
  generation_status: GenerationStatus;
  /** The job's state: queued, running, ready, failed or cancelled. */
  task_status: string;
  /** The audio stage has no job of its own: it is this generation's id. */
  audio_task_id: string;
  video_url: string | null;
  /** The film's subtitles as WebVTT, beside `video_url` (null until the film is published). */
  subtitles_url: string | null;
  error_message: string | null;
  /** The stage a failed run stopped in (what a retry starts from by default). */
  failed_step: PipelineStep | null;
  /** 0–100 over the whole run, and the step in words. */
  progress: number;
  current_step: string;
  attempt: number;
  /** `vgen-<id>-<attempt>`: the Step Functions execution of the latest run. */
  execution_name: string;
  created_at: string;
  updated_at: string;
  audio_progress: AudioProgress;
  image_progress: ImageProgress;
  video_progress: VideoProgress;
  merge_progress: MergeProgress;
  lipsync_progress: LipSyncProgress;
  scene_videos: { scene_number: number; video_url: string | null; duration: number }[];
  audio_files: { narrator: MediaFile[]; characters: CharacterAudioFile[] };
  final_video: FinalVideo | null;
  task_metadata: { audio_task_state: StageState; step: string; progress: number; attempt: number };
}

export interface GenerationStarted {
  video_generation_id: string;
  audio_task_id: string;
  task_status: string;
  generation_status: GenerationStatus;
  message: string;
}

/** GET /ai/video-generation/{id}/status. */
export interface GenerationStepsStatus {
  video_generation_id: string;
  status: NormalisedStatus;
  video_url: string | null;
  error: string | null;
  steps: Record<(typeof STEP_NAMES)[PipelineStep], { status: StageState; progress: number }>;
}

/** GET /ai/pipeline-status/{id}: each stage's state, timing and counters. */
export interface PipelineStatus {
  video_generation_id: string;
  generation_status: GenerationStatus;
  progress: number;
  current_step: string;
  execution_name: string;
  failed_step: PipelineStep | null;
  stages: StageStatus[];
  /** Steps a retry may start from now (those whose earlier outputs all exist). */
  retry_steps: PipelineStep[];
}

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
 * The downloads that can be made honestly of a film `width`×`height`: every size up to the film's
 * own (its short side), made by copying it or encoding it down — never a larger one, which would be
 * an upscale of the same pictures.
 */
export function honestDownloads(width: number, height: number): DownloadQuality[] {
  const short = Math.min(width, height);
  return DOWNLOAD_QUALITIES.filter((quality) => DOWNLOAD_HEIGHTS[quality] <= short);
}

/** GET /ai/final-video/{id}/download: ready (a short-lived URL) or being transcoded (poll again). */
export type VideoDownload =
  | {
      status: 'ready';
      quality: DownloadQuality;
      download_url: string;
      filename: string;
      file_size_bytes: number;
    }
  | {
      status: 'processing' | 'failed';
      quality: DownloadQuality;
      job_id: string;
      error_message: string | null;
    };

export interface CombinedVideo {
  combine_id: string;
  status: 'queued' | 'running' | 'ready' | 'failed' | 'cancelled';
  progress: number;
  video_url: string | null;
  duration: number | null;
  method: 'stream_copy' | 'encode' | null;
  error_message: string | null;
}

// --- the video production (the studio's timeline, saved per chapter) ---

export const EXPORT_RESOLUTIONS = ['720p', '1080p', '4k'] as const;
export const EXPORT_FPS = [24, 30, 60] as const;
export const EXPORT_ASPECT_RATIOS = ['16:9', '4:3', '1:1', '9:16'] as const;
export const EXPORT_FORMATS = ['mp4', 'webm', 'mov'] as const;
export const EXPORT_QUALITIES = ['low', 'medium', 'high', 'ultra'] as const;
export const SCENE_TRANSITIONS = ['none', 'fade', 'fadeblack', 'fadewhite'] as const;
export type SceneTransition = (typeof SCENE_TRANSITIONS)[number];

export interface EditorSettings {
  resolution: (typeof EXPORT_RESOLUTIONS)[number];
  fps: (typeof EXPORT_FPS)[number];
  aspectRatio: (typeof EXPORT_ASPECT_RATIOS)[number];
  outputFormat: (typeof EXPORT_FORMATS)[number];
  quality: (typeof EXPORT_QUALITIES)[number];
  watermark: {
    enabled: boolean;
    text: string;
    position: 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';
  };
}

/** Editor defaults (spec 3 §9): 1080p, 30 fps, 16:9, mp4, high. */
export const EDITOR_DEFAULTS: EditorSettings = {
  resolution: '1080p',
  fps: 30,
  aspectRatio: '16:9',
  outputFormat: 'mp4',
  quality: 'high',
  watermark: { enabled: false, text: '', position: 'bottom-right' },
};

/** The quick presets of the Settings tab. */
export const EXPORT_PRESETS: Record<string, Omit<EditorSettings, 'outputFormat' | 'watermark'>> = {
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

export interface ProductionScene {
  id: string;
  sceneNumber: number;
  /** Seconds, > 0 (step 0.1). */
  duration: number;
  status: 'pending' | 'completed';
  imageUrl: string | null;
  thumbnailUrl: string | null;
  video_url: string | null;
  transitions: { type: SceneTransition; duration: number }[];
  audioFiles: { id: string; url: string | null; name: string; duration: number }[];
  characters: string[];
  location: string;
  time_of_day: string;
  dialogue: { character: string; line: string }[];
}

export interface VideoProduction {
  chapter_id: string;
  script_id: string | null;
  scenes: ProductionScene[];
  editorSettings: EditorSettings;
  finalVideoUrl: string | null;
  metadata: {
    fileSize: number | null;
    duration: number | null;
    resolution: string | null;
    format: string | null;
  };
  /** The generation the final video comes from. */
  video_generation_id: string | null;
  updated_at: string | null;
}

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
  downloadAboveFilm: (film: number, asked: number) =>
    `This video was made at ${film}p: a ${asked === 2160 ? '4K' : `${asked}p`} download would only enlarge the same pictures. Choose ${film}p or smaller, or render the video again at the larger size.`,
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

export interface MergeStatus {
  video_generation_id: string;
  status: StageState;
  merge_progress: MergeProgress;
  /** The merged film before lip-sync. */
  merged_video_url: string | null;
}
export interface LipSyncStatus {
  video_generation_id: string;
  status: StageState;
  lipsync_progress: LipSyncProgress;
  sync_accuracy: number | 'unknown';
}
export interface FinalVideoAnswer extends FinalVideo {
  video_generation_id: string;
}
export interface AudioFilesAnswer {
  video_generation_id: string;
  status: StageState;
  audio_progress: AudioProgress;
  audio_files: {
    narrator: MediaFile[];
    characters: CharacterAudioFile[];
    sound_effects: MediaFile[];
    background_music: MediaFile[];
    /** Each scene's mixed sound, as the merge places it. */
    scene_mixes: MediaFile[];
  };
}
export interface CharacterImagesAnswer {
  video_generation_id: string;
  status: StageState;
  image_progress: ImageProgress;
  /** `plot`: the plot's portrait, reused; `generated`: drawn by this run with the character's look. */
  character_images: { character: string; image_url: string | null; source: 'plot' | 'generated' }[];
  /** `chapter`: the Images tab's picture of the scene, reused; `generated`: drawn by this run. */
  scene_images: { scene_number: number; image_url: string | null; source: 'chapter' | 'generated' }[];
}
export interface SceneVideosAnswer {
  video_generation_id: string;
  status: StageState;
  video_progress: VideoProgress;
  scene_videos: SceneVideo[];
}
export interface LipSyncedVideosAnswer {
  video_generation_id: string;
  status: StageState;
  lipsync_progress: LipSyncProgress;
  lip_synced_videos: {
    scene_number: number;
    character: string;
    /** Seconds into the final film. */
    start: number;
    duration: number;
    video_url: string | null;
  }[];
}
export interface ChapterGenerations {
  generations: VideoGeneration[];
}

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
