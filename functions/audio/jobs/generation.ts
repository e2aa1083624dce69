import { z } from 'zod';
import { defineWorker } from '../../lib/worker';
import { recordAudioFailureStage, renderAudioStage } from './audio.stages';
import { chapterAudioDeps } from './deps';
import { chapterAudioInput } from './generation.workflow';

/** Task workers of the chapter-audio workflow: each runs its stage (audio.stages.ts). */
const failure = z.object({ Error: z.string().optional(), Cause: z.string().optional() });

export const renderAudio = defineWorker('chapterAudio.RenderAudio', chapterAudioInput, (task) =>
  renderAudioStage(chapterAudioDeps(), task),
);

export const recordFailure = defineWorker(
  'chapterAudio.RecordAudioFailure',
  chapterAudioInput.extend({ error: failure.optional() }),
  (task) => recordAudioFailureStage(chapterAudioDeps(), task),
);
