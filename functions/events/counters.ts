/** A user's raw counters. Derived figures (hours, averages, badge count) are computed from them. */
export interface StatCounters {
  books_uploaded: number;
  books_read: number;
  chapters_completed: number;
  learning_seconds: number;
  quizzes_taken: number;
  quizzes_passed: number;
  quiz_score_total: number;
  badges_earned: number;
}

export type StatName = keyof StatCounters;

export const emptyCounters = (): StatCounters => ({
  books_uploaded: 0,
  books_read: 0,
  chapters_completed: 0,
  learning_seconds: 0,
  quizzes_taken: 0,
  quizzes_passed: 0,
  quiz_score_total: 0,
  badges_earned: 0,
});

/** Counters from a stored item: anything missing or not a number counts as 0. */
export function toCounters(item: Record<string, unknown> | null | undefined): StatCounters {
  const counters = emptyCounters();
  for (const name of Object.keys(counters) as StatName[]) {
    const value = item?.[name];
    if (typeof value === 'number') counters[name] = value;
  }
  return counters;
}
