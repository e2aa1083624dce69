import type { Book } from '@contracts/books';
import { Badge } from '@/components/ui/card';
import { BookCover } from './book-cover';

const difficultyTone = { easy: 'green', medium: 'yellow', hard: 'red' } as const;

export function BookHeader({ book, badge }: { book: Book; badge: string }) {
  return (
    <header className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <BookCover book={book} className="h-32 w-24" />
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">{book.title}</h1>
        {book.author_name && <p className="mt-1 text-slate-600 dark:text-slate-400">by {book.author_name}</p>}
        <div className="mt-2 flex flex-wrap gap-2">
          <Badge tone={book.book_type === 'learning' ? 'blue' : 'purple'}>{badge}</Badge>
          <Badge tone={difficultyTone[book.difficulty]}>{book.difficulty}</Badge>
          {book.language && <Badge>{book.language}</Badge>}
        </div>
        {book.description && (
          <p className="mt-3 max-w-3xl text-sm text-slate-600 dark:text-slate-400">{book.description}</p>
        )}
      </div>
    </header>
  );
}
