import { createRandom, type Random } from '../../random';
import { mix } from '../../drawing/colour';
import type { SkyPalette } from './palette';
import type { StyleKit } from './style-kit';
import { linearGradient } from '../../drawing/svg';

/** Everything a drawing function needs: canvas geometry, colours and seeded randomness. */
export interface DrawContext {
  width: number;
  height: number;
  /** 1% of the shorter side: sizes scale with the canvas and look the same in every aspect ratio. */
  unit: number;
  /** y of the horizon (exteriors) or of the floor line (interiors). */
  horizon: number;
  sky: SkyPalette;
  kit: StyleKit;
  /** Colour of a material in this light, mood and style. */
  env(hex: string): string;
  /** Colour of a light source (not darkened by the time of day). */
  light(hex: string): string;
  /** A random stream per drawing layer, so changing one layer leaves the others as they were. */
  random(label: string): Random;
  /** Registers a <defs> entry once; returns its id. */
  def(id: string, markup: string): string;
  /** A vertical gradient fill (flat colour when the style has no gradients). */
  gradient(id: string, top: string, bottom: string): string;
  defs: string[];
}

export function createContext(input: {
  width: number;
  height: number;
  horizon: number;
  seed: number;
  sky: SkyPalette;
  kit: StyleKit;
  tint: (hex: string) => string;
  /** Keeps <defs> ids of a nested drawing (a window view) apart from the outer picture's. */
  idPrefix?: string;
}): DrawContext {
  const { width, height, sky, kit, tint } = input;
  const defs: string[] = [];
  const registered = new Set<string>();
  const prefix = input.idPrefix ?? '';
  const def = (id: string, markup: string) => {
    const full = prefix + id;
    if (!registered.has(full)) {
      registered.add(full);
      defs.push(prefix ? markup.replace(`id="${id}"`, `id="${full}"`) : markup);
    }
    return full;
  };
  return {
    width,
    height,
    unit: Math.min(width, height) / 100,
    horizon: input.horizon,
    sky,
    kit,
    defs,
    env: (hex) => kit.colour(tint(mix(hex, sky.shade, (1 - sky.light) * 0.75))),
    light: (hex) => kit.colour(tint(hex)),
    random: (label) => createRandom(`${input.seed}:${label}`),
    def,
    gradient(id, top, bottom) {
      if (!kit.gradients) return mix(top, bottom, 0.5);
      return `url(#${def(
        id,
        linearGradient(id, [
          [0, top],
          [1, bottom],
        ]),
      )})`;
    },
  };
}
