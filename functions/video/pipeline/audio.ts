import { join } from 'node:path';
import type { AudioResult, MixTrack } from '../../engine/audio/types';
import { leastExact } from '../../engine/speech/timings';
import type { VisemeTiming, WordTiming, WordTimingMethod } from '../../engine/speech/types';
import { putJson } from '../../lib/json-files';
import {
  itemName,
  onFrames,
  videoKeys,
  type AudioManifest,
  type PlannedBeat,
  type PlannedScene,
  type ProductionPlan,
  type VideoGenerationJob,
} from '../model';
import {
  activeGeneration,
  advanceStage,
  bookOf,
  enterStage,
  readPlan,
  saveItem,
  sceneOf,
  stageNow,
  type NewStageItem,
} from './generation';
import { beatGap, SCENE_TIMING } from '../jobs/plan';
import type { PipelineDeps, PipelineEngine, SceneTask } from './ports';

/**
 * GenerateSceneAudio (one scene of the GenerateAudio Map): the narrator and each line spoken in turn
 * with breaths between them, the scene's effects, ambiance and music as long as the speech, mixed at
 * the product's loudness (speech over ducked beds) and encoded once as the sound its clips carry.
 * Every file is stored under the scene's folder with a manifest the later stages read.
 */
export type AudioDeps = Pick<
  PipelineDeps,
  'jobs' | 'engine' | 'film' | 'media' | 'items' | 'clock' | 'tempDir' | 'faultPoint'
>;

const { lead: LEAD, tail: TAIL, minScene: MIN_SCENE } = SCENE_TIMING;

export async function sceneAudioStage(deps: AudioDeps, { job_id, scene_number }: SceneTask) {
  const job = await activeGeneration(deps, job_id);
  await enterStage(deps, job, 'audio');
  await deps.faultPoint('pipeline.audio');
  const plan = await readPlan(deps, job);
  const scene = sceneOf(plan, scene_number);
  const started_at = stageNow(deps);
  const stored = await deps.tempDir('video-audio', async (dir) => {
    const speech = await speakScene(deps.engine, scene, dir);
    const duration = onFrames(Math.max(MIN_SCENE, speech.end + TAIL), plan.fps) / plan.fps;
    const beds = await soundBeds(deps.engine, plan, scene, duration, dir);
    const sound = await mixScene(deps, speech, beds, duration, dir);
    return storeSceneAudio(deps, job, scene_number, { speech, beds, sound, duration });
  });
  await saveItem(deps, job, { ...audioItem(scene_number, stored), started_at });
  await advanceStage(deps, job, 'audio', plan.scenes.length);
  return { scene_number, duration: stored.manifest.duration };
}

interface Recording {
  path: string;
  start: number;
  duration: number;
  text: string;
  words: WordTiming[];
}

interface SpokenScene {
  /** Every stretch of narration, in the order spoken. */
  narration: Recording[];
  lines: (Recording & { character: string; visemes: VisemeTiming[] })[];
  /** Seconds from the scene's start to the end of its last words. */
  end: number;
  /** How its word timings were found (`WordTimingMethod`): the least exact of its recordings'. */
  timings: WordTimingMethod | null;
}

/** What a scene says in order: its beats, or (plans made before them) its narration, then its lines. */
export function beatsOf(scene: PlannedScene): PlannedBeat[] {
  if (scene.beats) return scene.beats;
  return [
    ...(scene.narration ? [{ kind: 'narration' as const, ...scene.narration }] : []),
    ...scene.lines.map((line) => ({ kind: 'dialogue' as const, ...line })),
  ];
}

/**
 * Everything the scene says, one recording after the other in the book's order: each stretch of
 * narration in the narrator's voice and each line in its speaker's, with a breath between them.
 */
async function speakScene(engine: PipelineEngine, scene: PlannedScene, dir: string): Promise<SpokenScene> {
  const spoken: SpokenScene = { narration: [], lines: [], end: 0, timings: null };
  const beats = beatsOf(scene);
  let cursor = LEAD;
  for (const [i, beat] of beats.entries()) {
    const narration = beat.kind === 'narration';
    const name = narration ? `narration-${spoken.narration.length}` : `line-${spoken.lines.length}`;
    const said = await engine.speech.synthesize({
      text: beat.text,
      voice: beat.voice,
      outputPath: join(dir, `${name}.wav`),
    });
    const recording = {
      path: said.path,
      start: cursor,
      duration: said.duration,
      text: beat.text,
      words: said.words ?? [],
    };
    spoken.timings = leastExact(spoken.timings, said.timings ?? 'provider');
    if (beat.kind === 'narration') spoken.narration.push(recording);
    else spoken.lines.push({ ...recording, character: beat.character, visemes: said.visemes });
    spoken.end = cursor + said.duration;
    cursor = spoken.end + (i < beats.length - 1 ? beatGap(beat) : 0);
  }
  return spoken;
}

interface SoundBeds {
  ambiance: AudioResult;
  /** None when the film was asked without music. */
  music: AudioResult | null;
  /** Each effect spread over the scene: centred in its share of it, never past its end. */
  effects: (AudioResult & { start: number; text: string })[];
}

/**
 * The scene's ambiance and music as long as the scene, and its effects, each from the plan's seed.
 * The music is in the mood the film was asked for, else the scene's; none when asked without.
 */
async function soundBeds(
  engine: PipelineEngine,
  plan: ProductionPlan,
  scene: PlannedScene,
  duration: number,
  dir: string,
): Promise<SoundBeds> {
  const seed = (what: string) => plan.seed + scene.scene_number * 101 + what.length;
  const [ambiance, music, effects] = await Promise.all([
    engine.audio.ambiance({
      description: scene.ambiance,
      duration,
      seed: seed('ambiance'),
      outputPath: join(dir, 'ambiance.wav'),
    }),
    plan.music?.enabled === false
      ? null
      : engine.audio.music({
          style: 'cinematic',
          mood: plan.music?.mood ?? scene.description.mood,
          duration,
          seed: seed('music'),
          outputPath: join(dir, 'music.wav'),
        }),
    Promise.all(
      scene.effects.map((text, i) =>
        engine.audio.effect({
          description: text,
          seed: seed(`effect${i}`),
          outputPath: join(dir, `effect-${i}.wav`),
        }),
      ),
    ),
  ]);
  return {
    ambiance,
    music,
    effects: effects.map((effect, i) => {
      const centre = (duration * (i + 0.5)) / effects.length;
      const start = Math.max(0, Math.min(centre - effect.duration / 2, duration - effect.duration));
      return { ...effect, start, text: scene.effects[i]! };
    }),
  };
}

interface SceneSound {
  mixPath: string;
  /** The mix as the scene's clip carries it (AAC, exactly the scene's length). */
  soundPath: string;
  tracks: number;
}

/** Speech over the ducked effects, ambiance and music at −16 LUFS; then encoded once for the clips. */
async function mixScene(
  deps: Pick<AudioDeps, 'engine' | 'film'>,
  speech: SpokenScene,
  beds: SoundBeds,
  duration: number,
  dir: string,
): Promise<SceneSound> {
  const tracks: MixTrack[] = [
    ...[...speech.narration, ...speech.lines]
      .sort((a, b) => a.start - b.start)
      .map((said) => ({ path: said.path, role: 'speech' as const, start: said.start, volume: 1 })),
    ...beds.effects.map((e) => ({ path: e.path, role: 'effect' as const, start: e.start, volume: 0.6 })),
    { path: beds.ambiance.path, role: 'ambiance', start: 0, volume: 0.45 },
    ...(beds.music ? [{ path: beds.music.path, role: 'music' as const, start: 0, volume: 0.35 }] : []),
  ];
  const mix = await deps.engine.audio.mix({
    tracks,
    duration,
    duckUnderSpeech: true,
    targetLoudness: -16,
    outputPath: join(dir, 'mix.wav'),
    format: 'wav',
  });
  // The scene's sound as its clip carries it, encoded once: filming the scene copies it.
  const soundPath = join(dir, 'sound.m4a');
  await deps.film.encodeSceneSound(mix.path, duration, soundPath);
  return { mixPath: mix.path, soundPath, tracks: tracks.length };
}

/** Every file of the scene's sound stored under its folder, and the manifest that lists them. */
async function storeSceneAudio(
  deps: Pick<AudioDeps, 'media'>,
  job: VideoGenerationJob,
  sceneNumber: number,
  made: { speech: SpokenScene; beds: SoundBeds; sound: SceneSound; duration: number },
): Promise<{ manifest: AudioManifest; manifestKey: string; keys: string[] }> {
  const keys: string[] = [];
  const store = async (name: string, path: string, type = 'audio/wav') => {
    const key = videoKeys.audio(bookOf(job), job.id, sceneNumber, name);
    await deps.media.upload(key, path, type);
    keys.push(key);
    return key;
  };
  const { speech, beds, sound } = made;
  const narration: NonNullable<AudioManifest['narration']> = [];
  for (const [i, said] of speech.narration.entries())
    narration.push({
      key: await store(`narration-${String(i).padStart(3, '0')}.wav`, said.path),
      ...withoutPath(said),
    });
  const lines: AudioManifest['lines'] = [];
  for (const [i, line] of speech.lines.entries())
    lines.push({
      key: await store(`line-${String(i).padStart(3, '0')}.wav`, line.path),
      ...withoutPath(line),
    });
  const effects: AudioManifest['effects'] = [];
  for (const [i, effect] of beds.effects.entries())
    effects.push({
      key: await store(`effect-${i}.wav`, effect.path),
      start: effect.start,
      duration: effect.duration,
      text: effect.text,
    });
  const manifest: AudioManifest = {
    scene_number: sceneNumber,
    duration: made.duration,
    ...(speech.timings ? { word_timings: speech.timings } : {}),
    narrator: narration[0] ?? null,
    narration,
    lines,
    effects,
    ambiance: { key: await store('ambiance.wav', beds.ambiance.path), duration: beds.ambiance.duration },
    music: beds.music
      ? { key: await store('music.wav', beds.music.path), duration: beds.music.duration }
      : null,
    mix_key: await store('mix.wav', sound.mixPath),
    sound_key: await store('sound.m4a', sound.soundPath, 'audio/mp4'),
    tracks: sound.tracks,
  };
  const manifestKey = videoKeys.audio(bookOf(job), job.id, sceneNumber, 'manifest.json');
  await putJson(deps.media, manifestKey, manifest);
  keys.push(manifestKey);
  return { manifest, manifestKey, keys };
}

const withoutPath = <T extends { path: string }>({ path: _path, ...rest }: T) => rest;

/** The scene's audio item: its counters, its files, and what the generation lists without the manifest. */
function audioItem(
  sceneNumber: number,
  { manifest, manifestKey, keys }: { manifest: AudioManifest; manifestKey: string; keys: string[] },
): Omit<NewStageItem, 'started_at'> {
  return {
    stage: 'audio',
    item: itemName.scene(sceneNumber),
    scene_number: sceneNumber,
    counters: {
      narrator_files: manifest.narration?.length ?? (manifest.narrator ? 1 : 0),
      character_files: manifest.lines.length,
      sound_effects: manifest.effects.length,
      background_music: 2,
    },
    keys,
    data: {
      manifest_key: manifestKey,
      duration: manifest.duration,
      word_timings: manifest.word_timings ?? null,
      // What the generation record lists as its audio files (without reading the manifest).
      files: {
        narrator: manifest.narrator
          ? { key: manifest.narrator.key, duration: manifest.narrator.duration }
          : null,
        narration: (manifest.narration ?? []).map((n) => ({
          key: n.key,
          duration: n.duration,
          text: n.text,
        })),
        lines: manifest.lines.map((l) => ({
          key: l.key,
          duration: l.duration,
          character: l.character,
          text: l.text,
        })),
      },
    },
  };
}
