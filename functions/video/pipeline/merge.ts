import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  itemName,
  videoKeys,
  type ProductionPlan,
  type StageItemRecord,
  type VideoGenerationJob,
} from '../model';
import { filmedScenes } from '../jobs/plan';
import {
  activeGeneration,
  BAR,
  bookOf,
  enterStage,
  readPlan,
  refuseBeyondPlan,
  saveItem,
  stageNow,
} from './generation';
import type { PipelineDeps } from './ports';
import type { VideoItemData } from './render';

/**
 * MergeAudioAndVideo: the film's scene clips joined in film order with their sound — each scene's
 * mix, already at the film's loudness, one after the other, each as long as its scene — encoded once,
 * in the run that copies the pictures.
 */
export type MergeDeps = Pick<
  PipelineDeps,
  'jobs' | 'film' | 'media' | 'items' | 'clock' | 'tempDir' | 'faultPoint'
>;

/** The film's scenes in order, each with what the video stage recorded (none missing). */
export async function filmScenesOf(
  deps: Pick<PipelineDeps, 'items'>,
  job: VideoGenerationJob,
  plan: ProductionPlan,
) {
  const items = await deps.items.listItems(bookOf(job), job.id, 'video');
  return filmedScenes(plan).map((n) => {
    const item = items.find((i) => i.scene_number === n && i.status === 'completed');
    if (!item) throw new Error(`Scene ${n} has no video: retry from video`);
    return { scene_number: n, ...(item.data as unknown as VideoItemData) };
  });
}

export async function mergeStage(deps: MergeDeps, { job_id }: { job_id: string }) {
  const job = await activeGeneration(deps, job_id);
  await enterStage(deps, job, 'merge');
  await deps.faultPoint('pipeline.merge');
  const bookId = bookOf(job);
  const plan = await readPlan(deps, job);
  await refuseBeyondPlan(deps, job, plan);
  const scenes = await filmScenesOf(deps, job, plan);
  const started = deps.clock.now().getTime();
  const started_at = stageNow(deps);
  const audioItems = await deps.items.listItems(bookId, job.id, 'audio');
  const mergedKey = videoKeys.merged(bookId, job.id);
  const merged = await deps.tempDir('video-merge', async (dir) => {
    const [clips, mixes] = await Promise.all([
      Promise.all(scenes.map((s, i) => deps.media.download(s.clip_key, join(dir, `scene-${i}.mp4`)))),
      Promise.all(scenes.map((s, i) => deps.media.download(s.mix_key, join(dir, `mix-${i}.wav`)))),
    ]);
    const mergedPath = join(dir, 'merged.mp4');
    await deps.film.mergeScenes(
      scenes.map((s, i) => ({ clipPath: clips[i]!, mixPath: mixes[i]!, duration: s.duration })),
      dir,
      mergedPath,
    );
    await deps.media.upload(mergedKey, mergedPath, 'video/mp4');
    return { bytes: (await stat(mergedPath)).size };
  });
  const total = scenes.reduce((sum, s) => sum + s.duration, 0);
  await saveItem(deps, job, {
    stage: 'merge',
    item: itemName.film,
    scene_number: null,
    counters: {
      total_scenes_merged: scenes.length,
      total_duration: Math.round(total * 100) / 100,
      audio_tracks_mixed: tracksMixed(audioItems, scenes),
      file_size_mb: Math.round((merged.bytes / 1024 ** 2) * 100) / 100,
      processing_time: Math.round((deps.clock.now().getTime() - started) / 100) / 10,
    },
    keys: [mergedKey],
    data: { merged_key: mergedKey, duration: total },
    started_at,
  });
  await deps.jobs.progress(job_id, BAR.merge[1], 'Merged the scenes and the sound');
  return { scenes: scenes.length, duration: total };
}

/** The audio files that went into the film's scenes (narrator, voices, effects, beds). */
function tracksMixed(audioItems: StageItemRecord[], scenes: { scene_number: number }[]) {
  return audioItems
    .filter((i) => scenes.some((s) => s.scene_number === i.scene_number))
    .reduce((sum, { counters: c }) => {
      const count = (name: string) => Number(c[name] ?? 0);
      return (
        sum +
        count('narrator_files') +
        count('character_files') +
        count('sound_effects') +
        count('background_music')
      );
    }, 0);
}
