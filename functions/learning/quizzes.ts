import type { QuizDifficulty } from '../engine/text/types';
import type { QuizResult, QuizView } from '../contracts/learning';
import { QUIZ_PASS_SCORE } from '../contracts/learning';
import type { BookRecord } from '../books/model';
import { listChapters } from '../books/repository';
import { getEngine } from '../engine';
import { hashString } from '../engine/random';
import { NotFoundError } from '../lib/errors';
import { uuid } from '../lib/ids';
import { recordUserEvent } from '../users/events';
import { chapterText } from './jobs';
import type { AttemptRecord, QuizRecord } from './model';
import { getQuiz, putAttempt, putQuiz } from './repository';
import { CHAPTER_NOT_FOUND } from './service';

/** Text a book quiz draws from: every chapter, each cut to its share of the budget. */
const BOOK_QUIZ_CHARS = 60_000;

export async function generateQuiz(
  userId: string,
  book: BookRecord,
  request: { chapterId?: string; numQuestions: number; difficulty: QuizDifficulty },
): Promise<QuizRecord> {
  const chapters = await listChapters(book.id);
  let title: string;
  let text: string;
  if (request.chapterId) {
    const chapter = chapters.find((c) => c.id === request.chapterId);
    if (!chapter) throw new NotFoundError(CHAPTER_NOT_FOUND, 'chapter_not_found');
    title = chapter.title;
    text = await chapterText(chapter);
  } else {
    const share = Math.floor(BOOK_QUIZ_CHARS / Math.max(1, chapters.length));
    const texts = await Promise.all(chapters.map(async (c) => (await chapterText(c)).slice(0, share)));
    title = book.title;
    text = texts.join('\n\n');
  }
  const created = new Date().toISOString();
  const quiz = await getEngine().text.quiz({
    title,
    text,
    numQuestions: request.numQuestions,
    difficulty: request.difficulty,
    seed: hashString(`${userId}:${created}`),
  });
  const record: QuizRecord = {
    id: uuid(),
    owner_id: userId,
    book_id: book.id,
    chapter_id: request.chapterId ?? null,
    title: quiz.title,
    difficulty: quiz.difficulty,
    questions: quiz.questions.map((q) => ({ ...q })),
    created_at: created,
  };
  await putQuiz(record);
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
    questions: quiz.questions.map(({ id, question, options }) => ({ id, question, options })),
    text: quizText(quiz),
    created_at: quiz.created_at,
    best_score: attempts.length ? Math.max(...attempts.map((a) => a.score)) : null,
    attempts: attempts.length,
  };
}

export async function loadOwnQuiz(quizId: string, userId: string): Promise<QuizRecord> {
  const quiz = await getQuiz(quizId);
  if (!quiz || quiz.owner_id !== userId) throw new NotFoundError('Quiz not found.', 'quiz_not_found');
  return quiz;
}

/** Scores an attempt, explains every answer, and counts it in the learner's stats. */
export async function submitQuiz(
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
  const at = new Date().toISOString();
  await putAttempt(userId, { quiz_id: quiz.id, score, correct, total, at });
  await recordUserEvent(
    userId,
    {
      type: 'quiz_taken',
      title: `Scored ${score}% on the quiz “${quiz.title}”${passed ? ' — passed' : ''}`,
      ref: quiz.book_id,
    },
    { quizzes_taken: 1, quiz_score_total: score, quizzes_passed: passed ? 1 : 0 },
    at,
  );
  return { quiz_id: quiz.id, score, correct, total, passed, results };
}
