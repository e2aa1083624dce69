import { z } from 'zod';
import { defineWorker } from '../../lib/worker';
import { combineStage, recordFileFailureStage, transcodeStage } from './files.stages';
import { videoFileDeps } from './deps';
import { videoFileInput } from './files.workflow';

/** Workers of the download and combine jobs (files.workflow.ts): each runs its stage (files.stages.ts). */
const failure = z.object({ Error: z.string().optional(), Cause: z.string().optional() });

export const transcode = defineWorker('videoDownload.Transcode', videoFileInput, (task) =>
  transcodeStage(videoFileDeps(), task),
);

export const combine = defineWorker('videoCombine.Combine', videoFileInput, (task) =>
  combineStage(videoFileDeps(), task),
);

export const recordFailure = defineWorker(
  'videoFiles.RecordFailure',
  videoFileInput.extend({ error: failure.optional() }),
  (task) => recordFileFailureStage(videoFileDeps(), task),
);
