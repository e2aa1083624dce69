import type { Book, BookType } from '@contracts/books';
import { GENRES, LEARNING_CATEGORIES } from '@contracts/books';
import { useEffect, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { BookCover } from '@/components/book/book-cover';
import { ButtonLink } from '@/components/ui/button';
import { Badge, EmptyState, ProgressBar } from '@/components/ui/card';
import { PageLoading } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { RequireUser } from '@/components/auth/require-user';
import { useLearningProgress } from '@/lib/data/books';
import { useBooks, useCatalogue } from '../api/books';
import { optionLabel } from '../components/labels';
import { StatusBadge } from '../components/status-badge';

const copy = {
  learning: {
    title: 'Learning Library',
    intro: 'Lessons, narration and quizzes from the books you upload.',
    continue: 'Continue Learning',
    mine: 'My Learning Books',
    filterLabel: 'Category',
    filters: ['all', ...LEARNING_CATEGORIES] as string[],
    field: 'category' as const,
    empty: 'No learning books yet',
    loadError: 'Failed to load your learning books',
  },
  entertainment: {
    title: 'Entertainment Library',
    intro: 'Stories, scripts, scenes and videos from your books.',
    continue: 'Continue Your Adventures',
    mine: 'My Entertainment Books',
    filterLabel: 'Genre',
    filters: ['all', ...GENRES] as string[],
    field: 'genre' as const,
    empty: 'No entertainment books yet',
    loadError: 'Failed to load your entertainment books',
  },
};

export function matchesSearch(
  book: Pick<Book, 'title' | 'author_name' | 'description' | 'tags'>,
  query: string,
): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [book.title, book.author_name, book.description, ...book.tags].some((text) =>
    text.toLowerCase().includes(q),
  );
}

function BookCard({ book }: { book: Book }) {
  const ready = book.status === 'READY' && !book.review_pending;
  const body = (
    <>
      <BookCover book={book} className="h-40 w-full" />
      <div className="mt-3 flex items-start justify-between gap-2">
        <p className="line-clamp-2 font-medium">{book.title}</p>
        {!ready && <StatusBadge book={book} />}
      </div>
      {book.author_name && <p className="text-sm text-slate-500 dark:text-slate-400">{book.author_name}</p>}
      <div className="mt-2 flex flex-wrap gap-1">
        {book.category && <Badge tone="blue">{optionLabel(book.category)}</Badge>}
        {book.genre && <Badge tone="purple">{optionLabel(book.genre)}</Badge>}
        <Badge>{book.difficulty}</Badge>
      </div>
      {book.reading_progress > 0 && (
        <ProgressBar className="mt-3" value={book.reading_progress} label={`${book.title} progress`} />
      )}
    </>
  );
  const className =
    'block rounded-2xl border border-slate-200 bg-white p-4 transition hover:shadow-md dark:border-slate-800 dark:bg-slate-900';
  return ready ? (
    <Link to={paths.book(book.id)} className={className}>
      {body}
    </Link>
  ) : (
    <div className={`${className} opacity-80`}>{body}</div>
  );
}

function Library({ bookType }: { bookType: BookType }) {
  const text = copy[bookType];
  const { data: books, error } = useBooks(bookType);
  const { data: progress } = useLearningProgress();
  const { data: featured } = useCatalogue(bookType);
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState('all');

  useEffect(() => {
    if (error) toast.error(text.loadError);
  }, [error, text.loadError]);

  const shown = useMemo(
    () =>
      (books ?? []).filter((b) => matchesSearch(b, query) && (filter === 'all' || b[text.field] === filter)),
    [books, query, filter, text.field],
  );
  const continuing = (progress ?? []).filter((p) => p.book_type === bookType && p.progress > 0);

  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-8">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold">{text.title}</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-400">{text.intro}</p>
        </div>
        <ButtonLink to={paths.upload}>Upload Book</ButtonLink>
      </header>

      {continuing.length > 0 && (
        <section aria-labelledby="continue">
          <h2 id="continue" className="mb-3 text-lg font-semibold">
            {text.continue}
          </h2>
          <ul className="flex gap-4 overflow-x-auto pb-2">
            {continuing.map((item) => (
              <li key={item.book_id} className="w-56 shrink-0">
                <Link
                  to={
                    item.last_chapter_id
                      ? paths.bookChapter(item.book_id, item.last_chapter_id)
                      : paths.book(item.book_id)
                  }
                  className="block rounded-xl border border-slate-200 p-3 hover:shadow dark:border-slate-800"
                >
                  <p className="line-clamp-1 font-medium">{item.title}</p>
                  <ProgressBar className="mt-2" value={item.progress} label={`${item.title} progress`} />
                  <p className="mt-1 text-xs text-slate-500">{Math.round(item.progress)}% complete</p>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <label className="sr-only" htmlFor="library-search">
          Search books
        </label>
        <input
          id="library-search"
          type="search"
          placeholder="Search by title, author or tag"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm sm:max-w-sm dark:border-slate-700 dark:bg-slate-900"
        />
        <div role="group" aria-label={`${text.filterLabel} filter`} className="flex flex-wrap gap-2">
          {text.filters.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={filter === value}
              onClick={() => setFilter(value)}
              className={`rounded-full px-3 py-1 text-sm ${
                filter === value
                  ? 'bg-brand-600 text-white'
                  : 'bg-slate-100 text-slate-700 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-300'
              }`}
            >
              {optionLabel(value)}
            </button>
          ))}
        </div>
      </div>

      <section aria-labelledby="mine">
        <h2 id="mine" className="mb-3 text-lg font-semibold">
          {text.mine}
        </h2>
        {!books && !error ? (
          <PageLoading />
        ) : shown.length === 0 ? (
          <EmptyState
            title={books?.length ? 'No books match your search' : text.empty}
            action={books?.length ? undefined : <ButtonLink to={paths.upload}>Upload a book</ButtonLink>}
          >
            {books?.length
              ? 'Try another search or filter.'
              : `Upload a book as ${bookType} and it appears here.`}
          </EmptyState>
        ) : (
          <ul className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4">
            {shown.map((book) => (
              <li key={book.id}>
                <BookCard book={book} />
              </li>
            ))}
          </ul>
        )}
      </section>

      {featured && featured.length > 0 && (
        <section aria-labelledby="featured">
          <h2 id="featured" className="mb-3 text-lg font-semibold">
            Featured books
          </h2>
          <ul className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4">
            {featured
              .filter((b) => matchesSearch(b, query))
              .map((book) => (
                <li key={book.id}>
                  <BookCard book={book} />
                </li>
              ))}
          </ul>
        </section>
      )}
    </div>
  );
}

export function LibraryPage({ bookType }: { bookType: BookType }) {
  return (
    <RequireUser message={`Sign in to see your ${bookType} books.`}>
      {() => <Library bookType={bookType} />}
    </RequireUser>
  );
}

export const LearnPage = () => <LibraryPage bookType="learning" />;
export const ExplorePage = () => <LibraryPage bookType="entertainment" />;
