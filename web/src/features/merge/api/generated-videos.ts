import type { Book } from '@contracts/books';
import type { ChapterGenerations } from '@contracts/video';
import useSWR from 'swr';
import { api } from '@/lib/api';
import { generatedVideoOf, type OfferedVideo } from '../model/files';

/** Books looked through for chapter videos (the newest first, as the books list answers). */
const MAX_BOOKS = 20;
const VIDEO_CONTENT = ['chapter_video', 'realistic_video'];

/**
 * The user's generated chapter videos, for the merge page: the entertainment books, the chapters
 * among them that have a video, and each one's newest finished generation. Every call is tolerant:
 * what fails is left out.
 */
async function generatedVideos(): Promise<OfferedVideo[]> {
  const books = await api.get<Book[]>('/books?book_type=entertainment', { quiet: true }).catch(() => []);
  const found: OfferedVideo[] = [];
  for (const book of (books ?? []).slice(0, MAX_BOOKS)) {
    const content = await api
      .get<Record<string, string[]>>(`/books/${book.id}/learning-content`, { quiet: true })
      .catch(() => null);
    const chapters = Object.entries(content ?? {})
      .filter(([, types]) => types.some((t) => VIDEO_CONTENT.includes(t)))
      .map(([id]) => id);
    for (const chapterId of chapters) {
      const answer = await api
        .get<ChapterGenerations>(`/ai/chapter-video-generations/${chapterId}`, { quiet: true })
        .catch(() => null);
      const video = generatedVideoOf(book.title, answer?.generations ?? []);
      if (video) found.push(video);
    }
  }
  return found;
}

export const useGeneratedVideos = () => useSWR('merge/generated-videos', generatedVideos);
