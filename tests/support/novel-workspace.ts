import type { ChapterRecord } from '../../functions/books/model';
import { createBooksService } from '../../functions/books/service';
import { createLocalSpeechEngine } from '../../functions/engine/speech/local';
import { createLocalTextEngine } from '../../functions/engine/text/local';
import type { Engine } from '../../functions/engine/types';
import { createUserActivity } from '../../functions/events';
import { createJobs } from '../../functions/jobs';
import { createPlotsService } from '../../functions/plots/service';
import { NOVEL_CHAPTERS, NOVEL_TITLE } from '../fixtures/novel';
import { memoryAdapters } from './memory';

/**
 * The workspace services on in-memory adapters and the local engine, with the fixture novel as an
 * entertainment book of 'owner' whose chapters are in place (the book itself is left as uploaded).
 */
export async function novelWorkspace() {
  const adapters = memoryAdapters();
  const jobs = createJobs({ ...adapters, work: adapters.storage.uploads });
  const activity = createUserActivity(adapters);
  const books = createBooksService({ ...adapters, jobs, activity });
  const engine = { text: createLocalTextEngine(), speech: createLocalSpeechEngine() } as unknown as Engine;
  const plots = createPlotsService({
    ...adapters,
    media: adapters.storage.media,
    jobs,
    books,
    engine: () => engine,
  });
  const book = await books.createBookFromUpload({
    ownerId: 'owner',
    bookType: 'entertainment',
    title: NOVEL_TITLE,
    description: '',
    source: { kind: 'text', text: 'placeholder' },
  });
  const chapters: ChapterRecord[] = NOVEL_CHAPTERS.map((chapter, i) => ({
    id: `00000000-0000-4000-8000-0000000000c${i + 1}`,
    book_id: book.id,
    owner_id: 'owner',
    chapter_number: i + 1,
    order_index: i,
    title: chapter.title,
    content: chapter.paragraphs.join('\n\n'),
    summary: '',
    word_count: 600,
    updated_at: '2026-11-23T10:00:00.000Z',
  }));
  for (const chapter of chapters) await books.repository.putChapter(chapter);
  return { ...adapters, jobs, books, plots, engine, book, chapters };
}
