import type { ImagesContext } from './common';
import type { ImagesService } from './service';

/** The images domain's read port: a chapter's images, for the films made of them. */
export const chapterImagesOf = (deps: ImagesContext, bookId: string, chapterId: string) =>
  deps.repo.listForChapter(bookId, chapterId);

/** What other domains are given of the images domain. */
export type ImageReads = Pick<ImagesService, 'chapterImagesOf'>;
