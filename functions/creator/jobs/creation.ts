import { z } from 'zod';
import { defineWorker } from '../../lib/worker';
import { creatorGenerationInput } from './creation.workflow';
import { createStage, recordCreationFailureStage } from './creation.stages';
import { creationStageDeps } from './deps';

/** Task workers of the Creator generation workflow: each runs its stage (creation.stages.ts). */
const failure = z.object({ Error: z.string().optional(), Cause: z.string().optional() });

export const create = defineWorker('creatorGeneration.Create', creatorGenerationInput, (task) =>
  createStage(creationStageDeps(), task),
);

export const recordFailure = defineWorker(
  'creatorGeneration.RecordCreationFailure',
  creatorGenerationInput.extend({ error: failure.optional() }),
  (task) => recordCreationFailureStage(creationStageDeps(), task),
);
