import { z } from 'zod';
import { oneStepJobWorkflow } from '../../lib/workflows';

/**
 * The Merge studio's jobs: a merge of the user's files (stream copy when they allow it, re-encoded
 * otherwise), and the 30-second preview of at most two of them. The merge's last step starts the
 * user's next queued merge, so its worker may start this workflow.
 */
export const mergeJobInput = z.object({ job_id: z.string().uuid() });

/**
 * The memory of the merge and preview workers (MB; Lambda's CPU grows with it: ~2 vCPUs here). A
 * merge is bounded by it when it is asked for (functions/merge/bounds.ts); the local runtime uses
 * the same figure.
 */
export const MERGE_WORKER_MEMORY_MB = 3008;

const worker = {
  entry: 'functions/merge/jobs/merge.ts',
  access: {
    table: 'readwrite',
    uploadsBucket: 'readwrite',
    mediaBucket: 'readwrite',
    startExecution: ['mergeMedia'],
  },
} as const;

export const mergeMedia = oneStepJobWorkflow({
  name: 'mergeMedia',
  file: 'merge-media',
  comment:
    "A merge of the user's uploaded and generated files into one video (streams copied when the inputs allow it, re-encoded otherwise); when it ends, the user's next queued merge starts. Any failure marks the job failed with a readable message.",
  input: mergeJobInput,
  timeoutSeconds: 3600,
  worker,
  step: {
    state: 'Merge',
    handler: 'merge',
    memoryMb: MERGE_WORKER_MEMORY_MB,
    timeoutSeconds: 900,
    ephemeralStorageMb: 10240,
    media: true,
    resultPath: '$.merged',
  },
  recorder: 'RecordMergeFailure',
  failure: { error: 'MergeFailed', cause: 'The merge failed; the job records the reason.' },
});

export const mergePreview = oneStepJobWorkflow({
  name: 'mergePreview',
  file: 'merge-preview',
  comment:
    "The first 30 seconds of a merge of at most two of the user's files, quickly encoded, to check before merging. Any failure marks the job failed with a readable message.",
  input: mergeJobInput,
  timeoutSeconds: 900,
  worker,
  step: {
    state: 'RenderPreview',
    handler: 'preview',
    memoryMb: MERGE_WORKER_MEMORY_MB,
    timeoutSeconds: 600,
    ephemeralStorageMb: 10240,
    media: true,
    resultPath: '$.preview',
  },
  recorder: 'RecordPreviewFailure',
  failure: { error: 'MergePreviewFailed', cause: 'The preview failed; the job records the reason.' },
});
