import type { AudioService } from '../audio/service';
import type { BookReads } from '../books/read-port';
import {
  beyondPlanLength,
  PAYMENT_REQUIRED_CODES,
  SUBSCRIPTION_TIERS,
  subscriptionMessages,
  type Tier,
  type VideoPlanRule,
} from '../contracts/subscriptions';
import {
  downloadMethods,
  offeredDownloads,
  PIPELINE_STEPS,
  STAGE_STATES,
  videoMessages,
  type CombinedVideo,
  type GenerationStatus,
  type PipelineStep,
  type StageState,
  type StageStatus,
  type VideoGeneration,
} from '../contracts/video';
import { leastExact } from '../engine/speech/timings';
import type { WordTimingMethod } from '../engine/speech/types';
import type { ImageReads } from '../images/read-port';
import { isActive, type JobRecord, type Jobs } from '../jobs';
import { ConflictError, NotFoundError, PaymentRequiredError } from '../lib/errors';
import { isUuid } from '../lib/ids';
import { mediaUrl } from '../lib/media-urls';
import { isoNow, type Clock, type ObjectStore, type Table, type VideoMetering } from '../lib/ports';
import type { ScriptRecord } from '../scripts/model';
import type { ScriptReads } from '../scripts/read-port';
import { videoGenerationJob } from './jobs/kinds';
import { carriesPlanWatermark } from './jobs/plan';
import {
  type AudioManifest,
  type StageItemRecord,
  type VideoCombineOptions,
  type VideoCombineOutputs,
  type VideoGenerationJob,
  type VideoGenerationOptions,
} from './model';
import { createVideoRepository } from './repository';

export interface VideoDeps {
  table: Table;
  clock: Clock;
  jobs: Jobs;
  books: BookReads;
  scripts: ScriptReads;
  images: ImageReads;
  audio: AudioService;
  media: ObjectStore;
  /** The monthly video allowance: a new generation takes a unit (functions/contracts/subscriptions.ts). */
  metering: VideoMetering;
}

/** A 409 that names the generation already running (the SPA follows it). */
export class GenerationRunningError extends ConflictError {
  constructor(readonly runningId: string) {
    super(videoMessages.alreadyRunning, 'generation_running');
  }
}

/** The narrator's and the characters' recordings of a generation, from its audio stage items. */
export function audioFilesOf(items: StageItemRecord[]): VideoGeneration['audio_files'] {
  const narrator: VideoGeneration['audio_files']['narrator'] = [];
  const characters: VideoGeneration['audio_files']['characters'] = [];
  let timings: VideoGeneration['audio_files']['word_timings'] = null;
  const scenes = items
    .filter((i) => i.stage === 'audio' && i.status === 'completed' && i.scene_number !== null)
    .sort((a, b) => a.scene_number! - b.scene_number!);
  for (const item of scenes) {
    const files = item.data.files as
      | {
          narrator: { key: string; duration: number } | null;
          narration?: { key: string; duration: number }[];
          lines: { key: string; duration: number; character: string; text: string }[];
        }
      | undefined;
    if (!files) continue;
    const scene_number = item.scene_number!;
    timings = leastExact(timings, item.data.word_timings as WordTimingMethod | null | undefined);
    // Every stretch of the scene's narration (items made before them list the one narrator file).
    for (const file of files.narration ?? (files.narrator ? [files.narrator] : []))
      narrator.push({ url: mediaUrl(file.key), duration: round(file.duration, 2), scene_number });
    for (const line of files.lines)
      characters.push({
        url: mediaUrl(line.key),
        duration: round(line.duration, 2),
        scene_number,
        character: line.character,
        text: line.text,
      });
  }
  return { narrator, characters, word_timings: timings };
}

export const num = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? value : Number(value) || 0;

export const round = (value: number, places = 1) => Math.round(value * 10 ** places) / 10 ** places;

const ENDED_STATUSES: readonly GenerationStatus[] = ['completed', 'failed', 'cancelled'];

/**
 * The generation's status as the routes answer it: the job's end wins over the stage it was in.
 * While the job is queued or running, the stage its run wrote — never an end: a retried run keeps
 * the previous run's outputs (`failed`, `completed`) until its worker enters its first stage, and
 * the web app stops following a run that reads as ended.
 */
export function generationStatusOf(job: JobRecord): GenerationStatus {
  const outputs = (job.outputs ?? {}) as VideoGenerationJob['outputs'];
  if (job.status === 'ready') return 'completed';
  if (job.status === 'failed') return 'failed';
  if (job.status === 'cancelled') return 'cancelled';
  const written = outputs.generation_status;
  return written && !ENDED_STATUSES.includes(written) ? written : 'pending';
}

/**
 * The stage a failed run stopped in: as its recorder wrote it, or (a run cut off, e.g. by a restart,
 * and settled as failed) the stage it was in.
 */
export function failedStepOf(job: VideoGenerationJob): PipelineStep | null {
  if (job.status !== 'failed') return null;
  if (job.outputs.failed_step) return job.outputs.failed_step;
  const stage = job.outputs.stage;
  if (!stage || stage === 'plan') return 'audio';
  return stage === 'publish' ? 'lipsync' : stage;
}

/** Whether a run's changes film at another frame or rate than the generation did (every scene again). */
export function reframes(
  filmed: Pick<VideoGenerationOptions, 'width' | 'height' | 'fps'>,
  changes: Partial<Pick<VideoGenerationOptions, 'width' | 'height' | 'fps'>>,
): boolean {
  return (
    (changes.width ?? filmed.width) !== filmed.width ||
    (changes.height ?? filmed.height) !== filmed.height ||
    (changes.fps ?? filmed.fps) !== filmed.fps
  );
}

/**
 * Whether running a generation again takes one of the month's videos. Every rerun ends in a new
 * final film (a retry from any step, redone scenes, lip-sync again, the studio's render), so it
 * takes a unit unless the generation still holds the one its run took — never the case once the
 * run ended. A completed generation kept its unit for the film it made: another film is another
 * unit. A failed or cancelled run gave its unit back when it ended: its retry takes that unit
 * again, so a film that needed retries still costs one unit in all, never more.
 */
export function rerunTakesUnit(job: Pick<JobRecord, 'usage'>): boolean {
  return job.usage?.state !== 'held';
}

/** Each stage's counters, summed from its items (missing counters are 0; sync accuracy is measured). */
export function progressOf(items: StageItemRecord[], job: VideoGenerationJob) {
  const of = (stage: PipelineStep) => items.filter((i) => i.stage === stage && i.status === 'completed');
  const sum = (list: StageItemRecord[], field: string) =>
    list.reduce((s, i) => s + num(i.counters[field]), 0);
  const audio = of('audio');
  const imageItems = of('images');
  const characters = imageItems.filter((i) => i.item.startsWith('character-'));
  const scenePictures = imageItems.filter((i) => i.item.startsWith('scene-'));
  const totalScenes = job.outputs.scene_count ?? 0;
  const totalCharacters = job.outputs.character_count ?? 0;
  const videos = of('video');
  const failedVideo = failedStepOf(job) === 'video';
  const merge = of('merge')[0];
  const lipsync = of('lipsync');
  const syncSeconds = sum(lipsync, 'sync_seconds');
  const speakers = new Set(
    lipsync.flatMap((i) =>
      String(i.counters.characters ?? '')
        .split('\n')
        .filter(Boolean),
    ),
  );
  const methods = [...new Set(lipsync.map((i) => String(i.counters.processing_method ?? '')))].filter(
    (m) => m && m !== 'none',
  );
  const asked = totalCharacters + totalScenes;
  return {
    audio_progress: {
      narrator_files: sum(audio, 'narrator_files'),
      character_files: sum(audio, 'character_files'),
      sound_effects: sum(audio, 'sound_effects'),
      background_music: sum(audio, 'background_music'),
    },
    image_progress: {
      total_characters: totalCharacters,
      characters_completed: characters.length,
      total_scenes: totalScenes,
      scenes_completed: Math.min(scenePictures.length, totalScenes || scenePictures.length),
      total_images_generated: sum(imageItems, 'generated'),
      success_rate: asked ? round((100 * Math.min(asked, imageItems.length)) / asked) : 0,
    },
    video_progress: {
      total_scenes: totalScenes,
      scenes_completed: Math.min(videos.length, totalScenes || videos.length),
      total_videos_generated: videos.length,
      successful_videos: videos.length,
      failed_videos: failedVideo ? Math.max(0, totalScenes - videos.length) : 0,
      success_rate: totalScenes ? round((100 * Math.min(videos.length, totalScenes)) / totalScenes) : 0,
    },
    merge_progress: {
      total_scenes_merged: num(merge?.counters.total_scenes_merged),
      total_duration: num(merge?.counters.total_duration),
      audio_tracks_mixed: num(merge?.counters.audio_tracks_mixed),
      file_size_mb: num(merge?.counters.file_size_mb),
      processing_time: num(merge?.counters.processing_time),
      sync_accuracy:
        syncSeconds > 0 ? round(sum(lipsync, 'sync_frames_weighted') / syncSeconds) : ('unknown' as const),
    },
    lipsync_progress: {
      characters_lip_synced: speakers.size,
      scenes_processed: lipsync.filter((i) => num(i.counters.shots) > 0).length,
      processing_method: methods.length ? methods.join(', ') : 'unknown',
      total_scenes_processed: lipsync.length,
      scenes_with_lipsync: lipsync.filter((i) => num(i.counters.shots) > 0).length,
    },
  };
}

/** How far each stage is: from its items, the stage the run is in and how it ended. */
export function stagesOf(items: StageItemRecord[], job: VideoGenerationJob): StageStatus[] {
  const scenes = job.outputs.scene_count ?? 0;
  const totals: Record<PipelineStep, number> = {
    audio: scenes,
    images: scenes + (job.outputs.character_count ?? 0),
    video: scenes,
    merge: 1,
    lipsync: scenes,
  };
  const current = job.outputs.stage;
  const at =
    current && current !== 'plan' ? (current === 'publish' ? 5 : PIPELINE_STEPS.indexOf(current)) : -1;
  return PIPELINE_STEPS.map((step, index) => {
    const mine = items.filter((i) => i.stage === step && i.status === 'completed');
    const total = totals[step];
    const complete = total > 0 && mine.length >= total;
    let status: StageState = 'pending';
    if (job.status === 'ready') status = 'completed';
    else if (index < at) status = 'completed';
    else if (index === at)
      status = job.status === 'failed' ? 'failed' : job.status === 'cancelled' ? 'cancelled' : 'running';
    else if (complete && at === -1 && !isActive(job.status)) status = 'completed';
    const started = mine.map((i) => i.started_at).sort()[0] ?? null;
    const finished =
      status === 'completed'
        ? (mine
            .map((i) => i.finished_at)
            .sort()
            .at(-1) ?? null)
        : null;
    return {
      step,
      state: STAGE_STATES[step],
      status,
      progress:
        status === 'completed' ? 100 : total ? Math.round((100 * Math.min(mine.length, total)) / total) : 0,
      started_at: started,
      finished_at: finished,
      duration: started && finished ? round((Date.parse(finished) - Date.parse(started)) / 1000, 2) : null,
    };
  });
}

/** Steps a retry may start from: each one whose earlier stages all have their outputs. */
export function retrySteps(items: StageItemRecord[], job: VideoGenerationJob): PipelineStep[] {
  const scenes = job.outputs.scene_count ?? 0;
  const count = (stage: PipelineStep) => items.filter((i) => i.stage === stage && i.status === 'completed');
  const done: Record<PipelineStep, boolean> = {
    audio: scenes > 0 && count('audio').length >= scenes,
    images:
      scenes > 0 &&
      count('images').filter((i) => i.item.startsWith('scene-')).length >= scenes &&
      count('images').filter((i) => i.item.startsWith('character-')).length >=
        (job.outputs.character_count ?? 0),
    video: scenes > 0 && count('video').length >= scenes,
    merge: count('merge').length > 0,
    lipsync: scenes > 0 && count('lipsync').length >= scenes,
  };
  const steps: PipelineStep[] = ['audio'];
  for (const [i, step] of PIPELINE_STEPS.entries()) {
    if (i === 0) continue;
    if (PIPELINE_STEPS.slice(0, i).every((before) => done[before])) steps.push(step);
  }
  return steps;
}

export function combinedView(job: JobRecord<VideoCombineOptions, VideoCombineOutputs>): CombinedVideo {
  return {
    combine_id: job.id,
    status: job.status,
    progress: job.progress,
    video_url: job.status === 'ready' ? mediaUrl(job.outputs.key ?? null) : null,
    subtitles_url: job.status === 'ready' ? mediaUrl(job.outputs.subtitles_key ?? null) : null,
    duration: job.outputs.duration ?? null,
    method: job.outputs.method ?? null,
    error_message: job.error_message,
  };
}

/** The run a film was published by, from its key (`final-<attempt>.<container>`). */
export const attemptOf = (finalKey: string) =>
  Number(/final-(\d+)\.(?:mp4|webm|mov)$/.exec(finalKey)?.[1] ?? 1);

export const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_]+/g, '-')
    .slice(0, 60) || 'video';

/** What every use case is given: the deps, and what is made once from them. */
export function videoContext(deps: VideoDeps) {
  const repo = createVideoRepository(deps.table);
  return { ...deps, repo };
}
export type VideoContext = ReturnType<typeof videoContext>;

export const now = (deps: VideoContext) => isoNow(deps.clock);

export const notFound = () => new NotFoundError(videoMessages.generationNotFound, 'generation_not_found');

export async function ownScript(deps: VideoContext, scriptId: string, userId: string): Promise<ScriptRecord> {
  try {
    return await deps.scripts.ownScript(scriptId, userId);
  } catch {
    throw new NotFoundError(videoMessages.scriptNotFound, 'script_not_found');
  }
}

/** The caller's generation (anything else, someone else's included, is a 404); settled if cut off. */
export async function ownGeneration(
  deps: VideoContext,
  id: string,
  userId: string,
): Promise<VideoGenerationJob> {
  const found = isUuid(id) ? await deps.jobs.get(id) : null;
  if (!found || found.kind !== videoGenerationJob.kind || found.owner_id !== userId) throw notFound();
  return (await deps.jobs.settle(found)) as VideoGenerationJob;
}

export async function chapterGenerations(
  deps: VideoContext,
  bookId: string,
  chapterId: string,
): Promise<VideoGenerationJob[]> {
  const jobs = await deps.jobs.listForBook(bookId, chapterId);
  return jobs.filter((j) => j.kind === videoGenerationJob.kind) as VideoGenerationJob[];
}

export const itemsOf = (deps: VideoContext, job: VideoGenerationJob) =>
  deps.repo.listItems(job.target.book_id!, job.id);

/** A generation as the routes answer it; `tier`: the owner's plan now, when the caller has read it. */
export async function view(
  deps: VideoContext,
  job: VideoGenerationJob,
  items?: StageItemRecord[],
  tier?: Tier,
): Promise<VideoGeneration> {
  const all = items ?? (await itemsOf(deps, job));
  const progress = progressOf(all, job);
  const status = generationStatusOf(job);
  const finalUrl = status === 'completed' || job.outputs.final_key ? mediaUrl(job.outputs.final_key) : null;
  const audioStage = stagesOf(all, job)[0]!;
  const sceneVideos = all
    .filter((i) => i.stage === 'video' && i.status === 'completed')
    .sort((a, b) => (a.scene_number ?? 0) - (b.scene_number ?? 0))
    .map((i) => ({
      scene_number: i.scene_number ?? 0,
      video_url: mediaUrl(String(i.data.clip_key ?? '')),
      duration: num(i.data.duration),
    }));
  const final = job.outputs.final;
  const subtitlesUrl = finalUrl ? mediaUrl(final?.subtitles_key ?? null) : null;
  // The sizes offered depend on the owner's plan now (an upgrade films larger, without a watermark).
  const methods = final ? downloadMethodsOf(job, tier ?? (await deps.metering.plan(job.owner_id))) : null;
  return {
    id: job.id,
    video_generation_id: job.id,
    script_id: job.options.script_id,
    chapter_id: job.target.chapter_id ?? '',
    book_id: job.target.book_id ?? '',
    user_id: job.owner_id,
    quality_tier: job.options.quality_tier,
    video_style: job.options.video_style,
    generation_status: status,
    task_status: job.status,
    audio_task_id: job.id,
    video_url: finalUrl,
    subtitles_url: subtitlesUrl,
    error_message: job.error_message,
    failed_step: failedStepOf(job),
    progress: job.status === 'ready' ? 100 : job.progress,
    current_step: job.step,
    attempt: job.attempt,
    execution_name: job.attempt > 1 ? `vgen-${job.id}-${job.attempt}` : `vgen-${job.id}`,
    created_at: job.created_at,
    updated_at: job.updated_at,
    ...progress,
    scene_videos: sceneVideos,
    audio_files: audioFilesOf(all),
    final_video: final
      ? {
          video_url: finalUrl,
          thumbnail_url: mediaUrl(final.thumbnail_key),
          subtitles_url: subtitlesUrl,
          download_qualities: offeredDownloads(methods!),
          download_methods: methods!,
          duration: round(final.duration, 2),
          resolution: `${final.width}x${final.height}`,
          format: final.format ?? 'mp4',
          file_size_bytes: final.bytes,
          video_codec: final.video_codec,
          audio_codec: final.audio_codec,
        }
      : null,
    task_metadata: {
      audio_task_state: audioStage.status,
      step: job.step,
      progress: job.progress,
      attempt: job.attempt,
    },
  };
}

/** How each download size of the generation's film is made for the plan `tier` (see `downloadMethods`). */
export function downloadMethodsOf(job: VideoGenerationJob, tier: Tier) {
  const final = job.outputs.final!;
  const plan = SUBSCRIPTION_TIERS[tier];
  return downloadMethods(
    {
      width: final.width,
      height: final.height,
      format: final.format ?? 'mp4',
      planWatermark: final.plan_watermark ?? carriesPlanWatermark(job.options),
    },
    { shortSide: plan.limits.film_frame.short_side, watermark: plan.has_watermark },
  );
}

export async function manifests(deps: VideoContext, job: VideoGenerationJob, items: StageItemRecord[]) {
  const audio = items.filter((i) => i.stage === 'audio' && i.status === 'completed');
  return Promise.all(
    audio.map(async (i) => {
      try {
        const bytes = await deps.media.getBytes(String(i.data.manifest_key));
        return JSON.parse(Buffer.from(bytes).toString('utf8')) as AudioManifest;
      } catch {
        return null;
      }
    }),
  ).then((list) =>
    list.filter((m): m is AudioManifest => Boolean(m)).sort((a, b) => a.scene_number - b.scene_number),
  );
}

/**
 * 402 in the plan's words for a film that cannot fit the plan's longest (its unit given back):
 * `seconds` is the shortest the film can be.
 */
export async function refuseTooLong(
  deps: VideoContext,
  userId: string,
  period: string,
  rule: VideoPlanRule,
  seconds: number,
) {
  if (!beyondPlanLength(rule, seconds)) return;
  await deps.metering.release(userId, period);
  throw new PaymentRequiredError(
    subscriptionMessages.tooLong(rule.tier, "this chapter's film", seconds),
    PAYMENT_REQUIRED_CODES.videoTooLong,
  );
}
