import type { PipelineStep } from '../../contracts/video';
import { EngineError } from '../../engine/types';
import { JobGoneError } from '../../jobs';
import { getJson, putJson } from '../../lib/json-files';
import {
  videoKeys,
  type ProductionPlan,
  type VideoGenerationJob,
  type VideoGenerationOutputs,
} from '../model';
import { applyTimeline, filmedScenes, planProduction } from '../jobs/plan';
import { activeGeneration, bookOf } from './generation';
import type { PipelineDeps } from './ports';

/**
 * PlanProduction: the film planned from the chapter's script, the book, the plot's cast and the
 * chapter's pictures, stored beside the generation's media for every later stage. A run resumed at a
 * later stage keeps the plan its earlier stages worked from, with only the studio's edit applied.
 * Answers the scenes and characters the next stages' Map states fan out over.
 */
export type PlanDeps = Pick<PipelineDeps, 'jobs' | 'engine' | 'media' | 'sources'>;

export async function planStage(deps: PlanDeps, task: { job_id: string; start_at: PipelineStep }) {
  const job = await activeGeneration(deps, task.job_id);
  await deps.jobs.begin(job.id, 'Planning the film', 1);
  const key = videoKeys.plan(bookOf(job), job.id);
  let plan = await planAnew(deps, job);
  if (task.start_at !== 'audio') {
    const kept = await getJson<ProductionPlan>(deps.media, key).catch(() => null);
    if (kept) plan = keptWithEdit(kept, job);
  }
  if (!filmedScenes(plan).length) throw new EngineError('invalid_input', 'The script has no scenes to film.');
  await putJson(deps.media, key, plan);
  await recordPlanned(deps, job, plan);
  return {
    // Audio and pictures are made for every scene (an excluded one may return in a later edit).
    scenes:
      task.start_at === 'audio' || task.start_at === 'images'
        ? plan.scenes.map((s) => s.scene_number)
        : filmedScenes(plan),
    characters: plan.characters.map((_, i) => i),
  };
}

/** The plan from the records as they are now. */
async function planAnew(deps: PlanDeps, job: VideoGenerationJob): Promise<ProductionPlan> {
  const bookId = bookOf(job);
  const script = await deps.sources.scriptOf(job.options.script_id);
  if (!script) throw new EngineError('invalid_input', 'The script of this video no longer exists.');
  const book = await deps.sources.bookOf(bookId);
  if (!book) throw new JobGoneError(`The book of generation ${job.id} no longer exists`);
  const [cast, images] = await Promise.all([
    deps.sources.castOf(bookId),
    deps.sources.chapterImagesOf(bookId, job.target.chapter_id!),
  ]);
  return planProduction({
    generationId: job.id,
    book,
    script,
    cast,
    images,
    options: job.options,
    engine: deps.engine,
  });
}

/** A resumed run's plan: the earlier one, with this run's edit (order, lengths, transitions, frame, export). */
function keptWithEdit(kept: ProductionPlan, job: VideoGenerationJob): ProductionPlan {
  return applyTimeline(
    {
      ...kept,
      width: job.options.width,
      height: job.options.height,
      fps: job.options.fps,
      export: job.options.export ?? null,
    },
    job.options.timeline,
  );
}

async function recordPlanned(deps: PlanDeps, job: VideoGenerationJob, plan: ProductionPlan) {
  await deps.jobs.record<VideoGenerationOutputs>(job.id, {
    outputs: {
      stage: 'plan',
      generation_status: 'pending',
      failed_step: null,
      scene_count: filmedScenes(plan).length,
      character_count: plan.characters.length,
      dialogue_shots: plan.scenes.reduce((sum, s) => sum + s.lines.length, 0),
    },
    progress: 2,
    step: 'Planning the film',
  });
}
