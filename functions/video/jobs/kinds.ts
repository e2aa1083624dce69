import { STEP_NAMES, videoMessages, type PipelineStep } from '../../contracts/video';
import type { JobKind } from '../../jobs';
import type { VideoCombineOptions, VideoDownloadOptions, VideoGenerationOptions } from '../model';
import { videoCombine, videoDownload, type videoFileInput } from './files.workflow';
import { videoPipeline, type videoPipelineInput } from './pipeline.workflow';

/** One generation at a time per chapter: a second start answers the running one. */
export const generationLock = (chapterId: string) => `video#${chapterId}`;
export const downloadLock = (generationId: string, attempt: number, quality: string) =>
  `video-download#${generationId}#${attempt}#${quality}`;

/** The user's words for a failure in a stage (spec 3 §8: by step). */
export function stageFailureMessage(
  step: PipelineStep | 'plan' | 'publish',
  timedOut: boolean,
  detail = '',
): string {
  if (timedOut) return `Video generation timed out during ${step === 'plan' ? 'planning' : step}.`;
  const name = step === 'plan' ? 'planning' : step === 'publish' ? 'publishing' : STEP_NAMES[step];
  return detail ? `${videoMessages.failedDuring(name)}: ${detail}` : videoMessages.failedDuring(name);
}

export const videoGenerationJob: JobKind<typeof videoPipelineInput, VideoGenerationOptions> = {
  kind: 'video-generation',
  workflow: videoPipeline,
  executionPrefix: 'vgen',
  input: (job, startAt) => ({
    job_id: job.id,
    start_at: (startAt as PipelineStep | undefined) ?? 'audio',
  }),
  failureMessage: (_job, failure) => stageFailureMessage('plan', failure.timedOut),
};

export const videoDownloadJob: JobKind<typeof videoFileInput, VideoDownloadOptions> = {
  kind: 'video-download',
  workflow: videoDownload,
  executionPrefix: 'vdl',
  input: (job) => ({ job_id: job.id }),
  failureMessage: (_job, failure) =>
    failure.timedOut ? 'Making the download took too long. Please try again.' : 'Failed to download video',
};

export const videoCombineJob: JobKind<typeof videoFileInput, VideoCombineOptions> = {
  kind: 'video-combine',
  workflow: videoCombine,
  executionPrefix: 'vcomb',
  input: (job) => ({ job_id: job.id }),
  failureMessage: (_job, failure) =>
    failure.timedOut
      ? 'Combining the videos took too long. Please try again.'
      : 'Combining the videos failed.',
};
