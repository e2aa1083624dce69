import { join } from 'node:path';
import type { ImageEngine } from '../../engine/image/types';
import { JobGoneError, type JobSteps } from '../../jobs';
import type { ObjectStore, TempDir } from '../../lib/ports';
import type { TaskFailure } from '../../lib/workflows';
import {
  plotKeys,
  type PlotGenerationOptions,
  type PlotJobRecord,
  type PortraitJobRecord,
  type PortraitOptions,
  type PortraitOutputs,
} from '../model';
import { profileOf, type PlotsService } from '../service';
import { characterImageJob, plotGenerationJob } from './kinds';

/**
 * The stages of the plots domain's jobs. PlanPlot (generation.workflow.ts) has the service plan the
 * plot (`generate`); DrawPortrait (portrait.workflow.ts) draws a character's portrait from its
 * description and seed, stores it beside the book's media and makes it the character's image. Each
 * workflow's recorder fails the job in its kind's words.
 */
export interface PlotStageDeps {
  jobs: JobSteps;
  engine: { image: Pick<ImageEngine, 'portrait'> };
  media: ObjectStore;
  plots: Pick<PlotsService, 'generate' | 'recordPortrait' | 'characterOf'>;
  tempDir: TempDir;
}

type Failure = { job_id: string; error?: TaskFailure };

export async function planPlotStage(
  deps: Pick<PlotStageDeps, 'jobs' | 'plots'>,
  { job_id }: { job_id: string },
) {
  const job = (await deps.jobs.active<PlotGenerationOptions>(job_id)) as PlotJobRecord | null;
  if (!job) throw new JobGoneError(`Job ${job_id} no longer exists or has ended`);
  await deps.jobs.begin(job_id, 'Reading the chapters', 5);
  const plot = await deps.plots.generate(job, (progress, step) => deps.jobs.progress(job_id, progress, step));
  await deps.jobs.record(job_id, { outputs: { plot_id: plot.id } });
  await deps.jobs.finish(job_id);
  return { job_id, plot_id: plot.id };
}

export async function recordPlotFailureStage(deps: Pick<PlotStageDeps, 'jobs'>, { job_id, error }: Failure) {
  const { recorded } = await deps.jobs.fail(plotGenerationJob, job_id, error);
  return { job_id, recorded };
}

export async function drawPortraitStage(deps: PlotStageDeps, { job_id }: { job_id: string }) {
  const job = (await deps.jobs.active<PortraitOptions>(job_id)) as PortraitJobRecord | null;
  if (!job) throw new JobGoneError(`Job ${job_id} no longer exists or has ended`);
  const character = await deps.plots.characterOf(job.options.character_id);
  if (!character) throw new JobGoneError(`The character of job ${job_id} no longer exists`);
  await deps.jobs.begin(job_id, 'Drawing the portrait', 10);
  const key = plotKeys.portrait(character.book_id, character.id, job_id);
  const image = await deps.tempDir('portrait', async (dir) => {
    const drawn = await deps.engine.image.portrait({
      character: profileOf(character),
      style: job.options.style,
      quality: job.options.quality,
      aspectRatio: job.options.aspect_ratio,
      seed: character.seed,
      outputPath: join(dir, 'portrait.png'),
      ...(job.options.prompt ? { customPrompt: job.options.prompt } : {}),
    });
    await deps.media.upload(key, drawn.path, 'image/png');
    return drawn;
  });
  const recorded = await deps.plots.recordPortrait(job, {
    key,
    width: image.width,
    height: image.height,
    look: image.look,
  });
  const outputs: PortraitOutputs = { image_key: key, width: image.width, height: image.height };
  if (!recorded || !(await deps.jobs.record<PortraitOutputs>(job_id, { outputs, progress: 95 }))) {
    // Deleted meanwhile: the portrait must not outlive its character or job.
    await deps.media.delete(key);
    throw new JobGoneError(`The character or job ${job_id} went away while the portrait was drawn`);
  }
  await deps.jobs.finish(job_id);
  return { job_id, width: image.width, height: image.height };
}

export async function recordPortraitFailureStage(
  deps: Pick<PlotStageDeps, 'jobs'>,
  { job_id, error }: Failure,
) {
  const { recorded } = await deps.jobs.fail(characterImageJob, job_id, error);
  return { job_id, recorded };
}
