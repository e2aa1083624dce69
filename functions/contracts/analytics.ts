import { z } from './zod';

/** The periods the Author panel's Analytics offers, in days ending today (UTC). */
export const ANALYTICS_PERIODS = [7, 30, 90] as const;
export const DEFAULT_ANALYTICS_DAYS = 30;

export const analyticsMessages = {
  bookIdInvalid: 'book_id must be a book id.',
  daysInvalid: 'days must be 7, 30 or 90.',
};

/** GET /author/analytics: every book of the caller, or one (`book_id`), over the last `days` days. */
export const authorAnalyticsQuery = z.object({
  book_id: z.optional(
    z
      .string()
      .check(
        z.regex(
          /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
          analyticsMessages.bookIdInvalid,
        ),
      ),
  ),
  days: z._default(
    z.pipe(
      z
        .string()
        .check(
          z.refine(
            (value) => ANALYTICS_PERIODS.some((days) => String(days) === value),
            analyticsMessages.daysInvalid,
          ),
        ),
      z.transform((value) => Number(value)),
    ),
    DEFAULT_ANALYTICS_DAYS,
  ),
});
export type AuthorAnalyticsQuery = z.output<typeof authorAnalyticsQuery>;

/** What readers did and what was made, summed over a book or a day. */
const figures = {
  /** Distinct readers and learners (who read, listened, watched or took a quiz). */
  readers: z.number(),
  chapters_completed: z.number(),
  quiz_attempts: z.number(),
  /** Mean quiz score in percent; null without attempts. */
  quiz_average: z.nullable(z.number()),
  narration_plays: z.number(),
  video_plays: z.number(),
  /** Finished generations (narrations, videos, images, plots, audio mixes). */
  generations: z.number(),
  /** Minutes of video made by finished generations, to one decimal. */
  video_minutes: z.number(),
};

/** The media a book has now, by the generations that made it. */
export const bookMedia = z.object({
  narrations: z.number(),
  videos: z.number(),
  images: z.number(),
  audio_mixes: z.number(),
  plots: z.number(),
});
export type BookMedia = z.output<typeof bookMedia>;

/** A book of the author with its figures over all time. */
export const authorBookStats = z.object({
  book_id: z.string(),
  title: z.string(),
  book_type: z.enum(['learning', 'entertainment']),
  status: z.string(),
  cover_image_url: z.nullable(z.string()),
  chapters: z.number(),
  published: z.boolean(),
  created_at: z.string(),
  media: bookMedia,
  ...figures,
});
export type AuthorBookStats = z.output<typeof authorBookStats>;

/** One UTC day of the period (every day is present, zero when nothing happened). */
export const analyticsDay = z.object({ date: z.string(), ...figures });
export type AnalyticsDay = z.output<typeof analyticsDay>;

export const authorAnalytics = z.object({
  /** The book the timeline is of; null: all the author's books. */
  book_id: z.nullable(z.string()),
  days: z.number(),
  books: z.array(authorBookStats),
  timeline: z.array(analyticsDay),
});
export type AuthorAnalytics = z.output<typeof authorAnalytics>;
