import { z } from 'zod';
import { defineWorker } from '../../lib/worker';
import {
  assembleStage,
  prepareStage,
  publishStage,
  recordFailureStage,
  renderPartStage,
} from './content.stages';
import { learningContentInput } from './content.workflow';
import { learningContentDeps } from './deps';

/** Task workers of the learning-content workflow: each runs its stage (content.stages.ts). */
const failure = z.object({ Error: z.string().optional(), Cause: z.string().optional() });

export const prepare = defineWorker('learningContent.Prepare', learningContentInput, (task) =>
  prepareStage(learningContentDeps(), task),
);

export const renderPart = defineWorker(
  'learningContent.RenderPart',
  learningContentInput.extend({ index: z.number().int().min(0) }),
  (task) => renderPartStage(learningContentDeps(), task),
);

export const assemble = defineWorker('learningContent.Assemble', learningContentInput, (task) =>
  assembleStage(learningContentDeps(), task),
);

export const publish = defineWorker('learningContent.Publish', learningContentInput, (task) =>
  publishStage(learningContentDeps(), task),
);

export const recordFailure = defineWorker(
  'learningContent.RecordFailure',
  learningContentInput.extend({ error: failure.optional() }),
  (task) => recordFailureStage(learningContentDeps(), task),
);
