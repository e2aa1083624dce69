import type { AudioService } from '../audio/service';
import type { BooksService } from '../books/service';
import { CHAPTER_NOT_FOUND } from '../books/service';
import {
  beyondPlanLength,
  PAYMENT_REQUIRED_CODES,
  SUBSCRIPTION_TIERS,
  subscriptionMessages,
  videoPlanRuleOf,
  type VideoPlanRule,
} from '../contracts/subscriptions';
import type { GenerateVideoInput, SaveProductionInput } from '../contracts/video-requests';
import {
  DOWNLOAD_HEIGHTS,
  honestDownloads,
  EDITOR_DEFAULTS,
  GENERATION_SIZES,
  MAX_DOWNLOAD_BYTES,
  NEW_SCENE_TRANSITION,
  normaliseGenerationStatus,
  PIPELINE_STEPS,
  STAGE_STATES,
  STEP_NAMES,
  videoMessages,
  type AudioFilesAnswer,
  type CharacterImagesAnswer,
  type CombinedVideo,
  type DownloadQuality,
  type EditorSettings,
  type FinalVideoAnswer,
  type GenerationStarted,
  type GenerationStatus,
  type GenerationStepsStatus,
  type LipSyncedVideosAnswer,
  type LipSyncStatus,
  type MergeStatus,
  type PipelineStatus,
  type PipelineStep,
  type ProductionScene,
  type SceneVideosAnswer,
  type StageState,
  type StageStatus,
  type VideoDownload,
  type VideoGeneration,
  type VideoProduction,
} from '../contracts/video';
import type { ImagesService } from '../images/service';
import { isActive, type JobRecord, type Jobs } from '../jobs';
import {
  BadRequestError,
  ConflictError,
  HttpError,
  NotFoundError,
  PaymentRequiredError,
} from '../lib/errors';
import { isUuid } from '../lib/ids';
import { mediaUrl } from '../lib/media-urls';
import { isoNow, type Clock, type ObjectStore, type Table, type VideoMetering } from '../lib/ports';
import type { ScriptRecord } from '../scripts/model';
import type { ScriptsService } from '../scripts/service';
import {
  downloadLock,
  generationLock,
  videoCombineJob,
  videoDownloadJob,
  videoGenerationJob,
} from './jobs/kinds';
import {
  videoKeys,
  type AudioManifest,
  type ProductionRecord,
  type Shot,
  type StageItemRecord,
  type TimelineEdit,
  type VideoCombineOptions,
  type VideoCombineOutputs,
  type VideoDownloadOptions,
  type VideoGenerationJob,
  type VideoGenerationOptions,
} from './model';
import {
  filmSettingsOf,
  filmWithinPlan,
  scriptFilmSeconds,
  scriptSceneSeconds,
  tierFilm,
  timelineSeconds,
} from './jobs/plan';
import { createVideoRepository } from './repository';

export interface VideoDeps {
  table: Table;
  clock: Clock;
  jobs: Jobs;
  books: BooksService;
  scripts: ScriptsService;
  images: ImagesService;
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
  return { narrator, characters };
}

const num = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? value : Number(value) || 0;
const round = (value: number, places = 1) => Math.round(value * 10 ** places) / 10 ** places;

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

export function createVideoService(deps: VideoDeps) {
  const repo = createVideoRepository(deps.table);
  const now = () => isoNow(deps.clock);
  const notFound = () => new NotFoundError(videoMessages.generationNotFound, 'generation_not_found');

  async function ownedChapter(chapterId: string, userId: string) {
    const context = await deps.books.chapterContext(chapterId);
    if (!context || context.book.owner_id !== userId)
      throw new NotFoundError(CHAPTER_NOT_FOUND, 'chapter_not_found');
    return context;
  }

  async function ownScript(scriptId: string, userId: string): Promise<ScriptRecord> {
    try {
      return await deps.scripts.ownScript(scriptId, userId);
    } catch {
      throw new NotFoundError(videoMessages.scriptNotFound, 'script_not_found');
    }
  }

  /** The caller's generation (anything else, someone else's included, is a 404); settled if cut off. */
  async function ownGeneration(id: string, userId: string): Promise<VideoGenerationJob> {
    const found = isUuid(id) ? await deps.jobs.get(id) : null;
    if (!found || found.kind !== videoGenerationJob.kind || found.owner_id !== userId) throw notFound();
    return (await deps.jobs.settle(found)) as VideoGenerationJob;
  }

  async function chapterGenerations(bookId: string, chapterId: string): Promise<VideoGenerationJob[]> {
    const jobs = await deps.jobs.listForBook(bookId, chapterId);
    return jobs.filter((j) => j.kind === videoGenerationJob.kind) as VideoGenerationJob[];
  }

  const itemsOf = (job: VideoGenerationJob) => repo.listItems(job.target.book_id!, job.id);

  async function view(job: VideoGenerationJob, items?: StageItemRecord[]): Promise<VideoGeneration> {
    const all = items ?? (await itemsOf(job));
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
            download_qualities: honestDownloads(final.width, final.height),
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

  async function manifests(job: VideoGenerationJob, items: StageItemRecord[]) {
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

  /** Any other generation of the chapter still running (one at a time per chapter). */
  async function refuseIfAnotherRuns(job: VideoGenerationJob) {
    const others = await chapterGenerations(job.target.book_id!, job.target.chapter_id!);
    for (const other of others) {
      if (other.id === job.id || !isActive(other.status)) continue;
      const settled = await deps.jobs.settle(other);
      if (isActive(settled.status)) throw new GenerationRunningError(other.id);
    }
  }

  /** Drops the items a run from `step` makes again (all of later stages; the redone scenes' clips). */
  async function clearFrom(job: VideoGenerationJob, step: PipelineStep, scenes: number[] | null) {
    const items = await itemsOf(job);
    const from = PIPELINE_STEPS.indexOf(step);
    const stale = items.filter((i) => {
      const index = PIPELINE_STEPS.indexOf(i.stage);
      if (index < from) return false;
      if (index === from && i.stage === 'video' && scenes) return scenes.includes(i.scene_number ?? -1);
      return true;
    });
    await repo.deleteItems(job.target.book_id!, stale);
  }

  /**
   * The unit a rerun takes (402 when none is left) and the tier's frame over the changes asked for:
   * every rerun makes a new final film, so it takes a unit unless the generation still holds one.
   */
  async function meterRerun(job: VideoGenerationJob, options: Partial<VideoGenerationOptions>) {
    if (!rerunTakesUnit(job)) return { metered: null, changes: options };
    const metered = await deps.metering.reserve(job.owner_id);
    const rule = videoPlanRuleOf(metered.tier);
    const timeline = options.timeline ?? null;
    if (timeline) await refuseTooLong(job.owner_id, metered.period, rule, timelineSeconds(timeline));
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
   * 402 in the plan's words for a film that cannot fit the plan's longest (its unit given back):
   * `seconds` is the shortest the film can be.
   */
  async function refuseTooLong(userId: string, period: string, rule: VideoPlanRule, seconds: number) {
    if (!beyondPlanLength(rule, seconds)) return;
    await deps.metering.release(userId, period);
    throw new PaymentRequiredError(
      subscriptionMessages.tooLong(rule.tier, "this chapter's film", seconds),
      PAYMENT_REQUIRED_CODES.videoTooLong,
    );
  }

  async function rerun(
    job: VideoGenerationJob,
    step: PipelineStep,
    options: Partial<VideoGenerationOptions> = {},
  ): Promise<VideoGeneration> {
    if (isActive(job.status)) throw new GenerationRunningError(job.id);
    await refuseIfAnotherRuns(job);
    const items = await itemsOf(job);
    const allowed = retrySteps(items, job);
    if (!allowed.includes(step)) {
      const missing =
        PIPELINE_STEPS.find(
          (s, i) => i < PIPELINE_STEPS.indexOf(step) && !allowed.includes(PIPELINE_STEPS[i + 1]!),
        ) ?? 'audio';
      throw new BadRequestError(videoMessages.cannotRetryFrom(step, missing), 'retry_step_unavailable');
    }
    const { metered, changes } = await meterRerun(job, options);
    // Another frame or rate (as the plan lets it be filmed) films every scene again.
    const redo = reframes(job.options, changes) ? null : (options.redo_scenes ?? null);
    let queued: VideoGenerationJob;
    try {
      await clearFrom(job, step, step === 'video' ? redo : null);
      const next = { ...job.options, ...changes, redo_scenes: step === 'video' ? redo : null };
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
    return view(queued);
  }

  function emptyProduction(chapterId: string): VideoProduction {
    return {
      chapter_id: chapterId,
      script_id: null,
      scenes: [],
      editorSettings: EDITOR_DEFAULTS,
      finalVideoUrl: null,
      metadata: { fileSize: null, duration: null, resolution: null, format: null },
      video_generation_id: null,
      updated_at: null,
    };
  }

  async function productionView(
    chapterId: string,
    bookId: string,
    record: ProductionRecord | null,
  ): Promise<VideoProduction> {
    const base = record
      ? {
          ...emptyProduction(chapterId),
          script_id: record.script_id,
          scenes: record.scenes,
          editorSettings: record.editorSettings,
          updated_at: record.updated_at,
        }
      : emptyProduction(chapterId);
    const latest = (await chapterGenerations(bookId, chapterId)).find(
      (g) => g.outputs.final_key && (!base.script_id || g.options.script_id === base.script_id),
    );
    if (!latest?.outputs.final) return base;
    const final = latest.outputs.final;
    // The timeline says what was filmed, each scene at the length its film gave it, until the
    // studio saves a new edit after that film.
    const edited = record && record.updated_at > (latest.finished_at ?? latest.updated_at);
    const filmed = new Map(
      (edited ? [] : await itemsOf(latest))
        .filter((i) => i.stage === 'video' && i.status === 'completed' && i.scene_number !== null)
        .map((i) => [i.scene_number!, round(num(i.data.duration), 3)]),
    );
    return {
      ...base,
      scenes: base.scenes.map((scene) => ({
        ...scene,
        duration: filmed.get(scene.sceneNumber) ?? scene.duration,
      })),
      finalVideoUrl: mediaUrl(latest.outputs.final_key),
      metadata: {
        fileSize: final.bytes,
        duration: round(final.duration, 2),
        resolution: `${final.width}x${final.height}`,
        format: final.format ?? 'mp4',
      },
      video_generation_id: latest.id,
    };
  }

  /** Each scene's sound length in the script's latest film that recorded it (seconds, by scene). */
  async function filmedSoundSeconds(script: ScriptRecord): Promise<Map<number, number>> {
    const latest = (await chapterGenerations(script.book_id, script.chapter_id)).find(
      (g) => g.options.script_id === script.id && g.outputs.final_key,
    );
    const items = latest ? await itemsOf(latest) : [];
    return new Map(
      items
        .filter((i) => i.stage === 'audio' && i.status === 'completed' && i.scene_number !== null)
        .map((i) => [i.scene_number!, num(i.data.duration)]),
    );
  }

  /** The studio's timeline as the pipeline's edit: its order, lengths and transitions. */
  function timelineOf(scenes: ProductionScene[], script: ScriptRecord): TimelineEdit {
    const known = new Set(script.scenes.map((s) => s.scene_number));
    const stranger = scenes.find((s) => !known.has(s.sceneNumber));
    if (stranger)
      throw new BadRequestError(videoMessages.sceneNotInScript(stranger.sceneNumber), 'scene_not_in_script');
    const kept = scenes;
    return {
      order: kept.map((s) => s.sceneNumber),
      durations: Object.fromEntries(kept.map((s) => [String(s.sceneNumber), round(s.duration, 3)])),
      transitions: Object.fromEntries(
        kept.map((s, i) => [
          String(s.sceneNumber),
          s.transitions[0] ??
            (i === 0 ? { type: 'none' as const, duration: 0 } : { ...NEW_SCENE_TRANSITION }),
        ]),
      ),
    };
  }

  const service = {
    repository: repo,

    async start(
      userId: string,
      input: GenerateVideoInput,
      timeline: TimelineEdit | null = null,
      film: ReturnType<typeof filmSettingsOf> | null = null,
    ): Promise<GenerationStarted> {
      const { book, chapter } = await ownedChapter(input.chapter_id, userId);
      const script = await ownScript(input.script_id, userId);
      if (script.chapter_id !== chapter.id)
        throw new NotFoundError(videoMessages.scriptNotFound, 'script_not_found');
      if (!script.scenes.length) throw new BadRequestError(videoMessages.scriptNoScenes, 'script_no_scenes');
      // A new generation takes one of the month's videos (402 when none is left); the free tier
      // films at 480p with its watermark.
      const metered = await deps.metering.reserve(userId);
      const rule = videoPlanRuleOf(metered.tier);
      await refuseTooLong(userId, metered.period, rule, scriptFilmSeconds(script, timeline, 'fastest'));
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
      if (job.status === 'failed')
        throw new HttpError(503, videoMessages.startFailed, 'generation_not_started');
      return {
        video_generation_id: job.id,
        audio_task_id: job.id,
        task_status: job.status,
        generation_status: generationStatusOf(job),
        message: videoMessages.started,
      };
    },

    async latestForScriptOrGeneration(userId: string, id: string): Promise<VideoGeneration | null> {
      if (isUuid(id)) {
        const found = await deps.jobs.get(id);
        if (found && found.kind === videoGenerationJob.kind && found.owner_id === userId)
          return view((await deps.jobs.settle(found)) as VideoGenerationJob);
      }
      const script = await ownScript(id, userId).catch(() => null);
      if (!script) throw notFound();
      const latest = (await chapterGenerations(script.book_id, script.chapter_id)).find(
        (g) => g.options.script_id === script.id,
      );
      return latest ? view((await deps.jobs.settle(latest)) as VideoGenerationJob) : null;
    },

    async get(userId: string, id: string) {
      return view(await ownGeneration(id, userId));
    },

    async steps(userId: string, id: string): Promise<GenerationStepsStatus> {
      const job = await ownGeneration(id, userId);
      const items = await itemsOf(job);
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
    },

    async pipeline(userId: string, id: string): Promise<PipelineStatus> {
      const job = await ownGeneration(id, userId);
      const items = await itemsOf(job);
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
    },

    async retry(userId: string, id: string, step: PipelineStep | undefined, scenes: number[] | undefined) {
      const job = await ownGeneration(id, userId);
      // Named scenes are filmed again from their clips; otherwise from the failed step (or all).
      const from = step ?? (scenes ? 'video' : (failedStepOf(job) ?? 'audio'));
      return rerun(job, from, { redo_scenes: scenes ?? null });
    },

    async triggerLipSync(userId: string, id: string) {
      return rerun(await ownGeneration(id, userId), 'lipsync');
    },

    async cancel(userId: string, id: string): Promise<VideoGeneration> {
      const job = await ownGeneration(id, userId);
      if (!isActive(job.status)) throw new ConflictError(videoMessages.notRunning, 'not_running');
      const cancelled = (await deps.jobs.cancel(job, 'Cancelled by the user')) as VideoGenerationJob;
      // What this run made goes; a first run's folder goes whole.
      const items = await itemsOf(job);
      const partial = job.attempt === 1 ? items : items.filter((i) => i.attempt === job.attempt);
      if (job.attempt === 1) await deps.media.deletePrefix(videoKeys.prefix(job.target.book_id!, job.id));
      else await Promise.all(partial.flatMap((i) => i.keys).map((key) => deps.media.delete(key)));
      await repo.deleteItems(job.target.book_id!, partial);
      await deps.jobs.repository.update(
        job.id,
        {
          outputs: {
            ...cancelled.outputs,
            generation_status: 'cancelled',
            ...(job.attempt === 1 ? { final_key: null, final: null } : {}),
          },
        },
        now(),
        ['cancelled'],
      );
      return view((await deps.jobs.get(job.id)) as VideoGenerationJob);
    },

    async mergeStatus(userId: string, id: string): Promise<MergeStatus> {
      const job = await ownGeneration(id, userId);
      const items = await itemsOf(job);
      const merge = items.find((i) => i.stage === 'merge' && i.status === 'completed');
      return {
        video_generation_id: job.id,
        status: stagesOf(items, job)[3]!.status,
        merge_progress: progressOf(items, job).merge_progress,
        merged_video_url: merge ? mediaUrl(String(merge.data.merged_key)) : null,
      };
    },

    async lipSyncStatus(userId: string, id: string): Promise<LipSyncStatus> {
      const job = await ownGeneration(id, userId);
      const items = await itemsOf(job);
      const progress = progressOf(items, job);
      return {
        video_generation_id: job.id,
        status: stagesOf(items, job)[4]!.status,
        lipsync_progress: progress.lipsync_progress,
        sync_accuracy: progress.merge_progress.sync_accuracy,
      };
    },

    async finalVideo(userId: string, id: string): Promise<FinalVideoAnswer> {
      const job = await ownGeneration(id, userId);
      const generation = await view(job);
      if (!generation.final_video) throw new NotFoundError(videoMessages.noFinalVideo, 'no_final_video');
      return { ...generation.final_video, video_generation_id: job.id };
    },

    async audioFiles(userId: string, id: string): Promise<AudioFilesAnswer> {
      const job = await ownGeneration(id, userId);
      const items = await itemsOf(job);
      const list = await manifests(job, items);
      return {
        video_generation_id: job.id,
        status: stagesOf(items, job)[0]!.status,
        audio_progress: progressOf(items, job).audio_progress,
        audio_files: {
          narrator: list.flatMap((m) =>
            (m.narration ?? (m.narrator ? [m.narrator] : [])).map((n) => ({
              url: mediaUrl(n.key),
              duration: round(n.duration, 2),
              scene_number: m.scene_number,
            })),
          ),
          characters: list.flatMap((m) =>
            m.lines.map((l) => ({
              url: mediaUrl(l.key),
              duration: round(l.duration, 2),
              scene_number: m.scene_number,
              character: l.character,
              text: l.text,
            })),
          ),
          sound_effects: list.flatMap((m) =>
            m.effects.map((e) => ({
              url: mediaUrl(e.key),
              duration: round(e.duration, 2),
              scene_number: m.scene_number,
            })),
          ),
          background_music: list.flatMap((m) =>
            [m.music, m.ambiance]
              .filter((b): b is NonNullable<typeof b> => Boolean(b))
              .map((b) => ({
                url: mediaUrl(b.key),
                duration: round(b.duration, 2),
                scene_number: m.scene_number,
              })),
          ),
          scene_mixes: list.map((m) => ({
            url: mediaUrl(m.mix_key),
            duration: round(m.duration, 2),
            scene_number: m.scene_number,
          })),
        },
      };
    },

    async characterImages(userId: string, id: string): Promise<CharacterImagesAnswer> {
      const job = await ownGeneration(id, userId);
      const items = (await itemsOf(job)).filter((i) => i.stage === 'images' && i.status === 'completed');
      return {
        video_generation_id: job.id,
        status: stagesOf(await itemsOf(job), job)[1]!.status,
        image_progress: progressOf(items, job).image_progress,
        character_images: items
          .filter((i) => i.data.kind === 'character')
          .map((i) => ({
            character: String(i.data.name),
            image_url: mediaUrl(String(i.data.portrait_key)),
            source: i.data.source === 'plot' ? ('plot' as const) : ('generated' as const),
          })),
        scene_images: items
          .filter((i) => i.data.kind === 'scene')
          .sort((a, b) => (a.scene_number ?? 0) - (b.scene_number ?? 0))
          .map((i) => ({
            scene_number: i.scene_number ?? 0,
            image_url: mediaUrl(String(i.data.image_key)),
            source: i.data.source === 'chapter' ? ('chapter' as const) : ('generated' as const),
          })),
      };
    },

    async sceneVideos(userId: string, id: string): Promise<SceneVideosAnswer> {
      const job = await ownGeneration(id, userId);
      const items = await itemsOf(job);
      return {
        video_generation_id: job.id,
        status: stagesOf(items, job)[2]!.status,
        video_progress: progressOf(items, job).video_progress,
        scene_videos: items
          .filter((i) => i.stage === 'video' && i.status === 'completed')
          .sort((a, b) => (a.scene_number ?? 0) - (b.scene_number ?? 0))
          .map((i) => ({
            scene_number: i.scene_number ?? 0,
            video_url: mediaUrl(String(i.data.clip_key)),
            thumbnail_url: mediaUrl(String(i.data.thumbnail_key)),
            duration: round(num(i.data.duration), 2),
            shots: ((i.data.shots as Shot[] | undefined) ?? []).map((s) => ({
              kind: s.kind,
              start: round(s.start, 3),
              duration: round(s.duration, 3),
              character: s.character,
            })),
          })),
      };
    },

    async lipSyncedVideos(userId: string, id: string): Promise<LipSyncedVideosAnswer> {
      const job = await ownGeneration(id, userId);
      const items = await itemsOf(job);
      const order = job.options.timeline?.order;
      const videos = items.filter((i) => i.stage === 'video' && i.status === 'completed');
      const sceneStart = new Map<number, number>();
      let at = 0;
      const sequence = order?.length ? order : videos.map((v) => v.scene_number ?? 0).sort((a, b) => a - b);
      for (const n of sequence) {
        sceneStart.set(n, at);
        at += num(videos.find((v) => v.scene_number === n)?.data.duration);
      }
      return {
        video_generation_id: job.id,
        status: stagesOf(items, job)[4]!.status,
        lipsync_progress: progressOf(items, job).lipsync_progress,
        lip_synced_videos: items
          .filter((i) => i.stage === 'lipsync' && i.status === 'completed')
          .sort((a, b) => (a.scene_number ?? 0) - (b.scene_number ?? 0))
          .flatMap((i) =>
            (
              (i.data.talking as
                { key: string; character: string; start: number; duration: number }[] | undefined) ?? []
            ).map((t) => ({
              scene_number: i.scene_number ?? 0,
              character: t.character,
              start: round((sceneStart.get(i.scene_number ?? 0) ?? 0) + t.start, 3),
              duration: round(t.duration, 3),
              video_url: mediaUrl(t.key),
            })),
          ),
      };
    },

    async chapterHistory(userId: string, chapterId: string) {
      const { book, chapter } = await ownedChapter(chapterId, userId);
      const list = await chapterGenerations(book.id, chapter.id);
      const settled = await Promise.all(list.map((j) => deps.jobs.settle(j) as Promise<VideoGenerationJob>));
      return { generations: await Promise.all(settled.map((j) => view(j))) };
    },

    // --- downloads by quality ---

    async download(
      userId: string,
      id: string,
      quality: DownloadQuality,
    ): Promise<{ status: 200 | 202; body: VideoDownload }> {
      const job = await ownGeneration(id, userId);
      const final = job.outputs.final;
      if (!job.outputs.final_key || !final)
        throw new NotFoundError(videoMessages.noFinalVideo, 'no_final_video');
      const bookId = job.target.book_id!;
      const outputKey = videoKeys.download(bookId, job.id, attemptOf(job.outputs.final_key), quality);
      const { book, chapter } = (await deps.books.chapterContext(job.target.chapter_id!)) ?? {};
      const filename = `${slug(book?.title ?? 'video')}-chapter-${chapter?.chapter_number ?? 1}-${DOWNLOAD_HEIGHTS[quality] === 2160 ? '4k' : `${DOWNLOAD_HEIGHTS[quality]}p`}.mp4`;
      const filmHeight = Math.min(final.width, final.height);
      const asked = DOWNLOAD_HEIGHTS[quality];
      if (!honestDownloads(final.width, final.height).includes(quality))
        throw new BadRequestError(videoMessages.downloadAboveFilm(filmHeight, asked), 'above_film_size');
      // The film's own size and container: the download is the film itself, copied (no encode).
      if (asked === filmHeight && (final.format ?? 'mp4') === 'mp4' && !(await deps.media.head(outputKey)))
        await deps.media.copy(job.outputs.final_key, outputKey, 'video/mp4');
      const ready = await deps.media.head(outputKey);
      if (ready) {
        if (ready.size > MAX_DOWNLOAD_BYTES) throw new BadRequestError(videoMessages.tooLarge, 'too_large');
        return {
          status: 200,
          body: {
            status: 'ready',
            quality,
            download_url: mediaUrl(outputKey)!,
            filename,
            file_size_bytes: ready.size,
          },
        };
      }
      const made = (await deps.jobs.start(videoDownloadJob, {
        owner: userId,
        target: { book_id: bookId, chapter_id: job.target.chapter_id! },
        options: {
          generation_id: job.id,
          quality,
          source_key: job.outputs.final_key,
          output_key: outputKey,
          subtitles_key: final.subtitles_key ?? null,
          height: DOWNLOAD_HEIGHTS[quality],
        },
        exclusive: downloadLock(job.id, attemptOf(job.outputs.final_key), quality),
      })) as JobRecord<VideoDownloadOptions>;
      return {
        status: 202,
        body: {
          status: made.status === 'failed' ? 'failed' : 'processing',
          quality,
          job_id: made.id,
          error_message: made.error_message,
        },
      };
    },

    // --- combining the user's videos ---

    async combine(userId: string, urls: string[]): Promise<CombinedVideo> {
      const sources: { key: string; bookId: string; chapterId: string; duration: number }[] = [];
      for (const url of urls) {
        const id = /video\/([0-9a-f-]{36})\//i.exec(url)?.[1] ?? (isUuid(url) ? url : null);
        const job = id ? await deps.jobs.get(id) : null;
        const final = job as VideoGenerationJob | null;
        if (
          !final ||
          final.kind !== videoGenerationJob.kind ||
          final.owner_id !== userId ||
          !final.outputs.final_key
        )
          throw new NotFoundError(videoMessages.combineNotYours, 'video_not_found');
        sources.push({
          key: final.outputs.final_key,
          bookId: final.target.book_id!,
          chapterId: final.target.chapter_id!,
          duration: final.outputs.final?.duration ?? 0,
        });
      }
      // The combination is a video the plan makes too: no longer than its longest.
      const rule = videoPlanRuleOf(await deps.metering.plan(userId));
      const seconds = sources.reduce((sum, s) => sum + s.duration, 0);
      if (beyondPlanLength(rule, seconds))
        throw new PaymentRequiredError(
          subscriptionMessages.tooLong(rule.tier, 'the combined video', seconds),
          PAYMENT_REQUIRED_CODES.videoTooLong,
        );
      const first = sources[0]!;
      const job = (await deps.jobs.start(videoCombineJob, {
        owner: userId,
        target: { book_id: first.bookId, chapter_id: first.chapterId },
        options: { source_keys: sources.map((s) => s.key) },
      })) as JobRecord<VideoCombineOptions, VideoCombineOutputs>;
      return combinedView(job);
    },

    async combined(userId: string, id: string): Promise<CombinedVideo> {
      const found = isUuid(id) ? await deps.jobs.get(id) : null;
      if (!found || found.kind !== videoCombineJob.kind || found.owner_id !== userId)
        throw new NotFoundError('Combined video not found.', 'combine_not_found');
      return combinedView(
        (await deps.jobs.settle(found)) as JobRecord<VideoCombineOptions, VideoCombineOutputs>,
      );
    },

    // --- the studio's production ---

    async getProduction(userId: string, chapterId: string): Promise<VideoProduction> {
      const { book, chapter } = await ownedChapter(chapterId, userId);
      return productionView(chapter.id, book.id, await repo.getProduction(book.id, chapter.id));
    },

    async saveProduction(
      userId: string,
      chapterId: string,
      input: SaveProductionInput,
    ): Promise<VideoProduction> {
      const { book, chapter } = await ownedChapter(chapterId, userId);
      if (input.script_id) {
        const script = await ownScript(input.script_id, userId);
        if (script.chapter_id !== chapter.id)
          throw new NotFoundError(videoMessages.scriptNotFound, 'script_not_found');
      }
      const record: ProductionRecord = {
        book_id: book.id,
        chapter_id: chapter.id,
        owner_id: userId,
        script_id: input.script_id,
        scenes: input.scenes as ProductionScene[],
        editorSettings: input.editorSettings as VideoProduction['editorSettings'],
        updated_at: now(),
      };
      await repo.putProduction(record);
      return productionView(chapter.id, book.id, record);
    },

    /** The production's scenes made from the script, with the chapter's pictures and audio of each. */
    async initialize(userId: string, scriptId: string): Promise<VideoProduction> {
      const script = await ownScript(scriptId, userId);
      const chapterImages = (
        await deps.images.repository.listForChapter(script.book_id, script.chapter_id)
      ).filter((r) => r.image_type === 'scene' && r.status === 'completed' && r.image_key);
      if (!chapterImages.length) throw new BadRequestError(videoMessages.noImages, 'no_images');
      const audio = await deps.audio.list(userId, script.chapter_id, script.id);
      const filmed = await filmedSoundSeconds(script);
      const scenes: ProductionScene[] = script.scenes.map((scene, i) => {
        const picture = chapterImages
          .filter((r) => r.scene_number === scene.scene_number && (r.script_id === script.id || !r.script_id))
          .sort(
            (a, b) =>
              (a.script_id === script.id ? -1 : 0) - (b.script_id === script.id ? -1 : 0) ||
              b.updated_at.localeCompare(a.updated_at),
          )[0];
        const files = audio.filter((f) => f.scene_number === scene.scene_number && f.status === 'completed');
        const url = picture ? mediaUrl(picture.image_key) : null;
        return {
          id: `scene-${scene.scene_number}`,
          sceneNumber: scene.scene_number,
          // The length the film gives the scene: its recorded sound when a film of the script has
          // one, else the script's words read as the film reads them.
          duration: round(filmed.get(scene.scene_number) ?? scriptSceneSeconds(scene, 'slowest'), 3),
          status: picture ? 'completed' : 'pending',
          imageUrl: url,
          thumbnailUrl: url,
          video_url: null,
          transitions: i === 0 ? [] : [{ ...NEW_SCENE_TRANSITION }],
          audioFiles: files.map((f) => ({ id: f.id, url: f.url, name: f.name, duration: f.duration ?? 0 })),
          characters: scene.characters,
          location: scene.location,
          time_of_day: scene.time_of_day,
          dialogue: scene.dialogue.map((d) => ({ character: d.character, line: d.line })),
        };
      });
      return service.saveProduction(userId, script.chapter_id, {
        script_id: script.id,
        scenes,
        editorSettings: ((await repo.getProduction(script.book_id, script.chapter_id))?.editorSettings ??
          EDITOR_DEFAULTS) as never,
      } as SaveProductionInput);
    },

    /**
     * Films the saved timeline: the latest generation of the script is run again from the scene
     * videos, re-rendering only the scenes whose length or transition changed (a new order only
     * merges again); without one, a new generation starts with the timeline.
     */
    async render(userId: string, chapterId: string, scriptId: string): Promise<VideoGeneration> {
      const { book, chapter } = await ownedChapter(chapterId, userId);
      const script = await ownScript(scriptId, userId);
      if (script.chapter_id !== chapter.id)
        throw new NotFoundError(videoMessages.scriptNotFound, 'script_not_found');
      const production = await repo.getProduction(book.id, chapter.id);
      if (!production?.scenes.length) throw new BadRequestError(videoMessages.noScenes, 'no_scenes');
      const timeline = timelineOf(production.scenes, script);
      if (!timeline.order.length) throw new BadRequestError(videoMessages.noScenes, 'no_scenes');
      const film = filmSettingsOf({
        ...EDITOR_DEFAULTS,
        ...(production.editorSettings as Partial<EditorSettings>),
      });
      const latest = (await chapterGenerations(book.id, chapter.id)).find(
        (g) => g.options.script_id === script.id,
      );
      if (latest) {
        const settled = (await deps.jobs.settle(latest)) as VideoGenerationJob;
        if (isActive(settled.status)) throw new GenerationRunningError(settled.id);
        const items = await itemsOf(settled);
        if (retrySteps(items, settled).includes('video')) {
          // A scene is filmed again only when its length or the transition into it changed.
          const changed = timeline.order.filter((n) => {
            const key = String(n);
            const clip = items.find((i) => i.stage === 'video' && i.scene_number === n);
            if (!clip) return true;
            const wanted = timeline.transitions[key];
            const effective = wanted && wanted.type !== 'none' ? wanted : null;
            return (
              Math.abs(num(clip.data.duration) - timeline.durations[key]!) >= 0.05 ||
              JSON.stringify(clip.data.transition ?? null) !== JSON.stringify(effective)
            );
          });
          return rerun(settled, 'video', {
            timeline,
            redo_scenes: changed,
            width: film.width,
            height: film.height,
            fps: film.fps,
            export: film.export,
          });
        }
      }
      const started = await service.start(
        userId,
        {
          script_id: script.id,
          chapter_id: chapter.id,
          quality_tier: 'basic',
          video_style: 'realistic',
          mode: 'basic',
        },
        timeline,
        film,
      );
      return service.get(userId, started.video_generation_id);
    },
  };

  return service;
}

function combinedView(job: JobRecord<VideoCombineOptions, VideoCombineOutputs>): CombinedVideo {
  return {
    combine_id: job.id,
    status: job.status,
    progress: job.progress,
    video_url: job.status === 'ready' ? mediaUrl(job.outputs.key ?? null) : null,
    duration: job.outputs.duration ?? null,
    method: job.outputs.method ?? null,
    error_message: job.error_message,
  };
}

const attemptOf = (finalKey: string) => Number(/final-(\d+)\.mp4$/.exec(finalKey)?.[1] ?? 1);

const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_]+/g, '-')
    .slice(0, 60) || 'video';

export type VideoService = ReturnType<typeof createVideoService>;
