import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  cleanChapterContent,
  detectFormat,
  detectStructure,
  extractDocument,
} from '../../functions/books/ingest';
import type { ChapterText } from '../../functions/engine/text/types';

/**
 * Real books read the way the books domain reads an upload (format, extraction, chapters, cleaned
 * chapter text), from `../shared/corpus` and `../shared/pdnc` beside the repository.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
export const SHARED = join(root, '../shared');
export const CORPUS = join(SHARED, 'corpus');
export const PDNC = join(SHARED, 'pdnc');

export function sharedMissing(): string | undefined {
  if (!existsSync(CORPUS))
    return `${CORPUS} is absent: the real-book figures need ../shared beside the repository`;
  return undefined;
}

export async function corpusBook(file: string): Promise<ChapterText[]> {
  const bytes = new Uint8Array(readFileSync(join(CORPUS, file)));
  const document = await extractDocument(bytes, detectFormat(bytes, file));
  return detectStructure(document).chapters.map((c) => ({
    title: c.title,
    content: cleanChapterContent(c.content),
  }));
}

/** A PDNC novel's plain text as one chapter (the corpus has no chapter marks of its own). */
export function pdncNovel(folder: string): ChapterText[] {
  const content = readFileSync(join(PDNC, folder, 'novel_text.txt'), 'utf8');
  return [{ title: folder, content }];
}
