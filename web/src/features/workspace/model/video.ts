/**
 * Rules of the Video tab (the Video Production Studio), free of React so the unit tests run them
 * directly: the generation polling schedule, the friendly words of a failure, the render panel's
 * state and checklist, the five pipeline stages as the panel shows them, and the timeline edits
 * (reorder, duration, add, remove, auto-arrange).
 */
import type {
  NormalisedStatus,
  PipelineStatus,
  PipelineStep,
  ProductionScene,
  SceneTransition,
  StageState,
  VideoGeneration,
  VideoProduction,
} from '@contracts/video';
import { ApiError } from '@/lib/api-client';
import {
  GENERATION_POLL_MS,
  HISTORY_RELOAD_MS,
  HISTORY_RELOAD_POLLING_MS,
  MAX_PRODUCTION_SCENES,
  MAX_SCENE_DURATION,
  NEW_SCENE_DURATION,
  NEW_SCENE_TRANSITION,
  normaliseGenerationStatus,
  PIPELINE_STEPS,
  POLL_ERROR_RETRIES,
  STEP_NAMES,
  videoMessages,
} from '@contracts/video';

// --- polling ---

const TERMINAL: readonly NormalisedStatus[] = ['completed', 'failed', 'cancelled'];

/**
 * How long to wait before the next status check (spec 3 §9): 3000 ms while pending, 2000 ms while
 * processing, 2500 ms for any other in-progress status; null (stop) on completed, failed, cancelled
 * or a status nobody knows (the normaliser reads those as failed).
 */
export function generationPollDelay(raw: string | null | undefined): number | null {
  const value = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
  if (value === 'pending') return GENERATION_POLL_MS.pending;
  if (value === 'processing') return GENERATION_POLL_MS.processing;
  if (TERMINAL.includes(normaliseGenerationStatus(raw))) return null;
  return GENERATION_POLL_MS.default;
}

/**
 * The next check of a followed generation: while its job is queued or running the run has not
 * ended, whatever status it reads (a status saying otherwise is not trusted to stop the follow);
 * once the job ended, the status decides as above.
 */
export function generationFollowDelay(
  generation: Pick<VideoGeneration, 'generation_status' | 'task_status'>,
): number | null {
  const delay = generationPollDelay(generation.generation_status);
  const jobRuns = generation.task_status === 'queued' || generation.task_status === 'running';
  return delay === null && jobRuns ? GENERATION_POLL_MS.default : delay;
}

/** After `failures` polls in a row failed: try again (2000 ms later) until 5 retries were spent. */
export const retryAfterPollError = (failures: number) => failures <= POLL_ERROR_RETRIES;

/** The polling info (spec 3 §9): at most 24 attempts, and retrieval counts as fallback after attempt 12. */
export const POLL_MAX_ATTEMPTS = 24;
export const POLL_FALLBACK_AFTER = 12;

export interface PollingInfo {
  attempt: number;
  max_attempts: number;
  /** Retrieval has moved to its fallback (past attempt 12). */
  fallback: boolean;
  /** Polling has given up (the 24 attempts are spent). */
  exhausted: boolean;
}

/**
 * The polling info of a followed generation after `attempt` checks that found nothing to show (no
 * generation data yet, or the check failed): fallback past 12, given up at 24. A check that answers
 * the generation starts the count over, so a long but healthy run is followed to its end.
 */
export const pollingInfo = (attempt: number): PollingInfo => ({
  attempt,
  max_attempts: POLL_MAX_ATTEMPTS,
  fallback: attempt > POLL_FALLBACK_AFTER,
  exhausted: attempt >= POLL_MAX_ATTEMPTS,
});

/** After a failed status, the history reloads after 500 ms, or 1000 ms when polling saw it. */
export const historyReloadDelay = (withinPolling: boolean) =>
  withinPolling ? HISTORY_RELOAD_POLLING_MS : HISTORY_RELOAD_MS;

/**
 * The start toast: 'Video generation started! {message}', the server's message without its own
 * "Video generation started." so the words are said once.
 */
export function startedText(message: string | null | undefined) {
  const rest = (message ?? '')
    .trim()
    .replace(/^video generation (has )?started[.!]?\s*/i, '')
    .trim();
  return rest ? `Video generation started! ${rest}` : 'Video generation started!';
}

// --- failure messages ---

const FRIENDLY_BY_TEXT: [RegExp, string][] = [
  [/generation_failed/i, 'The AI service was unable to create the video.'],
  [/time[ _-]?out|timed out/i, 'The operation took too long. Please try again.'],
  [/retrieval_failed|fallback/i, 'Retrieving the video failed; the system is trying alternative methods.'],
  [
    /polling.*max(imum)?[ _]attempts|max(imum)?[ _]attempts/i,
    'Checking the video took too many attempts; the system keeps trying in the background.',
  ],
  [/no valid scene videos/i, 'There were no valid scene videos to merge.'],
  [
    /(audio|video)?[ _-]?merge[ _-]?failed|merg(e|ing) (audio|video)/i,
    'Merging the audio and video failed. Please try again or contact support.',
  ],
  [/safety/i, 'The content was flagged by safety filters. Please modify the script.'],
  [
    /\b(api|service)\b.*unavailable|unavailable/i,
    'The video service is unavailable right now. Please try again in a moment.',
  ],
  [/network|connection/i, 'A network error occurred. Please check your internet connection.'],
];

const FRIENDLY_BY_STEP: Record<string, string> = {
  video_generation: 'Rendering the scene videos failed.',
  merge: 'Merging the scene videos with their audio failed.',
  audio_generation: 'Generating the audio failed.',
  image_generation: 'Generating the images failed.',
  lip_sync: 'Applying lip-sync failed.',
};

export const UNEXPECTED_ERROR = 'An unexpected error occurred.';

/** The spec's step name of a pipeline step (`video` → `video_generation`), or the text as it is. */
const stepName = (step: string) => (STEP_NAMES as Record<string, string>)[step] ?? step;

/**
 * What a failed generation tells its user (spec 3 §8): the error text mapped to friendly words;
 * failing those, words for the step it failed in (`Failed during {step}` for a step not listed);
 * otherwise the raw message without bracketed tags; otherwise 'An unexpected error occurred.'
 */
export function friendlyFailure(errorText: string | null | undefined, step?: string | null): string {
  const text = errorText?.trim() ?? '';
  for (const [pattern, words] of FRIENDLY_BY_TEXT) if (text && pattern.test(text)) return words;
  if (step) return FRIENDLY_BY_STEP[stepName(step)] ?? `Failed during ${stepName(step)}`;
  const raw = text
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
  return raw || UNEXPECTED_ERROR;
}

/** The failure toast's title: 'Video Generation Failed (last 8 of the id)'. */
export const failureTitle = (generationId: string) => `Video Generation Failed (${generationId.slice(-8)})`;

// --- the render progress panel ---

export type RenderState =
  'rendering' | 'processing' | 'completed' | 'error' | 'ready' | 'timeout' | 'completed_no_download';

export const RENDER_STATE_LABELS: Record<RenderState, string> = {
  rendering: 'Rendering',
  processing: 'Processing',
  completed: 'Completed',
  error: 'Error',
  ready: 'Ready to render',
  timeout: 'Timed out',
  completed_no_download: 'Completed without a download',
};

/** What the panel says under its badge in the studio's terminal kinds and on failure (spec 3 §8). */
export const RENDER_STATE_MESSAGES: Partial<Record<RenderState, string>> = {
  error: 'An error occurred during rendering. Please check your settings and try again.',
  timeout: 'Video generation timed out',
  completed_no_download: 'Video completed but no downloadable URL found',
  completed: 'Video generation completed!',
};

/**
 * What the panel displays: processing while a start is asked for or the run is queued (pending),
 * rendering while it runs, completed (completed_no_download when it ended without a film to
 * download), error when it failed, timeout when the studio's polling gave up; otherwise (nothing
 * yet, or cancelled) ready to render.
 */
export function renderState(
  generation:
    | (Pick<VideoGeneration, 'generation_status'> &
        Partial<Pick<VideoGeneration, 'video_url' | 'final_video'>>)
    | null,
  starting = false,
  pollingGaveUp = false,
): RenderState {
  if (starting) return 'processing';
  if (!generation) return pollingGaveUp ? 'timeout' : 'ready';
  const raw = generation.generation_status;
  const status = normaliseGenerationStatus(raw);
  if (status === 'completed')
    return generation.final_video?.video_url || generation.video_url ? 'completed' : 'completed_no_download';
  if (status === 'failed') return 'error';
  if (status === 'cancelled') return 'ready';
  if (pollingGaveUp) return 'timeout';
  return raw === 'pending' ? 'processing' : 'rendering';
}

/**
 * The pipeline status when it is of the run the panel shows: a generation run again (a retry, a
 * render of the saved timeline) keeps its id, and until its first check answers the status of the
 * run before (every stage completed, 100 %) must not show beside the new run's "Queued".
 */
export const pipelineOfRun = (
  generation: Pick<VideoGeneration, 'id' | 'video_generation_id' | 'execution_name'> | null,
  pipeline: PipelineStatus | null,
): PipelineStatus | null =>
  generation &&
  pipeline &&
  pipeline.video_generation_id === (generation.video_generation_id ?? generation.id) &&
  pipeline.execution_name === generation.execution_name
    ? pipeline
    : null;

/** Cancel shows only while rendering (not while a start is asked for or the run is still queued). */
export const canCancel = (state: RenderState) => state === 'rendering';

/** The checklist and the progress each item needs: above 0, 25, 50, 75, and 100 or more. */
export const RENDER_CHECKLIST = [
  { label: 'Initializing', done: (p: number) => p > 0 },
  { label: 'Processing Scenes', done: (p: number) => p > 25 },
  { label: 'Applying Transitions', done: (p: number) => p > 50 },
  { label: 'Adding Audio', done: (p: number) => p > 75 },
  { label: 'Finalizing', done: (p: number) => p >= 100 },
] as const;

export const checklist = (progress: number) =>
  RENDER_CHECKLIST.map((item) => ({ label: item.label, done: item.done(progress) }));

export const STAGE_LABELS: Record<PipelineStep, string> = {
  audio: 'Audio',
  images: 'Images',
  video: 'Scene videos',
  merge: 'Merge',
  lipsync: 'Lip-sync',
};

export interface StageView {
  step: PipelineStep;
  label: string;
  status: StageState;
  progress: number;
  /** The stage's counters in words. */
  detail: string;
}

const STATUS_STEP: Partial<Record<NormalisedStatus, { step: PipelineStep; done: boolean }>> = {
  generating_audio: { step: 'audio', done: false },
  audio_completed: { step: 'audio', done: true },
  generating_images: { step: 'images', done: false },
  images_completed: { step: 'images', done: true },
  generating_video: { step: 'video', done: false },
  video_completed: { step: 'video', done: true },
  merging_audio: { step: 'merge', done: false },
  applying_lipsync: { step: 'lipsync', done: false },
  lipsync_completed: { step: 'lipsync', done: true },
};

/** A stage's state read from the generation's status alone (when no pipeline status answered). */
function stateFromStatus(generation: VideoGeneration, step: PipelineStep): StageState {
  const status = normaliseGenerationStatus(generation.generation_status);
  const index = PIPELINE_STEPS.indexOf(step);
  if (status === 'completed') return 'completed';
  if (status === 'failed' || status === 'cancelled') {
    const failed = generation.failed_step ? PIPELINE_STEPS.indexOf(generation.failed_step) : -1;
    if (failed < 0) return 'pending';
    if (index < failed) return 'completed';
    return index === failed ? (status === 'failed' ? 'failed' : 'cancelled') : 'pending';
  }
  const at = STATUS_STEP[status];
  if (!at) return 'pending';
  const current = PIPELINE_STEPS.indexOf(at.step);
  if (index < current) return 'completed';
  if (index > current) return 'pending';
  return at.done ? 'completed' : 'running';
}

const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** The counters of each stage in words, missing counters read as 0 and accuracy as 'unknown'. */
export function stageDetail(generation: VideoGeneration, step: PipelineStep): string {
  switch (step) {
    case 'audio': {
      const a = generation.audio_progress ?? {};
      return `${num(a.narrator_files)} narrator · ${num(a.character_files)} character · ${num(a.sound_effects)} effects · ${num(a.background_music)} music`;
    }
    case 'images': {
      const i = generation.image_progress ?? {};
      return `${num(i.characters_completed)}/${num(i.total_characters)} characters · ${num(i.scenes_completed)}/${num(i.total_scenes)} scenes · ${num(i.success_rate)}% success`;
    }
    case 'video': {
      const v = generation.video_progress ?? {};
      return `${num(v.scenes_completed)}/${num(v.total_scenes)} scenes · ${num(v.successful_videos)} ok · ${num(v.failed_videos)} failed`;
    }
    case 'merge': {
      const m = generation.merge_progress ?? {};
      const accuracy = typeof m.sync_accuracy === 'number' ? `${m.sync_accuracy}%` : 'unknown';
      return `${num(m.total_scenes_merged)} scenes · ${num(m.total_duration).toFixed(1)} s · ${num(m.audio_tracks_mixed)} tracks · ${num(m.file_size_mb).toFixed(1)} MB · sync accuracy ${accuracy}`;
    }
    case 'lipsync': {
      const l = generation.lipsync_progress ?? {};
      return `${num(l.characters_lip_synced)} characters · ${num(l.scenes_with_lipsync)}/${num(l.total_scenes_processed)} scenes · ${l.processing_method || 'unknown'}`;
    }
  }
}

/** The five stages with their state (from the pipeline status when it answered) and counters. */
export function stageViews(generation: VideoGeneration, pipeline: PipelineStatus | null): StageView[] {
  return PIPELINE_STEPS.map((step) => {
    const stage = pipeline?.stages.find((s) => s.step === step);
    const status = stage?.status ?? stateFromStatus(generation, step);
    return {
      step,
      label: STAGE_LABELS[step],
      status,
      progress: stage?.progress ?? (status === 'completed' ? 100 : 0),
      detail: stageDetail(generation, step),
    };
  });
}

// --- the chapter's state for the workspace ---

/** The video stage of a chapter from its generations (newest first): generating, completed, error or idle. */
export function videoStage(
  generations:
    readonly Pick<VideoGeneration, 'generation_status' | 'video_url' | 'final_video'>[] | undefined,
): 'idle' | 'generating' | 'completed' | 'error' {
  const latest = generations?.[0];
  if (!latest) return 'idle';
  const status = normaliseGenerationStatus(latest.generation_status);
  if (status !== 'completed' && status !== 'failed' && status !== 'cancelled') return 'generating';
  if (status === 'failed') return 'error';
  return generations.some(hasFinalVideo) ? 'completed' : 'idle';
}

/** A completed generation with a film to show. */
export const hasFinalVideo = (
  g: Pick<VideoGeneration, 'generation_status' | 'video_url' | 'final_video'>,
): boolean =>
  normaliseGenerationStatus(g.generation_status) === 'completed' &&
  Boolean(g.final_video?.video_url ?? g.video_url);

/** The newest generation with a film (the one the Rendered Video card and the modal show). */
export const latestFinished = <
  G extends Pick<VideoGeneration, 'generation_status' | 'video_url' | 'final_video'>,
>(
  generations: readonly G[] | undefined,
): G | undefined => generations?.find(hasFinalVideo);

// --- the timeline ---

/** Moves the scene `activeId` to where `overId` is (the drop target); scene numbers stay. */
export function reorderScenes(scenes: readonly ProductionScene[], activeId: string, overId: string) {
  const from = scenes.findIndex((s) => s.id === activeId);
  const to = scenes.findIndex((s) => s.id === overId);
  if (from < 0 || to < 0 || from === to) return [...scenes];
  const next = [...scenes];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/** Moves a scene one place earlier (-1) or later (+1); at an end nothing moves. */
export function moveScene(scenes: readonly ProductionScene[], id: string, by: -1 | 1) {
  const from = scenes.findIndex((s) => s.id === id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= scenes.length) return [...scenes];
  return reorderScenes(scenes, id, scenes[to]!.id);
}

/** Auto-arrange: the scenes in scene-number order (ties keep their order). */
export const autoArrange = (scenes: readonly ProductionScene[]) =>
  [...scenes].sort((a, b) => a.sceneNumber - b.sceneNumber);

export const DURATION_STEP = 0.1;

/**
 * A typed scene duration: a number greater than 0 (at least 0.1, rounded to the 0.1 step) and at
 * most 600 s; anything else is ignored (null).
 */
export function parseDuration(input: string | number): number | null {
  const value = typeof input === 'number' ? input : Number(String(input).trim());
  if (typeof input === 'string' && input.trim() === '') return null;
  if (!Number.isFinite(value) || value <= 0) return null;
  const rounded = Math.round(value / DURATION_STEP) * DURATION_STEP;
  const clean = Number(rounded.toFixed(1));
  if (clean < DURATION_STEP || clean > MAX_SCENE_DURATION) return null;
  return clean;
}

/** The scenes with one scene's duration changed, or unchanged when the value is ignored. */
export function setSceneDuration(scenes: readonly ProductionScene[], id: string, input: string | number) {
  const duration = parseDuration(input);
  if (duration === null) return [...scenes];
  return scenes.map((s) => (s.id === id ? { ...s, duration } : s));
}

/** A scene of the script as Add Scene reads it (the script's scenes or scene_descriptions). */
export interface ScriptSceneRef {
  scene_number: number;
  location?: string;
  time_of_day?: string;
  characters?: readonly string[];
  dialogue?: readonly { character: string; line: string }[];
}

/** What the chapter already has for a scene: its picture and its finished audio files. */
export interface SceneMedia {
  imageUrl: string | null;
  audioFiles: ProductionScene['audioFiles'];
}

/**
 * The script's scenes that are not on the timeline, in scene-number order: what Add Scene offers
 * (the server films only the script's scenes, so a card always has a script scene behind it).
 */
export const missingScriptScenes = <S extends ScriptSceneRef>(
  scenes: readonly Pick<ProductionScene, 'sceneNumber'>[],
  script: readonly S[],
): S[] => {
  const onTimeline = new Set(scenes.map((s) => s.sceneNumber));
  return script
    .filter((s) => !onTimeline.has(s.scene_number))
    .sort((a, b) => a.scene_number - b.scene_number);
};

/** The Add Scene menu's words for a script scene: "Scene 3 — Harbour (night)". */
export const scriptSceneLabel = (scene: ScriptSceneRef) => {
  const place = [scene.location, scene.time_of_day && `(${scene.time_of_day.toLowerCase()})`]
    .filter(Boolean)
    .join(' ');
  return place ? `Scene ${scene.scene_number} — ${place}` : `Scene ${scene.scene_number}`;
};

/** The hint beside the disabled Add Scene button. */
export const EVERY_SCENE_ON_TIMELINE = 'Every scene of the script is on the timeline';

/**
 * Add Scene: a script scene put back at the end of the timeline, lasting 5 s with a 0.5 s fade in
 * (no transition when it is the first scene), with the chapter's picture and audio of that scene.
 * Null when the scene is on the timeline already or the production is full.
 */
export function addScriptScene(
  scenes: readonly ProductionScene[],
  scene: ScriptSceneRef,
  media: SceneMedia = { imageUrl: null, audioFiles: [] },
): ProductionScene[] | null {
  if (scenes.length >= MAX_PRODUCTION_SCENES) return null;
  if (scenes.some((s) => s.sceneNumber === scene.scene_number)) return null;
  const taken = new Set(scenes.map((s) => s.id));
  let id = `scene-${scene.scene_number}`;
  for (let n = 2; taken.has(id); n += 1) id = `scene-${scene.scene_number}-${n}`;
  const added: ProductionScene = {
    id,
    sceneNumber: scene.scene_number,
    duration: NEW_SCENE_DURATION,
    status: media.imageUrl ? 'completed' : 'pending',
    imageUrl: media.imageUrl,
    thumbnailUrl: media.imageUrl,
    video_url: null,
    transitions: scenes.length === 0 ? [{ ...NO_TRANSITION }] : [{ ...NEW_SCENE_TRANSITION }],
    audioFiles: [...media.audioFiles],
    characters: [...(scene.characters ?? [])],
    location: scene.location ?? '',
    time_of_day: scene.time_of_day ?? '',
    dialogue: (scene.dialogue ?? []).map(({ character, line }) => ({ character, line })),
  };
  return [...scenes, added];
}

// --- transitions ---

export const NO_TRANSITION = { type: 'none', duration: 0 } as const satisfies SceneTransitionValue;
/** The longest transition the timeline offers (and never longer than the scene it leads into). */
export const MAX_TRANSITION_SECONDS = 2;

export type SceneTransitionValue = ProductionScene['transitions'][number];

/**
 * The transition into the scene at `index` as it will be filmed: none for the first scene; the
 * scene's own otherwise, or the default 0.5 s fade when it has none (what the server uses then).
 */
export function transitionAt(scenes: readonly ProductionScene[], index: number): SceneTransitionValue {
  if (index <= 0) return { ...NO_TRANSITION };
  const own = scenes[index]?.transitions[0];
  return own ? { ...own } : { ...NEW_SCENE_TRANSITION };
}

/** The longest transition a scene of this length allows: 2 s, and never more than the scene. */
export const maxTransition = (sceneDuration: number) =>
  Math.max(DURATION_STEP, Math.min(MAX_TRANSITION_SECONDS, Math.floor(sceneDuration * 10) / 10));

/** A typed transition length: > 0, rounded to 0.1 s, at most 2 s and the scene's length; else null. */
export function parseTransitionDuration(input: string | number, sceneDuration: number): number | null {
  const value = parseDuration(input);
  if (value === null || value > maxTransition(sceneDuration)) return null;
  return value;
}

/**
 * The scenes with the transition into one scene changed (its type, its length or both). The first
 * scene keeps none; choosing none stores a length of 0; choosing a type on a scene without one
 * takes 0.5 s (or the scene's longest allowed). An invalid length leaves the scenes unchanged.
 */
export function setSceneTransition(
  scenes: readonly ProductionScene[],
  id: string,
  change: { type?: SceneTransition; duration?: string | number },
): ProductionScene[] {
  const index = scenes.findIndex((s) => s.id === id);
  if (index <= 0) return [...scenes];
  const scene = scenes[index]!;
  const current = transitionAt(scenes, index);
  const type = change.type ?? current.type;
  let duration: number;
  if (type === 'none') duration = 0;
  else if (change.duration !== undefined) {
    const parsed = parseTransitionDuration(change.duration, scene.duration);
    if (parsed === null) return [...scenes];
    duration = parsed;
  } else {
    const base = current.duration > 0 ? current.duration : NEW_SCENE_TRANSITION.duration;
    duration = Math.min(base, maxTransition(scene.duration));
  }
  const next = { ...scene, transitions: [{ type, duration }, ...scene.transitions.slice(1)] };
  return scenes.map((s, i) => (i === index ? next : s));
}

/** Cards with no scene of the script behind them (left by an older timeline): never filmed, not saved. */
export const scenesNotInScript = (
  scenes: readonly Pick<ProductionScene, 'id' | 'sceneNumber'>[],
  script: readonly Pick<ScriptSceneRef, 'scene_number'>[] | undefined,
): Set<string> => {
  if (!script) return new Set();
  const known = new Set(script.map((s) => s.scene_number));
  return new Set(scenes.filter((s) => !known.has(s.sceneNumber)).map((s) => s.id));
};

/**
 * The timeline as Save stores it: only cards with a scene of the script behind them (when the
 * script is known), every transition written out as it will be filmed (none for the first, whatever
 * it had before a reorder), and no transition longer than its scene allows.
 */
export function timelineForSave(
  all: readonly ProductionScene[],
  script?: readonly Pick<ScriptSceneRef, 'scene_number'>[],
): ProductionScene[] {
  const orphans = scenesNotInScript(all, script);
  const scenes = all.filter((s) => !orphans.has(s.id));
  return scenes.map((scene, i) => {
    const t = transitionAt(scenes, i);
    const duration = t.type === 'none' ? 0 : Math.min(t.duration, maxTransition(scene.duration));
    return { ...scene, transitions: [{ type: t.type, duration }, ...scene.transitions.slice(1)] };
  });
}

export const removeScene = (scenes: readonly ProductionScene[], id: string) =>
  scenes.filter((s) => s.id !== id);

/** The timeline's length in seconds, to one decimal ("12.5"). */
export const totalDuration = (scenes: readonly Pick<ProductionScene, 'duration'>[]) =>
  scenes.reduce((sum, s) => sum + (Number.isFinite(s.duration) ? s.duration : 0), 0).toFixed(1);

/** Whether two timelines differ in what a save would store (order, durations, transitions, scenes). */
export const sameTimeline = (a: readonly ProductionScene[], b: readonly ProductionScene[]) =>
  JSON.stringify(a) === JSON.stringify(b);

// --- the preview ---

export const DIALOGUE_LINES_SHOWN = 2;
export const DIALOGUE_LINE_CHARS = 60;

/** At most 2 dialogue lines, each cut at 60 characters, and how many more there are. */
export function dialoguePreview(dialogue: readonly { character: string; line: string }[]) {
  const lines = dialogue.slice(0, DIALOGUE_LINES_SHOWN).map(({ character, line }) => {
    const text = character ? `${character}: ${line}` : line;
    return text.length > DIALOGUE_LINE_CHARS ? `${text.slice(0, DIALOGUE_LINE_CHARS)}…` : text;
  });
  const more = Math.max(0, dialogue.length - DIALOGUE_LINES_SHOWN);
  return { lines, more: more > 0 ? `+${more} more dialogue lines...` : null };
}

/** The clip of a scene from a generation's scene videos. */
export const sceneClipOf = (
  generation: Pick<VideoGeneration, 'scene_videos'> | null | undefined,
  sceneNumber: number,
) => generation?.scene_videos?.find((v) => v.scene_number === sceneNumber && v.video_url)?.video_url ?? null;

/** A volume changed by one 0.1 step, kept within 0–1. */
export const stepVolume = (volume: number, by: 1 | -1) =>
  Math.min(1, Math.max(0, Math.round((volume + by * 0.1) * 10) / 10));

/** Bytes in MB to one decimal. */
export const megabytes = (bytes: number | null | undefined) => ((bytes ?? 0) / 1024 ** 2).toFixed(1);

/** The script id as the header shows it. */
export const shortId = (id: string) => id.slice(0, 8);

// --- Play edit: the timeline played in its order ---

export interface EditShot {
  sceneId: string;
  sceneNumber: number;
  /** The scene's rendered clip, when it has one. */
  clip: string | null;
  /** The picture held for the scene's length when there is no clip. */
  image: string | null;
  /** Seconds the scene lasts on the timeline. */
  duration: number;
  transition: SceneTransitionValue;
}

/**
 * What Play edit plays: the scenes in timeline order, each with its rendered clip (from the latest
 * finished generation, else the scene's own), else its picture, for the scene's length, with the
 * transition into it.
 */
export const editSequence = (
  scenes: readonly ProductionScene[],
  finished: Pick<VideoGeneration, 'scene_videos'> | null | undefined,
): EditShot[] =>
  scenes.map((scene, i) => ({
    sceneId: scene.id,
    sceneNumber: scene.sceneNumber,
    clip: sceneClipOf(finished, scene.sceneNumber) ?? scene.video_url ?? null,
    image: scene.imageUrl ?? scene.thumbnailUrl ?? null,
    duration: scene.duration,
    transition: transitionAt(scenes, i),
  }));

/** The counter of Play edit: "Scene 2 of 5 · #3" (the place on the timeline, and the scene's number). */
export const editCounter = (index: number, shots: readonly Pick<EditShot, 'sceneNumber'>[]) =>
  `Scene ${index + 1} of ${shots.length} · #${shots[index]?.sceneNumber ?? ''}`;

/** The transition into a shot in words: "fade 0.5s", or "cut" for none. */
export const transitionText = (t: SceneTransitionValue) =>
  t.type === 'none' || t.duration <= 0 ? 'cut' : `${t.type} ${t.duration}s`;

/** Whether the shot at `elapsed` seconds has run its length (or its clip ended) and the next one starts. */
export const shotDone = (shot: Pick<EditShot, 'duration'>, elapsed: number, clipEnded = false) =>
  clipEnded || elapsed >= shot.duration;

// --- the production and the selected script ---

/**
 * The script another script's saved timeline was made from, when the selected script is not it
 * (the production is one per chapter): null when the timeline is the selected script's, empty, or
 * from no particular script.
 */
export function otherScriptOfProduction(
  production: Pick<VideoProduction, 'script_id' | 'scenes'> | null | undefined,
  scriptId: string,
): string | null {
  if (!production?.script_id || production.script_id === scriptId) return null;
  return production.scenes.length ? production.script_id : null;
}

export const otherScriptNotice = (otherScriptId: string) =>
  `This timeline was made from script ${shortId(otherScriptId)}; initialise scenes from the selected script to replace it`;

// --- the Rendered Video card ---

/**
 * The final video's facts on the Rendered Video card: the production's metadata when it describes
 * this generation's film (the format and size the export settings made), else the generation's own.
 */
export function renderedFacts(
  generation: Pick<VideoGeneration, 'id' | 'video_generation_id' | 'final_video' | 'merge_progress'>,
  production?: Pick<VideoProduction, 'video_generation_id' | 'metadata'> | null,
) {
  const video = generation.final_video;
  const id = generation.video_generation_id ?? generation.id;
  const meta = production?.video_generation_id === id ? production.metadata : null;
  const duration = meta?.duration ?? video?.duration ?? generation.merge_progress?.total_duration ?? 0;
  return {
    duration: `${duration.toFixed(1)}s`,
    resolution: meta?.resolution ?? video?.resolution ?? '—',
    format: (meta?.format ?? video?.format ?? 'mp4').toUpperCase(),
    size: `${megabytes(meta?.fileSize ?? video?.file_size_bytes)} MB`,
  };
}

// --- downloads ---

/** A transcode of the film at a quality failed: its words are the server's. */
export class TranscodeFailed extends Error {
  override name = 'TranscodeFailed';
}

/**
 * What a failed download says: no video (404); 'File is too large to download' (the server answers
 * 400 with those words over 2 GB, or a 413); the server's own words for any other refusal (4xx) or a
 * failed transcode; otherwise 'Failed to download video'.
 */
export function downloadErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 404) return videoMessages.noFinalVideo;
    if (error.status === 413) return videoMessages.tooLarge;
    if (error.status >= 400 && error.status < 500 && error.status !== 401 && error.message)
      return error.message;
    return 'Failed to download video';
  }
  if (error instanceof TranscodeFailed) return error.message;
  return 'Failed to download video';
}
