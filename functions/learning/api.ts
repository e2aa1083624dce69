import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { books } from '../books/instance';
import type { VideoAvatar } from '../contracts/learning';
import { CHAPTER_VIDEO_STYLES, PROGRESS_EVENTS, TUTORIAL_STYLES } from '../contracts/learning';
import { getEngine } from '../engine';
import { getAdapters } from '../lib/adapters';
import { createApiHandler } from '../lib/api-handler';
import { BadRequestError } from '../lib/errors';
import { defineHandler, ok, requireUser } from '../lib/http';
import { mediaUrl } from '../lib/json-files';
import { findPresenter, PRESENTERS, presenterProfile } from '../engine/productions/presenters';
import { learning, quizzes } from './instance';
import { learningKeys } from './model';
import { learningJobView } from './service';

const chapterId = z.string({ error: 'chapter_id is required.' }).uuid('chapter_id must be a chapter id.');
const avatarId = z
  .string()
  .optional()
  .refine(
    (id) => id === undefined || findPresenter(id) !== undefined,
    'Unknown presenter. Choose one from /ai/video-avatars.',
  );

function voiceOption(voice: string | undefined) {
  if (!voice) return {};
  if (
    !getEngine()
      .speech.voices()
      .some((v) => v.id === voice)
  )
    throw new BadRequestError('Unknown voice. Choose one from /ai/voices.', 'unknown_voice');
  return { voice };
}

const generateNarration = defineHandler(
  { body: z.object({ chapter_id: chapterId, voice: z.string().optional() }) },
  async (ctx) => {
    const user = requireUser(ctx);
    const job = await learning().start(user.userId, ctx.body.chapter_id, {
      content_type: 'audio_narration',
      ...voiceOption(ctx.body.voice),
    });
    return ok(learningJobView(job));
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
    return ok(learningJobView(job));
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
    return ok(learningJobView(job));
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
    return ok(learningJobView(job));
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

/** Presenter previews are drawn on first request and kept with the media. */
const PREVIEW_VERSION = 'v1';
async function presenterPreview(id: string): Promise<string> {
  const key = learningKeys.avatarPreview(id, PREVIEW_VERSION);
  const media = getAdapters().storage.media;
  if (await media.head(key)) return key;
  const presenter = findPresenter(id)!;
  const dir = await mkdtemp(join(tmpdir(), 'avatar-'));
  try {
    const profile = presenterProfile(presenter);
    const image = await getEngine().image.portrait({
      character: profile,
      style: 'realistic',
      quality: 'standard',
      aspectRatio: '1:1',
      seed: profile.seed,
      outputPath: join(dir, 'portrait.png'),
    });
    await media.upload(key, image.path, 'image/png');
    return key;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const videoAvatars = defineHandler({}, async () => {
  const avatars: VideoAvatar[] = await Promise.all(
    PRESENTERS.map(async (p) => ({
      id: p.id,
      name: p.name,
      description: p.description,
      voice_gender: p.gender,
      preview_url: mediaUrl(await presenterPreview(p.id)),
    })),
  );
  return ok(avatars);
});

const voices = defineHandler({ query: z.object({ language: z.string().max(20).optional() }) }, async (ctx) =>
  ok(
    getEngine()
      .speech.voices(ctx.query.language)
      .filter((v) => v.role === 'narrator'),
  ),
);

const generateQuizHandler = defineHandler(
  {
    body: z.object({
      book_id: z.string({ error: 'book_id is required.' }),
      chapter_id: z.string().uuid().optional(),
      num_questions: z
        .number()
        .int()
        .min(1, 'A quiz needs at least one question.')
        .max(20, 'A quiz can have at most 20 questions.')
        .default(5),
      difficulty: z.enum(['easy', 'medium', 'hard']).default('medium'),
    }),
  },
  async (ctx) => {
    const user = requireUser(ctx);
    const book = await readableBook(ctx.body.book_id, user.userId);
    const quiz = await quizzes().generate(user.userId, book, {
      chapterId: ctx.body.chapter_id,
      numQuestions: ctx.body.num_questions,
      difficulty: ctx.body.difficulty,
    });
    return ok(quizzes().view(quiz, []));
  },
);

const getQuizHandler = defineHandler({ params: z.object({ id: z.string() }) }, async (ctx) => {
  const user = requireUser(ctx);
  const quiz = await quizzes().loadOwn(ctx.params.id, user.userId);
  return ok(quizzes().view(quiz, await learning().repository.listAttempts(user.userId, quiz.id)));
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
  const repo = learning().repository;
  const [found, attempts] = await Promise.all([
    repo.listBookQuizzes(book.id),
    repo.listAttempts(user.userId),
  ]);
  return ok(
    found
      .filter((q) => q.owner_id === user.userId)
      .map((q) =>
        quizzes().view(
          q,
          attempts.filter((a) => a.quiz_id === q.id),
        ),
      ),
  );
});

const progress = defineHandler(
  {
    params: z.object({ id: z.string() }),
    body: z.object({
      chapter_id: chapterId,
      event: z.enum(PROGRESS_EVENTS),
      seconds: z
        .number()
        .min(0)
        .max(4 * 3600)
        .default(0),
    }),
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

const generateText = defineHandler(
  {
    body: z.object({
      prompt: z.string().trim().min(1, 'Please enter a prompt.').max(4000),
      context: z.string().max(20_000).optional(),
    }),
  },
  async (ctx) => {
    requireUser(ctx);
    return ok(await getEngine().text.generate({ prompt: ctx.body.prompt, context: ctx.body.context }));
  },
);

const analyzeSafety = defineHandler({ body: z.object({ chapter_id: chapterId }) }, async (ctx) => {
  const user = requireUser(ctx);
  const { chapter } = await learning().loadOwnedChapter(ctx.body.chapter_id, user.userId);
  return ok({ data: await getEngine().text.analyzeSafety({ text: await books().chapterText(chapter) }) });
});

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
  getQuiz: getQuizHandler,
  submitQuiz: submitQuizHandler,
  bookQuizzes,
  progress,
  generateText,
  analyzeSafety,
};
export const handler = createApiHandler('learning', handlers);
