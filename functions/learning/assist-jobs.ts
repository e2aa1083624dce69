import type { BookRecord } from '../books/model';
import type { ModelJob, QuizJob, SafetyJob, TextJob } from '../contracts/model-jobs';
import { processingStatus, type Jobs } from '../jobs';
import { NotFoundError } from '../lib/errors';
import { isUuid } from '../lib/ids';
import {
  PREVIEWS_LOCK,
  previewsJob,
  quizJob,
  safetyJob,
  textJob,
  type AssistKindName,
} from './jobs/assist.kind';
import type { AssistJobRecord, AssistOptions } from './model';
import type { QuizRequest, QuizService } from './quizzes';
import { JOB_NOT_FOUND, type LearningService } from './service';

/**
 * The learning view's requests to the text model as jobs: each route checks its request, starts the
 * job and answers at once (202); its status route answers progress, then the result or the failure.
 */
export interface AssistJobsDeps {
  jobs: Jobs;
  quizzes: Pick<QuizService, 'checkRequest' | 'loadOwn' | 'view'>;
  learning: Pick<LearningService, 'loadOwnedChapter'>;
}

export const assistStatusPaths = {
  quiz: (jobId: string) => `/ai/generate-quiz/status/${jobId}`,
  'text-generation': (jobId: string) => `/ai/generate-text/status/${jobId}`,
  'chapter-safety': (jobId: string) => `/ai/analyze-chapter-safety/status/${jobId}`,
  // Followed by listing the presenters again (their previews appear once drawn).
  'presenter-previews': () => '/ai/video-avatars',
} satisfies Record<AssistKindName, (jobId: string) => string>;

/** The part of every answer that is the job itself. */
function jobView(job: AssistJobRecord): ModelJob {
  return {
    job_id: job.id,
    status: processingStatus(job.status),
    progress: job.progress,
    step: job.step,
    error_message: job.error_message,
    status_url: assistStatusPaths[job.kind as AssistKindName](job.id),
    created_at: job.created_at,
    updated_at: job.updated_at,
  };
}

export function createAssistJobs(deps: AssistJobsDeps) {
  const start = async (
    kind: typeof quizJob,
    owner: string,
    options: AssistOptions,
    target = {},
    exclusive?: string,
  ) =>
    (await deps.jobs.start(kind, {
      owner,
      target,
      options,
      ...(exclusive ? { exclusive } : {}),
    })) as AssistJobRecord;

  /** The caller's job of this kind (anyone else's, or another kind, is not found). */
  async function ownJob(kind: AssistKindName, jobId: string, userId: string): Promise<AssistJobRecord> {
    const job = isUuid(jobId) ? await deps.jobs.get<AssistOptions>(jobId) : null;
    if (!job || job.owner_id !== userId || job.kind !== kind)
      throw new NotFoundError(JOB_NOT_FOUND, 'job_not_found');
    return (await deps.jobs.settle(job)) as AssistJobRecord;
  }

  async function quizAnswer(job: AssistJobRecord): Promise<QuizJob> {
    const quiz =
      job.status === 'ready' && job.outputs.quiz_id
        ? deps.quizzes.view(await deps.quizzes.loadOwn(job.outputs.quiz_id, job.owner_id), [])
        : null;
    return { ...jobView(job), quiz, text: quiz?.text ?? null };
  }

  const textAnswer = (job: AssistJobRecord): TextJob => ({
    ...jobView(job),
    text: job.status === 'ready' ? (job.outputs.text ?? null) : null,
  });

  const safetyAnswer = (job: AssistJobRecord): SafetyJob => ({
    ...jobView(job),
    chapter_id: job.options.request === 'safety' ? job.options.chapter_id : '',
    data: job.status === 'ready' ? (job.outputs.report ?? null) : null,
  });

  return {
    async startQuiz(userId: string, book: BookRecord, request: QuizRequest): Promise<QuizJob> {
      await deps.quizzes.checkRequest(book, request);
      const options: AssistOptions = {
        request: 'quiz',
        book_id: book.id,
        ...(request.chapterId ? { chapter_id: request.chapterId } : {}),
        num_questions: request.numQuestions,
        difficulty: request.difficulty,
      };
      const target = { book_id: book.id, ...(request.chapterId ? { chapter_id: request.chapterId } : {}) };
      return quizAnswer(await start(quizJob, userId, options, target));
    },
    quizStatus: async (userId: string, jobId: string) => quizAnswer(await ownJob('quiz', jobId, userId)),

    async startText(userId: string, prompt: string, context?: string): Promise<TextJob> {
      const options: AssistOptions = { request: 'text', prompt, ...(context ? { context } : {}) };
      return textAnswer(await start(textJob, userId, options));
    },
    textStatus: async (userId: string, jobId: string) =>
      textAnswer(await ownJob('text-generation', jobId, userId)),

    async startSafety(userId: string, chapterId: string): Promise<SafetyJob> {
      const { book, chapter } = await deps.learning.loadOwnedChapter(chapterId, userId);
      const options: AssistOptions = { request: 'safety', chapter_id: chapter.id };
      return safetyAnswer(
        await start(safetyJob, userId, options, { book_id: book.id, chapter_id: chapter.id }),
      );
    },
    safetyStatus: async (userId: string, jobId: string) =>
      safetyAnswer(await ownJob('chapter-safety', jobId, userId)),

    /** Draws the presenters' previews not drawn yet; one such job per user at a time. */
    drawPreviews: (userId: string) => start(previewsJob, userId, { request: 'previews' }, {}, PREVIEWS_LOCK),
  };
}

export type AssistJobs = ReturnType<typeof createAssistJobs>;
