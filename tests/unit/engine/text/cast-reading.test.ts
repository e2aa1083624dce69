import { describe, expect, it } from 'vitest';
import { findCast, mainCharacters } from '../../../../functions/engine/text/local/names';

/** The cast as the plot overview lists it, by name. */
const listed = (text: string) => mainCharacters(findCast(text)).map((c) => c.name);
const named = (text: string, name: string) => findCast(text).characters.find((c) => c.name === name);

describe('roles told apart by a qualifier', () => {
  // Three chapters, each about one Warden; between them "the Keeper" and "the Shade" are the one of the chapter.
  const KEEPERS = [
    'Oriel slept in the tower. The Keeper of Ashes came in at midnight. “I am the Keeper of Ashes,” said the Shade. “Rise,” said the Keeper. The Keeper lifted the lamp. “Follow,” said the Shade. Oriel followed the Keeper down the stair, and the Keeper turned.',
    'The bell rang twice. The Keeper of Thorns stood by the fire. “Look,” said the Keeper. The Keeper of Thorns laughed. “Eat,” said the Shade. Oriel ate, and the Keeper watched. “Enough,” said the Keeper.',
    'Snow fell on the roofs. The Keeper of Winter Yet to Come said nothing. The Keeper pointed. “Speak!” cried Oriel. The Shade turned. The Keeper of Winter Yet to Come waited, and the Keeper pointed again. “No,” said Oriel.',
  ].join('\n\n\n');

  it('reads a role through "to" when a capital follows ("… Yet to Come")', () => {
    const cast = findCast(KEEPERS);
    expect(cast.characters.map((c) => c.name)).toContain('The Keeper of Winter Yet to Come');
  });

  it('gives "the Keeper" and "the Shade" of each chapter to the qualified role that chapter names', () => {
    const cast = findCast(KEEPERS);
    const dawn = cast.characters.find((c) => c.name === 'The Keeper of Ashes')!;
    const noon = cast.characters.find((c) => c.name === 'The Keeper of Thorns')!;
    const night = cast.characters.find((c) => c.name === 'The Keeper of Winter Yet to Come')!;
    // Two qualified mentions each, the rest by the bare words of the chapter.
    expect(dawn.mentions).toBeGreaterThanOrEqual(7);
    expect(noon.mentions).toBeGreaterThanOrEqual(5);
    expect(night.mentions).toBeGreaterThanOrEqual(5);
    const chapterTwo = KEEPERS.indexOf('The bell rang');
    const chapterThree = KEEPERS.indexOf('Snow fell');
    for (const m of cast.mentions.filter((m) => m.start >= chapterTwo && m.start < chapterThree))
      expect(m.character.name).not.toBe('The Keeper of Ashes');
    expect(listed(KEEPERS)).toEqual(
      expect.arrayContaining([
        'The Keeper of Ashes',
        'The Keeper of Thorns',
        'The Keeper of Winter Yet to Come',
      ]),
    );
    expect(listed(KEEPERS)).not.toContain('The Shade');
  });

  it('leaves a bare role word to no one in a chapter that names no qualified role', () => {
    const text = [
      'The Ghost came in. “Hear me,” said the Ghost. The Ghost moaned, and Tobin shook.',
      KEEPERS.split('\n\n\n')[0],
      KEEPERS.split('\n\n\n')[1],
    ].join('\n\n\n');
    const cast = findCast(text);
    const opening = text.indexOf('\n\n\n');
    expect(cast.mentions.filter((m) => m.start < opening && m.character.role)).toEqual([]);
  });
});

describe('a person named once in a scene', () => {
  it('lists one spoken to in a tagged line resumed in the second person', () => {
    const text = [
      'Tobin came home late. His wife sat by the fire with the children.',
      '“Maren,” said Tobin, turning to his wife, “I saw your brother today.”',
      'She looked up and smiled. The children laughed. Tobin sat down. Tobin was tired, and Tobin slept.',
    ].join('\n\n');
    expect(listed(text)).toContain('Maren');
  });

  it('does not take an interjection that opens a line for someone spoken to', () => {
    const text = [
      '“Halloa,” cried Tobin, “who is there?” Nobody answered. Tobin waited.',
      'Tobin went on. “Halloa,” said Tobin, “are you there?” Tobin laughed. Tobin slept.',
    ].join('\n\n');
    // "Halloa" is spoken to a "you" once, but no tagged line addresses it as the whole opening more than that…
    // …so the rule must still read the second line: an interjection the text writes in lower case is none.
    const withLowercase = `${text}\n\nHe gave a halloa to the dark.`;
    expect(listed(withLowercase)).not.toContain('Halloa');
    expect(
      listed('“Halloa,” cried Tobin, “who is there?” Tobin waited. Tobin slept. Tobin woke.'),
    ).not.toContain('Halloa');
  });
});

describe('peoples who act as characters', () => {
  const PEOPLES = [
    'I went down into the valley. The Varn were small and gentle. The Varn had built no walls.',
    'At night the Ulks came up from the wells. The Ulks had pale eyes, and the Ulks took the Varn away.',
    'I fought the Ulks with fire. The Ulks fled. The Varn were afraid of the dark, and the Varn slept in heaps.',
    'The Ulks were strong. The Ulks had machines below. I hated the Ulks. The French would have called it a war.',
    'The French were far away. The French had no word for it. The French were a memory.',
  ].join('\n\n');

  it('lists a people of the story that acts together, by what the text does with it', () => {
    const cast = listed(PEOPLES);
    expect(cast).toEqual(expect.arrayContaining(['The Ulks', 'The Varn']));
    expect(named(PEOPLES, 'The Ulks')!.gender).toBe('unknown');
  });

  it('keeps a nation of the world out', () => {
    expect(listed(PEOPLES)).not.toContain('The French');
  });

  it('keeps things named in the plural out ("the Iron Boots")', () => {
    const text = [
      'Mira put on the Iron Boots. The Iron Boots were heavy, and the Iron Boots clanked.',
      'She took off her boots at night. The Iron Boots had carried her far. The Iron Boots shone.',
      '“Walk,” said Mira. The Iron Boots did. Mira laughed, and Mira walked on.',
    ].join('\n\n');
    expect(listed(text)).not.toContain('The Iron Boots');
  });
});

describe('one role written two ways', () => {
  it('joins "the Crow Queen" and "the Queen of the Crows"', () => {
    const text = [
      'The Queen of the Crows flew down. “Who calls?” said the Queen of the Crows.',
      'Mira bowed. “I do,” said Mira. The Crow Queen laughed, and the Crow Queen flew round her.',
      '“Then follow me,” cried the Crow Queen. The Queen of the Crows turned, and Mira followed.',
    ].join('\n\n');
    const crows = findCast(text).characters.filter(
      (c) => c.role && c.aliases.some((a) => a.includes('Crow')),
    );
    expect(crows).toHaveLength(1);
    expect(crows[0]!.aliases).toEqual(expect.arrayContaining(['Queen of the Crows', 'Crow Queen']));
  });
});

describe('names that are no one of the story', () => {
  it('keeps an inn named after someone and a saint of oaths out', () => {
    const text = [
      'Jem kept the Admiral Crane with his mother. The Admiral Crane stood by the cove.',
      'A stranger came to the Admiral Crane. “Rum,” said the stranger. Jem served him at the Admiral Crane.',
      '“By St. Hild!” cried Jem. St. Hild knows I tried. St. Hild was good to sailors, said Jem.',
      'Jem ran. Jem hid. Jem waited.',
    ].join('\n\n');
    const cast = listed(text);
    expect(cast).toContain('Jem');
    expect(cast).not.toContain('Admiral Crane');
    expect(cast).not.toContain('St. Hild');
  });

  it('keeps a church named after a saint out, though the bare name is written too', () => {
    const text = [
      'Lena walked past St. Oda’s Church. The bells of St. Oda’s Church rang, and Lena stopped.',
      'The windows of St. Oda’s Church shone. “Look,” said Lena. Lena ran up to St. Oda’s Church.',
      'Oda knew the sea, the old stories said, and Oda built it. Lena waited by St. Oda’s Church till dark.',
    ].join('\n\n');
    const cast = listed(text);
    expect(cast).toContain('Lena');
    expect(cast.filter((name) => name.includes('Oda'))).toEqual([]);
  });
});
