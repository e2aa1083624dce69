import type { PipelineStep } from '../../contracts/video';
import { isoNow } from '../../lib/ports';
import { isTimeout, readFailure, type TaskFailure } from '../../lib/workflows';
import type { VideoGenerationJob } from '../model';
import { stageFailureMessage, videoGenerationJob } from '../jobs/kinds';
import type { PipelineDeps } from './ports';

/**
 * RecordFailure (the Catch target of every stage): the generation fails in the words of the stage it
 * was in, with the engine's own words when the engine refused (bad input) or a test injected the
 * fault, and names the step a retry resumes from — so the studio offers "retry from audio/…".
 */
export type FailureDeps = Pick<PipelineDeps, 'jobs' | 'clock'>;

/** Errors whose message is written for the user. */
const TOLD = ['EngineError', 'InjectedFault'];

export async function recordFailureStage(
  deps: FailureDeps,
  { job_id, error }: { job_id: string; error?: TaskFailure },
) {
  const job = (await deps.jobs.get(job_id)) as VideoGenerationJob | null;
  if (!job) return { job_id, recorded: false };
  const read = readFailure(error);
  const stage = job.outputs.stage ?? 'plan';
  const detail = TOLD.includes(read.name) ? read.message : '';
  const words = stageFailureMessage(stage, isTimeout(read.name), detail);
  const { recorded } = await deps.jobs.fail(videoGenerationJob, job_id, error, words);
  if (recorded) {
    // Planning reruns with the audio; publishing with the lip-sync (the steps a retry names).
    const failedStep: PipelineStep = stage === 'plan' ? 'audio' : stage === 'publish' ? 'lipsync' : stage;
    await deps.jobs.repository.update(
      job_id,
      { outputs: { ...job.outputs, generation_status: 'failed', failed_step: failedStep } },
      isoNow(deps.clock),
      ['failed'],
    );
  }
  return { job_id, recorded };
}
