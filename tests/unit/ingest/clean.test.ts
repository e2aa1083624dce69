import { describe, expect, it } from 'vitest';
import { cleanChapterContent } from '../../../functions/books/ingest';

describe('cleanChapterContent', () => {
  it('normalises Unicode to NFC and spaces to plain spaces', () => {
    expect(cleanChapterContent('Cafe\u0301\u00a0au\tlait  \u2003 today')).toBe('Café au lait today');
    expect(cleanChapterContent('in\u200bvisible\u00ad and\ufeff gone')).toBe('invisible and gone');
  });

  it('keeps paragraph breaks and collapses runs of blank lines', () => {
    expect(cleanChapterContent('\n\n  First paragraph.  \n\n\n\n\nSecond paragraph.\n \n \nThird.\n\n')).toBe(
      'First paragraph.\n\nSecond paragraph.\n\nThird.',
    );
  });

  it('keeps line breaks inside a paragraph', () => {
    expect(cleanChapterContent('The sea was grey,\nthe sky was wide.')).toBe(
      'The sea was grey,\nthe sky was wide.',
    );
  });

  it('removes stray page-number lines', () => {
    expect(cleanChapterContent('End of a page.\n\n12\n\nPage 13\n- 14 -\n\nNext page.')).toBe(
      'End of a page.\n\nNext page.',
    );
    expect(cleanChapterContent('He counted to\n3 and ran.')).toBe('He counted to\n3 and ran.');
  });

  it('joins words hyphenated at line ends, but not real compounds', () => {
    expect(cleanChapterContent('a wonder-\nful exam-\nple')).toBe('a wonderful example');
    expect(cleanChapterContent('said Jean-\nLuc')).toBe('said Jean-\nLuc');
    expect(cleanChapterContent('a well-known fact')).toBe('a well-known fact');
  });

  it('handles empty and huge input', () => {
    expect(cleanChapterContent('   \n\n  ')).toBe('');
    const huge = 'word '.repeat(400_000);
    expect(cleanChapterContent(huge)).toHaveLength(huge.length - 1);
  });
});
