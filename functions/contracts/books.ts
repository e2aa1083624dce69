/** Book shapes shared by the handlers, the pipeline and the SPA (types and constants only). */
export const BOOK_TYPES = ['learning', 'entertainment'] as const;
export type BookType = (typeof BOOK_TYPES)[number];

export const BOOK_STATUSES = ['QUEUED', 'PROCESSING', 'GENERATING', 'READY', 'FAILED'] as const;
export type BookStatus = (typeof BOOK_STATUSES)[number];

export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export const LEARNING_CATEGORIES = ['programming', 'science', 'business', 'design', 'language'] as const;
export type LearningCategory = (typeof LEARNING_CATEGORIES)[number];

export const GENRES = ['fantasy', 'mystery', 'romance', 'scifi', 'adventure', 'thriller'] as const;
export type Genre = (typeof GENRES)[number];

export const SOURCE_FORMATS = ['pdf', 'docx', 'epub', 'txt'] as const;
export type SourceFormat = (typeof SOURCE_FORMATS)[number];

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export interface StructureMetadata {
  display_name: string;
  icon: string;
  description: string;
  section_label: string;
  chapter_label: string;
}

export interface StructureChapter {
  title: string;
  content: string;
  /** True when `content` was cut short in an API answer (the full text stays on the server). */
  content_truncated?: boolean;
  summary?: string;
  chapter_number: number;
  word_count: number;
  /** Set when the chapter belongs to a section (hierarchical structures). */
  section_title?: string;
  section_type?: string;
  section_number?: number;
}

export interface StructureSection {
  title: string;
  section_type: string;
  section_number: number;
  chapters: StructureChapter[];
}

/** What a removed piece of front or back matter was, so the review step can name it. */
export type RemovedMatterKind =
  | 'title_page'
  | 'half_title'
  | 'contents'
  | 'copyright'
  | 'dedication'
  | 'epigraph'
  | 'illustrations'
  | 'notes'
  | 'index'
  | 'colophon'
  | 'licence'
  | 'front_matter'
  | 'back_matter';

/**
 * Front or back matter that is not a chapter (title page, contents, dedication, licence…). Listed on
 * the review step as "Removed: …"; the owner can restore one by sending it back as a chapter with
 * this `content`.
 */
export interface RemovedMatter {
  title: string;
  kind: RemovedMatterKind;
  word_count: number;
  content: string;
  /** True when `content` was cut short (the full text of long matter, such as a licence, is not kept). */
  content_truncated?: boolean;
}

export interface BookStructure {
  has_sections: boolean;
  structure_type: 'flat' | 'hierarchical';
  /** Empty for flat structures. */
  sections: StructureSection[];
  /** Every chapter in reading order (in hierarchical structures, with its section fields). */
  chapters: StructureChapter[];
  structure_metadata: StructureMetadata;
  /** Front and back matter left out of the chapters, in reading order (absent in older structures). */
  removed?: RemovedMatter[];
}

export type PipelineStep = 'extract' | 'structure' | 'chapters';

/** A book as the API returns it. */
export interface Book {
  id: string;
  title: string;
  author_name: string;
  description: string;
  cover_image_url: string | null;
  book_type: BookType;
  difficulty: Difficulty;
  tags: string[];
  language: string;
  estimated_duration: number | null;
  status: BookStatus;
  /** Processing progress in percent while QUEUED / PROCESSING / GENERATING; 100 when READY. */
  progress: number;
  progress_message: string | null;
  error_message: string | null;
  genre: Genre | null;
  category: LearningCategory | null;
  /** True while the extracted structure waits for the owner's review (status READY). */
  review_pending: boolean;
  structure_type: 'flat' | 'hierarchical' | null;
  total_chapters: number;
  total_preview_chapters: number;
  source_format: SourceFormat | null;
  /** Reading / learning progress of the caller in this book, in percent. */
  reading_progress: number;
  is_owner: boolean;
  published: boolean;
  created_at: string;
  updated_at: string;
}

export interface Chapter {
  id: string;
  book_id: string;
  chapter_number: number;
  order_index: number;
  title: string;
  content: string;
  /** True when `content` is cut short to keep the answer small; GET the chapter for all of it. */
  content_truncated?: boolean;
  summary: string;
  word_count: number;
  section_title?: string;
  section_type?: string;
  section_number?: number;
}

export interface BookWithChapters extends Book {
  chapters: Chapter[];
  preview_chapters?: StructureChapter[];
  sections?: StructureSection[];
  structure?: BookStructure;
}

export interface BookStatusResponse {
  id: string;
  status: BookStatus;
  progress: number;
  progress_message: string | null;
  error_message: string | null;
  review_pending: boolean;
  total_chapters: number;
  total_preview_chapters: number;
  /** Present while the structure waits for review. */
  preview_chapters?: StructureChapter[];
  sections?: StructureSection[];
  structure?: BookStructure;
}

type StatusFields = Omit<BookStatusResponse, 'preview_chapters' | 'sections' | 'structure'>;

/** The processing status of a book, as `GET /books/{id}/status` answers it (without the review). */
export const bookStatusOf = (book: StatusFields): StatusFields => ({
  id: book.id,
  status: book.status,
  progress: book.progress,
  progress_message: book.progress_message,
  error_message: book.error_message,
  review_pending: book.review_pending,
  total_chapters: book.total_chapters,
  total_preview_chapters: book.total_preview_chapters,
});

export interface UploadUrlResponse {
  upload_url: string;
  file_key: string;
  headers: Record<string, string>;
  expires_in: number;
  max_bytes: number;
}

export interface LearningProgressItem {
  book_id: string;
  title: string;
  book_type: BookType;
  cover_image_url: string | null;
  progress: number;
  last_chapter_id: string | null;
  /** Chapters read, listened to or watched to the end. */
  completed_chapters: string[];
  updated_at: string;
}

/** A chapter of the structure the owner confirms; `content` may be omitted to keep the extracted text. */
export interface SaveStructureChapter {
  title: string;
  content?: string;
  summary?: string;
  chapter_number: number;
  /** chapter_number in the extracted structure this chapter comes from, to reuse its text. */
  source_chapter_number?: number;
  section_title?: string;
  section_type?: string;
  section_number?: number;
}
