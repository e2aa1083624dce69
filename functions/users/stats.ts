import type { UserStats } from '../contracts/api';
import type { StatCounters } from '../events';

/** The stats the spec names, derived from the raw counters. */
export function toUserStats(counters: StatCounters): UserStats {
  return {
    books_read: counters.books_read,
    books_uploaded: counters.books_uploaded,
    total_time_hours: Math.round((counters.learning_seconds / 3600) * 10) / 10,
    badges_earned: counters.badges_earned,
    quizzes_taken: counters.quizzes_taken,
    average_quiz_score:
      counters.quizzes_taken > 0
        ? Math.round((counters.quiz_score_total / counters.quizzes_taken) * 10) / 10
        : 0,
  };
}
