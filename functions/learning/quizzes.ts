import type { BookRecord } from '../books/model';
import type { BookReads } from '../books/read-port';
import type { QuizResult, QuizView } from '../contracts/learning';
import { QUIZ_PASS_SCORE } from '../contracts/learning';
import { questionKind } from '../engine/text/quiz-kinds';
import type { QuizDifficulty } from '../engine/text/types';
import type { Engine } from '../engine/types';
import { hashString } from '../engine/random';
import type { UserActivity } from '../events';
import { NotFoundError } from '../lib/errors';
import { isoNow, type Clock } from '../lib/ports';
import type { AttemptRecord, QuizRecord } from './model';
import type { LearningRepository } from './repository';
import { CHAPTER_NOT_FOUND } from './service';

export interface QuizDeps {
  repository: LearningRepository;
  books: BookReads;
  activity: UserActivity;
  engine: () => Engine;
  clock: Clock;
  uuid: () => string;
}

/** Text a book quiz draws from: every chapter, each cut to its share of the budget. */
const BOOK_QUIZ_CHARS = 60_000;
/** Chapters around a chapter quiz's own that it may draw wrong options from. */
const QUIZ_CONTEXT_CHAPTERS = 6;

/** Quizzes made from a chapter or a whole book, taken and scored in the app. */
export function createQuizService(deps: QuizDeps) {
  const chapterText = deps.books.chapterText;
  return {
    /** Checks a request before its job starts: a chapter quiz needs a chapter of the book. */
    async checkRequest(book: BookRecord, request: QuizRequest): Promise<void> {
      if (!request.chapterId) return;
      const chapters = await deps.books.chaptersOf(book.id);
      if (!chapters.some((c) => c.id === request.chapterId))
        throw new NotFoundError(CHAPTER_NOT_FOUND, 'chapter_not_found');
    },
    /** Writes the quiz with the text engine and saves it (a job's work: see jobs/assist.stages.ts). */
    generate: (userId: string, book: BookRecord, request: QuizRequest) =>
      generateQuiz(deps, userId, book, request),
    loadOwn: (quizId: string, userId: string) => loadOwnQuiz(deps, quizId, userId),
    submit: (userId: string, quiz: QuizRecord, answers: (number | null)[]) =>
      submitQuiz(deps, userId, quiz, answers),
    view: quizView,
    /** The caller's attempts at one quiz. */
    attemptsOf: (userId: string, quizId: string) => deps.repository.listAttempts(userId, quizId),
    /** The caller's quizzes of a book, with their best scores and attempts. */
    async listForBook(userId: string, bookId: string): Promise<QuizView[]> {
      const [found, attempts] = await Promise.all([
        deps.repository.listBookQuizzes(bookId),
        deps.repository.listAttempts(userId),
      ]);
      return found
        .filter((q) => q.owner_id === userId)
        .map((q) =>
          quizView(
            q,
            attempts.filter((a) => a.quiz_id === q.id),
          ),
        );
    },
    chapterText,
  };
}

export type QuizService = ReturnType<typeof createQuizService>;

export interface QuizRequest {
  chapterId?: string;
  numQuestions: number;
  difficulty: QuizDifficulty;
}

async function generateQuiz(
  deps: QuizDeps,
  userId: string,
  book: BookRecord,
  request: QuizRequest,
): Promise<QuizRecord> {
  const chapterText = deps.books.chapterText;
  const chapters = await deps.books.chaptersOf(book.id);
  let title: string;
  let text: string;
  let context: string | undefined;
  if (request.chapterId) {
    const chapter = chapters.find((c) => c.id === request.chapterId);
    if (!chapter) throw new NotFoundError(CHAPTER_NOT_FOUND, 'chapter_not_found');
    title = chapter.title;
    text = await chapterText(chapter);
    // Neighbouring chapters lend the quiz people and places the chapter does not name.
    const at = chapters.indexOf(chapter);
    const near = chapters
      .filter((c) => c !== chapter)
      .sort((a, b) => Math.abs(chapters.indexOf(a) - at) - Math.abs(chapters.indexOf(b) - at))
      .slice(0, QUIZ_CONTEXT_CHAPTERS);
    const share = Math.floor(BOOK_QUIZ_CHARS / Math.max(1, near.length));
    context = (await Promise.all(near.map(async (c) => (await chapterText(c)).slice(0, share)))).join('\n\n');
  } else {
    const share = Math.floor(BOOK_QUIZ_CHARS / Math.max(1, chapters.length));
    const texts = await Promise.all(chapters.map(async (c) => (await chapterText(c)).slice(0, share)));
    title = book.title;
    text = texts.join('\n\n');
  }
  const created = isoNow(deps.clock);
  // The engine's words for input it cannot use ("too short to build a quiz from") fail the job as they are.
  const quiz = await deps.engine().text.quiz({
    title,
    text,
    numQuestions: request.numQuestions,
    difficulty: request.difficulty,
    seed: hashString(`${userId}:${created}`),
    ...(context ? { context } : {}),
  });
  const record: QuizRecord = {
    id: deps.uuid(),
    owner_id: userId,
    book_id: book.id,
    chapter_id: request.chapterId ?? null,
    title: quiz.title,
    difficulty: quiz.difficulty,
    questions: quiz.questions.map((q) => ({ ...q })),
    created_at: created,
  };
  await deps.repository.putQuiz(record);
  return record;
}

/** The quiz as plain text, without the answers (the spec's answer of generate-quiz). */
export function quizText(quiz: QuizRecord): string {
  return [
    `${quiz.title} (${quiz.difficulty})`,
    ...quiz.questions.map((q, i) =>
      [`${i + 1}. ${q.question}`, ...q.options.map((o, j) => `   ${String.fromCharCode(97 + j)}) ${o}`)].join(
        '\n',
      ),
    ),
  ].join('\n\n');
}

export function quizView(quiz: QuizRecord, attempts: AttemptRecord[]): QuizView {
  return {
    id: quiz.id,
    book_id: quiz.book_id,
    chapter_id: quiz.chapter_id,
    title: quiz.title,
    difficulty: quiz.difficulty,
    questions: quiz.questions.map((q) => ({
      id: q.id,
      kind: questionKind(q),
      question: q.question,
      options: q.options,
    })),
    text: quizText(quiz),
    created_at: quiz.created_at,
    best_score: attempts.length ? Math.max(...attempts.map((a) => a.score)) : null,
    attempts: attempts.length,
  };
}

async function loadOwnQuiz(deps: QuizDeps, quizId: string, userId: string): Promise<QuizRecord> {
  const quiz = await deps.repository.getQuiz(quizId);
  if (!quiz || quiz.owner_id !== userId) throw new NotFoundError('Quiz not found.', 'quiz_not_found');
  return quiz;
}

/** Scores an attempt, explains every answer, and counts it in the learner's stats. */
async function submitQuiz(
  deps: QuizDeps,
  userId: string,
  quiz: QuizRecord,
  answers: (number | null)[],
): Promise<QuizResult> {
  const results = quiz.questions.map((q, i) => {
    const answer = answers[i];
    const given = typeof answer === 'number' && answer >= 0 && answer < q.options.length ? answer : null;
    return {
      question_id: q.id,
      your_answer: given,
      correct_answer: q.answer_index,
      correct: given === q.answer_index,
      explanation: q.explanation,
    };
  });
  const correct = results.filter((r) => r.correct).length;
  const total = quiz.questions.length;
  const score = total ? Math.round((correct / total) * 100) : 0;
  const passed = score >= QUIZ_PASS_SCORE;
  const at = isoNow(deps.clock);
  await deps.repository.putAttempt(userId, { quiz_id: quiz.id, score, correct, total, at });
  await deps.activity.record(
    userId,
    {
      type: 'quiz_taken',
      title: `Scored ${score}% on the quiz “${quiz.title}”${passed ? ' — passed' : ''}`,
      ref: quiz.book_id,
    },
    { quizzes_taken: 1, quiz_score_total: score, quizzes_passed: passed ? 1 : 0 },
    { book_id: quiz.book_id, score },
  );
  return { quiz_id: quiz.id, score, correct, total, passed, results };
}
