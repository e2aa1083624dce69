import type { JobKind } from '../../jobs';
import type { ScriptJobOptions } from '../model';
import { modelRequest, type modelRequestInput } from '../../jobs/model-request.workflow';

/** One take of a scene at a time: a second request while one is written answers it. */
export const sceneLock = (scriptId: string, sceneNumber: number) => `scene#${scriptId}#${sceneNumber}`;

/** Our errors whose words are written for the user (a script changed meanwhile, a scene gone). */
const USER_WORDED = new Set(['EngineError', 'BadRequestError', 'ConflictError', 'NotFoundError']);

/**
 * The words of a failed run: the engine's or our own when they were written for the user (a model
 * that is busy or refuses the key, a chapter too short, a script changed meanwhile), else ours.
 */
export function scriptFailureMessage(
  what: 'the script' | 'the scene',
  failure: { name: string; message: string; timedOut: boolean },
): string {
  if (failure.timedOut) return `Writing ${what} took too long. Please try again.`;
  if (USER_WORDED.has(failure.name) && failure.message) return failure.message;
  return `Writing ${what} failed. Please try again.`;
}

export const scriptGenerationJob: JobKind<typeof modelRequestInput, ScriptJobOptions> = {
  kind: 'script-generation',
  workflow: modelRequest,
  executionPrefix: 'script',
  input: (job) => ({ job_id: job.id }),
  failureMessage: (_job, failure) => scriptFailureMessage('the script', failure),
};

export const sceneRegenerationJob: JobKind<typeof modelRequestInput, ScriptJobOptions> = {
  kind: 'scene-regeneration',
  workflow: modelRequest,
  executionPrefix: 'scene',
  input: (job) => ({ job_id: job.id }),
  failureMessage: (_job, failure) => scriptFailureMessage('the scene', failure),
};

export const SCRIPT_JOB_KINDS = {
  [scriptGenerationJob.kind]: scriptGenerationJob,
  [sceneRegenerationJob.kind]: sceneRegenerationJob,
} as Record<string, JobKind<typeof modelRequestInput, ScriptJobOptions> | undefined>;
