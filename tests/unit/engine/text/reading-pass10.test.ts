import { describe, expect, it } from 'vitest';
import { createLocalTextEngine } from '../../../../functions/engine/text/local';
import { findCast } from '../../../../functions/engine/text/local/names';
import { speakerOf } from './reading-helpers';

describe('a line that calls its listener “sir” or “ma’am”', () => {
  const scene = (call: string) =>
    [
      'Mr. Hale and Mr. Bell sat by the fire after dinner, and Mrs. Grey sat at her work by the window. Mr. Bell had come from Oxford that morning; Mrs. Grey had kept house for Mr. Hale these ten years.',
      '“Shall I ring for the tea?” said Mrs. Grey.',
      '“The mill will be shut by Friday,” said Mr. Hale.',
      '“Then the men will be out of work all winter,” said Mr. Bell.',
      '“They will,” said Mr. Hale, “and there is nothing to be done for them.”',
      `“Is there nothing to be done${call}? You know the town better than either of us.”`,
      '“There is always something to be done, if people will only do it.”',
    ].join('\n\n');

  it('is answered by a woman when it says “ma’am”', () => {
    expect(
      speakerOf(scene(', ma’am'), 'There is always something to be done, if people will only do it.'),
    ).toBe('Mrs. Grey');
  });

  it('leaves the turns as they were when it calls no one', () => {
    expect(speakerOf(scene(''), 'There is always something to be done, if people will only do it.')).toBe(
      'Mr. Hale',
    );
  });

  it('is answered by a man when it says “sir”', () => {
    const text = [
      'Mrs. Grey and Miss Lennox sat at their work by the window, and Mr. Hale read by the fire. Miss Lennox had come from London that morning; Mrs. Grey had kept house for Mr. Hale these ten years.',
      '“The evenings are drawing in,” said Mr. Hale.',
      '“They are,” said Mrs. Grey.',
      '“Shall we have the lamp lit?” said Miss Lennox.',
      '“If you like,” said Mrs. Grey, “though I can see well enough.”',
      '“Do you not think it dark, sir? You have been reading this hour.”',
      '“I had not noticed it, but now you speak of it I think it is.”',
    ].join('\n\n');
    expect(speakerOf(text, 'I had not noticed it, but now you speak of it I think it is.')).toBe('Mr. Hale');
  });
});

describe('a character who says who they are', () => {
  const valley = (line: string, more: string[] = []) =>
    [
      'Everybody in the valley had heard of Hugh Carey, the outlaw of the hills. Hugh Carey had robbed the mail coach twice, and the sheriff had sworn to hang Hugh Carey.',
      'The Masked Rider came down the hill at dusk. The Masked Rider stopped at the inn, and the Masked Rider asked for wine.',
      '“Who are you?” said Tom Barlow, the innkeeper.',
      line,
      '“Then the sheriff will want you,” said Tom Barlow.',
      'The Masked Rider laughed and drank his wine, and the Masked Rider rode away before the moon was up.',
      ...more,
    ].join('\n\n');
  const namesOf = (text: string, alias: string) =>
    findCast(text).characters.find((c) => c.aliases.includes(alias))?.aliases ?? [];

  it('is one character under the role and the name', () => {
    const text = valley('“I am Hugh Carey,” said the Masked Rider.');
    expect(namesOf(text, 'Masked Rider')).toContain('Hugh Carey');
    const cast = findCast(text);
    expect(cast.characters.filter((c) => c.aliases.includes('Hugh Carey'))).toHaveLength(1);
    expect(cast.mentions.filter((m) => m.character.aliases.includes('Masked Rider')).length).toBeGreaterThan(
      6,
    );
  });

  it('is not someone else the line names more of (“I am Hugh Carey’s man”)', () => {
    const text = valley('“I am Hugh Carey’s man,” said the Masked Rider.');
    expect(namesOf(text, 'Masked Rider')).not.toContain('Hugh Carey');
  });

  it('is not one the speaker talks to by name', () => {
    const text = valley('“I am Hugh Carey,” said the Masked Rider.', [
      'A week later the two met on the moor.',
      '“Hugh Carey, you are a thief and a liar,” said the Masked Rider.',
      '“And you are a fool,” said Hugh Carey.',
    ]);
    expect(namesOf(text, 'Masked Rider')).not.toContain('Hugh Carey');
  });

  it('is no one when several others claim the same name', () => {
    const text = valley('“I am Hugh Carey,” said the Masked Rider.', [
      'The Grey Friar walked in from the rain. The Grey Friar sat by the fire, and the Grey Friar warmed his hands.',
      '“I am Hugh Carey,” said the Grey Friar.',
    ]);
    expect(namesOf(text, 'Masked Rider')).not.toContain('Hugh Carey');
    expect(namesOf(text, 'Grey Friar')).not.toContain('Hugh Carey');
  });

  it('is never a woman taking a man’s name', () => {
    const text = [
      'Everybody in the valley had heard of Hugh Carey, the outlaw of the hills. Hugh Carey had robbed the mail coach twice, and the sheriff had sworn to hang him.',
      'The Veiled Lady came down the hill at dusk. The Veiled Lady stopped at the inn, and she asked for wine; the Veiled Lady drank it slowly, and she looked at no one.',
      '“Who are you?” said Tom Barlow, the innkeeper.',
      '“I am Hugh Carey,” said the Veiled Lady.',
      '“Then the sheriff will want you,” said Tom Barlow.',
      'The Veiled Lady laughed, and she rode away before the moon was up.',
    ].join('\n\n');
    expect(namesOf(text, 'Veiled Lady')).not.toContain('Hugh Carey');
  });
});

describe('the roles of a story', () => {
  const engine = createLocalTextEngine();
  const rolesOf = async (content: string) =>
    Object.fromEntries(
      (
        await engine.plotOverview({ title: 'A Tale', chapters: [{ title: 'One', content }], seed: 3 })
      ).characters.map((c) => [c.name, c.role]),
    );

  it('make the “I” who tells another’s story, and talks with them, that one’s companion', async () => {
    const days = Array.from({ length: 6 }, (_, i) =>
      [
        `On the ${['first', 'second', 'third', 'fourth', 'fifth', 'sixth'][i]} morning Holmes was at the window when I came down. Holmes had not slept, and Holmes looked out at the fog.`,
        '“You are late, Watson,” said Holmes.',
        '“I walked by the river,” said I.',
        '“And you saw the barge?” said Holmes.',
        '“I saw nothing but fog,” I answered.',
        'Holmes laughed and lit his pipe, and Holmes went back to his papers.',
        'Later Lestrade, his loyal friend and companion, called, and Holmes and Lestrade walked together beside the river, friends and partners in the hunt.',
      ].join('\n\n'),
    );
    const roles = await rolesOf(days.join('\n\n'));
    expect(roles).toMatchObject({ Holmes: 'protagonist', Watson: 'sidekick' });
    expect(roles['Lestrade']).not.toBe('sidekick');
  });

  it('never make a boy called “Master” a mentor for his title', async () => {
    const days = Array.from({ length: 6 }, () =>
      [
        'Oliver sat by the fire in the kitchen, and Oliver watched the door. Master Bates came in with a bundle, and Master Bates threw it on the table.',
        '“Where have you been?” said Oliver.',
        '“Out,” said Master Bates.',
        '“Will you take me next time?” said Oliver.',
        '“Perhaps,” said Master Bates, and Master Bates laughed.',
      ].join('\n\n'),
    );
    expect((await rolesOf(days.join('\n\n')))['Master Bates']).not.toBe('mentor');
  });

  it('never make a guide of one who never talks with the protagonist', async () => {
    const days = Array.from({ length: 6 }, () =>
      [
        'Anne walked to the school, and Anne thought of her lessons. Professor Hale was a wise old teacher; Professor Hale had taught in the town for forty years, and the wisdom of Professor Hale was known to all.',
        '“Good morning,” said Anne to the girls at the gate.',
        '“Good morning, Anne,” said Diana.',
        '“Shall we walk home together?” said Anne.',
        '“If you like,” said Diana.',
      ].join('\n\n'),
    );
    expect((await rolesOf(days.join('\n\n')))['Professor Hale']).not.toBe('mentor');
  });
});

describe('what a character wants', () => {
  const engine = createLocalTextEngine();
  const wantOf = async (content: string, name: string) =>
    (
      await engine.plotOverview({ title: 'A Tale', chapters: [{ title: 'One', content }], seed: 3 })
    ).characters.find((c) => c.name === name)?.want;
  const village = (wishes: string[]) =>
    [
      'Tom Baker lived in the village by the river with his sister Ann Baker. Tom worked at the mill, and Ann kept the house.',
      ...wishes,
      'Ann laughed at him, and Tom went back to the mill. Tom worked late, and Tom walked home in the dark.',
      'Ann waited at the door. Ann was tired, and Ann went to bed before Tom came in.',
    ].join('\n\n');

  it('is never a wish that hangs on the sentence around it', async () => {
    const want = await wantOf(
      village([
        'Tom wanted to tell her. Tom wished to Heaven the rain would stop. Tom meant to wink at it. Tom meant to say a word to the miller.',
        'In the spring Tom wanted to build a boat for the summer fair.',
      ]),
      'Tom',
    );
    expect(want).toBe('To build a boat for the summer fair.');
  });

  it('still takes the first wish that reads on its own', async () => {
    const want = await wantOf(village(['Tom wanted to sell the old mill by the river.']), 'Tom');
    expect(want).toBe('To sell the old mill by the river.');
  });
});

describe('the logline of a book told in several people’s journals', () => {
  const engine = createLocalTextEngine();
  const journal = (owner: string, writer: string, other: string) =>
    [
      `${owner}.`,
      `I went down to the hall, where ${other} was waiting, and ${other} took my hand. I told ${other} all that had passed in the night at the old house on the moor.`,
      `“Good morning,” said I. “Good morning,” said ${other}. ${writer} and ${other} walked out together into the garden, and ${other} spoke of the Count.`,
    ].join('\n\n');

  it('names those who tell it in turn, never one of them as telling their own story', async () => {
    const chapters = [1, 2, 3].map((n) => ({
      title: `Chapter ${n}`,
      content: [
        journal('Jonathan Harker’s Journal', 'Jonathan', 'Van Helsing'),
        journal('Dr. Seward’s Diary', 'Dr. Seward', 'Van Helsing'),
      ].join('\n\n'),
    }));
    const { logline } = await engine.plotOverview({ title: 'A Tale', chapters, seed: 3 });
    expect(logline).toMatch(
      /^Told in turn by Jonathan Harker and Dr\. Seward, this \w+ follows Van Helsing\./,
    );
    expect(logline).not.toMatch(/own story/);
  });
});
