import { z } from 'zod';
import { oneStepJobWorkflow } from '../../lib/workflows';

/**
 * The chapter's audio mix: the chosen files placed on the chapter's timeline (scenes one after
 * another), speech ducking the music and ambiance beds, normalised to −16 LUFS with the true peak
 * at most −1 dBTP, encoded as m4a or mp3 into the media bucket. A failure marks the job failed with a
 * readable message.
 */
export const chapterAudioExportInput = z.object({ job_id: z.string().uuid() });

export const chapterAudioExport = oneStepJobWorkflow({
  name: 'chapterAudioExport',
  file: 'chapter-audio-export',
  comment:
    "The chapter's audio mix: the chosen files placed on the chapter's timeline (scenes one after another), speech ducking the music and ambiance beds, normalised to -16 LUFS with the true peak at most -1 dBTP, encoded as m4a or mp3 into the media bucket. A failure marks the job failed with a readable message.",
  input: chapterAudioExportInput,
  timeoutSeconds: 1800,
  worker: {
    entry: 'functions/audio/jobs/export.ts',
    access: { table: 'readwrite', uploadsBucket: 'readwrite', mediaBucket: 'readwrite' },
  },
  step: {
    state: 'MixAudio',
    handler: 'mixAudio',
    memoryMb: 3008,
    timeoutSeconds: 900,
    ephemeralStorageMb: 4096,
    media: true,
    resultPath: '$.mix',
  },
  recorder: 'RecordExportFailure',
  failure: {
    error: 'ChapterAudioExportFailed',
    cause: 'Exporting the audio mix failed; the job records the reason.',
  },
});
