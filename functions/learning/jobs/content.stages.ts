import { extname, join } from 'node:path';
import type { BookRecord, ChapterRecord } from '../../books/model';
import { leastExact } from '../../engine/speech/timings';
import type { WordTimingMethod } from '../../engine/speech/types';
import type { Engine } from '../../engine/types';
import { hashString } from '../../engine/random';
import type { UserActivity } from '../../events';
import { JobGoneError, jobWorkKey, type Jobs, type JobSteps } from '../../jobs';
import { getJson, putJson } from '../../lib/json-files';
import type { ObjectStore, TempDir } from '../../lib/ports';
import { readFailure, type TaskFailure } from '../../lib/workflows';
import { VideoTooLongError } from '../../lib/errors';
import { beyondPlanLength, subscriptionMessages } from '../../contracts/subscriptions';
import type { LearningContentType } from '../../contracts/learning';
import { learningKeys, type LearningJobRecord, type LearningOptions, type LearningOutputs } from '../model';
import type { LearningRepository } from '../repository';
import { learningContentJob, WORDING } from './content.kind';
import type { Recipe, RecipeContext } from './recipes';

/**
 * The stages of the learning-content workflow (content.workflow.ts): Prepare → RenderPart × N (a Map
 * state) → Assemble → Publish, with RecordFailure as the Catch target. The stages are the same for
 * every kind of content; what differs is in the kind's recipe (recipes.ts). Intermediate files live
 * with the job (uploads bucket, `jobs/<id>/`); results beside the book's media. Every stage is
 * idempotent, and none touches the chapter's ready content until Publish.
 */
export interface LearningContentDeps {
  /** The job system; its records too, to remove the job whose content a newer one replaced. */
  jobs: JobSteps & Pick<Jobs, 'repository'>;
  engine: Engine;
  recipes: Record<LearningOptions['content_type'], Recipe<unknown>>;
  /** The chapter a job works on, its text, and the book's other chapters. */
  chapters: {
    chapterContext(chapterId: string): Promise<{ book: BookRecord; chapter: ChapterRecord } | null>;
    chapterText(chapter: ChapterRecord): Promise<string>;
    listChapters(bookId: string): Promise<ChapterRecord[]>;
  };
  /** The chapters' published content. */
  content: Pick<LearningRepository, 'listContent' | 'putContent'>;
  activity: Pick<UserActivity, 'record'>;
  /** The jobs' work files. */
  uploads: ObjectStore;
  /** The book's media, where the finished content goes. */
  media: ObjectStore;
  tempDir: TempDir;
}

interface ContentTask {
  job_id: string;
}

/** Progress bar bands: planning up to 10 %, parts up to 85 %, assembly up to 98 %. */
const PLANNED = 10;
const PARTS_DONE = 85;
const ASSEMBLED = 98;

interface StoredPlan {
  content_type: LearningOptions['content_type'];
  plan: unknown;
}

interface PartResult {
  key: string;
  duration: number;
  /** Absent on parts rendered before it was kept. */
  timings?: WordTimingMethod | null;
}

const planKey = (jobId: string) => jobWorkKey(jobId, 'plan.json.gz');
const partName = (index: number) => `part-${String(index + 1).padStart(3, '0')}`;
const partResultKey = (jobId: string, index: number) => jobWorkKey(jobId, `${partName(index)}.json.gz`);

/** The running job with its chapter and book; anything gone (deleted meanwhile) ends the run. */
async function activeJob(deps: LearningContentDeps, jobId: string) {
  const job = (await deps.jobs.active<LearningOptions>(jobId)) as LearningJobRecord | null;
  if (!job) throw new JobGoneError(`Job ${jobId} no longer exists or has ended`);
  const context = await deps.chapters.chapterContext(job.target.chapter_id ?? '');
  if (!context) throw new JobGoneError(`The chapter of job ${jobId} no longer exists`);
  return { job, ...context };
}

/** Files of the plan's (e.g. the presenter's portrait) kept beside it for the parts, and fetched back. */
const fileKeeper = (deps: LearningContentDeps, jobId: string, dir: string) => ({
  keep: (name: string, path: string, contentType: string) =>
    deps.uploads.upload(jobWorkKey(jobId, name), path, contentType),
  fetch: (name: string) => deps.uploads.download(jobWorkKey(jobId, name), join(dir, name)),
});

/** Text the chapter video is told before the chapter itself, with include_context. */
async function previousChapterContext(deps: LearningContentDeps, bookId: string, chapterNumber: number) {
  const previous = (await deps.chapters.listChapters(bookId)).find(
    (c) => c.chapter_number === chapterNumber - 1,
  );
  return previous?.summary ? `Previously, in “${previous.title}”: ${previous.summary}\n\n` : '';
}

/** Prepare: plans the content and answers the part indexes the Map state fans out over. */
export async function prepareStage(deps: LearningContentDeps, { job_id }: ContentTask) {
  const { job, book, chapter } = await activeJob(deps, job_id);
  const contentType = job.options.content_type;
  const recipe = deps.recipes[contentType];
  await deps.jobs.begin(job_id, 'Reading the chapter', 2);
  let text = await deps.chapters.chapterText(chapter);
  if (contentType === 'chapter_video' && job.options.include_context)
    text = `${await previousChapterContext(deps, book.id, chapter.chapter_number)}${text}`;
  const plan = await deps.tempDir('learning', (dir) =>
    recipe.plan({
      engine: deps.engine,
      book,
      chapter,
      text,
      options: job.options,
      seed: hashString(`${chapter.id}:${contentType}`),
      dir,
      step: (progress, words) => deps.jobs.progress(job_id, progress, words),
      ...fileKeeper(deps, job_id, dir),
    } satisfies RecipeContext),
  );
  await putJson(deps.uploads, planKey(job_id), { content_type: contentType, plan } satisfies StoredPlan);
  const total = recipe.partCount(plan);
  await deps.jobs.progress(
    job_id,
    PLANNED,
    WORDING[contentType].part.replace('{done}', '1').replace('{total}', String(total)),
  );
  return { job_id, parts: Array.from({ length: total }, (_, i) => i) };
}

/** RenderPart: a narration part, a lesson segment or a scene, stored with its duration. */
export async function renderPartStage(
  deps: LearningContentDeps,
  { job_id, index }: ContentTask & { index: number },
) {
  await activeJob(deps, job_id);
  const stored = await getJson<StoredPlan>(deps.uploads, planKey(job_id));
  const recipe = deps.recipes[stored.content_type];
  const result = await deps.tempDir('learning', async (dir): Promise<PartResult> => {
    const part = await recipe.renderPart(
      { engine: deps.engine, dir, ...fileKeeper(deps, job_id, dir) },
      stored.plan,
      index,
    );
    const key = jobWorkKey(job_id, `${partName(index)}${extname(part.path)}`);
    await deps.uploads.upload(key, part.path, part.contentType);
    return { key, duration: part.duration, timings: part.timings ?? null };
  });
  await putJson(deps.uploads, partResultKey(job_id, index), result);
  const total = recipe.partCount(stored.plan);
  await deps.jobs.countPart(job_id, total, WORDING[stored.content_type].part, PLANNED, PARTS_DONE);
  return { index, duration: result.duration };
}

/** Assemble: joins the parts into the finished media, stored beside the book's other media. */
/** Nothing longer than the plan allows is delivered (its planning should have made it fit). */
function refuseBeyondPlan(
  options: LearningOptions,
  contentType: LearningContentType,
  seconds: number | null,
) {
  if (options.plan && seconds !== null && beyondPlanLength(options.plan, seconds))
    throw new VideoTooLongError(
      subscriptionMessages.tooLong(options.plan.tier, `this ${WORDING[contentType].noun}`, seconds),
    );
}

export async function assembleStage(deps: LearningContentDeps, { job_id }: ContentTask) {
  const { job } = await activeJob(deps, job_id);
  const stored = await getJson<StoredPlan>(deps.uploads, planKey(job_id));
  const recipe = deps.recipes[stored.content_type];
  const words = WORDING[stored.content_type].assemble;
  await deps.jobs.progress(job_id, PARTS_DONE + 1, words);
  const output = (file: string) => learningKeys.output(job.target.book_id!, job_id, file);
  const outputs = await deps.tempDir('learning', async (dir): Promise<LearningOutputs> => {
    const parts = await Promise.all(
      Array.from({ length: recipe.partCount(stored.plan) }, async (_, i) => {
        const result = await getJson<PartResult>(deps.uploads, partResultKey(job_id, i));
        const path = await deps.uploads.download(result.key, join(dir, result.key.split('/').pop()!));
        return { path, duration: result.duration, timings: result.timings ?? null };
      }),
    );
    const report = (fraction: number) => {
      // Coarse steps only: every write is a request.
      const progress = Math.round(PARTS_DONE + 1 + (ASSEMBLED - PARTS_DONE - 1) * fraction);
      if (progress % 4 === 0) void deps.jobs.progress(job_id, progress, words).catch(() => undefined);
    };
    // The tier's watermark was fixed in the job's options when it started (free tier).
    const watermark = job.options.output?.watermark ?? null;
    const finished = await recipe.assemble(
      { engine: deps.engine, dir, watermark },
      stored.plan,
      parts,
      report,
    );
    refuseBeyondPlan(job.options, stored.content_type, finished.outputs.duration);
    await Promise.all(
      finished.files.map((file) => deps.media.upload(output(file.name), file.path, file.contentType)),
    );
    const key = (name: string | undefined) => (name ? output(name) : null);
    return {
      audio_key: key(finished.outputs.audio),
      video_key: key(finished.outputs.video),
      thumbnail_key: key(finished.outputs.thumbnail),
      duration: finished.outputs.duration,
      ...(finished.outputs.chapter_marks ? { chapter_marks: finished.outputs.chapter_marks } : {}),
      word_timings: parts.reduce<WordTimingMethod | null>((method, p) => leastExact(method, p.timings), null),
    };
  });
  if (
    !(await deps.jobs.record<LearningOutputs>(job_id, { outputs, progress: ASSEMBLED, step: 'Publishing' }))
  ) {
    // Deleted or failed meanwhile: the media must not outlive its job.
    await deps.media.deletePrefix(output(''));
    throw new JobGoneError(`Job ${job_id} ended while it was being assembled`);
  }
  return { job_id, duration: outputs.duration };
}

/**
 * Publish: makes the job's media the chapter's content of its type. The previous item is replaced
 * (and its media deleted) only now, when the new one is ready; an older job finishing late never
 * replaces newer content.
 */
export async function publishStage(deps: LearningContentDeps, { job_id }: ContentTask) {
  const { job, book, chapter } = await activeJob(deps, job_id);
  const contentType = job.options.content_type;
  const previous = (await deps.content.listContent(book.id, chapter.id)).find(
    (c) => c.content_type === contentType,
  );
  const supersedes = !previous || previous.created_at <= job.created_at;
  if (supersedes) {
    await deps.content.putContent({
      id: job.id,
      book_id: book.id,
      chapter_id: chapter.id,
      content_type: contentType,
      audio_key: job.outputs.audio_key ?? null,
      video_key: job.outputs.video_key ?? null,
      thumbnail_key: job.outputs.thumbnail_key ?? null,
      duration: job.outputs.duration ?? null,
      ...(job.outputs.chapter_marks ? { chapter_marks: job.outputs.chapter_marks } : {}),
      created_at: job.created_at,
    });
  }
  await deps.jobs.finish(job_id);
  if (supersedes && previous && previous.id !== job.id) {
    await deps.media.deletePrefix(learningKeys.output(book.id, previous.id, ''));
    await deps.jobs.repository.deleteMany([previous.id]);
  }
  await deps.activity.record(job.owner_id, {
    type: 'content_generated',
    title: `Generated the ${WORDING[contentType].noun} of “${chapter.title}”`,
    ref: book.id,
  });
  return { job_id, status: 'ready', replaced: supersedes ? (previous?.id ?? null) : null };
}

/** RecordFailure (Catch target): the job fails with a readable message; ready content is untouched. */
export async function recordFailureStage(
  deps: LearningContentDeps,
  { job_id, error }: ContentTask & { error?: TaskFailure },
) {
  // A video longer than the plan allows says so in the plan's words; other failures in the kind's.
  const read = readFailure(error);
  const words = read.name === 'VideoTooLongError' ? read.message : undefined;
  const { job, recorded } = await deps.jobs.fail(learningContentJob, job_id, error, words);
  if (!recorded || !job) return { job_id, recorded: false };
  const bookId = job.target.book_id!;
  const published = (await deps.content.listContent(bookId, job.target.chapter_id)).some(
    (c) => c.id === job.id,
  );
  if (!published) await deps.media.deletePrefix(learningKeys.output(bookId, job.id, ''));
  return { job_id, recorded: true };
}
