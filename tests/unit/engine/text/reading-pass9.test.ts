import { describe, expect, it } from 'vitest';
import { findCast } from '../../../../functions/engine/text/local/names';
import { speakerOf } from './reading-helpers';

describe('a word for a grown man or woman', () => {
  /** Tom, whom the book calls "the boy" in three of his lines. */
  const boyhood = [
    'Tom Whitlock stood in the yard of the mill, with his cap in his hands.',
    '“I have swept the floor,” said the boy.',
    'The wind blew through the yard, and the wheel turned slowly in the race.',
    '“May I go home now?” said the boy.',
    'Nobody answered him, and the rain came on again over the roofs of the town.',
    '“It is very cold,” said the boy.',
  ];

  it('is not the one the book calls “the boy”', () => {
    const text = [
      ...boyhood,
      'Tom fell in the mud by the gate, and a crowd gathered round him.',
      '“Poor fellow!” said the gentleman, “he has hurt himself.”',
    ].join('\n\n');
    expect(speakerOf(text, 'Poor fellow!')).not.toBe('Tom Whitlock');
  });

  it('is still the man of the scene when no one calls him a boy', () => {
    const text = [
      'Mr. Weston stood by the fire in the parlour, and the rain beat on the windows.',
      '“A wretched evening,” said the gentleman.',
    ].join('\n\n');
    expect(speakerOf(text, 'A wretched evening,')).toBe('Mr. Weston');
  });

  it('may still be one the book calls “the boy” once or twice', () => {
    const text = [
      'Tom Whitlock stood in the yard of the mill, with his cap in his hands.',
      '“I have swept the floor,” said the boy.',
      'Years went by, and Tom grew tall and broad, and took the mill over from his master.',
      '“The wheel wants mending,” said the man.',
    ].join('\n\n');
    expect(speakerOf(text, 'The wheel wants mending,')).toBe('Tom Whitlock');
  });
});

describe('a conversation', () => {
  it('ends when the narration after its last line moves the story on', () => {
    const text = [
      'Isabella and Catherine walked up the street together.',
      '“Past three o’clock!” cried Isabella.',
      '“It cannot be,” said Catherine.',
      '“Past three o’clock!” It was inconceivable, incredible, impossible; and she would believe neither her own watch, nor her brother’s, nor the servant’s; she would believe no assurance of it founded on reason or reality, till Morland produced his watch and ascertained the fact. To have doubted a moment longer then would have been equally inconceivable; and she could only protest, over and over again, that no two hours and a half had ever gone off so swiftly before; so, with smiles of the most exquisite misery, she bade her friend adieu and went on.',
      'Catherine found Mrs. Allen just returned from the busy idleness of the morning, and was immediately greeted with, “Well, my dear, here you are,” said Mrs. Allen.',
      '“Yes, ma’am, I thank you; we could not have had a nicer day.”',
      '“So Mrs. Thorpe said; she was vastly pleased at your all going.”',
      '“You have seen Mrs. Thorpe, then?”',
    ].join('\n\n');
    expect(speakerOf(text, 'Yes, ma’am, I thank you; we could not have had a nicer day.')).toBe('Catherine');
    expect(speakerOf(text, 'You have seen Mrs. Thorpe, then?')).toBe('Catherine');
  });
});

/** Each character of a text's cast with all the names it goes by. */
const castOf = (text: string) =>
  findCast(text).characters.map((c) => ({ name: c.name, names: [c.name, ...c.aliases] }));
const holding = (text: string, name: string) => castOf(text).filter((c) => c.names.includes(name));

describe('the cast', () => {
  it('has no one called by the people they belong to (“the subtle Roman”)', () => {
    const text = [
      'Mr. Giovanelli came into the drawing room of the hotel, and Daisy went to meet him.',
      '“You are late,” said Daisy. “I was detained,” said the subtle Roman.',
      'The brilliant little Roman bowed to Mrs. Walker, and Daisy laughed at him.',
      '“He is a native Roman,” said Mrs. Walker. “He is charming,” said Daisy.',
      'The Roman smiled. Daisy and Giovanelli went out into the Roman night.',
    ].join('\n\n');
    expect(castOf(text).map((c) => c.name)).not.toContain('Roman');
  });

  it('gives a man’s given name to the family the text is speaking of (“Tom” among the Chitlings)', () => {
    const chitling = [
      'Tom Chitling came in from the street, and Fagin looked up.',
      '“Well, Tom,” said Fagin. “It was cold out,” said Tom.',
      'Mr. Chitling sat down by the fire. Chitling was tired.',
      '“Have a drink, Tom,” said the Dodger. Tom drank, and Chitling laughed.',
      'Mr. Chitling told them of the night. “Tom is a good boy,” said Fagin.',
      'Chitling looked pleased. Tom looked at the fire, and Mr. Chitling slept.',
    ];
    const text = [
      'The boy said his name was Tom White. “Tom White, sir,” he said again.',
      'The magistrate wrote down Tom White in his book, and the boy fainted.',
      ...chitling,
    ].join('\n\n');
    expect(holding(text, 'Tom')).toEqual([expect.objectContaining({ name: expect.stringMatching(/Chitling/) })]);
  });

  it('joins a formal given name to the one person called by its pet form (“Margaret” is Meg March)', () => {
    const text = [
      'Meg March and Jo March sat sewing by the window.',
      '“It is so dull,” said Meg. “It is,” said Jo. Meg sighed.',
      '“Miss Margaret, will you dance?” said Mr. Brooke at the party.',
      '“Thank you,” said Margaret, and Meg went off with him.',
      'Jo watched Meg dance, and Margaret looked very happy.',
    ].join('\n\n');
    const meg = holding(text, 'Meg');
    expect(meg).toHaveLength(1);
    expect(meg[0]!.names).toEqual(expect.arrayContaining(['Margaret', 'Miss Margaret']));
  });

  it('keeps a formal given name apart when another person bears it with a surname', () => {
    const text = [
      'Meg March and Margaret Hale sat sewing by the window.',
      '“It is so dull,” said Meg. “It is,” said Margaret Hale. Meg sighed.',
      '“Thank you,” said Margaret, and Meg went off with him.',
    ].join('\n\n');
    expect(holding(text, 'Meg')[0]!.names).not.toContain('Margaret');
  });

  it('joins “Kate” to “Miss Kate” though two full names share the given name', () => {
    const text = [
      'Kate Vaughn came with her brothers to the picnic by the river.',
      'They sang “Kate Kearney” twice on the way, and Kate Kearney was the song of the day.',
      'Miss Kate sat apart with her sketch-book. “How pretty,” said Miss Kate.',
      '“Do you sketch?” said Kate. Miss Kate showed them her drawing.',
      'Kate laughed, and Miss Kate put the book away.',
    ].join('\n\n');
    expect(holding(text, 'Miss Kate')[0]!.names).toContain('Kate');
  });

  it('names a woman by her given name though a title is written before it at times (“Lucy”)', () => {
    const text = [
      'Lucy sat at the piano. Lucy played Beethoven, and Lucy played well.',
      '“Miss Lucy plays beautifully,” said Mr. Beebe. Lucy did not hear him.',
      '“Miss Lucy!” called the vicar. Lucy turned round.',
    ].join('\n\n');
    expect(holding(text, 'Lucy')[0]!.name).toBe('Lucy');
  });

  it('does not make a daughter of a family of daughters their father (“Daisy March”)', () => {
    const text = [
      'Jo March, Meg March and Amy March sat by the fire with little Daisy March on the rug.',
      'Mr. March came in from his study. “Good evening, my girls,” said Mr. March.',
      '“Good evening, Father,” said Jo. Daisy laughed, and she crawled to him.',
      'Mr. March lifted her up. Daisy pulled at his beard, and she laughed again.',
    ].join('\n\n');
    expect(holding(text, 'Mr. March')[0]!.names).not.toContain('Daisy');
  });

  it('takes no adverb opening a sentence for part of the name after it (“Presently Lucy”)', () => {
    const text = [
      'Lucy sat at the piano in the drawing-room, and Cecil read by the window.',
      '“Play something,” said Cecil. “Not now,” said Lucy.',
      'Presently Lucy steps out of the drawing-room window. Her new dress is a failure.',
      'Presently Cecil closed his book. “Shall we walk?” said Cecil.',
      'Presently they went out into the garden together.',
    ].join('\n\n');
    const names = castOf(text).flatMap((c) => c.names);
    expect(names.filter((n) => n.startsWith('Presently'))).toEqual([]);
    expect(holding(text, 'Lucy')).toHaveLength(1);
  });

  it('knows the Medical Man is the Doctor', () => {
    const text = [
      'The Medical Man stood by the fire, and the Psychologist sat in the armchair.',
      '“Nonsense,” said the Medical Man. “It is a trick,” said the Psychologist.',
      '“It is no trick,” said the Time Traveller. The Medical Man looked at the machine.',
      'Thereupon the Doctor rang the bell. “What is that?” said the Medical Man.',
      '“Where is he?” said the Doctor. The Medical Man shook his head.',
      'The Doctor turned to the Psychologist. “He is late,” said the Doctor.',
    ].join('\n\n');
    const doctor = castOf(text).filter((c) => c.names.some((n) => /Doctor|Medical Man/.test(n)));
    expect(doctor).toHaveLength(1);
  });
});

describe('one person under two names', () => {
  it('joins an epithet before a name to the one person of that name (“the Great Oz”)', () => {
    const text = [
      'Oz sat upon the throne in the great hall, and Dorothy stood before him.',
      '“I am Oz, the Great and Terrible,” said Oz. “Who are you?”',
      '“I am Dorothy,” said Dorothy. The Great Oz looked at her for a long time.',
      '“Go away,” said the Great Oz. Dorothy went away, and Oz was alone.',
      'The Great Oz had no more to say. “Come back tomorrow,” said the Great Oz.',
    ].join('\n\n');
    expect(castOf(text).filter((c) => c.names.some((n) => /\bOz\b/.test(n)))).toHaveLength(1);
  });

  it('knows a woman by her maiden and married names (“Mina Murray” becomes “Mina Harker”)', () => {
    const letters = [
      'Miss Mina Murray wrote to Lucy from the school. Mina Murray was a schoolmistress.',
      '“I am so happy,” said Lucy. Jonathan Harker was in Transylvania.',
    ];
    const later = [
      'Jonathan Harker came home, and Mina Harker met him at the station.',
      '“You are safe,” said Mina. Mrs. Harker took his arm. “I am,” said Jonathan.',
      'Mina Harker kept a journal. Every night Mrs. Harker wrote in it.',
    ];
    const text = [...letters, ...later].join('\n\n');
    const mina = castOf(text).filter((c) => c.names.some((n) => /Mina|Mrs\. Harker/.test(n)));
    expect(mina).toHaveLength(1);
    expect(mina[0]!.names).toEqual(expect.arrayContaining(['Mina Murray', 'Mina Harker', 'Mrs. Harker']));
  });

  it('keeps two women of one given name apart when they are written in one sentence', () => {
    const text = [
      'Mary Crawford and Mary Bertram walked in the garden. Mary Crawford was the taller.',
      'Mrs. Bertram watched them. Mary Bertram laughed, and Mrs. Bertram called her in.',
      '“Come in, Mary,” said Mrs. Bertram. Mary Crawford stayed in the garden alone.',
      'Mary Bertram went in to her mother.',
    ].join('\n\n');
    const marys = castOf(text).filter((c) => c.names.some((n) => /^Mary \w+/.test(n)));
    expect(marys.length).toBeGreaterThanOrEqual(2);
  });
});
