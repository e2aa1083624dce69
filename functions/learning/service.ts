import type { BookRecord, ChapterRecord } from '../books/model';
import type { BookReads } from '../books/read-port';
import { canRead, CHAPTER_NOT_FOUND } from '../books/service';
import type {
  LearningContentItem,
  LearningContentType,
  LearningJob,
  ProgressEventType,
} from '../contracts/learning';
import { videoPlanRuleOf } from '../contracts/subscriptions';
import type { UserActivity } from '../events';
import { processingStatus, type JobRecord, type Jobs } from '../jobs';
import { ConflictError, NotFoundError } from '../lib/errors';
import { mediaUrl } from '../lib/media-urls';
import { isoNow, type Clock, type Table, type VideoMetering } from '../lib/ports';
import { learningContentJob } from './jobs/content.kind';
import type { ContentRecord, LearningJobRecord, LearningOptions } from './model';
import { createLearningRepository } from './repository';

export { CHAPTER_NOT_FOUND };
export const JOB_NOT_FOUND = 'Generation not found.';

export interface LearningDeps {
  table: Table;
  clock: Clock;
  jobs: Jobs;
  books: BookReads;
  activity: UserActivity;
  /** The monthly video allowance: the tutor and chapter videos take a unit (narration does not). */
  metering: VideoMetering;
}

export interface ChapterContext {
  book: BookRecord;
  chapter: ChapterRecord;
}

export interface ProgressEvent {
  chapterId: string;
  event: ProgressEventType;
  seconds: number;
}

const EVENT_TITLES: Record<ProgressEventType, string> = {
  chapter_read: 'Read',
  narration_finished: 'Listened to',
  video_finished: 'Watched',
};

/** The file that is the content: the audio of a narration, the video of the others. */
const primaryKey = (
  contentType: LearningContentType,
  item: { audio_key?: string | null; video_key?: string | null },
) => (contentType === 'audio_narration' ? (item.audio_key ?? null) : (item.video_key ?? null));

export const contentUrl = (content: ContentRecord) => mediaUrl(primaryKey(content.content_type, content));

/** A learning job as the generation and status routes answer it. */
export function learningJobView(job: LearningJobRecord): LearningJob {
  // Media are offered only once published: a run that failed after rendering offers none (as in the
  // chapter's content list), so no player opens on a file that never became the chapter's content.
  const outputs = job.status === 'ready' ? job.outputs : {};
  const contentType = job.options.content_type;
  return {
    id: job.id,
    chapter_id: job.target.chapter_id!,
    book_id: job.target.book_id!,
    content_type: contentType,
    status: processingStatus(job.status),
    progress: job.progress,
    step: job.step,
    content_url: mediaUrl(primaryKey(contentType, outputs)),
    video_url: mediaUrl(outputs.video_key),
    audio_url: mediaUrl(outputs.audio_key),
    thumbnail_url: mediaUrl(outputs.thumbnail_key),
    hosted_url: `/book/${job.target.book_id}?chapter=${job.target.chapter_id}`,
    duration: outputs.duration ?? null,
    chapter_marks: outputs.chapter_marks ?? [],
    word_timings: outputs.word_timings ?? null,
    error_message: job.error_message,
    created_at: job.created_at,
    updated_at: job.updated_at,
  };
}

const isLearningJob = (job: JobRecord): job is LearningJobRecord => job.kind === learningContentJob.kind;

/** Narration, tutor and chapter videos as jobs; the ready content of chapters; reading progress. */
export function createLearningService(deps: LearningDeps) {
  const repo = createLearningRepository(deps.table);

  const chapterJobs = async (bookId: string, chapterId: string) =>
    (await deps.jobs.listForBook(bookId, chapterId)).filter(isLearningJob);

  return {
    repository: repo,

    /** The chapter of one of the caller's books (someone else's is a 404, like their books). */
    loadOwnedChapter(chapterId: string, userId: string): Promise<ChapterContext> {
      return deps.books.ownedChapter(userId, chapterId);
    },

    /** Readers of a published book may read its content too. */
    async loadReadableChapter(chapterId: string, userId: string): Promise<ChapterContext> {
      const context = await deps.books.chapterContext(chapterId);
      if (!context || !canRead(context.book, userId))
        throw new NotFoundError(CHAPTER_NOT_FOUND, 'chapter_not_found');
      return context;
    },

    /** The caller's job (checked against the workflow when it has been quiet for a while). */
    async ownJob(jobId: string, userId: string): Promise<LearningJobRecord> {
      const job = await deps.jobs.get<LearningOptions>(jobId);
      if (!job || job.owner_id !== userId || !isLearningJob(job))
        throw new NotFoundError(JOB_NOT_FOUND, 'job_not_found');
      return (await deps.jobs.settle(job)) as unknown as LearningJobRecord;
    },

    /**
     * Starts generating learning content for a chapter. A job already running for the same chapter
     * and kind is answered instead of starting a second one; a ready item stays until the new one is
     * ready.
     */
    async start(userId: string, chapterId: string, options: LearningOptions): Promise<LearningJobRecord> {
      const { book, chapter } = await this.loadOwnedChapter(chapterId, userId);
      if (book.status !== 'READY' || book.review_pending)
        throw new ConflictError('The book is still being processed.', 'book_not_ready');
      // A video takes one of the month's videos (402 when none is left); the job gives it back if it
      // ends without its video, and so does a request answered by the one already running.
      const metered = options.content_type === 'audio_narration' ? null : await deps.metering.reserve(userId);
      try {
        return (await deps.jobs.start(learningContentJob, {
          owner: userId,
          target: { book_id: book.id, chapter_id: chapter.id },
          // The tier's film (free: 480p with the watermark) goes with the job's options.
          options: {
            ...options,
            output: metered?.output ?? null,
            plan: metered ? videoPlanRuleOf(metered.tier) : null,
          },
          // One job per chapter and kind: a second request answers the running one.
          exclusive: `${chapter.id}#${options.content_type}`,
          ...(metered ? { usage: { period: metered.period } } : {}),
        })) as LearningJobRecord;
      } catch (error) {
        if (metered) await deps.metering.release(userId, metered.period);
        throw error;
      }
    },

    /** Ready items of a chapter, plus any newer job still running or failed (for progress and errors). */
    async chapterContentItems(book: BookRecord, chapterId: string): Promise<LearningContentItem[]> {
      const [content, jobs] = await Promise.all([
        repo.listContent(book.id, chapterId),
        chapterJobs(book.id, chapterId),
      ]);
      const items: LearningContentItem[] = content.map((c) => ({
        id: c.id,
        content_type: c.content_type,
        status: 'ready',
        content_url: contentUrl(c),
        thumbnail_url: mediaUrl(c.thumbnail_key),
        duration: c.duration,
        chapter_marks: c.chapter_marks ?? [],
        created_at: c.created_at,
      }));
      const latest = new Map<LearningContentType, LearningJobRecord>();
      for (const job of jobs)
        if (!latest.has(job.options.content_type)) latest.set(job.options.content_type, job);
      for (const [type, job] of latest) {
        const ready = content.find((c) => c.content_type === type);
        if (job.status === 'ready' || (ready && ready.created_at >= job.created_at)) continue;
        items.push({
          id: job.id,
          content_type: type,
          status: processingStatus(job.status),
          content_url: null,
          duration: null,
          chapter_marks: [],
          progress: job.progress,
          step: job.step,
          error_message: job.error_message,
          created_at: job.created_at,
        });
      }
      return items;
    },

    /** Content types ready per chapter of a book, for the marks in the chapter list. */
    async contentByChapter(bookId: string): Promise<Record<string, string[]>> {
      const byChapter: Record<string, string[]> = {};
      for (const item of await repo.listContent(bookId))
        (byChapter[item.chapter_id] ??= []).push(item.content_type);
      return byChapter;
    },

    /**
     * A learner read, listened to or watched a chapter: the chapter counts as completed (once), the
     * time counts towards hours learned, and finishing every chapter counts the book as read (once).
     */
    async recordProgress(userId: string, book: BookRecord, event: ProgressEvent) {
      const chapters = await deps.books.chaptersOf(book.id);
      const chapter = chapters.find((c) => c.id === event.chapterId);
      if (!chapter) throw new NotFoundError(CHAPTER_NOT_FOUND, 'chapter_not_found');
      const previous = await deps.books.progressOf(userId, book.id);
      const completed = new Set(previous?.completed_chapters ?? []);
      const newlyCompleted = !completed.has(chapter.id);
      completed.add(chapter.id);
      const progress = Math.round((completed.size / Math.max(1, chapters.length)) * 100);
      const record = {
        book_id: book.id,
        progress,
        last_chapter_id: chapter.id,
        completed_chapters: [...completed],
        updated_at: isoNow(deps.clock),
      };
      await deps.books.saveProgress(userId, record);
      const finishedBook = progress === 100 && (previous?.progress ?? 0) < 100;
      await deps.activity.record(
        userId,
        {
          type: event.event,
          title: `${EVENT_TITLES[event.event]} “${chapter.title}” of “${book.title}”`,
          ref: book.id,
        },
        {
          learning_seconds: Math.round(event.seconds),
          chapters_completed: newlyCompleted ? 1 : 0,
          books_read: finishedBook ? 1 : 0,
        },
        { book_id: book.id, chapter_completed: newlyCompleted },
      );
      return record;
    },
  };
}

export type LearningService = ReturnType<typeof createLearningService>;
