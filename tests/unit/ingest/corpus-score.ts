import { detectStructure, extractDocument } from '../../../functions/books/ingest';
import type { BookStructure } from '../../../functions/books/ingest';
import { CORPUS, comparableTitle } from '../../fixtures/corpus';
import type { CorpusBook } from '../../fixtures/corpus';

export interface BookScore {
  book: CorpusBook;
  structure: BookStructure;
  exact: boolean;
  titlesRight: number;
  titlesExpected: number;
  problems: string[];
}

/** Extracts and structures one corpus book and compares it with the expected chapter list. */
export async function scoreBook(book: CorpusBook): Promise<BookScore> {
  const bytes = await book.make();
  const structure = detectStructure(await extractDocument(bytes, book.format));
  const got = structure.chapters.map((c) => c.title);
  const want = book.expected.titles;
  let titlesRight = 0;
  const problems: string[] = [];
  want.forEach((title, i) => {
    if (got[i] !== undefined && comparableTitle(got[i]) === comparableTitle(title)) titlesRight++;
    else problems.push(`#${i + 1}: expected "${title}", got ${got[i] === undefined ? 'nothing' : `"${got[i]}"`}`);
  });
  if (got.length > want.length) problems.push(`extra chapters: ${got.slice(want.length).map((t) => `"${t}"`).join(', ')}`);
  let sectionsRight = true;
  if (book.expected.sections) {
    const sections = structure.sections.map((s) => comparableTitle(s.title));
    sectionsRight =
      structure.structure_type === 'hierarchical' &&
      sections.join('|') === book.expected.sections.map(comparableTitle).join('|');
    if (!sectionsRight)
      problems.push(`sections: expected ${JSON.stringify(book.expected.sections)}, got ${JSON.stringify(structure.sections.map((s) => s.title))}`);
  }
  const exact = titlesRight === want.length && got.length === want.length && sectionsRight;
  return { book, structure, exact, titlesRight, titlesExpected: want.length, problems };
}

export async function scoreCorpus(books: readonly CorpusBook[] = CORPUS) {
  const scores: BookScore[] = [];
  for (const book of books) scores.push(await scoreBook(book));
  const exact = scores.filter((s) => s.exact).length;
  const right = scores.reduce((sum, s) => sum + s.titlesRight, 0);
  const total = scores.reduce((sum, s) => sum + s.titlesExpected, 0);
  return { scores, line: `books exact: ${exact}/${scores.length}, titles right: ${right}/${total}`, exact, right, total };
}
