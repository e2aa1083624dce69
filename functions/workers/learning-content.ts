import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import type { ChapterVideoStyle, LearningContentType } from '../contracts/learning';
import { listChapters } from '../books/repository';
import { getEngine } from '../engine';
import {
  assembleChapterVideo,
  planChapterVideo,
  renderChapterScene,
  type ChapterVideoPlan,
} from '../engine/productions/chapter-video';
import {
  assembleLesson,
  planLesson,
  presenterPortrait,
  renderLessonSegment,
  type LessonPlan,
} from '../engine/productions/lesson';
import {
  joinNarration,
  planNarration,
  synthesizeNarrationPart,
  type NarrationPart,
} from '../engine/productions/narration';
import { hashString } from '../engine/random';
import type { ImageStyle } from '../engine/image/types';
import { runFfmpeg } from '../engine/media/ffmpeg';
import { config } from '../lib/config';
import { injectFault } from '../lib/faults';
import { logger } from '../lib/logger';
import { deletePrefix, downloadToFile, getJson, putJson, uploadFile } from '../lib/storage';
import { recordUserEvent } from '../users/events';
import { DEFAULT_PRESENTER, findPresenter, presenterProfile } from '../engine/productions/presenters';
import { chapterText, loadChapterContext, type ChapterContext } from '../learning/jobs';
import { jobKeys, type JobRecord } from '../learning/model';
import { countJobPart, deleteJobs, getJob, listContent, putContent, updateJob } from '../learning/repository';

/**
 * Task handlers of statemachines/learning-content.asl.json: prepare → part × N (a Map state, one
 * task per narration part, lesson segment or scene) → assemble → publish. Intermediate files live
 * under `jobs/<id>/` in the uploads bucket; results under the book's media. Every handler is
 * idempotent, and none touches the chapter's ready content until publish.
 */
const jobInput = z.object({ job_id: z.string().uuid() });
const partInput = jobInput.extend({ index: z.number().int().min(0) });

/** Frame size and rate of the learning videos (720p: sharp on a laptop, light to stream). */
const VIDEO_SIZE = { width: 1280, height: 720 };
const LESSON_FPS = 25;
const FILM_FPS = 24;
const CHAPTER_VIDEO_SCENES = 4;

/** Progress bar bands: planning up to 10 %, parts up to 85 %, assembly up to 98 %. */
const PLANNED = 10;
const PARTS_DONE = 85;
const ASSEMBLED = 98;

const IMAGE_STYLE_OF: Record<ChapterVideoStyle, ImageStyle> = {
  illustrated: 'fantasy',
  cinematic: 'cinematic',
  cartoon: 'cartoon',
  sketch: 'sketch',
};

export class JobGoneError extends Error {
  override name = 'JobGoneError';
}

type NarrationPlan = { kind: 'narration'; title: string; voice: string; parts: NarrationPart[] };
type TutorPlan = { kind: 'lesson'; lesson: LessonPlan };
type ScenesPlan = { kind: 'scenes'; film: ChapterVideoPlan };
type Plan = NarrationPlan | TutorPlan | ScenesPlan;

/** How many parts the Map state renders for a plan. */
function partCount(plan: Plan): number {
  if (plan.kind === 'narration') return plan.parts.length;
  if (plan.kind === 'lesson') return plan.lesson.segments.length;
  return plan.film.screenplay.scenes.length;
}

interface PartResult {
  key: string;
  duration: number;
}

const WORDING: Record<LearningContentType, { part: string; assemble: string; noun: string }> = {
  audio_narration: {
    part: 'Narrating part {done} of {total}',
    assemble: 'Joining the narration',
    noun: 'narration',
  },
  realistic_video: {
    part: 'Recording slide {done} of {total}',
    assemble: 'Editing the lesson video',
    noun: 'tutor video',
  },
  chapter_video: {
    part: 'Illustrating scene {done} of {total}',
    assemble: 'Editing the chapter video',
    noun: 'chapter video',
  },
};

interface ActiveJob extends ChapterContext {
  job: JobRecord;
}

/** The running job with its chapter and book; anything gone (deleted meanwhile) ends the run. */
async function activeJob(jobId: string): Promise<ActiveJob> {
  const job = await getJob(jobId);
  if (!job) throw new JobGoneError(`Job ${jobId} no longer exists`);
  if (job.status !== 'processing') throw new JobGoneError(`Job ${jobId} is already ${job.status}`);
  const context = await loadChapterContext(job.chapter_id);
  if (!context) throw new JobGoneError(`The chapter of job ${jobId} no longer exists`);
  return { job, ...context };
}

async function withWorkDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'learning-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const planKey = (jobId: string) => jobKeys.part(jobId, 'plan.json.gz');
const partKey = (jobId: string, index: number, ext: string) =>
  jobKeys.part(jobId, `part-${String(index + 1).padStart(3, '0')}.${ext}`);
const partResultKey = (jobId: string, index: number) =>
  jobKeys.part(jobId, `part-${String(index + 1).padStart(3, '0')}.json.gz`);
const PRESENTER_FILE = 'presenter.png';

/** Text the chapter video is told before the chapter itself, with include_context. */
async function previousChapterContext(context: ChapterContext): Promise<string> {
  const previous = (await listChapters(context.book.id)).find(
    (c) => c.chapter_number === context.chapter.chapter_number - 1,
  );
  return previous?.summary ? `Previously, in “${previous.title}”: ${previous.summary}\n\n` : '';
}

/** Plans the content and answers the part indexes the Map state fans out over. */
export async function prepareLearningContent(event: unknown) {
  injectFault('prepareLearningContent');
  const { job_id } = jobInput.parse(event);
  const { job, book, chapter } = await activeJob(job_id);
  const engine = getEngine();
  await updateJob(job_id, { progress: 2, step: 'Reading the chapter' }, 'processing');
  const text = await chapterText(chapter);
  const language = book.language || 'en';
  const seed = hashString(`${job.chapter_id}:${job.content_type}`);
  let plan: Plan;

  if (job.content_type === 'audio_narration') {
    const voice =
      job.options.voice ??
      engine.speech.voiceFor({ model: 'elevenlabs_narrator', language, role: 'narrator' });
    const parts = planNarration(`${chapter.title}.\n\n${text}`);
    plan = { kind: 'narration', title: chapter.title, voice, parts };
  } else if (job.content_type === 'realistic_video') {
    await updateJob(job_id, { progress: 4, step: 'Writing the lesson' }, 'processing');
    const presenter = findPresenter(job.options.avatar_id) ?? findPresenter(DEFAULT_PRESENTER)!;
    const lesson = await planLesson(engine, {
      bookTitle: book.title,
      chapter: { title: chapter.title, content: text },
      language,
      presenter: presenterProfile(presenter),
      presenterGender: presenter.gender,
      style: job.options.tutorial_style ?? 'udemy',
      size: VIDEO_SIZE,
      fps: LESSON_FPS,
      seed,
    });
    if (job.options.voice) lesson.voice = job.options.voice;
    await updateJob(job_id, { progress: 7, step: `Drawing ${presenter.name}` }, 'processing');
    await withWorkDir(async (dir) => {
      const portrait = await presenterPortrait(engine, lesson, dir);
      await uploadFile(config.uploadsBucket, jobKeys.part(job_id, PRESENTER_FILE), portrait, 'image/png');
    });
    plan = { kind: 'lesson', lesson };
  } else {
    await updateJob(job_id, { progress: 4, step: 'Writing the screenplay' }, 'processing');
    const context = job.options.include_context ? await previousChapterContext({ book, chapter }) : '';
    const film = await planChapterVideo(engine, {
      bookTitle: book.title,
      chapter: { title: chapter.title, content: `${context}${text}` },
      language,
      sceneCount: CHAPTER_VIDEO_SCENES,
      scriptStyle: 'cinematic_narration',
      imageStyle: IMAGE_STYLE_OF[job.options.video_style ?? 'illustrated'],
      size: VIDEO_SIZE,
      fps: FILM_FPS,
      seed,
    });
    plan = { kind: 'scenes', film };
  }

  await putJson(config.uploadsBucket, planKey(job_id), plan);
  const total = partCount(plan);
  await updateJob(
    job_id,
    {
      progress: PLANNED,
      step: WORDING[job.content_type].part.replace('{done}', '1').replace('{total}', String(total)),
    },
    'processing',
  );
  return { job_id, parts: Array.from({ length: total }, (_, i) => i) };
}

/** One part: a narration part, a lesson segment or a scene, rendered and stored with its duration. */
export async function renderLearningPart(event: unknown) {
  injectFault('renderLearningPart');
  const { job_id, index } = partInput.parse(event);
  const { job } = await activeJob(job_id);
  const engine = getEngine();
  const plan = await getJson<Plan>(config.uploadsBucket, planKey(job_id));
  const result = await withWorkDir(async (dir): Promise<PartResult> => {
    if (plan.kind === 'narration') {
      const part = plan.parts[index];
      if (!part) throw new Error(`The narration has no part ${index + 1}`);
      const speech = await synthesizeNarrationPart(engine, part, plan.voice, join(dir, 'part.wav'));
      const key = partKey(job_id, index, speech.format);
      await uploadFile(
        config.uploadsBucket,
        key,
        speech.path,
        speech.format === 'wav' ? 'audio/wav' : 'audio/mpeg',
      );
      return { key, duration: speech.duration };
    }
    if (plan.kind === 'lesson') {
      const portrait = await downloadToFile(
        config.uploadsBucket,
        jobKeys.part(job_id, PRESENTER_FILE),
        join(dir, PRESENTER_FILE),
      );
      const segment = await renderLessonSegment(engine, plan.lesson, index, portrait, join(dir, 'segment'));
      const key = partKey(job_id, index, 'mp4');
      await uploadFile(config.uploadsBucket, key, segment.clip, 'video/mp4');
      return { key, duration: segment.duration };
    }
    const scene = await renderChapterScene(engine, plan.film, index, join(dir, 'scene'));
    const key = partKey(job_id, index, 'mp4');
    await uploadFile(config.uploadsBucket, key, scene.clip, 'video/mp4');
    return { key, duration: scene.duration };
  });
  await putJson(config.uploadsBucket, partResultKey(job_id, index), result);
  const total = partCount(plan);
  await countJobPart(
    job_id,
    total,
    WORDING[job.content_type].part.replace('{total}', String(total)),
    PLANNED,
    PARTS_DONE,
  );
  return { index, duration: result.duration };
}

/** Joins the parts into the finished media and stores it beside the book's other media. */
export async function assembleLearningContent(event: unknown) {
  injectFault('assembleLearningContent');
  const { job_id } = jobInput.parse(event);
  const { job } = await activeJob(job_id);
  const engine = getEngine();
  const plan = await getJson<Plan>(config.uploadsBucket, planKey(job_id));
  await updateJob(
    job_id,
    { progress: PARTS_DONE + 1, step: WORDING[job.content_type].assemble },
    'processing',
  );
  const count = partCount(plan);

  const stored = await withWorkDir(async (dir) => {
    const parts = await Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const result = await getJson<PartResult>(config.uploadsBucket, partResultKey(job_id, i));
        const path = await downloadToFile(
          config.uploadsBucket,
          result.key,
          join(dir, result.key.split('/').pop()!),
        );
        return { path, duration: result.duration };
      }),
    );
    const output = (file: string) => jobKeys.output(job.book_id, job_id, file);
    const reportAssembly = (fraction: number) => {
      // Coarse steps only: every write is a request.
      const progress = Math.round(PARTS_DONE + 1 + (ASSEMBLED - PARTS_DONE - 1) * fraction);
      if (progress % 4 === 0) void updateJob(job_id, { progress }, 'processing').catch(() => undefined);
    };

    if (plan.kind === 'narration') {
      const joined = await joinNarration(engine, {
        title: plan.title,
        parts: parts.map((p, i) => ({ path: p.path, title: plan.parts[i]!.title })),
        workDir: dir,
        outputPath: join(dir, 'narration.m4a'),
      });
      await uploadFile(config.mediaBucket, output('narration.m4a'), joined.path, 'audio/mp4');
      return {
        audio_key: output('narration.m4a'),
        video_key: null,
        thumbnail_key: null,
        duration: joined.duration,
      };
    }

    const videoPath = join(dir, 'video.mp4');
    const video =
      plan.kind === 'lesson'
        ? await assembleLesson(
            engine,
            plan.lesson,
            parts.map((p) => p.path),
            videoPath,
            reportAssembly,
          )
        : await assembleChapterVideo(
            engine,
            plan.film,
            parts.map((p) => ({ clip: p.path, duration: p.duration })),
            dir,
            videoPath,
            (_step, fraction) => reportAssembly(fraction),
          );
    // The sound track on its own (stream copy, no re-encode) so the lesson can be listened to.
    const audioPath = join(dir, 'audio.m4a');
    await runFfmpeg(['-i', video.path, '-vn', '-c:a', 'copy', '-movflags', '+faststart', audioPath]);
    const thumbnail = await engine.video.thumbnail({
      inputPath: video.path,
      at: Math.min(2, video.probe.duration / 2),
      width: 640,
      outputPath: join(dir, 'poster.jpg'),
    });
    await Promise.all([
      uploadFile(config.mediaBucket, output('video.mp4'), video.path, 'video/mp4'),
      uploadFile(config.mediaBucket, output('audio.m4a'), audioPath, 'audio/mp4'),
      uploadFile(config.mediaBucket, output('poster.jpg'), thumbnail.path, 'image/jpeg'),
    ]);
    return {
      audio_key: output('audio.m4a'),
      video_key: output('video.mp4'),
      thumbnail_key: output('poster.jpg'),
      duration: video.probe.duration,
    };
  });

  const updated = await updateJob(
    job_id,
    { ...stored, progress: ASSEMBLED, step: 'Publishing' },
    'processing',
  );
  if (!updated) {
    // Deleted or failed meanwhile: the media must not outlive its job.
    await deletePrefix(config.mediaBucket, jobKeys.output(job.book_id, job_id, ''));
    throw new JobGoneError(`Job ${job_id} ended while it was being assembled`);
  }
  return { job_id, duration: stored.duration };
}

/**
 * Makes the job's media the chapter's content of its type. The previous item is replaced (and its
 * media deleted) only now, when the new one is ready; an older job finishing late never replaces
 * newer content.
 */
export async function publishLearningContent(event: unknown) {
  injectFault('publishLearningContent');
  const { job_id } = jobInput.parse(event);
  const { job, book, chapter } = await activeJob(job_id);
  const previous = (await listContent(job.book_id, job.chapter_id)).find(
    (c) => c.content_type === job.content_type,
  );
  const supersedes = !previous || previous.created_at <= job.created_at;
  if (supersedes) {
    await putContent({
      id: job.id,
      book_id: job.book_id,
      chapter_id: job.chapter_id,
      content_type: job.content_type,
      audio_key: job.audio_key,
      video_key: job.video_key,
      thumbnail_key: job.thumbnail_key ?? null,
      duration: job.duration,
      created_at: job.created_at,
    });
  }
  const now = new Date().toISOString();
  await updateJob(job_id, { status: 'ready', progress: 100, step: 'Ready' }, 'processing');
  if (supersedes && previous && previous.id !== job.id) {
    await deletePrefix(config.mediaBucket, jobKeys.output(job.book_id, previous.id, ''));
    await deleteJobs([previous.id]);
  }
  await deletePrefix(config.uploadsBucket, jobKeys.work(job_id));
  await recordUserEvent(
    job.owner_id,
    {
      type: 'content_generated',
      title: `Generated the ${WORDING[job.content_type].noun} of “${chapter.title}”`,
      ref: book.id,
    },
    {},
    now,
  );
  return { job_id, status: 'ready', replaced: supersedes ? (previous?.id ?? null) : null };
}

/** The person-facing message of a failed run. */
export function learningFailureMessage(
  contentType: LearningContentType,
  error: { Error?: string; Cause?: string } | undefined,
): string {
  let name = error?.Error;
  try {
    // On AWS the cause is Lambda's JSON error payload.
    const parsed = JSON.parse(error?.Cause ?? '') as { errorType?: string };
    if (parsed?.errorType) name = parsed.errorType;
  } catch {
    // Locally the cause is the message itself.
  }
  if (name === 'States.Timeout' || name === 'Sandbox.Timedout')
    return `Generating the ${WORDING[contentType].noun} took too long. Please try again.`;
  return `Generating the ${WORDING[contentType].noun} failed. Please try again.`;
}

/** Catch target: the job fails with a readable message; the chapter's ready content is untouched. */
export async function recordLearningFailure(event: unknown) {
  const input = jobInput
    .extend({ error: z.object({ Error: z.string().optional(), Cause: z.string().optional() }).optional() })
    .parse(event);
  const job = await getJob(input.job_id);
  if (!job || job.status !== 'processing') return { job_id: input.job_id, recorded: false };
  logger.warn('learning content failed', {
    jobId: job.id,
    error: input.error?.Error,
    cause: input.error?.Cause,
  });
  await updateJob(
    job.id,
    {
      status: 'failed',
      step: 'Failed',
      error_message: learningFailureMessage(job.content_type, input.error),
    },
    'processing',
  );
  const published = (await listContent(job.book_id, job.chapter_id)).some((c) => c.id === job.id);
  await Promise.all([
    deletePrefix(config.uploadsBucket, jobKeys.work(job.id)),
    published ? null : deletePrefix(config.mediaBucket, jobKeys.output(job.book_id, job.id, '')),
  ]);
  return { job_id: job.id, recorded: true };
}
