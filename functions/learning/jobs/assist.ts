import { z } from 'zod';
import { defineWorker } from '../../lib/worker';
import { askModelStage, recordAssistFailureStage } from './assist.stages';
import { learningAssistInput } from './assist.workflow';
import { learningAssistDeps } from './deps';

/** Task workers of the learning-assist workflow: each runs its stage (assist.stages.ts). */
const failure = z.object({ Error: z.string().optional(), Cause: z.string().optional() });

export const askModel = defineWorker('learningAssist.AskModel', learningAssistInput, (task) =>
  askModelStage(learningAssistDeps(), task),
);

export const recordFailure = defineWorker(
  'learningAssist.RecordAssistFailure',
  learningAssistInput.extend({ error: failure.optional() }),
  (task) => recordAssistFailureStage(learningAssistDeps(), task),
);
