import { z } from 'zod';
import type {
  BookStatusResponse,
  BookStructure,
  BookWithChapters,
  LearningProgressItem,
  UploadUrlResponse,
} from '../contracts/books';
import { BOOK_TYPES, DIFFICULTIES, GENRES, LEARNING_CATEGORIES, MAX_UPLOAD_BYTES } from '../contracts/books';
import { createApiHandler } from '../lib/api-handler';
import { config } from '../lib/config';
import { BadRequestError, ConflictError, NotFoundError, PayloadTooLargeError } from '../lib/errors';
import { accepted, created, defineHandler, noContent, ok, requireUser } from '../lib/http';
import { uuid } from '../lib/ids';
import { parseMultipart } from '../lib/multipart';
import { getJson, getObjectBytes, mediaUrl, presignedPut } from '../lib/storage';
import { bookKeys, type BookRecord } from './model';
import {
  getBooks,
  getChapterById,
  listBooksByOwner,
  listCatalog,
  listChapters,
  listProgress,
  putCatalogEntry,
  deleteCatalogEntry,
  updateBook,
} from './repository';
import {
  confirmStructure,
  createBookFromUpload,
  deleteBook,
  loadOwnedBook,
  loadReadableBook,
  regenerateChapters,
  retryBook,
  setCover,
  TOO_LARGE_MESSAGE,
  type UploadSource,
} from './service';
import { toBook, toChapters, toReviewStructure } from './views';

const idParams = z.object({ id: z.string() });
const ACCEPTED_EXTENSIONS = /\.(pdf|docx|epub|txt)$/i;

const listBooks = defineHandler(
  { query: z.object({ book_type: z.enum(BOOK_TYPES).optional() }) },
  async (ctx) => {
    const user = requireUser(ctx);
    const [books, progress] = await Promise.all([listBooksByOwner(user.userId), listProgress(user.userId)]);
    const progressByBook = new Map(progress.map((p) => [p.book_id, p.progress]));
    return ok(
      books
        .filter((book) => !ctx.query.book_type || book.book_type === ctx.query.book_type)
        .map((book) => toBook(book, user.userId, progressByBook.get(book.id) ?? 0)),
    );
  },
);

const uploadUrl = defineHandler(
  {
    body: z.object({
      filename: z
        .string()
        .trim()
        .min(1)
        .max(255)
        .regex(ACCEPTED_EXTENSIONS, 'Accepted file types are .pdf, .docx, .txt and .epub.'),
      size: z.number().int().min(1, 'The file is empty.'),
      content_type: z.string().max(200).optional(),
    }),
  },
  async (ctx) => {
    const user = requireUser(ctx);
    if (ctx.body.size > MAX_UPLOAD_BYTES) throw new PayloadTooLargeError(TOO_LARGE_MESSAGE, 'file_too_large');
    const key = bookKeys.pendingUpload(user.userId, uuid());
    const contentType = ctx.body.content_type || 'application/octet-stream';
    const expiresIn = 900;
    const answer: UploadUrlResponse = {
      upload_url: await presignedPut(config.uploadsBucket, key, contentType, expiresIn),
      file_key: key,
      headers: { 'Content-Type': contentType },
      expires_in: expiresIn,
      max_bytes: MAX_UPLOAD_BYTES,
    };
    return ok(answer);
  },
);

const uploadFields = z.object({
  book_type: z
    .enum(BOOK_TYPES, { error: 'Book type must be learning or entertainment.' })
    .default('learning'),
  title: z.string().max(200).default(''),
  description: z.string().max(5000).default(''),
  text_content: z.string().optional(),
  file_key: z.string().max(500).optional(),
  filename: z.string().max(255).optional(),
});

const upload = defineHandler({ rawBody: true }, async (ctx) => {
  const user = requireUser(ctx);
  const contentType = ctx.headers['content-type'];
  let fields: Record<string, unknown>;
  let file: { filename: string; data: Buffer } | undefined;
  if (contentType?.includes('json')) {
    try {
      fields = JSON.parse(ctx.rawBody?.toString('utf8') || '{}');
    } catch {
      throw new BadRequestError('The request body is not valid JSON.');
    }
  } else {
    const form = await parseMultipart(ctx.rawBody, contentType, {
      maxFileBytes: MAX_UPLOAD_BYTES,
      tooLargeMessage: TOO_LARGE_MESSAGE,
    });
    fields = form.fields;
    file = form.files.file;
  }
  const parsed = uploadFields.safeParse(fields);
  if (!parsed.success) throw new BadRequestError(parsed.error.issues[0]!.message, 'validation_error');
  const input = parsed.data;
  let source: UploadSource;
  if (file) {
    if (!ACCEPTED_EXTENSIONS.test(file.filename) && file.filename) {
      throw new BadRequestError('Accepted file types are .pdf, .docx, .txt and .epub.', 'unsupported_type');
    }
    source = { kind: 'file', filename: file.filename, data: file.data };
  } else if (input.file_key) {
    source = { kind: 'stored', filename: input.filename ?? '', key: input.file_key };
  } else if (input.text_content !== undefined) {
    source = { kind: 'text', text: input.text_content };
  } else {
    throw new BadRequestError('Please select a file to upload.', 'missing_file');
  }
  const book = await createBookFromUpload({
    ownerId: user.userId,
    bookType: input.book_type,
    title: input.title,
    description: input.description,
    source,
  });
  return created(toBook(book, user.userId));
});

async function readStructure(book: BookRecord): Promise<BookStructure> {
  return toReviewStructure(await getJson<BookStructure>(config.uploadsBucket, bookKeys.structure(book.id)));
}

async function chapterContents(book: BookRecord, numbers: number[]): Promise<Map<number, string>> {
  const contents = new Map<number, string>();
  await Promise.all(
    numbers.map(async (n) => {
      const bytes = await getObjectBytes(config.uploadsBucket, bookKeys.chapterContent(book.id, n));
      contents.set(n, Buffer.from(bytes).toString('utf8'));
    }),
  );
  return contents;
}

const getBookDetail = defineHandler({ params: idParams }, async (ctx) => {
  const user = requireUser(ctx);
  const book = await loadReadableBook(ctx.params.id, user.userId);
  const progress = (await listProgress(user.userId)).find((p) => p.book_id === book.id)?.progress ?? 0;
  const answer: BookWithChapters = { ...toBook(book, user.userId, progress), chapters: [] };
  if (book.review_pending) {
    const structure = await readStructure(book);
    Object.assign(answer, { structure, preview_chapters: structure.chapters, sections: structure.sections });
  } else {
    const records = await listChapters(book.id);
    const external = records.filter((c) => !c.content && c.content_key).map((c) => c.chapter_number);
    answer.chapters = toChapters(records, await chapterContents(book, external));
  }
  return ok(answer);
});

const getChapters = defineHandler({ params: idParams }, async (ctx) => {
  const user = requireUser(ctx);
  const book = await loadReadableBook(ctx.params.id, user.userId);
  const records = await listChapters(book.id);
  const external = records.filter((c) => !c.content && c.content_key).map((c) => c.chapter_number);
  return ok(toChapters(records, await chapterContents(book, external)));
});

const getChapter = defineHandler(
  { params: z.object({ id: z.string(), chapterId: z.string() }) },
  async (ctx) => {
    const user = requireUser(ctx);
    const book = await loadReadableBook(ctx.params.id, user.userId);
    const chapter = await getChapterById(ctx.params.chapterId);
    if (!chapter || chapter.book_id !== book.id)
      throw new NotFoundError('Chapter not found.', 'chapter_not_found');
    const contents = chapter.content ? new Map() : await chapterContents(book, [chapter.chapter_number]);
    const [full] = toChapters([chapter], contents);
    return ok({
      ...full,
      content: chapter.content ?? contents.get(chapter.chapter_number) ?? '',
      content_truncated: undefined,
    });
  },
);

const getStatus = defineHandler({ params: idParams }, async (ctx) => {
  const user = requireUser(ctx);
  const book = await loadOwnedBook(ctx.params.id, user.userId);
  const answer: BookStatusResponse = {
    id: book.id,
    status: book.status,
    progress: book.progress,
    progress_message: book.progress_message,
    error_message: book.error_message,
    review_pending: book.review_pending,
    total_chapters: book.total_chapters,
    total_preview_chapters: book.total_preview_chapters,
  };
  if (book.status === 'READY' && book.review_pending) {
    const structure = await readStructure(book);
    Object.assign(answer, { structure, preview_chapters: structure.chapters, sections: structure.sections });
  }
  return ok(answer);
});

const retry = defineHandler({ params: idParams }, async (ctx) => {
  const user = requireUser(ctx);
  const book = await retryBook(await loadOwnedBook(ctx.params.id, user.userId));
  return accepted(toBook(book, user.userId));
});

const regenerate = defineHandler({ params: idParams }, async (ctx) => {
  const user = requireUser(ctx);
  const book = await regenerateChapters(await loadOwnedBook(ctx.params.id, user.userId));
  return accepted(toBook(book, user.userId));
});

const structureChapter = z.object({
  title: z.string().max(300).default('New Chapter'),
  content: z.string().optional(),
  summary: z.string().max(5000).optional(),
  chapter_number: z.number().int().min(1),
  source_chapter_number: z.number().int().min(1).optional(),
  section_title: z.string().max(300).optional(),
  section_type: z.string().max(40).optional(),
  section_number: z.number().int().min(1).optional(),
});

const saveStructure = defineHandler(
  {
    params: idParams,
    body: z.object({
      chapters: z
        .array(structureChapter)
        .min(1, 'Keep at least one chapter.')
        .max(1000, 'A book can have at most 1 000 chapters.'),
    }),
  },
  async (ctx) => {
    const user = requireUser(ctx);
    const book = await confirmStructure(await loadOwnedBook(ctx.params.id, user.userId), ctx.body.chapters);
    return accepted(toBook(book, user.userId));
  },
);

const tagList = z
  .array(z.string().trim().min(1).max(40, 'Tags can be at most 40 characters.'))
  .max(20, 'A book can have at most 20 tags.')
  .transform((tags) => {
    const seen = new Set<string>();
    return tags.filter((tag) => {
      const key = tag.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  });

const detailsBody = z
  .object({
    title: z
      .string({ error: 'Title is required.' })
      .trim()
      .min(1, 'Title is required.')
      .max(200, 'Title can be at most 200 characters.'),
    author_name: z
      .string({ error: 'Author name is required.' })
      .trim()
      .min(1, 'Author name is required.')
      .max(200, 'Author name can be at most 200 characters.'),
    book_type: z.enum(BOOK_TYPES, { error: 'Book type is required.' }),
    difficulty: z.enum(DIFFICULTIES, { error: 'Difficulty is required.' }),
    description: z.string().max(5000, 'Description can be at most 5 000 characters.'),
    language: z
      .string()
      .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'Language must be a language code such as en or pt-BR.'),
    estimated_duration: z
      .number()
      .int('Estimated duration must be a whole number.')
      .min(0)
      .max(100_000)
      .nullable(),
    tags: tagList,
    genre: z.enum(GENRES).nullable(),
    category: z.enum(LEARNING_CATEGORIES).nullable(),
  })
  .partial()
  .strict();

const updateDetails = defineHandler({ params: idParams, body: detailsBody }, async (ctx) => {
  const user = requireUser(ctx);
  const book = await loadOwnedBook(ctx.params.id, user.userId);
  const changed = Object.keys(ctx.body).filter((k) => (ctx.body as Record<string, unknown>)[k] !== undefined);
  const updated = await updateBook(book.id, {
    ...ctx.body,
    owner_set: [...new Set([...book.owner_set, ...changed])],
    updated_at: new Date().toISOString(),
  });
  return ok(toBook(updated, user.userId));
});

const remove = defineHandler({ params: idParams }, async (ctx) => {
  const user = requireUser(ctx);
  await deleteBook(await loadOwnedBook(ctx.params.id, user.userId));
  return noContent();
});

const uploadCover = defineHandler({ params: idParams, rawBody: true }, async (ctx) => {
  const user = requireUser(ctx);
  const book = await loadOwnedBook(ctx.params.id, user.userId);
  const form = await parseMultipart(ctx.rawBody, ctx.headers['content-type'], {
    maxFileBytes: 8 * 1024 * 1024,
    tooLargeMessage: 'Cover images can be at most 8 MB.',
  });
  const image = form.files.cover_image;
  if (!image) throw new BadRequestError('Choose an image for the cover.', 'missing_file');
  const updated = await setCover(book, image.data);
  return ok({ cover_image_url: mediaUrl(updated.cover_key) });
});

const learningProgress = defineHandler({}, async (ctx) => {
  const user = requireUser(ctx);
  const progress = (await listProgress(user.userId)).filter((p) => p.progress > 0);
  const books = new Map((await getBooks(progress.map((p) => p.book_id))).map((b) => [b.id, b]));
  const items: LearningProgressItem[] = progress
    .filter((p) => books.has(p.book_id))
    .sort((a, b) => b.updated_at.localeCompare(a.updated_at))
    .map((p) => {
      const book = books.get(p.book_id)!;
      return {
        book_id: book.id,
        title: book.title,
        book_type: book.book_type,
        cover_image_url: mediaUrl(book.cover_key),
        progress: p.progress,
        last_chapter_id: p.last_chapter_id,
        completed_chapters: p.completed_chapters ?? [],
        updated_at: p.updated_at,
      };
    });
  return ok(items);
});

const catalogue = (bookType: 'learning' | 'entertainment') =>
  defineHandler({}, async (ctx) => {
    const user = requireUser(ctx);
    const entries = await listCatalog(bookType);
    const books = new Map((await getBooks(entries.map((e) => e.book_id))).map((b) => [b.id, b]));
    return ok(
      entries
        .filter((e) => books.get(e.book_id)?.published_at)
        .map((e) => toBook(books.get(e.book_id)!, user.userId)),
    );
  });

const publish = defineHandler({ params: idParams }, async (ctx) => {
  const user = requireUser(ctx);
  const book = await loadReadableBook(ctx.params.id, user.userId);
  if (book.status !== 'READY' || book.review_pending)
    throw new ConflictError('Only processed books can be published.', 'not_ready');
  if (book.published_at) return ok(toBook(book, user.userId));
  const publishedAt = new Date().toISOString();
  await putCatalogEntry({ book_id: book.id, book_type: book.book_type, published_at: publishedAt });
  return ok(toBook(await updateBook(book.id, { published_at: publishedAt }), user.userId));
});

const unpublish = defineHandler({ params: idParams }, async (ctx) => {
  const user = requireUser(ctx);
  const book = await loadReadableBook(ctx.params.id, user.userId);
  if (book.published_at) {
    await deleteCatalogEntry({
      book_id: book.id,
      book_type: book.book_type,
      published_at: book.published_at,
    });
    await updateBook(book.id, { published_at: null });
  }
  return noContent();
});

export const handlers = {
  listBooks,
  uploadUrl,
  upload,
  getBookDetail,
  getChapters,
  getChapter,
  getStatus,
  retry,
  regenerate,
  saveStructure,
  updateDetails,
  remove,
  uploadCover,
  learningProgress,
  learningCatalogue: catalogue('learning'),
  entertainmentCatalogue: catalogue('entertainment'),
  publish,
  unpublish,
};
export const handler = createApiHandler('books', handlers);
