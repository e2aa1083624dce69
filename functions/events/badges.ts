import type { BadgeRarity } from '../contracts/api';
import type { StatCounters } from './counters';

export interface BadgeRule {
  id: string;
  name: string;
  description: string;
  rarity: BadgeRarity;
  /** Progress towards the badge from the user's counters; earned when current >= target. */
  measure: (stats: StatCounters) => { current: number; target: number };
}

const averageScore = (s: StatCounters) => (s.quizzes_taken > 0 ? s.quiz_score_total / s.quizzes_taken : 0);

/** Badges are earned by rules over real counters; the order here is the order the profile shows. */
export const BADGE_RULES: readonly BadgeRule[] = [
  {
    id: 'welcome',
    name: 'Welcome Aboard',
    description: 'Verified your email and joined.',
    rarity: 'common',
    measure: () => ({ current: 1, target: 1 }),
  },
  {
    id: 'first-book',
    name: 'First Book',
    description: 'Uploaded your first book.',
    rarity: 'common',
    measure: (s) => ({ current: Math.min(s.books_uploaded, 1), target: 1 }),
  },
  {
    id: 'first-quiz-passed',
    name: 'Quiz Starter',
    description: 'Passed your first quiz (70% or more).',
    rarity: 'uncommon',
    measure: (s) => ({ current: Math.min(s.quizzes_passed, 1), target: 1 }),
  },
  {
    id: 'chapter-explorer',
    name: 'Chapter Explorer',
    description: 'Completed 10 chapters.',
    rarity: 'uncommon',
    measure: (s) => ({ current: Math.min(s.chapters_completed, 10), target: 10 }),
  },
  {
    id: 'bookworm',
    name: 'Bookworm',
    description: 'Finished a whole book.',
    rarity: 'rare',
    measure: (s) => ({ current: Math.min(s.books_read, 1), target: 1 }),
  },
  {
    id: 'librarian',
    name: 'Librarian',
    description: 'Uploaded 5 books.',
    rarity: 'rare',
    measure: (s) => ({ current: Math.min(s.books_uploaded, 5), target: 5 }),
  },
  {
    id: 'scholar',
    name: 'Scholar',
    description: 'Averaged 90% or more over at least 5 quizzes.',
    rarity: 'epic',
    measure: (s) => ({
      current: averageScore(s) >= 90 ? Math.min(s.quizzes_taken, 5) : 0,
      target: 5,
    }),
  },
  {
    id: 'marathon',
    name: 'Marathon Learner',
    description: 'Spent 10 hours learning.',
    rarity: 'legendary',
    measure: (s) => ({ current: Math.min(Math.floor(s.learning_seconds / 3600), 10), target: 10 }),
  },
];

export const isEarned = (rule: BadgeRule, stats: StatCounters) => {
  const { current, target } = rule.measure(stats);
  return current >= target;
};
