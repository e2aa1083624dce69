import type { LearningContentType, LearningJob } from '../contracts/learning';
import { getBook, getChapterById } from '../books/repository';
import type { BookRecord, ChapterRecord } from '../books/model';
import { bookKeys } from '../books/model';
import { config } from '../lib/config';
import { getObjectBytes, mediaUrl } from '../lib/storage';
import type { ContentRecord, JobRecord } from './model';

/** Shapes and loaders shared by the learning API and the learning-content workers. */

/** The file that is the content: the audio of a narration, the video of the others. */
const primaryKey = (item: {
  content_type: LearningContentType;
  audio_key: string | null;
  video_key: string | null;
}) => (item.content_type === 'audio_narration' ? item.audio_key : item.video_key);

export function jobView(job: JobRecord): LearningJob {
  const video = mediaUrl(job.video_key);
  const audio = mediaUrl(job.audio_key);
  return {
    id: job.id,
    chapter_id: job.chapter_id,
    book_id: job.book_id,
    content_type: job.content_type,
    status: job.status,
    progress: job.progress,
    step: job.step,
    content_url: mediaUrl(primaryKey(job)),
    video_url: video,
    audio_url: audio,
    thumbnail_url: mediaUrl(job.thumbnail_key),
    hosted_url: `/book/${job.book_id}?chapter=${job.chapter_id}`,
    duration: job.duration,
    error_message: job.error_message,
    created_at: job.created_at,
    updated_at: job.updated_at,
  };
}

export const contentUrl = (content: ContentRecord) => mediaUrl(primaryKey(content));

/** A chapter's full text, wherever it is stored. */
export async function chapterText(chapter: ChapterRecord): Promise<string> {
  if (chapter.content !== undefined) return chapter.content;
  const bytes = await getObjectBytes(
    config.uploadsBucket,
    chapter.content_key ?? bookKeys.chapterContent(chapter.book_id, chapter.chapter_number),
  );
  return Buffer.from(bytes).toString('utf8');
}

export interface ChapterContext {
  book: BookRecord;
  chapter: ChapterRecord;
}

/** The chapter and its book, or null when either is gone. */
export async function loadChapterContext(chapterId: string): Promise<ChapterContext | null> {
  const chapter = await getChapterById(chapterId);
  if (!chapter) return null;
  const book = await getBook(chapter.book_id);
  return book ? { book, chapter } : null;
}
