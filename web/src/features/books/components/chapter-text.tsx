import type { Chapter } from '@contracts/books';
import { useEffect, useState } from 'react';
import { getChapter } from '../api/books';

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

export function Paragraphs({ text }: { text: string }) {
  return (
    <div className="space-y-4 leading-relaxed text-slate-800 dark:text-slate-200">
      {text.split(/\n{2,}/).map((paragraph, i) => (
        <p key={i} className="whitespace-pre-line">
          {paragraph}
        </p>
      ))}
    </div>
  );
}
