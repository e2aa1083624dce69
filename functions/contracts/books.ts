/** Book shapes shared by the handlers, the pipeline and the SPA: constants, and zod schemas with their types. */
import { z } from './zod';

export const BOOK_TYPES = ['learning', 'entertainment'] as const;
export type BookType = (typeof BOOK_TYPES)[number];

export const BOOK_STATUSES = ['QUEUED', 'PROCESSING', 'GENERATING', 'READY', 'FAILED'] as const;

export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export const LEARNING_CATEGORIES = ['programming', 'science', 'business', 'design', 'language'] as const;
export type LearningCategory = (typeof LEARNING_CATEGORIES)[number];

export const GENRES = ['fantasy', 'mystery', 'romance', 'scifi', 'adventure', 'thriller'] as const;
export type Genre = (typeof GENRES)[number];

export const SOURCE_FORMATS = ['pdf', 'docx', 'epub', 'txt'] as const;
export type SourceFormat = (typeof SOURCE_FORMATS)[number];

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export const structureMetadata = z.object({
  display_name: z.string(),
  icon: z.string(),
  description: z.string(),
  section_label: z.string(),
  chapter_label: z.string(),
});
export type StructureMetadata = z.infer<typeof structureMetadata>;

/** The section fields of a chapter that belongs to a section (hierarchical structures). */
const sectionFields = {
  /** Set when the chapter belongs to a section (hierarchical structures). */
  section_title: z.optional(z.string()),
  /** Set when the chapter belongs to a section (hierarchical structures). */
  section_type: z.optional(z.string()),
  /** Set when the chapter belongs to a section (hierarchical structures). */
  section_number: z.optional(z.number()),
};

export const structureChapter = z.object({
  title: z.string(),
  content: z.string(),
  /** True when `content` was cut short in an API answer (the full text stays on the server). */
  content_truncated: z.optional(z.boolean()),
  summary: z.optional(z.string()),
  chapter_number: z.number(),
  word_count: z.number(),
  ...sectionFields,
});
export type StructureChapter = z.infer<typeof structureChapter>;

export const structureSection = z.object({
  title: z.string(),
  section_type: z.string(),
  section_number: z.number(),
  chapters: z.array(structureChapter),
});
export type StructureSection = z.infer<typeof structureSection>;

/** What a removed piece of front or back matter was, so the review step can name it. */
export const REMOVED_MATTER_KINDS = [
  'title_page',
  'half_title',
  'contents',
  'copyright',
  'dedication',
  'epigraph',
  'illustrations',
  'notes',
  'index',
  'colophon',
  'licence',
  'front_matter',
  'back_matter',
] as const;
export type RemovedMatterKind = (typeof REMOVED_MATTER_KINDS)[number];

/**
 * Front or back matter that is not a chapter (title page, contents, dedication, licence…). Listed on
 * the review step as "Removed: …"; the owner can restore one by sending it back as a chapter with
 * this `content`.
 */
export const removedMatter = z.object({
  title: z.string(),
  kind: z.enum(REMOVED_MATTER_KINDS),
  word_count: z.number(),
  content: z.string(),
  /** True when `content` was cut short (the full text of long matter, such as a licence, is not kept). */
  content_truncated: z.optional(z.boolean()),
});
export type RemovedMatter = z.infer<typeof removedMatter>;

export const bookStructure = z.object({
  has_sections: z.boolean(),
  structure_type: z.enum(['flat', 'hierarchical']),
  /** Empty for flat structures. */
  sections: z.array(structureSection),
  /** Every chapter in reading order (in hierarchical structures, with its section fields). */
  chapters: z.array(structureChapter),
  structure_metadata: structureMetadata,
  /** Front and back matter left out of the chapters, in reading order (absent in older structures). */
  removed: z.optional(z.array(removedMatter)),
});
export type BookStructure = z.infer<typeof bookStructure>;

export type PipelineStep = 'extract' | 'structure' | 'chapters';

/** A book as the API returns it. */
export const book = z.object({
  id: z.string(),
  title: z.string(),
  author_name: z.string(),
  description: z.string(),
  cover_image_url: z.nullable(z.string()),
  book_type: z.enum(BOOK_TYPES),
  difficulty: z.enum(DIFFICULTIES),
  tags: z.array(z.string()),
  language: z.string(),
  estimated_duration: z.nullable(z.number()),
  status: z.enum(BOOK_STATUSES),
  /** Processing progress in percent while QUEUED / PROCESSING / GENERATING; 100 when READY. */
  progress: z.number(),
  progress_message: z.nullable(z.string()),
  error_message: z.nullable(z.string()),
  genre: z.nullable(z.enum(GENRES)),
  category: z.nullable(z.enum(LEARNING_CATEGORIES)),
  /** True while the extracted structure waits for the owner's review (status READY). */
  review_pending: z.boolean(),
  structure_type: z.nullable(z.enum(['flat', 'hierarchical'])),
  total_chapters: z.number(),
  total_preview_chapters: z.number(),
  source_format: z.nullable(z.enum(SOURCE_FORMATS)),
  /** Reading / learning progress of the caller in this book, in percent. */
  reading_progress: z.number(),
  is_owner: z.boolean(),
  published: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Book = z.infer<typeof book>;

export const chapter = z.object({
  id: z.string(),
  book_id: z.string(),
  chapter_number: z.number(),
  order_index: z.number(),
  title: z.string(),
  content: z.string(),
  /** True when `content` is cut short to keep the answer small; GET the chapter for all of it. */
  content_truncated: z.optional(z.boolean()),
  summary: z.string(),
  word_count: z.number(),
  ...sectionFields,
});
export type Chapter = z.infer<typeof chapter>;

/** The structure under review, present while it waits for the owner (status READY). */
const reviewFields = {
  /** Present while the structure waits for review. */
  preview_chapters: z.optional(z.array(structureChapter)),
  /** Present while the structure waits for review. */
  sections: z.optional(z.array(structureSection)),
  /** Present while the structure waits for review. */
  structure: z.optional(bookStructure),
};

export const bookWithChapters = z.extend(book, { chapters: z.array(chapter), ...reviewFields });
export type BookWithChapters = z.infer<typeof bookWithChapters>;

export const bookStatusResponse = z.object({
  id: z.string(),
  status: z.enum(BOOK_STATUSES),
  progress: z.number(),
  progress_message: z.nullable(z.string()),
  error_message: z.nullable(z.string()),
  review_pending: z.boolean(),
  total_chapters: z.number(),
  total_preview_chapters: z.number(),
  ...reviewFields,
});
export type BookStatusResponse = z.infer<typeof bookStatusResponse>;

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

export const uploadUrlResponse = z.object({
  upload_url: z.string(),
  file_key: z.string(),
  headers: z.record(z.string(), z.string()),
  expires_in: z.number(),
  max_bytes: z.number(),
});
export type UploadUrlResponse = z.infer<typeof uploadUrlResponse>;

export const learningProgressItem = z.object({
  book_id: z.string(),
  title: z.string(),
  book_type: z.enum(BOOK_TYPES),
  cover_image_url: z.nullable(z.string()),
  progress: z.number(),
  last_chapter_id: z.nullable(z.string()),
  /** Chapters read, listened to or watched to the end. */
  completed_chapters: z.array(z.string()),
  updated_at: z.string(),
});
export type LearningProgressItem = z.infer<typeof learningProgressItem>;
