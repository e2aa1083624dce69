import { describe, expect, it } from 'vitest';
import { findCast } from '../../../../functions/engine/text/local/names';
import type { AttributedPart } from '../../../../functions/engine/text/local/reading/attribution';
import {
  descriptionBook,
  learnDescription,
  resolveDescription,
} from '../../../../functions/engine/text/local/reading/descriptions';
import { personaOf } from '../../../../functions/engine/text/local/persona';
import { groupForms, type NameForm } from '../../../../functions/engine/text/local/reading/people';
import { scanQuotations } from '../../../../functions/engine/text/local/reading/quotations';
import { mentionsOutside, tagBefore, tokenize } from '../../../../functions/engine/text/local/reading/tags';
import { away, said, SISTERS_AT_THE_FIRE, speakerOf } from './reading-helpers';

/** A parlour where Emma, Harriet, Jane, Mrs. Weston and Frank Churchill have each spoken once. */
const parlour = (...paragraphs: string[]) =>
  [
    'Emma, Harriet, Jane and Mrs. Weston sat in the parlour at Randalls, and Frank Churchill stood at the window.',
    '“A cold day,” said Emma. “Very cold,” said Harriet. “Bitter,” said Jane.',
    '“Come to the fire,” said Mrs. Weston. “Gladly,” said Frank Churchill.',
    ...paragraphs,
  ].join('\n\n');

describe('who a tag before the line names', () => {
  it('is the one the verb follows, though "for" comes before them', () => {
    const text = parlour(
      'There was pleasure in the sight of them, for Frank Churchill immediately accosted her with, “How do you do? We have been sitting with your friends.”',
    );
    expect(said(text)).toContainEqual([
      'How do you do? We have been sitting with your friends.',
      'Frank Churchill',
    ]);
  });

  it('is the one an infinitive is for (“for Frank Churchill to draw near her and say”)', () => {
    const text = parlour(
      'When the baby was fetched there was opportunity for Frank Churchill to draw near her and say,',
      '“I have to thank you, Miss Woodhouse, for a very kind message.”',
    );
    expect(said(text)).toContainEqual([
      'I have to thank you, Miss Woodhouse, for a very kind message.',
      'Frank Churchill',
    ]);
  });

  it('is not one who hears the words (“Emma could just catch the words”)', () => {
    const text = parlour(
      '“Mr. Elton indeed!” cried Harriet.--“Oh! no”--and Emma could just catch the words, “so superior to Mr. Elton!”',
    );
    expect(said(text)).toContainEqual(['so superior to Mr. Elton!', 'Harriet']);
  });

  it('is not one who thinks something of the speaker in a clause of their own', () => {
    const text = parlour(
      '“Oh!” cried Jane, with a blush and an hesitation which Emma thought infinitely more becoming to her than all her composure--“there would have been no danger.”',
    );
    expect(said(text)).toContainEqual(['there would have been no danger.', 'Jane']);
  });

  it('is the subject of a clause set inside, when the sentence has no other', () => {
    const text = [
      'Oliver asked for more, and the master shrieked for the beadle.',
      '“Please, sir,” said Oliver. “What!” said the master.',
      'The board were sitting in solemn conclave, when Mr. Bumble rushed into the room in great excitement, and addressing the gentleman in the high chair, said,',
      '“Mr. Limbkins, I beg your pardon, sir! Oliver Twist has asked for more!”',
    ].join('\n\n');
    expect(said(text)).toContainEqual([
      'Mr. Limbkins, I beg your pardon, sir! Oliver Twist has asked for more!',
      'Mr. Bumble',
    ]);
  });

  it('keeps a finished line that opens its paragraph, though another’s sentence follows it', () => {
    const text = [
      'Sikes put Oliver through the window, and Oliver stood in the dark passage.',
      '“Take this lantern,” said Sikes. “You see the stairs afore you?”',
      'Oliver, more dead than alive, gasped out, “Yes.” Sikes, pointing to the door, briefly advised him to take notice that he was within shot.',
    ].join('\n\n');
    expect(said(text)).toContainEqual(['Yes.', 'Oliver']);
  });

  it('after a verb first is the one it puts right after it, whatever the noun', () => {
    const text =
      'Mr. Marvel sat by the road with the mariner. “Everything,” said the mariner, controlling Marvel with his eye, and then amplifying, “every blessed thing.”';
    const { mentions } = findCast(text);
    const from = text.indexOf('said the mariner');
    const to = text.indexOf('“every');
    const ref = tagBefore(tokenize(text, from, to, mentions));
    expect(ref?.kind === 'description' && ref.phrase).toBe('the mariner');
    // A verb with its object is no tag put first ("who had called the dogs back,").
    const other = 'The third man, who had called the dogs back, stood still.';
    const none = tagBefore(tokenize(other, 0, other.indexOf(' stood'), findCast(other).mentions));
    expect(none?.kind === 'description' && none.phrase).not.toBe('the dogs back');
  });
});

describe('a paragraph that looks back at the line before', () => {
  it('“So began Miss Bates;” opening the next paragraph tags the line that ended this one', () => {
    const text = parlour(
      '“How d’ye do?--how d’ye do?--Very well, I thank you. Pray come in.”',
      'So began Miss Bates; and Mr. Knightley seemed determined to be heard in his turn.',
    );
    expect(said(text)).toContainEqual([
      'How d’ye do?--how d’ye do?--Very well, I thank you. Pray come in.',
      'Miss Bates',
    ]);
  });

  it('a paragraph of narration that does not look back tags nothing', () => {
    const text = parlour(
      '“How d’ye do? Pray come in.”',
      'Soon Miss Bates was in the hall, and Mr. Knightley followed.',
    );
    expect(said(text)).not.toContainEqual(['How d’ye do? Pray come in.', 'Miss Bates']);
  });
});

describe('someone new speaks', () => {
  const street = [
    'Oliver was dragged along the street by Sikes, and Nancy followed them.',
    '“Let me go!” said Oliver. “Come on,” said Sikes. “Hush,” said Nancy.',
  ];

  it('“cried a sleepy-faced carpenter” is a figure of their own, not one of the named', () => {
    const text = [
      ...street,
      '“That’s right!” cried a looker-on, from a garret-window.',
      '“To be sure!” cried a sleepy-faced carpenter, casting a look at the window.',
    ].join('\n\n');
    const lines = said(text);
    expect(lines).toContainEqual(['To be sure!', 'The Sleepy-Faced Carpenter']);
    expect(lines).toContainEqual(['That’s right!', 'The Looker-On']);
  });

  it('“said a man” is too little to know again: the turns decide', () => {
    const text = [...street, '“Stop thief!” said a man.'].join('\n\n');
    expect(speakerOf(text, 'Stop thief!')).not.toBe('The Man');
  });

  it('“said a Voice” written as a name is the Voice; “said a voice” is anyone', () => {
    const named = [
      'Mr. Marvel sat by the road. Mr. Marvel was alone.',
      '“Come up,” said a Voice, and Mr. Marvel was whirled about.',
      '“Hoax,” said the Voice.',
    ].join('\n\n');
    expect(said(named)).toContainEqual(['Come up,', 'The Voice']);
    expect(said(named)).toContainEqual(['Hoax,', 'The Voice']);
    const plain = named.replace(/Voice/g, 'voice');
    expect(speakerOf(plain, 'Come up,')).not.toBe('The Voice');
  });

  it('“the first cabman” is one of several of a kind, never the named one the book heard it with', () => {
    const text =
      'Mr. Marvel hid in the bar. “He may be in the house now!” said the first cabman. “Have you fastened it?” said the first cabman.';
    const cast = findCast(text);
    const scan = scanQuotations(text);
    const parts: AttributedPart[] = scan.parts.map((p) => ({ ...p, method: 'none' }));
    const context = { text, scan, parts, narration: mentionsOutside(cast.mentions, parts) };
    const describe = (phrase: string) => {
      const at = text.indexOf(phrase);
      return {
        kind: 'description' as const,
        phrase,
        head: 'cabman',
        open: false,
        start: at,
        end: at + phrase.length,
      };
    };
    const resolved = (phrase: string) => {
      const book = descriptionBook(cast.characters);
      // Mr. Marvel is about each time the cabman speaks, and seldom elsewhere in the book.
      book.lines = 40;
      learnDescription(context, book, describe(phrase), 0, new Set());
      learnDescription(context, book, describe(phrase), 1, new Set());
      return resolveDescription(context, book, describe(phrase), 1, undefined)?.name;
    };
    expect(resolved('the cabman')).toBe('Mr. Marvel');
    expect(resolved('the first cabman')).toBe('The First Cabman');
  });
});

describe('a name misprinted', () => {
  const form = (surface: string, words: string[], title: string, count: number): NameForm => ({
    surface,
    words,
    title,
    count,
    firstOffset: 0,
  });

  it('written once, a letter from a name the book writes often, is that name', () => {
    const persons = groupForms([
      form('Charley Bates', ['Charley', 'Bates'], '', 12),
      form('Charley', ['Charley'], '', 40),
      form('Charly', ['Charly'], '', 1),
      form('Mr. Brownlow', ['Brownlow'], 'mr', 60),
      form('Mr. Browlow', ['Browlow'], 'mr', 1),
    ]);
    const of = (surface: string) => persons.find((p) => p.forms.some((f) => f.surface === surface));
    expect(of('Charly')).toBe(of('Charley Bates'));
    expect(of('Mr. Browlow')).toBe(of('Mr. Brownlow'));
  });

  it('two names both written often are two people, and a title must agree', () => {
    const persons = groupForms([
      form('Marian', ['Marian'], '', 30),
      form('Marion', ['Marion'], '', 25),
      form('Mrs. Brownlow', ['Brownlow'], 'mrs', 60),
      form('Mr. Browlow', ['Browlow'], 'mr', 1),
    ]);
    const of = (surface: string) => persons.find((p) => p.forms.some((f) => f.surface === surface));
    expect(of('Marian')).not.toBe(of('Marion'));
    expect(of('Mr. Browlow')).not.toBe(of('Mrs. Brownlow'));
  });
});

describe('a surname that is also a word of the language', () => {
  const story = (alone: string[]) =>
    [
      'Jonathan Small sat in the stern of the boat, and Holmes watched him. Jonathan Small had a wooden leg.',
      'It was a small boat, and a small fire burned in the small stove. The river was small and dark.',
      'Holmes lit a small cigar and looked at Jonathan Small.',
      ...alone,
      '“Go on,” said Holmes.',
    ].join('\n\n');

  it('written alone with its capital in mid-sentence is that person, who keeps the full name', () => {
    const text = story([
      '“This is a very serious matter, Small,” said Holmes.',
      'Then Small shook his head, and Small laughed.',
      '“You may laugh, Small,” said Holmes.',
    ]);
    const characters = findCast(text).characters;
    const small = characters.find((c) => c.aliases.includes('Jonathan Small'));
    expect(small?.aliases).toContain('Small');
    expect(small?.name).toBe('Jonathan Small');
    expect(characters.filter((c) => c.aliases.includes('Small'))).toHaveLength(1);
  });

  it('is not taken when written alone too seldom or after “the”', () => {
    const seldom = story(['“This is a very serious matter, Small,” said Holmes.']);
    expect(
      findCast(seldom).characters.find((c) => c.aliases.includes('Jonathan Small'))?.aliases,
    ).not.toContain('Small');
    const place = story([
      'They rowed past the Small and the Small was dark.',
      'Beyond the Small lay the marshes, and Small Heath beyond them.',
    ]);
    expect(findCast(place).characters.flatMap((c) => c.aliases)).not.toContain('Small');
  });
});

describe('a word for anyone that the book has stand for one person', () => {
  it('“said the girl” where no one of the scene fits is the one it stands for elsewhere', () => {
    const den = (k: number) =>
      [
        `Nancy came into the den on the ${k}th night, and Fagin looked up from the fire. He rubbed his hands, and he smiled at her.`,
        '“Well, my dear?” said Fagin.',
        '“Cold,” said the girl.',
        '“Sit down,” said Fagin.',
        '“I will,” said the girl.',
      ].join('\n\n');
    const text = [
      den(1),
      away,
      SISTERS_AT_THE_FIRE.join('\n\n'),
      away,
      den(2),
      away,
      den(3),
      away,
      SISTERS_AT_THE_FIRE.join('\n\n'),
      away,
      'Sikes came home late, and Fagin followed him up the stairs. He carried a candle in his hand.',
      '“Is it you, Bill?” said the girl.',
    ].join('\n\n');
    expect(said(text)).toContainEqual(['Is it you, Bill?', 'Nancy']);
  });
});

describe('what the new rules must not take', () => {
  const hartfield = (...paragraphs: string[]) =>
    [
      'Emma, Harriet, Mr. Knightley and Mr. Elton sat in the drawing-room at Hartfield.',
      '“It is late,” said Emma. “Not very,” said Harriet.',
      '“Early enough,” said Mr. Knightley. “Quite early,” said Mr. Elton.',
      ...paragraphs,
    ].join('\n\n');

  it('one an infinitive is for, when the verb is not the infinitive’s own', () => {
    const text = hartfield(
      'Mr. Knightley waited for Harriet to finish, and then said, “You are wrong there, I think.”',
    );
    expect(speakerOf(text, 'You are wrong there, I think.')).toBe('Mr. Knightley');
  });

  it('one a preposition governs, with nothing between them and a participle', () => {
    const text = hartfield('Mr. Elton turned to Harriet laughing: “What a charming riddle!”');
    expect(speakerOf(text, 'What a charming riddle!')).toBe('Mr. Elton');
  });

  it('a verb of thought with the words of the thought after it', () => {
    const text = hartfield(
      'Harriet blushed and looked down, and Emma reflected, not without some triumph, “It is my doing.”',
    );
    expect(speakerOf(text, 'It is my doing.')).toBe('Emma');
  });

  it('the one a verb of speech puts after it in mid-sentence, who is spoken to', () => {
    const text = hartfield(
      'The housekeeper came in with a message. Emma looked up from her work; and, after a moment, answered the housekeeper, “Tell her I will come presently.”',
    );
    expect(speakerOf(text, 'Tell her I will come presently.')).toBe('Emma');
  });

  it('the subject of a clause set inside, when someone else follows “and”', () => {
    const text = hartfield(
      'It was nearly nine when Mr. Elton arrived at the door, and the housekeeper, opening it to him, said, “They are all in the drawing-room, sir.”',
    );
    const named = tagBefore(
      tokenize(
        text,
        text.indexOf('It was nearly nine'),
        text.indexOf('“They are all'),
        findCast(text).mentions,
      ),
    );
    expect(named?.kind === 'name' && named.character.name).not.toBe('Mr. Elton');
  });

  it('a passive or a noun before a finished line, nor the one the line calls by name', () => {
    const text = hartfield(
      'Emma was going on, but was interrupted, “Stop, Emma.” Mr. Knightley spoke sternly.',
    );
    expect(speakerOf(text, 'Stop, Emma.')).not.toBe('Emma');
  });

  it('“Thus questioned, Harriet” or “So thought Mr. Knightley” opening the next paragraph', () => {
    const questioned = hartfield(
      'Emma turned to her friend.',
      '“Harriet, you have something to tell me. What is it?”',
      'Thus questioned, Harriet was obliged to confess the whole.',
    );
    expect(speakerOf(questioned, 'Harriet, you have something to tell me. What is it?')).not.toBe('Harriet');
    const thought = hartfield(
      'Emma looked at the fire.',
      '“He will never do for her,”',
      'So thought Mr. Knightley also, but with very different feelings.',
    );
    expect(speakerOf(thought, 'He will never do for her,')).not.toBe('Mr. Knightley');
  });

  it('“said the second daughter” is one of the family of the scene, not a figure of its own', () => {
    const text = [
      'Elizabeth and Jane sat with their mother, Mrs. Bennet, in the breakfast-room.',
      '“Is he come?” said Mrs. Bennet. “Not yet,” said Jane.',
      '“I am glad of it,” said the second daughter.',
    ].join('\n\n');
    expect(speakerOf(text, 'I am glad of it,')).not.toBe('The Second Daughter');
  });

  it('“said the girl” of a girl the narration just brought in', () => {
    const den = (k: number) =>
      [
        `Nancy came into the den on the ${k}th night, and Fagin looked up from the fire. He rubbed his hands, and he smiled at her.`,
        '“Well, my dear?” said Fagin.',
        '“Cold,” said the girl.',
      ].join('\n\n');
    const text = [
      den(1),
      away,
      SISTERS_AT_THE_FIRE.join('\n\n'),
      away,
      den(2),
      away,
      den(3),
      away,
      SISTERS_AT_THE_FIRE.join('\n\n'),
      away,
      'Mr. Brownlow stopped at an inn on the road, and a girl came out to hold his horse. He asked her the way.',
      '“Yes, sir, straight on,” said the girl.',
    ].join('\n\n');
    expect(speakerOf(text, 'Yes, sir, straight on,')).not.toBe('Nancy');
  });

  it('two given names a letter or a vowel apart are two people', () => {
    const form = (surface: string, count: number): NameForm => ({
      surface,
      words: [surface],
      title: '',
      count,
      firstOffset: 0,
    });
    for (const [often, once] of [
      ['Francis', 'Frances'],
      ['Marian', 'Marion'],
      ['Louisa', 'Louise'],
    ] as const) {
      const persons = groupForms([form(often, 30), form(once, 1)]);
      const of = (surface: string) => persons.find((p) => p.forms.some((f) => f.surface === surface));
      expect(of(once)).not.toBe(of(often));
    }
  });

  it('a surname written before another name (“Baker Street”) is not taken alone', () => {
    const text = [
      'Henry Baker came to our rooms in the evening, and Holmes received him. Henry Baker was a tall man.',
      '“Sit down,” said Holmes. “Thank you,” said Henry Baker.',
      'There was a baker by the corner, and the baker’s boy whistled on the stair.',
      'It was late when we came back to Baker Street. Holmes stopped at the door of Baker Street.',
      'A cab went past Baker Street, and I looked up at our window in Baker Street.',
    ].join('\n\n');
    const baker = findCast(text).characters.find((c) => c.aliases.includes('Henry Baker'));
    expect(baker?.aliases).not.toContain('Baker');
  });
});

describe('what the text says of someone’s looks', () => {
  it('after a possessive is about the one they own, not about them', () => {
    const text = [
      'Sir Charles lived at the Hall. Sir Charles walked on the moor every night. Barrymore kept the Hall.',
      '“Have you among your neighbours any man with a black beard?” said Holmes.',
      '“Yes. Barrymore, Sir Charles’s butler, is a man with a full, black beard,” said Dr. Mortimer.',
      'Barrymore, Sir Charles’s butler, is a man with a full, black beard. Sir Charles’s dark eyes were kind.',
    ].join('\n\n');
    const { characters, mentions } = findCast(text);
    const sir = characters.find((c) => c.name === 'Sir Charles')!;
    const looks = personaOf(sir, text, mentions).looks;
    expect(looks.join(' ')).not.toMatch(/beard/);
    expect(looks.join(' ')).toMatch(/dark eyes/);
  });
});
