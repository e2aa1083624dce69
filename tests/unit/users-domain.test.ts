import { describe, expect, it } from 'vitest';
import { BADGE_RULES, emptyCounters, isEarned } from '../../functions/events';
import { toUserStats } from '../../functions/users/stats';

describe('user stats', () => {
  it('are all zero for a new user', () => {
    expect(toUserStats(emptyCounters())).toEqual({
      books_read: 0,
      books_uploaded: 0,
      total_time_hours: 0,
      badges_earned: 0,
      quizzes_taken: 0,
      average_quiz_score: 0,
    });
  });

  it('derive hours and the average quiz score from the counters', () => {
    const stats = toUserStats({
      ...emptyCounters(),
      learning_seconds: 5400,
      quizzes_taken: 3,
      quiz_score_total: 250,
    });
    expect(stats.total_time_hours).toBe(1.5);
    expect(stats.average_quiz_score).toBe(83.3);
  });
});

describe('badge rules', () => {
  const earned = (counters: ReturnType<typeof emptyCounters>) =>
    BADGE_RULES.filter((r) => isEarned(r, counters)).map((r) => r.id);

  it('give a new user only the welcome badge', () => {
    expect(earned(emptyCounters())).toEqual(['welcome']);
  });

  it('are earned by real counters', () => {
    expect(earned({ ...emptyCounters(), books_uploaded: 1 })).toContain('first-book');
    expect(earned({ ...emptyCounters(), books_uploaded: 4 })).not.toContain('librarian');
    expect(earned({ ...emptyCounters(), books_uploaded: 5 })).toContain('librarian');
    expect(earned({ ...emptyCounters(), quizzes_passed: 1 })).toContain('first-quiz-passed');
    expect(earned({ ...emptyCounters(), learning_seconds: 36_000 })).toContain('marathon');
  });

  it('need an average of 90% over five quizzes for Scholar', () => {
    expect(earned({ ...emptyCounters(), quizzes_taken: 5, quiz_score_total: 450 })).toContain('scholar');
    expect(earned({ ...emptyCounters(), quizzes_taken: 5, quiz_score_total: 440 })).not.toContain('scholar');
    expect(earned({ ...emptyCounters(), quizzes_taken: 4, quiz_score_total: 400 })).not.toContain('scholar');
  });
});
