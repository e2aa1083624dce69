import { z } from 'zod';
import { defineWorker } from '../../lib/worker';
import { mixAudioStage, recordExportFailureStage } from './audio.stages';
import { audioExportDeps } from './deps';
import { chapterAudioExportInput } from './export.workflow';

/** Task workers of the chapter-audio-export workflow: each runs its stage (audio.stages.ts). */
const failure = z.object({ Error: z.string().optional(), Cause: z.string().optional() });

export const mixAudio = defineWorker('chapterAudioExport.MixAudio', chapterAudioExportInput, (task) =>
  mixAudioStage(audioExportDeps(), task),
);

export const recordFailure = defineWorker(
  'chapterAudioExport.RecordExportFailure',
  chapterAudioExportInput.extend({ error: failure.optional() }),
  (task) => recordExportFailureStage(audioExportDeps(), task),
);
