import { describe, expect, it } from 'vitest';
import { findCast } from '../../../../functions/engine/text/local/names';
import { quoteSpans, readStory } from '../../../../functions/engine/text/local/reading';
import { scanQuotations } from '../../../../functions/engine/text/local/reading/quotations';
import { tagAfter, tokenize } from '../../../../functions/engine/text/local/reading/tags';
import { readingText } from '../../../../functions/engine/text/local/reading/text';
import { paragraphSpans } from '../../../../functions/engine/text/sentences';
import { said } from './reading-helpers';

/** The reading of a story on short passages: who the characters are, where quotations are, who says them. */
const names = (text: string) => findCast(text).characters.map((c) => c.name);
const character = (text: string, name: string) => findCast(text).characters.find((c) => c.name === name);

describe('typography', () => {
  it('keeps offsets while making CRLF, the byte-order mark and typographic apostrophes plain', () => {
    const raw = '\uFEFF“I’m late,” said Alice.\r\n\r\nDinah’ll miss me.';
    const text = readingText(raw);
    expect(text).toHaveLength(raw.length);
    expect(text).toBe(" “I'm late,” said Alice. \n \nDinah'll miss me.");
  });

  it('takes no contraction written with ’ for a name, and reads the name inside one', () => {
    const text = [
      '‘I’m sure I’m not Ada,’ said Alice, ‘for her hair goes in such long ringlets.’',
      'Alice thought of Dinah. ‘Dinah’ll miss me very much to-night, I’ve no doubt!’ Alice sighed.',
      '‘I’ll try and say it,’ said Alice. ‘I’d rather not,’ Alice added. Dinah was the cat, and Alice loved Dinah.',
    ].join('\n\n');
    const found = names(text);
    expect(found).toEqual(expect.arrayContaining(['Alice', 'Dinah']));
    for (const no of ['I’m', 'I’ve', 'I’ll', 'I’d', 'Dinah’ll', "I'm", "Dinah'll"])
      expect(found).not.toContain(no);
    expect(character(text, 'Dinah')!.mentions).toBe(4);
  });
});

describe('characters known by role', () => {
  const WONDERLAND = [
    'Alice saw the White Rabbit hurry past. “Oh my ears and whiskers!” said the Rabbit.',
    '“Who are you?” said the Caterpillar. Alice did not answer the Caterpillar.',
    'The White Rabbit ran on, and the Rabbit looked at its watch. The Caterpillar smoked.',
    '“Off with her head!” cried the Queen of Hearts. The Queen of Hearts turned crimson, and the Queen shouted again.',
    '“Sentence first!” said the Queen. The Queen went on, and the Queen frowned at Alice.',
    'The Caterpillar yawned. “You!” said the Caterpillar contemptuously. Alice went down to the river, past the Palace.',
  ].join('\n\n');

  it('finds a character by the role the text gives it, one per role, the short form joined to the long', () => {
    const cast = findCast(WONDERLAND);
    const roles = cast.characters.filter((c) => c.role).map((c) => c.name);
    expect(roles).toEqual(
      expect.arrayContaining(['The White Rabbit', 'The Caterpillar', 'The Queen of Hearts']),
    );
    expect(roles).not.toContain('The Rabbit');
    expect(roles).not.toContain('The Queen');
    expect(cast.characters.find((c) => c.name === 'The White Rabbit')!.aliases).toEqual(
      expect.arrayContaining(['White Rabbit', 'Rabbit']),
    );
    expect(names(WONDERLAND)).not.toContain('The Palace');
  });

  it('gives a role its lines', () => {
    expect(said(WONDERLAND)).toEqual(
      expect.arrayContaining([
        ['Oh my ears and whiskers!', 'The White Rabbit'],
        ['Who are you?', 'The Caterpillar'],
        ['Off with her head!', 'The Queen of Hearts'],
      ]),
    );
  });
});

describe('one character under several names', () => {
  it('joins a full name, its given name, its surname and a title with the surname', () => {
    const text = [
      'Victor Frankenstein left Geneva. Victor wrote to his father. Frankenstein worked all night.',
      'Henry Clerval came to Ingolstadt. “My dear Frankenstein,” said Clerval, “how glad I am.” Henry laughed.',
      'Mr. Darcy bowed. Darcy said nothing. Lizzy laughed at him, and Elizabeth turned away. “Lizzy!” cried Jane.',
    ].join('\n\n');
    const cast = findCast(text);
    const victor = cast.characters.filter((c) => c.aliases.includes('Victor'));
    expect(victor).toHaveLength(1);
    expect(victor[0]!.aliases).toEqual(
      expect.arrayContaining(['Victor Frankenstein', 'Victor', 'Frankenstein']),
    );
    const henry = cast.characters.filter((c) => c.aliases.includes('Clerval'));
    expect(henry).toHaveLength(1);
    expect(henry[0]!.aliases).toContain('Henry');
    expect(cast.characters.filter((c) => c.aliases.includes('Darcy'))).toHaveLength(1);
    expect(
      cast.characters.filter((c) => c.aliases.includes('Lizzy') || c.aliases.includes('Elizabeth')),
    ).toHaveLength(1);
  });

  it('keeps brothers apart when the text tells them apart by a given name after the title', () => {
    const text = [
      'Mr. Knightley came in. Mr. Knightley sat down, and George Knightley smiled.',
      'Mr. John Knightley followed his brother. “It is cold,” said Mr. John Knightley. Mr. Knightley laughed.',
      'Mr. John Knightley frowned at Mr. Knightley, and John Knightley went out.',
    ].join('\n\n');
    const cast = findCast(text);
    const george = cast.characters.find((c) => c.aliases.includes('Mr. Knightley'))!;
    const john = cast.characters.find((c) => c.aliases.includes('Mr. John Knightley'))!;
    expect(george).not.toBe(john);
    expect(said(text)).toEqual([['It is cold,', john.name]]);
  });

  it('takes no place, month, quoted author or interjection for a person', () => {
    const text = [
      'In March Victor went to Ingolstadt. Victor walked to Ingolstadt through the rain, and reached Ingolstadt at night.',
      '“As Dante says, all hope is gone,” said Victor. “Alas! Oh! Heaven help me,” Victor cried. Victor wept.',
    ].join('\n\n');
    const found = names(text);
    expect(found).toContain('Victor');
    for (const no of ['March', 'Ingolstadt', 'Alas', 'Oh', 'Heaven']) expect(found).not.toContain(no);
  });
});

describe('finding quotations', () => {
  it('reads straight and typographic marks, British single marks, and quotes nested inside quotes', () => {
    expect(scanQuotations('"Go," said Tom. “Now,” said Ann.').parts).toHaveLength(2);
    const british = scanQuotations('‘It’s late,’ said Ada. ‘We should go, the boys’ room is cold.’');
    expect(british.style).toBe('single');
    expect(british.parts).toHaveLength(2);
    const nested = '“She said ‘never’ to me,” said Tom.';
    const [part] = scanQuotations(nested).parts;
    expect(nested.slice(part!.start, part!.end)).toBe('“She said ‘never’ to me,”');
  });

  it('gives an interrupted quotation two spans with one speaker', () => {
    const text = '“Well,” said Mara, “we had better go.”';
    expect(said(text)).toEqual([
      ['Well,', 'Mara'],
      ['we had better go.', 'Mara'],
    ]);
  });

  it('carries a quotation over paragraphs that reopen it without closing it', () => {
    const text = [
      'Tobias sat down by the fire.',
      '“It began in the spring, when the river rose.',
      '“By summer the mill was gone, and the village with it.',
      '“Nobody came back,” said Tobias.',
      '“I am sorry,” said Mara.',
    ].join('\n\n');
    const scan = scanQuotations(text);
    expect(scan.utterances[0]).toHaveLength(3);
    expect(said(text).map(([, who]) => who)).toEqual(['Tobias', 'Tobias', 'Tobias', 'Mara']);
  });
});

describe('who says each line', () => {
  const SCENE = [
    'Mara came down to the quay at dusk. Tobias was mending a net, and Old Sarah watched them both.',
    '“You are late,” said Tobias.',
    'Mara laughed. “The tide was against me.”',
    '“It always is,” Tobias replied.',
    '“Oh, Tobias, you never change.”',
    '“Why should I?”',
    '“Because Sarah says so.”',
    'Sarah shook her head, and Tobias grinned. Then he said, “Sarah says nothing of the kind.”',
    '“I say a great deal,” she replied.',
  ].join('\n\n');
  const lines = said(SCENE);
  const who = (words: string) => lines.find(([line]) => line!.startsWith(words))?.[1];

  it('reads tags after and before a line ("said Tobias", "Tobias replied", "Then he said,")', () => {
    expect(who('You are late')).toBe('Tobias');
    expect(who('It always is')).toBe('Tobias');
    expect(who('Sarah says nothing')).toBe('Tobias');
  });

  it('resolves a pronoun tag to the nearest character of that sex', () => {
    expect(who('I say a great deal')).toBe('Sarah');
  });

  it('gives a line to the character acting in its paragraph', () => {
    expect(who('The tide was against me')).toBe('Mara');
  });

  it('does not give a line to the one it speaks to, and lets turns alternate', () => {
    expect(who('Oh, Tobias')).toBe('Mara');
    expect(who('Why should I')).toBe('Tobias');
    expect(who('Because Sarah says so')).toBe('Mara');
  });

  it('gives "I said" to a first-person narrator the others call by name', () => {
    const text = [
      'I had not seen Holmes for a month, and I found him by the fire. I sat down and I waited for him to speak. '.repeat(
        6,
      ),
      '“You have been in the country, Watson,” said Holmes.',
      '“How do you know?” I asked.',
      '“Your boots, Watson. Your boots.”',
      '“Remarkable,” said I.',
      '“Elementary, my dear Watson,” said he.',
    ].join('\n\n');
    const story = readStory(text);
    expect(story.narrator?.name).toBe('Watson');
    expect(said(text).map(([, speaker]) => speaker)).toEqual([
      'Holmes',
      'Watson',
      'Holmes',
      'Watson',
      'Holmes',
    ]);
  });
});

describe('odd input', () => {
  it('never fails on empty, quote-less, unbalanced or binary-looking text', () => {
    for (const text of [
      '',
      '\uFEFF',
      'No one speaks here.\r\nNot a word.',
      '“Wait, said Tom.\n\n”\n\n"Open" "quote',
      '""""""',
      "“”‘’''\"",
      '\u0000\u0001 “x” \uFFFD',
      `${'“A” said B. '.repeat(2000)}`,
    ]) {
      const spans = quoteSpans(text);
      for (const q of spans) {
        expect(q.start).toBeGreaterThanOrEqual(0);
        expect(q.end).toBeLessThanOrEqual(text.length);
        expect(q.start).toBeLessThan(q.end);
      }
    }
    expect(quoteSpans('')).toEqual([]);
  });
});

describe('paragraphs of CRLF text', () => {
  it('splits at blank lines written with CRLF as with LF', () => {
    const lf = 'One line.\nStill one.\n\nTwo.\n\n\nThree.';
    const crlf = lf.replace(/\n/g, '\r\n');
    expect(paragraphSpans(crlf).map((p) => p.text.replace(/\s+/g, ' '))).toEqual(
      paragraphSpans(lf).map((p) => p.text.replace(/\s+/g, ' ')),
    );
    expect(paragraphSpans(crlf)).toHaveLength(3);
  });
});

describe('names and tags as books print them', () => {
  it('reads a tag that ends in a double hyphen ("Mr. Dunmore, whose mind was elsewhere, said--")', () => {
    const text = [
      'Mr. Dunmore and Lucy sat by the fire. Lucy looked at Mr. Dunmore, and Mr. Dunmore looked at Lucy.',
      '“It is late,” said Mr. Dunmore.',
      'Lucy made no answer; and Mr. Dunmore, whose thoughts were on the Pelhams, said--',
      '“It is a great pity about the Pelhams.”',
    ].join('\n\n');
    expect(said(text)).toEqual([
      ['It is late,', 'Mr. Dunmore'],
      ['It is a great pity about the Pelhams.', 'Mr. Dunmore'],
    ]);
  });

  it('reads a titled name broken over two lines as that name, not as someone sharing the surname', () => {
    const text = [
      'Captain Harlow came home. Captain Harlow sat down. Mrs. Harlow smiled, and Mrs. Harlow poured the tea.',
      '“You look tired,” continued Mrs.\nHarlow, “and you must rest.”',
    ].join('\n\n');
    expect(said(text).map(([, who]) => who)).toEqual(['Mrs. Harlow', 'Mrs. Harlow']);
  });

  it('keeps a daughter apart from her father when she is the only woman of the name', () => {
    const text = [
      'Captain Morrow was lost at sea. Captain Morrow had one child. Arthur Morrow left her nothing.',
      'Miss Morrow came to us. “My father is dead,” said Miss Morrow. Miss Morrow wept.',
    ].join('\n\n');
    const cast = findCast(text);
    const daughter = cast.characters.find((c) => c.aliases.includes('Miss Morrow'));
    expect(daughter).toBeDefined();
    expect(daughter!.aliases).not.toContain('Captain Morrow');
    expect(said(text)).toEqual([['My father is dead,', daughter!.name]]);
  });

  it('keeps the titled surname apart from a brother written "Mr. John …" who answers him', () => {
    const text = [
      'Mr. Knightley came in. Mr. Knightley sat down. Mr. Knightley smiled at Emma. Mr. Knightley read.',
      'Mr. John Knightley followed. “It is cold,” said Mr. John Knightley. Mr. Knightley laughed.',
      '“It is not,” said Mr. Knightley.',
      '“It is,” said Mr. John Knightley.',
    ].join('\n\n');
    const cast = findCast(text);
    const george = cast.characters.find((c) => c.aliases.includes('Mr. Knightley'))!;
    expect(george.aliases).not.toContain('Mr. John Knightley');
    const john = cast.characters.find((c) => c.aliases.includes('Mr. John Knightley'))!.name;
    expect(said(text).map(([, who]) => who)).toEqual([john, george.name, john]);
  });
});

describe('tags beyond "said Alice"', () => {
  const HOUSE =
    'Mary, Elizabeth and Mrs. Croft sat with Anne. Anne spoke to Mary, and Elizabeth to Mrs. Croft.';
  const lineOf = (text: string, words: string) => said(text).find(([line]) => line!.startsWith(words))?.[1];

  it('reads a sentence of only a speaker and a tag verb before the line ("Mrs. Croft interposed.")', () => {
    const text = [
      HOUSE,
      '“We must go,” said Anne.',
      'Mrs. Croft interposed. “We had better put it off.”',
    ].join('\n\n');
    expect(lineOf(text, 'We had better')).toBe('Mrs. Croft');
  });

  it('reads a noun of speech ("Elizabeth’s reply was,") and a possessive after a preposition', () => {
    const text = [
      HOUSE,
      '“Anne cannot come,” said Mary; and Elizabeth’s reply was, “Then she had better stay.”',
      '“Very well,” said Anne, till she was startled by Mrs. Croft’s suddenly saying,-- “It was you I met.”',
    ].join('\n\n');
    expect(lineOf(text, 'Then she had better')).toBe('Elizabeth');
    expect(lineOf(text, 'It was you')).toBe('Mrs. Croft');
  });

  it('gives a verb-first tag between two parts to both, unless the narration names another speaker', () => {
    const text = [
      HOUSE,
      '“No,”--replied Mary--quite confirmed by the manner in which he spoke--“I shall walk.”',
      '“Down!” cried Anne, jumping back, and Elizabeth called, “Come here!”',
    ].join('\n\n');
    expect(lineOf(text, 'I shall walk')).toBe('Mary');
    expect(lineOf(text, 'Come here')).toBe('Elizabeth');
  });

  it('takes no name after "said a Voice, and" for the speaker', () => {
    const text =
      'Mr. Marvel sat by the road. Mr. Marvel was alone. “Come up,” said a Voice, and Mr. Marvel was whirled about.';
    const { mentions } = findCast(text);
    const after = text.indexOf('” said') + 1;
    // Someone new speaks ("a Voice"), not the one named after "and".
    const voice = tagAfter(tokenize(text, after, text.length, mentions));
    expect(voice?.kind).toBe('description');
    expect(voice?.kind === 'description' && voice.head).toBe('voice');
    const named = '“Come up,” said Mr. Marvel, and he was whirled about.';
    const ref = tagAfter(
      tokenize(named, named.indexOf('” said') + 1, named.length, findCast(named).mentions),
    );
    expect(ref?.kind === 'name' && ref.character.name).toBe('Mr. Marvel');
  });

  it('names a woman by her title and surname when the bare surname is mostly something else', () => {
    const text = [
      'Emma went to Ford’s. Ford’s was busy, and Ford’s windows were bright. Ford’s had silk.',
      'Mrs. Ford came forward. “Should I send it?” asked Mrs. Ford. Mrs. Ford smiled.',
    ].join('\n\n');
    expect(said(text)).toEqual([['Should I send it?', 'Mrs. Ford']]);
  });
});

describe('descriptions with a possessive', () => {
  it('takes "my companion" for someone of the scene, never for a character of its own', () => {
    const text = [
      'Sherlock Holmes and I walked down to the river. Holmes was silent, and Holmes frowned at the water.',
      '“It is later than I thought,” said my companion.',
    ].join('\n\n');
    expect(said(text)).toEqual([['It is later than I thought,', 'Holmes']]);
  });
});

describe('a narrative paragraph ends an exchange', () => {
  it('lets "she" be the last speaker again when narration about her comes between', () => {
    const text = [
      'Clara and Nora walked to the gate of the old house.',
      '“It is late,” said Nora.',
      'Nora looked at the dark windows of the house for a long while, and thought of the morning.',
      '“I wish we could go in,” said she.',
    ].join('\n\n');
    expect(said(text).at(-1)).toEqual(['I wish we could go in,', 'Nora']);
  });

  it('starts the turns again after a paragraph of narration', () => {
    const text = [
      'Tom and Ann met in the lane by the mill.',
      '“Where were you?” said Tom.',
      '“At the mill,” said Ann.',
      'Ann took off her wet cloak and hung it by the fire. The rain had stopped, and the yard was full of light.',
      '“The wheel is mended at last, and the miller is glad of it.”',
      '“Good,” said Tom. “Then we can grind the corn on Monday.”',
    ].join('\n\n');
    expect(said(text)[2]).toEqual(['The wheel is mended at last, and the miller is glad of it.', 'Ann']);
  });
});
