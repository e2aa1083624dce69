import { describe, expect, it } from 'vitest';
import { hashString } from '../../../../functions/engine/random';
import { createLocalTextEngine } from '../../../../functions/engine/text/local';
import { EngineError } from '../../../../functions/engine/types';
import { STORY_TYPES } from '../../../../functions/engine/text/types';
import { CHAPTERS, FOREST_CHAPTER, HARBOUR_CHAPTER, STUDY_CHAPTER } from './chapters';

const engine = createLocalTextEngine();
const overview = (chapters: { title: string; content: string }[], seed = 11) =>
  engine.plotOverview({ title: 'Tales of the Coast', chapters, seed });

describe('plot overview', () => {
  it('is deterministic for the same book and seed', async () => {
    expect(await overview(CHAPTERS)).toEqual(await overview(CHAPTERS));
  });

  it('ranks characters by mentions and gives them roles from the text', async () => {
    const harbour = await overview([HARBOUR_CHAPTER]);
    const roles = Object.fromEntries(harbour.characters.map((c) => [c.name, c.role]));
    expect(harbour.characters[0]!.name).toBe('Nell');
    expect(roles).toMatchObject({ Nell: 'protagonist', Crane: 'antagonist', Brannigan: 'mentor' });
    const mentions = harbour.characters.map((c) => c.mentions);
    expect([...mentions].sort((a, b) => b - a)).toEqual(mentions);

    const forest = await overview([FOREST_CHAPTER]);
    expect(Object.fromEntries(forest.characters.map((c) => [c.name, c.role]))).toEqual({
      Tamsin: 'protagonist',
      Meridel: 'mentor',
      Orrin: 'sidekick',
      Vask: 'antagonist',
    });
  });

  it('takes the antagonist from the main people, not a villain of one old tale', async () => {
    const hero = Array.from(
      { length: 12 },
      (_, i) =>
        `Holmes walked on the moor with Stapleton on the ${i + 1}th day. Holmes watched the hills, and Stapleton talked of his plants. Holmes listened and thought.`,
    );
    const legend = [
      'The old tale told of Hugo, a wicked and cruel man, who threatened his neighbours and fought his enemies.',
      'Hugo was a villain who hated the good and plotted murder; Hugo captured a girl and threatened to kill her.',
      'Hugo chased her across the moor with his dangerous men, and Hugo was killed by a hound of hell.',
    ];
    const result = await overview([
      { title: 'The Legend', content: legend.join('\n\n') },
      { title: 'The Moor', content: hero.join('\n\n') },
    ]);
    const hugo = result.characters.find((c) => c.name === 'Hugo');
    expect(hugo?.role).not.toBe('antagonist');
  });

  it('gives a character only a wish of their own that reads as one', async () => {
    const parlour = [
      'Emma and Harriet sat in the parlour at Hartfield. Emma wished to finish the portrait of Harriet before dinner.',
      'Harriet sat very still. Harriet wanted to do so, and Harriet tried to please her.',
      'Emma painted, and Harriet watched the fire. Emma was pleased with the likeness of Harriet.',
      '“It is very like,” said Harriet. “It is,” said Emma.',
      '“I want to know why the word ‘likeness’ is so hard to spell,” said Harriet.',
      'Harriet smiled at Emma, and Emma smiled at Harriet.',
    ].join('\n\n');
    const result = await overview([{ title: 'The Portrait', content: parlour }]);
    const byName = Object.fromEntries(result.characters.map((c) => [c.name, c]));
    expect(byName.Emma!.want).toBe('To finish the portrait of Harriet before dinner.');
    expect(byName.Harriet!.want).not.toMatch(/portrait|do so|please her|likeness/);
  });

  it('makes no people of the story a guide or a companion', async () => {
    const valley = [
      'Tamsin came down into the valley at dawn. Tamsin was tired and hungry after the long climb.',
      'The Eloi were gathered by the river. The Eloi taught her their songs, and the Eloi were wise and gentle guides.',
      'The Eloi showed her the old paths. The Eloi gave her advice and counsel, and the Eloi guided her to the hall.',
      'The Eloi were her teachers in everything. Tamsin learned the lessons the Eloi taught, and the Eloi kept her safe.',
      'Tamsin thought of home. Tamsin wondered whether she would ever see the mountains again.',
      '“Stay with us,” said the Eloi. “I cannot,” said Tamsin.',
      'The Eloi sang by the fire, and Tamsin listened. The Eloi were kind, and the Eloi were wise.',
    ].join('\n\n');
    const result = await overview([{ title: 'The Valley', content: valley }]);
    const eloi = result.characters.find((c) => c.name === 'The Eloi');
    expect(eloi).toBeDefined();
    expect(eloi!.role === 'mentor' || eloi!.role === 'sidekick').toBe(false);
  });

  it('describes characters from what the text says of them, in sentences written about them', async () => {
    const forest = await overview([FOREST_CHAPTER]);
    const byName = Object.fromEntries(forest.characters.map((c) => [c.name, c]));
    // "He was a broad, freckled boy with a crooked nose and a laugh that carried too far…"
    expect(byName.Orrin!.physical_description).toBe('A broad, freckled boy with a crooked nose.');
    expect(byName.Meridel!.physical_description).toContain('white beard');
    // "He was a tall, cold man in black armour": his looks, and "cold" as his character.
    expect(byName.Vask!.physical_description).toBe('A tall man, in black armour.');
    expect(byName.Vask!.personality.toLowerCase()).toContain('cold');
    expect(byName.Orrin!.character_arc).toMatch(/^Orrin .+\.$/);
    for (const character of forest.characters) {
      for (const text of [character.physical_description, character.personality, character.character_arc])
        expect(text).not.toMatch(/["“”]/);
      // Written about the character, not a sentence of the book pasted in.
      for (const text of [character.physical_description, character.personality])
        expect(FOREST_CHAPTER.content).not.toContain(text);
    }
  });

  it('fills every profile field, with a stable seed from the name and no voice yet', async () => {
    const book = await overview(CHAPTERS);
    for (const c of book.characters) {
      expect(c.seed).toBe(hashString(c.name.toLowerCase()));
      expect(c.voice).toBe('');
      expect(c.mentions).toBeGreaterThan(0);
      for (const field of [
        'physical_description',
        'character_arc',
        'want',
        'need',
        'lie',
        'ghost',
      ] as const) {
        expect(c[field].length, `${c.name}.${field}`).toBeGreaterThan(10);
      }
      expect(c.personality).toMatch(/^[A-Z][a-z-]+.*\.$/);
      expect(c.archetypes.length).toBeGreaterThan(0);
    }
    const again = await overview(CHAPTERS, 99);
    expect(again.characters.map((c) => c.seed)).toEqual(book.characters.map((c) => c.seed));
  });

  it('invents no looks for an undescribed character, and says the same of them everywhere', async () => {
    const tamsin = (await overview([FOREST_CHAPTER])).characters.find((c) => c.name === 'Tamsin')!;
    expect(tamsin.physical_description).toBe('The book does not say what Tamsin looks like.');
    const script = await engine.screenplay({
      bookTitle: 'Tales of the Coast',
      chapter: FOREST_CHAPTER,
      options: {
        style: 'cinematic_movie',
        sceneCount: 3,
        targetDuration: 'auto',
        focusAreas: [],
        storyType: 'hero_journey',
        includeCharacterProfiles: true,
        seed: 42,
      },
    });
    const inScript = script.character_details.find((c) => c.name === 'Tamsin')!;
    expect(inScript.physical_description).toBe(tamsin.physical_description);
    expect(inScript.seed).toBe(tamsin.seed);
  });

  it('reads genre, setting, era, themes and structure from the vocabulary', async () => {
    const forest = await overview([FOREST_CHAPTER]);
    expect(forest.genre).toMatch(/^Fantasy/);
    expect(forest.story_type).toBe('hero_journey');
    const study = await overview([STUDY_CHAPTER]);
    expect(study.genre).toMatch(/^Mystery/);
    expect(study.setting).toContain('Ashgrove Hall');
    expect(study.setting).toContain('nineteenth century');
    expect(study.themes).toContain('Justice and truth');
    const harbour = await overview([HARBOUR_CHAPTER]);
    expect(harbour.setting).toMatch(/^Port Kessel/);
    // Who the story follows and with whom, then the book's own most central sentence about her.
    const [frame, ...rest] = harbour.logline.split(/(?<=\.) /);
    expect(frame).toBe('This adventure follows Nell, with Crane, Morrow and Brannigan.');
    expect(HARBOUR_CHAPTER.content.replace(/\s+/g, ' ')).toContain(rest.join(' '));
    expect(rest.join(' ')).toContain('Nell');
    for (const result of [forest, study, harbour]) {
      expect(result.themes.length).toBeGreaterThanOrEqual(3);
      expect(result.themes.length).toBeLessThanOrEqual(5);
      expect(STORY_TYPES).toContain(result.script_story_type);
      expect(result.tone).toMatch(/^[A-Z][a-z]+( and [a-z]+)?$/);
      expect(result.audience.length).toBeGreaterThan(5);
    }
  });

  it('rejects a book without text and over-long chapters', async () => {
    await expect(overview([{ title: 'Blank', content: '   ' }])).rejects.toMatchObject({
      code: 'invalid_input',
    });
    await expect(overview([])).rejects.toBeInstanceOf(EngineError);
    await expect(overview([{ title: 'Huge', content: 'word '.repeat(150_001) }])).rejects.toMatchObject({
      code: 'text_too_long',
    });
  });
});
