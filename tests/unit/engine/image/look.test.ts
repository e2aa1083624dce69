import { describe, expect, it } from 'vitest';
import {
  characterLook,
  describeLook,
  portraitLook,
  referencedLook,
} from '../../../../functions/engine/image/local/look';
import { anna, character, hale } from './fixtures';

describe('characterLook', () => {
  it('reads hair, eyes, clothes and face from the physical description', () => {
    const look = characterLook(anna);
    expect(look.presentation).toBe('feminine');
    expect(look.age).toBe('young');
    expect(look.hair).toMatchObject({ colourName: 'red', length: 'long', curly: true });
    expect(look.eyes.colourName).toBe('green');
    expect(look.freckles).toBe(true);
    expect(look.garment).toBe('coat');
    expect(look.clothing.colourName).toBe('blue');
    expect(look.beard).toBe('none');
  });

  it('reads beards, glasses, hats, uniforms, age and build', () => {
    const look = characterLook(hale);
    expect(look).toMatchObject({
      presentation: 'masculine',
      age: 'elderly',
      build: 'broad',
      beard: 'beard',
      glasses: true,
      hat: 'cap',
      garment: 'uniform',
    });
    expect(look.clothing.colourName).toBe('navy');
    expect(look.hair.colourName).toBe('grey');
  });

  it('understands hyphenated and compound wording', () => {
    const look = characterLook(
      character({
        physical_description: 'A tall, blue-eyed man, bald, in a black top hat and a crimson cloak.',
      }),
    );
    expect(look.eyes.colourName).toBe('blue');
    expect(look.hair.length).toBe('bald');
    expect(look.hat).toBe('top hat');
    expect(look.garment).toBe('cloak');
    expect(look.clothing.colourName).toBe('crimson');
    expect(look.height).toBeGreaterThan(1.05);
  });

  it('is the same for the same character every time', () => {
    expect(characterLook(character({ seed: 99 }))).toEqual(characterLook(character({ seed: 99 })));
  });

  it('gives characters without a description different looks from their seeds', () => {
    const looks = [1, 2, 3, 4, 5, 6].map((seed) => characterLook(character({ seed })));
    const signatures = new Set(
      looks.map((l) => `${l.skin}${l.hair.colour}${l.clothing.colour}${l.eyes.colour}`),
    );
    expect(signatures.size).toBe(6);
  });

  it('changes only the described feature when a word is added', () => {
    const plain = characterLook(character({ seed: 5, physical_description: 'A man.' }));
    const green = characterLook(character({ seed: 5, physical_description: 'A man in a green jacket.' }));
    expect(green.clothing.colourName).toBe('green');
    expect(green.skin).toBe(plain.skin);
    expect(green.hair).toEqual(plain.hair);
    expect(green.eyes).toEqual(plain.eyes);
  });

  it('describes the look in words for prompts', () => {
    const text = describeLook(characterLook(anna));
    expect(text).toMatch(/^Anna, a young woman/);
    expect(text).toContain('long curly red hair');
    expect(text).toContain('green eyes');
    expect(text).toContain('wearing a blue coat');
  });
});

describe('referencedLook', () => {
  it("draws the portrait's look whatever the description says now", () => {
    const fixed = characterLook(anna);
    const reference = {
      name: 'Anna',
      seed: anna.seed,
      physical_description: anna.physical_description,
      look: portraitLook(fixed),
    };
    const edited = { ...anna, seed: 999, physical_description: 'A man in a green cloak with a beard.' };
    expect(referencedLook(edited, reference)).toEqual(fixed);
    expect(characterLook(edited)).not.toEqual(fixed);
  });

  it('takes the colours of the palette, and ignores colours that are not #rrggbb', () => {
    const reference = {
      name: 'Anna',
      seed: anna.seed,
      physical_description: anna.physical_description,
      look: { ...portraitLook(characterLook(anna)), palette: ['#010203', 'red', '#0A0B0C'] },
    };
    const look = referencedLook(anna, reference);
    expect(look.skin).toBe('#010203');
    expect(look.hair.colour).toBe(characterLook(anna).hair.colour);
    expect(look.eyes.colour).toBe('#0a0b0c');
    expect(look.clothing.colour).toBe(characterLook(anna).clothing.colour);
  });
});

/**
 * Cast entries as the local text engine writes them for real chapters (Frankenstein, The Wonderful
 * Wizard of Oz, A Christmas Carol, Little Women, Dracula): the sex the text gives, its own sentences
 * about what the book leaves unsaid, and characters known only by what they are.
 */
describe('characterLook on cast entries of real chapters', () => {
  const unsaid = (pronoun: 'he' | 'she') =>
    `${pronoun === 'she' ? 'A woman' : 'A man'}; the book says little more of how ${pronoun} looks.`;

  it('draws a man of whom the book says little as a grown man, not a child', () => {
    const clerval = characterLook(
      character({ name: 'Clerval', gender: 'male', physical_description: unsaid('he') }),
    );
    expect(clerval).toMatchObject({ presentation: 'masculine', age: 'adult' });
    expect(describeLook(clerval)).toMatch(/^Clerval, an? (?:\w+ )?man with/);
  });

  it('draws Elizabeth young and a woman, and never grey unless the text says so', () => {
    const elizabeth = characterLook(
      character({
        name: 'Elizabeth',
        gender: 'female',
        physical_description: 'A young woman; the book says little more of how she looks.',
        personality: 'The book says little of what Elizabeth is like.',
      }),
    );
    expect(elizabeth).toMatchObject({ presentation: 'feminine', age: 'young', beard: 'none' });
    expect(['grey', 'white', 'silver']).not.toContain(elizabeth.hair.colourName);
  });

  it('takes the sex from the text even when the description names none (Jo of Little Women)', () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const jo = characterLook(
        character({
          name: 'Jo',
          seed,
          gender: 'female',
          physical_description: 'The book does not say what Jo looks like.',
        }),
      );
      expect(jo.presentation).toBe('feminine');
      expect(jo.beard).toBe('none');
    }
  });

  it('draws a character whose sex the text does not give neither as a man nor as a woman', () => {
    const looks = [1, 2, 3, 4, 5, 6].map((seed) =>
      characterLook(
        character({
          name: 'The Narrator',
          seed,
          gender: 'unknown',
          physical_description: 'The book does not say what The Narrator looks like.',
        }),
      ),
    );
    for (const look of looks) {
      expect(look.presentation).toBe('neutral');
      expect(look.beard).toBe('none');
      expect(describeLook(look)).toMatch(/^The Narrator, an? (?:\w+ )?person with/);
    }
  });

  it('reads an age the text states in years', () => {
    const age = (physical_description: string) =>
      characterLook(character({ gender: 'female', physical_description })).age;
    expect(age('A girl of twelve with a blue ribbon.')).toBe('child');
    expect(age('She was seventeen years old, with dark eyes.')).toBe('young');
    expect(age('A woman aged 34.')).toBe('adult');
    expect(age('An old woman in a grey shawl.')).toBe('elderly');
    expect(age('A woman, sixty-five years old.')).toBe('elderly');
    expect(age('A woman; the book says little more of how she looks.')).toBe('adult');
  });

  it('draws the creature, a ghost and a scarecrow as what they are, apart from the people', () => {
    const creature = characterLook(
      character({
        name: 'The Creature',
        gender: 'male',
        physical_description: 'The book does not say what The Creature looks like.',
      }),
    );
    const ghost = characterLook(
      character({ name: "Marley's Ghost", gender: 'male', physical_description: 'A man, in a pigtail.' }),
    );
    const scarecrow = characterLook(
      character({
        name: 'The Scarecrow',
        gender: 'male',
        physical_description: 'The book does not say what The Scarecrow looks like.',
      }),
    );
    const man = characterLook(character({ name: 'Victor', gender: 'male', physical_description: 'A man.' }));
    expect(creature).toMatchObject({ being: 'creature', beard: 'none', glasses: false });
    expect(creature.height).toBeGreaterThan(1.15);
    expect(describeLook(creature)).toMatch(/^The Creature, an? (?:\w+ )?creature with/);
    expect(ghost.being).toBe('ghost');
    expect(scarecrow.being).toBe('scarecrow');
    expect(man.being).toBeUndefined();
    const skins = new Set([creature.skin, ghost.skin, scarecrow.skin]);
    expect(skins.size).toBe(3);
    expect(skins.has(man.skin)).toBe(false);
  });
});
