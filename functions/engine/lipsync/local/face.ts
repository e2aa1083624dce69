import sharp from 'sharp';
import { readFaceMetadata } from '../../image/local/face-metadata';
import { toHex } from '../../drawing/colour';
import type { Box } from '../../types';
import type { Size } from '../../types';
import type { EyeShape } from './patches';

/**
 * Where the mouth (and eyes) of a portrait are, in the coordinates of the canvas the portrait is
 * fitted onto (cover: scaled to fill, centred, cropped). Portraits from the local image engine carry
 * the positions in their PNG metadata; for other pictures a skin-coloured face region is looked for,
 * and failing that a centred head-and-shoulders framing is assumed.
 */
export interface FaceRegions {
  mouth: Box;
  eyes: EyeShape[];
  skin: string;
  source: 'metadata' | 'skin-detection' | 'default';
}

export function coverTransform(image: Size, canvas: Size) {
  const scale = Math.max(canvas.width / image.width, canvas.height / image.height);
  const dx = (image.width * scale - canvas.width) / 2;
  const dy = (image.height * scale - canvas.height) / 2;
  return {
    box: (b: Box): Box => ({
      x: b.x * scale - dx,
      y: b.y * scale - dy,
      width: b.width * scale,
      height: b.height * scale,
    }),
    eye: (e: EyeShape): EyeShape => ({
      cx: e.cx * scale - dx,
      cy: e.cy * scale - dy,
      rx: e.rx * scale,
      ry: e.ry * scale,
    }),
  };
}

/** The common RGB rule for skin (works across skin tones in daylight-like colour). */
export const isSkin = (r: number, g: number, b: number) =>
  r > 60 &&
  g > 30 &&
  b > 15 &&
  r > g &&
  r > b &&
  r - Math.min(g, b) > 12 &&
  Math.abs(r - g) > 8 &&
  Math.max(r, g, b) - Math.min(r, g, b) > 12;

/** Bounding box of the largest skin-coloured blob in an RGB raster (4-connected). */
export function largestSkinBlob(
  pixels: Uint8Array,
  width: number,
  height: number,
): { box: Box; colour: string; share: number } | undefined {
  const mask = new Uint8Array(width * height);
  for (let i = 0; i < width * height; i++)
    mask[i] = isSkin(pixels[i * 3]!, pixels[i * 3 + 1]!, pixels[i * 3 + 2]!) ? 1 : 0;
  let best:
    | {
        minX: number;
        minY: number;
        maxX: number;
        maxY: number;
        count: number;
        r: number;
        g: number;
        b: number;
      }
    | undefined;
  const stack: number[] = [];
  for (let start = 0; start < mask.length; start++) {
    if (mask[start] !== 1) continue;
    const blob = { minX: width, minY: height, maxX: 0, maxY: 0, count: 0, r: 0, g: 0, b: 0 };
    mask[start] = 2;
    stack.push(start);
    while (stack.length) {
      const i = stack.pop()!;
      const x = i % width;
      const y = Math.floor(i / width);
      blob.count++;
      blob.r += pixels[i * 3]!;
      blob.g += pixels[i * 3 + 1]!;
      blob.b += pixels[i * 3 + 2]!;
      blob.minX = Math.min(blob.minX, x);
      blob.maxX = Math.max(blob.maxX, x);
      blob.minY = Math.min(blob.minY, y);
      blob.maxY = Math.max(blob.maxY, y);
      for (const n of [
        x > 0 ? i - 1 : -1,
        x < width - 1 ? i + 1 : -1,
        y > 0 ? i - width : -1,
        y < height - 1 ? i + width : -1,
      ]) {
        if (n >= 0 && mask[n] === 1) {
          mask[n] = 2;
          stack.push(n);
        }
      }
    }
    if (!best || blob.count > best.count) best = blob;
  }
  if (!best) return undefined;
  return {
    box: { x: best.minX, y: best.minY, width: best.maxX - best.minX + 1, height: best.maxY - best.minY + 1 },
    colour: toHex([best.r / best.count, best.g / best.count, best.b / best.count]),
    share: best.count / (width * height),
  };
}

/** Mouth in the lower-middle of a face box; eyes unknown (no blinking for foreign pictures). */
export function mouthInFace(face: Box): Box {
  return {
    x: face.x + face.width * 0.28,
    y: face.y + face.height * 0.64,
    width: face.width * 0.44,
    height: face.height * 0.2,
  };
}

export function defaultMouth(canvas: Size): Box {
  const unit = Math.min(canvas.width, canvas.height);
  return {
    x: canvas.width / 2 - unit * 0.09,
    y: canvas.height * 0.58,
    width: unit * 0.18,
    height: unit * 0.1,
  };
}

const ANALYSIS_WIDTH = 96;

export async function locateFace(portrait: Buffer, canvas: Size): Promise<FaceRegions> {
  const meta = await sharp(portrait).metadata();
  const image = { width: meta.width ?? canvas.width, height: meta.height ?? canvas.height };
  const stored = readFaceMetadata(portrait);
  if (stored) {
    const toImage = coverTransform(stored, image);
    const toCanvas = coverTransform(image, canvas);
    // stored sizes match the file unless it was resized after rendering
    const same = stored.width === image.width && stored.height === image.height;
    const mouth = toCanvas.box(same ? stored.mouth : toImage.box(stored.mouth));
    const eyes = stored.eyes.map((e) => toCanvas.eye(same ? e : toImage.eye(e)));
    return { mouth, eyes, skin: stored.skin, source: 'metadata' };
  }
  const small = await sharp(portrait)
    .resize({ width: ANALYSIS_WIDTH })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const blob = largestSkinBlob(new Uint8Array(small.data), small.info.width, small.info.height);
  const toCanvas = coverTransform(image, canvas);
  const scale = image.width / small.info.width;
  if (blob && blob.share > 0.01 && blob.share < 0.6 && blob.box.height > 4) {
    const face = {
      x: blob.box.x * scale,
      y: blob.box.y * scale,
      width: blob.box.width * scale,
      height: blob.box.height * scale,
    };
    return { mouth: toCanvas.box(mouthInFace(face)), eyes: [], skin: blob.colour, source: 'skin-detection' };
  }
  return { mouth: defaultMouth(canvas), eyes: [], skin: '#c8977a', source: 'default' };
}
