import type { Book } from '@contracts/books';
import { useEffect, useReducer } from 'react';
import toast from 'react-hot-toast';
import { useLocation, useSearchParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { deleteBook, retryBook, saveStructure, uploadBook } from '@/features/books/api/books';
import { useStatusPolling } from '@/features/books/api/use-status-polling';
import { api } from '@/lib/api';
import { errorText } from '@/lib/api-client';
import { bookKeys } from '@/lib/data/books';
import { toSavePayload } from './chapters';
import {
  finishingOutcome,
  initialWizardState,
  processingOutcome,
  wizardReducer,
  type ResumeUploadState,
} from './state';

/** The review falls back to a flat list of the chapters held if no structure arrived within this time. */
const STRUCTURE_FALLBACK_MS = 10_000;

const statusError = () => toast.error('Could not get book status. Please check the dashboard.');

/**
 * The wizard's state (see state.ts) and its effects: the requests, the status polling of the two
 * processing steps, the review's fallback and the toasts.
 */
export function useUploadWizard() {
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const { mutate } = useSWRConfig();
  const payment = params.get('payment');
  const [state, dispatch] = useReducer(wizardReducer, undefined, () =>
    initialWizardState({
      resumeBookId: (location.state as ResumeUploadState | null)?.resumeBookId,
      payment,
      bookId: params.get('book_id'),
    }),
  );
  const { step, bookId, status, structure } = state;
  const refreshBooks = () => void mutate(bookKeys.list());

  // Return from the book-upload checkout.
  useEffect(() => {
    if (payment === 'success') toast.success('Payment successful! Please continue your upload.');
    if (payment === 'cancelled') toast.error('Payment was cancelled. You can try again.');
    if (payment) setParams({}, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the parameters the page was opened with
  }, []);

  // AI processing, until the structure waits for review.
  useStatusPolling(
    bookId,
    step === 'processing' && status?.status !== 'FAILED',
    (next) => {
      dispatch({ type: 'statusReceived', status: next });
      const outcome = processingOutcome(next);
      if (outcome === 'review') {
        toast.success('Book processed! Please review the extracted structure.');
        if (next.structure) toast.success('Structure loaded successfully!');
      }
      if (outcome === 'failed') {
        toast.error(
          state.retried
            ? 'Processing failed again. Please try again.'
            : 'Book processing failed. Please try again.',
        );
      }
      return outcome === 'waiting';
    },
    statusError,
  );

  // Review: without a structure after 10 s, use the chapters already held as a flat list.
  useEffect(() => {
    if (step !== 'review' || structure) return;
    const timer = setTimeout(() => dispatch({ type: 'structureTimedOut' }), STRUCTURE_FALLBACK_MS);
    return () => clearTimeout(timer);
  }, [step, structure, status]);

  // Done: chapters are processed in the background; tell when the book is ready.
  useStatusPolling(
    bookId,
    step === 'done' && !state.finished,
    (next) => {
      dispatch({ type: 'statusReceived', status: next });
      const outcome = finishingOutcome(next);
      if (outcome === 'finished') {
        toast.success('Book processing completed successfully!');
        refreshBooks();
      }
      if (outcome === 'failed') toast.error('Book processing failed. Please try again.');
      return outcome === 'waiting';
    },
    statusError,
  );

  const upload = async () => {
    const { choice, bookType } = state;
    dispatch({ type: 'uploadStarted' });
    try {
      const created = await uploadBook(
        {
          bookType,
          title: choice.title,
          description: choice.description,
          ...(choice.method === 'file' ? { file: choice.file! } : { text: choice.text }),
        },
        (fraction) => dispatch({ type: 'uploadProgressed', fraction }),
      );
      if (!created?.id) {
        toast.error('No book ID returned from server and not in preview mode');
        dispatch({ type: 'uploadFailed' });
        return;
      }
      dispatch({ type: 'uploadSucceeded', book: created });
      refreshBooks();
    } catch (error) {
      toast.error(`Upload failed: ${errorText(error, 'Upload failed')}`);
      dispatch({ type: 'uploadFailed' });
    }
  };

  const retryProcessing = async () => {
    if (!bookId) return;
    dispatch({ type: 'retryStarted' });
    try {
      dispatch({ type: 'retrySucceeded', book: await retryBook(bookId) });
    } catch (error) {
      toast.error(errorText(error));
      dispatch({ type: 'retryFailed' });
    }
  };

  const confirmStructure = async () => {
    if (!bookId) return;
    if (state.chapters.length === 0) {
      toast.error('Failed to save structure: keep at least one chapter.');
      return;
    }
    dispatch({ type: 'saveStarted' });
    try {
      await saveStructure(bookId, toSavePayload(state.chapters));
      toast.success('Book structure confirmed! Processing chapters...');
      dispatch({ type: 'saveSucceeded', book: await api.get<Book>(bookKeys.detail(bookId)) });
    } catch (error) {
      toast.error(`Failed to save structure: ${errorText(error)}`);
      dispatch({ type: 'saveFailed' });
    }
  };

  const reject = async () => {
    if (!bookId) return;
    dispatch({ type: 'rejectStarted' });
    try {
      await deleteBook(bookId);
      toast.success('Book rejected and deleted successfully');
      dispatch({ type: 'rejectSucceeded' });
      refreshBooks();
    } catch (error) {
      toast.error(`Failed to reject book: ${errorText(error)}`);
      dispatch({ type: 'rejectFailed' });
    }
  };

  return { state, dispatch, upload, retryProcessing, confirmStructure, reject };
}
