import type { BookWithChapters } from '@contracts/books';
import { useEffect, type ComponentType } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import toast from 'react-hot-toast';
import { useParams } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageLoading } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { RequireUser } from '@/components/auth/require-user';
import { ApiError } from '@/lib/api-client';
import { useBook } from '../api/books';
import type { ResumeUploadState } from '../components/upload-wizard/state';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function Message({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <Card className="mx-auto mt-12 max-w-md p-8 text-center">
      <h1 className="text-xl font-semibold">{title}</h1>
      {children && <div className="mt-4">{children}</div>}
    </Card>
  );
}

/** How a book is shown: the learning view or the production workspace, composed in app/routes. */
export type BookViewSlot = ComponentType<{ book: BookWithChapters }>;
export interface BookViews {
  learning: BookViewSlot;
  entertainment: BookViewSlot;
}

function BookScreen({ id, views }: { id: string; views: BookViews }) {
  const { data: book, error, isLoading } = useBook(id);
  const missing = error instanceof ApiError && error.status === 404;
  useEffect(() => {
    if (error && !missing) toast.error('Failed to load book');
  }, [error, missing]);

  if (isLoading) return <PageLoading label="Loading..." />;
  if (missing) {
    return (
      <Message title="Book not found.">
        <ButtonLink to={paths.dashboard} variant="secondary">
          Back to dashboard
        </ButtonLink>
      </Message>
    );
  }
  if (error || !book) return <Message title="Failed to load book" />;
  if (book.review_pending) {
    return (
      <Message title="This book is waiting for your review">
        <ButtonLink to={paths.upload} state={{ resumeBookId: book.id } satisfies ResumeUploadState}>
          Review the structure
        </ButtonLink>
      </Message>
    );
  }
  if (book.book_type === 'learning') {
    return (
      <div className="mx-auto max-w-6xl px-4 py-8">
        <views.learning book={book} />
      </div>
    );
  }
  // The workspace has a chapter sidebar beside its panels: it takes a wider page.
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <views.entertainment book={book} />
    </div>
  );
}

function Fallback({ resetErrorBoundary }: { resetErrorBoundary: () => void }) {
  return (
    <Message title="Something went wrong">
      <div className="flex justify-center gap-2">
        <Button onClick={resetErrorBoundary}>Try again</Button>
        <Button variant="secondary" onClick={() => window.location.reload()}>
          Reload page
        </Button>
      </div>
    </Message>
  );
}

export function BookPage({ views }: { views: BookViews }) {
  const { id } = useParams();
  return (
    <RequireUser message="Sign in to open this book.">
      {() => (
        <ErrorBoundary FallbackComponent={Fallback} resetKeys={[id]}>
          {!id || !UUID.test(id) ? <Message title="Invalid book id" /> : <BookScreen id={id} views={views} />}
        </ErrorBoundary>
      )}
    </RequireUser>
  );
}
