import { type Script } from '../contracts/scripts';
import { renderScriptPdf } from './pdf';
import { fountainOf, scriptView, type ScriptsContext, ownScript } from './common';

export async function listForChapter(
  deps: ScriptsContext,
  userId: string,
  chapterId: string,
): Promise<Script[]> {
  const { book, chapter } = await deps.books.ownedChapter(userId, chapterId);
  return (await deps.repo.listForChapter(book.id, chapter.id)).map(scriptView);
}

export async function getScript(deps: ScriptsContext, userId: string, scriptId: string): Promise<Script> {
  return scriptView(await ownScript(deps, scriptId, userId));
}

/** The script as a Fountain file or a screenplay-formatted PDF, with a file name. */
export async function exportScript(
  deps: ScriptsContext,
  userId: string,
  scriptId: string,
  format: 'fountain' | 'pdf',
) {
  const script = await ownScript(deps, scriptId, userId);
  const base =
    script.script_name
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .replace(/\s+/g, '-')
      .toLowerCase() || 'script';
  if (format === 'fountain')
    return {
      body: Buffer.from(fountainOf(script), 'utf8'),
      contentType: 'text/plain; charset=utf-8',
      filename: `${base}.fountain`,
    };
  return { body: await renderScriptPdf(script), contentType: 'application/pdf', filename: `${base}.pdf` };
}
