import type {
  BookProgress,
  LearningContentItem,
  LearningContentType,
  LearningJob,
  ProgressEventType,
  QuizResult,
  QuizView,
  TutorialStyle,
  VideoAvatar,
} from '@contracts/learning';
import { learningJob } from '@contracts/learning';
import { quizJob, type QuizJob } from '@contracts/model-jobs';
import useSWR, { mutate } from 'swr';
import { api } from '@/lib/api';
import { bookKeys } from '@/lib/data/books';
import { userKeys } from '@/lib/data/users';

export const learningKeys = {
  chapterContent: (chapterId: string) => `/ai/learning-content/${chapterId}`,
  bookContent: (bookId: string) => `/books/${bookId}/learning-content`,
  avatars: '/ai/video-avatars',
  voices: '/ai/voices',
  bookQuizzes: (bookId: string) => `/books/${bookId}/quizzes`,
};

/** A narrator voice of GET /ai/voices. */
export interface NarratorVoice {
  id: string;
  name: string;
  language: string;
  gender: 'female' | 'male' | 'neutral';
  description?: string;
}

/** Ready content types per chapter id, for the marks in the chapter list. */
export type BookLearningContent = Record<string, LearningContentType[]>;

/** Background look-ups: no global loading bar. */
const quietFetcher = <T>(path: string) => api.get<T>(path, { quiet: true });

export const useChapterContent = (chapterId: string | null) =>
  useSWR<LearningContentItem[]>(chapterId ? learningKeys.chapterContent(chapterId) : null, quietFetcher);
export const useBookContent = (bookId: string) =>
  useSWR<BookLearningContent>(learningKeys.bookContent(bookId), quietFetcher);
// Voices and presenters do not change while the app runs (previews appear once drawn).
export const useVoices = () =>
  useSWR<NarratorVoice[]>(learningKeys.voices, quietFetcher, { revalidateIfStale: false });
/** A presenter's preview drawn the first time is listed once its job drew it: checked every 3 s until then. */
export const AVATAR_PREVIEW_POLL_MS = 3000;
export const useVideoAvatars = () =>
  useSWR<VideoAvatar[]>(learningKeys.avatars, quietFetcher, {
    revalidateIfStale: false,
    refreshInterval: (avatars) => (avatars?.some((a) => !a.preview_url) ? AVATAR_PREVIEW_POLL_MS : 0),
  });
export const useBookQuizzes = (bookId: string) => useSWR<QuizView[]>(learningKeys.bookQuizzes(bookId));

export const startNarration = (chapterId: string, voice?: string) =>
  api.post<LearningJob>('/ai/generate-audio-narration', {
    chapter_id: chapterId,
    ...(voice ? { voice } : {}),
  });

export const startRealisticVideo = (
  chapterId: string,
  options: { avatarId?: string; tutorialStyle: TutorialStyle },
) =>
  api.post<LearningJob>('/ai/generate-realistic-video', {
    chapter_id: chapterId,
    tutorial_style: options.tutorialStyle,
    ...(options.avatarId ? { avatar_id: options.avatarId } : {}),
  });

export const checkJobStatus = (jobId: string) =>
  api.get<LearningJob>(`/ai/check-video-status/${jobId}`, { quiet: true, schema: learningJob });

/** After new content is ready: the chapter's players and the chapter-list marks. */
export const refreshContent = (bookId: string, chapterId: string) =>
  Promise.all([mutate(learningKeys.chapterContent(chapterId)), mutate(learningKeys.bookContent(bookId))]);

/** Everything a learning event changes: progress strips, book progress, stats, activity and badges. */
function refreshProgress(bookId: string) {
  const keys = new Set<string>([
    bookKeys.learningProgress,
    bookKeys.detail(bookId),
    ...Object.values(userKeys),
  ]);
  return mutate((key) => typeof key === 'string' && (keys.has(key) || key.startsWith('/books?')));
}

export async function recordProgress(
  bookId: string,
  chapterId: string,
  event: ProgressEventType,
  seconds: number,
): Promise<BookProgress> {
  const progress = await api.post<BookProgress>(
    `/books/${bookId}/progress`,
    { chapter_id: chapterId, event, seconds: Math.max(0, Math.round(seconds)) },
    { quiet: event !== 'chapter_read' },
  );
  void refreshProgress(bookId);
  return progress;
}

export type QuizDifficulty = QuizView['difficulty'];
export const QUIZ_DIFFICULTIES: QuizDifficulty[] = ['easy', 'medium', 'hard'];
export const QUIZ_MIN_QUESTIONS = 1;
export const QUIZ_MAX_QUESTIONS = 20;
export const QUIZ_DEFAULT_QUESTIONS = 5;

/** Starts writing a quiz (a job): answers 202 with the status route to follow (`checkQuizJob`). */
export const startQuiz = (request: {
  bookId: string;
  chapterId?: string;
  numQuestions: number;
  difficulty: QuizDifficulty;
}) =>
  api.post<QuizJob>(
    '/ai/generate-quiz',
    {
      book_id: request.bookId,
      ...(request.chapterId ? { chapter_id: request.chapterId } : {}),
      num_questions: request.numQuestions,
      difficulty: request.difficulty,
    },
    { schema: quizJob },
  );

/** A quiz job's status (`status_url` of its start); once ready, it carries the quiz. */
export const checkQuizJob = (statusUrl: string) =>
  api.get<QuizJob>(statusUrl, { quiet: true, schema: quizJob });

/** A new quiz is listed with the book's quizzes. */
export const refreshQuizzes = (bookId: string) => mutate(learningKeys.bookQuizzes(bookId));

export async function submitQuiz(quiz: QuizView, answers: (number | null)[]): Promise<QuizResult> {
  const result = await api.post<QuizResult>(`/quizzes/${quiz.id}/submit`, { answers });
  void mutate(learningKeys.bookQuizzes(quiz.book_id));
  void mutate((key) => typeof key === 'string' && Object.values(userKeys).includes(key));
  return result;
}
