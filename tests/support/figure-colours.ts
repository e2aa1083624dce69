import sharp from 'sharp';
import type { FigureBox } from '../../functions/engine/image/types';

/**
 * The colours of a character as drawn in a picture, measured inside the box the engine reported for
 * the figure: the mean colour of a strip down the middle of the clothing (shoulders to waist) and of
 * the head (hair and face). The strips stay inside the figure, so the scenery behind it does not count.
 */
export type Rgb = [number, number, number];

export interface FigureColours {
  clothing: Rgb;
  head: Rgb;
}

async function meanColour(
  image: Buffer,
  region: { left: number; top: number; width: number; height: number },
) {
  const { data, info } = await sharp(image)
    .extract(region)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const sum = [0, 0, 0];
  for (let i = 0; i < data.length; i += 3) for (let c = 0; c < 3; c++) sum[c]! += data[i + c]!;
  const n = info.width * info.height;
  return sum.map((v) => v / n) as Rgb;
}

export async function figureColours(image: Buffer, box: FigureBox): Promise<FigureColours> {
  // The box reaches 0.08 of the body height above the head and 0.03 below the feet.
  const h = box.height / 1.11;
  const feet = box.y + box.height - 0.03 * h;
  const centre = box.x + box.width / 2;
  const strip = (from: number, to: number) => ({
    left: Math.round(centre - 0.05 * h),
    top: Math.round(feet - from * h),
    width: Math.max(1, Math.round(0.1 * h)),
    height: Math.max(1, Math.round((from - to) * h)),
  });
  const [clothing, head] = await Promise.all([
    meanColour(image, strip(0.78, 0.52)),
    meanColour(image, strip(0.99, 0.86)),
  ]);
  return { clothing, head };
}

export const colourDistance = (a: Rgb, b: Rgb) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** How far apart two figures are: the larger of the clothing and head distances. */
export const figureDistance = (a: FigureColours, b: FigureColours) =>
  Math.max(colourDistance(a.clothing, b.clothing), colourDistance(a.head, b.head));
