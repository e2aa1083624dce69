import { z } from 'zod';
import { oneStepJobWorkflow } from '../../lib/workflows';

/**
 * The plot overview of a book: one step reads every chapter, plans the overview with the text engine
 * (logline, genre, tone, audience, setting, themes, structure and the cast) and saves it, keeping
 * the characters the user created or edited unless the request replaces them. Any failure marks the
 * job failed with a readable message and leaves the previous overview untouched.
 */
export const plotGenerationInput = z.object({ job_id: z.string().uuid() });

export const plotGeneration = oneStepJobWorkflow({
  name: 'plotGeneration',
  file: 'plot-generation',
  comment:
    'The plot overview of a book: one step reads every chapter, plans the overview with the text engine (logline, genre, tone, audience, setting, themes, structure and the cast) and saves it, keeping the characters the user created or edited unless the request replaces them. Any failure marks the job failed with a readable message and leaves the previous overview untouched.',
  input: plotGenerationInput,
  timeoutSeconds: 900,
  worker: {
    entry: 'functions/plots/jobs/generation.ts',
    access: { table: 'readwrite', uploadsBucket: 'readwrite', mediaBucket: 'readwrite' },
  },
  step: {
    state: 'PlanPlot',
    handler: 'planPlot',
    memoryMb: 1769,
    timeoutSeconds: 600,
    resultPath: '$.plan',
  },
  recorder: 'RecordPlotFailure',
  failure: {
    error: 'PlotGenerationFailed',
    cause: 'Generating the plot overview failed; the job records the reason.',
  },
});
