import { describe, expect, it } from 'vitest';
import { dialogueWithNarrator } from '../../../../functions/engine/text/local/dialogue';
import { findCast } from '../../../../functions/engine/text/local/names';
import { away, said, SISTERS_AT_THE_FIRE } from './reading-helpers';

describe('a description that talks with a named character', () => {
  it('is someone else, though that character is present wherever it speaks', () => {
    const text = [
      'Pip stood before the committee in the great hall.',
      '“What is your name?” asked the gentleman in the grey coat.',
      'Pip trembled, and Pip said nothing.',
      '“The boy is a fool,” said the gentleman in the grey coat.',
      'Pip wept. Pip looked at the floor.',
      '“He will come to no good,” said the gentleman in the grey coat.',
      'Pip shook his head.',
      '“He should be sent to sea,” said the gentleman in the grey coat.',
      'Pip looked up at the window.',
      '“Take him away,” said the gentleman in the grey coat.',
      '“Please, sir, let me stay,” replied Pip.',
      '“Away with him,” said the gentleman in the grey coat.',
      away,
      ...SISTERS_AT_THE_FIRE,
      away,
      'Lucy came into the kitchen, where Kate was baking.',
      '“Is the bread done?” said Lucy.',
      '“Nearly,” said Kate.',
    ].join('\n\n');
    const lines = said(text);
    for (const line of ['The boy is a fool,', 'Take him away,', 'Away with him,'])
      expect(lines.find(([words]) => words === line)?.[1]).not.toBe('Pip');
  });
});

describe('"he" and "she" after narration', () => {
  it('stand for the subject of the last sentence that names someone of that sex, not the last named', () => {
    const text = [
      'Ann and Lucy walked up to the house, where Mrs. Grey was waiting at the door.',
      '“You are late,” said Mrs. Grey.',
      '“We are,” said Ann.',
      'Ann made her curtsey, and, finding that nothing more was to be had from Mrs. Grey’s talk, turned to Lucy.',
      '“Why do you smile?” said she.',
    ].join('\n\n');
    expect(said(text).at(-1)).toEqual(['Why do you smile?', 'Ann']);
  });

  it('read a title’s stop as no end of a sentence', () => {
    const text = [
      'Rose and Hester sat in the kitchen of the farm.',
      '“Good morning,” said Hester.',
      '“Good morning,” said Rose.',
      'The door opened. Mrs. Pell came in and looked Rose over from head to foot.',
      '“Where were you born?” she demanded.',
    ].join('\n\n');
    expect(said(text).at(-1)).toEqual(['Where were you born?', 'Mrs. Pell']);
  });
});

describe('the speaker of a tag before the line', () => {
  const scene = 'Nell and Dora sat in the parlour, and Tom came in with the tea.';
  it('is not a name after "the … of" nor the subject of a clause set inside the sentence', () => {
    const text = [
      scene,
      'But Nell, seeing the frown on Dora’s face, said kindly:',
      '“You must take a piece, Tom.”',
      'Dora, going to the window, where Nell was standing by the curtain, said gently:',
      '“Will you stay tonight?”',
      'Tom reached across the table, picked up the end of Dora’s ribbon and said in a whisper:',
      '“Ribbons! Ribbons!”',
    ].join('\n\n');
    expect(said(text).map(([, who]) => who)).toEqual(['Nell', 'Dora', 'Tom']);
  });

  it('is the subject of a clause that is not closed before the verb, and the owner of a voice', () => {
    const text = [
      scene,
      'Nell was about to speak, when Tom startled her, by saying,',
      '“You will not ask me why.”',
      'A knock came at the door.',
      '“It is me!” replied the voice of Dora, through the key-hole.',
    ].join('\n\n');
    expect(said(text).map(([, who]) => who)).toEqual(['Tom', 'Dora']);
  });
});

describe('tags that end the paragraph before a line', () => {
  it('read a clause joined by "; and", a bare "say" after "heard", and a noun of speech a few words back', () => {
    const text = [
      'Nora and Bess sat in the parlour with Mr. Hale, and Kitty worked at the window.',
      'Nora looked up, and saw what was meant; and after a little thought, as to whether she should laugh, answered,',
      '“Never again! That is a new plan.”',
      'All was quiet, until, as they stood up, Bess heard Mr. Hale say to Kitty--',
      '“My nephew comes to us next week.”',
      'Kitty smiled; but Bess’s remark was, a little later--',
      '“He will not like the town.”',
    ].join('\n\n');
    expect(said(text).map(([, who]) => who)).toEqual(['Nora', 'Mr. Hale', 'Bess']);
  });
});

describe('who can speak an untagged line', () => {
  it('is someone the book has speak, not someone only talked of in the narration', () => {
    const text = [
      'Nora and Bess sat in the garden after dinner.',
      '“It is a fine evening,” said Nora.',
      '“Very fine,” said Bess.',
      'Nora thought of Dr. Grant, and of Dr. Grant’s advice, and of all that Dr. Grant would say of the damp grass.',
      '“We ought to go in before the dew falls.”',
      '“Oh, not yet, not yet!”',
    ].join('\n\n');
    const speakers = said(text).map(([, who]) => who);
    expect(speakers).not.toContain('Dr. Grant');
    expect(speakers.slice(2)).toEqual(['Nora', 'Bess']);
  });
});

describe('a "he said" in a story told by an "I"', () => {
  const text = [
    'I had worked at the harbour inn since the winter, and I knew every lodger of it. '.repeat(5),
    'At dusk I carried a lamp up to the sailor’s cabin. He sat on his bunk, pale and restless.',
    '“Ned,” he said, “you are the one lad here I can trust.”',
    '“I will fetch the doctor,” said I.',
    '“No, no,” said he, “no doctors for me.”',
  ].join('\n\n');

  it('is never the narrator, and is the one the narration described just before', () => {
    const lines = said(text);
    expect(lines.map(([, who]) => who)).toEqual([
      'The Sailor',
      'The Sailor',
      'Ned',
      'The Sailor',
      'The Sailor',
    ]);
  });

  it('gives a script the same speakers as the reading', () => {
    const cast = findCast(text);
    const { quotes } = dialogueWithNarrator(text, cast, { describedSpeakers: true });
    expect(quotes.map((q) => q.speaker?.name)).toEqual(['The Sailor', 'Ned', 'The Sailor']);
    expect(cast.characters.map((c) => c.name)).toContain('The Sailor');
  });
});

describe('a sentence after a finished line, about the one the line calls by name', () => {
  const text = [
    'Ellen and Walter Price drove down the hill in his cart, and Walter Price whipped the pony.',
    '“Price, you drive too fast,” said Ellen.',
    '“Not I,” said Walter Price.',
    '“Do stop, Mr. Price. I will get down here.” But Mr. Price only laughed, and drove on.',
    '“Stop, Mr. Price, I beg of you!” Mr. Price laughed again, and cracked his whip.',
  ].join('\n\n');

  it('is not the line’s tag, nor a sign that the two names are two people', () => {
    const lines = said(text);
    expect(lines[2]![1]).toBe('Ellen');
    const thorpes = findCast(text).characters.filter((c) => c.aliases.some((a) => a.includes('Price')));
    expect(thorpes).toHaveLength(1);
  });
});

describe('names the dialogue keeps apart', () => {
  it('are not kept apart by a sentence before a line that names the one it speaks to', () => {
    const text = [
      'Walter Price came home late, and Walter Price found Ellen in the hall.',
      '“You are late,” said Ellen.',
      '“The roads were bad,” said Walter Price.',
      'Ellen met Mr. Price at the door of the study, with a smiling face, exclaiming,',
      '“I congratulate you, Mr. Price, with all my heart.”',
      '“Thank you,” said Mr. Price.',
    ].join('\n\n');
    const prices = findCast(text).characters.filter((c) => c.aliases.some((a) => a.includes('Price')));
    expect(prices).toHaveLength(1);
  });
});
