import type { JobKind } from '../../jobs';
import type { AssistOptions } from '../model';
import { modelRequest, type modelRequestInput } from '../../jobs/model-request.workflow';

/** What each request to a model is called when it fails. */
const NOUNS = {
  quiz: 'the quiz',
  'text-generation': 'the text',
  'chapter-safety': "the chapter's safety report",
  'presenter-previews': "the presenters' previews",
} as const;

export type AssistKindName = keyof typeof NOUNS;

/**
 * The person-facing words of a failed request: the engine's own words when it gave them (a model
 * that is busy, refuses the key or answers nothing usable, a chapter too short for a quiz: safe to
 * show, never holding a key), else ours.
 */
export function assistFailureMessage(
  kind: AssistKindName,
  failure: { name: string; message: string; timedOut: boolean },
): string {
  if (failure.timedOut) return `Writing ${NOUNS[kind]} took too long. Please try again.`;
  if (failure.name === 'EngineError' && failure.message) return failure.message;
  return `Writing ${NOUNS[kind]} failed. Please try again.`;
}

const assistKind = (
  kind: AssistKindName,
  executionPrefix: string,
): JobKind<typeof modelRequestInput, AssistOptions> => ({
  kind,
  workflow: modelRequest,
  executionPrefix,
  input: (job) => ({ job_id: job.id }),
  failureMessage: (_job, failure) => assistFailureMessage(kind, failure),
});

export const quizJob = assistKind('quiz', 'quiz');
export const textJob = assistKind('text-generation', 'text');
export const safetyJob = assistKind('chapter-safety', 'safety');
export const previewsJob = assistKind('presenter-previews', 'previews');

/** One drawing of the presenters' previews at a time per user: a second request answers it. */
export const PREVIEWS_LOCK = 'presenter-previews';

export const ASSIST_KINDS: Record<AssistKindName, JobKind<typeof modelRequestInput, AssistOptions>> = {
  quiz: quizJob,
  'text-generation': textJob,
  'chapter-safety': safetyJob,
  'presenter-previews': previewsJob,
};

export const isAssistKind = (kind: string): kind is AssistKindName => kind in NOUNS;
