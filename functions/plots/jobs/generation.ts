import { z } from 'zod';
import { defineWorker } from '../../lib/worker';
import { plotStageDeps } from './deps';
import { plotGenerationInput } from './generation.workflow';
import { planPlotStage, recordPlotFailureStage } from './plot.stages';

/** Task workers of the plot-generation workflow: each runs its stage (plot.stages.ts). */
const failure = z.object({ Error: z.string().optional(), Cause: z.string().optional() });

export const planPlot = defineWorker('plotGeneration.PlanPlot', plotGenerationInput, (task) =>
  planPlotStage(plotStageDeps(), task),
);

export const recordFailure = defineWorker(
  'plotGeneration.RecordPlotFailure',
  plotGenerationInput.extend({ error: failure.optional() }),
  (task) => recordPlotFailureStage(plotStageDeps(), task),
);
