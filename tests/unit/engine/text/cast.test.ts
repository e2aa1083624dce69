import { describe, expect, it } from 'vitest';
import { extractDialogue, type Quote } from '../../../../functions/engine/text/local/dialogue';
import { findCast } from '../../../../functions/engine/text/local/names';
import { findNamedPlaces } from '../../../../functions/engine/text/local/places';
import { FOREST_CHAPTER, HARBOUR_CHAPTER, STUDY_CHAPTER } from './chapters';

const names = (text: string) => findCast(text).characters.map((c) => c.name);

describe('character discovery', () => {
  it('finds invented names that no name list knows, by how the text uses them', () => {
    expect(names(FOREST_CHAPTER.content)).toEqual(
      expect.arrayContaining(['Tamsin', 'Orrin', 'Meridel', 'Vask']),
    );
  });

  it('merges full names, titles and short forms into one character', () => {
    const cast = findCast(HARBOUR_CHAPTER.content);
    const morrow = cast.characters.find((c) => c.aliases.includes('Morrow'))!;
    expect(morrow.aliases).toEqual(expect.arrayContaining(['Elias Morrow', 'Morrow']));
    expect(morrow.title).toBe('captain');
    expect(cast.characters.filter((c) => c.aliases.includes('Nell'))).toHaveLength(1);
    expect(cast.characters.find((c) => c.aliases.includes('Nell'))!.aliases).toContain('Nell Harper');
  });

  it('keeps places, ships and inns out of the cast', () => {
    for (const chapter of [HARBOUR_CHAPTER, STUDY_CHAPTER, FOREST_CHAPTER]) {
      const found = names(chapter.content).join(' | ');
      for (const notAPerson of [
        'Port Kessel',
        'Gannet',
        'Gull',
        'Lantern',
        'Ashgrove',
        'Varn',
        'Esk',
        'Thornwood',
        'Captain',
        'The',
      ]) {
        expect(found).not.toMatch(new RegExp(`(^|\\| )${notAPerson}( \\||$)`));
      }
    }
  });

  it('does not fold "Mrs. Pell" into another family member, nor a titled surname into two candidates', () => {
    const cast = findCast(STUDY_CHAPTER.content);
    expect(cast.characters.map((c) => c.name)).toEqual(
      expect.arrayContaining(['Mrs. Pell', 'Lowell', 'Julian', 'Dr. Hartley']),
    );
    const pell = cast.characters.find((c) => c.name === 'Mrs. Pell')!;
    expect(pell.gender).toBe('female');
  });

  it('ranks characters by mentions and counts every form', () => {
    const cast = findCast(HARBOUR_CHAPTER.content);
    expect(cast.characters[0]!.name).toBe('Nell');
    const mentions = cast.mentions.filter((m) => m.character === cast.characters[0]);
    expect(mentions).toHaveLength(cast.characters[0]!.mentions);
    for (const m of cast.mentions)
      expect(m.character.aliases).toContain(HARBOUR_CHAPTER.content.slice(m.start, m.end));
  });

  it('infers gender from titles, names and pronouns', () => {
    const cast = findCast(FOREST_CHAPTER.content);
    const gender = (name: string) => cast.characters.find((c) => c.name === name)?.gender;
    expect(gender('Orrin')).toBe('male');
    expect(gender('Meridel')).toBe('female');
    expect(gender('Vask')).toBe('male');
  });

  it('uses the names the book already knows', () => {
    const cast = findCast(HARBOUR_CHAPTER.content, { knownNames: ['Captain Elias Morrow'] });
    expect(cast.characters.map((c) => c.name)).toContain('Captain Elias Morrow');
    expect(cast.characters.map((c) => c.name)).not.toContain('Morrow');
  });
});

describe('places', () => {
  it('finds named places, with the setting noun the text puts before them', () => {
    expect(findNamedPlaces(HARBOUR_CHAPTER.content).map((p) => p.name)).toContain('Port Kessel');
    expect(findNamedPlaces(STUDY_CHAPTER.content).map((p) => p.name)).toContain('Ashgrove Hall');
    expect(findNamedPlaces(FOREST_CHAPTER.content).map((p) => p.name)).toEqual(
      expect.arrayContaining(['River Esk', 'Varn']),
    );
  });
});

describe('dialogue attribution', () => {
  const speakerOf = (quotes: Quote[], start: string) => {
    const quote = quotes.find((q) => q.text.startsWith(start));
    if (!quote) throw new Error(`no quote starting "${start}"`);
    return quote;
  };
  const harbour = extractDialogue(HARBOUR_CHAPTER.content, findCast(HARBOUR_CHAPTER.content));
  const study = extractDialogue(STUDY_CHAPTER.content, findCast(STUDY_CHAPTER.content));
  const forest = extractDialogue(FOREST_CHAPTER.content, findCast(FOREST_CHAPTER.content));

  it('reads tags after the quote ("Brannigan said", "said Brannigan", "Nell replied")', () => {
    expect(speakerOf(harbour, 'You should be indoors').speaker?.name).toBe('Brannigan');
    expect(speakerOf(harbour, 'Morrow will not sail').speaker?.name).toBe('Brannigan');
    expect(speakerOf(harbour, 'I have nets to finish').speaker?.name).toBe('Nell');
    expect(speakerOf(harbour, 'You should be indoors').attribution).toBe('tag');
  });

  it('reads titles and roles in tags ("Mrs. Pell said", "said the doctor")', () => {
    expect(speakerOf(study, 'He was found in the study').speaker?.name).toBe('Mrs. Pell');
    expect(speakerOf(study, 'In his waistcoat pocket').speaker?.name).toBe('Dr. Hartley');
  });

  it('resolves "he"/"she" tags to the last character of that gender', () => {
    const quote = speakerOf(harbour, 'Someone.');
    expect(quote.speaker?.name).toBe('Brannigan');
    expect(quote.attribution).toBe('pronoun');
    expect(speakerOf(forest, 'That cost more').speaker?.name).toBe('Meridel');
  });

  it('gives untagged quotes the speaker of their paragraph, its actor, or the next turn', () => {
    expect(speakerOf(harbour, 'There is weather coming').attribution).toBe('paragraph');
    expect(speakerOf(harbour, 'There is weather coming').speaker?.name).toBe('Brannigan');
    const action = speakerOf(harbour, 'With what crew?');
    expect([action.speaker?.name, action.attribution]).toEqual(['Morrow', 'action']);
    const turn = speakerOf(harbour, 'It is the only one we have.');
    expect([turn.speaker?.name, turn.attribution]).toEqual(['Nell', 'turn']);
    expect(speakerOf(study, "Mr. Whitcombe's nephew").speaker?.name).toBe('Mrs. Pell');
  });

  it('joins a quotation interrupted by its tag and keeps how it is said', () => {
    const quote = speakerOf(harbour, 'Then look carefully');
    expect(quote.text).toBe(
      'Then look carefully, because by morning there will be nothing left for you to see.',
    );
    expect(quote.speaker?.name).toBe('Crane');
    expect(quote.parenthetical).toBe('whispering');
    expect(speakerOf(harbour, 'Captain.').parenthetical).toBe('pleasantly');
  });

  it('ends every line with sentence punctuation and keeps offsets on the quotation', () => {
    for (const quote of harbour) {
      expect(quote.text).toMatch(/[.!?…]$/);
      expect(HARBOUR_CHAPTER.content.slice(quote.start, quote.end)).toMatch(/^"/);
    }
  });

  it('handles British single quotation marks', () => {
    const text =
      '‘It’s late,’ said Ada. ‘We should go.’\n\n‘Not yet,’ Tom replied. Ada sighed. Tom smiled at Ada.';
    const quotes = extractDialogue(text, findCast(text));
    expect(quotes.map((q) => [q.text, q.speaker?.name])).toEqual([
      ['It’s late.', 'Ada'],
      ['We should go.', 'Ada'],
      ['Not yet.', 'Tom'],
    ]);
  });
});
