import { describe, expect, it } from 'vitest';
import { classifyPhrase, scanEntities } from '../../../../functions/engine/text/local/entities';
import { findCast, mainCharacters } from '../../../../functions/engine/text/local/names';
import { isNicknameOf, spelledAlike } from '../../../../functions/engine/text/local/reading/people';

const holding = (text: string, alias: string) =>
  findCast(text).characters.filter((c) => c.aliases.includes(alias));

describe('one person written two ways', () => {
  it('joins a titled surname with the titled full name it is never written beside', () => {
    const text = [
      'The visitor left his card: Dr. Edwin Harrow. Dr. Edwin Harrow was a tall, thin man.',
      'Dr. Harrow sat down. “I have come about the dog,” said Dr. Harrow. Dr. Harrow lit his pipe.',
      'Later Dr. Harrow walked home. Dr. Harrow slept. “Good night,” said Dr. Harrow.',
      'In the morning Dr. Harrow wrote a letter, and Dr. Harrow signed it.',
    ].join('\n\n');
    const doctor = holding(text, 'Dr. Harrow');
    expect(doctor).toHaveLength(1);
    expect(doctor[0]!.aliases).toContain('Dr. Edwin Harrow');
  });

  it('keeps them apart when one sentence names both', () => {
    const text = [
      'Mr. Harrow came in. Mr. Harrow sat down. “It is late,” said Mr. Harrow.',
      'Mr. Edwin Harrow followed Mr. Harrow, and Mr. Edwin Harrow shut the door.',
      'Mr. Harrow laughed. Mr. Harrow slept. Mr. Harrow woke. Mr. Harrow ate.',
    ].join('\n\n');
    expect(holding(text, 'Mr. Harrow')[0]!.aliases).not.toContain('Mr. Edwin Harrow');
  });

  it('keeps them apart when his wife goes by his full name ("Mrs. John Knightley")', () => {
    const text = [
      'Mr. Harrow came in. Mr. Harrow sat down. “It is late,” said Mr. Harrow.',
      'Mr. Edwin Harrow arrived from town. Mrs. Edwin Harrow came with him.',
      'Mr. Harrow laughed. Mr. Harrow slept. Mr. Harrow woke. Mr. Harrow ate.',
      'Mr. Edwin Harrow read. Mrs. Edwin Harrow sewed. Mr. Harrow walked out.',
    ].join('\n\n');
    expect(holding(text, 'Mr. Harrow')[0]!.aliases).not.toContain('Mr. Edwin Harrow');
  });

  it('names a woman by her given name though "Miss" is written before it too', () => {
    const text = [
      'Louisa Vane ran down the hill. Louisa laughed. “Come,” said Louisa. Louisa ran on.',
      '“Miss Louisa!” cried the maid. Miss Louisa stopped, and Louisa turned. Louisa Vane smiled.',
    ].join('\n\n');
    expect(holding(text, 'Louisa')[0]!.name).toBe('Louisa');
  });

  it('takes a given name cut short ("Art") for the one full given name it begins', () => {
    expect(isNicknameOf('Art', 'Arthur')).toBe(true);
    // A name of its own is no short form: "Eli" is not "Elizabeth".
    expect(isNicknameOf('Eli', 'Elizabeth')).toBe(false);
    const text = [
      'Arthur Holm came in. Arthur sat down. “Hello, Art,” said Quincey Moss. “Art, old man, sit.”',
      '“Art is tired,” said Quincey Moss. Arthur smiled, and Art laughed.',
    ].join('\n\n');
    expect(holding(text, 'Arthur Holm')[0]!.aliases).toContain('Art');
  });

  it('reads a given name spelt two ways in one book as one name', () => {
    expect(spelledAlike('Catharine', 'Catherine')).toBe(true);
    expect(spelledAlike('Atheney', 'Athelney')).toBe(true);
    expect(spelledAlike('Martha', 'Bertha')).toBe(false);
    expect(spelledAlike('Anne', 'Anna')).toBe(false);
    const text = [
      'Miss Rosamund Vale came to tea. “Thank you,” said Miss Rosamund Vale.',
      '“More tea?” asked Miss Rosamond Vale. “No,” said the vicar, and Miss Rosamond Vale laughed.',
    ].join('\n\n');
    expect(holding(text, 'Rosamund Vale')[0]!.aliases).toContain('Miss Rosamond Vale');
  });

  it('reads "Cap\'n" as the title it shortens', () => {
    const text = [
      'Tom Rigby was the cabin boy. Rigby swept the deck, and Rigby sang.',
      '“Cap’n Rigby,” said the mate, “the wind is up.” Tom Rigby ran to the mast.',
      'Rigby climbed, and Rigby looked out to sea.',
    ].join('\n\n');
    const names = findCast(text).characters.map((c) => c.name);
    expect(names.filter((n) => n.includes('Rigby') || n === 'Tom')).toHaveLength(1);
  });

  it('gives "Mrs." and a surname to the one woman written with a given name and that surname', () => {
    const wife = [
      'On the porch sat Clara Denholm. Mr. Denholm read his paper, and Mr. Denholm frowned.',
      '“It is hot,” said Mrs. Denholm. Mrs. Denholm fanned herself. “Go in,” said Mr. Denholm.',
      'Then Clara Denholm went in. Mrs. Denholm slept.',
    ].join('\n\n');
    expect(holding(wife, 'Mrs. Denholm')[0]!.aliases).toContain('Clara Denholm');
    // A daughter of the house ("Miss Denholm") makes "Mrs. Denholm" her mother.
    const daughter = `${wife}\n\n“Good night,” said Miss Denholm. Miss Denholm went up.`;
    expect(holding(daughter, 'Mrs. Denholm')[0]?.aliases ?? []).not.toContain('Clara Denholm');
  });
});

describe('names that are no one of the story', () => {
  const names = (text: string) => findCast(text).characters.map((c) => c.name);

  it('leaves out a book the characters read and the author who wrote it', () => {
    const text = [
      'Lucy Brand sat by the fire. “Have you gone on with Castellane?” asked Tom Avery. Lucy Brand smiled.',
      '“I have read Castellane twice,” said Lucy Brand. “Castellane was written by Mrs. Ormsby, you know.”',
      '“I have read all Mrs. Ormsby’s novels,” said Tom Avery. Lucy Brand laughed, and Tom Avery went out.',
      'Lucy Brand finished Castellane that night. “Mrs. Ormsby’s works are the best,” said Lucy Brand.',
    ].join('\n\n');
    const found = names(text);
    expect(found).toEqual(expect.arrayContaining(['Lucy Brand', 'Tom Avery']));
    expect(found).not.toContain('Castellane');
    expect(found.some((n) => n.includes('Ormsby'))).toBe(false);
  });

  it('reads a name wrapped over two lines as one name ("Green\\nGables")', () => {
    const text = [
      'The door opened and in came Ann\nLeigh. “Good day,” said Ann\nLeigh, and sat down.',
      'Tom looked at Ann\nLeigh. “Tea?” asked Tom. Then Ann\nLeigh laughed, and Ann Leigh drank.',
    ].join('\n\n');
    const phrases = scanEntities(text).phrases;
    expect(phrases.get('Ann Leigh')?.count).toBe(5);
    expect(phrases.has('Leigh')).toBe(false);
    // A blank line between two capitals parts them.
    expect(scanEntities('It was Ann\n\nLeigh came in.').phrases.has('Ann Leigh')).toBe(false);
  });

  it('takes "the Doctor" for the doctor the book names, not a role of its own', () => {
    const text = [
      'Doctor Vance came at noon. “Sit down,” said Doctor Vance. Mira sat down.',
      '“You are well,” said the Doctor. The Doctor smiled. Mira thanked the Doctor, and the Doctor left.',
    ].join('\n\n');
    expect(names(text)).not.toContain('The Doctor');
  });
});

describe('places of the world', () => {
  it('keeps a country written as a place a place, though a pirate is once called after it', () => {
    const text = [
      'Tom Reed sailed from England in May, and Tom Reed missed England. He wrote home to England, for England knew him.',
      '“I sailed with Cap’n England once,” said Tom Reed. “Back in England we had bread, and England had beer,” said Tom Reed.',
      'Tom Reed came back to England at last, where England waited and England smiled.',
    ].join('\n\n');
    const scan = scanEntities(text);
    expect(classifyPhrase(scan.phrases.get('England')!, scan.lowercase)).toBe('place');
    expect(findCast(text).characters.map((c) => c.name)).toContain('Tom Reed');
  });
});

describe('people of the talk', () => {
  it('lists no one only talked of a few times, and keeps those the narration shows', () => {
    const scene = (n: number) =>
      `Tom Reed walked to the quay, and Tom Reed looked at the ships. Nell Bright waved to Tom Reed. “It is late,” said Nell Bright. Tom Reed nodded (${n}).`;
    const text = [
      ...Array.from({ length: 8 }, (_, n) => scene(n)),
      '“Cap’n Flint sailed here,” said Tom Reed. “Cap’n Flint was a hard man. Cap’n Flint hanged them all.”',
      '“I met Cap’n Flint once,” said Nell Bright.',
    ].join('\n\n');
    const listed = mainCharacters(findCast(text)).map((c) => c.name);
    expect(listed).toEqual(expect.arrayContaining(['Tom Reed', 'Nell Bright']));
    expect(listed.some((n) => n.includes('Flint'))).toBe(false);
  });
});
