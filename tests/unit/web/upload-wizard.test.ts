import type { Book, BookStatusResponse, BookStructure, StructureChapter } from '@contracts/books';
import { describe, expect, it } from 'vitest';
import {
  finishingOutcome,
  initialWizardState,
  processingOutcome,
  validateMethod,
  wizardReducer,
  type WizardAction,
  type WizardState,
} from '../../../web/src/features/books/components/upload-wizard/state';

const MB = 1024 * 1024;
const file = (name: string, size: number) => ({ name, size, type: '' }) as File;

const book = (overrides: Partial<Book> = {}): Book => ({
  id: 'b1',
  title: 'The Lighthouse Keeper',
  author_name: '',
  description: '',
  cover_image_url: null,
  book_type: 'learning',
  difficulty: 'medium',
  tags: [],
  language: 'en',
  estimated_duration: null,
  status: 'QUEUED',
  progress: 0,
  progress_message: 'Queued',
  error_message: null,
  genre: null,
  category: null,
  review_pending: false,
  structure_type: null,
  total_chapters: 0,
  total_preview_chapters: 0,
  source_format: 'txt',
  reading_progress: 0,
  is_owner: true,
  published: false,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
  ...overrides,
});

const chapter = (n: number): StructureChapter => ({
  title: `Chapter ${n}`,
  content: `Text of chapter ${n}`,
  chapter_number: n,
  word_count: 4,
});

const status = (overrides: Partial<BookStatusResponse> = {}): BookStatusResponse => ({
  id: 'b1',
  status: 'PROCESSING',
  progress: 40,
  progress_message: 'Finding chapters',
  error_message: null,
  review_pending: false,
  total_chapters: 0,
  total_preview_chapters: 0,
  ...overrides,
});

const structure = (chapters: StructureChapter[]): BookStructure => ({
  has_sections: false,
  structure_type: 'flat',
  sections: [],
  chapters,
  structure_metadata: {
    display_name: 'Chapters',
    icon: '📖',
    description: '',
    section_label: '',
    chapter_label: 'Chapter',
  },
});

const run = (state: WizardState, ...actions: WizardAction[]) => actions.reduce(wizardReducer, state);

/** A wizard at its processing step with an uploaded book. */
const processing = () =>
  run(
    initialWizardState(),
    { type: 'methodChosen', method: 'text' },
    { type: 'detailsEdited', details: { text: 'Chapter 1\n\nIt was a dark night.' } },
    { type: 'next' },
    { type: 'uploadStarted' },
    { type: 'uploadSucceeded', book: book() },
  );

/** A wizard reviewing two extracted chapters. */
const reviewing = () =>
  run(processing(), {
    type: 'statusReceived',
    status: status({ status: 'READY', review_pending: true, structure: structure([chapter(1), chapter(2)]) }),
  });

describe('upload wizard: where it starts', () => {
  it('starts at the method, empty, as a learning book', () => {
    const state = initialWizardState();
    expect(state).toMatchObject({ step: 'method', bookType: 'learning', bookId: null, choiceError: null });
    expect(state.choice).toEqual({ method: 'file', file: null, text: '', title: '', description: '' });
  });
  it('resumes a book at its processing, and continues at the mode after a successful payment', () => {
    expect(initialWizardState({ resumeBookId: 'b9', bookId: 'other' })).toMatchObject({
      step: 'processing',
      bookId: 'b9',
    });
    expect(initialWizardState({ payment: 'success', bookId: 'b2' })).toMatchObject({
      step: 'mode',
      bookId: 'b2',
    });
    expect(initialWizardState({ payment: 'cancelled' }).step).toBe('method');
  });
});

describe('upload wizard: a paid upload', () => {
  const text = { method: 'text' as const, file: null, text: 'Once upon a time', title: 'T', description: '' };
  it('keeps the paid book id from the return of the checkout, and only with a book id', () => {
    expect(initialWizardState({ payment: 'success', bookId: 'b2' }).paidBookId).toBe('b2');
    expect(initialWizardState({ payment: 'success' })).toMatchObject({ step: 'method', paidBookId: null });
    expect(initialWizardState({ payment: 'cancelled', bookId: 'b2' }).paidBookId).toBeNull();
  });
  it('restores the choice made before paying, and forgets the paid id once the book is uploaded', () => {
    const state = run(
      initialWizardState({ payment: 'success', bookId: 'b2' }),
      { type: 'choiceRestored', choice: text, bookType: 'entertainment' },
      { type: 'uploadStarted' },
      { type: 'uploadSucceeded', book: book({ id: 'b2' }) },
    );
    expect(state).toMatchObject({
      step: 'processing',
      bookId: 'b2',
      paidBookId: null,
      bookType: 'entertainment',
    });
  });
  it('sends step 2 without a chosen book back to step 1 with the reason', () => {
    const state = run(initialWizardState({ payment: 'success', bookId: 'b2' }), { type: 'choiceRequired' });
    expect(state.step).toBe('method');
    expect(state.choiceError).toBeTruthy();
    const chosen = run(
      initialWizardState({ payment: 'success', bookId: 'b2' }),
      { type: 'choiceRestored', choice: text, bookType: 'learning' },
      { type: 'choiceRequired' },
    );
    expect(chosen).toMatchObject({ step: 'mode', choiceError: null });
  });
});

describe('upload wizard: method', () => {
  it('chooses the method, picks a file (which means the file method) and edits text, title and description', () => {
    const state = run(
      initialWizardState(),
      { type: 'methodChosen', method: 'text' },
      { type: 'filePicked', file: file('book.pdf', 10) },
      { type: 'detailsEdited', details: { title: 'Sea', description: 'Waves' } },
      { type: 'detailsEdited', details: { text: 'Pasted' } },
    );
    expect(state.choice).toMatchObject({
      method: 'file',
      title: 'Sea',
      description: 'Waves',
      text: 'Pasted',
    });
    expect(state.choice.file?.name).toBe('book.pdf');
    expect(run(state, { type: 'filePicked', file: null }).choice.file).toBeNull();
  });

  it('does not go on without a valid file or text, and says why until the next try', () => {
    const cases: [WizardAction[], string][] = [
      [[], 'Please select a file to upload.'],
      [
        [{ type: 'filePicked', file: file('book.doc', 10) }],
        'Accepted file types are .pdf, .docx, .txt and .epub.',
      ],
      [[{ type: 'filePicked', file: file('book.epub', 0) }], 'The file is empty.'],
      [
        [{ type: 'filePicked', file: file('book.pdf', 10 * MB + 1) }],
        'The file is larger than 10 MB. Upload a smaller file or paste the text.',
      ],
      [
        [
          { type: 'methodChosen', method: 'text' },
          { type: 'detailsEdited', details: { text: '  \n ' } },
        ],
        'Please provide text content.',
      ],
    ];
    for (const [actions, message] of cases) {
      const state = run(initialWizardState(), ...actions, { type: 'next' });
      expect(state).toMatchObject({ step: 'method', choiceError: message });
      // Editing keeps the message; the next try answers again.
      const edited = run(state, { type: 'detailsEdited', details: { title: 'x' } });
      expect(edited.choiceError).toBe(message);
    }
  });

  it('goes on to the mode with a valid choice, clearing the message', () => {
    const failed = run(initialWizardState(), { type: 'next' });
    const state = run(failed, { type: 'filePicked', file: file('Book.TXT', 5) }, { type: 'next' });
    expect(state).toMatchObject({ step: 'mode', choiceError: null });
    expect(validateMethod({ ...state.choice, file: file('a.docx', 10 * MB) })).toBeNull();
  });
});

describe('upload wizard: mode and upload', () => {
  const atMode = (size = 10) =>
    run(initialWizardState(), { type: 'filePicked', file: file('book.pdf', size) }, { type: 'next' });

  it('chooses the mode and goes back to the method', () => {
    const state = run(atMode(), { type: 'modeChosen', bookType: 'entertainment' });
    expect(state.bookType).toBe('entertainment');
    expect(run(state, { type: 'back' }).step).toBe('method');
  });

  it('shows progress for files sent straight to storage only, and cannot go back while uploading', () => {
    const direct = run(atMode(5 * MB), { type: 'uploadStarted' });
    expect(direct).toMatchObject({ uploading: true, uploadProgress: 0 });
    expect(run(direct, { type: 'uploadProgressed', fraction: 0.5 }).uploadProgress).toBe(0.5);
    expect(run(direct, { type: 'back' }).step).toBe('mode');
    expect(run(atMode(), { type: 'uploadStarted' })).toMatchObject({ uploading: true, uploadProgress: null });
  });

  it('stays at the mode when the upload fails', () => {
    const state = run(atMode(5 * MB), { type: 'uploadStarted' }, { type: 'uploadFailed' });
    expect(state).toMatchObject({ step: 'mode', uploading: false, uploadProgress: null });
  });

  it('moves to processing with the queued book when the upload succeeds', () => {
    const state = run(atMode(), { type: 'uploadStarted' }, { type: 'uploadSucceeded', book: book() });
    expect(state).toMatchObject({ step: 'processing', uploading: false, uploadProgress: null, bookId: 'b1' });
    expect(state.status).toMatchObject({
      id: 'b1',
      status: 'QUEUED',
      progress: 0,
      progress_message: 'Queued',
    });
  });
});

describe('upload wizard: processing', () => {
  it('keeps the latest status while processing', () => {
    const state = run(processing(), { type: 'statusReceived', status: status() });
    expect(state).toMatchObject({ step: 'processing', status: { progress: 40 } });
    expect(processingOutcome(status())).toBe('waiting');
  });

  it('stays on a failure, and a retry clears the error and remembers it was retried', () => {
    const failed = run(processing(), {
      type: 'statusReceived',
      status: status({ status: 'FAILED', error_message: 'No text found' }),
    });
    expect(failed).toMatchObject({ step: 'processing', status: { status: 'FAILED' } });
    expect(processingOutcome(failed.status!)).toBe('failed');
    const retrying = run(failed, { type: 'retryStarted' });
    expect(retrying.retrying).toBe(true);
    const retried = run(retrying, {
      type: 'retrySucceeded',
      book: book({ status: 'PROCESSING', progress: 5, progress_message: 'Extracting' }),
    });
    expect(retried).toMatchObject({
      retrying: false,
      retried: true,
      status: { status: 'PROCESSING', error_message: null, progress: 5, progress_message: 'Extracting' },
    });
    expect(run(retrying, { type: 'retryFailed' })).toMatchObject({ retrying: false, retried: false });
  });

  it('moves to the review with the extracted chapters', () => {
    const state = reviewing();
    expect(state.step).toBe('review');
    expect(state.chapters.map((c) => c.title)).toEqual(['Chapter 1', 'Chapter 2']);
    expect(state.chapters[0]).toMatchObject({ edited: false, sourceNumber: 1 });
  });

  it('without a structure, reviews the chapters held once the wait is over', () => {
    const waiting = run(processing(), {
      type: 'statusReceived',
      status: status({ status: 'READY', review_pending: true, preview_chapters: [chapter(1)] }),
    });
    expect(waiting).toMatchObject({ step: 'review', structure: null, chapters: [] });
    const flat = run(waiting, { type: 'structureTimedOut' });
    expect(flat.structure).toMatchObject({
      structure_type: 'flat',
      structure_metadata: { description: '1 chapters' },
    });
    expect(flat.chapters.map((c) => c.title)).toEqual(['Chapter 1']);
    expect(run(reviewing(), { type: 'structureTimedOut' }).structure?.chapters).toHaveLength(2);
  });
});

describe('upload wizard: review', () => {
  it('edits the chapters', () => {
    const state = reviewing();
    const edited = run(state, { type: 'chaptersEdited', chapters: state.chapters.slice(1) });
    expect(edited.chapters.map((c) => c.title)).toEqual(['Chapter 2']);
  });

  it('saves the structure and moves to the details with the book', () => {
    const saving = run(reviewing(), { type: 'saveStarted' });
    expect(saving.saving).toBe(true);
    expect(run(saving, { type: 'saveFailed' })).toMatchObject({ step: 'review', saving: false });
    const saved = run(saving, { type: 'saveSucceeded', book: book({ status: 'GENERATING' }) });
    expect(saved).toMatchObject({ step: 'details', saving: false, book: { status: 'GENERATING' } });
  });

  it('asks before rejecting; a rejected book starts the wizard over, keeping the choice', () => {
    const asked = run(reviewing(), { type: 'rejectAsked' });
    expect(asked.confirmingReject).toBe(true);
    expect(run(asked, { type: 'rejectCancelled' }).confirmingReject).toBe(false);
    const rejecting = run(asked, { type: 'rejectStarted' });
    expect(run(rejecting, { type: 'rejectFailed' })).toMatchObject({ step: 'review', rejecting: false });
    const rejected = run(rejecting, { type: 'rejectSucceeded' });
    expect(rejected).toMatchObject({
      step: 'method',
      rejecting: false,
      confirmingReject: false,
      bookId: null,
      status: null,
      structure: null,
      chapters: [],
    });
    expect(rejected.choice.method).toBe('text');
  });
});

describe('upload wizard: details and success', () => {
  const done = () =>
    run(
      reviewing(),
      { type: 'saveStarted' },
      { type: 'saveSucceeded', book: book() },
      { type: 'detailsSaved', book: book({ title: 'Renamed' }) },
    );

  it('moves to success with the saved details', () => {
    expect(done()).toMatchObject({ step: 'done', finished: false, book: { title: 'Renamed' } });
  });

  it('is finished once the book is ready, and stays so', () => {
    const working = run(done(), { type: 'statusReceived', status: status({ status: 'GENERATING' }) });
    expect(working.finished).toBe(false);
    const ready = status({ status: 'READY', total_chapters: 2 });
    expect(finishingOutcome(ready)).toBe('finished');
    const finished = run(working, { type: 'statusReceived', status: ready });
    expect(finished).toMatchObject({ finished: true, status: { total_chapters: 2 } });
    expect(run(finished, { type: 'statusReceived', status: status() }).finished).toBe(true);
    expect(finishingOutcome(status({ status: 'FAILED' }))).toBe('failed');
  });

  it('ignores statuses outside the processing steps and a next outside the method', () => {
    const details = run(reviewing(), { type: 'saveStarted' }, { type: 'saveSucceeded', book: book() });
    expect(run(details, { type: 'statusReceived', status: status() })).toBe(details);
    expect(run(details, { type: 'next' })).toBe(details);
  });
});
