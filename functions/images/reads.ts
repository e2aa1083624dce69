import type { ImagesContext } from './common';

/** The images domain's read port: a chapter's images, for the films made of them. */
export const chapterImagesOf = (deps: ImagesContext, bookId: string, chapterId: string) =>
  deps.repo.listForChapter(bookId, chapterId);
