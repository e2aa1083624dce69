import { z } from 'zod';
import { defineWorker } from '../../lib/worker';
import { chapterImageDeps } from './deps';
import { drawImageStage, recordImageFailureStage } from './draw.stages';
import { chapterImageInput } from './image.workflow';

/** Task workers of the chapter-image workflow: each runs its stage (draw.stages.ts). */
const failure = z.object({ Error: z.string().optional(), Cause: z.string().optional() });

export const drawImage = defineWorker('chapterImage.DrawImage', chapterImageInput, (task) =>
  drawImageStage(chapterImageDeps(), task),
);

export const recordFailure = defineWorker(
  'chapterImage.RecordImageFailure',
  chapterImageInput.extend({ error: failure.optional() }),
  (task) => recordImageFailureStage(chapterImageDeps(), task),
);
