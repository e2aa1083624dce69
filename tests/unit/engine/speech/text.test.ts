import { describe, expect, it } from 'vitest';
import { chunkText, speakableText, tokenizeWords } from '../../../../functions/engine/speech/text';

describe('speakableText', () => {
  it('keeps the length so offsets stay valid, replacing markup, controls and emoji', () => {
    const input = 'A <b>bold</b> move\u0007 😀 done.\n\nNext';
    const output = speakableText(input);
    expect(output).toHaveLength(input.length);
    expect(output).toBe('A  b bold /b  move     done.\n\nNext');
  });

  it('leaves ordinary prose untouched', () => {
    const prose = 'Léa said: "It\'s 3:45 — time to go!"\tOK?';
    expect(speakableText(prose)).toBe(prose);
  });
});

describe('tokenizeWords', () => {
  const words = (text: string) => tokenizeWords(text).map((token) => token.word);

  it('joins contractions, hyphenations, abbreviations and numbers into one word each', () => {
    expect(words("It's a well-known fact: the U.S.A. won 1,234 medals at 3:45pm, 2.5 each.")).toEqual([
      "It's",
      'a',
      'well-known',
      'fact',
      'the',
      'U.S.A',
      'won',
      '1,234',
      'medals',
      'at',
      '3:45pm',
      '2.5',
      'each',
    ]);
  });

  it('keeps accented letters and combining marks, and reports offsets into the text', () => {
    const text = '«Oui», dit Noe\u0308l à Léa.';
    const tokens = tokenizeWords(text);
    expect(tokens.map((t) => t.word)).toEqual(['Oui', 'dit', 'Noe\u0308l', 'à', 'Léa']);
    for (const token of tokens) expect(text.slice(token.charStart, token.charEnd)).toBe(token.word);
  });

  it('does not join words across a comma or a trailing dash', () => {
    expect(words('cats,dogs and end- start')).toEqual(['cats', 'dogs', 'and', 'end', 'start']);
  });
});

describe('chunkText', () => {
  const paragraph = (n: number) =>
    Array.from({ length: n }, (_, i) => `Sentence number ${i + 1} of this paragraph is here.`).join(' ');

  it('returns one chunk per paragraph when paragraphs are short, marking paragraph ends', () => {
    const text = `${paragraph(2)}\n\n${paragraph(3)}\n  \n${paragraph(1)}`;
    const chunks = chunkText(text, { maxChars: 1000, keepParagraphs: true });
    expect(chunks).toHaveLength(3);
    expect(chunks.every((c) => c.paragraphEnd)).toBe(true);
    expect(text.slice(chunks[1]!.start, chunks[1]!.end)).toBe(paragraph(3));
  });

  it('splits long paragraphs at sentence ends within the limit and covers every word in order', () => {
    const text = `${paragraph(40)}\n\n${paragraph(40)}`;
    const chunks = chunkText(text, { maxChars: 300, keepParagraphs: true });
    expect(chunks.length).toBeGreaterThan(8);
    for (const chunk of chunks) {
      expect(chunk.end - chunk.start).toBeLessThanOrEqual(300);
      expect(text.slice(chunk.start, chunk.end)).toMatch(/\.$/);
    }
    const rejoined = chunks.flatMap((c) => tokenizeWords(text.slice(c.start, c.end)).map((t) => t.word));
    expect(rejoined).toEqual(tokenizeWords(text).map((t) => t.word));
    expect(chunks.filter((c) => c.paragraphEnd)).toHaveLength(2);
  });

  it('packs paragraphs together when asked, for fewer requests', () => {
    const text = `${paragraph(2)}\n\n${paragraph(2)}\n\n${paragraph(2)}`;
    const chunks = chunkText(text, { maxChars: 2800, keepParagraphs: false });
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).toMatchObject({ start: 0, end: text.length });
  });

  it('cuts an over-long sentence at clauses, then spaces, then anywhere', () => {
    const clauses = Array.from({ length: 30 }, (_, i) => `clause ${i} goes on`).join(', ');
    for (const chunk of chunkText(clauses, { maxChars: 100, keepParagraphs: true })) {
      expect(chunk.end - chunk.start).toBeLessThanOrEqual(100);
    }
    const word = 'x'.repeat(250);
    const pieces = chunkText(word, { maxChars: 100, keepParagraphs: true });
    expect(pieces.map((c) => c.end - c.start)).toEqual([100, 100, 50]);
  });

  it('returns nothing for blank text', () => {
    expect(chunkText('  \n\n ', { maxChars: 100, keepParagraphs: true })).toEqual([]);
  });
});
