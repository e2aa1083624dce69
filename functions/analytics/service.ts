import type {
  AnalyticsDay,
  AuthorAnalytics,
  AuthorAnalyticsQuery,
  AuthorBookStats,
  BookMedia,
} from '../contracts/analytics';
import type { Book } from '../contracts/books';
import type { ReadingEvent } from '../events';
import type { JobRecord } from '../jobs';
import type { Clock } from '../lib/ports';

/**
 * The Author panel's analytics: what readers did in the author's books (the reading events each book
 * keeps) and what the author made of them (the book's finished generations), per book and per day.
 * Nothing here is stored: every figure is counted from those records when asked.
 */
export interface AnalyticsDeps {
  clock: Clock;
  /** The caller's books. */
  listBooks: (userId: string) => Promise<Book[]>;
  /** The caller's book, or the books domain's not-found error (someone else's book included). */
  loadOwnedBook: (bookId: string, userId: string) => Promise<unknown>;
  listJobs: (bookId: string) => Promise<JobRecord[]>;
  listReading: (bookId: string) => Promise<ReadingEvent[]>;
}

type MediaKind = keyof BookMedia;

/** Which media a finished job made, and how many seconds of video. */
function madeBy(job: JobRecord): { media: MediaKind | null; videoSeconds: number } {
  const outputs = job.outputs as Record<string, unknown>;
  const options = job.options as Record<string, unknown>;
  const seconds = (value: unknown) => (typeof value === 'number' && value > 0 ? value : 0);
  switch (job.kind) {
    case 'learning-content':
      return options.content_type === 'audio_narration'
        ? { media: 'narrations', videoSeconds: 0 }
        : { media: 'videos', videoSeconds: seconds(outputs.duration) };
    case 'video-generation':
      return {
        media: 'videos',
        videoSeconds: seconds((outputs.final as { duration?: unknown } | null)?.duration),
      };
    case 'video-combine':
      return { media: 'videos', videoSeconds: seconds(outputs.duration) };
    case 'chapter-image':
    case 'character-image':
      return { media: 'images', videoSeconds: 0 };
    case 'chapter-audio':
      return { media: 'audio_mixes', videoSeconds: 0 };
    case 'plot-generation':
      return { media: 'plots', videoSeconds: 0 };
    default:
      return { media: null, videoSeconds: 0 };
  }
}

/** Generations that made media; the book's own processing and exports of made media are not counted. */
const finished = (jobs: JobRecord[]) => jobs.filter((job) => job.status === 'ready' && madeBy(job).media);

/** Where a job's figures count: the day it finished. */
const jobDay = (job: JobRecord) => (job.finished_at ?? job.updated_at).slice(0, 10);

/** The reader and generation figures of a set of events and jobs. */
function figuresOf(events: ReadingEvent[], jobs: JobRecord[]) {
  const scores = events.filter((e) => e.type === 'quiz_taken' && typeof e.score === 'number');
  const videoSeconds = jobs.reduce((sum, job) => sum + madeBy(job).videoSeconds, 0);
  return {
    readers: new Set(events.map((e) => e.user_id)).size,
    chapters_completed: events.filter((e) => e.chapter_completed).length,
    quiz_attempts: scores.length,
    quiz_average: scores.length
      ? Math.round(scores.reduce((sum, e) => sum + e.score!, 0) / scores.length)
      : null,
    narration_plays: events.filter((e) => e.type === 'narration_finished').length,
    video_plays: events.filter((e) => e.type === 'video_finished').length,
    generations: jobs.length,
    video_minutes: Math.round((videoSeconds / 60) * 10) / 10,
  };
}

function mediaOf(jobs: JobRecord[]): BookMedia {
  const media: BookMedia = { narrations: 0, videos: 0, images: 0, audio_mixes: 0, plots: 0 };
  for (const job of jobs) {
    const kind = madeBy(job).media;
    if (kind) media[kind]++;
  }
  return media;
}

/** The `days` UTC dates ending today, oldest first. */
function periodDates(today: Date, days: number): string[] {
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: days }, (_, i) =>
    new Date(end - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

function timelineOf(dates: string[], events: ReadingEvent[], jobs: JobRecord[]): AnalyticsDay[] {
  return dates.map((date) => ({
    date,
    ...figuresOf(
      events.filter((e) => e.at.startsWith(date)),
      jobs.filter((job) => jobDay(job) === date),
    ),
  }));
}

export function createAnalyticsService(deps: AnalyticsDeps) {
  return {
    async forAuthor(userId: string, query: AuthorAnalyticsQuery): Promise<AuthorAnalytics> {
      if (query.book_id) await deps.loadOwnedBook(query.book_id, userId);
      const owned = await deps.listBooks(userId);
      const records = await Promise.all(
        owned.map(async (book) => {
          const [jobs, events] = await Promise.all([deps.listJobs(book.id), deps.listReading(book.id)]);
          return { book, jobs: finished(jobs), events };
        }),
      );
      const books: AuthorBookStats[] = records.map(({ book, jobs, events }) => ({
        book_id: book.id,
        title: book.title,
        book_type: book.book_type,
        status: book.status,
        cover_image_url: book.cover_image_url,
        chapters: book.total_chapters,
        published: book.published,
        created_at: book.created_at,
        media: mediaOf(jobs),
        ...figuresOf(events, jobs),
      }));
      const chosen = query.book_id ? records.filter((r) => r.book.id === query.book_id) : records;
      const dates = periodDates(deps.clock.now(), query.days);
      const timeline = timelineOf(
        dates,
        chosen.flatMap((r) => r.events).filter((e) => e.at >= dates[0]!),
        chosen.flatMap((r) => r.jobs).filter((job) => jobDay(job) >= dates[0]!),
      );
      return { book_id: query.book_id ?? null, days: query.days, books, timeline };
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
