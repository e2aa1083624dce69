import type { LearningContentType } from '@contracts/learning';
import useSWR from 'swr';
import { api } from '@/lib/api';
import { recordsOf, type MediaRecord } from '../model/stages';

/**
 * What a chapter already has beyond its scripts: scene images, audio files and a video. The images
 * and audio routes may not exist on every server yet: any failure reads as "nothing yet", so the
 * stages light up as soon as the routes answer.
 */
export const mediaKeys = {
  images: (chapterId: string) => `/chapters/${chapterId}/images`,
  audio: (chapterId: string) => `/chapters/${chapterId}/audio`,
  /** Ready generated content per chapter id (the chapter videos among it). */
  bookContent: (bookId: string) => `/books/${bookId}/learning-content`,
};

const tolerant = async (path: string): Promise<MediaRecord[]> => {
  try {
    return recordsOf(await api.get<unknown>(path, { quiet: true }));
  } catch {
    return [];
  }
};

export const useChapterImages = (chapterId: string | null) =>
  useSWR(chapterId ? mediaKeys.images(chapterId) : null, tolerant);
export const useChapterAudio = (chapterId: string | null) =>
  useSWR(chapterId ? mediaKeys.audio(chapterId) : null, tolerant);

const VIDEO_TYPES: LearningContentType[] = ['chapter_video', 'realistic_video'];

/** Chapter ids that have a finished video. */
export const useChaptersWithVideo = (bookId: string) =>
  useSWR(mediaKeys.bookContent(bookId), async (path: string) => {
    try {
      const content = await api.get<Record<string, LearningContentType[]>>(path, { quiet: true });
      return new Set(
        Object.entries(content ?? {})
          .filter(([, types]) => types.some((t) => VIDEO_TYPES.includes(t)))
          .map(([id]) => id),
      );
    } catch {
      return new Set<string>();
    }
  });
