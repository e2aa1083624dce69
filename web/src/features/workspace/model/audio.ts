/**
 * Rules of the Audio tab, free of React: the timeline's zoom (50 % to 300 % in steps of 25 %) and
 * its ticks (every 10 s), where each file sits on it, the order files are listed in, and the
 * defaults that depend on the script's style.
 */
import type { AudioFile, AudioKind, VoiceModel } from '@contracts/audio';
import { AUDIO_DEFAULTS, AUDIO_STATUSES } from '@contracts/audio';
import type { ScriptStyle } from '@contracts/scripts';

export const ZOOM_MIN = 50;
export const ZOOM_MAX = 300;
export const ZOOM_STEP = 25;
export const ZOOM_DEFAULT = 100;
export const TICK_SECONDS = 10;
/** Pixels per second of the timeline at 100 %. */
export const PIXELS_PER_SECOND = 8;

export const zoomIn = (zoom: number) => Math.min(ZOOM_MAX, zoom + ZOOM_STEP);
export const zoomOut = (zoom: number) => Math.max(ZOOM_MIN, zoom - ZOOM_STEP);

/** Tick marks (seconds) from 0 to the end of the timeline, every 10 s. */
export function timelineTicks(totalSeconds: number): number[] {
  const ticks: number[] = [];
  for (let t = 0; t <= Math.max(0, totalSeconds); t += TICK_SECONDS) ticks.push(t);
  return ticks;
}

/** Lists show generating, completed, failed, then pending files; newest first within each. */
export function sortAudioFiles<F extends Pick<AudioFile, 'status' | 'created_at'>>(files: readonly F[]): F[] {
  return [...files].sort(
    (a, b) =>
      AUDIO_STATUSES.indexOf(a.status) - AUDIO_STATUSES.indexOf(b.status) ||
      b.created_at.localeCompare(a.created_at),
  );
}

/** Seconds from the chapter's start at which each scene starts (scenes play one after another). */
export function sceneStarts(scenes: readonly { scene_number: number; estimated_duration: number }[]) {
  const starts = new Map<number, number>();
  let at = 0;
  for (const scene of [...scenes].sort((a, b) => a.scene_number - b.scene_number)) {
    starts.set(scene.scene_number, at);
    at += Math.max(0, scene.estimated_duration);
  }
  return { starts, total: at };
}

/** Where a file sits on the timeline: its scene's start plus its own start, and its length. */
export function placeOnTimeline(
  file: Pick<AudioFile, 'scene_number' | 'startTime' | 'duration' | 'endTime'>,
  starts: ReadonlyMap<number, number>,
): { start: number; length: number } {
  const start = (starts.get(file.scene_number) ?? 0) + Math.max(0, file.startTime);
  const length = file.duration ?? (file.endTime !== null ? Math.max(0, file.endTime - file.startTime) : 0);
  return { start, length };
}

/** Narration scripts are read by a narrator voice, cinematic ones by a conversational voice. */
export const defaultVoiceModel = (style: ScriptStyle): VoiceModel =>
  style === 'cinematic_narration'
    ? AUDIO_DEFAULTS.narration_voice_model
    : AUDIO_DEFAULTS.cinematic_voice_model;

/**
 * What "Generate All" may make, by default: every kind. Which of them a scene gets follows what the
 * scene holds (`kindsForScene`), so the defaults never ask a scene for speech it does not have.
 */
export function defaultKinds(_style: ScriptStyle): Record<AudioKind, boolean> {
  return { narrator: true, dialogue: true, music: true, sound_effect: true, background_music: true };
}

/** What of a scene can be spoken: its narration and its lines of dialogue. */
export interface SpokenScene {
  narration: string;
  dialogue: { line: string }[];
}

/**
 * The kinds Generate All starts for one scene, of those chosen: the narrator when the scene has
 * narration (or, having no lines either, a description to read), the dialogue only when it has
 * lines; music, effects and ambiance as chosen.
 */
export function kindsForScene(scene: SpokenScene, chosen: Record<AudioKind, boolean>): AudioKind[] {
  const hasLines = scene.dialogue.some((d) => d.line.trim());
  const hasNarration = scene.narration.trim().length > 0;
  const fits: Record<AudioKind, boolean> = {
    narrator: hasNarration || !hasLines,
    dialogue: hasLines,
    music: true,
    sound_effect: true,
    background_music: true,
  };
  return (Object.keys(chosen) as AudioKind[]).filter((kind) => chosen[kind] && fits[kind]);
}
