import type { ImagesService } from './service';

/** What other domains are given of the images domain. */
export type ImageReads = Pick<ImagesService, 'chapterImagesOf'>;
