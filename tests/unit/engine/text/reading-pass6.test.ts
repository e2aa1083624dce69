import { describe, expect, it } from 'vitest';
import { classifyPhrase, scanEntities } from '../../../../functions/engine/text/local/entities';
import { findCast } from '../../../../functions/engine/text/local/names';
import { quoteSpans } from '../../../../functions/engine/text/local/reading';

const names = (text: string) => findCast(text).characters.map((c) => c.name);
const kindOf = (text: string, key: string) => {
  const scan = scanEntities(text);
  return classifyPhrase(scan.phrases.get(key)!, scan.lowercase);
};

describe('places the narration names', () => {
  it('a name given to a thing with "called" is no speech tag: a headland is a place', () => {
    const text = [
      'From the cliff I could see all up the bay to where the headland called Kettleness stretches out into the sea.',
      'The sun was dropping behind Kettleness when Lucy woke.',
      '“Look at the light,” said Lucy. “It is red over Kettleness.”',
      'A man fell from the rocks at Kettleness long ago, and the stone says so.',
      'Mina sat by Lucy and said nothing. Then Mina rose. “Come home,” said Mina.',
    ].join('\n\n');
    expect(kindOf(text, 'Kettleness')).toBe('place');
    expect(names(text)).not.toContain('Kettleness');
    expect(names(text)).toEqual(expect.arrayContaining(['Lucy', 'Mina']));
  });

  it('an owner’s name before a place word is part of the place’s name', () => {
    const text = [
      'A lugger lay in what we called Kitt’s Hole, and the men rowed out to her.',
      'News of the lugger in Kitt’s Hole reached the town before dark.',
      'The supervisor rode on to Kitt’s Hole as fast as he could.',
      '“Jim,” said the captain, “fetch the rum.” Jim ran, and the captain laughed.',
    ].join('\n\n');
    expect(kindOf(text, 'Kitt')).toBe('place');
    expect(names(text)).not.toContain('Kitt');
  });

  it('a man who is “called” by a name with the line’s punctuation before it still speaks', () => {
    const text = [
      '“Come here,” called Harker, and Harker waited by the door.',
      '“I am coming,” called Harker again. Harker went out to the road.',
      '“Wait for me,” said Mina. Mina ran after him.',
    ].join('\n\n');
    expect(kindOf(text, 'Harker')).toBe('person');
  });
});

describe('a word of the language personified in passing', () => {
  it('"Dame Nature" beside "nature" written many times is no one of the story', () => {
    const filler = Array.from(
      { length: 12 },
      (_, k) => `It was in the nature of the place, and of its nature number ${k}, to keep its secrets.`,
    ).join(' ');
    const text = [
      filler,
      'It is something like the way Dame Nature gathers round a foreign body.',
      'Van Helsing nodded. “I have sown my corn, and Nature has her work to do,” said Van Helsing.',
      'I saw again the hand of Nature fighting for life, and Nature won.',
      'There were great precipices and falling water, and Nature seemed to have held her carnival there.',
      '“Then we wait,” said Seward. Seward sat down.',
    ].join('\n\n');
    expect(names(text)).not.toContain('Nature');
    expect(names(text)).toEqual(expect.arrayContaining(['Van Helsing', 'Seward']));
  });

  it('keeps a given name that is also a common word ("Rose" beside "rose")', () => {
    const filler = Array.from(
      { length: 12 },
      () => 'The sun rose over the hill, and the mist rose with it.',
    ).join(' ');
    const text = [
      filler,
      '“Good morning,” said Miss Rose. Rose smiled at the old woman.',
      '“You are early,” said the old woman. Rose laughed, and Rose sat down by the fire.',
    ].join('\n\n');
    expect(names(text)).toContain('Rose');
  });
});

describe('a description that acts beside a named character in the narration', () => {
  it('is someone else, though that character is about whenever it speaks', () => {
    const said = (text: string) =>
      quoteSpans(text).map((q) => [text.slice(q.start, q.end).replace(/^["“]|["”]$/g, ''), q.speaker]);
    const away = 'The road ran on between the wet fields, and the hedges dripped. '.repeat(80);
    // Mr. Hall is about in every scene the stranger speaks in; Mrs. Hall and the carrier talk with it.
    const inn = (k: number, partner: string) =>
      [
        `Mr. Hall stood at the bar of the inn, and Mr. Hall wiped a glass. Mr. Hall set down the glass as the stranger came in (${k}).`,
        `${partner} went up to the parlour.`,
        `“Your lunch, sir,” said ${partner}.`,
        '“Put it down,” said the stranger.',
        `“Will there be anything else?” said ${partner}.`,
        '“Nothing,” said the stranger.',
      ].join('\n\n');
    const text = [
      inn(1, 'Mrs. Hall'),
      away,
      'Mary and Jane sat by the fire in the cottage.',
      '“Is it late?” said Mary.',
      '“Not yet,” said Jane.',
      '“Then I shall sew,” said Mary.',
      '“And I shall read,” said Jane.',
      '“Read aloud, then,” said Mary.',
      '“If you wish it,” said Jane.',
      '“I do,” said Mary.',
      '“Then listen,” said Jane.',
      '“I am listening,” said Mary.',
      '“It is a sad story,” said Jane.',
      away,
      inn(2, 'Fearenside'),
      away,
      'Lucy came into the kitchen, where Kate was baking.',
      '“Is the bread done?” said Lucy.',
      '“Nearly,” said Kate.',
      '“Then I shall wait,” said Lucy.',
      '“Sit by the oven,” said Kate.',
      '“It is warm here,” said Lucy.',
      '“It always is,” said Kate.',
      away,
      inn(3, 'Mrs. Hall'),
    ].join('\n\n');
    const lines = said(text).filter(([words]) => /^(?:Nothing|Put it down)/.test(words!));
    expect(lines).toHaveLength(6);
    for (const [, speaker] of lines) expect(speaker).not.toBe('Mr. Hall');
  });
});
