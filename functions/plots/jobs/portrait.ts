import { z } from 'zod';
import { defineWorker } from '../../lib/worker';
import { plotStageDeps } from './deps';
import { drawPortraitStage, recordPortraitFailureStage } from './plot.stages';
import { characterImageInput } from './portrait.workflow';

/** Task workers of the character-image workflow: each runs its stage (plot.stages.ts). */
const failure = z.object({ Error: z.string().optional(), Cause: z.string().optional() });

export const drawPortrait = defineWorker('characterImage.DrawPortrait', characterImageInput, (task) =>
  drawPortraitStage(plotStageDeps(), task),
);

export const recordFailure = defineWorker(
  'characterImage.RecordPortraitFailure',
  characterImageInput.extend({ error: failure.optional() }),
  (task) => recordPortraitFailureStage(plotStageDeps(), task),
);
