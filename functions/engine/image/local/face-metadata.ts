import type { Size } from '../../types';
import { readPngText } from '../../drawing/png';
import type { Box } from '../../types';

/**
 * Where a portrait's face features are, stored in the PNG (tEXt chunk) by the local image engine so
 * lip-sync can animate the mouth and eyes without detecting them.
 */
export const FACE_METADATA_KEY = 'bookstudio:face';

export interface FaceMetadata extends Size {
  mouth: Box;
  eyes: { cx: number; cy: number; rx: number; ry: number }[];
  /** Skin colour as rendered (after the style), to paint over the drawn mouth. */
  skin: string;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

export function readFaceMetadata(png: Buffer): FaceMetadata | undefined {
  const raw = readPngText(png)[FACE_METADATA_KEY];
  if (!raw) return undefined;
  try {
    const data = JSON.parse(raw) as Partial<FaceMetadata>;
    const box = data.mouth;
    if (
      !isNumber(data.width) ||
      !isNumber(data.height) ||
      !box ||
      ![box.x, box.y, box.width, box.height].every(isNumber)
    ) {
      return undefined;
    }
    const eyes = Array.isArray(data.eyes)
      ? data.eyes.filter((e) => [e.cx, e.cy, e.rx, e.ry].every(isNumber))
      : [];
    const skin = typeof data.skin === 'string' && /^#[0-9a-f]{6}$/i.test(data.skin) ? data.skin : '#d9a77e';
    return { width: data.width, height: data.height, mouth: box, eyes, skin };
  } catch {
    return undefined;
  }
}
