import { describe, expect, it } from 'vitest';
import { classifyPhrase, scanEntities } from '../../../../functions/engine/text/local/entities';
import { findCast } from '../../../../functions/engine/text/local/names';
import { away, said, SISTERS_AT_THE_FIRE } from './reading-helpers';
import { detectGenre } from '../../../../functions/engine/text/local/genre';
import { detectAudience } from '../../../../functions/engine/text/local/plot';
import { describePersona } from '../../../../functions/engine/text/local/persona';

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
      ...SISTERS_AT_THE_FIRE,
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

describe('characters the book never names', () => {
  const tale = [
    'I saw the creature at the window. The creature grinned, and the monster pointed at the corpse of my brother.',
    '“I will be with you on your wedding-night,” said the daemon, and the daemon fled across the ice.',
    'Elizabeth wept. The fiend had gone; the monster was far away, and Elizabeth slept at last.',
    'I followed the fiend to the north. The daemon left marks upon the trees, and the monster laughed.',
    '“You are my creator,” said the fiend, “but I am your master.” The creature turned away.',
    'Clerval took my hand. “Be calm,” said Clerval. Clerval had seen nothing of the monster.',
    'At dawn the fiend was gone again, and the daemon’s marks were covered with snow.',
    'The daemon watched us from the rocks; the creature was patient, and the monster never slept.',
  ].join('\n\n');

  it('a being called "the monster", "the fiend", "the daemon" is one character of the story', () => {
    const cast = findCast(tale);
    const being = cast.characters.filter((c) => /creature|monster|daemon|fiend/i.test(c.name));
    expect(being).toHaveLength(1);
    expect(being[0]!.name).toBe('The Creature');
    expect(being[0]!.mentions).toBeGreaterThanOrEqual(15);
    expect(names(tale)).toEqual(expect.arrayContaining(['Elizabeth', 'Clerval']));
  });

  it('one word for a beast said in passing is no character', () => {
    const text = [
      'The monster of a wave broke over the bow, and Jim held on.',
      '“Hold fast!” said Silver. Silver laughed at the storm.',
      'Jim thought of the monster of the deep that the old sailors told of, and of the monster in the tale.',
    ].join('\n\n');
    expect(findCast(text).characters.some((c) => /monster/i.test(c.name))).toBe(false);
  });
});

describe('names with a month’s word in them', () => {
  it('the March Hare and Aunt March are characters; a month after "in" is not', () => {
    const text = [
      'The March Hare took the watch and looked at it gloomily. “It was the best butter,” said the March Hare.',
      '“Have some wine,” the March Hare said. Alice looked at the March Hare.',
      'Aunt March sat by the fire. “You will come to me,” said Aunt March, and Aunt March frowned at Jo.',
      '“I will not,” said Jo. In March Jo went to town; in May Jo came home again.',
    ].join('\n\n');
    const cast = names(text);
    expect(cast).toEqual(expect.arrayContaining(['The March Hare', 'Aunt March', 'Jo']));
    expect(cast).not.toContain('The Hare');
    expect(cast).not.toContain('Hare');
    expect(cast.some((n) => /^(?:March Jo|May Jo)$/.test(n))).toBe(false);
  });

  it('a mountain is no one: "Mont Blanc" is a place', () => {
    const text = [
      'We passed the bridge and saw Mont Blanc above us. The summit of Mont Blanc was hidden in cloud.',
      '“Look at Mont Blanc,” said Elizabeth. Elizabeth smiled at the mountain.',
      'Mont Blanc rose before us, and Mont Blanc shone in the sun.',
    ].join('\n\n');
    expect(names(text)).not.toContain('Mont Blanc');
  });
});

describe('what kind of book it is', () => {
  const filler = 'The days went by at the farm, and the hay was brought in from the fields. '.repeat(80);
  it('a murder and a trial without detection make no mystery: a tale of a monster is horror', () => {
    const text = [
      filler,
      'The murder of my brother was laid to the charge of Justine; the trial began, and every witness spoke against her.',
      'The evidence of the murder was strong; the victim lay in the coffin, and suspicion fell upon the innocent.',
      'The murderer, the fiend, the monster I had made, fled across the ice; horror and despair seized me.',
      'I saw the daemon in the dread light; the wretch was hideous, and the corpse of my friend lay at my feet.',
    ].join('\n\n');
    expect(detectGenre(text).split(',')[0]).toBe('Horror');
  });

  it('a book of detectives, clues and police is a mystery', () => {
    const text = [
      filler,
      'The detective found a clue at the scene of the murder, and the inspector sent for the police.',
      'The evidence pointed to the suspect; the detective studied the footprints and the clues once more.',
      'The police took the criminal, and the inspector thanked the detective for his deduction.',
    ].join('\n\n');
    expect(detectGenre(text).split(',')[0]).toBe('Mystery');
  });
});

describe('who a book is for', () => {
  it('a fantasy whose only strong words are its threats is for children too', () => {
    const text = [
      '“Off with her head!” the Queen shouted. “You shall be beheaded!” said the Queen to the gardeners.',
      'The King said that anything with a head could be beheaded, and the Queen agreed.',
      'Alice ran on through the garden, and the White Rabbit hurried after her. It was a very curious day.',
    ].join('\n\n');
    expect(detectAudience(text, 'Horror')).toBe('Adults (mature content)');
    expect(detectAudience(text, 'Fantasy')).not.toMatch(/Adults|Teens/);
  });
});

describe('how a character looks, when the text says nothing of it', () => {
  const persona = (sex: 'female' | 'male', age?: 'child' | 'young' | 'old') => ({
    sex,
    human: true,
    ...(age ? { age } : {}),
    build: [],
    looks: [],
    clothes: [],
  });
  it('gives no age the text does not give: a girl of unknown age is not "a woman"', () => {
    expect(describePersona('Alice', persona('female'))).toBe('The book says little of how she looks.');
    expect(describePersona('William', persona('male'))).toBe('The book says little of how he looks.');
    expect(describePersona('Safie', persona('female', 'young'))).toBe(
      'A young woman; the book says little more of how she looks.',
    );
    expect(describePersona('Tom', persona('male', 'child'))).toBe(
      'A boy; the book says little more of how he looks.',
    );
  });
});
