import type { Book, PipelineStep, SourceFormat } from '../contracts/books';

/** The fields a stored book shares with the API's answer. */
type SharedBookFields = Pick<
  Book,
  | 'id'
  | 'title'
  | 'author_name'
  | 'description'
  | 'book_type'
  | 'difficulty'
  | 'tags'
  | 'language'
  | 'estimated_duration'
  | 'status'
  | 'progress'
  | 'progress_message'
  | 'error_message'
  | 'genre'
  | 'category'
  | 'review_pending'
  | 'structure_type'
  | 'total_chapters'
  | 'total_preview_chapters'
  | 'created_at'
  | 'updated_at'
>;

/** The book item as stored. */
export interface BookRecord extends SharedBookFields {
  owner_id: string;
  failed_step: PipelineStep | null;
  /** Fields the owner set in the details step; the pipeline's proposals never overwrite them. */
  owner_set: string[];
  cover_key: string | null;
  source: {
    key: string;
    kind: 'file' | 'text';
    filename: string | null;
    size: number;
    format: SourceFormat | null;
    encoding?: string;
  };
  chapters_done: number;
  /** The current (or last) run of the processing pipeline: a job of the job system. */
  job_id: string | null;
  published_at: string | null;
}

/**
 * What a list of books shows (and what the stale-run check reads): the book without its pipeline
 * bookkeeping. Lists read only these attributes, so 50 books cost less to fetch and to parse.
 */
export type BookSummary = Omit<BookRecord, 'failed_step' | 'owner_set' | 'source' | 'chapters_done'> & {
  source: Pick<BookRecord['source'], 'format'>;
};

/** Every top-level field of a summary, checked against the type: a field added there must be listed. */
const SUMMARY_FIELDS: Record<Exclude<keyof BookSummary, 'source'>, true> = {
  id: true,
  title: true,
  author_name: true,
  description: true,
  book_type: true,
  difficulty: true,
  tags: true,
  language: true,
  estimated_duration: true,
  status: true,
  progress: true,
  progress_message: true,
  error_message: true,
  genre: true,
  category: true,
  review_pending: true,
  structure_type: true,
  total_chapters: true,
  total_preview_chapters: true,
  created_at: true,
  updated_at: true,
  owner_id: true,
  cover_key: true,
  job_id: true,
  published_at: true,
};

/** What the one creating a book decides; everything else starts empty. */
export interface NewBook {
  id: string;
  ownerId: string;
  title: string;
  description: string;
  bookType: BookRecord['book_type'];
  source: BookRecord['source'];
  /** The details the owner gave (the pipeline's proposals never overwrite them). */
  ownerSet: string[];
  createdAt: string;
}

/** Where processing stands: a new book is queued with nothing found yet unless its creator says otherwise. */
type BookProgress = Pick<
  BookRecord,
  | 'status'
  | 'progress'
  | 'progress_message'
  | 'estimated_duration'
  | 'structure_type'
  | 'total_preview_chapters'
  | 'total_chapters'
  | 'chapters_done'
>;

const QUEUED: BookProgress = {
  status: 'QUEUED',
  progress: 0,
  progress_message: 'Queued for processing',
  estimated_duration: null,
  structure_type: null,
  total_preview_chapters: 0,
  total_chapters: 0,
  chapters_done: 0,
};

/**
 * A new book record, the one shape every way of creating a book stores (an upload, Creator Mode's
 * one-chapter book): the title and description cut to what a book holds, no metadata, unpublished.
 */
/** Reading speed a book's (and a chapter's) estimated reading time is counted with. */
const READING_WORDS_PER_MINUTE = 230;

/** Minutes to read `words`, at least one. */
export const readingMinutes = (words: number) => Math.max(1, Math.round(words / READING_WORDS_PER_MINUTE));

export function newBookRecord(book: NewBook, progress: BookProgress = QUEUED): BookRecord {
  return {
    id: book.id,
    owner_id: book.ownerId,
    title: book.title.slice(0, 200),
    author_name: '',
    description: book.description.trim().slice(0, 5000),
    book_type: book.bookType,
    difficulty: 'medium',
    tags: [],
    language: 'en',
    ...progress,
    error_message: null,
    failed_step: null,
    genre: null,
    category: null,
    owner_set: book.ownerSet,
    cover_key: null,
    source: book.source,
    review_pending: false,
    job_id: null,
    published_at: null,
    created_at: book.createdAt,
    updated_at: book.createdAt,
  };
}

/** The attributes a `BookSummary` is read with (a projection). */
export const BOOK_SUMMARY_FIELDS: readonly string[] = [...Object.keys(SUMMARY_FIELDS), 'source.format'];

export interface ChapterRecord {
  id: string;
  book_id: string;
  owner_id: string;
  chapter_number: number;
  order_index: number;
  title: string;
  /** Inline when small; otherwise in S3 under `content_key`. */
  content?: string;
  content_key?: string;
  summary: string;
  word_count: number;
  section_title?: string;
  section_type?: string;
  section_number?: number;
  updated_at: string;
}

/** S3 layout of a book (uploads bucket for sources and work files, media bucket for what browsers load). */
export const bookKeys = {
  prefix: (bookId: string) => `books/${bookId}/`,
  source: (bookId: string, extension: string) => `books/${bookId}/source.${extension}`,
  pendingUpload: (userId: string, uploadId: string) => `incoming/${userId}/${uploadId}`,
  extracted: (bookId: string) => `books/${bookId}/work/extracted.json.gz`,
  structure: (bookId: string) => `books/${bookId}/work/structure.json.gz`,
  confirmedChapter: (bookId: string, index: number) =>
    `books/${bookId}/work/confirmed/${String(index).padStart(4, '0')}.json`,
  confirmedPrefix: (bookId: string) => `books/${bookId}/work/confirmed/`,
  confirmedIndex: (bookId: string) => `books/${bookId}/work/confirmed/index.json`,
  chapterContent: (bookId: string, chapterNumber: number) =>
    `books/${bookId}/chapters/${String(chapterNumber).padStart(4, '0')}.txt`,
  /** Media keys live under media/ so the CDN can serve them at /media/<key>. */
  mediaPrefix: (bookId: string) => `media/books/${bookId}/`,
  cover: (bookId: string, hash: string) => `media/books/${bookId}/cover-${hash}.webp`,
};
