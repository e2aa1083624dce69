import type { SourceFormat, UploadUrlResponse } from '../contracts/books';
import { MAX_UPLOAD_BYTES } from '../contracts/books';
import { BadRequestError, NotFoundError, PayloadTooLargeError } from '../lib/errors';
import { bookKeys, newBookRecord, type BookRecord } from './model';
import {
  type UploadRequest,
  type BooksContext,
  now,
  startPipeline,
  TOO_LARGE_MESSAGE,
  EXTENSIONS,
  CONTENT_TYPES,
  UPLOAD_URL_SECONDS,
  UPLOAD_GRACE_MS,
  withBookAllowance,
  sniff,
  titleFromFilename,
} from './common';

/** A book uploaded and created: the upload URL, the stored source and the processing pipeline started. */

/**
 * The pending upload a `file_key` names, taken so it is used once. Only the exact key shape that
 * `uploadUrl` issues to this caller is accepted, and only while its record exists: any other key
 * (someone else's, a made-up path, one climbing out with `..`) is "not found" and never reaches
 * storage.
 */
export async function takeIssuedUpload(deps: BooksContext, ownerId: string, fileKey: string) {
  const match = /^incoming\/([^/]+)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(
    fileKey,
  );
  const notFound = new NotFoundError('Uploaded file not found. Upload it again.', 'upload_not_found');
  if (!match || match[1] !== ownerId) throw notFound;
  const upload = await deps.books.takePendingUpload(ownerId, match[2]!);
  if (!upload || upload.key !== fileKey) throw notFound;
  if (Date.parse(upload.expires_at) + UPLOAD_GRACE_MS < deps.clock.now().getTime()) {
    await deps.uploads.delete(upload.key);
    throw notFound;
  }
  return upload;
}

/**
 * A presigned PUT for a large file, bound to the declared type and size. The key is recorded:
 * an upload may name only a key issued to its caller, once, before it expires.
 */
export async function uploadUrl(
  deps: BooksContext,
  userId: string,
  file: { filename: string; size: number; contentType: string },
): Promise<UploadUrlResponse> {
  const uploadId = deps.uuid();
  const key = bookKeys.pendingUpload(userId, uploadId);
  const contentType = file.contentType;
  await deps.books.putPendingUpload(userId, {
    upload_id: uploadId,
    key,
    filename: file.filename,
    size: file.size,
    content_type: contentType,
    expires_at: new Date(deps.clock.now().getTime() + UPLOAD_URL_SECONDS * 1000).toISOString(),
  });
  return {
    upload_url: await deps.uploads.presignPut(key, contentType, UPLOAD_URL_SECONDS, file.size),
    file_key: key,
    headers: { 'Content-Type': contentType },
    expires_in: UPLOAD_URL_SECONDS,
    max_bytes: MAX_UPLOAD_BYTES,
  };
}

/**
 * Stores the source and the QUEUED book, then starts the processing pipeline. Only the file type
 * is checked here (from its bytes); everything else happens in the pipeline.
 */
export async function createBookFromUpload(deps: BooksContext, request: UploadRequest): Promise<BookRecord> {
  return withBookAllowance(deps, request.ownerId, request.bookId, (id) => storeUpload(deps, request, id));
}

/** Stores the source and the QUEUED book under `id`, then starts processing. */
export async function storeUpload(
  deps: BooksContext,
  request: UploadRequest,
  id: string,
): Promise<BookRecord> {
  const created = now(deps);
  let source: BookRecord['source'];
  let filename: string | null = null;

  if (request.source.kind === 'text') {
    if (!request.source.text.trim()) throw new BadRequestError('Please provide text content.', 'empty_text');
    const data = Buffer.from(request.source.text, 'utf8');
    if (data.length > MAX_UPLOAD_BYTES) throw new PayloadTooLargeError(TOO_LARGE_MESSAGE, 'file_too_large');
    const key = bookKeys.source(id, 'txt');
    await deps.uploads.put(key, data, CONTENT_TYPES.txt);
    source = { key, kind: 'text', filename: null, size: data.length, format: 'txt' };
  } else if (request.source.kind === 'file') {
    filename = request.source.filename;
    const data = request.source.data;
    if (data.length > MAX_UPLOAD_BYTES) throw new PayloadTooLargeError(TOO_LARGE_MESSAGE, 'file_too_large');
    const format = sniff(data, filename);
    const key = bookKeys.source(id, EXTENSIONS[format]);
    await deps.uploads.put(key, data, CONTENT_TYPES[format]);
    source = { key, kind: 'file', filename, size: data.length, format };
  } else {
    filename = request.source.filename;
    const incoming = await takeIssuedUpload(deps, request.ownerId, request.source.key);
    filename ||= incoming.filename;
    const head = await deps.uploads.head(incoming.key);
    if (!head) throw new NotFoundError('Uploaded file not found. Upload it again.', 'upload_not_found');
    if (head.size > MAX_UPLOAD_BYTES) {
      await deps.uploads.delete(incoming.key);
      throw new PayloadTooLargeError(TOO_LARGE_MESSAGE, 'file_too_large');
    }
    const data = await deps.uploads.getBytes(incoming.key);
    let format: SourceFormat;
    try {
      format = sniff(data, filename);
    } catch (error) {
      await deps.uploads.delete(incoming.key);
      throw error;
    }
    const key = bookKeys.source(id, EXTENSIONS[format]);
    await deps.uploads.copy(incoming.key, key, CONTENT_TYPES[format]);
    await deps.uploads.delete(incoming.key);
    source = { key, kind: 'file', filename, size: data.length, format };
  }

  const title = request.title.trim() || (filename ? titleFromFilename(filename) : '') || 'Untitled book';
  const book = newBookRecord({
    id,
    ownerId: request.ownerId,
    title,
    description: request.description,
    bookType: request.bookType,
    source,
    ownerSet: request.title.trim() ? ['title'] : [],
    createdAt: created,
  });
  await deps.books.put(book);
  await deps.activity.record(
    request.ownerId,
    { type: 'book_uploaded', title: `Uploaded “${book.title}”`, ref: id },
    { books_uploaded: 1 },
  );
  return startPipeline(deps, book, 'extract');
}
