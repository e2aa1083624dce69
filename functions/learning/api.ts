import { z } from 'zod';
import { books } from '../books/instance';
import { CHAPTER_VIDEO_STYLES, TUTORIAL_STYLES } from '../contracts/learning';
import {
  chapterIdField as chapterId,
  generateQuizRequest,
  generateTextRequest,
  progressRequest,
} from '../contracts/learning-requests';
import { findPresenter } from '../engine/productions/presenters';
import { createApiHandler } from '../lib/api-handler';
import { accepted, defineHandler, ok, requireUser } from '../lib/http';
import { assistant, assistJobs, learning, quizzes } from './instance';
import { learningJobView } from './service';

const avatarId = z
  .string()
  .optional()
  .refine(
    (id) => id === undefined || findPresenter(id) !== undefined,
    'Unknown presenter. Choose one from /ai/video-avatars.',
  );

const voiceOption = (voice: string | undefined) => assistant().voiceOption(voice);

const generateNarration = defineHandler(
  { body: z.object({ chapter_id: chapterId, voice: z.string().optional() }) },
  async (ctx) => {
    const user = requireUser(ctx);
    const job = await learning().start(user.userId, ctx.body.chapter_id, {
      content_type: 'audio_narration',
      ...voiceOption(ctx.body.voice),
    });
    return accepted(learningJobView(job));
  },
);

const generateRealisticVideo = defineHandler(
  {
    body: z.object({
      chapter_id: chapterId,
      avatar_id: avatarId,
      tutorial_style: z.enum(TUTORIAL_STYLES).default('udemy'),
      voice: z.string().optional(),
    }),
  },
  async (ctx) => {
    const user = requireUser(ctx);
    const job = await learning().start(user.userId, ctx.body.chapter_id, {
      content_type: 'realistic_video',
      tutorial_style: ctx.body.tutorial_style,
      ...(ctx.body.avatar_id ? { avatar_id: ctx.body.avatar_id } : {}),
      ...voiceOption(ctx.body.voice),
    });
    return accepted(learningJobView(job));
  },
);

const generateTutorialVideo = defineHandler(
  {
    query: z.object({
      chapter_id: chapterId,
      tutorial_style: z.enum(TUTORIAL_STYLES).default('udemy'),
      avatar_id: avatarId,
    }),
  },
  async (ctx) => {
    const user = requireUser(ctx);
    const job = await learning().start(user.userId, ctx.query.chapter_id, {
      content_type: 'realistic_video',
      tutorial_style: ctx.query.tutorial_style,
      ...(ctx.query.avatar_id ? { avatar_id: ctx.query.avatar_id } : {}),
    });
    return accepted(learningJobView(job));
  },
);

const generateChapterVideo = defineHandler(
  {
    query: z.object({
      chapter_id: chapterId,
      video_style: z.enum(CHAPTER_VIDEO_STYLES).default('illustrated'),
      include_context: z
        .enum(['true', 'false'])
        .default('false')
        .transform((v) => v === 'true'),
    }),
  },
  async (ctx) => {
    const user = requireUser(ctx);
    const job = await learning().start(user.userId, ctx.query.chapter_id, {
      content_type: 'chapter_video',
      video_style: ctx.query.video_style,
      include_context: ctx.query.include_context,
    });
    return accepted(learningJobView(job));
  },
);

const checkStatus = defineHandler({ params: z.object({ id: z.string() }) }, async (ctx) => {
  const user = requireUser(ctx);
  return ok(learningJobView(await learning().ownJob(ctx.params.id, user.userId)));
});

const chapterContent = defineHandler({ params: z.object({ chapter: z.string() }) }, async (ctx) => {
  const user = requireUser(ctx);
  const { book, chapter } = await learning().loadReadableChapter(ctx.params.chapter, user.userId);
  return ok(await learning().chapterContentItems(book, chapter.id));
});

const readableBook = (id: string, userId: string) => books().loadReadableBook(id, userId);

/** Ready content of every chapter of a book, for the marks in the chapter list. */
const bookContent = defineHandler({ params: z.object({ id: z.string() }) }, async (ctx) => {
  const user = requireUser(ctx);
  const book = await readableBook(ctx.params.id, user.userId);
  return ok(await learning().contentByChapter(book.id));
});

/** The presenters; previews not drawn yet answer null while a job draws them. */
const videoAvatars = defineHandler({}, async (ctx) =>
  ok(await assistant().presenters(requireUser(ctx).userId)),
);

const voices = defineHandler({ query: z.object({ language: z.string().max(20).optional() }) }, async (ctx) =>
  ok(assistant().narratorVoices(ctx.query.language)),
);

/** Starts writing a quiz (a job): answers 202; GET /ai/generate-quiz/status/{job} answers the quiz. */
const generateQuizHandler = defineHandler({ body: generateQuizRequest }, async (ctx) => {
  const user = requireUser(ctx);
  const book = await readableBook(ctx.body.book_id, user.userId);
  return accepted(
    await assistJobs().startQuiz(user.userId, book, {
      ...(ctx.body.chapter_id ? { chapterId: ctx.body.chapter_id } : {}),
      numQuestions: ctx.body.num_questions,
      difficulty: ctx.body.difficulty,
    }),
  );
});

const jobParam = z.object({ job: z.string().max(100) });

const quizStatus = defineHandler({ params: jobParam }, async (ctx) =>
  ok(await assistJobs().quizStatus(requireUser(ctx).userId, ctx.params.job)),
);

const getQuizHandler = defineHandler({ params: z.object({ id: z.string() }) }, async (ctx) => {
  const user = requireUser(ctx);
  const quiz = await quizzes().loadOwn(ctx.params.id, user.userId);
  return ok(quizzes().view(quiz, await quizzes().attemptsOf(user.userId, quiz.id)));
});

const submitQuizHandler = defineHandler(
  {
    params: z.object({ id: z.string() }),
    body: z.object({ answers: z.array(z.number().int().nullable()).max(50) }),
  },
  async (ctx) => {
    const user = requireUser(ctx);
    const quiz = await quizzes().loadOwn(ctx.params.id, user.userId);
    return ok(await quizzes().submit(user.userId, quiz, ctx.body.answers));
  },
);

const bookQuizzes = defineHandler({ params: z.object({ id: z.string() }) }, async (ctx) => {
  const user = requireUser(ctx);
  const book = await readableBook(ctx.params.id, user.userId);
  return ok(await quizzes().listForBook(user.userId, book.id));
});

const progress = defineHandler(
  {
    params: z.object({ id: z.string() }),
    body: progressRequest,
  },
  async (ctx) => {
    const user = requireUser(ctx);
    const book = await readableBook(ctx.params.id, user.userId);
    const record = await learning().recordProgress(user.userId, book, {
      chapterId: ctx.body.chapter_id,
      event: ctx.body.event,
      seconds: ctx.body.seconds,
    });
    return ok({
      book_id: book.id,
      progress: record.progress,
      completed_chapters: record.completed_chapters,
      last_chapter_id: record.last_chapter_id,
    });
  },
);

/** Starts writing text from a prompt (a job): 202; GET /ai/generate-text/status/{job} answers the text. */
const generateText = defineHandler({ body: generateTextRequest }, async (ctx) => {
  const user = requireUser(ctx);
  return accepted(await assistJobs().startText(user.userId, ctx.body.prompt, ctx.body.context));
});

const textStatus = defineHandler({ params: jobParam }, async (ctx) =>
  ok(await assistJobs().textStatus(requireUser(ctx).userId, ctx.params.job)),
);

/** Starts a chapter's safety report (a job): 202; its status route answers `data` once ready. */
const analyzeSafety = defineHandler({ body: z.object({ chapter_id: chapterId }) }, async (ctx) => {
  const user = requireUser(ctx);
  return accepted(await assistJobs().startSafety(user.userId, ctx.body.chapter_id));
});

const safetyStatus = defineHandler({ params: jobParam }, async (ctx) =>
  ok(await assistJobs().safetyStatus(requireUser(ctx).userId, ctx.params.job)),
);

export const handlers = {
  generateNarration,
  generateRealisticVideo,
  generateTutorialVideo,
  generateChapterVideo,
  checkStatus,
  chapterContent,
  bookContent,
  videoAvatars,
  voices,
  generateQuiz: generateQuizHandler,
  quizStatus,
  getQuiz: getQuizHandler,
  submitQuiz: submitQuizHandler,
  bookQuizzes,
  progress,
  generateText,
  textStatus,
  analyzeSafety,
  safetyStatus,
};
export const handler = createApiHandler('learning', handlers);
