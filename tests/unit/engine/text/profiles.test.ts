import { describe, expect, it } from 'vitest';
import { createLocalTextEngine } from '../../../../functions/engine/text/local';
import { writeLogline } from '../../../../functions/engine/text/local/plot';
import { characterProfile, type CharacterProfile } from '../../../../functions/engine/text/types';
import { LETTER_CHAPTER as LETTER, WORKSHOP_CHAPTER } from '../../../fixtures/first-person';

/**
 * Character profiles and loglines on passages written for these tests: the narrator of a
 * first-person book is its protagonist, nobody is given a sex or an age the text does not give,
 * no description holds a quotation, and a logline reads right whoever the protagonist is.
 */
const engine = createLocalTextEngine();
const overview = (chapters: { title: string; content: string }[]) =>
  engine.plotOverview({ title: 'Test', chapters });

const FAMILY = {
  title: 'The Cottage',
  content: [
    'In the spring a stranger came to the cottage on horseback. Safie was a young woman of nineteen, with dark eyes and black hair, in a dark riding habit. She spoke no word of their language, but she smiled when Felix took her hand.',
    '“Mara is tall and proud, and she will not like you,” said Felix, laughing. Safie laughed too, though she did not understand him.',
    'Orlis kept the ferry at the ford below the cottage. Orlis took the coin from Felix and poled the raft across to the far bank, and Orlis came back at dusk.',
    'Felix walked with Safie along the river every evening. Felix was a tall young man with a pale, thoughtful face, and he read to her from the old books of his father.',
  ].join('\n\n'),
};

const byName = (characters: CharacterProfile[], name: string) => characters.find((c) => c.name === name);

describe('character profiles', () => {
  it('makes the narrator of a first-person book its protagonist, not the writer of the frame', async () => {
    const book = await overview([LETTER, WORKSHOP_CHAPTER]);
    const roles = Object.fromEntries(book.characters.map((c) => [c.name, c.role]));
    expect(roles.Victor).toBe('protagonist');
    expect(book.characters.filter((c) => c.role === 'protagonist')).toHaveLength(1);
    expect(book.logline).toMatch(/^Victor tells his own story in this /);
  });

  it('makes the one a narrator tells about the protagonist when the narration follows them', async () => {
    const consulting = {
      title: 'The Consulting Room',
      content: [
        'I had called upon my friend one morning in the spring, and found him in his armchair with his long legs stretched towards the fire. Holmes did not rise; he waved me to a chair and threw across a letter which had come by the first post.',
        '“What do you make of that, Watson?” said he.',
        'I read it twice, and confessed that I could make nothing of it at all. Holmes laughed and lit his pipe. He took the letter back, held it to the light, and ran his thin finger along the edge of the paper.',
        '“The paper was made in Bohemia, my dear Watson,” said he. “And the man who wrote it is on our stair at this moment.”',
        'I heard a heavy step outside, and Holmes sprang to the door before the bell had rung. Holmes threw it open and bowed our visitor in with a smile.',
        'I rose to go, for I had no wish to intrude upon his business, but Holmes caught me by the sleeve and pressed me back into my chair. I sat down again and took out my notebook, as I had done on so many mornings before, while the stranger looked from one of us to the other.',
        'I confess that I have seldom seen a man so ill at ease. He turned his hat in his hands, and when at last he spoke, it was to Holmes alone, as if I had not been in the room at all. Holmes listened with his eyes half closed and his fingertips pressed together, and I knew from long experience that not a word was lost on him.',
      ].join('\n\n'),
    };
    const book = await overview([consulting]);
    const roles = Object.fromEntries(book.characters.map((c) => [c.name, c.role]));
    expect(roles.Holmes).toBe('protagonist');
    expect(roles.Watson).not.toBe('protagonist');
    expect(book.logline).toMatch(/^Watson tells the story of Holmes in this /);
  });

  it('gives no sex or age the text does not give, and neutral words where it gives none', async () => {
    const book = await overview([FAMILY]);
    const safie = byName(book.characters, 'Safie')!;
    expect(safie.gender).toBe('female');
    expect(safie.physical_description).toBe(
      'A young woman with dark eyes and black hair, in a dark riding habit.',
    );
    const felix = byName(book.characters, 'Felix')!;
    expect(felix.gender).toBe('male');
    expect(felix.physical_description).toMatch(/^A tall young man with a pale, thoughtful face\b/);
    const orlis = byName(book.characters, 'Orlis')!;
    expect(orlis.gender).toBe('unknown');
    expect(orlis.physical_description).toBe('The book does not say what Orlis looks like.');
    for (const field of [orlis.physical_description, orlis.personality, orlis.character_arc])
      expect(field).not.toMatch(/\b(?:he|she|his|her|him|man|woman|boy|girl|old|young)\b/i);
  });

  it('holds no quotation in any description, even where the text describes someone only in speech', async () => {
    const book = await overview([FAMILY, WORKSHOP_CHAPTER]);
    for (const character of book.characters) {
      for (const field of [
        character.physical_description,
        character.personality,
        character.character_arc,
        character.want,
        character.ghost,
      ])
        expect(field, `${character.name}: ${field}`).not.toMatch(/["“”‘]/);
    }
    // Mara is described only inside Felix's words: nothing of it becomes her looks.
    const mara = byName(book.characters, 'Mara');
    if (mara) expect(mara.physical_description).not.toContain('tall');
  });
});

describe('loglines', () => {
  const profile = (name: string, gender: CharacterProfile['gender'], description = '') =>
    characterProfile({
      name,
      seed: 1,
      gender,
      role: 'supporting',
      physical_description: description,
      mentions: 5,
    });

  it.each([
    ['female', 'her'],
    ['male', 'his'],
    ['unknown', 'their'],
  ] as const)('reads right for a %s narrator', (gender, own) => {
    const hero = { ...profile('Robin', gender), role: 'protagonist' as const };
    const logline = writeLogline({
      characters: [hero, profile('Ash', 'male'), { ...profile('Wren', 'female'), role: 'antagonist' }],
      genre: 'Horror, science fiction',
      narrator: 'Robin',
      summary: [],
    });
    expect(logline).toBe(
      `Robin tells ${own} own story in this tale of horror with a science fiction thread, with Wren and Ash.`,
    );
  });

  it('follows a third-person protagonist, with an age only when the text gives one', () => {
    const hero = {
      ...profile('Emma', 'female', 'A young woman with dark eyes.'),
      role: 'protagonist' as const,
    };
    const logline = writeLogline({
      characters: [hero, profile('George', 'male', 'A man; the book says little more of how he looks.')],
      genre: 'Romance, comedy of manners',
      summary: [
        'I walked to Highbury alone that morning and found nobody at home.',
        'Emma had lived nearly twenty-one years in the world with very little to distress or vex her.',
      ],
    });
    expect(logline).toBe(
      'This romance with a comedy of manners thread follows Emma, a young woman, with George. Emma had lived nearly twenty-one years in the world with very little to distress or vex her.',
    );
    const plain = writeLogline({
      characters: [{ ...profile('Sam', 'unknown'), role: 'protagonist' }],
      genre: 'Drama',
      summary: [],
    });
    expect(plain).toBe('This drama follows Sam.');
    expect(plain).not.toMatch(/\b(?:man|woman)\b/);
  });
  it('closes an appositive with a comma when the sentence goes on', () => {
    const hero = { ...profile('Jim', 'male', 'A young man with a scar.'), role: 'protagonist' as const };
    const logline = writeLogline({
      characters: [hero, profile('Silver', 'male')],
      genre: 'Adventure',
      narrator: 'Jim',
      summary: [],
    });
    expect(logline).toBe('Jim, a young man, tells his own story in this adventure, with Silver.');
  });

  it('takes no heading or list of names for the book’s own sentence', () => {
    const hero = { ...profile('Mina', 'female'), role: 'protagonist' as const };
    const logline = writeLogline({
      characters: [hero, profile('Lucy', 'female')],
      genre: 'Horror',
      summary: [
        'Present: Professor Van Helsing, Lord Godalming, Dr. Seward, Lucy Westenra, Mina Harker.',
        'Mina sat with Lucy by the window and wrote in her journal until it was dark.',
      ],
    });
    expect(logline).toBe(
      'This tale of horror follows Mina, with Lucy. Mina sat with Lucy by the window and wrote in her journal until it was dark.',
    );
  });

  it("takes the book's own sentence that names the hero with others of the cast, never one opening on a pronoun", () => {
    const hero = { ...profile('Alice', 'female'), role: 'protagonist' as const };
    const logline = writeLogline({
      characters: [hero, profile('The Gryphon', 'unknown'), profile('The Queen', 'female')],
      genre: 'Fantasy',
      summary: [
        'He looked at the Gryphon as if he thought it had some kind of authority over Alice.',
        'Alice thought she had never seen such a curious croquet-ground in her life.',
        'Alice began telling them her adventures from the time the Queen sent for the Gryphon.',
      ],
    });
    expect(logline).toBe(
      'This fantasy follows Alice, with the Gryphon and the Queen. Alice began telling them her adventures from the time the Queen sent for the Gryphon.',
    );
  });
});
