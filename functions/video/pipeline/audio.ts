import { join } from 'node:path';
import type { AudioResult, MixTrack } from '../../engine/audio/types';
import type { VisemeTiming } from '../../engine/speech/types';
import { putJson } from '../../lib/json-files';
import {
  itemName,
  onFrames,
  videoKeys,
  type AudioManifest,
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
import { SCENE_TIMING } from '../jobs/plan';
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

const {
  lead: LEAD,
  lineGap: LINE_GAP,
  narratorGap: NARRATOR_GAP,
  tail: TAIL,
  minScene: MIN_SCENE,
} = SCENE_TIMING;

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

interface SpokenScene {
  narrator: { path: string; start: number; duration: number; text: string } | null;
  lines: {
    path: string;
    character: string;
    text: string;
    start: number;
    duration: number;
    visemes: VisemeTiming[];
  }[];
  /** Seconds from the scene's start to the end of its last words. */
  end: number;
}

/** The narrator, then each line in its speaker's voice, placed one after the other. */
async function speakScene(engine: PipelineEngine, scene: PlannedScene, dir: string): Promise<SpokenScene> {
  let cursor = LEAD;
  let narrator: SpokenScene['narrator'] = null;
  if (scene.narration) {
    const spoken = await engine.speech.synthesize({
      text: scene.narration.text,
      voice: scene.narration.voice,
      outputPath: join(dir, 'narrator.wav'),
    });
    narrator = { path: spoken.path, start: LEAD, duration: spoken.duration, text: scene.narration.text };
    cursor = LEAD + spoken.duration + NARRATOR_GAP;
  }
  const lines: SpokenScene['lines'] = [];
  for (const [i, line] of scene.lines.entries()) {
    const spoken = await engine.speech.synthesize({
      text: line.text,
      voice: line.voice,
      outputPath: join(dir, `line-${i}.wav`),
    });
    lines.push({
      path: spoken.path,
      character: line.character,
      text: line.text,
      start: cursor,
      duration: spoken.duration,
      visemes: spoken.visemes,
    });
    cursor += spoken.duration + LINE_GAP;
  }
  const end = lines.length ? cursor - LINE_GAP : narrator ? LEAD + narrator.duration : 0;
  return { narrator, lines, end };
}

interface SoundBeds {
  ambiance: AudioResult;
  music: AudioResult;
  /** Each effect spread over the scene: centred in its share of it, never past its end. */
  effects: (AudioResult & { start: number; text: string })[];
}

/** The scene's ambiance and music as long as the scene, and its effects, each from the plan's seed. */
async function soundBeds(
  engine: PipelineEngine,
  plan: ProductionPlan,
  scene: PlannedScene,
  duration: number,
  dir: string,
): Promise<SoundBeds> {
  const seed = (what: string) => plan.seed + scene.scene_number * 101 + what.length;
  const [ambiance, music, ...effects] = await Promise.all([
    engine.audio.ambiance({
      description: scene.ambiance,
      duration,
      seed: seed('ambiance'),
      outputPath: join(dir, 'ambiance.wav'),
    }),
    engine.audio.music({
      style: 'cinematic',
      mood: scene.description.mood,
      duration,
      seed: seed('music'),
      outputPath: join(dir, 'music.wav'),
    }),
    ...scene.effects.map((text, i) =>
      engine.audio.effect({
        description: text,
        seed: seed(`effect${i}`),
        outputPath: join(dir, `effect-${i}.wav`),
      }),
    ),
  ]);
  return {
    ambiance: ambiance!,
    music: music!,
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
    ...(speech.narrator
      ? [{ path: speech.narrator.path, role: 'speech' as const, start: LEAD, volume: 1 }]
      : []),
    ...speech.lines.map((line) => ({
      path: line.path,
      role: 'speech' as const,
      start: line.start,
      volume: 1,
    })),
    ...beds.effects.map((e) => ({ path: e.path, role: 'effect' as const, start: e.start, volume: 0.6 })),
    { path: beds.ambiance.path, role: 'ambiance', start: 0, volume: 0.45 },
    { path: beds.music.path, role: 'music', start: 0, volume: 0.35 },
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
  const narrator = speech.narrator && {
    key: await store('narrator.wav', speech.narrator.path),
    ...withoutPath(speech.narrator),
  };
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
    narrator,
    lines,
    effects,
    ambiance: { key: await store('ambiance.wav', beds.ambiance.path), duration: beds.ambiance.duration },
    music: { key: await store('music.wav', beds.music.path), duration: beds.music.duration },
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
      narrator_files: manifest.narrator ? 1 : 0,
      character_files: manifest.lines.length,
      sound_effects: manifest.effects.length,
      background_music: 2,
    },
    keys,
    data: {
      manifest_key: manifestKey,
      duration: manifest.duration,
      // What the generation record lists as its audio files (without reading the manifest).
      files: {
        narrator: manifest.narrator
          ? { key: manifest.narrator.key, duration: manifest.narrator.duration }
          : null,
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
