import type { Book, BookStatusResponse, BookStructure, BookType } from '@contracts/books';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card, ProgressBar } from '@/components/ui/card';
import { Modal } from '@/components/ui/modal';
import { PageLoading } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { RequireUser } from '@/components/auth/require-user';
import { ApiError } from '@/lib/api-client';
import { api } from '@/lib/api';
import { bookKeys } from '@/lib/data/books';
import { deleteBook, retryBook, saveStructure, uploadBook } from '../api/books';
import { useStatusPolling } from '../api/use-status-polling';
import type { ResumeUploadState } from '../components/book-list';
import { DetailsStep } from '../components/details-step';
import { MethodStep, type MethodChoice } from '../components/method-step';
import { ModeStep } from '../components/mode-step';
import {
  StructureEditor,
  toEditable,
  toSavePayload,
  type EditableChapter,
} from '../components/structure-editor';
import { WizardProgress } from '../components/wizard-progress';

/** Step 4 falls back to a flat list of the chapters held if no structure arrived within this time. */
const STRUCTURE_FALLBACK_MS = 10_000;

const detail = (error: unknown) => (error instanceof ApiError ? error.message : 'An unknown error occurred.');

function flatStructure(status: BookStatusResponse | null): BookStructure {
  const chapters = status?.preview_chapters ?? [];
  return {
    has_sections: false,
    structure_type: 'flat',
    sections: [],
    chapters,
    structure_metadata: {
      display_name: 'Chapters',
      icon: '📖',
      description: `${chapters.length} chapters`,
      section_label: '',
      chapter_label: 'Chapter',
    },
  };
}

function UploadWizard() {
  const location = useLocation();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const [params, setParams] = useSearchParams();
  const resumeId = (location.state as ResumeUploadState | null)?.resumeBookId ?? null;
  const payment = params.get('payment');

  const [step, setStep] = useState(() => (resumeId ? 3 : payment === 'success' ? 2 : 1));
  const [choice, setChoice] = useState<MethodChoice>({
    method: 'file',
    file: null,
    text: '',
    title: '',
    description: '',
  });
  const [bookType, setBookType] = useState<BookType>('learning');
  const [bookId, setBookId] = useState<string | null>(resumeId ?? params.get('book_id'));
  const [status, setStatus] = useState<BookStatusResponse | null>(null);
  const [uploadProgress, setUploadProgress] = useState<number | null>(null);
  const [uploading, setUploading] = useState(false);
  const [retried, setRetried] = useState(false);
  const [retrying, setRetrying] = useState(false);
  const [structure, setStructure] = useState<BookStructure | null>(null);
  const [chapters, setChapters] = useState<EditableChapter[]>([]);
  const [saving, setSaving] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [confirmReject, setConfirmReject] = useState(false);
  const [book, setBook] = useState<Book | null>(null);
  const [finished, setFinished] = useState(false);

  // Return from the book-upload checkout.
  useEffect(() => {
    if (payment === 'success') toast.success('Payment successful! Please continue your upload.');
    if (payment === 'cancelled') toast.error('Payment was cancelled. You can try again.');
    if (payment) setParams({}, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the parameters the page was opened with
  }, []);

  const showStructure = (value: BookStructure) => {
    setStructure(value);
    setChapters(toEditable(value.chapters));
    toast.success('Structure loaded successfully!');
  };

  // Step 3: processing.
  useStatusPolling(
    bookId,
    step === 3 && status?.status !== 'FAILED',
    (next) => {
      setStatus(next);
      if (next.status === 'READY' && next.review_pending) {
        toast.success('Book processed! Please review the extracted structure.');
        setStep(4);
        if (next.structure) showStructure(next.structure);
        return false;
      }
      if (next.status === 'FAILED') {
        toast.error(
          retried
            ? 'Processing failed again. Please try again.'
            : 'Book processing failed. Please try again.',
        );
        return false;
      }
      return true;
    },
    () => toast.error('Could not get book status. Please check the dashboard.'),
  );

  // Step 4: without a structure after 10 s, use the chapters already held as a flat list.
  useEffect(() => {
    if (step !== 4 || structure) return;
    const timer = setTimeout(() => {
      const flat = flatStructure(status);
      setStructure(flat);
      setChapters(toEditable(flat.chapters));
    }, STRUCTURE_FALLBACK_MS);
    return () => clearTimeout(timer);
  }, [step, structure, status]);

  // Step 6: chapters are processed in the background; tell when the book is ready.
  useStatusPolling(
    bookId,
    step === 6 && !finished,
    (next) => {
      setStatus(next);
      if (next.status === 'READY' && !next.review_pending) {
        setFinished(true);
        toast.success('Book processing completed successfully!');
        void mutate(bookKeys.list());
        return false;
      }
      if (next.status === 'FAILED') {
        toast.error('Book processing failed. Please try again.');
        return false;
      }
      return true;
    },
    () => toast.error('Could not get book status. Please check the dashboard.'),
  );

  const upload = async () => {
    setUploading(true);
    setUploadProgress(choice.file && choice.file.size > 4 * 1024 * 1024 ? 0 : null);
    try {
      const created = await uploadBook(
        {
          bookType,
          title: choice.title,
          description: choice.description,
          ...(choice.method === 'file' ? { file: choice.file! } : { text: choice.text }),
        },
        (fraction) => setUploadProgress(fraction),
      );
      if (!created?.id) {
        toast.error('No book ID returned from server and not in preview mode');
        return;
      }
      setBookId(created.id);
      setStatus({ ...created, preview_chapters: undefined } as BookStatusResponse);
      setRetried(false);
      setStep(3);
      void mutate(bookKeys.list());
    } catch (error) {
      toast.error(`Upload failed: ${error instanceof ApiError ? error.message : 'Upload failed'}`);
    } finally {
      setUploading(false);
      setUploadProgress(null);
    }
  };

  const retryProcessing = async () => {
    if (!bookId) return;
    setRetrying(true);
    try {
      const book = await retryBook(bookId);
      setRetried(true);
      setStatus((s) =>
        s
          ? {
              ...s,
              status: book.status,
              error_message: null,
              progress: book.progress,
              progress_message: book.progress_message,
            }
          : s,
      );
    } catch (error) {
      toast.error(detail(error));
    } finally {
      setRetrying(false);
    }
  };

  const confirm = async () => {
    if (!bookId) return;
    if (chapters.length === 0) {
      toast.error('Failed to save structure: keep at least one chapter.');
      return;
    }
    setSaving(true);
    try {
      await saveStructure(bookId, toSavePayload(chapters));
      toast.success('Book structure confirmed! Processing chapters...');
      setBook(await api.get<Book>(bookKeys.detail(bookId)));
      setStep(5);
    } catch (error) {
      toast.error(`Failed to save structure: ${detail(error)}`);
    } finally {
      setSaving(false);
    }
  };

  const reject = async () => {
    if (!bookId) return;
    setRejecting(true);
    try {
      await deleteBook(bookId);
      toast.success('Book rejected and deleted successfully');
      setConfirmReject(false);
      setBookId(null);
      setStatus(null);
      setStructure(null);
      setChapters([]);
      setStep(1);
      void mutate(bookKeys.list());
    } catch (error) {
      toast.error(`Failed to reject book: ${detail(error)}`);
    } finally {
      setRejecting(false);
    }
  };

  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="mb-6 text-3xl font-bold">Upload a book</h1>
      <WizardProgress step={step} />
      <Card className="p-6">
        {step === 1 && <MethodStep value={choice} onChange={setChoice} onNext={() => setStep(2)} />}
        {step === 2 && (
          <ModeStep
            value={bookType}
            onChange={setBookType}
            onBack={() => setStep(1)}
            onUpload={() => void upload()}
            uploading={uploading}
            uploadProgress={uploadProgress}
          />
        )}
        {step === 3 && (
          <div className="space-y-4" aria-live="polite">
            <h2 className="text-xl font-semibold">AI processing</h2>
            {status?.status === 'FAILED' ? (
              <div className="space-y-3">
                <p
                  role="alert"
                  className="rounded-lg bg-red-50 p-3 text-red-700 dark:bg-red-950/40 dark:text-red-300"
                >
                  {status.error_message ?? 'Book processing failed. Please try again.'}
                </p>
                <div className="flex gap-2">
                  <Button onClick={() => void retryProcessing()} busy={retrying}>
                    Retry Processing
                  </Button>
                  <Button variant="secondary" onClick={() => void reject()} busy={rejecting}>
                    Delete and start over
                  </Button>
                </div>
              </div>
            ) : (
              <>
                <p className="text-slate-600 dark:text-slate-400">
                  {status?.progress_message ?? 'Queued for processing'}
                </p>
                <ProgressBar value={status?.progress ?? 0} label="Processing progress" />
                <p className="text-sm text-slate-500">
                  {status?.progress ?? 0}% · you can leave this page; the book keeps processing.
                </p>
              </>
            )}
          </div>
        )}
        {step === 4 &&
          (structure ? (
            <div className="space-y-6">
              <div>
                <h2 className="text-xl font-semibold">Chapter review</h2>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  Rename, reorder, edit, remove or add chapters, then confirm.
                </p>
              </div>
              <StructureEditor structure={structure} chapters={chapters} onChange={setChapters} />
              <div className="flex flex-wrap justify-between gap-2 border-t border-slate-200 pt-4 dark:border-slate-800">
                <Button variant="danger" onClick={() => setConfirmReject(true)} disabled={saving}>
                  Reject
                </Button>
                <Button onClick={() => void confirm()} busy={saving}>
                  Confirm structure
                </Button>
              </div>
            </div>
          ) : (
            <PageLoading label="Loading the structure..." />
          ))}
        {step === 5 && book && (
          <div className="space-y-4">
            <h2 className="text-xl font-semibold">Book details</h2>
            <DetailsStep
              book={book}
              onSaved={(saved) => {
                setBook(saved);
                setStep(6);
              }}
            />
          </div>
        )}
        {step === 6 && (
          <div className="space-y-4 text-center">
            <h2 className="text-2xl font-semibold">{finished ? 'Your book is ready!' : 'Almost there'}</h2>
            <p className="text-slate-600 dark:text-slate-400">
              {finished
                ? `“${book?.title}” has ${status?.total_chapters ?? 0} chapters.`
                : (status?.progress_message ?? 'Processing chapters…')}
            </p>
            {!finished && (
              <ProgressBar
                value={status?.progress ?? 0}
                label="Chapter processing progress"
                className="mx-auto max-w-md"
              />
            )}
            <div className="flex justify-center gap-2">
              <ButtonLink to={paths.dashboard} variant={finished ? 'secondary' : 'primary'}>
                Go to dashboard
              </ButtonLink>
              {finished && bookId && <Button onClick={() => navigate(paths.book(bookId))}>Open book</Button>}
            </div>
          </div>
        )}
      </Card>
      <Modal
        open={confirmReject}
        title="Reject this structure?"
        onClose={() => setConfirmReject(false)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirmReject(false)}>
              Keep reviewing
            </Button>
            <Button variant="danger" busy={rejecting} onClick={() => void reject()}>
              Reject and delete
            </Button>
          </>
        }
      >
        <p className="text-slate-600 dark:text-slate-300">The book and its uploaded file will be deleted.</p>
      </Modal>
    </div>
  );
}

export default function UploadPage() {
  return <RequireUser message="Sign in to upload a book.">{() => <UploadWizard />}</RequireUser>;
}
