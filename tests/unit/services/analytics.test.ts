import { describe, expect, it } from 'vitest';
import type { Book } from '../../../functions/contracts/books';
import { createAnalyticsService } from '../../../functions/analytics/service';
import type { ReadingEvent } from '../../../functions/events';
import { jobRecord } from '../../support/job-record';
import type { JobRecord } from '../../../functions/jobs';
import { NotFoundError } from '../../../functions/lib/errors';

const NOW = new Date('2026-11-27T15:00:00Z');
const book = (id: string, title: string) =>
  ({
    id,
    title,
    book_type: 'learning',
    status: 'READY',
    cover_image_url: null,
    total_chapters: 4,
    published: false,
    created_at: '2026-11-01T00:00:00Z',
  }) as Book;

let n = 0;
const read = (type: string, user: string, at: string, facts: Partial<ReadingEvent> = {}): ReadingEvent => ({
  id: `e${n++}`,
  type,
  user_id: user,
  at,
  ...facts,
});
const job = (kind: string, finished: string, extra: Partial<JobRecord> = {}): JobRecord =>
  jobRecord(finished, {
    kind,
    owner_id: 'author',
    target: { book_id: 'a' },
    finished_at: finished,
    ...extra,
  });

function service(events: Record<string, ReadingEvent[]>, jobs: Record<string, JobRecord[]>) {
  return createAnalyticsService({
    clock: { now: () => NOW },
    listBooks: async () => [book('a', 'Alpha'), book('b', 'Beta')],
    loadOwnedBook: async (id) => {
      if (!['a', 'b'].includes(id)) throw new NotFoundError('Book not found.');
      return {};
    },
    listJobs: async (id) => jobs[id] ?? [],
    listReading: async (id) => events[id] ?? [],
  });
}

describe('author analytics', () => {
  const events = {
    a: [
      read('chapter_read', 'r1', '2026-11-20T10:00:00Z', { chapter_completed: true }),
      read('narration_finished', 'r1', '2026-11-27T09:00:00Z', { chapter_completed: false }),
      read('quiz_taken', 'r2', '2026-11-27T10:00:00Z', { score: 40 }),
      read('quiz_taken', 'r1', '2026-11-27T11:00:00Z', { score: 90 }),
      read('video_finished', 'r2', '2026-10-01T11:00:00Z', { chapter_completed: true }),
    ],
  };
  const jobs = {
    a: [
      job('learning-content', '2026-11-27T08:00:00Z', {
        options: { content_type: 'chapter_video' },
        outputs: { duration: 90 },
      }),
      job('learning-content', '2026-11-26T08:00:00Z', { options: { content_type: 'audio_narration' } }),
      job('video-generation', '2026-11-27T08:30:00Z', { outputs: { final: { duration: 150 } } }),
      job('chapter-image', '2026-11-27T08:40:00Z'),
      // Not generations of media: the book's processing, an export, a failed run.
      job('book-processing', '2026-11-27T08:00:00Z'),
      job('video-download', '2026-11-27T08:00:00Z'),
      job('chapter-image', '2026-11-27T08:00:00Z', { status: 'failed' }),
    ],
  };

  it('sums each book over all time, and each day of the period for the chosen book', async () => {
    const answer = await service(events, jobs).forAuthor('author', { book_id: 'a', days: 7 });
    expect(answer.books.find((b) => b.book_id === 'a')).toMatchObject({
      readers: 2,
      chapters_completed: 2,
      quiz_attempts: 2,
      quiz_average: 65,
      narration_plays: 1,
      video_plays: 1,
      generations: 4,
      video_minutes: 4,
      media: { narrations: 1, videos: 2, images: 1, audio_mixes: 0, plots: 0 },
    });
    expect(answer.books.find((b) => b.book_id === 'b')).toMatchObject({ readers: 0, quiz_average: null });
    expect(answer.timeline.map((d) => d.date)).toEqual([
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
    ]);
    // The 20th and October are outside the period.
    expect(answer.timeline.at(-1)).toEqual({
      date: '2026-11-27',
      readers: 2,
      chapters_completed: 0,
      quiz_attempts: 2,
      quiz_average: 65,
      narration_plays: 1,
      video_plays: 0,
      generations: 3,
      video_minutes: 4,
    });
    expect(answer.timeline.at(-2)).toMatchObject({ generations: 1, readers: 0 });
  });

  it("refuses someone else's book with the books domain's not-found", async () => {
    await expect(service(events, jobs).forAuthor('author', { book_id: 'zzz', days: 30 })).rejects.toThrow(
      'Book not found.',
    );
  });
});
