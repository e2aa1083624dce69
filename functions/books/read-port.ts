import type { BooksService } from './service';

/** What other domains are given of the books domain. */
export type BookReads = Pick<
  BooksService,
  | 'ownedBook'
  | 'ownedChapter'
  | 'bookOf'
  | 'chaptersOf'
  | 'booksOf'
  | 'chapterText'
  | 'chapterContext'
  | 'loadOwnedBook'
  | 'loadReadableBook'
  | 'progressOf'
  | 'saveProgress'
>;
