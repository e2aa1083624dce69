import { z } from 'zod';
import { defineWorkflow, task } from '../../lib/workflows';

/**
 * The plot overview of a book: one step reads every chapter, plans the overview with the text engine
 * (logline, genre, tone, audience, setting, themes, structure and the cast) and saves it, keeping
 * the characters the user created or edited unless the request replaces them. Any failure marks the
 * job failed with a readable message and leaves the previous overview untouched.
 */
export const plotGenerationInput = z.object({ job_id: z.string().uuid() });

const worker = {
  entry: 'functions/plots/jobs/generation.ts',
  access: {
    table: 'readwrite' as const,
    uploadsBucket: 'readwrite' as const,
    mediaBucket: 'readwrite' as const,
  },
};

export const plotGeneration = defineWorkflow({
  name: 'plotGeneration',
  file: 'plot-generation',
  comment:
    'The plot overview of a book: one step reads every chapter, plans the overview with the text engine (logline, genre, tone, audience, setting, themes, structure and the cast) and saves it, keeping the characters the user created or edited unless the request replaces them. Any failure marks the job failed with a readable message and leaves the previous overview untouched.',
  input: plotGenerationInput,
  timeoutSeconds: 900,
  tasks: {
    PlanPlot: { ...worker, handler: 'planPlot', memoryMb: 1769, timeoutSeconds: 600 },
    RecordPlotFailure: { ...worker, handler: 'recordFailure', memoryMb: 512, timeoutSeconds: 60 },
  },
  startAt: 'PlanPlot',
  states: {
    PlanPlot: task('PlanPlot', {
      parameters: { 'job_id.$': '$.job_id' },
      resultPath: '$.plan',
      timeoutSeconds: 600,
      catchTo: 'RecordPlotFailure',
      next: 'Done',
    }),
    Done: { Type: 'Succeed' },
    RecordPlotFailure: task('RecordPlotFailure', {
      parameters: { 'job_id.$': '$.job_id', 'error.$': '$.error' },
      resultPath: null,
      timeoutSeconds: 60,
      next: 'Failed',
    }),
    Failed: {
      Type: 'Fail',
      Error: 'PlotGenerationFailed',
      Cause: 'Generating the plot overview failed; the job records the reason.',
    },
  },
});
