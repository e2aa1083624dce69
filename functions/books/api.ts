import { z } from 'zod';
import {
  bookDetailsRequest,
  saveStructureRequest,
  uploadFieldsRequest,
  uploadUrlRequest,
} from '../contracts/book-requests';
import { BOOK_TYPES, MAX_UPLOAD_BYTES } from '../contracts/books';
import { ACCEPTED_BOOK_FILE, firstError, uploadMessages } from '../contracts/validation';
import { createApiHandler } from '../lib/api-handler';
import { BadRequestError, PayloadTooLargeError } from '../lib/errors';
import { accepted, created, defineHandler, noContent, ok, requireUser } from '../lib/http';
import { parseMultipart } from '../lib/multipart';
import { books } from './instance';
import type { UploadSource } from './service';
import { coverUrl, toBook } from './views';

const idParams = z.object({ id: z.string() });

const listBooks = defineHandler(
  { query: z.object({ book_type: z.enum(BOOK_TYPES).optional() }) },
  async (ctx) => ok(await books().list(requireUser(ctx).userId, ctx.query.book_type)),
);

const uploadUrl = defineHandler({ body: uploadUrlRequest }, async (ctx) => {
  const user = requireUser(ctx);
  if (ctx.body.size > MAX_UPLOAD_BYTES)
    throw new PayloadTooLargeError(uploadMessages.fileTooLarge, 'file_too_large');
  return ok(
    await books().uploadUrl(user.userId, {
      filename: ctx.body.filename,
      size: ctx.body.size,
      contentType: ctx.body.content_type || 'application/octet-stream',
    }),
  );
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
      tooLargeMessage: uploadMessages.fileTooLarge,
    });
    fields = form.fields;
    file = form.files.file;
  }
  const parsed = uploadFieldsRequest.safeParse(fields);
  if (!parsed.success)
    throw new BadRequestError(
      firstError({ safeParse: () => parsed }, fields) ?? 'Invalid request.',
      'validation_error',
    );
  const input = parsed.data;
  let source: UploadSource;
  if (file) {
    if (!ACCEPTED_BOOK_FILE.test(file.filename) && file.filename) {
      throw new BadRequestError(uploadMessages.fileTypeUnsupported, 'unsupported_type');
    }
    source = { kind: 'file', filename: file.filename, data: file.data };
  } else if (input.file_key) {
    source = { kind: 'stored', filename: input.filename ?? '', key: input.file_key };
  } else if (input.text_content !== undefined) {
    source = { kind: 'text', text: input.text_content };
  } else {
    throw new BadRequestError(uploadMessages.fileMissing, 'missing_file');
  }
  const book = await books().createBookFromUpload({
    ownerId: user.userId,
    bookType: input.book_type,
    title: input.title,
    description: input.description,
    source,
    ...(input.book_id ? { bookId: input.book_id } : {}),
  });
  return created(toBook(book, user.userId));
});

const readable = (id: string, userId: string) => books().loadReadableBook(id, userId);
const owned = (id: string, userId: string) => books().loadOwnedBook(id, userId);

const getBookDetail = defineHandler({ params: idParams }, async (ctx) => {
  const user = requireUser(ctx);
  return ok(await books().detail(await readable(ctx.params.id, user.userId), user.userId));
});

const getChapters = defineHandler({ params: idParams }, async (ctx) => {
  const user = requireUser(ctx);
  return ok(await books().chapters(await readable(ctx.params.id, user.userId)));
});

const getChapter = defineHandler(
  { params: z.object({ id: z.string(), chapterId: z.string() }) },
  async (ctx) => {
    const user = requireUser(ctx);
    return ok(await books().chapter(await readable(ctx.params.id, user.userId), ctx.params.chapterId));
  },
);

const getStatus = defineHandler({ params: idParams }, async (ctx) => {
  const user = requireUser(ctx);
  return ok(await books().status(await owned(ctx.params.id, user.userId)));
});

const retry = defineHandler({ params: idParams }, async (ctx) => {
  const user = requireUser(ctx);
  const book = await books().retry(await owned(ctx.params.id, user.userId));
  return accepted(toBook(book, user.userId));
});

const regenerate = defineHandler({ params: idParams }, async (ctx) => {
  const user = requireUser(ctx);
  const book = await books().regenerateChapters(await owned(ctx.params.id, user.userId));
  return accepted(toBook(book, user.userId));
});

const saveStructure = defineHandler(
  {
    params: idParams,
    body: saveStructureRequest,
  },
  async (ctx) => {
    const user = requireUser(ctx);
    const book = await books().confirmStructure(await owned(ctx.params.id, user.userId), ctx.body.chapters);
    return accepted(toBook(book, user.userId));
  },
);

const updateDetails = defineHandler({ params: idParams, body: bookDetailsRequest }, async (ctx) => {
  const user = requireUser(ctx);
  const book = await owned(ctx.params.id, user.userId);
  return ok(toBook(await books().updateDetails(book, ctx.body), user.userId));
});

const remove = defineHandler({ params: idParams }, async (ctx) => {
  const user = requireUser(ctx);
  await books().deleteBook(await owned(ctx.params.id, user.userId));
  return noContent();
});

const uploadCover = defineHandler({ params: idParams, rawBody: true }, async (ctx) => {
  const user = requireUser(ctx);
  const book = await owned(ctx.params.id, user.userId);
  const form = await parseMultipart(ctx.rawBody, ctx.headers['content-type'], {
    maxFileBytes: 8 * 1024 * 1024,
    tooLargeMessage: 'Cover images can be at most 8 MB.',
  });
  const image = form.files.cover_image;
  if (!image) throw new BadRequestError('Choose an image for the cover.', 'missing_file');
  const updated = await books().setCover(book, image.data);
  return ok({ cover_image_url: coverUrl(updated) });
});

const learningProgress = defineHandler({}, async (ctx) =>
  ok(await books().learningProgress(requireUser(ctx).userId)),
);

const catalogue = (bookType: 'learning' | 'entertainment') =>
  defineHandler({}, async (ctx) => ok(await books().catalogue(bookType, requireUser(ctx).userId)));

const publish = defineHandler({ params: idParams }, async (ctx) => {
  const user = requireUser(ctx);
  const book = await books().publish(await readable(ctx.params.id, user.userId));
  return ok(toBook(book, user.userId));
});

const unpublish = defineHandler({ params: idParams }, async (ctx) => {
  const user = requireUser(ctx);
  await books().unpublish(await readable(ctx.params.id, user.userId));
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
