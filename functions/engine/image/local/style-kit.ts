import type { ImageStyle } from '../types';
import { luminance, mix, saturate } from '../../drawing/colour';

/**
 * What an image style changes: one colour transform applied to everything drawn (so a character
 * keeps the same colours between a portrait and a scene of the same style), outlines, and which
 * effects are used. The overlays themselves live in style-overlays.ts.
 */
export interface StyleKit {
  style: ImageStyle;
  colour(hex: string): string;
  outline: { colour: string; width: number; opacity: number } | null;
  gradients: boolean;
  softShadows: boolean;
  glow: boolean;
  letterbox: boolean;
  vignette: number;
  label: string;
}

const PAPER = '#f5f1e6';
const GRAPHITE = '#2e2e30';

export function styleKit(style: ImageStyle, unit: number): StyleKit {
  switch (style) {
    case 'realistic':
      return {
        style,
        colour: (hex) => hex,
        outline: null,
        gradients: true,
        softShadows: true,
        glow: false,
        letterbox: false,
        vignette: 0.35,
        label: 'realistic painted illustration with soft gradients, soft shadows and a gentle vignette',
      };
    case 'cinematic':
      return {
        style,
        // Teal shadows, warm highlights: the usual film grade.
        colour: (hex) => {
          const lum = luminance(hex);
          return mix(mix(hex, '#1d4f5e', (1 - lum) * 0.22), '#ffb36b', lum * 0.12);
        },
        outline: null,
        gradients: true,
        softShadows: true,
        glow: false,
        letterbox: true,
        vignette: 0.55,
        label: 'cinematic film still, widescreen letterbox, teal-and-orange grade, strong vignette',
      };
    case 'cartoon':
      return {
        style,
        colour: (hex) => saturate(mix(hex, '#ffffff', 0.05), 0.3),
        outline: { colour: '#1d1b1f', width: unit * 0.55, opacity: 1 },
        gradients: false,
        softShadows: false,
        glow: false,
        letterbox: false,
        vignette: 0,
        label: 'cartoon style with flat bright colours and thick dark outlines',
      };
    case 'fantasy':
      return {
        style,
        colour: (hex) => saturate(mix(hex, '#7c5cff', 0.12), 0.25),
        outline: null,
        gradients: true,
        softShadows: true,
        glow: true,
        letterbox: false,
        vignette: 0.45,
        label: 'fantasy art with glowing lights, floating magical particles and vivid violet-teal colours',
      };
    case 'sketch':
      return {
        style,
        // Greyscale on warm paper: dark colours become graphite, light ones the paper itself.
        colour: (hex) => mix(GRAPHITE, PAPER, Math.min(1, 0.35 + luminance(hex) * 0.7)),
        outline: { colour: GRAPHITE, width: unit * 0.22, opacity: 0.85 },
        gradients: false,
        softShadows: false,
        glow: false,
        letterbox: false,
        vignette: 0,
        label: 'pencil sketch in graphite on paper, with outlines and cross-hatching',
      };
  }
}

export const SKETCH_GRAPHITE = GRAPHITE;
