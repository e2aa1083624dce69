import { audioMessages, type AudioExportStarted, type AudioFile } from '../contracts/audio';
import type { AudioExportInput } from '../contracts/audio-requests';
import { isActive } from '../jobs/model';
import { HttpError, NotFoundError } from '../lib/errors';
import { isUuid } from '../lib/ids';
import { chapterAudioExportJob } from './jobs/kinds';
import { audioKeys } from './model';
import { layoutExport, type AudioContext, now, catalogue, views, JOB_STATUS } from './common';

/** A chapter's audio files: the voices, the list, deletion and the export. */

/** The voice catalogue (narrators and characters), for the Audio tab and the character form. */
export const voiceList = (deps: AudioContext, language?: string) => catalogue(deps, language);

/** The chapter's audio files (of one script when asked), in the spec's order. */
export async function listFiles(
  deps: AudioContext,
  userId: string,
  chapterId: string,
  scriptId?: string,
): Promise<AudioFile[]> {
  const { book, chapter } = await deps.books.ownedChapter(userId, chapterId);
  const files = await deps.repo.listForChapter(book.id, chapter.id);
  return views(deps, scriptId ? files.filter((f) => f.script_id === scriptId) : files);
}

/**
 * Removes a file and its stored media. A file still being made is marked deleted instead, while
 * its job runs: the job then discards it (and what it uploaded) rather than completing it.
 */
export async function deleteFile(
  deps: AudioContext,
  userId: string,
  chapterId: string,
  fileId: string,
): Promise<void> {
  const { book, chapter } = await deps.books.ownedChapter(userId, chapterId);
  const file = isUuid(fileId) ? await deps.repo.getFile(book.id, chapter.id, fileId) : null;
  if (!file || file.status === 'deleted')
    throw new NotFoundError(audioMessages.fileNotFound, 'audio_not_found');
  if (file.status === 'generating' && (await deps.repo.markDeleted(file, now(deps)))) {
    const job = await deps.jobs.get(file.job_id);
    // Its job still running, the job removes it; a job that ended already never will.
    if (job && isActive(job.status)) return;
  }
  // Completed (perhaps just now, by its job), failed, or its job gone: remove it and its media.
  const current = (await deps.repo.getFile(book.id, chapter.id, file.id)) ?? file;
  await deps.repo.deleteFiles([current]);
  await deps.media.delete(current.audio_key ?? audioKeys.file(book.id, chapter.id, file.id));
}

/** Starts the mix of the chosen files (a job); every file must be this chapter's and completed. */
export async function startExport(
  deps: AudioContext,
  userId: string,
  chapterId: string,
  input: AudioExportInput,
): Promise<AudioExportStarted> {
  const { book, chapter } = await deps.books.ownedChapter(userId, chapterId);
  const files = await deps.repo.listForChapter(book.id, chapter.id);
  const layout = layoutExport(files, input.audio_assets);
  const job = await deps.jobs.start(chapterAudioExportJob, {
    owner: userId,
    target: { book_id: book.id, chapter_id: chapter.id },
    options: { format: input.format, ...layout },
  });
  if (job.status === 'failed') throw new HttpError(503, audioMessages.notQueued, 'audio_not_queued');
  return { job_id: job.id, status: JOB_STATUS[job.status], assets: layout.tracks.length };
}
