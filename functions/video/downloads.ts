import {
  beyondPlanLength,
  FREE_VIDEO_SIZE,
  FREE_WATERMARK_TEXT,
  PAYMENT_REQUIRED_CODES,
  SUBSCRIPTION_TIERS,
  subscriptionMessages,
  videoPlanRuleOf,
  type Tier,
} from '../contracts/subscriptions';
import {
  DOWNLOAD_HEIGHTS,
  MAX_DOWNLOAD_BYTES,
  videoMessages,
  type AudioFilesAnswer,
  type CharacterImagesAnswer,
  type CombinedVideo,
  type DownloadQuality,
  type FinalVideoAnswer,
  type LipSyncedVideosAnswer,
  type SceneVideosAnswer,
  type VideoDownload,
} from '../contracts/video';
import { isActive, type JobRecord } from '../jobs';
import { BadRequestError, NotFoundError, PaymentRequiredError } from '../lib/errors';
import { isUuid } from '../lib/ids';
import { mediaUrl } from '../lib/media-urls';
import { downloadLock, videoCombineJob, videoDownloadJob, videoGenerationJob } from './jobs/kinds';
import {
  videoKeys,
  type Shot,
  type VideoCombineOptions,
  type VideoCombineOutputs,
  type VideoDownloadOptions,
  type VideoGenerationJob,
  type VideoGenerationOptions,
} from './model';
import { carriesPlanWatermark, filmWithinPlan, tierFilm } from './jobs/plan';
import { rerun } from './generation';
import {
  progressOf,
  stagesOf,
  type VideoContext,
  ownGeneration,
  itemsOf,
  view,
  manifests,
  num,
  round,
  combinedView,
  attemptOf,
  slug,
  downloadMethodsOf,
  reframes,
  retrySteps,
} from './common';

/** What a generation made, listed and downloaded: the film, its sound, pictures and scene videos, and films combined from several. */

export async function finalVideo(deps: VideoContext, userId: string, id: string): Promise<FinalVideoAnswer> {
  const job = await ownGeneration(deps, id, userId);
  const generation = await view(deps, job);
  if (!generation.final_video) throw new NotFoundError(videoMessages.noFinalVideo, 'no_final_video');
  return { ...generation.final_video, video_generation_id: job.id };
}

export async function audioFiles(deps: VideoContext, userId: string, id: string): Promise<AudioFilesAnswer> {
  const job = await ownGeneration(deps, id, userId);
  const items = await itemsOf(deps, job);
  const list = await manifests(deps, job, items);
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
}

export async function characterImages(
  deps: VideoContext,
  userId: string,
  id: string,
): Promise<CharacterImagesAnswer> {
  const job = await ownGeneration(deps, id, userId);
  const items = (await itemsOf(deps, job)).filter((i) => i.stage === 'images' && i.status === 'completed');
  return {
    video_generation_id: job.id,
    status: stagesOf(await itemsOf(deps, job), job)[1]!.status,
    image_progress: progressOf(items, job).image_progress,
    character_images: items
      .filter((i) => i.data.kind === 'character')
      .map((i) => ({
        character: String(i.data.name),
        image_url: mediaUrl(String(i.data.portrait_key)),
        source: i.data.source === 'plot' ? ('plot' as const) : ('generated' as const),
      })),
    // Every picture a scene was filmed over, in order: a long scene is drawn once per moment, and
    // only its first picture can be the Images tab's (items made before moments list one picture).
    scene_images: items
      .filter((i) => i.data.kind === 'scene')
      .sort((a, b) => (a.scene_number ?? 0) - (b.scene_number ?? 0))
      .flatMap((i) =>
        ((i.data.images as { key: string }[] | undefined) ?? [{ key: String(i.data.image_key) }]).map(
          (picture, n) => ({
            scene_number: i.scene_number ?? 0,
            image_url: mediaUrl(picture.key),
            source: n === 0 && i.data.source === 'chapter' ? ('chapter' as const) : ('generated' as const),
          }),
        ),
      ),
  };
}

export async function sceneVideos(
  deps: VideoContext,
  userId: string,
  id: string,
): Promise<SceneVideosAnswer> {
  const job = await ownGeneration(deps, id, userId);
  const items = await itemsOf(deps, job);
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
        subtitles_url: mediaUrl(typeof i.data.subtitles_key === 'string' ? i.data.subtitles_key : null),
        duration: round(num(i.data.duration), 2),
        shots: ((i.data.shots as Shot[] | undefined) ?? []).map((s) => ({
          kind: s.kind,
          start: round(s.start, 3),
          duration: round(s.duration, 3),
          character: s.character,
        })),
      })),
  };
}

export async function lipSyncedVideos(
  deps: VideoContext,
  userId: string,
  id: string,
): Promise<LipSyncedVideosAnswer> {
  const job = await ownGeneration(deps, id, userId);
  const items = await itemsOf(deps, job);
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
}

// --- downloads by quality ---

/** "480p", "1080p", "4K": a download size as the menu names it. */
const sizeName = (quality: DownloadQuality) =>
  DOWNLOAD_HEIGHTS[quality] === 2160 ? '4K' : `${DOWNLOAD_HEIGHTS[quality]}p`;

/**
 * The final film at a quality (`downloadMethods`): the film itself copied, encoded down, or filmed
 * again at that size for the user's plan now (a run of the generation from its sources, answered 202
 * while it runs); a size the plan does not film is refused in the plan's words.
 */
export async function downloadFile(
  deps: VideoContext,
  userId: string,
  id: string,
  quality: DownloadQuality,
): Promise<{ status: 200 | 202; body: VideoDownload }> {
  const job = await ownGeneration(deps, id, userId);
  const final = job.outputs.final;
  if (!job.outputs.final_key || !final) throw new NotFoundError(videoMessages.noFinalVideo, 'no_final_video');
  const tier = await deps.metering.plan(userId);
  const method = downloadMethodsOf(job, tier)[quality];
  if (method === 'beyond_plan') {
    const plan = SUBSCRIPTION_TIERS[tier].limits.film_frame.short_side;
    throw new PaymentRequiredError(
      subscriptionMessages.overPlan(tier, `films up to ${plan}p`, `a ${sizeName(quality)} download`),
      PAYMENT_REQUIRED_CODES.planLimit,
    );
  }
  if (method === 'render') return { status: 202, body: await filmAgainFor(deps, job, quality, tier) };
  const bookId = job.target.book_id!;
  const outputKey = videoKeys.download(bookId, job.id, attemptOf(job.outputs.final_key), quality);
  const { book, chapter } = (await deps.books.chapterContext(job.target.chapter_id!)) ?? {};
  const filename = `${slug(book?.title ?? 'video')}-chapter-${chapter?.chapter_number ?? 1}-${sizeName(quality).toLowerCase()}.mp4`;
  // The film's own size and container, with what the plan gives: the film itself, copied (no encode).
  if (method === 'copy' && !(await deps.media.head(outputKey)))
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
      method: 'encode',
      progress: made.progress,
    },
  };
}

/**
 * A download the film itself cannot give — larger than the film, or without the watermark its plan
 * gave — made by filming the generation again for it: the scenes filmed at the asked size from their
 * pictures and sound (a run from the video stage), or, at the film's own size, merged and published
 * again from the scene clips (which carry no watermark). The film then is that size, and the download
 * is made of it. Answered while the run goes (the job is the generation): processing, or failed when
 * the run made for this size failed.
 */
async function filmAgainFor(
  deps: VideoContext,
  job: VideoGenerationJob,
  quality: DownloadQuality,
  tier: Tier,
): Promise<VideoDownload> {
  const answer = (
    status: 'processing' | 'failed',
    run: { error_message: string | null; progress: number },
  ) => ({
    status,
    quality,
    job_id: job.id,
    error_message: run.error_message,
    method: 'render' as const,
    progress: run.progress,
  });
  if (isActive(job.status)) return answer('processing', job);
  if (job.options.made_for_download === quality) {
    if (job.status === 'failed') return answer('failed', job);
    // Filmed again for this size already, and still not it (a frame the plan cannot give at that
    // size): refused rather than filmed again and again.
    const final = job.outputs.final!;
    throw new BadRequestError(
      videoMessages.cannotFilmAt(sizeName(quality), `${final.width}×${final.height}`),
      'download_not_filmable',
    );
  }
  const changes = filmFor(job.options, quality, tier);
  const step = reframes(job.options, changes) ? 'video' : 'merge';
  if (!retrySteps(await itemsOf(deps, job), job).includes(step))
    throw new BadRequestError(videoMessages.cannotFilmAgain(sizeName(quality)), 'download_sources_gone');
  const again = await rerun(deps, job, step, changes, 'download');
  return answer(again.task_status === 'failed' ? 'failed' : 'processing', again);
}

/** Long side over short side of the studio's frames (16:9, 4:3, 1:1 either way round). */
const STANDARD_SHAPES = [16 / 9, 4 / 3, 1];

/**
 * The generation's frame, rate and export for a download filmed again at `quality` under the plan
 * `tier`: the film's shape at the asked short side within the plan's frame; the free plan's watermark
 * gone once the plan has none (a watermark of the user's own stays), given when it has one.
 */
function filmFor(
  options: VideoGenerationOptions,
  quality: DownloadQuality,
  tier: Tier,
): Partial<VideoGenerationOptions> {
  const plan = SUBSCRIPTION_TIERS[tier];
  const even = (n: number) => Math.round(n / 2) * 2;
  const short = DOWNLOAD_HEIGHTS[quality];
  // The film's shape at the asked short side — its standard frame when it is one (854×480 is 16:9
  // on even pixels: at 720 it is 1280×720, not 1282×720).
  const shape = Math.max(options.width, options.height) / Math.min(options.width, options.height);
  const long = even(short * (STANDARD_SHAPES.find((r) => Math.abs(shape - r) < 0.01) ?? shape));
  const landscape = options.width >= options.height;
  const asked = options.export ?? null;
  const exported =
    asked && carriesPlanWatermark(options) && !plan.has_watermark ? { ...asked, watermark: null } : asked;
  const film = tierFilm(
    filmWithinPlan(
      {
        width: landscape ? long : short,
        height: landscape ? short : long,
        fps: options.fps,
        export: exported,
      },
      plan.limits,
    ),
    plan.has_watermark ? { ...FREE_VIDEO_SIZE, watermark: FREE_WATERMARK_TEXT } : null,
  );
  return {
    width: film.width,
    height: film.height,
    fps: film.fps,
    export: film.export,
    plan: videoPlanRuleOf(tier),
    made_for_download: quality,
  };
}

// --- combining the user's videos ---

export async function combineVideos(
  deps: VideoContext,
  userId: string,
  urls: string[],
): Promise<CombinedVideo> {
  const sources: {
    key: string;
    subtitlesKey: string | null;
    bookId: string;
    chapterId: string;
    duration: number;
  }[] = [];
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
      subtitlesKey: final.outputs.final?.subtitles_key ?? null,
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
    options: {
      source_keys: sources.map((s) => s.key),
      subtitles_keys: sources.map((s) => s.subtitlesKey),
    },
  })) as JobRecord<VideoCombineOptions, VideoCombineOutputs>;
  return combinedView(job);
}

export async function combinedVideo(deps: VideoContext, userId: string, id: string): Promise<CombinedVideo> {
  const found = isUuid(id) ? await deps.jobs.get(id) : null;
  if (!found || found.kind !== videoCombineJob.kind || found.owner_id !== userId)
    throw new NotFoundError('Combined video not found.', 'combine_not_found');
  return combinedView((await deps.jobs.settle(found)) as JobRecord<VideoCombineOptions, VideoCombineOutputs>);
}
