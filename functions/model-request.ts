import { z } from 'zod';
import { askModelStage, recordAssistFailureStage } from './learning/jobs/assist.stages';
import { isAssistKind } from './learning/jobs/assist.kind';
import { learningAssistDeps } from './learning/jobs/deps';
import { defineWorker } from './lib/worker';
import { SCRIPT_JOB_KINDS } from './scripts/jobs/kinds';
import { scriptStageDeps } from './scripts/jobs/deps';
import { recordScriptFailureStage, writeScriptStage } from './scripts/jobs/writing.stages';
import { getJobs, JobGoneError } from './jobs';
import { modelRequestInput } from './jobs/model-request.workflow';

/**
 * Task workers of the model-request workflow (jobs/model-request.workflow.ts), shared by the domains
 * whose work asks a model: each finds the job's kind and runs its domain's stage
 * (learning: jobs/assist.stages.ts; scripts: jobs/writing.stages.ts).
 */
const failure = z.object({ Error: z.string().optional(), Cause: z.string().optional() });

async function domainOf(jobId: string): Promise<'learning' | 'scripts' | null> {
  const job = await getJobs().get(jobId);
  if (!job) return null;
  if (isAssistKind(job.kind)) return 'learning';
  return SCRIPT_JOB_KINDS[job.kind] ? 'scripts' : null;
}

export const askModel = defineWorker('modelRequest.AskModel', modelRequestInput, async (task) => {
  const domain = await domainOf(task.job_id);
  if (domain === 'learning') return askModelStage(learningAssistDeps(), task);
  if (domain === 'scripts') return writeScriptStage(scriptStageDeps(), task);
  throw new JobGoneError(`Job ${task.job_id} no longer exists or is no model request`);
});

export const recordFailure = defineWorker(
  'modelRequest.RecordModelFailure',
  modelRequestInput.extend({ error: failure.optional() }),
  async (task) => {
    const domain = await domainOf(task.job_id);
    if (domain === 'learning') return recordAssistFailureStage(learningAssistDeps(), task);
    if (domain === 'scripts') return recordScriptFailureStage(scriptStageDeps(), task);
    return { job_id: task.job_id, recorded: false };
  },
);
