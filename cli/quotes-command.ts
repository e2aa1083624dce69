import { readFileSync } from 'node:fs';
import { quoteSpans } from '../functions/engine/text/local/reading';

/**
 * `npm run engine -- quotes <text-file>`: every quotation of the file with its speaker, as JSON
 * (`start`, `end`: JavaScript string indices into the file read as UTF-8, end exclusive). Kept apart
 * from the other commands so that reading a whole novel loads only the reading stages, not the
 * media engine.
 */
export function quotesCommand(
  path: string | undefined,
  io: { log(line: string): void; error(line: string): void },
): number {
  if (!path) {
    io.error('Give the path of a text file.');
    return 1;
  }
  let content: string;
  try {
    content = readFileSync(path, 'utf8');
  } catch (error) {
    io.error(`Cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? 'unreadable'}.`);
    return 1;
  }
  io.log(JSON.stringify(quoteSpans(content)));
  return 0;
}
