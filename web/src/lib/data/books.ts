import type { BookType, Chapter, LearningProgressItem } from '@contracts/books';
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { api } from '@/lib/api';

/** Cache keys of the books API: the books pages read them, learning events refresh them. */
export const bookKeys = {
  list: (type?: BookType) => (type ? `/books?book_type=${type}` : '/books'),
  detail: (id: string) => `/books/${id}`,
  status: (id: string) => `/books/${id}/status`,
  learningProgress: '/books/learning-progress',
  catalogue: (type: BookType) =>
    type === 'learning' ? '/books/superadmin-learning-books' : '/books/superadmin-entertainment-books',
};

export const useLearningProgress = (enabled = true) =>
  useSWR<LearningProgressItem[]>(enabled ? bookKeys.learningProgress : null);

export const getChapter = (bookId: string, chapterId: string) =>
  api.get<Chapter>(`/books/${bookId}/chapters/${chapterId}`);

/** A chapter's full text: long chapters arrive cut short in the book answer and are fetched whole. */
export function useChapterText(
  bookId: string,
  chapter: Chapter | undefined,
): { text: string; loading: boolean } {
  const [full, setFull] = useState<{ id: string; text: string } | null>(null);
  const needsFetch = Boolean(chapter?.content_truncated);
  useEffect(() => {
    if (!chapter || !needsFetch) return;
    let active = true;
    void getChapter(bookId, chapter.id).then((c) => active && setFull({ id: c.id, text: c.content }));
    return () => {
      active = false;
    };
  }, [bookId, chapter, needsFetch]);
  if (!chapter) return { text: '', loading: false };
  if (!needsFetch) return { text: chapter.content, loading: false };
  return full?.id === chapter.id
    ? { text: full.text, loading: false }
    : { text: chapter.content, loading: true };
}
