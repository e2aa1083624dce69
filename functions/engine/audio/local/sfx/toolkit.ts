import type { Random } from '../../../random';
import {
  Biquad,
  brownNoise,
  pinkNoise,
  SAMPLE_RATE,
  seconds,
  smoothRandom,
  stereo,
  white,
  type FilterType,
  type Stereo,
} from '../dsp';

/**
 * Pieces sound effects are built from: noise beds, short grains (bursts, thuds, chirps, rings) and
 * a scheduler that scatters grains in time.
 */
export interface SoundContext {
  random: Random;
  /** Frames to fill. */
  frames: number;
  /** One-shot effect, or a continuous background. */
  mode: 'effect' | 'ambiance';
  /** The request's description, lower-cased (recipes pick variants from it). */
  description: string;
}

export type NoiseColour = 'white' | 'pink' | 'brown';

function noiseSource(colour: NoiseColour, random: Random): () => number {
  if (colour === 'pink') return pinkNoise(random);
  if (colour === 'brown') return brownNoise(random);
  return () => white(random);
}

export interface BedOptions {
  colour: NoiseColour;
  filters: { type: FilterType; frequency: number; q?: number }[];
  /** Level follows a slow random curve between `depth`… 1, changing `rate` times a second. */
  movement?: { rate: number; depth: number };
}

/** A stereo noise bed with independent channels (wide, like a real space). */
export function noiseBed(context: SoundContext, options: BedOptions): Stereo {
  const out = stereo(context.frames);
  for (const channel of [out.left, out.right]) {
    const source = noiseSource(options.colour, context.random);
    const filters = options.filters.map((f) => new Biquad(f.type, f.frequency, f.q));
    const movement = options.movement ? smoothRandom(context.random, options.movement.rate) : undefined;
    for (let i = 0; i < channel.length; i++) {
      let v = source();
      for (const f of filters) v = f.process(v);
      channel[i] = movement ? v * (options.movement!.depth + (1 - options.movement!.depth) * movement(i)) : v;
    }
  }
  return out;
}

/**
 * Event times (frames) of a random process with about `perSecond` events a second, regular when
 * `jitter` is 0 and Poisson-like when it is 1.
 */
export function eventTimes(context: SoundContext, perSecond: number, jitter = 1, startAt = 0): number[] {
  const times: number[] = [];
  const mean = SAMPLE_RATE / perSecond;
  for (let t = startAt; t < context.frames;) {
    times.push(Math.round(t));
    const random = -Math.log(1 - context.random.next() * 0.999) * mean;
    t += (1 - jitter) * mean + jitter * random;
  }
  return times;
}

/** Filtered noise with an exponential decay (and an optional attack): clicks, scuffs, thuds. */
export function burst(
  random: Random,
  options: {
    length: number;
    decay: number;
    attack?: number;
    type: FilterType;
    frequency: number;
    q?: number;
    colour?: NoiseColour;
  },
): Float32Array {
  const out = new Float32Array(seconds(options.length));
  const shaper = new Biquad(options.type, options.frequency, options.q);
  const source = noiseSource(options.colour ?? 'white', random);
  for (let i = 0; i < out.length; i++) {
    const t = i / SAMPLE_RATE;
    const rise = options.attack ? Math.min(1, t / options.attack) : 1;
    out[i] = shaper.process(source()) * Math.exp(-t / options.decay) * rise;
  }
  return out;
}

/** A sine sweeping from `from` to `to` Hz (exponentially) with a smooth hump or a decay. */
export function chirp(options: { from: number; to: number; length: number; decay?: number }): Float32Array {
  const out = new Float32Array(seconds(options.length));
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    const x = i / out.length;
    phase += (options.from * (options.to / options.from) ** x) / SAMPLE_RATE;
    const envelope = options.decay
      ? Math.exp(-i / SAMPLE_RATE / options.decay) * Math.min(1, i / 40)
      : Math.sin(Math.PI * x);
    out[i] = Math.sin(2 * Math.PI * phase) * envelope;
  }
  return out;
}

/** Decaying partials at `ratios` of `frequency`: metal, bells, wood resonance. */
export function ring(options: {
  frequency: number;
  ratios: number[];
  decays: number[];
  amplitudes?: number[];
  length: number;
}): Float32Array {
  const out = new Float32Array(seconds(options.length));
  for (let k = 0; k < options.ratios.length; k++) {
    const w = (2 * Math.PI * options.frequency * options.ratios[k]!) / SAMPLE_RATE;
    const amplitude = options.amplitudes?.[k] ?? 1 / (k + 1);
    const decay = options.decays[k % options.decays.length]! * SAMPLE_RATE;
    for (let i = 0; i < out.length; i++) out[i]! += amplitude * Math.exp(-i / decay) * Math.sin(w * i);
  }
  for (let i = 0; i < Math.min(out.length, 60); i++) out[i]! *= i / 60;
  return out;
}

/** Adds grains together into one mono signal. */
export function layer(...grains: { signal: Float32Array; at: number; gain: number }[]): Float32Array {
  const length = Math.max(...grains.map((g) => seconds(g.at) + g.signal.length));
  const out = new Float32Array(length);
  for (const grain of grains) {
    const start = seconds(grain.at);
    for (let i = 0; i < grain.signal.length; i++) out[start + i]! += grain.signal[i]! * grain.gain;
  }
  return out;
}

export const pick = (random: Random, low: number, high: number) => low + (high - low) * random.next();
export const panAt = (random: Random, width = 0.8) => (random.next() * 2 - 1) * width;
