import type { Mood } from '../../../text/types';
import type { MusicStyle } from '../../types';

/** Scales, the harmony each mood calls for, and chord voicing. */

export const SCALES = {
  major: [0, 2, 4, 5, 7, 9, 11],
  lydian: [0, 2, 4, 6, 7, 9, 11],
  minor: [0, 2, 3, 5, 7, 8, 10],
  dorian: [0, 2, 3, 5, 7, 9, 10],
  harmonicMinor: [0, 2, 3, 5, 7, 8, 11],
  phrygian: [0, 1, 3, 5, 7, 8, 10],
} as const;
export type ScaleName = keyof typeof SCALES;

export interface Harmony {
  scale: ScaleName;
  /** Chord progressions as scale degrees (0 = tonic); one is chosen per piece. */
  progressions: number[][];
  /** Multiplies the style's tempo. */
  tempo: number;
  /** 0 (dark, muffled) … 1 (bright, open). */
  brightness: number;
  /** Four-note (seventh) chords instead of triads. */
  sevenths: boolean;
}

// prettier-ignore
export const MOOD_HARMONY: Record<Mood, Harmony> = {
  calm: { scale: 'lydian', progressions: [[0, 3, 0, 4], [0, 5, 3, 4], [0, 2, 3, 0]], tempo: 0.85, brightness: 0.55, sevenths: true },
  joyful: { scale: 'major', progressions: [[0, 4, 5, 3], [0, 3, 4, 0], [0, 5, 3, 4]], tempo: 1.15, brightness: 0.85, sevenths: false },
  tense: { scale: 'phrygian', progressions: [[0, 1, 0, 6], [0, 5, 1, 0], [0, 0, 1, 4]], tempo: 1.1, brightness: 0.4, sevenths: false },
  mysterious: { scale: 'dorian', progressions: [[0, 3, 0, 6], [0, 6, 3, 4], [0, 2, 3, 0]], tempo: 0.9, brightness: 0.35, sevenths: true },
  sad: { scale: 'minor', progressions: [[0, 5, 2, 6], [0, 3, 5, 4], [0, 5, 3, 6]], tempo: 0.8, brightness: 0.35, sevenths: false },
  romantic: { scale: 'major', progressions: [[0, 5, 1, 4], [3, 4, 2, 5], [0, 2, 3, 4]], tempo: 0.9, brightness: 0.6, sevenths: true },
  dramatic: { scale: 'harmonicMinor', progressions: [[0, 5, 3, 4], [0, 3, 4, 0], [0, 5, 1, 4]], tempo: 1.0, brightness: 0.5, sevenths: false },
  eerie: { scale: 'harmonicMinor', progressions: [[0, 1, 0, 5], [0, 5, 1, 0]], tempo: 0.75, brightness: 0.25, sevenths: true },
  epic: { scale: 'minor', progressions: [[0, 5, 2, 6], [0, 6, 5, 6], [0, 3, 5, 6]], tempo: 1.0, brightness: 0.65, sevenths: false },
};

export interface StyleShape {
  bpm: number;
  /** Bars each chord lasts. */
  barsPerChord: number;
  /** Mood used when none is asked for. */
  mood: Mood;
}

export const STYLE_SHAPES: Record<MusicStyle, StyleShape> = {
  cinematic: { bpm: 76, barsPerChord: 1, mood: 'epic' },
  orchestral: { bpm: 84, barsPerChord: 1, mood: 'romantic' },
  electronic: { bpm: 118, barsPerChord: 2, mood: 'joyful' },
  ambient: { bpm: 64, barsPerChord: 1, mood: 'calm' },
  dramatic: { bpm: 92, barsPerChord: 1, mood: 'dramatic' },
};

/** MIDI note of a scale degree (any integer; degrees past the scale continue in higher octaves). */
export function degreeToMidi(tonic: number, scale: ScaleName, degree: number): number {
  const steps = SCALES[scale];
  const octave = Math.floor(degree / steps.length);
  return tonic + 12 * octave + steps[((degree % steps.length) + steps.length) % steps.length]!;
}

/** Notes of the chord on a degree, stacked in thirds within the scale. */
export function chordTones(tonic: number, scale: ScaleName, degree: number, sevenths: boolean): number[] {
  return [0, 2, 4, ...(sevenths ? [6] : [])].map((third) => degreeToMidi(tonic, scale, degree + third));
}

/**
 * The inversion of `chord` inside [low, high] that moves least from `previous` (smooth voice
 * leading, the way a player would keep the hands in place).
 */
export function voiceLead(
  chord: number[],
  previous: number[] | undefined,
  low: number,
  high: number,
): number[] {
  const candidates: number[][] = [];
  for (let shift = -3; shift <= 3; shift++) {
    for (let inversion = 0; inversion < chord.length; inversion++) {
      const voiced = chord
        .map((note, index) => note + 12 * shift + (index < inversion ? 12 : 0))
        .sort((a, b) => a - b);
      if (voiced[0]! >= low && voiced[voiced.length - 1]! <= high) candidates.push(voiced);
    }
  }
  if (!candidates.length) return chord;
  const centre = (low + high) / 2;
  const cost = (voiced: number[]) =>
    previous
      ? voiced.reduce(
          (sum, note, index) => sum + Math.abs(note - (previous[index] ?? previous[previous.length - 1]!)),
          0,
        )
      : Math.abs(voiced.reduce((sum, note) => sum + note, 0) / voiced.length - centre);
  return candidates.reduce((best, voiced) => (cost(voiced) < cost(best) ? voiced : best));
}
