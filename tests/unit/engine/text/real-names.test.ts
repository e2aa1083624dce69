import { describe, expect, it } from 'vitest';
import { classifyPhrase, scanEntities } from '../../../../functions/engine/text/local/entities';
import { protagonistScore } from '../../../../functions/engine/text/local/characters';
import { dialogueWithNarrator } from '../../../../functions/engine/text/local/dialogue';
import { findCast, isNicknameOf, sameCharacterName } from '../../../../functions/engine/text/local/names';
import { buildPlotOverview } from '../../../../functions/engine/text/local/plot';
import { PRIDE_AND_PREJUDICE } from '../../../fixtures/real-novels/pride-and-prejudice';

/** The fixture's chapters, split at its "Chapter N." headings. */
const PRIDE_AND_PREJUDICE_CHAPTERS = PRIDE_AND_PREJUDICE.text
  .split(/^Chapter \d+\.$/m)
  .slice(1)
  .map((content, i) => ({ title: `Chapter ${i + 1}`, content: content.trim() }));

/** How real novels name people: families under one surname, pet names, capitals, honorifics. */
const names = (text: string, knownNames?: string[]) =>
  findCast(text, { knownNames }).characters.map((c) => c.name);

const FAMILY = `‘My dear Mr. Bennet,’ said his lady to him one day, ‘have you heard that Netherfield Park is let at last?’

Mr. Bennet replied that he had not. Mrs. Bennet sighed. ‘You take delight in vexing me,’ cried Mrs. Bennet.

‘I have a high respect for your nerves,’ said Mr. Bennet, and Mrs. Bennet said nothing. Mr. Bennet smiled.

Mr. Darcy looked at the eldest Miss Bennet. Elizabeth laughed, and Mrs. Bennet frowned at Mr. Bennet.`;

describe('families under one surname', () => {
  it('keeps "Mr. Bennet" and "Mrs. Bennet" apart and drops the ambiguous "Miss Bennet"', () => {
    const cast = findCast(FAMILY);
    const found = cast.characters.map((c) => c.name);
    expect(found).toEqual(expect.arrayContaining(['Mr. Bennet', 'Mrs. Bennet', 'Mr. Darcy', 'Elizabeth']));
    expect(found).not.toContain('Bennet');
    expect(found).not.toContain('Miss Bennet');
    const wife = cast.characters.find((c) => c.name === 'Mrs. Bennet')!;
    expect(wife.gender).toBe('female');
    expect(wife.mentions).toBe(4);
    expect(cast.characters.find((c) => c.name === 'Mr. Bennet')!.mentions).toBe(5);
    for (const m of cast.mentions) expect(m.character.aliases).toContain(FAMILY.slice(m.start, m.end));
  });

  it('keeps both known names of one family apart in a chapter that uses only one of them', () => {
    const chapter = 'Mrs. Bennet was quite disconcerted. “Jane was so admired,” said Mrs. Bennet.';
    expect(names(chapter, ['Mr. Bennet', 'Mrs. Bennet', 'Jane'])).toEqual(
      expect.arrayContaining(['Mrs. Bennet', 'Jane']),
    );
    expect(names(chapter, ['Mr. Bennet', 'Mrs. Bennet', 'Jane'])).not.toContain('Mr. Bennet');
  });

  it('tells names of one family apart by title', () => {
    expect(sameCharacterName('Mr. Bennet', 'Bennet')).toBe(true);
    expect(sameCharacterName('Mr. Bennet', 'Mr Bennet')).toBe(true);
    expect(sameCharacterName('Mr. Bennet', 'Mrs. Bennet')).toBe(false);
    expect(sameCharacterName('Miss Bennet', 'Mrs. Bennet')).toBe(false);
  });
});

describe('pet names', () => {
  it('knows pet forms from the list and by their ending', () => {
    expect(isNicknameOf('Lizzy', 'Elizabeth')).toBe(true);
    expect(isNicknameOf('Kitty', 'Catherine')).toBe(true);
    expect(isNicknameOf('Siddy', 'Sid')).toBe(true);
    expect(isNicknameOf('Tommy', 'Tom')).toBe(true);
    expect(isNicknameOf('Rodya', 'Rodion')).toBe(true);
    expect(isNicknameOf('Polly', 'Mary')).toBe(false);
    expect(isNicknameOf('Tom', 'Tomas')).toBe(false);
    expect(isNicknameOf('Sid', 'Sid')).toBe(false);
  });

  it('makes "Elizabeth" and "Lizzy" one character, and "Catherine" the known "Kitty"', () => {
    const text = `“When is your next ball to be, Lizzy?” said Mr. Bennet. Elizabeth laughed. “To-morrow,” said Elizabeth.

Lizzy smiled at her father. Catherine and Lydia danced all evening, and Elizabeth watched them.`;
    const found = names(text);
    expect(found).toContain('Elizabeth');
    expect(found).not.toContain('Lizzy');
    expect(names(text, ['Kitty', 'Elizabeth'])).toEqual(expect.arrayContaining(['Kitty', 'Elizabeth']));
    expect(names(text, ['Kitty', 'Elizabeth'])).not.toContain('Catherine');
  });

  it('folds a full name into the short name the book knows', () => {
    const chapter = 'Ben Rogers hove in sight presently. Ben stared a moment. “Say, Tom,” said Ben.';
    expect(names(chapter, ['Ben', 'Tom'])).toEqual(['Ben', 'Tom']);
  });
});

describe('what is not a character', () => {
  it('reads a name shouted in capitals as the name', () => {
    const text = `“TOM!”\n\nNo answer.\n\n“TOM!” Tom laughed. Tom ran. “Siddy, I’ll lick you,” said Tom. Sid cried.`;
    const found = names(text);
    expect(found).toContain('Tom');
    expect(found).not.toContain('TOM');
    expect(found).not.toContain('Siddy');
  });

  it('a name only ever written in capitals is not a character of its own', () => {
    const text = `Irene Adler smiled. Irene Adler left. Miss Irene sang. “Yours, IRENE NORTON.” Holmes laughed.`;
    const found = names(text);
    expect(found).toContain('Irene Adler');
    expect(found).not.toContain('Irene Norton');
    expect(found).not.toContain('Miss Irene');
  });

  it('honorifics, ranks’ countries and steamboats are not people', () => {
    const text = `“If your Majesty would condescend,” said Holmes. His Majesty sat down. “Your Majesty is right,” said Holmes.
The King of Bohemia rushed in. He was the King of Bohemia. Ben was being the Big Missouri, and the late steamer Big Missouri sweated. Ben laughed.`;
    const found = names(text);
    expect(found).toEqual(expect.arrayContaining(['Holmes', 'Ben']));
    for (const no of ['Majesty', 'Bohemia', 'Big Missouri', 'Missouri']) expect(found).not.toContain(no);
    const scan = scanEntities(text);
    expect(classifyPhrase(scan.phrases.get('Bohemia')!, scan.lowercase)).toBe('place');
  });

  it('"Mars Tom" in dialect is Tom', () => {
    const text = `“Can’t, Mars Tom,” said Jim. Tom grinned. “Oh, I dasn’t, Mars Tom.” Tom laughed and Jim ran. Tom sat.`;
    expect(names(text)).toEqual(['Tom', 'Jim']);
  });
});

describe('first-person narrators', () => {
  const TOLD_BY_WATSON = [
    'I had seen little of Holmes lately. My marriage had drifted us away from each other, and I seldom called at Baker Street. '.repeat(
      8,
    ),
    '"Wedlock suits you," Holmes remarked. "I think, Watson, that you have put on seven pounds."',
    '"Seven!" I answered.',
    '"Just a trifle more, I fancy, Watson. You see, but you do not observe."',
    '"My dear Holmes," said I, "this is too much."',
    'I laughed, and my friend lit his pipe. I sat by the fire and watched him pace the room.',
  ].join('\n\n');

  it('finds the narrator others call by name, and gives them the lines tagged "said I"', () => {
    const cast = findCast(TOLD_BY_WATSON);
    const { quotes, narrator } = dialogueWithNarrator(TOLD_BY_WATSON, cast);
    expect(narrator?.name).toBe('Watson');
    const line = (words: string) => quotes.find((q) => q.text.includes(words))!;
    expect(line('Seven!').speaker?.name).toBe('Watson');
    expect(line('this is too much').speaker?.name).toBe('Watson');
    expect(line('Wedlock suits you').speaker?.name).toBe('Holmes');
  });

  it('a third-person book has no narrator', () => {
    const text = `${'Tom whitewashed the fence and Ben watched him. '.repeat(40)}\n\n"Say, Tom," said Ben. "Let me try."`;
    expect(dialogueWithNarrator(text, findCast(text)).narrator).toBeUndefined();
  });
});

describe('the protagonist', () => {
  it('counts names seen from outside ("Mr. Bingley") by half and thoughts followed ("Elizabeth felt") in full', () => {
    const bingley = { aliases: ['Bingley'], mentions: 30, surfaces: new Map([['Mr. Bingley', 30]]) };
    const elizabeth = { aliases: ['Elizabeth'], mentions: 17, surfaces: new Map([['Elizabeth', 17]]) };
    const sentences = [
      'Elizabeth felt Jane’s pleasure.',
      'Elizabeth listened in silence.',
      'Mr. Bingley danced.',
    ];
    expect(protagonistScore(bingley, sentences)).toBe(15);
    expect(protagonistScore(elizabeth, sentences)).toBe(23);
  });

  it('makes the heroine of a family novel its protagonist, not the most mentioned gentleman', () => {
    const plot = buildPlotOverview(PRIDE_AND_PREJUDICE_CHAPTERS);
    expect(plot.characters.find((c) => c.role === 'protagonist')?.name).toBe('Elizabeth');
    expect(plot.characters.map((c) => c.name)).toEqual(
      expect.arrayContaining(['Mr. Bennet', 'Mrs. Bennet', 'Darcy', 'Mr. Bingley', 'Jane']),
    );
  });
});

describe('names only spoken to someone', () => {
  it('folds "Miss Harrow", said only in dialogue around Nell, into Nell', () => {
    const text = [
      'In the morning Nell was buying lamp oil when Captain Crane stepped out of the crowd.',
      '“Miss Harrow,” Crane said, and touched his hat. “A word, if you please.”',
      '“Make it a short one,” Nell said.',
      '“Everything is for sale, Miss Harrow,” Crane said.',
      'Nell felt the blood leave her face. She turned away, and Crane laughed.',
    ].join('\n\n');
    const cast = findCast(text);
    expect(cast.characters.map((c) => c.name)).toContain('Miss Harrow');
    const { quotes } = dialogueWithNarrator(text, cast);
    expect(cast.characters.map((c) => c.name).sort()).toEqual(['Crane', 'Nell']);
    const nell = cast.characters.find((c) => c.name === 'Nell')!;
    expect(nell.mentions).toBe(5);
    expect(quotes.find((q) => q.text.startsWith('Make it'))!.speaker).toBe(nell);
  });

  it('keeps a titled name the narration uses, and one spoken near two women', () => {
    const text = [
      'Nell and Tess waited on the quay. Miss Pell came down the steps.',
      '“Miss Pell,” Crane said. “Good morning.”',
      '“Good morning, Miss Pell,” Nell said, and Tess smiled.',
    ].join('\n\n');
    const cast = findCast(text);
    dialogueWithNarrator(text, cast);
    expect(cast.characters.map((c) => c.name)).toContain('Miss Pell');
  });
});
