import { describe, expect, it } from 'vitest';
import {
  countWords,
  cutAtSentence,
  paragraphSpans,
  sentenceSpans,
  splitSentences,
} from '../../../../functions/engine/text/sentences';
import { condense, keyPoints, summarize } from '../../../../functions/engine/text/local/summarize';
import { HARBOUR_CHAPTER, STUDY_CHAPTER } from './chapters';

describe('sentenceSpans', () => {
  it('returns sentences with offsets that point back into the text', () => {
    const text = 'Mr. Darcy bowed.  "Where is the whale?" asked Ahab.\n\nChapter Two\n\nThe sea was calm.';
    const spans = sentenceSpans(text);
    expect(spans.map((s) => s.text)).toEqual([
      'Mr. Darcy bowed.',
      '"Where is the whale?" asked Ahab.',
      'Chapter Two',
      'The sea was calm.',
    ]);
    for (const span of spans) expect(text.slice(span.start, span.end)).toBe(span.text);
  });

  it('keeps abbreviations, initials and decimals inside a sentence', () => {
    expect(splitSentences('Dr. J. Watson paid 3.50 for it, e.g. in coins. He left.')).toEqual([
      'Dr. J. Watson paid 3.50 for it, e.g. in coins.',
      'He left.',
    ]);
  });

  it('normalises whitespace in splitSentences as before', () => {
    expect(splitSentences('One  line\nwraps here. Next one!')).toEqual(['One line wraps here.', 'Next one!']);
  });
});

describe('paragraphSpans', () => {
  it('splits at blank lines, or at line breaks when there are none', () => {
    expect(paragraphSpans('A b.\n\n\nC d.\n  \nE.').map((p) => p.text)).toEqual(['A b.', 'C d.', 'E.']);
    expect(paragraphSpans('A b.\nC d.').map((p) => p.text)).toEqual(['A b.', 'C d.']);
  });
});

describe('countWords', () => {
  it('counts whitespace-separated words', () => {
    expect(countWords('  one two\tthree\nfour  ')).toBe(4);
    expect(countWords('')).toBe(0);
  });
});

describe('cutAtSentence', () => {
  it('ends at the last sentence end within the limit, closing quotes included', () => {
    const text = 'He said "Go." She went home. Then the rain began to fall.';
    expect(cutAtSentence(text, 40)).toBe('He said "Go." She went home.');
    expect(cutAtSentence(text, 400)).toBe(text);
  });
});

describe('summarize (used by book processing)', () => {
  it('keeps at most maxSentences sentences of the text, in order, within maxChars', () => {
    const summary = summarize(HARBOUR_CHAPTER.content, { maxSentences: 3, maxChars: 600 });
    expect(summary.length).toBeLessThanOrEqual(600);
    const sentences = splitSentences(HARBOUR_CHAPTER.content);
    const picked = splitSentences(summary.replace(/…$/, ''));
    expect(picked.length).toBeGreaterThan(0);
    expect(picked.length).toBeLessThanOrEqual(3);
    const positions = picked.map((p) => sentences.findIndex((s) => s.startsWith(p.slice(0, 40))));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('returns short texts whole', () => {
    expect(summarize('Only one sentence here.')).toBe('Only one sentence here.');
  });
});

describe('keyPoints', () => {
  it('gives distinct narrative points, not dialogue', () => {
    const points = keyPoints(STUDY_CHAPTER.content, 5);
    expect(points.length).toBeGreaterThanOrEqual(3);
    expect(points.length).toBeLessThanOrEqual(5);
    expect(new Set(points).size).toBe(points.length);
    for (const point of points) {
      expect(point).not.toMatch(/^"/);
      expect(point.length).toBeLessThanOrEqual(181);
    }
  });
});

describe('condense', () => {
  it('fits the word budget with whole sentences in text order', () => {
    const sentences = splitSentences(HARBOUR_CHAPTER.content);
    const result = condense(sentences, 60);
    expect(result.split(/\s+/).length).toBeLessThanOrEqual(60);
    const indices = splitSentences(result).map((s) => sentences.indexOf(s));
    expect(indices.every((i) => i >= 0)).toBe(true);
    expect([...indices].sort((a, b) => a - b)).toEqual(indices);
  });
});
