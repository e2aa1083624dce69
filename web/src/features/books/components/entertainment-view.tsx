import type { BookWithChapters } from '@contracts/books';
import { useState } from 'react';
import { Card, EmptyState } from '@/components/ui/card';
import { BookHeader } from '@/components/book/book-header';
import { Paragraphs } from '@/components/book/paragraphs';
import { useChapterText } from '@/lib/data/books';

export function EntertainmentView({ book }: { book: BookWithChapters }) {
  const [selectedId, setSelectedId] = useState<string | null>(book.chapters[0]?.id ?? null);
  const selected = book.chapters.find((c) => c.id === selectedId);
  const { text } = useChapterText(book.id, selected);
  return (
    <div className="space-y-6">
      <BookHeader book={book} badge="Entertainment Production" />
      <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
        <Card className="order-2 p-6 lg:order-1">
          {selected ? (
            <article>
              <p className="text-sm text-slate-500">Chapter {selected.chapter_number}</p>
              <h2 className="text-xl font-semibold">{selected.title}</h2>
              <div className="mt-4">
                <Paragraphs text={text} />
              </div>
            </article>
          ) : (
            <EmptyState title="This book has no chapters yet" />
          )}
        </Card>
        <Card className="order-1 p-4 lg:order-2">
          <h2 className="mb-3 font-semibold">Chapters · {book.total_chapters}</h2>
          <ol className="space-y-1">
            {book.chapters.map((chapter) => (
              <li key={chapter.id}>
                <button
                  type="button"
                  aria-current={chapter.id === selectedId ? 'true' : undefined}
                  onClick={() => setSelectedId(chapter.id)}
                  className={`w-full rounded-lg px-2 py-1.5 text-left text-sm ${
                    chapter.id === selectedId
                      ? 'bg-purple-50 text-purple-800 dark:bg-purple-900/30 dark:text-purple-200'
                      : 'hover:bg-slate-100 dark:hover:bg-slate-800'
                  }`}
                >
                  <span className="block font-medium">{chapter.title}</span>
                  <span className="text-xs text-slate-500">Chapter {chapter.chapter_number}</span>
                </button>
              </li>
            ))}
          </ol>
        </Card>
      </div>
    </div>
  );
}
