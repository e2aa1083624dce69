import { describe, expect, it } from 'vitest';
import {
  coverTransform,
  defaultMouth,
  isSkin,
  largestSkinBlob,
  mouthInFace,
} from '../../../../functions/engine/lipsync/local/face';
import { eyesPatchSvg, mouthPatchSvg } from '../../../../functions/engine/lipsync/local/patches';
import { MOUTH_SHAPES } from '../../../../functions/engine/lipsync/local/shapes';

describe('coverTransform', () => {
  it('maps image coordinates onto a canvas filled edge to edge', () => {
    // 200×100 image onto a 100×100 canvas: scaled ×1, 50 px cropped from each side
    const t = coverTransform({ width: 200, height: 100 }, { width: 100, height: 100 });
    expect(t.box({ x: 60, y: 10, width: 20, height: 10 })).toEqual({ x: 10, y: 10, width: 20, height: 10 });
    const up = coverTransform({ width: 100, height: 50 }, { width: 208, height: 104 });
    expect(up.eye({ cx: 50, cy: 25, rx: 5, ry: 2 })).toEqual({ cx: 104, cy: 52, rx: 10.4, ry: 4.16 });
  });
});

describe('skin detection', () => {
  it('recognises skin tones from fair to dark, and not sky or grass', () => {
    for (const [r, g, b] of [
      [246, 215, 195],
      [201, 143, 99],
      [108, 67, 40],
      [75, 47, 29],
    ] as const)
      expect(isSkin(r, g, b)).toBe(true);
    for (const [r, g, b] of [
      [63, 135, 214],
      [60, 120, 50],
      [128, 128, 128],
    ] as const)
      expect(isSkin(r, g, b)).toBe(false);
  });

  it('finds the largest skin-coloured region in a raster', () => {
    const width = 20;
    const height = 20;
    const pixels = new Uint8Array(width * height * 3).fill(40);
    const paint = (x0: number, y0: number, w: number, h: number) => {
      for (let y = y0; y < y0 + h; y++)
        for (let x = x0; x < x0 + w; x++) pixels.set([201, 143, 99], (y * width + x) * 3);
    };
    paint(1, 1, 2, 2);
    paint(8, 4, 6, 8);
    const blob = largestSkinBlob(pixels, width, height)!;
    expect(blob.box).toEqual({ x: 8, y: 4, width: 6, height: 8 });
    expect(blob.colour).toBe('#c98f63');
    expect(blob.share).toBeCloseTo(48 / 400);
    expect(largestSkinBlob(new Uint8Array(12).fill(0), 2, 2)).toBeUndefined();
  });

  it('assumes the mouth in the lower middle of a face, or centred below the middle', () => {
    const mouth = mouthInFace({ x: 0, y: 0, width: 100, height: 100 });
    expect(mouth.x).toBeCloseTo(28);
    expect(mouth.y).toBeCloseTo(64);
    expect(mouth.width).toBeCloseTo(44);
    expect(mouth.height).toBeCloseTo(20);
    const centred = defaultMouth({ width: 1000, height: 500 });
    expect(centred.x + centred.width / 2).toBe(500);
    expect(centred.y).toBeGreaterThan(250);
  });
});

describe('patches', () => {
  it('draws a different mouth for every shape over a skin-coloured patch', () => {
    const svgs = MOUTH_SHAPES.map((shape) => mouthPatchSvg(shape, { width: 80, height: 40 }, '#c98f63'));
    expect(new Set(svgs).size).toBe(MOUTH_SHAPES.length);
    for (const svg of svgs) expect(svg).toContain('stop-color="#c98f63"');
  });

  it('draws lids only when the eyes are closed', () => {
    const eyes = [{ cx: 10, cy: 10, rx: 5, ry: 3 }];
    expect(eyesPatchSvg(eyes, { width: 40, height: 20 }, '#c98f63', false)).not.toContain('<ellipse');
    expect(eyesPatchSvg(eyes, { width: 40, height: 20 }, '#c98f63', true)).toContain('<ellipse');
  });
});
