import { describe, expect, it } from 'vitest';
import {
  compressSentence,
  dropNearDuplicates,
  fitPoint,
  MAX_POINT_WORDS,
  MAX_WHOLE_SENTENCE_WORDS,
  SIMILARITY_THRESHOLD,
  similarity,
} from '../../../../functions/engine/text/local/compress';
import { keyPoints } from '../../../../functions/engine/text/local/summarize';
import { MAX_TITLE_WORDS, topicTitle } from '../../../../functions/engine/text/local/topics';
import { LESSON_CHAPTERS } from '../../../fixtures/lesson-excerpts';

const CHAPTERS = LESSON_CHAPTERS;

const wordsOf = (text: string) => text.split(/\s+/).filter(Boolean);

/** A bullet is a whole statement: a capital first, one full stop last, no ellipsis, not too long. */
function expectStatement(text: string) {
  expect(text).toMatch(/^[\p{Lu}\p{N}]/u);
  expect(text).toMatch(/[^.!?,;:]\.$/);
  expect(text).not.toContain('…');
  expect(text).not.toMatch(/\.\.\./);
  expect(wordsOf(text).length).toBeGreaterThanOrEqual(4);
}

function expectDistinct(statements: readonly string[]) {
  for (let i = 0; i < statements.length; i++)
    for (let j = i + 1; j < statements.length; j++)
      expect(
        similarity(statements[i]!, statements[j]!),
        `"${statements[i]}" and "${statements[j]}" say the same thing`,
      ).toBeLessThan(SIMILARITY_THRESHOLD);
}

describe('compressing a sentence to a bullet', () => {
  it('drops dialogue tags, asides, leading conjunctions and subordinate clauses', () => {
    expect(compressSentence('“The tide turns at midnight,” said the keeper.')).toBe(
      'The tide turns at midnight.',
    );
    expect(compressSentence('The lamp — a brass thing older than the tower — burned all night.')).toBe(
      'The lamp burned all night.',
    );
    expect(
      compressSentence(
        'When the storm broke over the harbour, the fishermen hauled their boats onto the shingle.',
      ),
    ).toBe('The fishermen hauled their boats onto the shingle.');
    expect(compressSentence('And the keeper (who was old) climbed the stairs again.')).toBe(
      'The keeper climbed the stairs again.',
    );
    // What she was considering went with its clause: without it there is no whole statement.
    expect(
      compressSentence(
        'So she was considering in her own mind (as well as she could, for the hot day made her feel very sleepy and stupid), whether the pleasure of making a daisy-chain would be worth the trouble of getting up and picking the daisies, when suddenly a White Rabbit with pink eyes ran close by her.',
      ),
    ).toBeUndefined();
  });

  it('keeps a long clause whole by cutting at a clause boundary, never mid-clause', () => {
    const point = compressSentence(
      'Alice was beginning to get very tired of sitting by her sister on the bank, and of having nothing to do: once or twice she had peeped into the book her sister was reading.',
    );
    expect(point).toBe('Alice was beginning to get very tired of sitting by her sister on the bank.');
  });

  it('has no statement for questions, exclamations, first-person speech or fragments', () => {
    expect(compressSentence('Would the fall never come to an end?')).toBeUndefined();
    expect(compressSentence('Down, down, down.')).toBeUndefined();
    expect(
      compressSentence('‘I wonder how many miles I’ve fallen by this time?’ she said aloud.'),
    ).toBeUndefined();
    expect(compressSentence('How brave they’ll all think me at home!')).toBeUndefined();
    expect(compressSentence('Said Mrs. Bennet to her husband.')).toBeUndefined();
  });

  it('makes a model’s key point a clean statement and drops its near-duplicates', () => {
    expect(fitPoint('the keeper lit the lamp at dusk…')).toBe('The keeper lit the lamp at dusk.');
    const long = fitPoint(
      'Natural selection, which acts only by the preservation of profitable variations, leads each creature to improve, and consequently to progress in its organisation over many thousands of successive generations in every country.',
    );
    expect(long).toBe('Natural selection leads each creature to improve.');
    // A point with no clause boundary to cut at is kept whole, never cut with an ellipsis.
    const whole =
      'The amount of food available to each species in each season of each year gives the extreme limit to which each species can possibly increase in number';
    expect(fitPoint(whole)).toBe(`${whole}.`);
    expect(
      dropNearDuplicates([
        'The keeper lit the lamp at dusk.',
        'At dusk, the keeper lit the lamp.',
        'Ships feared the rocks below the cliff.',
      ]),
    ).toEqual(['The keeper lit the lamp at dusk.', 'Ships feared the rocks below the cliff.']);
  });
});

describe('key points of real prose', () => {
  it.each(CHAPTERS.map((c) => [c.title, c] as const))('%s: distinct whole statements', (_title, chapter) => {
    const points = keyPoints(chapter.content, 5);
    expect(points.length).toBeGreaterThanOrEqual(3);
    expect(points.length).toBeLessThanOrEqual(5);
    for (const point of points) {
      expectStatement(point);
      // Short, or a sentence of the chapter kept whole because no shorter form of it was complete.
      const words = wordsOf(point).length;
      if (words > MAX_POINT_WORDS) {
        expect(words).toBeLessThanOrEqual(MAX_WHOLE_SENTENCE_WORDS);
        expect(chapter.content.replace(/\s+/g, ' ').toLowerCase()).toContain(
          point.slice(0, -1).toLowerCase(),
        );
      }
      // Bullets come from the narration, not from what characters say.
      expect(point).not.toMatch(/["“”‘]/);
    }
    expectDistinct(points);
  });
});

describe('topic titles', () => {
  it('name the key phrase in 2–6 words, and differ from titles already taken', () => {
    const statements = [
      'She came upon a little three-legged table, all made of solid glass.',
      'There was nothing on the table except a tiny golden key.',
    ];
    const title = topicTitle(statements, [], 'Key idea');
    expect(title).toBe('Little three-legged table');
    const other = topicTitle(statements, [title], 'Key idea');
    expect(other).not.toBe(title);
    expect(wordsOf(other).length).toBeLessThanOrEqual(MAX_TITLE_WORDS);
  });
});
