import { readFileSync } from 'node:fs';
import { detectFormat, detectStructure, extractDocument } from '../../functions/books/ingest';

/**
 * One extraction as a book-processing Lambda runs it, in its own process so peak memory is its own:
 * prints { ms, rssMb, chapters } as JSON.
 */
const [file, name] = process.argv.slice(2);
const bytes = new Uint8Array(readFileSync(file!));
const started = performance.now();
const format = detectFormat(bytes, name);
const document = await extractDocument(bytes, format);
const structure = detectStructure(document);
const ms = performance.now() - started;
console.log(
  JSON.stringify({
    ms,
    rssMb: process.resourceUsage().maxRSS / 1024,
    chapters: structure.chapters.length,
    titles: structure.chapters.map((chapter) => chapter.title),
    format,
  }),
);
