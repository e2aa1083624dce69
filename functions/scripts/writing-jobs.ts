import type { GenerateScriptInput, RegenerateSceneInput } from '../contracts/script-requests';
import type { ScriptJob } from '../contracts/model-jobs';
import { processingStatus, type Jobs } from '../jobs';
import { NotFoundError } from '../lib/errors';
import { isUuid } from '../lib/ids';
import { scriptView } from './common';
import { sceneLock, sceneRegenerationJob, scriptGenerationJob } from './jobs/kinds';
import type { ScriptJobOptions, ScriptJobRecord } from './model';
import type { ScriptsService } from './service';

/**
 * Writing a script and another take of a scene as jobs: each route checks its request (the chapter
 * or script is the caller's, the book processed, the scene there), starts the job and answers 202;
 * the status route answers progress, then the script or the failure in words.
 */
export interface ScriptJobsDeps {
  jobs: Jobs;
  scripts: Pick<ScriptsService, 'checkGeneration' | 'checkRegeneration' | 'scriptOf'>;
}

const JOB_NOT_FOUND = 'Script generation not found.';

export const scriptStatusPaths = {
  script: (jobId: string) => `/ai/generate-script-and-scenes/status/${jobId}`,
  scene: (scriptId: string, sceneNumber: number, jobId: string) =>
    `/ai/script/${scriptId}/scenes/${sceneNumber}/regenerate/status/${jobId}`,
};

export function createScriptJobs(deps: ScriptJobsDeps) {
  async function view(job: ScriptJobRecord): Promise<ScriptJob> {
    const { options } = job;
    const scene = options.request === 'scene' ? options : null;
    const scriptId = job.outputs.script_id ?? scene?.script_id ?? null;
    const record = job.status === 'ready' && scriptId ? await deps.scripts.scriptOf(scriptId) : null;
    return {
      job_id: job.id,
      status: processingStatus(job.status),
      progress: job.progress,
      step: job.step,
      error_message: job.error_message,
      status_url: scene
        ? scriptStatusPaths.scene(scene.script_id, scene.scene_number, job.id)
        : scriptStatusPaths.script(job.id),
      created_at: job.created_at,
      updated_at: job.updated_at,
      chapter_id: job.target.chapter_id ?? '',
      script_id: scriptId,
      scene_number: scene?.scene_number ?? null,
      script: record ? scriptView(record) : null,
    };
  }

  /** The caller's script job (anyone else's, or another kind of job, is not found). */
  async function ownJob(jobId: string, userId: string, kind: string): Promise<ScriptJobRecord> {
    const job = isUuid(jobId) ? await deps.jobs.get<ScriptJobOptions>(jobId) : null;
    if (!job || job.owner_id !== userId || job.kind !== kind)
      throw new NotFoundError(JOB_NOT_FOUND, 'job_not_found');
    return (await deps.jobs.settle(job)) as ScriptJobRecord;
  }

  return {
    async startGeneration(userId: string, request: GenerateScriptInput): Promise<ScriptJob> {
      const { book, chapter } = await deps.scripts.checkGeneration(userId, request);
      const job = await deps.jobs.start(scriptGenerationJob, {
        owner: userId,
        target: { book_id: book.id, chapter_id: chapter.id },
        options: { request: 'script', ...request },
      });
      return view(job as ScriptJobRecord);
    },

    async generationStatus(userId: string, jobId: string): Promise<ScriptJob> {
      return view(await ownJob(jobId, userId, scriptGenerationJob.kind));
    },

    /** Another take of a scene; a take of the same scene already being written answers instead. */
    async startSceneRegeneration(
      userId: string,
      scriptId: string,
      sceneNumber: number,
      request: RegenerateSceneInput,
    ): Promise<ScriptJob> {
      const script = await deps.scripts.checkRegeneration(userId, scriptId, sceneNumber);
      const job = await deps.jobs.start(sceneRegenerationJob, {
        owner: userId,
        target: { book_id: script.book_id, chapter_id: script.chapter_id, script_id: script.id },
        options: {
          request: 'scene',
          script_id: script.id,
          scene_number: sceneNumber,
          ...(request.focus_areas ? { focus_areas: request.focus_areas } : {}),
        },
        exclusive: sceneLock(script.id, sceneNumber),
      });
      return view(job as ScriptJobRecord);
    },

    /** The status of a take of this script's scene (a job of another script or scene is not found). */
    async sceneStatus(userId: string, scriptId: string, sceneNumber: number, jobId: string) {
      const job = await ownJob(jobId, userId, sceneRegenerationJob.kind);
      const { options } = job;
      if (
        options.request !== 'scene' ||
        options.script_id !== scriptId ||
        options.scene_number !== sceneNumber
      )
        throw new NotFoundError(JOB_NOT_FOUND, 'job_not_found');
      return view(job);
    },
  };
}

export type ScriptJobs = ReturnType<typeof createScriptJobs>;
