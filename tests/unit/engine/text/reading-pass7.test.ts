import { describe, expect, it } from 'vitest';
import { findCast } from '../../../../functions/engine/text/local/names';
import { attributeQuotations } from '../../../../functions/engine/text/local/reading/attribution';
import { scanQuotations } from '../../../../functions/engine/text/local/reading/quotations';
import { tagAfter, tagBefore, tokenize } from '../../../../functions/engine/text/local/reading/tags';
import { away, said } from './reading-helpers';

const cast = (text: string) => findCast(text).characters;

describe('a given name two families share', () => {
  // "Charles Hayter" is written whole more often than "Charles Musgrove", yet the bare "Charles" is
  // the one among the Musgroves.
  const hayter = (k: number) =>
    `Charles Hayter walked over from Winthrop on the ${k}th and stayed an hour with Miss Hayter.`;
  const musgroves = (k: number) =>
    `At the Great House the Musgroves sat down to dinner on the ${k}th. Mrs Musgrove poured the tea, and Charles came in late from shooting; Charles laughed at Mary, and Mary sulked.`;
  const text = [
    'Charles Musgrove had married Mary, and Charles Musgrove was the heir of the Great House.',
    'Everyone knew Charles Musgrove for a good-natured man.',
    ...Array.from({ length: 8 }, (_, k) => `${hayter(k + 1)} ${musgroves(k + 1)}`),
    '“Where is my gun?” said Charles.',
    '“In the hall,” said Mary.',
  ].join('\n\n');

  it('goes to the family the text was speaking of, and is written whole beside the other', () => {
    const characters = cast(text);
    const musgrove = characters.find((c) => c.aliases.includes('Charles Musgrove'));
    const other = characters.find((c) => c.aliases.includes('Charles Hayter'));
    expect(musgrove).toBeDefined();
    expect(other).toBeDefined();
    expect(musgrove).not.toBe(other);
    expect(musgrove!.aliases).toContain('Charles');
    expect(other!.aliases).not.toContain('Charles');
    // Two characters could be "Charles": the cast writes the name whole.
    expect(musgrove!.name).toBe('Charles Musgrove');
    expect(said(text)).toContainEqual(['Where is my gun?', 'Charles Musgrove']);
  });

  it('stays with the one the text names far more often when the other is a passing name', () => {
    const text = [
      ...Array.from(
        { length: 10 },
        (_, k) =>
          `Jane Fairfax came to the house on the ${k + 1}th. Jane sat by the window, and Miss Bates talked.`,
      ),
      'Her mother, Jane Bates, had died long ago.',
      '“It is raining,” said Jane.',
    ].join('\n\n');
    const jane = cast(text).find((c) => c.aliases.includes('Jane'));
    expect(jane?.aliases).toContain('Jane Fairfax');
    expect(jane?.name).toBe('Jane');
  });
});

describe('a rank written as a name', () => {
  const text = [
    'Admiral Croft took Kellynch Hall, and Admiral Croft walked in the park every morning.',
    'Sir Walter had once met an Admiral Baldwin, the most deplorable-looking personage.',
    'Admiral Croft laughed when he heard of it. Mrs Croft smiled at Anne.',
    'Admiral Croft and Mrs Croft drove to Uppercross. Anne went with them.',
    'The Admiral kept the reins, and the Admiral talked all the way.',
    '“We shall be there by noon,” said Mrs Croft.',
    '“Ah! my dear,” said the Admiral, “you always say so.”',
    '“And I am always right,” said Mrs Croft.',
  ].join('\n\n');

  it('"said the Admiral" is the admiral of the story, not one of an anecdote', () => {
    expect(said(text)).toContainEqual(['Ah! my dear,', 'Admiral Croft']);
    expect(said(text)).toContainEqual(['you always say so.', 'Admiral Croft']);
  });

  it('"the Admiral" in the narration is a mention of him', () => {
    const admiral = cast(text).find((c) => c.name === 'Admiral Croft')!;
    // Four times by name, three times by rank outside the quotations, and once in the tag.
    expect(admiral.mentions).toBeGreaterThanOrEqual(7);
  });

  it('a rank two people share as much is no one’s name', () => {
    const shared = [
      'Captain Harville and Captain Benwick came up from Lyme.',
      'Captain Harville limped; Captain Benwick read poetry.',
      '“Good day,” said the Captain.',
    ].join('\n\n');
    expect(said(shared)).not.toContainEqual(['Good day,', 'Captain Harville']);
    expect(said(shared)).not.toContainEqual(['Good day,', 'Captain Benwick']);
  });

  it('a rank before another name ("the Admiral Benbow") is no mention', () => {
    const inn = [
      'Admiral Croft sailed in the spring. Admiral Croft wrote home twice.',
      'Admiral Croft came back at last.',
      'We stayed at the Admiral Benbow that night.',
    ].join('\n\n');
    const admiral = cast(inn).find((c) => c.name === 'Admiral Croft')!;
    expect(admiral.mentions).toBe(3);
  });
});

describe('a name quoted alone', () => {
  const addressees = (text: string) => {
    const attribution = attributeQuotations(text, scanQuotations(text), findCast(text));
    return attribution.parts.map((p) => [text.slice(p.start, p.end), p.addressee?.name]);
  };
  const before = [
    'Louisa Musgrove ran down the steps of the Cobb. “I will jump,” said Louisa. Louisa jumped and fell.',
    'Weeks later Anne walked with Admiral Croft in Bath. “A fine day,” said Admiral Croft.',
  ];

  it('and closed by a full stop is the name said, not someone spoken to', () => {
    const text = [
      ...before,
      'He had forgotten a name, and Anne could safely suggest the name of “Louisa.”',
    ].join('\n\n');
    expect(addressees(text)).toContainEqual(['“Louisa.”', undefined]);
  });

  it('and called out is someone spoken to', () => {
    const text = [...before, '“Louisa!” cried Anne, for Louisa was on the steps again.'].join('\n\n');
    expect(addressees(text)).toContainEqual(['“Louisa!”', 'Louisa']);
  });
});

describe('who a tag before the line names', () => {
  const scene = (narration: string) =>
    [
      'Isabella and Catherine met in the Pump-room, and Henry and Eleanor came in after them.',
      '“Good morning,” said Isabella. “Good morning,” said Catherine.',
      '“Here we are,” said Henry. “At last,” said Eleanor.',
      narration,
    ].join('\n\n');

  it('is not the one a participle acts on', () => {
    const text = scene('Isabella, embracing Catherine, thus began: “Yes, my dear, it is so indeed.”');
    expect(said(text)).toContainEqual(['Yes, my dear, it is so indeed.', 'Isabella']);
  });

  it('is not the subject of a clause set inside the sentence', () => {
    const text = scene(
      'Henry came into the room where she and Eleanor were sitting, and said, “I am come in a moralizing strain.”',
    );
    expect(said(text)).toContainEqual(['I am come in a moralizing strain.', 'Henry']);
  });

  it('is “he” after a verb, which no verb acts on', () => {
    const text = scene(
      'Henry was pacing the room. As she entered he stopped, and said: “No, nothing to eat.”',
    );
    expect(said(text)).toContainEqual(['No, nothing to eat.', 'Henry']);
  });

  it('is the owner of an unnamed speech (“Harriet’s was--”) or of a noun of speech', () => {
    const text = [
      'Emma and Harriet walked past the vicarage.',
      '“It is a pretty house,” said Emma. “Very pretty,” said Harriet.',
      'Emma’s remark was-- “There it is.”--Harriet’s was-- “Oh, what a sweet house!”',
      'Emma made the direct inquiry of-- “Where is Miss Fairfax going?”',
    ].join('\n\n');
    expect(said(text)).toContainEqual(['Oh, what a sweet house!', 'Harriet']);
    expect(said(text)).toContainEqual(['Where is Miss Fairfax going?', 'Emma']);
  });
});

describe('who a tag after the line names', () => {
  const base = [
    'Anne and Captain Wentworth and Captain Harville stood on the Cobb at Lyme.',
    '“It is cold,” said Anne. “It is,” said Captain Wentworth. “Colder than Plymouth,” said Captain Harville.',
  ];

  it('is the one the words were uttered by, or came from', () => {
    const text = [
      ...base,
      'The tone with which “Thank God!” was uttered by Captain Wentworth, Anne was sure could never be forgotten.',
      'She had the kindest “Good morning, God bless you!” from Captain Harville, and nothing from him.',
    ].join('\n\n');
    expect(said(text)).toContainEqual(['Thank God!', 'Captain Wentworth']);
    expect(said(text)).toContainEqual(['Good morning, God bless you!', 'Captain Harville']);
  });

  it('is named by a verb of speech beyond "said" ("asserted", "instructed")', () => {
    for (const tag of [', asserted the Colonel.', ', commanded the Colonel.']) {
      expect(tagAfter(tokenize(tag, 0, tag.length, []))).toMatchObject({
        kind: 'description',
        head: 'colonel',
      });
    }
    const text = [
      'Edna and Mr. Pontellier sat with the Colonel on the gallery after dinner.',
      '“The house is quiet,” said Edna. “It is,” said Mr. Pontellier.',
      '“You are too lenient, too lenient by far,” asserted the Colonel.',
      '“Run and find the girl’s mother,” Victor instructed the boy.',
    ].join('\n\n');
    expect(said(text)).toContainEqual(['You are too lenient, too lenient by far,', 'The Colonel']);
    expect(said(text)).toContainEqual(['Run and find the girl’s mother,', 'Victor']);
  });
});

describe('a title written alone for its one bearer', () => {
  it('"said Mademoiselle" is Mademoiselle Reisz', () => {
    const text = [
      'Mademoiselle Reisz played the piano, and Mademoiselle Reisz would play for no one but Edna.',
      'Edna climbed the stairs to the little room of Mademoiselle Reisz. Madame Ratignolle stayed below.',
      '“I have come to hear you play,” said Edna.',
      '“Ah! here comes the sunlight!” exclaimed Mademoiselle, rising from her knees before the stove.',
      '“They are your husband’s,” returned Mademoiselle, with a shrug.',
    ].join('\n\n');
    expect(said(text)).toContainEqual(['Ah! here comes the sunlight!', 'Mademoiselle Reisz']);
    expect(said(text)).toContainEqual(['They are your husband’s,', 'Mademoiselle Reisz']);
  });
});

describe('a figure known only by its tag', () => {
  const text = [
    'Marvel ran into the Jolly Cricketers, and Marvel shrieked for help. The policeman stood at the bar.',
    '“He’s after me!” said Marvel. “Who is?” said the policeman.',
    'A man with a black beard put down his glass.',
    '“Draw the bolts,” said the man with the black beard, “and if he comes—” He showed a revolver.',
    '“That won’t do,” said the policeman. The policeman looked at the door.',
    '“I know what country I’m in,” said the man with the black beard.',
    'The policeman stepped back.',
  ].join('\n\n');

  it('speaks every line its tag gives it, though the one beside it acts in the paragraph', () => {
    const lines = said(text);
    expect(lines).toContainEqual(['Draw the bolts,', 'The Man With The Black Beard']);
    expect(lines).toContainEqual(['I know what country I’m in,', 'The Man With The Black Beard']);
    const bar = [
      'Marvel ran into the inn, and the policeman came after him. Marvel shrieked for help.',
      '“Hide me!” said Marvel. “Steady,” said the policeman.',
      '“Here you are,” said the barman. “Come in here.” The policeman held up the flap of the bar, and Marvel rushed behind it.',
    ].join('\n\n');
    expect(said(bar)).toContainEqual(['Come in here.', 'The Barman']);
  });

  it('is named by its noun, not by a participle after it', () => {
    const participle = [
      'Sikes came back into the room where Fagin sat. The housebreaker sat down heavily.',
      '“Whew!” said the housebreaker wiping the perspiration from his face. “Wot a strange gal that is!”',
      '“You may say that,” said Fagin.',
    ].join('\n\n');
    expect(said(participle).map(([, speaker]) => speaker)).not.toContain('The Wiping');
  });
});

describe('more shapes of a tag', () => {
  const opening = [
    'Catherine and James Morland and John Thorpe drove out to Claverton Down.',
    '“It is fine,” said Catherine. “It is,” said James. “Very fine,” said John Thorpe.',
  ];
  const lines = (...narration: string[]) => said([...opening, ...narration].join('\n\n'));

  it('“was uttered at the same moment by” and “was the view of” name the speaker', () => {
    expect(
      lines(
        '“Good heaven! It is James!” was uttered at the same moment by Catherine; and the horse was checked.',
      ),
    ).toContainEqual(['Good heaven! It is James!', 'Catherine']);
    expect(lines('“It is witchcraft,” was the view of John Thorpe. James laughed at him.')).toContainEqual([
      'It is witchcraft,',
      'John Thorpe',
    ]);
  });

  it('“James was saying” after the line is its tag', () => {
    expect(
      lines('“Promise not to rush the door,” James was saying. Catherine did not answer.'),
    ).toContainEqual(['Promise not to rush the door,', 'James']);
  });

  it('a participle tag belongs to the subject of its own clause', () => {
    expect(
      lines(
        'They waited in the parlour, before John Thorpe came running upstairs, calling out, “Well, Miss Morland, here I am.”',
      ),
    ).toContainEqual(['Well, Miss Morland, here I am.', 'John Thorpe']);
  });

  it('a finished line resumed after its tag keeps it, though a name and a verb follow', () => {
    expect(
      lines(
        '“Three-and-twenty!” cried John Thorpe, “five-and-twenty if it is an inch.” James remonstrated, but his friend would not hear him.',
      ),
    ).toContainEqual(['five-and-twenty if it is an inch.', 'John Thorpe']);
  });

  it('“So began Miss Bates” after the line, and “heard Mr. Weston whisper” before it', () => {
    const text = [
      'Emma and Mr. Knightley and Miss Bates and Mr. Weston were at the Crown.',
      '“A fine room,” said Emma. “It is,” said Mr. Knightley. “Quite,” said Miss Bates. “Come,” said Mr. Weston.',
      '“How d’ye do?—Very well, I thank you.” So began Miss Bates; and Mr. Knightley seemed determined to be heard.',
      'Emma sat down, not without her overhearing Mr. Weston whisper to his wife, “He has asked her, my dear.”',
    ].join('\n\n');
    expect(said(text)).toContainEqual(['How d’ye do?—Very well, I thank you.', 'Miss Bates']);
    expect(said(text)).toContainEqual(['He has asked her, my dear.', 'Mr. Weston']);
  });
});

describe('tags that a conjunction or a helper verb shapes', () => {
  const opening = [
    'Anne and Elizabeth and Admiral Croft sat in the drawing-room at Camden Place.',
    '“It is late,” said Anne. “It is,” said Elizabeth. “Late indeed,” said Admiral Croft.',
  ];

  it('“but the Admiral interrupted her” is not the tag of the line it cuts short', () => {
    const text = [
      ...opening,
      'Anne was beginning to say, “I was not comparing the two friends,” but Admiral Croft interrupted her with--',
      '“And the thing is certainly true.”',
    ].join('\n\n');
    expect(said(text)).toContainEqual(['I was not comparing the two friends,', 'Anne']);
    expect(said(text)).toContainEqual(['And the thing is certainly true.', 'Admiral Croft']);
  });

  it('“for Elizabeth was replying” names her, though “for” comes before', () => {
    const text = [
      ...opening,
      'Anne could not hear the rest, for Elizabeth was replying in a sort of whisper, “That must not be any reason.”',
    ].join('\n\n');
    expect(said(text)).toContainEqual(['That must not be any reason.', 'Elizabeth']);
  });

  it('“who was heard to assert that” names the one heard', () => {
    const narration = 'and she was heard to assert that ';
    expect(tagBefore(tokenize(narration, 0, narration.length, []))).toMatchObject({
      kind: 'pronoun',
      pronoun: 'she',
    });
  });
});

describe('a rank in lower case', () => {
  it('“said the general” is the one General of note, wherever he was last named', () => {
    const text = [
      'General Tilney received Catherine at the Abbey. General Tilney was all politeness, and General Tilney showed her the gardens.',
      away,
      'Catherine walked with Eleanor and Henry by the river for an hour, and Eleanor talked of her mother.',
      '“It is a fine evening,” said Catherine. “It is,” said Eleanor.',
      '“You must see the hot-houses,” said the general, when they came in.',
    ].join('\n\n');
    expect(said(text)).toContainEqual(['You must see the hot-houses,', 'General Tilney']);
  });

  it('“the master” is no one titled Master', () => {
    const text = [
      'Master Bates laughed, and Master Bates ran off down the lane.',
      'The boys sat at the long table. Oliver rose from the table and advanced to the master.',
      '“Please, sir, I want some more,” said Oliver.',
      '“What!” said the master at length, in a faint voice.',
    ].join('\n\n');
    expect(said(text)).not.toContainEqual(['What!', 'Master Bates']);
  });
});

describe('a woman’s given name under two surnames', () => {
  it('is not given to one family by a vote: her maiden and married names may both be hers', () => {
    const text = [
      ...Array.from({ length: 4 }, (_, k) => `Mina Murray wrote to Lucy on the ${k + 1}th.`),
      ...Array.from(
        { length: 4 },
        (_, k) => `Mina Harker wrote in her journal on the ${k + 11}th. Jonathan Harker slept.`,
      ),
      ...Array.from(
        { length: 5 },
        (_, k) => `Jonathan Harker came home on the ${k + 21}st, and Mina met him at the door.`,
      ),
    ].join('\n\n');
    const mina = findCast(text).characters.find((c) => c.aliases.includes('Mina'));
    expect(mina?.aliases).not.toContain('Mina Harker');
  });
});

describe('a mother and a daughter of one surname', () => {
  it('“Mrs. Darling”, often in one sentence with “Wendy”, is not Wendy Moira Angela Darling', () => {
    const text = [
      'Wendy Moira Angela Darling was the eldest of the children.',
      ...Array.from(
        { length: 6 },
        (_, k) =>
          `Mrs. Darling kissed Wendy good night on the ${k + 1}th, and Wendy laughed. Mrs. Darling sewed.`,
      ),
      '“Mother, may I stay up?” said Wendy.',
      '“No, dear,” said Mrs. Darling.',
    ].join('\n\n');
    const cast = findCast(text).characters;
    const wendy = cast.find((c) => c.aliases.includes('Wendy'));
    expect(wendy?.aliases).not.toContain('Mrs. Darling');
    expect(said(text)).toContainEqual(['No, dear,', 'Mrs. Darling']);
  });

  it('“Mrs. Pontellier” who is Edna, rarely beside her given name, is still Edna', () => {
    const text = [
      'Edna Pontellier sat on the porch. Mrs. Pontellier looked at the sea.',
      ...Array.from({ length: 6 }, (_, k) => `Mrs. Pontellier walked to the beach on the ${k + 1}th.`),
      ...Array.from({ length: 6 }, (_, k) => `Edna swam far out on the ${k + 11}th.`),
    ].join('\n\n');
    const edna = findCast(text).characters.find((c) => c.aliases.includes('Edna'));
    expect(edna?.aliases).toContain('Mrs. Pontellier');
  });
});

describe('a rank a named character bears', () => {
  it('“the captain answered” may be Captain Hook: the turns around decide, not a figure of its own', () => {
    const text = [
      'Captain Hook paced the deck of the Jolly Roger, and Smee followed him. Captain Hook was in a dark mood.',
      'Peter Pan flew over the lagoon far away. Captain Pan, the boys called him once.',
      '“I have often heard you say that hook was worth a score of hands,” said Smee to Captain Hook.',
      '“Ay,” the captain answered, “if I was a mother I would pray to have my children born with this,” and Captain Hook cast a look of pride upon his iron hand.',
    ].join('\n\n');
    expect(said(text).map(([, speaker]) => speaker)).not.toContain('The Captain');
  });
});

describe('a particle verb before the name', () => {
  it('“put in Lucy” is Lucy’s tag: the verb’s own particle is no preposition', () => {
    const text = [
      'Lucy and Miss Bartlett and Miss Lavish walked down the street in Florence.',
      '“Eleanor, be quiet,” said Miss Bartlett. “I can’t stop,” said Miss Lavish.',
      '“I’m sure it’s all right,” put in Lucy. “The Emersons won’t hear.”',
      '“She certainly did,” corroborated Miss Bartlett earnestly.',
    ].join('\n\n');
    expect(said(text)).toContainEqual(['I’m sure it’s all right,', 'Lucy']);
    expect(said(text)).toContainEqual(['She certainly did,', 'Miss Bartlett']);
  });
});

describe('a courtesy title and a rank', () => {
  const text = [
    'I went to the lecture of Mr. Waldman, and Mr. Waldman spoke of chemistry.',
    'Professor Krempe had laughed at my books. Mr. Krempe was a squat man with a gruff voice. Mr. Krempe did not smile.',
    '“Every minute that you have wasted is utterly lost,” said Mr. Krempe.',
  ].join('\n\n');

  it('“Mr. Krempe” and “Professor Krempe”, with no full name of the surname, are one man', () => {
    const krempe = findCast(text).characters.filter((c) => c.aliases.some((a) => a.includes('Krempe')));
    expect(krempe).toHaveLength(1);
    expect(krempe[0]!.aliases).toEqual(expect.arrayContaining(['Mr. Krempe', 'Professor Krempe']));
  });

  it('a middle initial stays part of the name', () => {
    const names = findCast(
      [
        'James M. Barrie wrote plays. James M. Barrie lived in London.',
        'Barrie said, “Hello.” Barrie slept.',
      ].join('\n\n'),
    ).characters.map((c) => c.name);
    expect(names).not.toContain('M. Barrie');
  });
});

describe('what the new tag shapes must not take', () => {
  const scene = (...narration: string[]) =>
    said(
      [
        'Emma and Harriet and Mr. Elton sat in the drawing-room at Hartfield.',
        '“It is cold,” said Emma. “Very cold,” said Harriet. “Bitterly,” said Mr. Elton.',
        ...narration,
      ].join('\n\n'),
    );

  it('a passive that is not of speaking names no speaker (“was interrupted by Mr. Elton”)', () => {
    expect(scene('“I was going to say--” was interrupted by Mr. Elton, who rose.')).not.toContainEqual([
      'I was going to say--',
      'Mr. Elton',
    ]);
  });

  it('a name after a verb of speech is its subject (“asked Emma, laughing:”)', () => {
    expect(scene('At length asked Emma, laughing: “And what did you say?”')).toContainEqual([
      'And what did you say?',
      'Emma',
    ]);
  });

  it('“before Harriet humbly” is an object, and “where Harriet was standing, crying:” a clause set inside', () => {
    expect(scene('Mr. Elton knelt before Harriet humbly and said, “Pray forgive me.”')).toContainEqual([
      'Pray forgive me.',
      'Mr. Elton',
    ]);
    expect(
      scene('Emma ran to the window, where Harriet was standing, crying: “Look at the snow!”'),
    ).toContainEqual(['Look at the snow!', 'Emma']);
  });

  it('“she was asked” after the line is no tag of hers, nor “From Emma there came no answer”', () => {
    const tag = (narration: string) => tagAfter(tokenize(narration, 0, narration.length, []));
    expect(tag(' she was asked. She did not know.')).toBeUndefined();
    expect(tag(' she was saying. She did not stop.')).toMatchObject({ kind: 'pronoun', pronoun: 'she' });
    expect(scene('“Will you come?” From Emma there came no answer.')).not.toContainEqual([
      'Will you come?',
      'Emma',
    ]);
  });

  it('a cry heard is no noun of speech before a line; “but Harriet added” is still her tag', () => {
    const narration = 'and she heard a cry from the lane: ';
    expect(tagBefore(tokenize(narration, 0, narration.length, []))).toBeUndefined();
    expect(scene('“I cannot,” but Harriet added, after a pause, “unless you wish it.”')).toContainEqual([
      'I cannot,',
      'Harriet',
    ]);
  });
});

describe('a title alone in the dialogue', () => {
  it('“Good evening, Monsieur,” is said to anyone, not a mention of the one Monsieur of the book', () => {
    const text = [
      'Monsieur Defarge kept a wine-shop, and Monsieur Defarge was a bull-necked man. Monsieur Defarge smoked.',
      'Mr. Lorry came to Paris on business, and Mr. Lorry walked to the bank.',
      '“Good evening, Monsieur,” said the waiter to Mr. Lorry.',
    ].join('\n\n');
    const defarge = findCast(text).characters.find((c) => c.name === 'Monsieur Defarge')!;
    expect(defarge.mentions).toBe(3);
  });
});
