import { z } from 'zod';
import { defineWorkflow, task } from '../../lib/workflows';

/**
 * The chapter's audio mix: the chosen files placed on the chapter's timeline (scenes one after
 * another), speech ducking the music and ambiance beds, normalised to −16 LUFS with the true peak
 * at most −1 dBTP, encoded as m4a or mp3 into the media bucket. A failure marks the job failed with a
 * readable message.
 */
export const chapterAudioExportInput = z.object({ job_id: z.string().uuid() });

const worker = {
  entry: 'functions/audio/jobs/export.ts',
  access: {
    table: 'readwrite' as const,
    uploadsBucket: 'readwrite' as const,
    mediaBucket: 'readwrite' as const,
  },
};

export const chapterAudioExport = defineWorkflow({
  name: 'chapterAudioExport',
  file: 'chapter-audio-export',
  comment:
    "The chapter's audio mix: the chosen files placed on the chapter's timeline (scenes one after another), speech ducking the music and ambiance beds, normalised to -16 LUFS with the true peak at most -1 dBTP, encoded as m4a or mp3 into the media bucket. A failure marks the job failed with a readable message.",
  input: chapterAudioExportInput,
  timeoutSeconds: 1800,
  tasks: {
    MixAudio: {
      ...worker,
      handler: 'mixAudio',
      memoryMb: 3008,
      timeoutSeconds: 900,
      ephemeralStorageMb: 4096,
      media: true,
    },
    RecordExportFailure: { ...worker, handler: 'recordFailure', memoryMb: 512, timeoutSeconds: 60 },
  },
  startAt: 'MixAudio',
  states: {
    MixAudio: task('MixAudio', {
      parameters: { 'job_id.$': '$.job_id' },
      resultPath: '$.mix',
      timeoutSeconds: 900,
      catchTo: 'RecordExportFailure',
      next: 'Done',
    }),
    Done: { Type: 'Succeed' },
    RecordExportFailure: task('RecordExportFailure', {
      parameters: { 'job_id.$': '$.job_id', 'error.$': '$.error' },
      resultPath: null,
      timeoutSeconds: 60,
      next: 'Failed',
    }),
    Failed: {
      Type: 'Fail',
      Error: 'ChapterAudioExportFailed',
      Cause: 'Exporting the audio mix failed; the job records the reason.',
    },
  },
});
