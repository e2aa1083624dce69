import { join } from 'node:path';
import type { AudioQuality, AudioKind } from '../../contracts/audio';
import { runFfmpeg } from '../../engine/media/ffmpeg';
import { hashString } from '../../engine/random';
import type { ScriptScene } from '../../engine/text/types';
import type { Engine } from '../../engine/types';
import type { AudioGenerationOptions, PlannedAudioFile } from '../model';

/**
 * One recipe per kind of scene audio: how its planned files are rendered and where each starts in
 * the scene. Voices come first in a scene (the narrator, then the lines one after another); beds and
 * effects are sized to the scene's speech as it stands when they are made, or to the scene's
 * estimated length when nothing has been spoken yet.
 */
export interface RenderContext {
  engine: Engine;
  dir: string;
  options: AudioGenerationOptions;
  scene: ScriptScene;
  /** Where the scene's narrator ends (seconds), when it has been spoken. */
  narratorEnd: number | null;
  /** Where the scene's speech ends (seconds), when any has been spoken. */
  speechEnd: number | null;
  seed: (file: PlannedAudioFile) => number;
}

export interface RenderedAudio {
  id: string;
  /** The WAV the engine wrote (encoded for the browser afterwards). */
  path: string;
  /** Seconds from the start of the scene. */
  start: number;
  duration: number;
}

/** Silence before the first words of a scene, and between two lines. */
const LEAD = 0.25;
const LINE_GAP = 0.35;
/** Pause after the narrator before the first line. */
const NARRATOR_GAP = 0.5;
/** Beds are never shorter or longer than this (seconds). */
const MIN_BED = 4;
const MAX_BED = 900;

/** How long a scene's beds last: its speech and a breath after it, else its estimated length. */
export function sceneLength(ctx: Pick<RenderContext, 'speechEnd' | 'scene'>): number {
  const length = ctx.speechEnd !== null ? ctx.speechEnd + 0.75 : ctx.scene.estimated_duration;
  return Math.min(MAX_BED, Math.max(MIN_BED, Number.isFinite(length) ? length : MIN_BED));
}

const wav = (ctx: RenderContext, file: PlannedAudioFile) => join(ctx.dir, `${file.id}.wav`);

async function speak(ctx: RenderContext, file: PlannedAudioFile) {
  return ctx.engine.speech.synthesize({
    text: file.text,
    voice: file.voice ?? '',
    outputPath: wav(ctx, file),
  });
}

export type Recipe = (ctx: RenderContext, files: PlannedAudioFile[]) => Promise<RenderedAudio[]>;

const dialogue: Recipe = async (ctx, files) => {
  let cursor = ctx.narratorEnd !== null ? ctx.narratorEnd + NARRATOR_GAP : LEAD;
  const rendered: RenderedAudio[] = [];
  for (const file of files) {
    const speech = await speak(ctx, file);
    rendered.push({ id: file.id, path: speech.path, start: cursor, duration: speech.duration });
    cursor += speech.duration + LINE_GAP;
  }
  return rendered;
};

const narrator: Recipe = async (ctx, files) =>
  Promise.all(
    files.map(async (file) => {
      const speech = await speak(ctx, file);
      return { id: file.id, path: speech.path, start: LEAD, duration: speech.duration };
    }),
  );

const music: Recipe = async (ctx, files) =>
  Promise.all(
    files.map(async (file) => {
      const made = await ctx.engine.audio.music({
        style: ctx.options.music_style,
        mood: ctx.scene.mood,
        duration: sceneLength(ctx),
        seed: ctx.seed(file),
        outputPath: wav(ctx, file),
      });
      return { id: file.id, path: made.path, start: 0, duration: made.duration };
    }),
  );

/** Effects spread over the scene, each centred in its share of it. */
const effects: Recipe = async (ctx, files) => {
  const length = sceneLength(ctx);
  return Promise.all(
    files.map(async (file, i) => {
      const made = await ctx.engine.audio.effect({
        description: file.text,
        seed: ctx.seed(file),
        outputPath: wav(ctx, file),
      });
      const centre = (length * (i + 0.5)) / files.length;
      const start = Math.max(0, Math.min(centre - made.duration / 2, length - made.duration));
      return { id: file.id, path: made.path, start, duration: made.duration };
    }),
  );
};

const ambiance: Recipe = async (ctx, files) =>
  Promise.all(
    files.map(async (file) => {
      const made = await ctx.engine.audio.ambiance({
        description: file.text,
        duration: sceneLength(ctx),
        seed: ctx.seed(file),
        outputPath: wav(ctx, file),
      });
      return { id: file.id, path: made.path, start: 0, duration: made.duration };
    }),
  );

export const RECIPES: Record<AudioKind, Recipe> = {
  dialogue,
  narrator,
  music,
  sound_effect: effects,
  background_music: ambiance,
};

/** The stable seed of a file: the same scene, kind and place give the same sound. */
export const fileSeed = (options: AudioGenerationOptions) => (file: PlannedAudioFile) =>
  hashString(`${options.script_id}:${options.scene_number}:${options.kind}:${file.order}:${file.text}`);

/** AAC bit rates of the spec's audio qualities. */
const BITRATE: Record<AudioQuality, string> = { standard: '96k', high: '160k', premium: '256k' };

/**
 * The browser's copies of rendered files: AAC in an MP4 container, ready to stream, all written by one
 * FFmpeg process (a process per file cost more than the encoding of a line).
 */
export async function encodeForBrowser(
  files: { path: string; outputPath: string }[],
  quality: AudioQuality,
): Promise<string[]> {
  if (!files.length) return [];
  const inputs = files.flatMap((file) => ['-i', file.path]);
  const outputs = files.flatMap((file, i) => [
    '-map',
    `${i}:a:0`,
    '-c:a',
    'aac',
    // The fast coder: a third of the default's time, no audible difference at these rates.
    '-aac_coder',
    'fast',
    '-b:a',
    BITRATE[quality],
    '-movflags',
    '+faststart',
    '-f',
    'ipod',
    file.outputPath,
  ]);
  await runFfmpeg([...inputs, ...outputs]);
  return files.map((file) => file.outputPath);
}
