import { bindContext } from '../lib/bind';
import { startPipeline, settle, booksContext } from './common';
import {
  bookOf,
  booksOf,
  chapterContext,
  chaptersOf,
  chapterText,
  loadOwnedBook,
  loadReadableBook,
  ownedBook,
  ownedChapter,
  progressOf,
  saveProgress,
} from './reads';
import {
  listBooks,
  bookDetail,
  bookStatus,
  updateDetails,
  setCover,
  learningProgress,
  catalogueOf,
  publish,
  unpublish,
} from './listing';
import { uploadUrl, createBookFromUpload, storeUpload } from './upload';
import {
  visibleChapters,
  chapterView,
  confirmStructure,
  retryProcessing,
  regenerateChapters,
} from './chapters';
import { deleteBook } from './delete';
import { createSingleChapterBook } from './single-chapter';
import type { BooksDeps } from './common';

export { CHAPTER_NOT_FOUND, INTERRUPTED_MESSAGE, canRead } from './common';
export type { BooksDeps, UploadSource } from './common';

/** Books: upload, the processing pipeline's runs, review, reading, the catalogue, deletion. */
export function createBooksService(input: BooksDeps) {
  const deps = booksContext(input);
  return {
    ...bindContext(deps, {
      ownedBook,
      ownedChapter,
      bookOf,
      chaptersOf,
      booksOf,
      progressOf,
      saveProgress,
      startPipeline,
      settle,
      loadOwnedBook,
      loadReadableBook,
      chapterContext,
      chapterText,
      list: listBooks,
      uploadUrl,
      createBookFromUpload,
      storeUpload,
      createSingleChapterBook,
      detail: bookDetail,
      chapters: visibleChapters,
      chapter: chapterView,
      status: bookStatus,
      confirmStructure,
      retry: retryProcessing,
      regenerateChapters,
      updateDetails,
      deleteBook,
      setCover,
      learningProgress,
      catalogue: catalogueOf,
      publish,
      unpublish,
    }),
    repository: deps.books,
  };
}

export type BooksService = ReturnType<typeof createBooksService>;
