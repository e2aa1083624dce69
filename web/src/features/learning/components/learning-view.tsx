import type { BookWithChapters } from '@contracts/books';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, EmptyState } from '@/components/ui/card';
import { BookHeader } from '@/components/book/book-header';
import { Paragraphs } from '@/components/book/paragraphs';
import { useChapterText, useLearningProgress } from '@/lib/data/books';
import { useBookContent } from '../api/learning';
import { ChapterLearning } from './chapter-learning';
import { ContentMarks } from './content-marks';
import { MarkAsRead } from './mark-as-read';
import { QuizCard } from './quiz-card';

/** Characters of the selected chapter shown before "Show More". */
export const LEARNING_PREVIEW_CHARS = 70;

export function LearningView({ book }: { book: BookWithChapters }) {
  const [params, setParams] = useSearchParams();
  // `?chapter=` opens a chapter directly (the hosted link of generated content, Continue Learning).
  const requested = params.get('chapter');
  const [selectedId, setSelectedId] = useState<string | null>(
    book.chapters.find((c) => c.id === requested)?.id ?? book.chapters[0]?.id ?? null,
  );
  const [expanded, setExpanded] = useState(false);
  const selected = book.chapters.find((c) => c.id === selectedId);
  const { text } = useChapterText(book.id, selected);
  const { data: content } = useBookContent(book.id);
  const { data: progress } = useLearningProgress();
  const completed = new Set(progress?.find((p) => p.book_id === book.id)?.completed_chapters ?? []);
  const long = text.length > LEARNING_PREVIEW_CHARS;

  const select = (chapterId: string) => {
    setSelectedId(chapterId);
    setExpanded(false);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('chapter', chapterId);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  return (
    <div className="space-y-6">
      <BookHeader book={book} badge="Learning" />
      <div className="grid gap-6 lg:grid-cols-[18rem_1fr]">
        <Card className="self-start p-4 lg:sticky lg:top-20">
          <h2 className="mb-3 font-semibold">Chapters ({book.total_chapters})</h2>
          <ol className="max-h-[50vh] space-y-1 overflow-y-auto lg:max-h-[calc(100vh-12rem)]">
            {book.chapters.map((chapter) => (
              <li key={chapter.id}>
                <button
                  type="button"
                  aria-current={chapter.id === selectedId ? 'true' : undefined}
                  onClick={() => select(chapter.id)}
                  className={`flex w-full items-start gap-2 rounded-lg px-2 py-1.5 text-left text-sm ${
                    chapter.id === selectedId
                      ? 'bg-brand-50 text-brand-700 dark:bg-brand-600/20 dark:text-brand-100'
                      : 'hover:bg-slate-100 dark:hover:bg-slate-800'
                  }`}
                >
                  <span className="w-6 shrink-0 text-slate-500">{chapter.chapter_number}.</span>
                  <span className="min-w-0">{chapter.title}</span>
                  <ContentMarks types={content?.[chapter.id]} />
                </button>
              </li>
            ))}
          </ol>
        </Card>
        <div className="min-w-0 space-y-6">
          <Card className="p-6">
            {selected ? (
              <article>
                <h2 className="text-xl font-semibold">{selected.title}</h2>
                {selected.summary && (
                  <p className="mt-2 text-sm italic text-slate-600 dark:text-slate-400">{selected.summary}</p>
                )}
                <section aria-label="Chapter text" className="mt-4">
                  <Paragraphs text={expanded || !long ? text : `${text.slice(0, LEARNING_PREVIEW_CHARS)}…`} />
                </section>
                <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
                  {long ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-expanded={expanded}
                      onClick={() => setExpanded((v) => !v)}
                    >
                      {expanded ? 'Show Less' : 'Show More'}
                    </Button>
                  ) : (
                    <span />
                  )}
                  <MarkAsRead
                    key={selected.id}
                    bookId={book.id}
                    chapter={selected}
                    alreadyRead={completed.has(selected.id)}
                  />
                </div>
              </article>
            ) : (
              <EmptyState title="This book has no chapters yet" />
            )}
          </Card>
          {selected && (
            <ChapterLearning key={selected.id} bookId={book.id} chapter={selected} language={book.language} />
          )}
          <QuizCard book={book} chapter={selected} />
        </div>
      </div>
    </div>
  );
}
