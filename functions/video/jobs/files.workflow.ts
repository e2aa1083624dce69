import { z } from 'zod';
import { oneStepJobWorkflow } from '../../lib/workflows';

/**
 * The final video's copies by quality (480p, 720p, 1080p, 4K), each made once on first request and
 * kept beside the film; and videos of the user's joined end to end (streams copied when they allow it).
 */
export const videoFileInput = z.object({ job_id: z.string().uuid() });

const worker = {
  entry: 'functions/video/jobs/files.ts',
  access: { table: 'readwrite', uploadsBucket: 'readwrite', mediaBucket: 'readwrite' },
} as const;

export const videoDownload = oneStepJobWorkflow({
  name: 'videoDownload',
  file: 'video-download',
  comment:
    "A copy of a chapter's final video at one quality (480p, 720p, 1080p or 4K), made once on first request and kept beside the film. Any failure marks the job failed with a readable message.",
  input: videoFileInput,
  timeoutSeconds: 1800,
  worker,
  step: {
    state: 'Transcode',
    handler: 'transcode',
    memoryMb: 3008,
    timeoutSeconds: 900,
    ephemeralStorageMb: 8192,
    media: true,
    resultPath: '$.transcoded',
  },
  recorder: 'RecordTranscodeFailure',
  failure: { error: 'VideoDownloadFailed', cause: 'Making the download failed; the job records the reason.' },
});

export const videoCombine = oneStepJobWorkflow({
  name: 'videoCombine',
  file: 'video-combine',
  comment:
    "The user's generated videos joined end to end into one: streams copied when they share codecs, size and rate, encoded otherwise. Any failure marks the job failed with a readable message.",
  input: videoFileInput,
  timeoutSeconds: 1800,
  worker,
  step: {
    state: 'Combine',
    handler: 'combine',
    memoryMb: 3008,
    timeoutSeconds: 900,
    ephemeralStorageMb: 8192,
    media: true,
    resultPath: '$.combined',
  },
  recorder: 'RecordCombineFailure',
  failure: { error: 'VideoCombineFailed', cause: 'Combining the videos failed; the job records the reason.' },
});
