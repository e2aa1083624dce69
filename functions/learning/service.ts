import { DescribeExecutionCommand, StartExecutionCommand } from '@aws-sdk/client-sfn';
import type { LearningContentItem, LearningContentType, ProgressEventType } from '../contracts/learning';
import type { BookRecord } from '../books/model';
import { listChapters } from '../books/repository';
import { canRead } from '../books/service';
import { aws } from '../lib/clients';
import { config } from '../lib/config';
import { ConflictError, NotFoundError } from '../lib/errors';
import { uuid } from '../lib/ids';
import { logger } from '../lib/logger';
import { mediaUrl } from '../lib/storage';
import { recordUserEvent } from '../users/events';
import { loadChapterContext, contentUrl, type ChapterContext } from './jobs';
import type { JobOptions, JobRecord } from './model';
import { getProgress, putProgress } from './progress-repository';
import { getJob, listChapterJobs, listContent, putJob, updateJob } from './repository';

export const CHAPTER_NOT_FOUND = 'Chapter not found.';

/** The chapter of one of the caller's books (someone else's is a 404, like their books). */
export async function loadOwnedChapter(chapterId: string, userId: string): Promise<ChapterContext> {
  const context = await loadChapterContext(chapterId);
  if (!context || context.book.owner_id !== userId)
    throw new NotFoundError(CHAPTER_NOT_FOUND, 'chapter_not_found');
  return context;
}

/** Readers of a published book may read its content too. */
export async function loadReadableChapter(chapterId: string, userId: string): Promise<ChapterContext> {
  const context = await loadChapterContext(chapterId);
  if (!context || !canRead(context.book, userId)) {
    throw new NotFoundError(CHAPTER_NOT_FOUND, 'chapter_not_found');
  }
  return context;
}

export const INTERRUPTED_MESSAGE = 'Generation was interrupted. Please try again.';
/** A job quiet for this long has its execution checked before it is trusted to be running. */
const QUIET_MS = 2 * 60 * 1000;

/**
 * A job whose execution ended without recording an outcome (stopped, or cut off by a restart of the
 * local runtime) would stay "processing" for ever and block a new run: it is marked failed.
 */
export async function settleInterrupted(job: JobRecord, now = Date.now()): Promise<JobRecord> {
  if (job.status !== 'processing' || now - Date.parse(job.updated_at) < QUIET_MS) return job;
  let ended = true;
  if (job.execution_arn) {
    try {
      const { status } = await aws.sfn.send(
        new DescribeExecutionCommand({ executionArn: job.execution_arn }),
      );
      ended = status !== 'RUNNING';
    } catch (error) {
      if ((error as Error).name !== 'ExecutionDoesNotExist') throw error;
    }
  }
  if (!ended) return job;
  return (
    (await updateJob(
      job.id,
      { status: 'failed', step: 'Failed', error_message: INTERRUPTED_MESSAGE },
      'processing',
    )) ??
    (await getJob(job.id)) ??
    job
  );
}

/**
 * Starts generating learning content for a chapter. A job already running for the same chapter and
 * kind is answered instead of starting a second one; a ready item stays until the new one is ready.
 */
export async function startLearningJob(
  userId: string,
  chapterId: string,
  contentType: LearningContentType,
  options: JobOptions,
): Promise<JobRecord> {
  const { book, chapter } = await loadOwnedChapter(chapterId, userId);
  if (book.status !== 'READY' || book.review_pending)
    throw new ConflictError('The book is still being processed.', 'book_not_ready');
  const running = (await listChapterJobs(book.id, chapter.id)).find(
    (job) => job.content_type === contentType && job.status === 'processing',
  );
  if (running && (await settleInterrupted(running)).status === 'processing') return running;

  const now = new Date().toISOString();
  const job: JobRecord = {
    id: uuid(),
    owner_id: userId,
    book_id: book.id,
    chapter_id: chapter.id,
    content_type: contentType,
    status: 'processing',
    progress: 0,
    step: 'Queued',
    options,
    audio_key: null,
    video_key: null,
    duration: null,
    error_message: null,
    execution_arn: null,
    created_at: now,
    updated_at: now,
  };
  await putJob(job);
  try {
    const { executionArn } = await aws.sfn.send(
      new StartExecutionCommand({
        stateMachineArn: config.learningContentStateMachineArn,
        name: `learn-${job.id}`,
        input: JSON.stringify({ job_id: job.id, content_type: contentType }),
      }),
    );
    return (await updateJob(job.id, { execution_arn: executionArn ?? null }, 'processing')) ?? job;
  } catch (error) {
    logger.error('could not start learning content', { error: error as Error, jobId: job.id });
    return (
      (await updateJob(job.id, {
        status: 'failed',
        error_message: 'Generation could not start. Please try again.',
      })) ?? job
    );
  }
}

/** Ready items of a chapter, plus any newer job still running or failed (for progress and errors). */
export async function chapterContentItems(
  book: BookRecord,
  chapterId: string,
): Promise<LearningContentItem[]> {
  const [content, jobs] = await Promise.all([
    listContent(book.id, chapterId),
    listChapterJobs(book.id, chapterId),
  ]);
  const items: LearningContentItem[] = content.map((c) => ({
    id: c.id,
    content_type: c.content_type,
    status: 'ready',
    content_url: contentUrl(c),
    thumbnail_url: mediaUrl(c.thumbnail_key),
    duration: c.duration,
    created_at: c.created_at,
  }));
  const latest = new Map<LearningContentType, JobRecord>();
  for (const job of jobs) if (!latest.has(job.content_type)) latest.set(job.content_type, job);
  for (const [type, job] of latest) {
    const ready = content.find((c) => c.content_type === type);
    if (job.status === 'ready' || (ready && ready.created_at >= job.created_at)) continue;
    items.push({
      id: job.id,
      content_type: type,
      status: job.status,
      content_url: null,
      duration: null,
      progress: job.progress,
      step: job.step,
      error_message: job.error_message,
      created_at: job.created_at,
    });
  }
  return items;
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

/**
 * A learner read, listened to or watched a chapter: the chapter counts as completed (once), the time
 * counts towards hours learned, and finishing every chapter counts the book as read (once).
 */
export async function recordProgress(userId: string, book: BookRecord, event: ProgressEvent) {
  const chapters = await listChapters(book.id);
  const chapter = chapters.find((c) => c.id === event.chapterId);
  if (!chapter) throw new NotFoundError(CHAPTER_NOT_FOUND, 'chapter_not_found');
  const previous = await getProgress(userId, book.id);
  const completed = new Set(previous?.completed_chapters ?? []);
  const newlyCompleted = !completed.has(chapter.id);
  completed.add(chapter.id);
  const progress = Math.round((completed.size / Math.max(1, chapters.length)) * 100);
  const now = new Date().toISOString();
  const record = {
    book_id: book.id,
    progress,
    last_chapter_id: chapter.id,
    completed_chapters: [...completed],
    updated_at: now,
  };
  await putProgress(userId, record);
  const finishedBook = progress === 100 && (previous?.progress ?? 0) < 100;
  await recordUserEvent(
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
    now,
  );
  return record;
}
