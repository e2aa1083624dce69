import type { Mood, TimeOfDay } from '../../text/types';
import { mix, saturate } from '../../drawing/colour';
import { mentions } from './keywords';

/** Sky and light by time of day; the mood then tints every environment colour. */
export interface SkyPalette {
  top: string;
  horizon: string;
  /** 0 (night) – 1 (noon): how much material colours keep their daylight value. */
  light: number;
  /** Colour that shadows and unlit materials fall towards. */
  shade: string;
  sun?: { colour: string; x: number; elevation: number };
  moon: boolean;
  stars: number;
  /** Warm light of windows, lamps and fires (lit when it is dark). */
  lamp: string;
  lampsLit: boolean;
  label: string;
}

export const SKY: Record<TimeOfDay, SkyPalette> = {
  dawn: {
    top: '#3d4b7d',
    horizon: '#f4a6b0',
    light: 0.62,
    shade: '#4a3d66',
    sun: { colour: '#ffd2a1', x: 0.22, elevation: 0.08 },
    moon: false,
    stars: 6,
    lamp: '#ffd38a',
    lampsLit: true,
    label: 'at dawn, pink and lilac sky',
  },
  morning: {
    top: '#6fb3e8',
    horizon: '#d7ecf7',
    light: 0.9,
    shade: '#4d6a8a',
    sun: { colour: '#fff1c4', x: 0.25, elevation: 0.45 },
    moon: false,
    stars: 0,
    lamp: '#ffe3a8',
    lampsLit: false,
    label: 'in the morning, fresh light-blue sky',
  },
  day: {
    top: '#3f87d6',
    horizon: '#bfe1fb',
    light: 1,
    shade: '#40597a',
    sun: { colour: '#fff8dc', x: 0.72, elevation: 0.8 },
    moon: false,
    stars: 0,
    lamp: '#ffe3a8',
    lampsLit: false,
    label: 'in bright daylight under a blue sky',
  },
  afternoon: {
    top: '#4f8fd0',
    horizon: '#f2dfb1',
    light: 0.92,
    shade: '#5a5470',
    sun: { colour: '#ffe7a8', x: 0.78, elevation: 0.5 },
    moon: false,
    stars: 0,
    lamp: '#ffd98f',
    lampsLit: false,
    label: 'in warm afternoon light',
  },
  dusk: {
    top: '#2c386b',
    horizon: '#ff8a45',
    light: 0.55,
    shade: '#4a2c4f',
    sun: { colour: '#ff6a2a', x: 0.7, elevation: 0.06 },
    moon: false,
    stars: 10,
    lamp: '#ffc46b',
    lampsLit: true,
    label: 'at dusk, orange sunset sky',
  },
  evening: {
    top: '#1c2550',
    horizon: '#7b4a86',
    light: 0.4,
    shade: '#2a2346',
    moon: true,
    stars: 40,
    lamp: '#ffc46b',
    lampsLit: true,
    label: 'in the evening, violet twilight',
  },
  night: {
    top: '#070e26',
    horizon: '#1e2c55',
    light: 0.25,
    shade: '#0b1533',
    moon: true,
    stars: 120,
    lamp: '#ffcf70',
    lampsLit: true,
    label: 'at night, navy sky with stars and moon',
  },
};

export interface MoodTint {
  apply(hex: string): string;
  label: string;
  fog?: string;
  rays?: boolean;
}

const MOODS: Record<
  Mood,
  { saturation: number; towards?: [string, number]; label: string; fog?: string; rays?: boolean }
> = {
  calm: { saturation: -0.05, label: 'calm, soft balanced colours' },
  joyful: { saturation: 0.2, towards: ['#fff4c2', 0.08], label: 'joyful, bright saturated colours' },
  tense: { saturation: -0.45, towards: ['#3e5a78', 0.2], label: 'tense, cold desaturated light' },
  mysterious: {
    saturation: -0.15,
    towards: ['#463a78', 0.22],
    label: 'mysterious, deep violet shadows',
    fog: '#8c86b8',
  },
  sad: { saturation: -0.55, towards: ['#7a8898', 0.2], label: 'sad, muted grey-blue tones' },
  romantic: { saturation: 0.05, towards: ['#ff9c8a', 0.2], label: 'romantic, warm rosy glow' },
  dramatic: {
    saturation: 0.1,
    towards: ['#2a1020', 0.18],
    label: 'dramatic, high contrast and deep shadows',
  },
  eerie: {
    saturation: -0.3,
    towards: ['#4f8a4a', 0.26],
    label: 'eerie, sickly green light and fog',
    fog: '#9fd09a',
  },
  epic: { saturation: 0.22, towards: ['#ffc45c', 0.12], label: 'epic, golden light rays', rays: true },
};

/** Extra lighting wishes ("golden hour", "cold moonlight") nudge the tint further. */
function lightingNudge(lightingMood: string | undefined): [string, number] | undefined {
  if (!lightingMood) return undefined;
  if (mentions(lightingMood, ['golden', 'warm', 'candlelight', 'candlelit', 'firelight', 'sunset']))
    return ['#ffb35c', 0.1];
  if (mentions(lightingMood, ['cold', 'cool', 'blue', 'moonlight', 'moonlit', 'icy']))
    return ['#5b7fb5', 0.12];
  if (mentions(lightingMood, ['dark', 'low-key', 'shadowy', 'gloomy'])) return ['#000000', 0.18];
  if (mentions(lightingMood, ['bright', 'high-key', 'sunny'])) return ['#ffffff', 0.1];
  return undefined;
}

export function moodTint(mood: Mood, lightingMood?: string): MoodTint {
  const entry = MOODS[mood];
  const nudge = lightingNudge(lightingMood);
  return {
    label: entry.label,
    fog: entry.fog,
    rays: entry.rays,
    apply(hex) {
      let colour = saturate(hex, entry.saturation);
      if (entry.towards) colour = mix(colour, entry.towards[0], entry.towards[1]);
      if (nudge) colour = mix(colour, nudge[0], nudge[1]);
      return colour;
    },
  };
}
