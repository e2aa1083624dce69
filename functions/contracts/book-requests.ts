import { z } from './zod';
import { BOOK_TYPES, DIFFICULTIES, GENRES, LEARNING_CATEGORIES } from './books';
import {
  ACCEPTED_BOOK_FILE,
  bookDetailMessages,
  LANGUAGE_CODE,
  MAX_BOOK_DESCRIPTION_LENGTH,
  MAX_BOOK_DURATION_MINUTES,
  MAX_BOOK_TITLE_LENGTH,
  MAX_CONTENT_TYPE_LENGTH,
  MAX_FILENAME_LENGTH,
  MAX_STORAGE_KEY_LENGTH,
  MAX_CHAPTERS,
  MAX_CHAPTER_TITLE_LENGTH,
  MAX_SUMMARY_LENGTH,
  structureMessages,
  MAX_TAG_LENGTH,
  MAX_TAGS,
  MAX_TEXT_CONTENT_LENGTH,
  MAX_CHAPTER_CONTENT_LENGTH,
  stripUnsafeCharacters,
  uploadMessages,
} from './validation';

/** The schema-level message for a missing field, and another for a value that is wrong. */
const missingOr = (required: string, invalid: string) => ({
  error: (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null || issue.input === '' ? required : invalid,
});

/**
 * Request bodies of /books that carry rules: the book details and the upload URL. Kept apart from
 * books.ts (types and constants) so the pages that only read books do not load zod.
 */

/** Trimmed, non-empty, at most 40 characters each and 20 in all; repeats (any case) dropped. */
export const tagList = z.pipe(
  z
    .array(
      z
        .string()
        .check(
          z.overwrite(stripUnsafeCharacters),
          z.trim(),
          z.minLength(1),
          z.maxLength(MAX_TAG_LENGTH, bookDetailMessages.tagTooLong),
        ),
    )
    .check(z.maxLength(MAX_TAGS, bookDetailMessages.tooManyTags)),
  z.transform((tags: string[]) => {
    const seen = new Set<string>();
    return tags.filter((tag) => {
      const key = tag.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }),
);

/** A title or name: control and direction-override characters removed, trimmed, required. */
const requiredText = (required: string, tooLong: string) =>
  z
    .string(missingOr(required, required))
    .check(
      z.overwrite(stripUnsafeCharacters),
      z.trim(),
      z.minLength(1, required),
      z.maxLength(MAX_BOOK_TITLE_LENGTH, tooLong),
    );

/** PUT /books/{id}: any of the details, nothing else. */
export const bookDetailsRequest = z.partial(
  z.strictObject({
    title: requiredText(bookDetailMessages.titleRequired, bookDetailMessages.titleTooLong),
    author_name: requiredText(bookDetailMessages.authorRequired, bookDetailMessages.authorTooLong),
    book_type: z.enum(
      BOOK_TYPES,
      missingOr(bookDetailMessages.bookTypeRequired, bookDetailMessages.bookTypeInvalid),
    ),
    difficulty: z.enum(
      DIFFICULTIES,
      missingOr(bookDetailMessages.difficultyRequired, bookDetailMessages.difficultyInvalid),
    ),
    description: z
      .string()
      .check(z.maxLength(MAX_BOOK_DESCRIPTION_LENGTH, bookDetailMessages.descriptionTooLong)),
    language: z
      .string()
      .check(
        z.maxLength(35, bookDetailMessages.languageInvalid),
        z.regex(LANGUAGE_CODE, bookDetailMessages.languageInvalid),
      ),
    estimated_duration: z.nullable(
      z
        .number()
        .check(z.int(bookDetailMessages.durationWhole), z.minimum(0), z.maximum(MAX_BOOK_DURATION_MINUTES)),
    ),
    tags: tagList,
    genre: z.nullable(z.enum(GENRES)),
    category: z.nullable(z.enum(LEARNING_CATEGORIES)),
  }),
);
export type BookDetailsRequest = z.input<typeof bookDetailsRequest>;

/** POST /books/upload-url: the file about to be sent straight to storage. */
export const uploadUrlRequest = z.object({
  filename: z
    .string()
    .check(
      z.trim(),
      z.overwrite(stripUnsafeCharacters),
      z.trim(),
      z.minLength(1, uploadMessages.fileMissing),
      z.maxLength(MAX_FILENAME_LENGTH, uploadMessages.filenameTooLong),
      z.regex(ACCEPTED_BOOK_FILE, uploadMessages.fileTypeUnsupported),
    ),
  size: z.number().check(z.int(), z.minimum(1, uploadMessages.fileEmpty)),
  content_type: z.optional(
    z.string().check(z.maxLength(MAX_CONTENT_TYPE_LENGTH, uploadMessages.contentTypeInvalid)),
  ),
});

/**
 * POST /books/upload: the fields beside the file (multipart) or the whole JSON body (pasted text, or
 * the key of a presigned upload).
 */
export const uploadFieldsRequest = z.object({
  book_type: z._default(z.enum(BOOK_TYPES, { error: uploadMessages.bookTypeInvalid }), 'learning'),
  title: z._default(
    z
      .string()
      .check(
        z.overwrite(stripUnsafeCharacters),
        z.maxLength(MAX_BOOK_TITLE_LENGTH, bookDetailMessages.titleTooLong),
      ),
    '',
  ),
  description: z._default(
    z.string().check(z.maxLength(MAX_BOOK_DESCRIPTION_LENGTH, bookDetailMessages.descriptionTooLong)),
    '',
  ),
  text_content: z.optional(
    z.string().check(z.maxLength(MAX_TEXT_CONTENT_LENGTH, uploadMessages.textTooLong)),
  ),
  file_key: z.optional(z.string().check(z.maxLength(MAX_STORAGE_KEY_LENGTH, uploadMessages.fileKeyInvalid))),
  /** The id of a paid upload (free tier, third book and on): the new book takes it. */
  book_id: z.optional(z.string().check(z.trim(), z.toLowerCase(), z.uuid('Invalid book id'))),
  filename: z.optional(
    z
      .string()
      .check(
        z.overwrite(stripUnsafeCharacters),
        z.maxLength(MAX_FILENAME_LENGTH, uploadMessages.filenameTooLong),
      ),
  ),
});

const structureChapter = z.object({
  title: z._default(
    z
      .string()
      .check(
        z.overwrite(stripUnsafeCharacters),
        z.maxLength(MAX_CHAPTER_TITLE_LENGTH, structureMessages.chapterTitleTooLong),
      ),
    'New Chapter',
  ),
  content: z.optional(
    z.string().check(z.maxLength(MAX_CHAPTER_CONTENT_LENGTH, structureMessages.chapterTooLong)),
  ),
  summary: z.optional(z.string().check(z.maxLength(MAX_SUMMARY_LENGTH, structureMessages.summaryTooLong))),
  chapter_number: z.number().check(z.int(), z.minimum(1)),
  /** chapter_number in the extracted structure this chapter comes from, to reuse its text. */
  source_chapter_number: z.optional(z.number().check(z.int(), z.minimum(1))),
  section_title: z.optional(
    z
      .string()
      .check(
        z.overwrite(stripUnsafeCharacters),
        z.maxLength(MAX_CHAPTER_TITLE_LENGTH, structureMessages.chapterTitleTooLong),
      ),
  ),
  section_type: z.optional(z.string().check(z.maxLength(40, structureMessages.sectionTypeInvalid))),
  section_number: z.optional(z.number().check(z.int(), z.minimum(1))),
});

/** A chapter of the structure the owner confirms; `content` may be omitted to keep the extracted text. */
export type SaveStructureChapter = z.output<typeof structureChapter>;

/** POST /books/{id}/save-structure: the reviewed chapters, in order. */
export const saveStructureRequest = z.object({
  chapters: z
    .array(structureChapter)
    .check(
      z.minLength(1, structureMessages.keepOneChapter),
      z.maxLength(MAX_CHAPTERS, structureMessages.tooManyChapters),
    ),
});
