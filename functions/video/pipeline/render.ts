import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { getJson } from '../../lib/json-files';
import {
  itemName,
  videoKeys,
  type AudioManifest,
  type PlannedScene,
  type ProductionPlan,
  type Shot,
  type VideoGenerationJob,
} from '../model';
import { filmedScenes, sceneSeconds } from '../jobs/plan';
import { filmCues, toWebVtt } from '../subtitles';
import {
  activeGeneration,
  advanceStage,
  bookOf,
  enterStage,
  itemData,
  portraitsOf,
  readPlan,
  refuseBeyondPlan,
  saveItem,
  sceneAudio,
  sceneOf,
  stageNow,
  type NewStageItem,
} from './generation';
import type { PipelineDeps, SceneTask } from './ports';
import { momentOf } from './moments';
import { cameraOf, faceFiles, planShots, talkingGraph, withCamera } from './shots';

/**
 * RenderSceneVideo (one scene of the RenderSceneVideos Map): the scene cut into shots (its picture,
 * then a close-up of each speaker), filmed in one FFmpeg run and one encoder — camera moves,
 * close-ups, and the dialogue shots whose lines have visemes already talking — with the scene's
 * sound; the same run writes the scene clip and each shot's file. A run that redoes some scenes
 * keeps the others' clips.
 */
export type RenderDeps = Pick<
  PipelineDeps,
  'jobs' | 'engine' | 'film' | 'media' | 'items' | 'clock' | 'tempDir' | 'faultPoint'
>;

/** What the video stage records of a scene for the merge, the lip-sync and Publish. */
export interface VideoItemData {
  shots: Shot[];
  clip_key: string;
  duration: number;
  mix_key: string;
  mix_duration: number;
  transition?: { type: string; duration: number } | null;
  /** The shots filmed talking in the render stage (items made before it have none). */
  talking?: number[];
  /** The scene's subtitles (WebVTT), also the clip's subtitle stream (absent on older items). */
  subtitles_key?: string;
}

export async function renderStage(deps: RenderDeps, { job_id, scene_number }: SceneTask) {
  const job = await activeGeneration(deps, job_id);
  await enterStage(deps, job, 'video');
  await deps.faultPoint('pipeline.video');
  const plan = await readPlan(deps, job);
  await refuseBeyondPlan(deps, job, plan);
  const filmed = filmedScenes(plan);
  const scene = sceneOf(plan, scene_number);
  if (await keptByRedo(deps, job, scene_number)) {
    await advanceStage(deps, job, 'video', filmed.length);
    return { scene_number, kept: true };
  }
  const started_at = stageNow(deps);
  const cut = await cutScene(deps, job, plan, scene);
  const keys = await deps.tempDir('video-render', (dir) => filmSceneFiles(deps, job, plan, scene, cut, dir));
  await saveItem(deps, job, { ...videoItem(job, scene, cut, keys), started_at });
  await advanceStage(deps, job, 'video', filmed.length);
  return { scene_number, shots: cut.shots.length };
}

/** A run that redoes some scenes keeps the clip of a scene that is not one of them. */
async function keptByRedo(deps: Pick<RenderDeps, 'items'>, job: VideoGenerationJob, sceneNumber: number) {
  const redo = job.options.redo_scenes;
  if (!redo || redo.includes(sceneNumber)) return false;
  const existing = await deps.items.getItem(bookOf(job), job.id, 'video', itemName.scene(sceneNumber));
  return existing?.status === 'completed';
}

/** How the scene is filmed: its length, its shots, which of them talk, and where its sound and picture are. */
interface SceneCut {
  manifest: AudioManifest;
  /** The scene's pictures, each from where it is first shown (seconds from the scene's start). */
  stills: { key: string; start: number }[];
  /** Each speaker's portrait key, by name. */
  portraits: Map<string, string>;
  duration: number;
  shots: Shot[];
  /** Dialogue shots filmed talking here (their lines have visemes); the lip-sync measures them. */
  talking: number[];
  /** The scene keeps its sound's length, so the sound the audio stage encoded is copied. */
  soundEncoded: boolean;
}

async function cutScene(
  deps: Pick<RenderDeps, 'items' | 'media'>,
  job: VideoGenerationJob,
  plan: ProductionPlan,
  scene: PlannedScene,
): Promise<SceneCut> {
  const n = scene.scene_number;
  const audio = await sceneAudio(deps, job, n);
  const picture = await itemData<{ image_key: string; images?: { key: string; start: number }[] }>(
    deps,
    job,
    'images',
    itemName.scene(n),
  );
  const manifest = await getJson<AudioManifest>(deps.media, audio.manifest_key);
  const portraits = await portraitsOf(deps, job, plan);
  const duration = sceneSeconds(scene, manifest.duration, plan.fps);
  const shots = planShots(
    manifest,
    duration,
    plan.fps,
    (name) => portraits.has(name),
    (i) => videoKeys.shot(bookOf(job), job.id, n, i),
    plan.seed + n,
  );
  const talking = shots.flatMap((shot, i) =>
    shot.kind === 'dialogue' && shot.line !== null && manifest.lines[shot.line]?.visemes.length ? [i] : [],
  );
  const soundEncoded = manifest.sound_key !== undefined && duration === manifest.duration;
  const stills = picture.images?.length ? picture.images : [{ key: picture.image_key, start: 0 }];
  return { manifest, stills, portraits, duration, shots, talking, soundEncoded };
}

/** The scene filmed in `dir` and its files stored: each shot, the clip and its thumbnail (their keys). */
async function filmSceneFiles(
  deps: RenderDeps,
  job: VideoGenerationJob,
  plan: ProductionPlan,
  scene: PlannedScene,
  cut: SceneCut,
  dir: string,
): Promise<string[]> {
  const { manifest, shots, talking, soundEncoded } = cut;
  const size = { width: plan.width, height: plan.height };
  const stills = cut.stills.map((s, i) => ({ ...s, path: join(dir, `scene-${i}.png`) }));
  const sound = join(dir, soundEncoded ? 'sound.m4a' : 'mix.wav');
  const faces = faceFiles(shots, dir);
  await Promise.all([
    ...stills.map((s) => deps.media.download(s.key, s.path)),
    deps.media.download(soundEncoded ? manifest.sound_key! : manifest.mix_key, sound),
    ...[...faces].map(([name, path]) => deps.media.download(cut.portraits.get(name)!, path)),
  ]);
  const imageOf = (shot: Shot) =>
    shot.kind === 'dialogue' ? faces.get(shot.character!)! : momentOf(stills, shot).path;
  // The whole scene in one run and one encoder: camera moves, close-ups and talking shots.
  const parts = join(dir, 'parts');
  const shotDir = join(dir, 'shots');
  await Promise.all([mkdir(parts), mkdir(shotDir)]);
  const filming = await Promise.all(
    shots.map(async (shot, i) => ({
      kind: shot.kind,
      frames: shot.frames,
      image: imageOf(shot),
      ...withCamera(cameraOf(shot, plan.seed + scene.scene_number, i)),
      ...(talking.includes(i)
        ? {
            talking: await talkingGraph(deps.engine, plan, parts, {
              shot,
              index: i,
              manifest,
              portraitPath: imageOf(shot),
              transition: scene.transition,
            }),
          }
        : {}),
    })),
  );
  const clipPath = join(dir, 'clip.mp4');
  const thumbPath = join(dir, 'thumb.jpg');
  const outputs = await deps.film.filmScene({
    shots: filming,
    size,
    fps: plan.fps,
    seed: plan.seed + scene.scene_number,
    transition: scene.transition,
    clip: { path: clipPath, soundPath: sound, soundEncoded },
    shotDir,
    workDir: dir,
  });
  // The thumbnail: the still on screen one second in (past a fade-in), no video decoded.
  const at = Math.min(1, cut.duration / 2);
  await deps.film.stillThumbnail(
    imageOf(shots[shots.findLastIndex((s) => s.start <= at)]!),
    size,
    480,
    thumbPath,
  );
  const clipKey = videoKeys.sceneClip(bookOf(job), job.id, scene.scene_number);
  const thumbKey = videoKeys.sceneThumbnail(bookOf(job), job.id, scene.scene_number);
  const subtitlesKey = videoKeys.sceneSubtitles(bookOf(job), job.id, scene.scene_number);
  const subtitled = await withSceneSubtitles(deps, cut, clipPath, dir);
  await Promise.all([
    ...shots.map((s, i) => deps.media.upload(s.key, outputs[i]!, 'video/mp4')),
    deps.media.upload(clipKey, subtitled.clipPath, 'video/mp4'),
    deps.media.upload(thumbKey, thumbPath, 'image/jpeg'),
    deps.media.upload(subtitlesKey, subtitled.subtitlesPath, 'text/vtt'),
  ]);
  return [...shots.map((s) => s.key), clipKey, thumbKey, subtitlesKey];
}

/**
 * The scene clip with its own subtitles: the scene's recorded words as a WebVTT sidecar and as the
 * clip's soft subtitle stream (picture and sound copied). The merge takes only the clips' pictures,
 * so the film's subtitles are made once, for the whole film, at Publish.
 */
async function withSceneSubtitles(
  deps: Pick<RenderDeps, 'film'>,
  cut: SceneCut,
  clipPath: string,
  dir: string,
): Promise<{ clipPath: string; subtitlesPath: string }> {
  const subtitlesPath = join(dir, 'scene.vtt');
  await writeFile(subtitlesPath, toWebVtt(filmCues([{ duration: cut.duration, manifest: cut.manifest }])));
  const subtitledPath = join(dir, 'clip-subtitled.mp4');
  await deps.film.addSubtitleStream(clipPath, subtitlesPath, 'mp4', subtitledPath);
  return { clipPath: subtitledPath, subtitlesPath };
}

function videoItem(
  job: VideoGenerationJob,
  scene: PlannedScene,
  cut: SceneCut,
  keys: string[],
): Omit<NewStageItem, 'started_at'> {
  const n = scene.scene_number;
  const data: VideoItemData & { thumbnail_key: string } = {
    shots: cut.shots,
    clip_key: videoKeys.sceneClip(bookOf(job), job.id, n),
    thumbnail_key: videoKeys.sceneThumbnail(bookOf(job), job.id, n),
    subtitles_key: videoKeys.sceneSubtitles(bookOf(job), job.id, n),
    duration: cut.duration,
    mix_key: cut.manifest.mix_key,
    mix_duration: cut.manifest.duration,
    transition: scene.transition,
    talking: cut.talking,
  };
  return {
    stage: 'video',
    item: itemName.scene(n),
    scene_number: n,
    counters: { videos: 1 },
    keys,
    data: { ...data },
  };
}
