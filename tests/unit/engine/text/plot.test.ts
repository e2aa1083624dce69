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

  it('describes characters with the text’s own sentences when it has them', async () => {
    const forest = await overview([FOREST_CHAPTER]);
    const byName = Object.fromEntries(forest.characters.map((c) => [c.name, c]));
    expect(byName.Orrin!.physical_description).toContain('broad, freckled boy with a crooked nose');
    expect(byName.Meridel!.physical_description).toContain('white beard');
    expect(byName.Vask!.physical_description).toMatch(/^Vask was a tall, cold man in black armour/);
    expect(byName.Vask!.personality.toLowerCase()).toContain('cold');
    expect(byName.Orrin!.character_arc).toMatch(/^Orrin goes from .+ to .+\.$/);
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

  it('invents the same plausible look for an undescribed character everywhere', async () => {
    const tamsin = (await overview([FOREST_CHAPTER])).characters.find((c) => c.name === 'Tamsin')!;
    expect(tamsin.physical_description).toMatch(/^An? .*woman, .* hair and .* eyes, .+\.$/);
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
    expect(harbour.logline).toBe(
      'In Port Kessel, Nell, a stubborn young woman, must stand up to Crane, with help from Morrow.',
    );
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
