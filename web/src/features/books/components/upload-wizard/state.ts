import type { Book, BookStatusResponse, BookStructure, BookType } from '@contracts/books';
import { bookStatusOf, MAX_UPLOAD_BYTES } from '@contracts/books';
import { ACCEPTED_BOOK_FILE, uploadMessages } from '@contracts/validation';
import { isDirectUpload } from '@/features/books/api/upload-rules';
import { toEditable, type EditableChapter } from './chapters';

/**
 * The upload wizard as a pure state machine: the steps, what the person and the server can do at
 * each, and where that leads. The hook (use-upload-wizard.ts) sends the requests and shows the
 * toasts; the step components render from this state.
 */

export const WIZARD_STEPS = [
  { id: 'method', label: 'Method' },
  { id: 'mode', label: 'Mode' },
  { id: 'processing', label: 'AI processing' },
  { id: 'review', label: 'Chapter review' },
  { id: 'details', label: 'Book details' },
  { id: 'done', label: 'Success' },
] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number]['id'];

export type UploadMethod = 'file' | 'text';

/** Step 1: how the book arrives, and its optional title and description. */
export interface MethodChoice {
  method: UploadMethod;
  file: File | null;
  text: string;
  title: string;
  description: string;
}

/** State handed to the upload page to resume a book in the wizard (at its processing step). */
export interface ResumeUploadState {
  resumeBookId: string;
}

export interface WizardState {
  step: WizardStep;
  choice: MethodChoice;
  /** Why step 1 cannot go on, shown until the next try. */
  choiceError: string | null;
  bookType: BookType;
  uploading: boolean;
  /** Fraction sent of a file going straight to storage; null for uploads through the API. */
  uploadProgress: number | null;
  bookId: string | null;
  status: BookStatusResponse | null;
  /** Processing was retried once already (the failure message says "again"). */
  retried: boolean;
  retrying: boolean;
  structure: BookStructure | null;
  chapters: EditableChapter[];
  saving: boolean;
  confirmingReject: boolean;
  rejecting: boolean;
  book: Book | null;
  finished: boolean;
  /** A paid upload (free plan, third book and on): the id the new book takes. */
  paidBookId: string | null;
}

export type WizardAction =
  | { type: 'methodChosen'; method: UploadMethod }
  | { type: 'filePicked'; file: File | null }
  | { type: 'detailsEdited'; details: Partial<Pick<MethodChoice, 'text' | 'title' | 'description'>> }
  | { type: 'next' }
  | { type: 'back' }
  | { type: 'modeChosen'; bookType: BookType }
  | { type: 'uploadStarted' }
  | { type: 'uploadProgressed'; fraction: number }
  | { type: 'uploadFailed' }
  | { type: 'uploadSucceeded'; book: Book }
  | { type: 'statusReceived'; status: BookStatusResponse }
  | { type: 'structureTimedOut' }
  | { type: 'chaptersEdited'; chapters: EditableChapter[] }
  | { type: 'retryStarted' }
  | { type: 'retrySucceeded'; book: Book }
  | { type: 'retryFailed' }
  | { type: 'saveStarted' }
  | { type: 'saveSucceeded'; book: Book }
  | { type: 'saveFailed' }
  | { type: 'rejectAsked' }
  | { type: 'rejectCancelled' }
  | { type: 'rejectStarted' }
  | { type: 'rejectSucceeded' }
  | { type: 'rejectFailed' }
  | { type: 'detailsSaved'; book: Book }
  | { type: 'uploadPaid'; bookId: string }
  | { type: 'choiceRestored'; choice: MethodChoice; bookType: BookType }
  | { type: 'choiceRequired' };

/** Where the page was opened from: a book to resume, a payment to return from, or nothing. */
export interface WizardEntry {
  resumeBookId?: string | null;
  /** `?payment=` on return from the book-upload checkout. */
  payment?: string | null;
  /** `?book_id=` on return from the checkout. */
  bookId?: string | null;
}

export function initialWizardState(entry: WizardEntry = {}): WizardState {
  const resumeBookId = entry.resumeBookId ?? null;
  const paid = entry.payment === 'success' && Boolean(entry.bookId);
  return {
    step: resumeBookId ? 'processing' : paid ? 'mode' : 'method',
    choice: { method: 'file', file: null, text: '', title: '', description: '' },
    choiceError: null,
    bookType: 'learning',
    uploading: false,
    uploadProgress: null,
    bookId: resumeBookId ?? entry.bookId ?? null,
    status: null,
    retried: false,
    retrying: false,
    structure: null,
    chapters: [],
    saving: false,
    confirmingReject: false,
    rejecting: false,
    book: null,
    finished: false,
    paidBookId: !resumeBookId && paid ? entry.bookId! : null,
  };
}

/** Client-side checks of step 1 with the API's messages; the server checks again (and the real type). */
export function validateMethod(choice: MethodChoice): string | null {
  if (choice.method === 'text') return choice.text.trim() ? null : uploadMessages.textMissing;
  if (!choice.file) return uploadMessages.fileMissing;
  if (!ACCEPTED_BOOK_FILE.test(choice.file.name)) return uploadMessages.fileTypeUnsupported;
  if (choice.file.size === 0) return uploadMessages.fileEmpty;
  if (choice.file.size > MAX_UPLOAD_BYTES) return uploadMessages.fileTooLarge;
  return null;
}

/** What a status means while the book is processed: its structure is ready for review, it failed, or wait. */
export function processingOutcome(status: BookStatusResponse): 'review' | 'failed' | 'waiting' {
  if (status.status === 'READY' && status.review_pending) return 'review';
  return status.status === 'FAILED' ? 'failed' : 'waiting';
}

/** What a status means while the confirmed chapters are processed: the book is ready, it failed, or wait. */
export function finishingOutcome(status: BookStatusResponse): 'finished' | 'failed' | 'waiting' {
  if (status.status === 'READY' && !status.review_pending) return 'finished';
  return status.status === 'FAILED' ? 'failed' : 'waiting';
}

/** A flat list of the chapters held, for a review whose structure did not arrive in time. */
export function flatStructure(status: BookStatusResponse | null): BookStructure {
  const chapters = status?.preview_chapters ?? [];
  return {
    has_sections: false,
    structure_type: 'flat',
    sections: [],
    chapters,
    structure_metadata: {
      display_name: 'Chapters',
      icon: 'book',
      description: `${chapters.length} chapters`,
      section_label: '',
      chapter_label: 'Chapter',
    },
  };
}

const withStructure = (state: WizardState, structure: BookStructure): WizardState => ({
  ...state,
  structure,
  chapters: toEditable(structure.chapters),
});

/** The status of a book as the upload answered it: queued, before the first poll. */
const statusOf = (book: Book): BookStatusResponse => bookStatusOf(book);

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'methodChosen':
      return { ...state, choice: { ...state.choice, method: action.method } };
    case 'filePicked':
      return { ...state, choice: { ...state.choice, method: 'file', file: action.file } };
    case 'detailsEdited':
      return { ...state, choice: { ...state.choice, ...action.details } };
    case 'next': {
      if (state.step !== 'method') return state;
      const choiceError = validateMethod(state.choice);
      return { ...state, choiceError, step: choiceError ? 'method' : 'mode' };
    }
    case 'back':
      return state.step === 'mode' && !state.uploading ? { ...state, step: 'method' } : state;
    case 'modeChosen':
      return { ...state, bookType: action.bookType };
    case 'uploadStarted':
      return { ...state, uploading: true, uploadProgress: isDirectUpload(state.choice.file) ? 0 : null };
    case 'uploadProgressed':
      return { ...state, uploadProgress: action.fraction };
    case 'uploadFailed':
      return { ...state, uploading: false, uploadProgress: null };
    case 'uploadSucceeded':
      return {
        ...state,
        uploading: false,
        uploadProgress: null,
        bookId: action.book.id,
        status: statusOf(action.book),
        retried: false,
        paidBookId: null,
        step: 'processing',
      };
    case 'statusReceived': {
      const status = action.status;
      if (state.step === 'processing') {
        if (processingOutcome(status) !== 'review') return { ...state, status };
        const next: WizardState = { ...state, status, step: 'review' };
        return status.structure ? withStructure(next, status.structure) : next;
      }
      if (state.step === 'done')
        return { ...state, status, finished: state.finished || finishingOutcome(status) === 'finished' };
      return state;
    }
    case 'structureTimedOut':
      return state.step === 'review' && !state.structure
        ? withStructure(state, flatStructure(state.status))
        : state;
    case 'chaptersEdited':
      return { ...state, chapters: action.chapters };
    case 'retryStarted':
      return { ...state, retrying: true };
    case 'retrySucceeded':
      return {
        ...state,
        retrying: false,
        retried: true,
        status: state.status && {
          ...state.status,
          status: action.book.status,
          error_message: null,
          progress: action.book.progress,
          progress_message: action.book.progress_message,
        },
      };
    case 'retryFailed':
      return { ...state, retrying: false };
    case 'saveStarted':
      return { ...state, saving: true };
    case 'saveSucceeded':
      return { ...state, saving: false, book: action.book, step: 'details' };
    case 'saveFailed':
      return { ...state, saving: false };
    case 'rejectAsked':
      return { ...state, confirmingReject: true };
    case 'rejectCancelled':
      return { ...state, confirmingReject: false };
    case 'rejectStarted':
      return { ...state, rejecting: true };
    case 'rejectSucceeded':
      return {
        ...state,
        rejecting: false,
        confirmingReject: false,
        bookId: null,
        status: null,
        structure: null,
        chapters: [],
        step: 'method',
      };
    case 'rejectFailed':
      return { ...state, rejecting: false };
    case 'detailsSaved':
      return { ...state, book: action.book, step: 'done' };
    case 'uploadPaid':
      return { ...state, paidBookId: action.bookId };
    case 'choiceRestored':
      return { ...state, choice: action.choice, bookType: action.bookType };
    case 'choiceRequired': {
      // Step 2 reached without a book (a payment made before choosing one): back to step 1, told why.
      const choiceError = validateMethod(state.choice);
      return choiceError && state.step === 'mode' ? { ...state, step: 'method', choiceError } : state;
    }
  }
}
