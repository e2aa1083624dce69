import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { PipelineStep } from '../../contracts/video';
import { getJson } from '../../lib/json-files';
import {
  itemName,
  videoKeys,
  type AudioManifest,
  type ProductionPlan,
  type Shot,
  type VideoGenerationJob,
} from '../model';
import { filmedScenes } from '../jobs/plan';
import {
  activeGeneration,
  advanceStage,
  bookOf,
  enterStage,
  itemData,
  portraitsOf,
  readPlan,
  saveItem,
  sceneAudio,
  stageNow,
} from './generation';
import type { PipelineDeps, SceneTask } from './ports';
import type { VideoItemData } from './render';
import { cameraOf, faceFiles, talkingGraph, withCamera } from './shots';

/**
 * LipSyncScene (one scene of the ApplyLipSync Map): every dialogue shot's speaker talks. The shots
 * the render stage already filmed talking are kept and only measured (`sync_accuracy`); the others
 * are filmed talking here, all of a scene's in one FFmpeg run — and when a run starts at the lip-sync
 * (a redo), all of them are filmed again. Talking shots an earlier lip-sync made that this one no
 * longer uses are removed.
 */
export type LipSyncDeps = Pick<
  PipelineDeps,
  'jobs' | 'engine' | 'film' | 'media' | 'items' | 'clock' | 'tempDir' | 'faultPoint'
>;

/** A dialogue shot as the lip-sync stage leaves it: which file shows it talking, and how well. */
export interface TalkingShot {
  shot: number;
  key: string;
  character: string;
  start: number;
  duration: number;
  sync_accuracy: number;
}

interface DialogueShot {
  shot: Shot;
  index: number;
}

export async function lipSyncStage(
  deps: LipSyncDeps,
  { job_id, scene_number, start_at }: SceneTask & { start_at?: PipelineStep },
) {
  const job = await activeGeneration(deps, job_id);
  await enterStage(deps, job, 'lipsync');
  await deps.faultPoint('pipeline.lipsync');
  const plan = await readPlan(deps, job);
  const started_at = stageNow(deps);
  const video = await itemData<VideoItemData>(deps, job, 'video', itemName.scene(scene_number));
  const audio = await sceneAudio(deps, job, scene_number);
  const manifest = await getJson<AudioManifest>(deps.media, audio.manifest_key);
  // A run started at the lip-sync (a redo) films every dialogue shot talking again; otherwise the
  // shots the render stage filmed talking are kept and only measured.
  const kept = new Set(start_at === 'lipsync' ? [] : (video.talking ?? []));
  const dialogue = video.shots.flatMap((shot, index) =>
    shot.kind === 'dialogue' && shot.line !== null ? [{ shot, index }] : [],
  );
  const filming = dialogue.filter(({ index }) => !kept.has(index));
  const portraits = filming.length ? await portraitsOf(deps, job, plan) : new Map<string, string>();
  const synced = await deps.tempDir('video-lipsync', async (dir) => {
    const speech = await fetchSpeech(deps, manifest, dialogue, dir);
    const filmed = filming.length
      ? await filmTalkingShots(
          deps,
          job,
          plan,
          scene_number,
          { manifest, video, filming, speech, portraits },
          dir,
        )
      : { keys: new Map<number, string>(), method: 'unknown' };
    const talking = await measureSync(deps, plan, manifest, { dialogue, speech, keys: filmed.keys });
    const method = dialogue.some(({ index }) => kept.has(index)) ? 'visemes' : filmed.method;
    return { talking, method };
  });
  const before = await deps.items.getItem(bookOf(job), job.id, 'lipsync', itemName.scene(scene_number));
  const { talking } = synced;
  const keys = talking.filter((t) => t.made).map((t) => t.key);
  await saveItem(deps, job, {
    stage: 'lipsync',
    item: itemName.scene(scene_number),
    scene_number,
    counters: {
      characters: [...new Set(talking.map((t) => t.character))].join('\n'),
      shots: talking.length,
      processing_method: talking.length ? synced.method : 'none',
      sync_frames_weighted: talking.reduce((sum, t) => sum + t.sync_accuracy * t.duration, 0),
      sync_seconds: talking.reduce((sum, t) => sum + t.duration, 0),
    },
    keys,
    data: { talking: talking.map(({ made: _made, ...t }) => t) },
    started_at,
  });
  // Talking shots an earlier lip-sync made that this one no longer uses.
  await Promise.all(
    (before?.keys ?? []).filter((key) => !keys.includes(key)).map((key) => deps.media.delete(key)),
  );
  await advanceStage(deps, job, 'lipsync', filmedScenes(plan).length);
  return { scene_number, shots: talking.length };
}

/** Each dialogue shot's line, as the audio stage recorded it, in the stage's folder (by shot). */
async function fetchSpeech(
  deps: Pick<LipSyncDeps, 'media'>,
  manifest: AudioManifest,
  dialogue: DialogueShot[],
  dir: string,
): Promise<Map<number, string>> {
  const speech = new Map<number, string>();
  await Promise.all(
    dialogue.map(async ({ shot, index }) =>
      speech.set(
        index,
        await deps.media.download(manifest.lines[shot.line!]!.key, join(dir, `line-${index}.wav`)),
      ),
    ),
  );
  return speech;
}

/**
 * The shots to film talking, all in one run and one encoder, each cut to its own file and stored;
 * answers each shot's key and how the mouths were made.
 */
async function filmTalkingShots(
  deps: LipSyncDeps,
  job: VideoGenerationJob,
  plan: ProductionPlan,
  sceneNumber: number,
  scene: {
    manifest: AudioManifest;
    video: VideoItemData;
    filming: DialogueShot[];
    speech: Map<number, string>;
    portraits: Map<string, string>;
  },
  dir: string,
): Promise<{ keys: Map<number, string>; method: string }> {
  const { manifest, filming } = scene;
  const faces = faceFiles(
    filming.map(({ shot }) => shot),
    dir,
  );
  await Promise.all([...faces].map(([name, path]) => deps.media.download(scene.portraits.get(name)!, path)));
  const parts = join(dir, 'parts');
  const shotDir = join(dir, 'shots');
  await Promise.all([mkdir(parts), mkdir(shotDir)]);
  const graphs = await Promise.all(
    filming.map(async ({ shot, index }) => {
      const line = manifest.lines[shot.line!]!;
      let placed: string | undefined;
      if (!line.visemes.length) {
        // The line's speech where it is spoken in the shot: the mouth follows its loudness.
        placed = join(dir, `placed-${index}.wav`);
        const offset = Math.max(0, line.start - shot.start);
        await deps.film.placeSpeech(scene.speech.get(index)!, offset, shot.frames / plan.fps, placed);
      }
      const face = faces.get(shot.character!)!;
      const talking = await talkingGraph(deps.engine, plan, parts, {
        shot,
        index,
        manifest,
        portraitPath: face,
        transition: scene.video.transition ?? null,
        ...(placed ? { speechPath: placed } : {}),
      });
      const camera = withCamera(cameraOf(shot, plan.seed + sceneNumber, index));
      return { kind: shot.kind, frames: shot.frames, image: face, talking, ...camera };
    }),
  );
  const files = await deps.film.filmScene({
    shots: graphs,
    size: { width: plan.width, height: plan.height },
    fps: plan.fps,
    seed: plan.seed + sceneNumber,
    transition: null,
    shotDir,
    workDir: dir,
  });
  const keys = new Map<number, string>();
  await Promise.all(
    filming.map(async ({ index }, i) => {
      const key = videoKeys.talkingShot(bookOf(job), job.id, sceneNumber, index);
      await deps.media.upload(key, files[i]!, 'video/mp4');
      keys.set(index, key);
    }),
  );
  return { keys, method: graphs[graphs.length - 1]!.talking.processing_method };
}

/** How well each dialogue shot's mouth follows its speech (lines without visemes score 0). */
async function measureSync(
  deps: Pick<LipSyncDeps, 'engine'>,
  plan: ProductionPlan,
  manifest: AudioManifest,
  shots: { dialogue: DialogueShot[]; speech: Map<number, string>; keys: Map<number, string> },
): Promise<(TalkingShot & { made: boolean })[]> {
  const measured: (TalkingShot & { made: boolean })[] = [];
  for (const { shot, index } of shots.dialogue) {
    const line = manifest.lines[shot.line!]!;
    const key = shots.keys.get(index) ?? shot.key;
    const accuracy = line.visemes.length
      ? await deps.engine.lipSync.syncAccuracy({
          speechPath: shots.speech.get(index)!,
          visemes: line.visemes,
          fps: plan.fps,
          duration: line.duration,
        })
      : 0;
    measured.push({
      shot: index,
      key,
      character: shot.character!,
      start: shot.start,
      duration: shot.duration,
      sync_accuracy: accuracy,
      made: key !== shot.key,
    });
  }
  return measured;
}
