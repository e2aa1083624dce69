import { describe, expect, it } from 'vitest';
import { findCast } from '../../../../functions/engine/text/local/names';
import { attributeQuotations } from '../../../../functions/engine/text/local/reading/attribution';
import { scanQuotations } from '../../../../functions/engine/text/local/reading/quotations';
import { said } from './reading-helpers';

const cast = (text: string) => findCast(text).characters;

describe('a given name two families share', () => {
  // "Charles Hayter" is written whole more often than "Charles Musgrove", yet the bare "Charles" is
  // the one among the Musgroves.
  const hayter = (k: number) =>
    `Charles Hayter walked over from Winthrop on the ${k}th and stayed an hour with Miss Hayter.`;
  const musgroves = (k: number) =>
    `At the Great House the Musgroves sat down to dinner on the ${k}th. Mrs Musgrove poured the tea, and Charles came in late from shooting; Charles laughed at Mary, and Mary sulked.`;
  const text = [
    'Charles Musgrove had married Mary, and Charles Musgrove was the heir of the Great House.',
    'Everyone knew Charles Musgrove for a good-natured man.',
    ...Array.from({ length: 8 }, (_, k) => `${hayter(k + 1)} ${musgroves(k + 1)}`),
    '“Where is my gun?” said Charles.',
    '“In the hall,” said Mary.',
  ].join('\n\n');

  it('goes to the family the text was speaking of, and is written whole beside the other', () => {
    const characters = cast(text);
    const musgrove = characters.find((c) => c.aliases.includes('Charles Musgrove'));
    const other = characters.find((c) => c.aliases.includes('Charles Hayter'));
    expect(musgrove).toBeDefined();
    expect(other).toBeDefined();
    expect(musgrove).not.toBe(other);
    expect(musgrove!.aliases).toContain('Charles');
    expect(other!.aliases).not.toContain('Charles');
    // Two characters could be "Charles": the cast writes the name whole.
    expect(musgrove!.name).toBe('Charles Musgrove');
    expect(said(text)).toContainEqual(['Where is my gun?', 'Charles Musgrove']);
  });

  it('stays with the one the text names far more often when the other is a passing name', () => {
    const text = [
      ...Array.from(
        { length: 10 },
        (_, k) =>
          `Jane Fairfax came to the house on the ${k + 1}th. Jane sat by the window, and Miss Bates talked.`,
      ),
      'Her mother, Jane Bates, had died long ago.',
      '“It is raining,” said Jane.',
    ].join('\n\n');
    const jane = cast(text).find((c) => c.aliases.includes('Jane'));
    expect(jane?.aliases).toContain('Jane Fairfax');
    expect(jane?.name).toBe('Jane');
  });
});

describe('a rank written as a name', () => {
  const text = [
    'Admiral Croft took Kellynch Hall, and Admiral Croft walked in the park every morning.',
    'Sir Walter had once met an Admiral Baldwin, the most deplorable-looking personage.',
    'Admiral Croft laughed when he heard of it. Mrs Croft smiled at Anne.',
    'Admiral Croft and Mrs Croft drove to Uppercross. Anne went with them.',
    'The Admiral kept the reins, and the Admiral talked all the way.',
    '“We shall be there by noon,” said Mrs Croft.',
    '“Ah! my dear,” said the Admiral, “you always say so.”',
    '“And I am always right,” said Mrs Croft.',
  ].join('\n\n');

  it('"said the Admiral" is the admiral of the story, not one of an anecdote', () => {
    expect(said(text)).toContainEqual(['Ah! my dear,', 'Admiral Croft']);
    expect(said(text)).toContainEqual(['you always say so.', 'Admiral Croft']);
  });

  it('"the Admiral" in the narration is a mention of him', () => {
    const admiral = cast(text).find((c) => c.name === 'Admiral Croft')!;
    // Four times by name, three times by rank outside the quotations, and once in the tag.
    expect(admiral.mentions).toBeGreaterThanOrEqual(7);
  });

  it('a rank two people share as much is no one’s name', () => {
    const shared = [
      'Captain Harville and Captain Benwick came up from Lyme.',
      'Captain Harville limped; Captain Benwick read poetry.',
      '“Good day,” said the Captain.',
    ].join('\n\n');
    expect(said(shared)).not.toContainEqual(['Good day,', 'Captain Harville']);
    expect(said(shared)).not.toContainEqual(['Good day,', 'Captain Benwick']);
  });

  it('a rank before another name ("the Admiral Benbow") is no mention', () => {
    const inn = [
      'Admiral Croft sailed in the spring. Admiral Croft wrote home twice.',
      'Admiral Croft came back at last.',
      'We stayed at the Admiral Benbow that night.',
    ].join('\n\n');
    const admiral = cast(inn).find((c) => c.name === 'Admiral Croft')!;
    expect(admiral.mentions).toBe(3);
  });
});

describe('a name quoted alone', () => {
  const addressees = (text: string) => {
    const attribution = attributeQuotations(text, scanQuotations(text), findCast(text));
    return attribution.parts.map((p) => [text.slice(p.start, p.end), p.addressee?.name]);
  };
  const before = [
    'Louisa Musgrove ran down the steps of the Cobb. “I will jump,” said Louisa. Louisa jumped and fell.',
    'Weeks later Anne walked with Admiral Croft in Bath. “A fine day,” said Admiral Croft.',
  ];

  it('and closed by a full stop is the name said, not someone spoken to', () => {
    const text = [
      ...before,
      'He had forgotten a name, and Anne could safely suggest the name of “Louisa.”',
    ].join('\n\n');
    expect(addressees(text)).toContainEqual(['“Louisa.”', undefined]);
  });

  it('and called out is someone spoken to', () => {
    const text = [...before, '“Louisa!” cried Anne, for Louisa was on the steps again.'].join('\n\n');
    expect(addressees(text)).toContainEqual(['“Louisa!”', 'Louisa']);
  });
});
