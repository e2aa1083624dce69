import { SUBSCRIPTION_TIERS, videoPlanRuleOf } from '../contracts/subscriptions';
import type { GenerateVideoInput } from '../contracts/video-requests';
import {
  GENERATION_SIZES,
  normaliseGenerationStatus,
  PIPELINE_STEPS,
  STEP_NAMES,
  videoMessages,
  type GenerationStarted,
  type GenerationStepsStatus,
  type LipSyncStatus,
  type MergeStatus,
  type PipelineStatus,
  type PipelineStep,
  type VideoGeneration,
} from '../contracts/video';
import { isActive } from '../jobs';
import { BadRequestError, ConflictError, HttpError, NotFoundError } from '../lib/errors';
import { isUuid } from '../lib/ids';
import { mediaUrl } from '../lib/media-urls';
import { generationLock, videoGenerationJob } from './jobs/kinds';
import { videoKeys, type TimelineEdit, type VideoGenerationJob, type VideoGenerationOptions } from './model';
import type { filmSettingsOf } from './jobs/plan';
import { filmWithinPlan, scriptFilmSeconds, tierFilm, timelineSeconds } from './jobs/plan';
import {
  GenerationRunningError,
  generationStatusOf,
  failedStepOf,
  reframes,
  rerunTakesUnit,
  progressOf,
  stagesOf,
  retrySteps,
  type VideoContext,
  now,
  notFound,
  ownScript,
  ownGeneration,
  chapterGenerations,
  itemsOf,
  view,
  refuseTooLong,
} from './common';

/** The generation lifecycle: a chapter film started, followed, retried from a step and cancelled. */

/** Any other generation of the chapter still running (one at a time per chapter). */
export async function refuseIfAnotherRuns(deps: VideoContext, job: VideoGenerationJob) {
  const others = await chapterGenerations(deps, job.target.book_id!, job.target.chapter_id!);
  for (const other of others) {
    if (other.id === job.id || !isActive(other.status)) continue;
    const settled = await deps.jobs.settle(other);
    if (isActive(settled.status)) throw new GenerationRunningError(other.id);
  }
}

/** Drops the items a run from `step` makes again (all of later stages; the redone scenes' clips). */
export async function clearFrom(
  deps: VideoContext,
  job: VideoGenerationJob,
  step: PipelineStep,
  scenes: number[] | null,
) {
  const items = await itemsOf(deps, job);
  const from = PIPELINE_STEPS.indexOf(step);
  const stale = items.filter((i) => {
    const index = PIPELINE_STEPS.indexOf(i.stage);
    if (index < from) return false;
    if (index === from && i.stage === 'video' && scenes) return scenes.includes(i.scene_number ?? -1);
    return true;
  });
  await deps.repo.deleteItems(job.target.book_id!, stale);
}

/**
 * The unit a rerun takes (402 when none is left) and the tier's frame over the changes asked for:
 * every rerun makes a new final film, so it takes a unit unless the generation still holds one.
 */
export async function meterRerun(
  deps: VideoContext,
  job: VideoGenerationJob,
  options: Partial<VideoGenerationOptions>,
) {
  if (!rerunTakesUnit(job)) return { metered: null, changes: options };
  const metered = await deps.metering.reserve(job.owner_id);
  const rule = videoPlanRuleOf(metered.tier);
  const timeline = options.timeline ?? null;
  if (timeline) await refuseTooLong(deps, job.owner_id, metered.period, rule, timelineSeconds(timeline));
  const capped = tierFilm(
    filmWithinPlan(
      {
        width: options.width ?? job.options.width,
        height: options.height ?? job.options.height,
        fps: options.fps ?? job.options.fps,
        export: options.export ?? job.options.export ?? null,
      },
      SUBSCRIPTION_TIERS[metered.tier].limits,
    ),
    metered.output,
  );
  return {
    metered,
    changes: {
      ...options,
      width: capped.width,
      height: capped.height,
      fps: capped.fps,
      export: capped.export,
      plan: rule,
    },
  };
}

/**
 * Runs a generation again from `step` with `options` changed. `paid`: 'plan' meters it as a new
 * film (a unit of the month, the plan's frame over the changes); 'download' does not — a download
 * filmed again is the same film at another size, and its caller keeps it within the plan.
 */
export async function rerun(
  deps: VideoContext,
  job: VideoGenerationJob,
  step: PipelineStep,
  options: Partial<VideoGenerationOptions> = {},
  paid: 'plan' | 'download' = 'plan',
): Promise<VideoGeneration> {
  if (isActive(job.status)) throw new GenerationRunningError(job.id);
  await refuseIfAnotherRuns(deps, job);
  const items = await itemsOf(deps, job);
  const allowed = retrySteps(items, job);
  if (!allowed.includes(step)) {
    const missing =
      PIPELINE_STEPS.find(
        (s, i) => i < PIPELINE_STEPS.indexOf(step) && !allowed.includes(PIPELINE_STEPS[i + 1]!),
      ) ?? 'audio';
    throw new BadRequestError(videoMessages.cannotRetryFrom(step, missing), 'retry_step_unavailable');
  }
  const { metered, changes } =
    paid === 'plan' ? await meterRerun(deps, job, options) : { metered: null, changes: options };
  // Another frame or rate (as the plan lets it be filmed) films every scene again.
  const redo = reframes(job.options, changes) ? null : (options.redo_scenes ?? null);
  let queued: VideoGenerationJob;
  try {
    await clearFrom(deps, job, step, step === 'video' ? redo : null);
    const next = {
      ...job.options,
      made_for_download: null,
      ...changes,
      redo_scenes: step === 'video' ? redo : null,
    };
    // The job system gives the unit back when the run does not start or ends without its film.
    queued = (await deps.jobs.retry(videoGenerationJob, job, step, {
      rerunReady: true,
      options: next,
      ...(metered ? { usage: { period: metered.period } } : {}),
    })) as VideoGenerationJob;
  } catch (error) {
    if (metered) await deps.metering.release(job.owner_id, metered.period);
    throw error;
  }
  if (queued.status === 'failed' && queued.attempt === job.attempt)
    throw new HttpError(503, videoMessages.startFailed, 'generation_not_started');
  return view(deps, queued);
}

export async function startGeneration(
  deps: VideoContext,
  userId: string,
  input: GenerateVideoInput,
  timeline: TimelineEdit | null = null,
  film: ReturnType<typeof filmSettingsOf> | null = null,
  sound: Pick<VideoGenerationOptions, 'narrator_voice' | 'music'> = {},
): Promise<GenerationStarted> {
  const { book, chapter } = await deps.books.ownedChapter(userId, input.chapter_id);
  const script = await ownScript(deps, input.script_id, userId);
  if (script.chapter_id !== chapter.id)
    throw new NotFoundError(videoMessages.scriptNotFound, 'script_not_found');
  if (!script.scenes.length) throw new BadRequestError(videoMessages.scriptNoScenes, 'script_no_scenes');
  // A new generation takes one of the month's videos (402 when none is left); the free tier
  // films at 480p with its watermark.
  const metered = await deps.metering.reserve(userId);
  const rule = videoPlanRuleOf(metered.tier);
  await refuseTooLong(deps, userId, metered.period, rule, scriptFilmSeconds(script, timeline, 'fastest'));
  const size = tierFilm(
    filmWithinPlan(
      { ...(film ?? GENERATION_SIZES[input.quality_tier]), export: film?.export ?? null },
      SUBSCRIPTION_TIERS[metered.tier].limits,
    ),
    metered.output,
  );
  const before = deps.clock.now().getTime();
  let job: VideoGenerationJob;
  try {
    job = (await deps.jobs.start(videoGenerationJob, {
      owner: userId,
      target: { book_id: book.id, chapter_id: chapter.id },
      options: {
        script_id: script.id,
        quality_tier: input.quality_tier,
        video_style: input.video_style,
        width: size.width,
        height: size.height,
        fps: size.fps,
        timeline,
        redo_scenes: null,
        export: size.export,
        plan: rule,
        ...sound,
      },
      exclusive: generationLock(chapter.id),
      usage: { period: metered.period },
    })) as VideoGenerationJob;
  } catch (error) {
    await deps.metering.release(userId, metered.period);
    throw error;
  }
  // The lock answered a generation started before this request: that one is running.
  if (Date.parse(job.created_at) < before || job.attempt > 1) throw new GenerationRunningError(job.id);
  if (job.status === 'failed') throw new HttpError(503, videoMessages.startFailed, 'generation_not_started');
  return {
    video_generation_id: job.id,
    audio_task_id: job.id,
    task_status: job.status,
    generation_status: generationStatusOf(job),
    message: videoMessages.started,
  };
}

export async function latestForScriptOrGeneration(
  deps: VideoContext,
  userId: string,
  id: string,
): Promise<VideoGeneration | null> {
  if (isUuid(id)) {
    const found = await deps.jobs.get(id);
    if (found && found.kind === videoGenerationJob.kind && found.owner_id === userId)
      return view(deps, (await deps.jobs.settle(found)) as VideoGenerationJob);
  }
  const script = await ownScript(deps, id, userId).catch(() => null);
  if (!script) throw notFound();
  const latest = (await chapterGenerations(deps, script.book_id, script.chapter_id)).find(
    (g) => g.options.script_id === script.id,
  );
  return latest ? view(deps, (await deps.jobs.settle(latest)) as VideoGenerationJob) : null;
}

export async function getGeneration(deps: VideoContext, userId: string, id: string) {
  return view(deps, await ownGeneration(deps, id, userId));
}

export async function generationSteps(
  deps: VideoContext,
  userId: string,
  id: string,
): Promise<GenerationStepsStatus> {
  const job = await ownGeneration(deps, id, userId);
  const items = await itemsOf(deps, job);
  const stages = stagesOf(items, job);
  return {
    video_generation_id: job.id,
    status: normaliseGenerationStatus(generationStatusOf(job)),
    video_url: generationStatusOf(job) === 'completed' ? mediaUrl(job.outputs.final_key) : null,
    error: job.error_message,
    steps: Object.fromEntries(
      stages.map((s) => [STEP_NAMES[s.step], { status: s.status, progress: s.progress }]),
    ) as GenerationStepsStatus['steps'],
  };
}

export async function pipelineView(deps: VideoContext, userId: string, id: string): Promise<PipelineStatus> {
  const job = await ownGeneration(deps, id, userId);
  const items = await itemsOf(deps, job);
  return {
    video_generation_id: job.id,
    generation_status: generationStatusOf(job),
    progress: job.status === 'ready' ? 100 : job.progress,
    current_step: job.step,
    execution_name: job.attempt > 1 ? `vgen-${job.id}-${job.attempt}` : `vgen-${job.id}`,
    failed_step: failedStepOf(job),
    stages: stagesOf(items, job),
    retry_steps: isActive(job.status) ? [] : retrySteps(items, job),
  };
}

export async function retryGeneration(
  deps: VideoContext,
  userId: string,
  id: string,
  step: PipelineStep | undefined,
  scenes: number[] | undefined,
) {
  const job = await ownGeneration(deps, id, userId);
  // Named scenes are filmed again from their clips; otherwise from the failed step (or all).
  const from = step ?? (scenes ? 'video' : (failedStepOf(job) ?? 'audio'));
  return rerun(deps, job, from, { redo_scenes: scenes ?? null });
}

export async function triggerLipSync(deps: VideoContext, userId: string, id: string) {
  return rerun(deps, await ownGeneration(deps, id, userId), 'lipsync');
}

export async function cancelGeneration(
  deps: VideoContext,
  userId: string,
  id: string,
): Promise<VideoGeneration> {
  const job = await ownGeneration(deps, id, userId);
  if (!isActive(job.status)) throw new ConflictError(videoMessages.notRunning, 'not_running');
  const cancelled = (await deps.jobs.cancel(job, 'Cancelled by the user')) as VideoGenerationJob;
  // What this run made goes; a first run's folder goes whole.
  const items = await itemsOf(deps, job);
  const partial = job.attempt === 1 ? items : items.filter((i) => i.attempt === job.attempt);
  if (job.attempt === 1) await deps.media.deletePrefix(videoKeys.prefix(job.target.book_id!, job.id));
  else await Promise.all(partial.flatMap((i) => i.keys).map((key) => deps.media.delete(key)));
  await deps.repo.deleteItems(job.target.book_id!, partial);
  await deps.jobs.repository.update(
    job.id,
    {
      outputs: {
        ...cancelled.outputs,
        generation_status: 'cancelled',
        ...(job.attempt === 1 ? { final_key: null, final: null } : {}),
      },
    },
    now(deps),
    ['cancelled'],
  );
  return view(deps, (await deps.jobs.get(job.id)) as VideoGenerationJob);
}

export async function mergeStatus(deps: VideoContext, userId: string, id: string): Promise<MergeStatus> {
  const job = await ownGeneration(deps, id, userId);
  const items = await itemsOf(deps, job);
  const merge = items.find((i) => i.stage === 'merge' && i.status === 'completed');
  return {
    video_generation_id: job.id,
    status: stagesOf(items, job)[3]!.status,
    merge_progress: progressOf(items, job).merge_progress,
    merged_video_url: merge ? mediaUrl(String(merge.data.merged_key)) : null,
  };
}

export async function lipSyncStatus(deps: VideoContext, userId: string, id: string): Promise<LipSyncStatus> {
  const job = await ownGeneration(deps, id, userId);
  const items = await itemsOf(deps, job);
  const progress = progressOf(items, job);
  return {
    video_generation_id: job.id,
    status: stagesOf(items, job)[4]!.status,
    lipsync_progress: progress.lipsync_progress,
    sync_accuracy: progress.merge_progress.sync_accuracy,
  };
}

export async function chapterHistory(deps: VideoContext, userId: string, chapterId: string) {
  const { book, chapter } = await deps.books.ownedChapter(userId, chapterId);
  const list = await chapterGenerations(deps, book.id, chapter.id);
  const settled = await Promise.all(list.map((j) => deps.jobs.settle(j) as Promise<VideoGenerationJob>));
  // One reading of the plan for every film's download sizes.
  const tier = await deps.metering.plan(userId);
  return { generations: await Promise.all(settled.map((j) => view(deps, j, undefined, tier))) };
}
