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
