import type { Book, BookStatusResponse } from '@contracts/books';
import { paymentMessages, subscriptionMessages } from '@contracts/subscriptions';
import { useEffect, useReducer, useState } from 'react';
import toast from 'react-hot-toast';
import { useLocation, useSearchParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { deleteBook, retryBook, saveStructure, uploadBook } from '@/features/books/api/books';
import { useStatusPolling } from '@/features/books/api/use-status-polling';
import { api } from '@/lib/api';
import { errorText } from '@/lib/api-client';
import { bookKeys } from '@/lib/data/books';
import {
  checkPaymentStatus,
  createBookUploadCheckout,
  subscriptionKeys,
  useBookCount,
} from '@/lib/data/subscriptions';
import { isUploadPaymentError, uploadPaywall, uploadReturnUrls } from '@/lib/subscription-rules';
import { toSavePayload } from './chapters';
import {
  finishingOutcome,
  initialWizardState,
  processingOutcome,
  wizardReducer,
  validateMethod,
  type ResumeUploadState,
} from './state';
import { savePendingUpload, takePendingUpload } from './pending-upload';

/** The review falls back to a flat list of the chapters held if no structure arrived within this time. */
const STRUCTURE_FALLBACK_MS = 10_000;

const processingEnded = (status: BookStatusResponse) => processingOutcome(status) !== 'waiting';
const finishingEnded = (status: BookStatusResponse) => finishingOutcome(status) !== 'waiting';

const statusError = () => toast.error('Could not get book status. Please check the dashboard.');

/** The payment provider's confirmation may land a moment after the browser returns: ask a few times. */
const PAYMENT_CHECKS = 5;
const PAYMENT_CHECK_MS = 1500;

async function confirmUploadPayment(bookId: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      const payment = await checkPaymentStatus(bookId);
      if (payment.paid && payment.status === 'paid') {
        toast.success(paymentMessages.success);
        return;
      }
      if (payment.status === 'used') {
        toast.error(paymentMessages.alreadyUploaded);
        return;
      }
      if (payment.status === 'cancelled' || attempt >= PAYMENT_CHECKS) {
        toast.error(paymentMessages.notPaid);
        return;
      }
    } catch (error) {
      toast.error(errorText(error, paymentMessages.paymentNotFound));
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, PAYMENT_CHECK_MS));
  }
}

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
  const refreshBooks = () => {
    void mutate(bookKeys.list());
    void mutate(subscriptionKeys.bookCount);
  };

  // The paywall: a free user with 2 or more books pays for this upload or upgrades.
  const bookCount = useBookCount();
  const paidBookId = state.paidBookId ?? bookCount.data?.paid_book_ids[0] ?? null;
  const needsPayment = Boolean(bookCount.data && uploadPaywall(bookCount.data) === 'open' && !paidBookId);
  /** null: not decided by the person yet, so it opens by itself when payment is needed. */
  const [paywallChoice, setPaywallChoice] = useState<boolean | null>(null);
  // It opens by itself only on a fresh start of the wizard (not on a resumed book, not after paying).
  const paywallOpen = paywallChoice ?? (needsPayment && step === 'method' && !payment);
  const [paying, setPaying] = useState(false);

  // Return from the book-upload checkout: the choice made before paying comes back, the payment is checked.
  useEffect(() => {
    const returnedId = params.get('book_id');
    if (payment === 'success' || payment === 'cancelled') {
      if (returnedId)
        void takePendingUpload(returnedId).then(
          (pending) =>
            pending &&
            dispatch({ type: 'choiceRestored', choice: pending.choice, bookType: pending.bookType }),
        );
    }
    if (payment === 'success') {
      if (returnedId) void confirmUploadPayment(returnedId).then(() => mutate(subscriptionKeys.bookCount));
      else toast.error(paymentMessages.invalidBookId);
    }
    if (payment === 'cancelled') toast.error(paymentMessages.cancelled);
    if (payment) setParams({}, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the parameters the page was opened with
  }, []);

  const payForUpload = async () => {
    setPaying(true);
    const id = crypto.randomUUID();
    try {
      if (!validateMethod(state.choice))
        await savePendingUpload({ bookId: id, choice: state.choice, bookType: state.bookType });
      const answer = await createBookUploadCheckout(id, uploadReturnUrls(window.location.origin, id));
      window.location.assign(answer.url);
    } catch (error) {
      toast.error(errorText(error, subscriptionMessages.checkoutFailed));
      setPaying(false);
    }
  };

  // AI processing, until the structure waits for review.
  useStatusPolling(
    'processing',
    bookId,
    step === 'processing' && status?.status !== 'FAILED',
    processingEnded,
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
    'chapters',
    bookId,
    step === 'done' && !state.finished,
    finishingEnded,
    (next) => {
      dispatch({ type: 'statusReceived', status: next });
      const outcome = finishingOutcome(next);
      if (outcome === 'finished') {
        toast.success('Book processing completed successfully!');
        refreshBooks();
      }
      if (outcome === 'failed') toast.error('Book processing failed. Please try again.');
    },
    statusError,
  );

  const upload = async () => {
    const { choice, bookType } = state;
    if (validateMethod(choice)) {
      dispatch({ type: 'choiceRequired' });
      return;
    }
    if (needsPayment) {
      setPaywallChoice(true);
      return;
    }
    dispatch({ type: 'uploadStarted' });
    try {
      const created = await uploadBook(
        {
          bookType,
          title: choice.title,
          description: choice.description,
          ...(choice.method === 'file' ? { file: choice.file! } : { text: choice.text }),
          bookId: paidBookId,
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
      dispatch({ type: 'uploadFailed' });
      if (isUploadPaymentError(error)) {
        void mutate(subscriptionKeys.bookCount);
        setPaywallChoice(true);
        // The dialog needs the allowance; without it the server's words say what to do.
        if (!bookCount.data) toast.error(errorText(error));
        return;
      }
      toast.error(`Upload failed: ${errorText(error, 'Upload failed')}`);
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

  const paywall = {
    open: paywallOpen,
    count: bookCount.data,
    paying,
    pay: () => void payForUpload(),
    close: () => setPaywallChoice(false),
  };

  return { state, dispatch, upload, retryProcessing, confirmStructure, reject, paywall };
}
