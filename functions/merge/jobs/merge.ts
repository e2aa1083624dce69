import { z } from 'zod';
import { defineWorker } from '../../lib/worker';
import { mergeStageDeps } from './deps';
import { mergeStage, previewStage, recordMergeFailureStage } from './merge.stages';
import { mergeJobInput } from './merge.workflow';

/** Workers of the merge and preview jobs: each runs its stage (merge.stages.ts). */
const failure = z.object({ Error: z.string().optional(), Cause: z.string().optional() });

export const merge = defineWorker('mergeMedia.Merge', mergeJobInput, (task) =>
  mergeStage(mergeStageDeps(), task),
);

export const preview = defineWorker('mergePreview.RenderPreview', mergeJobInput, (task) =>
  previewStage(mergeStageDeps(), task),
);

export const recordFailure = defineWorker(
  'mergeJobs.RecordFailure',
  mergeJobInput.extend({ error: failure.optional() }),
  (task) => recordMergeFailureStage(mergeStageDeps(), task),
);
