import { MERGE_LIMITS, mergeMessages, type MergeDownload, type MergeLibraryItem } from '../contracts/merge';
import { BadRequestError, NotFoundError } from '../lib/errors';
import { mediaExpiry, mediaUrl } from '../lib/media-urls';
import { MERGE_JOB_KIND, type MergeJob } from './model';
import { downloadFileName } from './plan';
import { GoneError, type MergeContext, nowMs, isPast, ownedJob } from './common';

/** The caller's library of merged videos and their downloads. */

// --- the user's generated videos (merge inputs) ---

/**
 * The caller's completed chapter films and learning videos, newest first: the standalone merge
 * page offers them as inputs. Read from the caller's books (their jobs and chapters).
 */
export async function libraryOf(deps: MergeContext, ownerId: string): Promise<MergeLibraryItem[]> {
  const books = (
    await deps.table.query<{ id?: string; title?: string; owner_id?: string }>({
      index: 'gsi1',
      pk: `OWNER#${ownerId}`,
    })
  ).filter((b) => typeof b.id === 'string' && typeof b.title === 'string' && b.owner_id === ownerId);
  const chapterTitles = new Map<string, Promise<string | null>>();
  const chapterTitle = (chapterId: string | undefined) => {
    if (!chapterId) return Promise.resolve(null);
    if (!chapterTitles.has(chapterId))
      chapterTitles.set(
        chapterId,
        deps.table
          .query<{ title?: string; chapter_number?: number }>({
            index: 'gsi1',
            pk: `CHAPTER#${chapterId}`,
            limit: 1,
          })
          .then(([c]) =>
            c ? `Chapter ${c.chapter_number ?? ''}${c.title ? `: ${c.title}` : ''}`.trim() : null,
          ),
      );
    return chapterTitles.get(chapterId)!;
  };
  const perBook = await Promise.all(
    books.map(async (book) => {
      const jobs = (await deps.jobs.listForBook(book.id!)).filter(
        (j) => j.owner_id === ownerId && j.status === 'ready',
      );
      const items = await Promise.all(
        jobs.map(async (job): Promise<MergeLibraryItem | null> => {
          const chapter = await chapterTitle(job.target.chapter_id);
          const base = {
            id: job.id,
            input_url: job.id,
            book_id: book.id!,
            book_title: book.title!,
            chapter_id: job.target.chapter_id ?? null,
            created_at: job.finished_at ?? job.created_at,
          };
          if (job.kind === 'video-generation') {
            const out = job.outputs as {
              final_key?: string | null;
              final?: { duration: number; thumbnail_key: string | null } | null;
            };
            if (!out.final_key) return null;
            return {
              ...base,
              source: 'film',
              title: `${chapter ?? book.title} — film`,
              duration: out.final?.duration ?? 0,
              thumbnail_url: mediaUrl(out.final?.thumbnail_key),
              video_url: mediaUrl(out.final_key),
            };
          }
          if (job.kind === 'learning-content') {
            const out = job.outputs as {
              video_key?: string | null;
              thumbnail_key?: string | null;
              duration?: number | null;
            };
            const type = (job.options as { content_type?: string }).content_type;
            if (!out.video_key) return null;
            const what = type === 'realistic_video' ? 'tutor video' : 'chapter video';
            return {
              ...base,
              source: 'learning_video',
              title: `${chapter ?? book.title} — ${what}`,
              duration: out.duration ?? 0,
              thumbnail_url: mediaUrl(out.thumbnail_key),
              video_url: mediaUrl(out.video_key),
            };
          }
          return null;
        }),
      );
      return items.filter((i): i is MergeLibraryItem => i !== null);
    }),
  );
  return perBook.flat().sort((a, b) => b.created_at.localeCompare(a.created_at));
}

export async function downloadMerge(
  deps: MergeContext,
  ownerId: string,
  mergeId: string,
): Promise<MergeDownload> {
  const job = await ownedJob<MergeJob>(deps, ownerId, mergeId, MERGE_JOB_KIND);
  if (!job || job.status !== 'ready' || !job.outputs.key)
    throw new NotFoundError(mergeMessages.resultNotFound, 'result_not_found');
  if (job.outputs.expired || isPast(deps, job.outputs.expires_at))
    throw new GoneError(mergeMessages.resultExpired);
  const bytes = job.outputs.bytes ?? 0;
  if (bytes > MERGE_LIMITS.maxDownloadBytes)
    throw new BadRequestError(mergeMessages.downloadTooLarge, 'download_too_large');
  return {
    download_url: mediaUrl(job.outputs.key)!,
    filename: downloadFileName(job.options.merge_name, job.options.output_format),
    file_size_bytes: bytes,
    url_expires_at: new Date(mediaExpiry(nowMs(deps)) * 1000).toISOString(),
  };
}
