import type { DrawContext } from './context';
import type { SkyPalette } from './palette';

/** What a setting drew: layers behind and in front of the characters, and where they stand. */
export interface SettingArt {
  back: string;
  front: string;
  /** Where the characters' feet are (fraction of the height). */
  stand: number;
  /** Character height as a fraction of the canvas height. */
  figureHeight: number;
}

export interface SettingDrawer {
  label: string;
  /** Fraction of the height where the sky meets the land (or the floor meets the wall). */
  horizon: number;
  features(sky: SkyPalette, text: string): string[];
  draw(ctx: DrawContext, text: string): SettingArt;
}
