import { audioMessages } from '../../contracts/audio';
import type { JobKind } from '../../jobs';
import type { AudioExportOptions, AudioGenerationOptions } from '../model';
import { chapterAudioExport, type chapterAudioExportInput } from './export.workflow';
import { chapterAudio, type chapterAudioInput } from './generation.workflow';

/** One generation per scene and kind of a chapter's script at a time: a second request answers it. */
export const audioLock = (chapterId: string, scriptId: string, scene: number, kind: string) =>
  `audio#${chapterId}#${scriptId}#${scene}#${kind}`;

/** The engine's own words are safe to show ("There is no voice …"); anything else gets ours. */
const engineWords = (failure: { name: string; message: string }) =>
  failure.name === 'EngineError' && failure.message ? failure.message : null;

export const chapterAudioJob: JobKind<typeof chapterAudioInput, AudioGenerationOptions> = {
  kind: 'chapter-audio',
  workflow: chapterAudio,
  executionPrefix: 'audio',
  input: (job) => ({ job_id: job.id }),
  failureMessage: (_job, failure) =>
    failure.timedOut
      ? audioMessages.generateTimedOut
      : (engineWords(failure) ?? audioMessages.generateFailed),
};

export const chapterAudioExportJob: JobKind<typeof chapterAudioExportInput, AudioExportOptions> = {
  kind: 'chapter-audio-export',
  workflow: chapterAudioExport,
  executionPrefix: 'audiomix',
  input: (job) => ({ job_id: job.id }),
  failureMessage: (_job, failure) =>
    failure.timedOut ? audioMessages.exportTimedOut : (engineWords(failure) ?? audioMessages.exportFailed),
};
