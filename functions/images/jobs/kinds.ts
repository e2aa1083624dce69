import { imageMessages } from '../../contracts/images';
import type { JobKind } from '../../jobs';
import type { ChapterImageOptions } from '../model';
import { chapterImage, type chapterImageInput } from './image.workflow';

/** One drawing at a time per scene (or character) of a chapter's script: a second request answers it. */
export const imageLock = (chapterId: string, scriptId: string | null, subject: string) =>
  `image#${chapterId}#${scriptId ?? '-'}#${subject}`;

const subjectOf = (options: ChapterImageOptions) =>
  options.image_type === 'scene' ? `Scene ${options.scene_number}` : (options.character_name ?? '');

export const chapterImageJob: JobKind<typeof chapterImageInput, ChapterImageOptions> = {
  kind: 'chapter-image',
  workflow: chapterImage,
  executionPrefix: 'image',
  input: (job) => ({ job_id: job.id }),
  // The engine's own words are safe to show ("The extra image description is too long…").
  failureMessage: (job, failure) =>
    failure.timedOut
      ? imageMessages.timedOut(subjectOf(job.options))
      : failure.name === 'EngineError' && failure.message
        ? failure.message
        : job.options.image_type === 'scene'
          ? imageMessages.failedScene(job.options.scene_number ?? 0)
          : imageMessages.failedCharacter(job.options.character_name ?? ''),
};
