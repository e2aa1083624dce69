import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalImageEngine } from '../../../../functions/engine/image/local';
import type { CharacterReference, ImageStyle } from '../../../../functions/engine/image/types';
import { figureColours, figureDistance, type FigureColours } from '../../../support/figure-colours';
import { anna, character, hale, scene } from '../../../unit/engine/image/fixtures';
import { scratchDir } from '../video/media';

/**
 * The same character looks the same everywhere: a portrait fixes the look, and three different
 * scenes (places, times of day, moods, cast and position in the line-up all differ) draw the
 * character with it. Measured in the pixels, inside the boxes the engine reports for its figures.
 */
const scratch = scratchDir('consistency');
afterAll(() => scratch.remove());
const engine = createLocalImageEngine();

const bram = character({
  name: 'Bram',
  seed: 33,
  physical_description: 'A stocky man with a black beard in a yellow jacket.',
});
const scenes = [
  scene({ location: 'The harbour quay', time_of_day: 'dusk', mood: 'tense', characters: ['Anna', 'Bram'] }),
  scene({
    location: 'A forest path',
    time_of_day: 'day',
    mood: 'calm',
    characters: ['Bram', 'Anna', 'Captain Hale'],
  }),
  scene({
    location: 'The tavern',
    setting_type: 'INT',
    time_of_day: 'night',
    mood: 'mysterious',
    characters: ['Captain Hale', 'Bram', 'Anna'],
  }),
];

async function portraitReference(style: ImageStyle): Promise<CharacterReference> {
  const portrait = await engine.portrait({
    character: anna,
    style,
    quality: 'standard',
    aspectRatio: '1:1',
    seed: anna.seed,
    outputPath: scratch.path(`portrait-${style}.png`),
  });
  return {
    name: 'Anna',
    seed: anna.seed,
    physical_description: anna.physical_description,
    look: portrait.look!,
  };
}

/** Each scene drawn, with the colours of every figure in it by name. */
async function drawScenes(style: ImageStyle, references: CharacterReference[], people = [anna, hale, bram]) {
  const drawn: Map<string, FigureColours>[] = [];
  for (const [i, item] of scenes.entries()) {
    const result = await engine.scene({
      scene: item,
      characters: people,
      style,
      quality: 'standard',
      aspectRatio: '16:9',
      seed: 100 + i,
      outputPath: scratch.path(`${style}-${references.length}-${i}.png`),
      references,
    });
    expect(result.figures!.map((f) => f.name)).toEqual(item.characters);
    const image = readFileSync(result.path);
    const colours = new Map<string, FigureColours>();
    for (const box of result.figures!) {
      expect(box.x + box.width).toBeLessThanOrEqual(result.width);
      expect(box.y + box.height).toBeLessThanOrEqual(result.height);
      colours.set(box.name, await figureColours(image, box));
    }
    drawn.push(colours);
  }
  return drawn;
}

describe('a character drawn from their portrait', () => {
  for (const style of ['cinematic', 'cartoon', 'sketch'] as const) {
    it(`looks the same in three different ${style} scenes, and unlike the others`, async () => {
      const reference = await portraitReference(style);
      // The description was edited after the portrait: the scenes keep the portrait's look.
      const edited = { ...anna, physical_description: 'A woman in a green cloak with short black hair.' };
      const drawn = await drawScenes(style, [reference], [edited, hale, bram]);
      const annas = drawn.map((scene) => scene.get('Anna')!);
      const same = Math.max(
        figureDistance(annas[0]!, annas[1]!),
        figureDistance(annas[1]!, annas[2]!),
        figureDistance(annas[0]!, annas[2]!),
      );
      const others = drawn.flatMap((scene) =>
        [scene.get('Bram')!, scene.get('Captain Hale')].filter(Boolean),
      );
      const nearestOther = Math.min(
        ...annas.flatMap((a) => others.map((other) => figureDistance(a, other!))),
      );
      expect(same).toBeLessThan(12);
      expect(nearestOther).toBeGreaterThan(30);
      expect(nearestOther).toBeGreaterThan(same * 3);

      // Without the portrait the edited description is drawn instead: another look.
      const unreferenced = await drawScenes(style, [], [edited, hale, bram]);
      expect(figureDistance(unreferenced[0]!.get('Anna')!, annas[0]!)).toBeGreaterThan(30);
    });
  }
});
