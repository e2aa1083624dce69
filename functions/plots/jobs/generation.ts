import { z } from 'zod';
import { getJobs } from '../../jobs';
import { defineWorker } from '../../lib/worker';
import { plots } from '../instance';
import type { PlotGenerationOptions, PlotJobRecord } from '../model';
import { plotGenerationJob } from './kinds';
import { plotGenerationInput } from './generation.workflow';

/**
 * Task workers of the plot-generation workflow (generation.workflow.ts): PlanPlot, with
 * RecordPlotFailure as the Catch target. The planning itself is the service's (`generate`).
 */
export class JobGoneError extends Error {
  override name = 'JobGoneError';
}

export const planPlot = defineWorker('plotGeneration.PlanPlot', plotGenerationInput, async ({ job_id }) => {
  const jobs = getJobs();
  const job = (await jobs.active<PlotGenerationOptions>(job_id)) as PlotJobRecord | null;
  if (!job) throw new JobGoneError(`Job ${job_id} no longer exists or has ended`);
  await jobs.begin(job_id, 'Reading the chapters', 5);
  const plot = await plots().generate(job, (progress, step) => jobs.progress(job_id, progress, step));
  await jobs.record(job_id, { outputs: { plot_id: plot.id } });
  await jobs.finish(job_id);
  return { job_id, plot_id: plot.id };
});

export const recordFailure = defineWorker(
  'plotGeneration.RecordPlotFailure',
  plotGenerationInput.extend({
    error: z.object({ Error: z.string().optional(), Cause: z.string().optional() }).optional(),
  }),
  async ({ job_id, error }) => {
    const { recorded } = await getJobs().fail(plotGenerationJob, job_id, error);
    return { job_id, recorded };
  },
);
