import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { distance, type Rgb } from '../../../../functions/engine/drawing/colour';
import { readFaceMetadata } from '../../../../functions/engine/image/local/face-metadata';
import { createLocalImageEngine } from '../../../../functions/engine/image/local';
import { characterLook } from '../../../../functions/engine/image/local/look';
import { mouthBox } from '../../../../functions/engine/image/local/portrait-svg';
import { styleKit } from '../../../../functions/engine/image/local/style-kit';
import { ASPECT_RATIOS, type ImageRequest, type ImageStyle } from '../../../../functions/engine/image/types';
import { anna, hale, scene } from '../../../unit/engine/image/fixtures';
import { scratchDir } from '../video/media';

const scratch = scratchDir('images');
afterAll(() => scratch.remove());
const engine = createLocalImageEngine();
const base = (name: string, style: ImageStyle = 'cartoon'): ImageRequest => ({
  style,
  quality: 'standard',
  aspectRatio: '16:9',
  seed: 7,
  outputPath: scratch.path(name),
});
const harbour = scene({ location: 'The harbour', time_of_day: 'dusk', characters: ['Anna', 'Captain Hale'] });

async function pixels(path: string) {
  const { data, info } = await sharp(path).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}

/** Share of pixels within a small distance of a colour. */
async function share(path: string, colour: string): Promise<number> {
  const { data } = await pixels(path);
  let hits = 0;
  for (let i = 0; i < data.length; i += 3)
    if (distance([data[i]!, data[i + 1]!, data[i + 2]!] as Rgb, colour) < 6) hits++;
  return hits / (data.length / 3);
}

describe('local image engine', () => {
  it('gives byte-identical PNGs for the same request and seed, and another picture for another seed', async () => {
    const a = await engine.scene({ ...base('a.png'), scene: harbour, characters: [anna, hale] });
    const b = await engine.scene({ ...base('b.png'), scene: harbour, characters: [anna, hale] });
    const c = await engine.scene({ ...base('c.png'), seed: 8, scene: harbour, characters: [anna, hale] });
    expect(readFileSync(a.path).equals(readFileSync(b.path))).toBe(true);
    expect(readFileSync(c.path).equals(readFileSync(a.path))).toBe(false);
    const p1 = await engine.portrait({ ...base('p1.png'), character: anna });
    const p2 = await engine.portrait({ ...base('p2.png'), character: anna });
    expect(readFileSync(p1.path).equals(readFileSync(p2.path))).toBe(true);
  });

  it('renders each aspect ratio at its size, and hd larger', async () => {
    for (const aspectRatio of ASPECT_RATIOS) {
      const result = await engine.scene({
        ...base(`ratio-${aspectRatio.replace(':', 'x')}.png`),
        aspectRatio,
        scene: harbour,
        characters: [anna],
      });
      const meta = await sharp(result.path).metadata();
      expect({ width: meta.width, height: meta.height }).toEqual({
        width: result.width,
        height: result.height,
      });
      expect(meta.width! / meta.height!).toBeCloseTo(
        Number(aspectRatio.split(':')[0]) / Number(aspectRatio.split(':')[1]),
        2,
      );
    }
    const hd = await engine.portrait({ ...base('hd.png'), quality: 'hd', character: anna });
    expect(await sharp(hd.path).metadata()).toMatchObject({ width: 1920, height: 1080, format: 'png' });
  });

  it('draws one character with the same colours in the portrait and in scenes, and another character differently', async () => {
    const kit = styleKit('cartoon', 1);
    const annaCoat = kit.colour(characterLook(anna).clothing.colour);
    const haleCoat = kit.colour(characterLook(hale).clothing.colour);
    const annaHair = kit.colour(characterLook(anna).hair.colour);
    expect(distance(annaCoat, haleCoat)).toBeGreaterThan(40);
    const portrait = await engine.portrait({ ...base('anna.png'), character: anna });
    const withAnna = await engine.scene({
      ...base('forest-anna.png'),
      scene: scene({ location: 'The forest', characters: ['Anna'] }),
      characters: [anna, hale],
    });
    const withHale = await engine.scene({
      ...base('forest-hale.png'),
      scene: scene({ location: 'The forest', characters: ['Captain Hale'] }),
      characters: [anna, hale],
    });
    expect(await share(portrait.path, annaCoat)).toBeGreaterThan(0.05);
    expect(await share(portrait.path, annaHair)).toBeGreaterThan(0.02);
    expect(await share(withAnna.path, annaCoat)).toBeGreaterThan(0.003);
    expect(await share(withAnna.path, annaHair)).toBeGreaterThan(0.0001);
    expect(await share(withHale.path, annaHair)).toBeLessThan(0.00002);
    expect(await share(withHale.path, haleCoat)).toBeGreaterThan(0.003);
    expect(await share(withHale.path, annaCoat)).toBeLessThan(0.0005);
    expect(await share(portrait.path, haleCoat)).toBeLessThan(0.0005);
  });

  it('stores where the mouth is and draws the face there', async () => {
    const result = await engine.portrait({ ...base('face.png', 'realistic'), character: anna });
    const face = readFaceMetadata(readFileSync(result.path))!;
    expect(face.mouth).toEqual(mouthBox({ width: 1280, height: 720 }));
    expect(face.skin).toBe(characterLook(anna).skin);
    const { data, width } = await pixels(result.path);
    const at = (x: number, y: number) =>
      [data[(y * width + x) * 3]!, data[(y * width + x) * 3 + 1]!, data[(y * width + x) * 3 + 2]!] as Rgb;
    // beside the lips, inside the mouth box: skin
    expect(
      distance(
        at(Math.round(face.mouth.x + 4), Math.round(face.mouth.y + face.mouth.height * 0.6)),
        face.skin,
      ),
    ).toBeLessThan(20);
  });

  it('makes night darker than day, and sketches grey', async () => {
    const day = await engine.scene({
      ...base('day.png', 'realistic'),
      scene: scene({ location: 'A meadow', time_of_day: 'day' }),
      characters: [],
    });
    const night = await engine.scene({
      ...base('night.png', 'realistic'),
      scene: scene({ location: 'A meadow', time_of_day: 'night' }),
      characters: [],
    });
    const brightness = async (path: string) =>
      (await sharp(path).stats()).channels.slice(0, 3).reduce((sum, c) => sum + c.mean, 0) / 3;
    expect(await brightness(night.path)).toBeLessThan((await brightness(day.path)) - 60);
    const sketch = await engine.scene({
      ...base('sketch.png', 'sketch'),
      scene: harbour,
      characters: [anna, hale],
    });
    const stats = await sharp(sketch.path).stats();
    const [r, g, b] = stats.channels;
    expect(Math.abs(r!.mean - b!.mean)).toBeLessThan(12);
    expect(Math.abs(r!.mean - g!.mean)).toBeLessThan(8);
  });

  it('returns a description of what was drawn', async () => {
    const result = await engine.scene({
      ...base('described.png', 'fantasy'),
      scene: harbour,
      characters: [anna, hale],
    });
    expect(result.prompt).toMatch(/^Fantasy art/);
    expect(result.prompt).toContain('harbour');
    expect(result.prompt).toContain('Captain Hale');
  });

  it('draws captions and name labels when asked', async () => {
    const labelled = createLocalImageEngine({ captions: true, nameLabels: true });
    const plain = await engine.scene({ ...base('plain.png'), scene: harbour, characters: [] });
    const captioned = await labelled.scene({ ...base('captioned.png'), scene: harbour, characters: [] });
    const corner = async (path: string) =>
      (await sharp(path).extract({ left: 0, top: 0, width: 300, height: 70 }).raw().toBuffer()).toString(
        'hex',
      );
    expect(await corner(captioned.path)).not.toBe(await corner(plain.path));
    const named = await labelled.portrait({ ...base('named.png'), character: anna });
    const unnamed = await engine.portrait({ ...base('unnamed.png'), character: anna });
    const bottom = async (path: string) =>
      (await sharp(path).extract({ left: 540, top: 620, width: 200, height: 80 }).raw().toBuffer()).toString(
        'hex',
      );
    expect(await bottom(named.path)).not.toBe(await bottom(unnamed.path));
  });
});
