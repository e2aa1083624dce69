import { JobGoneError, type JobSteps } from '../../jobs';
import type { TaskFailure } from '../../lib/workflows';
import type { ScriptJobOptions, ScriptJobOutputs, ScriptJobRecord } from '../model';
import type { ScriptsService } from '../service';
import { SCRIPT_JOB_KINDS } from './kinds';

/**
 * The scripts' stages of the model-request workflow (jobs/model-request.workflow.ts): the service writes
 * the script or the scene's other take (its checks run again: the book or script may have gone);
 * recordScriptFailureStage is its failure recorder (RecordModelFailure).
 */
export interface ScriptStageDeps {
  jobs: JobSteps;
  scripts: Pick<ScriptsService, 'generate' | 'regenerateScene'>;
}

export async function writeScriptStage(deps: ScriptStageDeps, { job_id }: { job_id: string }) {
  const job = (await deps.jobs.active<ScriptJobOptions>(job_id)) as ScriptJobRecord | null;
  if (!job) throw new JobGoneError(`Job ${job_id} no longer exists or has ended`);
  const { options } = job;
  let scriptId: string;
  if (options.request === 'script') {
    await deps.jobs.begin(job_id, 'Writing the script', 10);
    const { request: _request, ...request } = options;
    scriptId = (await deps.scripts.generate(job.owner_id, request)).id;
  } else {
    await deps.jobs.begin(job_id, `Writing another take of scene ${options.scene_number}`, 10);
    const focus = options.focus_areas ? { focus_areas: options.focus_areas } : {};
    scriptId = (
      await deps.scripts.regenerateScene(job.owner_id, options.script_id, options.scene_number, focus)
    ).id;
  }
  if (!(await deps.jobs.record<ScriptJobOutputs>(job_id, { outputs: { script_id: scriptId }, progress: 95 })))
    throw new JobGoneError(`Job ${job_id} ended while the script was written`);
  await deps.jobs.finish(job_id);
  return { job_id, script_id: scriptId };
}

export async function recordScriptFailureStage(
  deps: Pick<ScriptStageDeps, 'jobs'>,
  { job_id, error }: { job_id: string; error?: TaskFailure },
) {
  const job = await deps.jobs.get(job_id);
  const kind = job ? SCRIPT_JOB_KINDS[job.kind] : undefined;
  if (!kind) return { job_id, recorded: false };
  const { recorded } = await deps.jobs.fail(kind, job_id, error);
  return { job_id, recorded };
}
