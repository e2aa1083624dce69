import { creatorMessages } from '../../contracts/creator';
import type { TextEngine } from '../../engine/text/types';
import { JobGoneError, type JobSteps } from '../../jobs';
import type { TaskFailure } from '../../lib/workflows';
import {
  bookText,
  chapterRequest,
  CHAPTER_WORDS,
  descriptionOf,
  OUTLINE_INSTRUCTIONS,
  outlineText,
  readOutline,
} from '../book';
import { creationKindOf, type CreationJob, type CreationOptions, type CreationOutputs } from '../model';
import { arrangePrompt, creatorScriptOf, readWrittenScript, WRITE_SCRIPT_INSTRUCTIONS } from '../screenplay';
import { CreationError, creationJobs } from './kinds';
import type { GenerateScriptInput } from '../../contracts/script-requests';
import type { GenerateVideoInput } from '../../contracts/video-requests';
import { shortFilmBook, shortFilmFrame, shortFilmRequest, shortFilmScript, shortFilmSound } from '../film';

/**
 * The stage of a Creator generation: its kind's recipe makes the creation from the prompt, and
 * the job keeps what it made. With no text model a script is arranged from the prompt's own words;
 * a book is refused (the API refuses it first; a server whose model was removed meanwhile says so).
 */
export interface CreationStageDeps {
  jobs: JobSteps;
  engine: { text: Pick<TextEngine, 'generate'> };
  /** A text model is configured (not the offline engine). */
  textModel: boolean;
  books: {
    createBookFromUpload(request: {
      ownerId: string;
      bookType: 'entertainment' | 'learning';
      title: string;
      description: string;
      source: { kind: 'text'; text: string };
    }): Promise<{ id: string; title: string }>;
  };
  /** What a short film is made through: a book of one chapter, its script, the chapter film. */
  films: {
    createSingleChapterBook(
      request: ReturnType<typeof shortFilmBook>,
    ): Promise<{ book: { id: string; title: string }; chapter: { id: string } }>;
    writeScript(userId: string, request: GenerateScriptInput): Promise<{ id: string }>;
    discardBook(userId: string, bookId: string): Promise<void>;
    startFilm(
      userId: string,
      input: GenerateVideoInput,
      timeline: null,
      film: ReturnType<typeof shortFilmFrame>,
      sound: ReturnType<typeof shortFilmSound>,
    ): Promise<{ video_generation_id: string }>;
  };
}

type Report = (progress: number, step: string) => Promise<unknown>;
type Recipe = (
  deps: CreationStageDeps,
  job: CreationJob,
  report: Report,
) => Promise<Partial<CreationOutputs>>;

const SCRIPT_WORDS = 1500;

async function makeScript(deps: CreationStageDeps, job: CreationJob, report: Report) {
  const prompt = job.options.prompt;
  if (!deps.textModel) {
    await report(30, 'Arranging your prompt into scenes');
    const arranged = arrangePrompt(prompt);
    if (!arranged.scenes.length)
      throw new CreationError('The prompt has no sentences to arrange into scenes.');
    return { script: creatorScriptOf(arranged, 'arranged') };
  }
  await report(10, 'Writing the script');
  const answer = await deps.engine.text.generate({
    prompt: WRITE_SCRIPT_INSTRUCTIONS,
    context: prompt,
    maxWords: SCRIPT_WORDS,
  });
  const written = readWrittenScript(answer.text, arrangePrompt(prompt).title);
  if (!written.scenes.length)
    throw new CreationError('The text model answered no screenplay. Please try again or reword the prompt.');
  return { script: creatorScriptOf(written, 'written') };
}

async function makeBook(deps: CreationStageDeps, job: CreationJob, report: Report) {
  if (!deps.textModel) throw new CreationError(creatorMessages.bookNeedsModel);
  const idea = job.options.prompt;
  await report(5, 'Planning the chapters');
  const planned = await deps.engine.text.generate({
    prompt: OUTLINE_INSTRUCTIONS,
    context: idea,
    maxWords: 400,
  });
  const outline = readOutline(planned.text, arrangePrompt(idea).title);
  if (!outline.chapters.length) throw new CreationError(creatorMessages.outlineEmpty);
  const source = `${idea}\n\nOutline of "${outline.title}":\n${outlineText(outline)}`;
  const chapters: string[] = [];
  for (let i = 0; i < outline.chapters.length; i++) {
    await report(
      10 + Math.round((80 * i) / outline.chapters.length),
      `Writing chapter ${i + 1} of ${outline.chapters.length}`,
    );
    const written = await deps.engine.text.generate({
      prompt: chapterRequest(outline, i),
      context: source,
      maxWords: CHAPTER_WORDS,
    });
    if (!written.text.trim())
      throw new CreationError(`The text model wrote nothing for chapter ${i + 1}. Please try again.`);
    chapters.push(written.text);
  }
  await report(92, 'Saving the book');
  const book = await deps.books.createBookFromUpload({
    ownerId: job.owner_id,
    bookType: job.options.book_type ?? 'entertainment',
    title: outline.title,
    description: descriptionOf(idea),
    source: { kind: 'text', text: bookText(outline, chapters) },
  });
  return { book_id: book.id, book_title: book.title };
}

/**
 * A short film: the prompt as a book of one chapter, its script, then the chapter film started
 * (which takes one of the month's videos); the creation then follows the film's own job.
 */
async function makeVideo(deps: CreationStageDeps, job: CreationJob, report: Report) {
  await report(10, 'Making the prompt a book of one chapter');
  const { book, chapter } = await deps.films.createSingleChapterBook(shortFilmBook(job));
  let script: { id: string };
  let started: { video_generation_id: string };
  try {
    await report(40, 'Writing the script');
    script = await deps.films.writeScript(job.owner_id, shortFilmScript(chapter.id));
    await report(80, 'Starting the film');
    started = await deps.films.startFilm(
      job.owner_id,
      shortFilmRequest(chapter.id, script.id),
      null,
      shortFilmFrame(job.options),
      shortFilmSound(job.options),
    );
  } catch (error) {
    // No film came of it: the book made for it goes, and its place in the plan's books with it.
    await deps.films.discardBook(job.owner_id, book.id).catch(() => undefined);
    throw error;
  }
  return {
    book_id: book.id,
    book_title: book.title,
    script_id: script.id,
    generation_id: started.video_generation_id,
  };
}

const recipes: Record<NonNullable<ReturnType<typeof creationKindOf>>, Recipe> = {
  script: makeScript,
  book: makeBook,
  video: makeVideo,
};

export async function createStage(deps: CreationStageDeps, { job_id }: { job_id: string }) {
  const job = (await deps.jobs.active<CreationOptions>(job_id)) as CreationJob | null;
  if (!job) throw new JobGoneError(`Job ${job_id} no longer exists or has ended`);
  const kind = creationKindOf(job.kind);
  if (!kind) throw new Error(`Job ${job_id} is not a Creator generation (${job.kind})`);
  await deps.jobs.begin(job_id, 'Starting', 2);
  const outputs = await recipes[kind](deps, job, (progress, step) =>
    deps.jobs.progress(job_id, progress, step),
  );
  await deps.jobs.record<CreationOutputs>(job_id, { outputs });
  await deps.jobs.finish(job_id);
  return { job_id };
}

export async function recordCreationFailureStage(
  deps: Pick<CreationStageDeps, 'jobs'>,
  { job_id, error }: { job_id: string; error?: TaskFailure },
) {
  const job = await deps.jobs.get(job_id);
  const kind = job ? creationKindOf(job.kind) : null;
  const { recorded } = await deps.jobs.fail(creationJobs[kind ?? 'script'], job_id, error);
  return { job_id, recorded };
}
