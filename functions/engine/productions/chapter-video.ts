import { mkdir, rm } from 'node:fs/promises';
import { levelFile, VIDEO_AUDIO_ARGS } from '../audio/local/level';
import { probe } from '../media/ffmpeg';
import { join } from 'node:path';
import { ASPECT_RATIOS, type AspectRatio, type ImageResult, type ImageStyle } from '../image/types';
import {
  DEFAULT_STORY_TYPE,
  type ChapterText,
  type CharacterProfile,
  type ScriptStyle,
  type Screenplay,
  type ScriptScene,
} from '../text/types';
import { EngineError, type Engine, type ProbeResult, type Size } from '../types';
import type { MusicStyle } from '../audio/types';
import type { SubtitleCue } from '../video/types';
import type { VoiceModel, WordTimingMethod } from '../speech/types';
import { splitSentences } from '../text/sentences';
import { synthesizeLines, type SpokenLine } from './speech-track';
import { spokenTrackSeconds, type ReadingPace } from './spoken-length';

/**
 * A chapter as a short film: the screenplay's scenes illustrated, narrated and voiced (each
 * character with their own voice), with ambiance, subtitles, music and transitions. Split in three
 * steps so a state machine can render every scene in its own task: plan → scene × N → assemble.
 */
export interface ChapterVideoInput {
  bookTitle: string;
  chapter: ChapterText;
  language?: string;
  sceneCount?: number;
  scriptStyle?: ScriptStyle;
  imageStyle?: ImageStyle;
  musicStyle?: MusicStyle;
  voiceModel?: VoiceModel;
  size: Size;
  fps: number;
  seed: number;
  /** The longest the film may last (the user's plan): the screenplay is shortened to fit it. */
  maxSeconds?: number;
}

export interface ChapterVideoPlan {
  bookTitle: string;
  language: string;
  screenplay: Screenplay;
  narratorVoice: string;
  cast: CharacterProfile[];
  imageStyle: ImageStyle;
  musicStyle: MusicStyle;
  size: Size;
  fps: number;
  seed: number;
}

export interface RenderedScene {
  scene_number: number;
  image: string;
  audio: string;
  clip: string;
  duration: number;
  cues: SubtitleCue[];
  voices: string[];
  /** How the scene's word timings were found (`WordTimingMethod`); null when it says nothing. */
  timings: WordTimingMethod | null;
}

export type StepProgress = (step: string, fraction: number) => void;

/** The aspect ratio of the listed ones closest to a frame size. */
export function aspectRatioOf(size: Size): AspectRatio {
  const ratio = size.width / size.height;
  const value = (r: AspectRatio) => {
    const [w, h] = r.split(':').map(Number);
    return w! / h!;
  };
  return ASPECT_RATIOS.reduce((best, r) =>
    Math.abs(value(r) - ratio) < Math.abs(value(best) - ratio) ? r : best,
  );
}

/**
 * A scene's picture, drawn alike for the per-scene pipeline and the film: the characters the scene
 * names, the plan's style and a seed of its own.
 */
export function drawScene(
  engine: Engine,
  plan: ChapterVideoPlan,
  scene: ScriptScene,
  size: Size,
  outputPath: string,
): Promise<ImageResult> {
  return engine.image.scene({
    scene,
    characters: plan.cast.filter((c) => scene.characters.includes(c.name)),
    style: plan.imageStyle,
    quality: 'standard',
    aspectRatio: aspectRatioOf(size),
    seed: plan.seed + scene.scene_number,
    outputPath,
  });
}

export async function planChapterVideo(engine: Engine, input: ChapterVideoInput): Promise<ChapterVideoPlan> {
  const language = input.language ?? 'en';
  const screenplay = await engine.text.screenplay({
    bookTitle: input.bookTitle,
    chapter: input.chapter,
    options: {
      style: input.scriptStyle ?? 'cinematic_movie',
      sceneCount: input.sceneCount ?? 5,
      targetDuration: 'auto',
      focusAreas: [],
      storyType: DEFAULT_STORY_TYPE,
      includeCharacterProfiles: true,
      seed: input.seed,
    },
  });
  if (input.maxSeconds) screenplay.scenes = fitScenes(screenplay.scenes, input.maxSeconds);
  const narratorVoice = engine.speech.voiceFor({
    model: input.voiceModel,
    style: 'elevenlabs_narrator',
    language,
    role: 'narrator',
  });
  const cast = screenplay.character_details.map((character) => ({
    ...character,
    voice: engine.speech.voiceFor({
      role: 'character',
      language,
      seed: character.seed,
      ...(character.gender === 'female' || character.gender === 'male' ? { gender: character.gender } : {}),
    }),
  }));
  return {
    bookTitle: input.bookTitle,
    language,
    screenplay,
    narratorVoice,
    cast,
    imageStyle: input.imageStyle ?? 'cinematic',
    musicStyle: input.musicStyle ?? 'cinematic',
    size: input.size,
    fps: input.fps,
    seed: input.seed,
  };
}

/** How a scene's lines are spaced on its track (synthesizeLines' defaults and its tail). */
const SCENE_SPACING = { lead: 0.25, gap: 0.35, tail: 0.4 };

/** How long a scene lasts when what is said in it is read at `pace` (at least a second). */
export function sceneSeconds(scene: ScriptScene, pace: ReadingPace): number {
  const said = [scene.narration, ...scene.dialogue.map((d) => d.line)].filter((l) => l.trim());
  const lines = said.length ? said : [scene.visual_description];
  return Math.max(1, spokenTrackSeconds(lines, pace, SCENE_SPACING));
}

/**
 * The scenes shortened until the film lasts at most `maxSeconds` read at the slowest pace: the
 * longest scene that can be shortened gives up its last dialogue line, else the last sentence of its
 * narration; when every scene is down to one sentence, the last scene goes. A film of one scene of
 * one sentence that still does not fit is refused.
 */
export function fitScenes(scenes: readonly ScriptScene[], maxSeconds: number): ScriptScene[] {
  const kept = scenes.map((scene) => ({ ...scene, dialogue: [...scene.dialogue] }));
  const total = () => kept.reduce((sum, scene) => sum + sceneSeconds(scene, 'slowest'), 0);
  const shortenable = (scene: ScriptScene) =>
    scene.dialogue.length > 0 || splitSentences(scene.narration).length > 1;
  while (total() > maxSeconds) {
    const longest = kept
      .filter(shortenable)
      .sort((a, b) => sceneSeconds(b, 'slowest') - sceneSeconds(a, 'slowest'))[0];
    if (longest?.dialogue.length) longest.dialogue.pop();
    else if (longest) longest.narration = splitSentences(longest.narration).slice(0, -1).join(' ');
    else if (kept.length > 1) kept.pop();
    else
      throw new EngineError(
        'text_too_long',
        `Even one sentence of this chapter's film would last more than ${Math.round(maxSeconds)} seconds.`,
      );
  }
  return kept;
}

/** What is said in a scene, in order: the narration, then the characters' lines in their voices. */
export function sceneLines(plan: ChapterVideoPlan, index: number): SpokenLine[] {
  const scene = plan.screenplay.scenes[index];
  if (!scene) throw new Error(`The plan has no scene ${index + 1}`);
  const voiceOf = new Map(plan.cast.map((c) => [c.name, c.voice]));
  const lines: SpokenLine[] = [];
  if (scene.narration.trim()) lines.push({ text: scene.narration, voice: plan.narratorVoice });
  for (const line of scene.dialogue) {
    lines.push({ text: line.line, voice: voiceOf.get(line.character) ?? plan.narratorVoice });
  }
  if (lines.length === 0) lines.push({ text: scene.visual_description, voice: plan.narratorVoice });
  return lines;
}

export async function renderChapterScene(
  engine: Engine,
  plan: ChapterVideoPlan,
  index: number,
  workDir: string,
  onProgress?: StepProgress,
): Promise<RenderedScene> {
  await mkdir(workDir, { recursive: true });
  const scene = plan.screenplay.scenes[index]!;
  const name = `scene-${String(scene.scene_number).padStart(2, '0')}`;
  onProgress?.('voices', 0);
  const lines = sceneLines(plan, index);
  const speech = await synthesizeLines(engine, lines, workDir, { prefix: `${name}-line` });

  onProgress?.('sound', 0.4);
  const ambiance = await engine.audio.ambiance({
    description: [...scene.audio_requirements, scene.location, scene.time_of_day].join(' '),
    duration: speech.duration,
    seed: plan.seed + scene.scene_number,
    outputPath: join(workDir, `${name}-ambiance.wav`),
  });
  const mix = await engine.audio.mix({
    tracks: [
      ...speech.parts.map((part) => ({
        path: part.path,
        role: 'speech' as const,
        start: part.start,
        volume: 1,
      })),
      { path: ambiance.path, role: 'ambiance' as const, start: 0, volume: 0.5 },
    ],
    duration: speech.duration,
    duckUnderSpeech: true,
    targetLoudness: -16,
    outputPath: join(workDir, `${name}-mix.wav`),
    format: 'wav',
  });

  onProgress?.('picture', 0.6);
  const image = await drawScene(engine, plan, scene, plan.size, join(workDir, `${name}.png`));

  onProgress?.('clip', 0.75);
  const clip = await engine.video.sceneClip({
    images: [image.path],
    audioPath: mix.path,
    subtitles: speech.cues,
    size: plan.size,
    fps: plan.fps,
    motion: 'kenburns',
    seed: plan.seed + scene.scene_number,
    outputPath: join(workDir, `${name}.mp4`),
  });
  onProgress?.('clip', 1);
  return {
    scene_number: scene.scene_number,
    image: image.path,
    audio: mix.path,
    clip: clip.path,
    duration: clip.probe.duration,
    cues: speech.cues,
    voices: [...new Set(lines.map((l) => l.voice))],
    timings: speech.timings,
  };
}

/** The film: scenes joined with half-second fades (none before the first) over a music bed. */
export async function assembleChapterVideo(
  engine: Engine,
  plan: ChapterVideoPlan,
  scenes: Pick<RenderedScene, 'clip' | 'duration'>[],
  workDir: string,
  outputPath: string,
  onProgress?: StepProgress,
): Promise<{ path: string; probe: ProbeResult }> {
  const total = scenes.reduce((sum, s) => sum + s.duration, 0);
  onProgress?.('music', 0);
  const music = await engine.audio.music({
    style: plan.musicStyle,
    mood: plan.screenplay.scenes[0]?.mood,
    duration: total + 1,
    seed: plan.seed,
    outputPath: join(workDir, 'music.wav'),
  });
  onProgress?.('assembly', 0.1);
  // The music is laid under the scenes' sound (each at -16 LUFS) as they are joined: the whole is
  // levelled again afterwards, the picture copied.
  const assembled = join(workDir, 'assembled-unlevelled.mp4');
  const video = await engine.video.assemble({
    clips: scenes.map((scene, i) => ({
      path: scene.clip,
      ...(i ? { transition: { type: 'fade' as const, duration: 0.5 } } : {}),
    })),
    musicPath: music.path,
    size: plan.size,
    fps: plan.fps,
    outputPath: assembled,
    onProgress: (fraction) => onProgress?.('assembly', 0.1 + fraction * 0.85),
  });
  onProgress?.('loudness', 0.95);
  await levelFile({
    inputPath: video.path,
    outputPath,
    audioArgs: VIDEO_AUDIO_ARGS,
    containerArgs: ['-movflags', '+faststart', '-f', 'mp4'],
  });
  await rm(assembled, { force: true });
  return { path: outputPath, probe: await probe(outputPath) };
}

/** All three steps in one process (the command line; the pipeline runs them as separate tasks). */
export async function renderChapterVideo(
  engine: Engine,
  input: ChapterVideoInput,
  workDir: string,
  outputPath: string,
  onProgress?: StepProgress,
) {
  onProgress?.('screenplay', 0);
  const plan = await planChapterVideo(engine, input);
  const scenes: RenderedScene[] = [];
  for (let i = 0; i < plan.screenplay.scenes.length; i++) {
    scenes.push(
      await renderChapterScene(engine, plan, i, workDir, (step, f) =>
        onProgress?.(`scene ${i + 1} ${step}`, f),
      ),
    );
  }
  const video = await assembleChapterVideo(engine, plan, scenes, workDir, outputPath, onProgress);
  return { plan, scenes, ...video };
}
