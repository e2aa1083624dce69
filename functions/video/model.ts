import type { VideoPlanRule } from '../contracts/subscriptions';
import type {
  EditorSettings,
  GenerationQuality,
  GenerationStatus,
  PipelineStep,
  ProductionScene,
  SceneTransition,
} from '../contracts/video';
import type { DownloadQuality } from '../contracts/video';
import type { VisemeTiming, WordTiming, WordTimingMethod } from '../engine/speech/types';
import type { CharacterProfile, Mood, SceneDescription } from '../engine/text/types';
import type { CharacterReference } from '../engine/image/types';
import type { CameraKind } from '../engine/video/local/kenburns';
import type { JobRecord } from '../jobs';
import { bookKeys } from '../books/model';

/**
 * A video generation is a job (kind `video-generation`): its id is the generation id, its options
 * what was asked for, its outputs where the run stands. What each stage made of each item (a scene's
 * audio, a character's portrait, a scene's clip, a dialogue shot's lip-sync) is a stage item in the
 * book's partition, and the files are under the generation's folder of the book's media — so a retry
 * from a step finds every output of the steps before it, and the book's deletion takes it all.
 */

/** The studio's edit of the film, when a render asked for it: scene order, lengths and transitions. */
export interface TimelineEdit {
  /** Scene numbers of the script in film order (a scene left out is not filmed). */
  order: number[];
  /** Scene number → seconds (absent: the scene's spoken length). */
  durations: Record<string, number>;
  /** Scene number → the transition into it. */
  transitions: Record<string, { type: SceneTransition; duration: number }>;
}

export interface VideoGenerationOptions {
  script_id: string;
  quality_tier: GenerationQuality;
  video_style: string;
  width: number;
  height: number;
  fps: number;
  timeline: TimelineEdit | null;
  /** Scenes the video stage renders again in this run (others keep their clip); null: all. */
  redo_scenes: number[] | null;
  /** The studio's export settings for the published film (absent: MP4 as rendered). */
  export?: FilmExport | null;
  /**
   * The plan the film is made under, fixed when the run starts (absent on older runs): the run fails
   * in the plan's words rather than make a film longer than it allows.
   */
  plan?: VideoPlanRule | null;
  /**
   * The download size this run films the generation again for (a size above the film's, or the film
   * without a watermark the plan no longer gives); null or absent for every other run.
   */
  made_for_download?: DownloadQuality | null;
  /** The narrator's voice (a catalogue voice id) chosen for this film (absent: the script's default). */
  narrator_voice?: string | null;
  /** The score under the film (absent: on, in each scene's mood). */
  music?: FilmMusic | null;
}

/** The film's score: off, or on in one mood for the whole film (null: each scene's own mood). */
export interface FilmMusic {
  enabled: boolean;
  mood: Mood | null;
}

/**
 * What the published film is made into (the studio's Settings): its container, its quality (low and
 * medium are encoded smaller; high and ultra keep the rendered picture unless something else makes
 * an encode necessary, then ultra is encoded finer) and an optional watermark. The frame size and
 * rate are the generation's width, height and fps.
 */
export interface FilmExport {
  format: 'mp4' | 'webm' | 'mov';
  quality: 'low' | 'medium' | 'high' | 'ultra';
  watermark: { text: string; position: 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right' } | null;
  /** The subtitles drawn into the picture (absent on older runs: not drawn). */
  burn_subtitles?: boolean;
}

export interface VideoGenerationOutputs {
  generation_status: GenerationStatus;
  /** The stage being worked on (set as each stage starts): a failure is recorded against it. */
  stage: PipelineStep | 'plan' | 'publish';
  failed_step: PipelineStep | null;
  scene_count: number;
  character_count: number;
  dialogue_shots: number;
  final_key: string | null;
  final: {
    duration: number;
    width: number;
    height: number;
    bytes: number;
    video_codec: string;
    audio_codec: string;
    thumbnail_key: string | null;
    /** The film's subtitles (WebVTT) beside it (absent on films published before subtitles). */
    subtitles_key?: string | null;
    /** Container (absent on films published before export settings: mp4). */
    format?: FilmExport['format'];
    /**
     * The film carries the free plan's watermark (absent on films published before it was kept: read
     * from the run's options).
     */
    plan_watermark?: boolean;
  } | null;
  /** When each stage started and finished in the latest run (ISO). */
  stage_times: Partial<Record<PipelineStep | 'publish', { started_at: string; finished_at: string | null }>>;
}

export type VideoGenerationJob = JobRecord<VideoGenerationOptions, VideoGenerationOutputs>;

// --- the plan (stored as JSON beside the media; read by every stage) ---

export interface PlannedLine {
  character: string;
  text: string;
  voice: string;
}

/**
 * One thing said in a scene, in the book's order: a stretch of its narration in the narrator's voice
 * or a line of dialogue in its speaker's.
 */
export type PlannedBeat =
  { kind: 'narration'; text: string; voice: string } | ({ kind: 'dialogue' } & PlannedLine);

export interface PlannedScene {
  scene_number: number;
  heading: string;
  description: SceneDescription;
  /** The whole narration (its stretches joined); what plans without `beats` speak first. */
  narration: { text: string; voice: string } | null;
  /** The dialogue, in the order it is said. */
  lines: PlannedLine[];
  /**
   * Everything said, narration and dialogue interleaved in the book's order (plans made before it
   * have none: their narration is spoken first, then the lines).
   */
  beats?: PlannedBeat[];
  effects: string[];
  ambiance: string;
  music: string;
  /** Seconds the studio set (null: the spoken length). */
  duration_override: number | null;
  transition: { type: SceneTransition; duration: number } | null;
  /** The Images tab's picture of this scene of this script, when there is a finished one. */
  chapter_image_key: string | null;
  /** Left out of the film by the studio's edit (kept in the plan: its audio and picture may return). */
  excluded?: boolean;
}

export interface PlannedCharacter {
  name: string;
  profile: CharacterProfile;
  /** The plot's portrait, when the character has one (reused, not drawn again). */
  portrait_key: string | null;
  reference: Omit<CharacterReference, 'image'> | null;
}

export interface ProductionPlan {
  generation_id: string;
  script_id: string;
  width: number;
  height: number;
  fps: number;
  style: string;
  seed: number;
  music_style: string;
  /** The score as the film was asked for (absent in older plans: on, in each scene's mood). */
  music?: FilmMusic | null;
  scenes: PlannedScene[];
  characters: PlannedCharacter[];
  /** How Publish makes the film (absent in plans written before export settings existed). */
  export?: FilmExport | null;
}

// --- stage items ---

/** A stretch of narration as spoken in a scene: its file, where it starts, and each word's time. */
export interface SpokenNarration {
  key: string;
  start: number;
  duration: number;
  text: string;
  /** Each word's time from the start of this recording (manifests made before them have none). */
  words?: WordTiming[];
}

export interface AudioManifest {
  scene_number: number;
  /** Seconds: the scene's spoken length with a breath after it. */
  duration: number;
  /** How the recordings' word timings were found (absent in older manifests). */
  word_timings?: WordTimingMethod;
  /** The scene's first stretch of narration (what readers of older manifests list). */
  narrator: SpokenNarration | null;
  /** Every stretch of narration in the order spoken (absent in older manifests: `narrator` alone). */
  narration?: SpokenNarration[];
  lines: {
    key: string;
    character: string;
    text: string;
    start: number;
    duration: number;
    visemes: VisemeTiming[];
    /** Each word's time from the start of this line's recording (absent in older manifests). */
    words?: WordTiming[];
  }[];
  effects: { key: string; start: number; duration: number; text: string }[];
  ambiance: { key: string; duration: number } | null;
  /** The scene's score (null when the film was asked without music). */
  music: { key: string; duration: number } | null;
  /** The scene's own mix (speech over the ducked beds). */
  mix_key: string;
  /**
   * That mix as the scene clip carries it: exactly the scene's length, AAC (M4A), encoded once here
   * and copied by every filming of the scene (manifests made before it have none).
   */
  sound_key?: string;
  tracks: number;
}

export interface Shot {
  kind: 'scene' | 'dialogue';
  /** Seconds from the scene's start; whole frames. */
  start: number;
  duration: number;
  frames: number;
  character: string | null;
  /** Index of the scene's line the shot shows being spoken. */
  line: number | null;
  key: string;
  /** The camera's move over the shot (shots planned before moves were chosen have none). */
  camera?: CameraKind;
}

export interface StageItemRecord {
  generation_id: string;
  stage: PipelineStep;
  /** `scene-0003`, `character-0001`, `shot-0003-02`, `film`. */
  item: string;
  /** The run that wrote it. */
  attempt: number;
  scene_number: number | null;
  status: 'completed' | 'failed';
  counters: Record<string, number | string>;
  /** Files this item wrote (removed with it). */
  keys: string[];
  /** The stage's facts for the next stages (manifest key, shots, picture key, source...). */
  data: Record<string, unknown>;
  started_at: string;
  finished_at: string;
}

export interface ProductionRecord {
  book_id: string;
  chapter_id: string;
  owner_id: string;
  script_id: string | null;
  scenes: ProductionScene[];
  editorSettings: EditorSettings;
  updated_at: string;
}

export interface VideoDownloadOptions {
  generation_id: string;
  quality: DownloadQuality;
  source_key: string;
  output_key: string;
  height: number;
  /** The film's subtitles (WebVTT), carried into the copy as its subtitle stream (none for older films). */
  subtitles_key?: string | null;
}

export interface VideoCombineOptions {
  source_keys: string[];
  /** Each film's subtitles (WebVTT), in the same order; null for a film without (absent on older jobs). */
  subtitles_keys?: (string | null)[];
}
export interface VideoCombineOutputs {
  key: string;
  duration: number;
  method: 'stream_copy' | 'encode';
  bytes: number;
  /** The joined video's subtitles (WebVTT), also its subtitle stream; null when no film had any. */
  subtitles_key?: string | null;
}

const pad = (n: number, width = 4) => String(n).padStart(width, '0');

/** Where a generation's files are: the book's media, so they go with the book. */
export const videoKeys = {
  prefix: (bookId: string, generationId: string) => `${bookKeys.mediaPrefix(bookId)}video/${generationId}/`,
  plan: (bookId: string, id: string) => `${videoKeys.prefix(bookId, id)}plan.json`,
  audio: (bookId: string, id: string, scene: number, name: string) =>
    `${videoKeys.prefix(bookId, id)}audio/scene-${pad(scene)}/${name}`,
  character: (bookId: string, id: string, index: number) =>
    `${videoKeys.prefix(bookId, id)}images/character-${pad(index)}.png`,
  /** The scene's picture (`moment` 0) and the later moments a long scene is drawn in. */
  sceneImage: (bookId: string, id: string, scene: number, moment = 0) =>
    `${videoKeys.prefix(bookId, id)}images/scene-${pad(scene)}${moment ? `-${pad(moment, 2)}` : ''}.png`,
  shot: (bookId: string, id: string, scene: number, shot: number) =>
    `${videoKeys.prefix(bookId, id)}scenes/scene-${pad(scene)}/shot-${pad(shot, 3)}.mp4`,
  sceneClip: (bookId: string, id: string, scene: number) =>
    `${videoKeys.prefix(bookId, id)}scenes/scene-${pad(scene)}.mp4`,
  sceneThumbnail: (bookId: string, id: string, scene: number) =>
    `${videoKeys.prefix(bookId, id)}scenes/scene-${pad(scene)}.jpg`,
  sceneSubtitles: (bookId: string, id: string, scene: number) =>
    `${videoKeys.prefix(bookId, id)}scenes/scene-${pad(scene)}.vtt`,
  talkingShot: (bookId: string, id: string, scene: number, shot: number) =>
    `${videoKeys.prefix(bookId, id)}lipsync/scene-${pad(scene)}-shot-${pad(shot, 3)}.mp4`,
  merged: (bookId: string, id: string) => `${videoKeys.prefix(bookId, id)}merged.mp4`,
  sound: (bookId: string, id: string) => `${videoKeys.prefix(bookId, id)}sound.m4a`,
  final: (bookId: string, id: string, attempt: number, format: FilmExport['format'] = 'mp4') =>
    `${videoKeys.prefix(bookId, id)}final-${attempt}.${format}`,
  finalThumbnail: (bookId: string, id: string, attempt: number) =>
    `${videoKeys.prefix(bookId, id)}final-${attempt}.jpg`,
  finalSubtitles: (bookId: string, id: string, attempt: number) =>
    `${videoKeys.prefix(bookId, id)}final-${attempt}.vtt`,
  download: (bookId: string, id: string, attempt: number, quality: DownloadQuality) =>
    `${videoKeys.prefix(bookId, id)}downloads/final-${attempt}-${quality}.mp4`,
  combined: (bookId: string, combineId: string) =>
    `${bookKeys.mediaPrefix(bookId)}video/combined/${combineId}.mp4`,
  combinedSubtitles: (bookId: string, combineId: string) =>
    `${bookKeys.mediaPrefix(bookId)}video/combined/${combineId}.vtt`,
};

export const itemName = {
  scene: (n: number) => `scene-${pad(n)}`,
  character: (i: number) => `character-${pad(i)}`,
  shot: (scene: number, shot: number) => `shot-${pad(scene)}-${pad(shot, 3)}`,
  film: 'film',
};

/** Seconds on whole frames (shots and scenes start and end on a frame). */
export const onFrames = (seconds: number, fps: number) => Math.max(1, Math.round(seconds * fps));
