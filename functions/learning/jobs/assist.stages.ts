import type { BookReads } from '../../books/read-port';
import type { TextEngine } from '../../engine/text/types';
import { JobGoneError, type JobSteps } from '../../jobs';
import type { TaskFailure } from '../../lib/workflows';
import type { LearningAssistant } from '../assistant';
import type { AssistJobRecord, AssistOptions, AssistOutputs } from '../model';
import type { QuizService } from '../quizzes';
import { ASSIST_KINDS, isAssistKind } from './assist.kind';

/**
 * The learning stages of the model-request workflow (jobs/model-request.workflow.ts): AskModel asks the engine what the
 * job's request needs and keeps the answer; RecordAssistFailure is the Catch target.
 */
export interface AssistDeps {
  jobs: JobSteps;
  engine: { text: Pick<TextEngine, 'generate' | 'analyzeSafety'> };
  books: Pick<BookReads, 'bookOf' | 'chapterContext' | 'chapterText'>;
  quizzes: Pick<QuizService, 'generate'>;
  presenters: Pick<LearningAssistant, 'drawPreviews'>;
}

const gone = (jobId: string, what: string) => new JobGoneError(`${what} of job ${jobId} no longer exists`);

/** Asks the model for the request's answer (the step's words name what is being written). */
async function answer(deps: AssistDeps, job: AssistJobRecord): Promise<AssistOutputs> {
  const { options } = job;
  switch (options.request) {
    case 'quiz': {
      await deps.jobs.begin(job.id, 'Writing the quiz', 10);
      const book = await deps.books.bookOf(options.book_id);
      if (!book) throw gone(job.id, 'The book');
      const quiz = await deps.quizzes.generate(job.owner_id, book, {
        ...(options.chapter_id ? { chapterId: options.chapter_id } : {}),
        numQuestions: options.num_questions,
        difficulty: options.difficulty,
      });
      return { quiz_id: quiz.id };
    }
    case 'text': {
      await deps.jobs.begin(job.id, 'Writing', 10);
      const { text } = await deps.engine.text.generate({
        prompt: options.prompt,
        ...(options.context ? { context: options.context } : {}),
      });
      return { text };
    }
    case 'safety': {
      await deps.jobs.begin(job.id, 'Reading the chapter', 10);
      const found = await deps.books.chapterContext(options.chapter_id);
      if (!found) throw gone(job.id, 'The chapter');
      const report = await deps.engine.text.analyzeSafety({
        text: await deps.books.chapterText(found.chapter),
      });
      return { report };
    }
    case 'previews': {
      await deps.jobs.begin(job.id, "Drawing the presenters' previews", 10);
      await deps.presenters.drawPreviews();
      return {};
    }
  }
}

export async function askModelStage(deps: AssistDeps, { job_id }: { job_id: string }) {
  const job = (await deps.jobs.active<AssistOptions>(job_id)) as AssistJobRecord | null;
  if (!job) throw new JobGoneError(`Job ${job_id} no longer exists or has ended`);
  const outputs = await answer(deps, job);
  if (!(await deps.jobs.record<AssistOutputs>(job_id, { outputs, progress: 95 })))
    throw new JobGoneError(`Job ${job_id} ended while the model answered`);
  await deps.jobs.finish(job_id);
  return { job_id };
}

export async function recordAssistFailureStage(
  deps: Pick<AssistDeps, 'jobs'>,
  { job_id, error }: { job_id: string; error?: TaskFailure },
) {
  const job = await deps.jobs.get(job_id);
  if (!job || !isAssistKind(job.kind)) return { job_id, recorded: false };
  const { recorded } = await deps.jobs.fail(ASSIST_KINDS[job.kind], job_id, error);
  return { job_id, recorded };
}
