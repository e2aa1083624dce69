import type { LearningContentType } from '../../contracts/learning';
import type { JobKind } from '../../jobs';
import type { LearningOptions } from '../model';
import { learningContent, type learningContentInput } from './content.workflow';

/** How each kind of learning content is spoken of while it is made and when it fails. */
export const WORDING: Record<LearningContentType, { part: string; assemble: string; noun: string }> = {
  audio_narration: {
    part: 'Narrating part {done} of {total}',
    assemble: 'Joining the narration',
    noun: 'narration',
  },
  realistic_video: {
    part: 'Recording slide {done} of {total}',
    assemble: 'Editing the lesson video',
    noun: 'tutor video',
  },
  chapter_video: {
    part: 'Illustrating scene {done} of {total}',
    assemble: 'Editing the chapter video',
    noun: 'chapter video',
  },
};

/** The person-facing message of a failed run. */
export function learningFailureMessage(contentType: LearningContentType, timedOut: boolean): string {
  const noun = WORDING[contentType].noun;
  return timedOut
    ? `Generating the ${noun} took too long. Please try again.`
    : `Generating the ${noun} failed. Please try again.`;
}

export const learningContentJob: JobKind<typeof learningContentInput, LearningOptions> = {
  kind: 'learning-content',
  workflow: learningContent,
  executionPrefix: 'learn',
  input: (job) => ({ job_id: job.id }),
  failureMessage: (job, failure) => learningFailureMessage(job.options.content_type, failure.timedOut),
};
