import { indexKeys, keys, partitions } from '../lib/keys';
import type { Table } from '../lib/ports';
import type { AttemptRecord, ContentRecord, QuizRecord } from './model';

/**
 * Learning's records: the ready content of each chapter and the quizzes (both in the book's
 * partition, so they go with the book), and each learner's quiz attempts.
 */
export function createLearningRepository(table: Table) {
  return {
    putContent: (content: ContentRecord) =>
      table.put({ ...keys.content(content.book_id, content.chapter_id, content.content_type), ...content }),

    /** Ready content of one chapter, or of every chapter of the book. */
    listContent: (bookId: string, chapterId?: string) =>
      table.query<ContentRecord>({
        pk: partitions.book(bookId),
        skPrefix: chapterId ? `CONTENT#${chapterId}#` : 'CONTENT#',
      }),

    putQuiz: (quiz: QuizRecord) =>
      table.put({
        ...keys.quiz(quiz.book_id, quiz.created_at, quiz.id),
        gsi1pk: indexKeys.quiz(quiz.id),
        gsi1sk: 'QUIZ',
        ...quiz,
      }),

    async getQuiz(quizId: string): Promise<QuizRecord | null> {
      const [quiz] = await table.query<QuizRecord>({ index: 'gsi1', pk: indexKeys.quiz(quizId), limit: 1 });
      return quiz ?? null;
    },

    /** Quizzes of a book, newest first. */
    listBookQuizzes: (bookId: string) =>
      table.query<QuizRecord>({ pk: partitions.book(bookId), skPrefix: 'QUIZ#', descending: true }),

    putAttempt: (userId: string, attempt: AttemptRecord) =>
      table.put({ ...keys.attempt(userId, attempt.quiz_id, attempt.at), ...attempt }),

    listAttempts: (userId: string, quizId?: string) =>
      table.query<AttemptRecord>({
        pk: partitions.user(userId),
        skPrefix: quizId ? `ATTEMPT#${quizId}#` : 'ATTEMPT#',
      }),
  };
}

export type LearningRepository = ReturnType<typeof createLearningRepository>;
