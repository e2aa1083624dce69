import type {
  Book,
  BookStatusResponse,
  BookType,
  BookWithChapters,
  UploadUrlResponse,
} from '@contracts/books';
import type { BookDetailsRequest, SaveStructureChapter } from '@contracts/book-requests';
import useSWR, { type SWRConfiguration } from 'swr';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { bookKeys } from '@/lib/data/books';
import { isDirectUpload } from './upload-rules';

/** Polling interval of the dashboard and of the upload wizard, from the product's rules. */
export const STATUS_POLL_MS = 7000;

export const isInProgress = (book: Pick<Book, 'status'>) =>
  book.status === 'QUEUED' || book.status === 'PROCESSING' || book.status === 'GENERATING';

export function useBooks(type?: BookType, enabled = true) {
  return useSWR<Book[]>(enabled ? bookKeys.list(type) : null, {
    // Poll only while something is being processed.
    refreshInterval: (books) => (books?.some(isInProgress) ? STATUS_POLL_MS : 0),
  });
}

export const useBook = (id: string | null, config?: SWRConfiguration<BookWithChapters>) =>
  useSWR<BookWithChapters>(id ? bookKeys.detail(id) : null, config);

export const useCatalogue = (type: BookType, enabled = true) =>
  useSWR<Book[]>(enabled ? bookKeys.catalogue(type) : null);

export const getBookStatus = (id: string) =>
  api.get<BookStatusResponse>(bookKeys.status(id), { quiet: true });
export const deleteBook = (id: string) => api.delete<void>(bookKeys.detail(id));
export const retryBook = (id: string) => api.post<Book>(`/books/${id}/retry`);
export const regenerateChapters = (id: string) => api.post<Book>(`/books/${id}/regenerate-chapters`);
export const saveStructure = (id: string, chapters: SaveStructureChapter[]) =>
  api.post<Book>(`/books/${id}/save-structure`, { chapters });
export const updateBookDetails = (id: string, details: BookDetailsRequest) =>
  api.put<Book>(bookKeys.detail(id), details);

export async function uploadCover(id: string, file: File): Promise<string> {
  const form = new FormData();
  form.set('cover_image', file);
  const answer = await api.postMultipart<{ cover_image_url: string }>(`/books/${id}/upload-cover`, form);
  return answer.cover_image_url;
}

export interface UploadInput {
  bookType: BookType;
  title: string;
  description: string;
  file?: File;
  text?: string;
  /** A paid upload's id (free plan, beyond the books it includes): the new book takes it. */
  bookId?: string | null;
}

/** PUT to a presigned URL with progress events (fetch cannot report upload progress). */
function putWithProgress(
  url: string,
  file: File,
  headers: Record<string, string>,
  onProgress: (fraction: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', url);
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    request.onload = () =>
      request.status >= 200 && request.status < 300
        ? resolve()
        : reject(new ApiError('Upload failed', request.status));
    request.onerror = () => reject(new ApiError('Upload failed: the connection was interrupted.', 0));
    request.send(file);
  });
}

/**
 * Uploads a book the way that fits it: small files and pasted text in one API request, larger files
 * directly to storage first. Answers at once with the QUEUED book.
 */
export async function uploadBook(
  input: UploadInput,
  onProgress: (fraction: number) => void = () => {},
): Promise<Book> {
  if (input.file && isDirectUpload(input.file)) {
    const target = await api.post<UploadUrlResponse>('/books/upload-url', {
      filename: input.file.name,
      size: input.file.size,
      content_type: input.file.type || 'application/octet-stream',
    });
    await putWithProgress(target.upload_url, input.file, target.headers, onProgress);
    return api.post<Book>('/books/upload', {
      book_type: input.bookType,
      title: input.title,
      description: input.description,
      file_key: target.file_key,
      filename: input.file.name,
      ...(input.bookId ? { book_id: input.bookId } : {}),
    });
  }
  const form = new FormData();
  form.set('book_type', input.bookType);
  form.set('title', input.title);
  form.set('description', input.description);
  if (input.bookId) form.set('book_id', input.bookId);
  if (input.file) form.set('file', input.file);
  else form.set('text_content', input.text ?? '');
  const book = await api.postMultipart<Book>('/books/upload', form);
  onProgress(1);
  return book;
}
