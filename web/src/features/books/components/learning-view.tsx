import type { BookWithChapters } from '@contracts/books';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, EmptyState } from '@/components/ui/card';
import { BookHeader } from './book-header';
import { Paragraphs, useChapterText } from './chapter-text';

/** Characters of the selected chapter shown before "Show More". */
export const LEARNING_PREVIEW_CHARS = 70;

export function LearningView({ book }: { book: BookWithChapters }) {
  const [selectedId, setSelectedId] = useState<string | null>(book.chapters[0]?.id ?? null);
  const [expanded, setExpanded] = useState(false);
  const selected = book.chapters.find((c) => c.id === selectedId);
  const { text } = useChapterText(book.id, selected);
  const long = text.length > LEARNING_PREVIEW_CHARS;

  return (
    <div className="space-y-6">
      <BookHeader book={book} badge="Learning" />
      <div className="grid gap-6 lg:grid-cols-[18rem_1fr]">
        <Card className="p-4">
          <h2 className="mb-3 font-semibold">Chapters ({book.total_chapters})</h2>
          <ol className="space-y-1">
            {book.chapters.map((chapter) => (
              <li key={chapter.id}>
                <button
                  type="button"
                  aria-current={chapter.id === selectedId ? 'true' : undefined}
                  onClick={() => {
                    setSelectedId(chapter.id);
                    setExpanded(false);
                  }}
                  className={`flex w-full items-start gap-2 rounded-lg px-2 py-1.5 text-left text-sm ${
                    chapter.id === selectedId
                      ? 'bg-brand-50 text-brand-700 dark:bg-brand-600/20 dark:text-brand-100'
                      : 'hover:bg-slate-100 dark:hover:bg-slate-800'
                  }`}
                >
                  <span className="w-6 shrink-0 text-slate-500">{chapter.chapter_number}.</span>
                  <span>{chapter.title}</span>
                </button>
              </li>
            ))}
          </ol>
        </Card>
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
              {long && (
                <Button
                  variant="ghost"
                  size="sm"
                  className="mt-2"
                  aria-expanded={expanded}
                  onClick={() => setExpanded((v) => !v)}
                >
                  {expanded ? 'Show Less' : 'Show More'}
                </Button>
              )}
            </article>
          ) : (
            <EmptyState title="This book has no chapters yet" />
          )}
        </Card>
      </div>
    </div>
  );
}
