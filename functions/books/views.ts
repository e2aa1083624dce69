import type { Book, BookStructure, Chapter, StructureChapter } from '../contracts/books';
import { mediaUrl, publicMediaKey } from '../lib/media-urls';
import type { BookRecord, BookSummary, ChapterRecord } from './model';

/** API answers stay well under Lambda's 6 MB response limit: beyond this, chapter texts are cut. */
export const INLINE_CONTENT_BUDGET = 4 * 1024 * 1024;
const CUT_CONTENT_TO = 2000;

/**
 * A published book's cover is public on purpose (the catalogue is a shop window, and a copy under
 * media/public/ is served without a signature); every other cover is private media with a signed URL.
 */
export const coverUrl = (record: Pick<BookRecord, 'cover_key' | 'published_at'>) =>
  record.cover_key && record.published_at
    ? `/${publicMediaKey(record.cover_key)}`
    : mediaUrl(record.cover_key);

export function toBook(record: BookSummary, viewerId: string, readingProgress = 0): Book {
  return {
    id: record.id,
    title: record.title,
    author_name: record.author_name,
    description: record.description,
    cover_image_url: coverUrl(record),
    book_type: record.book_type,
    difficulty: record.difficulty,
    tags: record.tags,
    language: record.language,
    estimated_duration: record.estimated_duration,
    status: record.status,
    progress: record.progress,
    progress_message: record.progress_message,
    error_message: record.error_message,
    genre: record.genre,
    category: record.category,
    review_pending: record.review_pending,
    structure_type: record.structure_type,
    total_chapters: record.total_chapters,
    total_preview_chapters: record.total_preview_chapters,
    source_format: record.source.format,
    reading_progress: readingProgress,
    is_owner: record.owner_id === viewerId,
    published: Boolean(record.published_at),
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}

/** Chapters in reading order, with their text inline until the budget is spent. */
export function toChapters(records: ChapterRecord[], contents: Map<number, string>): Chapter[] {
  let budget = INLINE_CONTENT_BUDGET;
  return [...records]
    .sort((a, b) => a.chapter_number - b.chapter_number)
    .map((record) => {
      const full = record.content ?? contents.get(record.chapter_number) ?? '';
      const fits = full.length <= budget;
      budget -= fits ? full.length : CUT_CONTENT_TO;
      return {
        id: record.id,
        book_id: record.book_id,
        chapter_number: record.chapter_number,
        order_index: record.order_index,
        title: record.title,
        content: fits ? full : full.slice(0, CUT_CONTENT_TO),
        ...(fits ? {} : { content_truncated: true }),
        summary: record.summary,
        word_count: record.word_count,
        ...(record.section_title ? { section_title: record.section_title } : {}),
        ...(record.section_type ? { section_type: record.section_type } : {}),
        ...(record.section_number ? { section_number: record.section_number } : {}),
      };
    });
}

/** The extracted structure for review, with chapter texts cut the same way. */
export function toReviewStructure(structure: BookStructure): BookStructure {
  let budget = INLINE_CONTENT_BUDGET;
  const cut = (chapter: StructureChapter): StructureChapter => {
    const fits = chapter.content.length <= budget;
    budget -= fits ? chapter.content.length : CUT_CONTENT_TO;
    return fits
      ? chapter
      : { ...chapter, content: chapter.content.slice(0, CUT_CONTENT_TO), content_truncated: true };
  };
  const chapters = structure.chapters.map(cut);
  const byNumber = new Map(chapters.map((c) => [c.chapter_number, c]));
  // Removed front and back matter is listed after the chapters, its text cut the same way.
  const removed = structure.removed?.map((item) => {
    const fits = item.content.length <= budget;
    budget -= fits ? item.content.length : CUT_CONTENT_TO;
    return fits ? item : { ...item, content: item.content.slice(0, CUT_CONTENT_TO), content_truncated: true };
  });
  return {
    ...structure,
    ...(removed ? { removed } : {}),
    chapters,
    sections: structure.sections.map((section) => ({
      ...section,
      chapters: section.chapters.map((c) => byNumber.get(c.chapter_number) ?? c),
    })),
  };
}
