import { describe, expect, it } from 'vitest';
import { CORPUS } from '../../fixtures/corpus';
import { scoreCorpus } from '../../fixtures/corpus/score';

/**
 * The real-layout corpus (tests/fixtures/corpus): every book must come out with exactly the chapter
 * list a reader expects: titles in order, nothing else, sections where the book has them.
 */
describe('real-layout corpus', () => {
  it('gets every book and every chapter title right', { timeout: 180_000 }, async () => {
    const { scores, line, exact, right, total } = await scoreCorpus();
    console.log(`real-layout corpus: ${line}`);
    const failures = scores
      .filter((score) => !score.exact)
      .map(
        (score) =>
          `${score.book.name} (classes ${score.book.classes.join(', ')}):\n  ${score.problems.join('\n  ')}`,
      );
    expect(failures.join('\n')).toBe('');
    expect(exact).toBe(CORPUS.length);
    expect(right).toBe(total);
  });

  it('covers every class of real-world failure with several books and every format', () => {
    for (const kind of [1, 2, 3, 4, 5, 6]) {
      expect(CORPUS.filter((book) => book.classes.includes(kind)).length).toBeGreaterThanOrEqual(3);
    }
    expect(new Set(CORPUS.map((book) => book.format))).toEqual(new Set(['pdf', 'epub', 'txt', 'docx']));
  });
});
