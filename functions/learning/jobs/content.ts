import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { z } from 'zod';
import { books } from '../../books/instance';
import { getEngine } from '../../engine';
import { hashString } from '../../engine/random';
import { getUserActivity } from '../../events';
import { getJobs, jobWorkKey } from '../../jobs';
import { getAdapters } from '../../lib/adapters';
import { getJson, putJson } from '../../lib/json-files';
import { defineWorker } from '../../lib/worker';
import { readFailure } from '../../lib/workflows';
import { VideoTooLongError } from '../../lib/errors';
import { beyondPlanLength, subscriptionMessages } from '../../contracts/subscriptions';
import type { LearningContentType } from '../../contracts/learning';
import { learning } from '../instance';
import { learningKeys, type LearningJobRecord, type LearningOptions, type LearningOutputs } from '../model';
import { learningContentJob, WORDING } from './content.kind';
import { learningContentInput } from './content.workflow';
import { RECIPES, type RecipeContext } from './recipes';

/**
 * Task workers of the learning-content workflow (content.workflow.ts): Prepare → RenderPart × N (a
 * Map state) → Assemble → Publish, with RecordFailure as the Catch target. The steps are the same
 * for every kind of content; what differs is in the kind's recipe (recipes.ts). Intermediate files
 * live with the job (uploads bucket, `jobs/<id>/`); results beside the book's media. Every step is
 * idempotent, and none touches the chapter's ready content until Publish.
 */
const partInput = learningContentInput.extend({ index: z.number().int().min(0) });

/** Progress bar bands: planning up to 10 %, parts up to 85 %, assembly up to 98 %. */
const PLANNED = 10;
const PARTS_DONE = 85;
const ASSEMBLED = 98;

export class JobGoneError extends Error {
  override name = 'JobGoneError';
}

const uploads = () => getAdapters().storage.uploads;
const media = () => getAdapters().storage.media;

interface StoredPlan {
  content_type: LearningOptions['content_type'];
  plan: unknown;
}

interface PartResult {
  key: string;
  duration: number;
}

const planKey = (jobId: string) => jobWorkKey(jobId, 'plan.json.gz');
const partName = (index: number) => `part-${String(index + 1).padStart(3, '0')}`;
const partResultKey = (jobId: string, index: number) => jobWorkKey(jobId, `${partName(index)}.json.gz`);

/** The running job with its chapter and book; anything gone (deleted meanwhile) ends the run. */
async function activeJob(jobId: string) {
  const job = (await getJobs().active<LearningOptions>(jobId)) as LearningJobRecord | null;
  if (!job) throw new JobGoneError(`Job ${jobId} no longer exists or has ended`);
  const context = await books().chapterContext(job.target.chapter_id ?? '');
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

const fileKeeper = (jobId: string, dir: string) => ({
  keep: (name: string, path: string, contentType: string) =>
    uploads().upload(jobWorkKey(jobId, name), path, contentType),
  fetch: (name: string) => uploads().download(jobWorkKey(jobId, name), join(dir, name)),
});

/** Text the chapter video is told before the chapter itself, with include_context. */
async function previousChapterContext(bookId: string, chapterNumber: number): Promise<string> {
  const previous = (await books().repository.listChapters(bookId)).find(
    (c) => c.chapter_number === chapterNumber - 1,
  );
  return previous?.summary ? `Previously, in “${previous.title}”: ${previous.summary}\n\n` : '';
}

/** Prepare: plans the content and answers the part indexes the Map state fans out over. */
export const prepare = defineWorker('learningContent.Prepare', learningContentInput, async ({ job_id }) => {
  const { job, book, chapter } = await activeJob(job_id);
  const jobs = getJobs();
  const contentType = job.options.content_type;
  const recipe = RECIPES[contentType];
  await jobs.begin(job_id, 'Reading the chapter', 2);
  let text = await books().chapterText(chapter);
  if (contentType === 'chapter_video' && job.options.include_context)
    text = `${await previousChapterContext(book.id, chapter.chapter_number)}${text}`;

  const plan = await withWorkDir((dir) =>
    recipe.plan({
      engine: getEngine(),
      book,
      chapter,
      text,
      options: job.options,
      seed: hashString(`${chapter.id}:${contentType}`),
      dir,
      step: (progress, words) => jobs.progress(job_id, progress, words),
      ...fileKeeper(job_id, dir),
    } satisfies RecipeContext),
  );
  await putJson(uploads(), planKey(job_id), { content_type: contentType, plan } satisfies StoredPlan);
  const total = recipe.partCount(plan);
  await jobs.progress(
    job_id,
    PLANNED,
    WORDING[contentType].part.replace('{done}', '1').replace('{total}', String(total)),
  );
  return { job_id, parts: Array.from({ length: total }, (_, i) => i) };
});

/** RenderPart: a narration part, a lesson segment or a scene, stored with its duration. */
export const renderPart = defineWorker('learningContent.RenderPart', partInput, async ({ job_id, index }) => {
  await activeJob(job_id);
  const stored = await getJson<StoredPlan>(uploads(), planKey(job_id));
  const recipe = RECIPES[stored.content_type];
  const result = await withWorkDir(async (dir): Promise<PartResult> => {
    const part = await recipe.renderPart(
      { engine: getEngine(), dir, ...fileKeeper(job_id, dir) },
      stored.plan,
      index,
    );
    const key = jobWorkKey(job_id, `${partName(index)}${extname(part.path)}`);
    await uploads().upload(key, part.path, part.contentType);
    return { key, duration: part.duration };
  });
  await putJson(uploads(), partResultKey(job_id, index), result);
  const total = recipe.partCount(stored.plan);
  await getJobs().countPart(job_id, total, WORDING[stored.content_type].part, PLANNED, PARTS_DONE);
  return { index, duration: result.duration };
});

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

/** Assemble: joins the parts into the finished media, stored beside the book's other media. */
export const assemble = defineWorker('learningContent.Assemble', learningContentInput, async ({ job_id }) => {
  const { job } = await activeJob(job_id);
  const jobs = getJobs();
  const stored = await getJson<StoredPlan>(uploads(), planKey(job_id));
  const recipe = RECIPES[stored.content_type];
  await jobs.progress(job_id, PARTS_DONE + 1, WORDING[stored.content_type].assemble);
  const count = recipe.partCount(stored.plan);
  const bookId = job.target.book_id!;
  const output = (file: string) => learningKeys.output(bookId, job_id, file);

  const outputs = await withWorkDir(async (dir): Promise<LearningOutputs> => {
    const parts = await Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const result = await getJson<PartResult>(uploads(), partResultKey(job_id, i));
        const path = await uploads().download(result.key, join(dir, result.key.split('/').pop()!));
        return { path, duration: result.duration };
      }),
    );
    const report = (fraction: number) => {
      // Coarse steps only: every write is a request.
      const progress = Math.round(PARTS_DONE + 1 + (ASSEMBLED - PARTS_DONE - 1) * fraction);
      if (progress % 4 === 0)
        void jobs.progress(job_id, progress, WORDING[stored.content_type].assemble).catch(() => undefined);
    };
    // The tier's watermark was fixed in the job's options when it started (free tier).
    const watermark = job.options.output?.watermark ?? null;
    const finished = await recipe.assemble(
      { engine: getEngine(), dir, watermark },
      stored.plan,
      parts,
      report,
    );
    refuseBeyondPlan(job.options, stored.content_type, finished.outputs.duration);
    await Promise.all(
      finished.files.map((file) => media().upload(output(file.name), file.path, file.contentType)),
    );
    const key = (name: string | undefined) => (name ? output(name) : null);
    return {
      audio_key: key(finished.outputs.audio),
      video_key: key(finished.outputs.video),
      thumbnail_key: key(finished.outputs.thumbnail),
      duration: finished.outputs.duration,
      ...(finished.outputs.chapter_marks ? { chapter_marks: finished.outputs.chapter_marks } : {}),
    };
  });

  const updated = await jobs.record<LearningOutputs>(job_id, {
    outputs,
    progress: ASSEMBLED,
    step: 'Publishing',
  });
  if (!updated) {
    // Deleted or failed meanwhile: the media must not outlive its job.
    await media().deletePrefix(output(''));
    throw new JobGoneError(`Job ${job_id} ended while it was being assembled`);
  }
  return { job_id, duration: outputs.duration };
});

/**
 * Publish: makes the job's media the chapter's content of its type. The previous item is replaced
 * (and its media deleted) only now, when the new one is ready; an older job finishing late never
 * replaces newer content.
 */
export const publish = defineWorker('learningContent.Publish', learningContentInput, async ({ job_id }) => {
  const { job, book, chapter } = await activeJob(job_id);
  const repo = learning().repository;
  const contentType = job.options.content_type;
  const previous = (await repo.listContent(book.id, chapter.id)).find((c) => c.content_type === contentType);
  const supersedes = !previous || previous.created_at <= job.created_at;
  if (supersedes) {
    await repo.putContent({
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
  await getJobs().finish(job_id);
  if (supersedes && previous && previous.id !== job.id) {
    await media().deletePrefix(learningKeys.output(book.id, previous.id, ''));
    await getJobs().repository.deleteMany([previous.id]);
  }
  await getUserActivity().record(job.owner_id, {
    type: 'content_generated',
    title: `Generated the ${WORDING[contentType].noun} of “${chapter.title}”`,
    ref: book.id,
  });
  return { job_id, status: 'ready', replaced: supersedes ? (previous?.id ?? null) : null };
});

/** RecordFailure (Catch target): the job fails with a readable message; ready content is untouched. */
export const recordFailure = defineWorker(
  'learningContent.RecordFailure',
  learningContentInput.extend({
    error: z.object({ Error: z.string().optional(), Cause: z.string().optional() }).optional(),
  }),
  async ({ job_id, error }) => {
    // A video longer than the plan allows says so in the plan's words; other failures in the kind's.
    const read = readFailure(error);
    const words = read.name === 'VideoTooLongError' ? read.message : undefined;
    const { job, recorded } = await getJobs().fail(learningContentJob, job_id, error, words);
    if (!recorded || !job) return { job_id, recorded: false };
    const bookId = job.target.book_id!;
    const published = (await learning().repository.listContent(bookId, job.target.chapter_id)).some(
      (c) => c.id === job.id,
    );
    if (!published) await media().deletePrefix(learningKeys.output(bookId, job.id, ''));
    return { job_id, recorded: true };
  },
);
