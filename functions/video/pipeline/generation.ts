import type { GenerationStatus, PipelineStep } from '../../contracts/video';
import { beyondPlanLength, subscriptionMessages } from '../../contracts/subscriptions';
import { EngineError } from '../../engine/types';
import { JobGoneError } from '../../jobs';
import { filmedSeconds } from '../jobs/plan';
import { getJson } from '../../lib/json-files';
import { isoNow } from '../../lib/ports';
import {
  itemName,
  videoKeys,
  type ProductionPlan,
  type StageItemRecord,
  type VideoGenerationJob,
  type VideoGenerationOutputs,
} from '../model';
import type { PipelineDeps } from './ports';

/**
 * What every stage of a generation does around its own work: find its generation still running,
 * say which stage the run is in (a failure is recorded against it), read the plan and the items of
 * the stages before it, store its item — unless the generation ended meanwhile, when the files it
 * wrote are removed and the run stops — and move the progress bar.
 */
export type Stage = PipelineStep | 'publish';

/** Where each stage's share of the whole run's progress bar starts and ends. */
export const BAR: Record<Stage, [number, number]> = {
  audio: [2, 25],
  images: [25, 40],
  video: [40, 65],
  merge: [65, 72],
  lipsync: [72, 95],
  publish: [95, 99],
};
const RUNNING: Record<Stage, GenerationStatus> = {
  audio: 'generating_audio',
  images: 'generating_images',
  video: 'generating_video',
  merge: 'merging_audio',
  lipsync: 'applying_lipsync',
  publish: 'lipsync_completed',
};
/** The extended statuses (spec 3 §4) a stage reports when its last item is done. */
const COMPLETED: Partial<Record<PipelineStep, GenerationStatus>> = {
  audio: 'audio_completed',
  images: 'images_completed',
  video: 'video_completed',
};
const WORDS: Record<Stage, string> = {
  audio: 'Recording scene {done} of {total}',
  images: 'Drawing picture {done} of {total}',
  video: 'Filming scene {done} of {total}',
  merge: 'Merging the scenes and the sound',
  lipsync: 'Lip-syncing scene {done} of {total}',
  publish: 'Publishing the film',
};

export const bookOf = (job: VideoGenerationJob) => job.target.book_id!;
export const stageNow = (deps: Pick<PipelineDeps, 'clock'>) => isoNow(deps.clock);

/** The generation, while it runs; a deleted or ended one stops the run. */
export async function activeGeneration(
  deps: Pick<PipelineDeps, 'jobs'>,
  jobId: string,
): Promise<VideoGenerationJob> {
  const job = (await deps.jobs.active(jobId)) as VideoGenerationJob | null;
  if (!job) throw new JobGoneError(`Generation ${jobId} no longer exists or has ended`);
  return job;
}

/** Marks the stage the run is in (a failure is recorded against it) and its status. */
export async function enterStage(deps: Pick<PipelineDeps, 'jobs'>, job: VideoGenerationJob, stage: Stage) {
  if (job.outputs.stage === stage) return;
  // The step moves with the bar, forward only: scene workers enter a stage in parallel, and one that
  // enters after another counted its first scene must not set the words back.
  await deps.jobs.record<VideoGenerationOutputs>(job.id, {
    outputs: { stage, generation_status: RUNNING[stage] },
  });
  await deps.jobs.progress(job.id, BAR[stage][0], WORDS[stage].replace(' {done} of {total}', 's'));
}

/** Counts the stage's finished items and moves the bar. */
export async function advanceStage(
  deps: Pick<PipelineDeps, 'jobs' | 'items'>,
  job: VideoGenerationJob,
  stage: PipelineStep,
  total: number,
) {
  const done = (await deps.items.listItems(bookOf(job), job.id, stage)).filter(
    (i) => i.status === 'completed',
  ).length;
  const [from, to] = BAR[stage];
  const finished = Math.min(done, total);
  const completed = COMPLETED[stage];
  if (completed && finished >= total)
    await deps.jobs.record<VideoGenerationOutputs>(job.id, { outputs: { generation_status: completed } });
  await deps.jobs.progress(
    job.id,
    from + ((to - from) * finished) / Math.max(1, total),
    WORDS[stage].replace('{done}', String(finished)).replace('{total}', String(total)),
  );
}

export type NewStageItem = Omit<StageItemRecord, 'generation_id' | 'attempt' | 'finished_at' | 'status'>;

/** Stores a stage item, unless the generation ended meanwhile (then its files go and the run stops). */
export async function saveItem(
  deps: Pick<PipelineDeps, 'jobs' | 'items' | 'media' | 'clock'>,
  job: VideoGenerationJob,
  item: NewStageItem,
) {
  const still = await deps.jobs.active(job.id);
  if (!still) {
    await Promise.all(item.keys.map((key) => deps.media.delete(key)));
    throw new JobGoneError(`Generation ${job.id} ended while its ${item.stage} stage ran`);
  }
  await deps.items.putItem(bookOf(job), {
    ...item,
    generation_id: job.id,
    attempt: job.attempt,
    status: 'completed',
    finished_at: stageNow(deps),
  });
}

/** The film's plan, as the plan stage stored it for this generation. */
export const readPlan = (deps: Pick<PipelineDeps, 'media'>, job: VideoGenerationJob) =>
  getJson<ProductionPlan>(deps.media, videoKeys.plan(bookOf(job), job.id));

export function sceneOf(plan: ProductionPlan, sceneNumber: number) {
  const scene = plan.scenes.find((s) => s.scene_number === sceneNumber);
  if (!scene) throw new Error(`Scene ${sceneNumber} is not in the plan`);
  return scene;
}

/** What an earlier stage recorded for an item; its absence means that stage must run again. */
export async function itemData<T>(
  deps: Pick<PipelineDeps, 'items'>,
  job: VideoGenerationJob,
  stage: PipelineStep,
  item: string,
): Promise<T> {
  const found = await deps.items.getItem(bookOf(job), job.id, stage, item);
  if (!found) throw new Error(`The ${stage} stage has no ${item}: retry from ${stage}`);
  return found.data as T;
}

/** What the audio stage recorded for a scene (the manifest itself is in storage). */
export interface AudioItemData {
  manifest_key: string;
  duration: number;
}

export const sceneAudio = (deps: Pick<PipelineDeps, 'items'>, job: VideoGenerationJob, sceneNumber: number) =>
  itemData<AudioItemData>(deps, job, 'audio', itemName.scene(sceneNumber));

/** Each character's portrait key, by name, from the images stage (else the plot's portrait). */
export async function portraitsOf(
  deps: Pick<PipelineDeps, 'items'>,
  job: VideoGenerationJob,
  plan: ProductionPlan,
): Promise<Map<string, string>> {
  const items = await deps.items.listItems(bookOf(job), job.id, 'images');
  const found = new Map<string, string>();
  for (const item of items)
    if (item.data.kind === 'character' && typeof item.data.portrait_key === 'string')
      found.set(String(item.data.name), item.data.portrait_key);
  for (const c of plan.characters)
    if (!found.has(c.name) && c.portrait_key) found.set(c.name, c.portrait_key);
  return found;
}

/**
 * No film longer than its plan allows is made: once the scenes' sound is recorded the film's length
 * is known, and the run fails in the plan's words before any scene is filmed (or merged).
 */
export async function refuseBeyondPlan(
  deps: Pick<PipelineDeps, 'items'>,
  job: VideoGenerationJob,
  plan: ProductionPlan,
) {
  const rule = job.options.plan;
  if (!rule) return;
  const audio = await deps.items.listItems(bookOf(job), job.id, 'audio');
  const soundOf = (n: number) =>
    Number(audio.find((i) => i.scene_number === n && i.status === 'completed')?.data.duration ?? 0);
  const seconds = filmedSeconds(plan, soundOf);
  if (beyondPlanLength(rule, seconds))
    throw new EngineError('invalid_input', subscriptionMessages.tooLong(rule.tier, 'this film', seconds));
}
