import { describe, expect, it } from 'vitest';
import { parseHex } from '../../../../functions/engine/drawing/colour';
import { describePortrait, describeScene } from '../../../../functions/engine/image/local/describe';
import { characterLook } from '../../../../functions/engine/image/local/look';
import {
  buildPortraitSvg,
  mouthBox,
  portraitLayout,
} from '../../../../functions/engine/image/local/portrait-svg';
import { castOf, planScene } from '../../../../functions/engine/image/local/scene-plan';
import { buildSceneSvg, figurePlacements } from '../../../../functions/engine/image/local/scene-svg';
import { styleKit } from '../../../../functions/engine/image/local/style-kit';
import { ASPECT_RATIOS, type ImageStyle } from '../../../../functions/engine/image/types';
import { imageSize } from '../../../../functions/engine/image/sizes';
import { anna, hale, scene } from './fixtures';

const size = { width: 640, height: 360 };
const harbour = scene({
  location: 'The harbour',
  time_of_day: 'night',
  mood: 'tense',
  characters: ['Anna', 'Captain Hale'],
  visual_description: 'Rain on the quay.',
});

describe('buildSceneSvg', () => {
  it('is the same markup for the same plan and seed, and different for another seed', () => {
    const a = buildSceneSvg(
      planScene({ scene: harbour, characters: [anna, hale], style: 'realistic', seed: 4 }),
      size,
    );
    const b = buildSceneSvg(
      planScene({ scene: harbour, characters: [anna, hale], style: 'realistic', seed: 4 }),
      size,
    );
    const c = buildSceneSvg(
      planScene({ scene: harbour, characters: [anna, hale], style: 'realistic', seed: 5 }),
      size,
    );
    expect(a).toBe(b);
    expect(c).not.toBe(a);
  });

  it('draws each character present in their own clothing colour', () => {
    const svg = buildSceneSvg(
      planScene({ scene: harbour, characters: [anna, hale], style: 'cartoon', seed: 1 }),
      size,
    );
    const kit = styleKit('cartoon', 1);
    expect(svg).toContain(kit.colour(characterLook(anna).clothing.colour));
    expect(svg).toContain(kit.colour(characterLook(hale).clothing.colour));
  });

  it('draws stars and a moon at night but not by day', () => {
    const night = buildSceneSvg(
      planScene({ scene: scene({ time_of_day: 'night' }), characters: [], style: 'realistic', seed: 1 }),
      size,
    );
    const day = buildSceneSvg(
      planScene({ scene: scene({ time_of_day: 'day' }), characters: [], style: 'realistic', seed: 1 }),
      size,
    );
    expect(night).toContain('moon-glow');
    expect(day).not.toContain('moon-glow');
    expect(day).toContain('sun-glow');
  });

  it('letterboxes cinematic pictures and outlines cartoons', () => {
    const plan = (style: ImageStyle) => planScene({ scene: harbour, characters: [anna], style, seed: 1 });
    expect(buildSceneSvg(plan('cinematic'), size)).toMatch(
      /<rect x="0" y="0" width="640" height="[\d.]+" fill="#000000"\/>/,
    );
    expect(buildSceneSvg(plan('cartoon'), size)).toContain('stroke="#1d1b1f"');
    expect(buildSceneSvg(plan('realistic'), size)).not.toContain('stroke="#1d1b1f"');
  });

  it('keeps sketches in greys', () => {
    const svg = buildSceneSvg(
      planScene({ scene: harbour, characters: [anna, hale], style: 'sketch', seed: 1 }),
      size,
    );
    const colours = [...svg.matchAll(/(?:fill|stroke|stop-color)="(#[0-9a-f]{6})"/g)].map((m) => m[1]!);
    expect(colours.length).toBeGreaterThan(50);
    // graphite mixed with warm paper: the channels stay close together (no real colour)
    const spread = (hex: string) => {
      const [r, g, b] = parseHex(hex);
      return Math.max(r, g, b) - Math.min(r, g, b);
    };
    expect(Math.max(...colours.map(spread))).toBeLessThanOrEqual(25);
  });

  it('escapes the caption text', () => {
    const svg = buildSceneSvg(
      planScene({ scene: scene(), characters: [], style: 'realistic', seed: 1 }),
      size,
      { caption: 'Tom & Jerry <3' },
    );
    expect(svg).toContain('Tom &amp; Jerry &lt;3');
  });

  it('renders every aspect ratio with the figures inside the picture', () => {
    for (const ratio of ASPECT_RATIOS) {
      const frame = imageSize(ratio, 'standard');
      for (const place of figurePlacements(4, frame, 0.93, 0.42)) {
        expect(place.x).toBeGreaterThan(0);
        expect(place.x).toBeLessThan(frame.width);
        expect(place.feetY - place.height).toBeGreaterThan(0);
      }
    }
  });
});

describe('scene plan and description', () => {
  it('uses the profiles of the characters the scene names, and stable stand-ins for the others', () => {
    const cast = castOf(scene({ characters: ['anna', 'Stranger'] }), [anna, hale]);
    expect(cast.map((c) => c.name)).toEqual(['Anna', 'Stranger']);
    expect(castOf(scene({ characters: ['Stranger'] }), [])[0]!.seed).toBe(
      castOf(scene({ characters: ['Stranger'] }), [])[0]!.seed,
    );
  });

  it('describes what is drawn: setting, time, mood, weather and people', () => {
    const text = describeScene(
      planScene({
        scene: harbour,
        characters: [anna, hale],
        style: 'cinematic',
        seed: 1,
        customPrompt: 'Lanterns swing.',
      }),
    );
    expect(text).toMatch(/^Cinematic film still/);
    expect(text).toContain('harbour');
    expect(text).toContain('at night');
    expect(text).toContain('tense');
    expect(text).toContain('rain');
    expect(text).toContain('Anna, a young woman');
    expect(text).toContain('Captain Hale');
    expect(text.endsWith('Lanterns swing.')).toBe(true);
  });

  it('describes portraits from the same look', () => {
    expect(describePortrait(characterLook(hale), 'sketch')).toMatch(
      /^Pencil sketch.*portrait of Captain Hale, an elderly broad man with .*grey beard/,
    );
  });
});

describe('portrait layout', () => {
  it('puts the mouth inside the lower half of the face for every aspect ratio', () => {
    for (const ratio of ASPECT_RATIOS) {
      const frame = imageSize(ratio, 'standard');
      const { head, mouth, eyes } = portraitLayout(frame);
      expect(mouthBox(frame)).toEqual(mouth);
      expect(mouth.x).toBeGreaterThan(head.cx - head.rx);
      expect(mouth.x + mouth.width).toBeLessThan(head.cx + head.rx);
      expect(mouth.y).toBeGreaterThan(head.cy);
      expect(mouth.y + mouth.height).toBeLessThan(head.cy + head.ry);
      expect(eyes).toHaveLength(2);
      for (const eye of eyes) expect(eye.cy).toBeLessThan(mouth.y);
    }
  });

  it('draws the character with the look colours and reports the rendered skin colour', () => {
    const look = characterLook(anna);
    const { svg, skin } = buildPortraitSvg({ look, style: 'realistic', size, seed: 1, nameLabel: 'Anna' });
    expect(svg).toContain(look.clothing.colour);
    expect(svg).toContain(look.hair.colour);
    expect(skin).toBe(look.skin);
    expect(svg).toContain('>Anna</text>');
  });
});
