import type { Book } from '@contracts/books';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { BookCover } from '@/components/book/book-cover';
import { Button, ButtonLink } from '@/components/ui/button';
import { Badge, EmptyState, ProgressBar } from '@/components/ui/card';
import { Modal } from '@/components/ui/modal';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/api-client';
import { deleteBook, isInProgress, regenerateChapters, retryBook } from '../api/books';
import { StatusBadge } from './status-badge';
import type { ResumeUploadState } from './upload-wizard/state';

export function BookList({ books, onChange }: { books: Book[]; onChange: () => Promise<unknown> }) {
  const navigate = useNavigate();
  const [pendingDelete, setPendingDelete] = useState<Book | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const resume = (book: Book) =>
    navigate(paths.upload, { state: { resumeBookId: book.id } satisfies ResumeUploadState });

  const regenerate = async (book: Book) => {
    setBusy(book.id);
    try {
      await regenerateChapters(book.id);
      await onChange();
      resume(book);
    } catch {
      toast.error('Failed to retry chapter generation.');
    } finally {
      setBusy(null);
    }
  };

  const retryFailed = async (book: Book) => {
    setBusy(book.id);
    try {
      await retryBook(book.id);
      await onChange();
    } catch (error) {
      toast.error(errorText(error, 'Book processing failed. Please try again.'));
    } finally {
      setBusy(null);
    }
  };

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    const book = pendingDelete;
    setBusy(book.id);
    try {
      await deleteBook(book.id);
      toast.success('Book deleted successfully!');
      setPendingDelete(null);
      await onChange();
    } catch {
      toast.error('Failed to delete book.');
    } finally {
      setBusy(null);
    }
  };

  if (books.length === 0) {
    return (
      <EmptyState
        title="No books yet"
        action={<ButtonLink to={paths.upload}>Upload your first book</ButtonLink>}
      >
        Upload a PDF, DOCX, EPUB or text file, or paste text, and it becomes chapters you can learn from or
        turn into media.
      </EmptyState>
    );
  }

  return (
    <>
      <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label="Your books">
        {books.map((book) => {
          const ready = book.status === 'READY' && !book.review_pending;
          return (
            <li
              key={book.id}
              className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center"
              data-book-id={book.id}
            >
              <BookCover book={book} />
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  {ready ? (
                    <Link to={paths.book(book.id)} className="truncate font-medium hover:underline">
                      {book.title}
                    </Link>
                  ) : (
                    <span className="truncate font-medium">{book.title}</span>
                  )}
                  <StatusBadge book={book} />
                  <Badge tone={book.book_type === 'learning' ? 'blue' : 'purple'}>{book.book_type}</Badge>
                </div>
                <p className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">
                  {book.author_name ? `${book.author_name} · ` : ''}
                  {ready ? `${book.total_chapters} chapters` : (book.progress_message ?? '')}
                </p>
                {isInProgress(book) && (
                  <ProgressBar
                    className="mt-2 max-w-sm"
                    value={book.progress}
                    label={`Processing ${book.title}`}
                  />
                )}
                {book.status === 'FAILED' && book.error_message && (
                  <p className="mt-1 text-sm text-red-600 dark:text-red-400">{book.error_message}</p>
                )}
              </div>
              <div className="flex flex-wrap gap-2">
                {book.review_pending && book.status === 'READY' ? (
                  <Button size="sm" onClick={() => resume(book)}>
                    Review
                  </Button>
                ) : (
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={!ready}
                    onClick={() => navigate(paths.book(book.id))}
                  >
                    View
                  </Button>
                )}
                {book.status === 'GENERATING' && (
                  <Button
                    size="sm"
                    variant="secondary"
                    busy={busy === book.id}
                    onClick={() => void regenerate(book)}
                  >
                    Retry
                  </Button>
                )}
                {book.status === 'FAILED' && (
                  <Button
                    size="sm"
                    variant="secondary"
                    busy={busy === book.id}
                    onClick={() => void retryFailed(book)}
                  >
                    Retry processing
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="ghost"
                  className="text-red-600 dark:text-red-400"
                  onClick={() => setPendingDelete(book)}
                >
                  Delete
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <Modal
        open={Boolean(pendingDelete)}
        title="Delete this book?"
        onClose={() => setPendingDelete(null)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setPendingDelete(null)}>
              Cancel
            </Button>
            <Button variant="danger" busy={busy === pendingDelete?.id} onClick={() => void confirmDelete()}>
              Delete
            </Button>
          </>
        }
      >
        <p className="text-slate-600 dark:text-slate-300">
          “{pendingDelete?.title}” and everything generated from it will be removed. This cannot be undone.
        </p>
      </Modal>
    </>
  );
}
