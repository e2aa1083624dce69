import { describe, expect, it } from 'vitest';
import { classifyPhrase, scanEntities } from '../../../../functions/engine/text/local/entities';
import { findCast } from '../../../../functions/engine/text/local/names';

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
