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
