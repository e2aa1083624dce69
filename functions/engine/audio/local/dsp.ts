import type { Random } from '../../random';

/**
 * Building blocks for procedural audio: buffers, filters, noise colours, envelopes and a reverb.
 * Everything is plain arithmetic on Float32Arrays, so the same seed gives the same samples.
 */
export const SAMPLE_RATE = 44_100;

export interface Stereo {
  left: Float32Array;
  right: Float32Array;
}

export const stereo = (frames: number): Stereo => ({
  left: new Float32Array(frames),
  right: new Float32Array(frames),
});
export const seconds = (value: number) => Math.max(0, Math.round(value * SAMPLE_RATE));
export const midiToHz = (midi: number) => 440 * 2 ** ((midi - 69) / 12);
export const dbToGain = (db: number) => 10 ** (db / 20);

/** Adds a mono signal into a stereo buffer at `start` (frames), panned −1 (left) … 1 (right). */
export function mixInto(out: Stereo, signal: Float32Array, start: number, gain: number, pan = 0): void {
  const angle = ((Math.max(-1, Math.min(1, pan)) + 1) * Math.PI) / 4;
  const left = gain * Math.cos(angle) * Math.SQRT2;
  const right = gain * Math.sin(angle) * Math.SQRT2;
  const from = Math.max(0, -start);
  const to = Math.min(signal.length, out.left.length - start);
  for (let i = from; i < to; i++) {
    out.left[start + i]! += signal[i]! * left;
    out.right[start + i]! += signal[i]! * right;
  }
}

/** Adds one stereo buffer into another at `start`, scaled. */
export function addStereo(out: Stereo, input: Stereo, start: number, gain: number): void {
  const to = Math.min(input.left.length, out.left.length - start);
  for (let i = Math.max(0, -start); i < to; i++) {
    out.left[start + i]! += input.left[i]! * gain;
    out.right[start + i]! += input.right[i]! * gain;
  }
}

export function peak(buffer: Stereo): number {
  let max = 0;
  for (const channel of [buffer.left, buffer.right]) {
    for (let i = 0; i < channel.length; i++) {
      const v = Math.abs(channel[i]!);
      if (v > max) max = v;
    }
  }
  return max;
}

export function rms(buffer: Stereo): number {
  let sum = 0;
  for (const channel of [buffer.left, buffer.right]) {
    for (let i = 0; i < channel.length; i++) sum += channel[i]! * channel[i]!;
  }
  return Math.sqrt(sum / Math.max(1, buffer.left.length * 2));
}

export function scale(buffer: Stereo, gain: number): void {
  for (const channel of [buffer.left, buffer.right])
    for (let i = 0; i < channel.length; i++) channel[i]! *= gain;
}

/** Rounds off peaks above 70 % of the ceiling so nothing passes it (a soft limiter). */
export function softClip(buffer: Stereo, ceilingDb = -1): void {
  const ceiling = dbToGain(ceilingDb);
  const knee = ceiling * 0.7;
  for (const channel of [buffer.left, buffer.right]) {
    for (let i = 0; i < channel.length; i++) {
      const v = channel[i]!;
      const magnitude = Math.abs(v);
      if (magnitude > knee)
        channel[i] =
          Math.sign(v) * (knee + (ceiling - knee) * Math.tanh((magnitude - knee) / (ceiling - knee)));
    }
  }
}

export type Level = { rmsDb: number } | { peakDb: number };

/**
 * Brings a buffer to an RMS level (steady sounds) or a peak level (transients), in dBFS. An RMS
 * target may push peaks at most 3 dB past the ceiling, where the soft limiter takes them.
 */
export function normalize(buffer: Stereo, level: Level, ceilingDb = -1): void {
  const loudest = peak(buffer);
  if (loudest === 0) return;
  const ceilingGain = (dbToGain(ceilingDb) * dbToGain(3)) / loudest;
  const gain =
    'rmsDb' in level
      ? Math.min(dbToGain(level.rmsDb) / rms(buffer), ceilingGain)
      : Math.min(dbToGain(level.peakDb), dbToGain(ceilingDb)) / loudest;
  scale(buffer, gain);
  softClip(buffer, ceilingDb);
}

// ---------------------------------------------------------------------------------------------
// Filters

export type FilterType = 'lowpass' | 'highpass' | 'bandpass';

/** A biquad (RBJ cookbook); `set` can be called while running to sweep the filter. */
export class Biquad {
  private b0 = 1;
  private b1 = 0;
  private b2 = 0;
  private a1 = 0;
  private a2 = 0;
  private x1 = 0;
  private x2 = 0;
  private y1 = 0;
  private y2 = 0;

  constructor(
    private readonly type: FilterType,
    frequency: number,
    q = Math.SQRT1_2,
  ) {
    this.set(frequency, q);
  }

  set(frequency: number, q = Math.SQRT1_2): void {
    const w = (2 * Math.PI * Math.min(Math.max(frequency, 10), SAMPLE_RATE * 0.45)) / SAMPLE_RATE;
    const alpha = Math.sin(w) / (2 * q);
    const cos = Math.cos(w);
    const a0 = 1 + alpha;
    if (this.type === 'lowpass') {
      this.b0 = (1 - cos) / 2 / a0;
      this.b1 = (1 - cos) / a0;
      this.b2 = this.b0;
    } else if (this.type === 'highpass') {
      this.b0 = (1 + cos) / 2 / a0;
      this.b1 = -(1 + cos) / a0;
      this.b2 = this.b0;
    } else {
      this.b0 = alpha / a0;
      this.b1 = 0;
      this.b2 = -alpha / a0;
    }
    this.a1 = (-2 * cos) / a0;
    this.a2 = (1 - alpha) / a0;
  }

  process(x: number): number {
    const y = this.b0 * x + this.b1 * this.x1 + this.b2 * this.x2 - this.a1 * this.y1 - this.a2 * this.y2;
    this.x2 = this.x1;
    this.x1 = x;
    this.y2 = this.y1;
    this.y1 = y;
    return y;
  }
}

/** Filters a whole signal in place. */
export function filter(signal: Float32Array, type: FilterType, frequency: number, q?: number): Float32Array {
  const biquad = new Biquad(type, frequency, q);
  for (let i = 0; i < signal.length; i++) signal[i] = biquad.process(signal[i]!);
  return signal;
}

// ---------------------------------------------------------------------------------------------
// Noise and modulation

export const white = (random: Random) => random.next() * 2 - 1;

/** Pink noise (Paul Kellet's economy filter): natural for rain, wind and room tone. */
export function pinkNoise(random: Random): () => number {
  // Filter state in a typed array: captured numbers that change per sample would be boxed anew.
  const b = new Float64Array(3);
  return () => {
    const w = white(random);
    b[0] = 0.99765 * b[0]! + w * 0.099046;
    b[1] = 0.963 * b[1]! + w * 0.2965164;
    b[2] = 0.57 * b[2]! + w * 1.0526913;
    return (b[0] + b[1] + b[2] + w * 0.1848) * 0.2;
  };
}

/** Brown (red) noise: deep rumble for thunder, surf and engines. */
export function brownNoise(random: Random): () => number {
  const last = new Float64Array(1);
  return () => {
    last[0] = (last[0]! + 0.02 * white(random)) / 1.02;
    return last[0] * 3.5;
  };
}

/** A smooth random curve between 0 and 1 that changes about `rate` times a second. */
export function smoothRandom(random: Random, rate: number): (frame: number) => number {
  const points: number[] = [random.next(), random.next()];
  const period = SAMPLE_RATE / rate;
  return (frame) => {
    const position = frame / period;
    const index = Math.floor(position);
    while (points.length < index + 2) points.push(random.next());
    const t = position - index;
    const eased = (1 - Math.cos(Math.PI * t)) / 2;
    return points[index]! * (1 - eased) + points[index + 1]! * eased;
  };
}

function heldLevel(t: number, attack: number, decay: number, sustain: number): number {
  if (t < attack) return t / attack;
  return t < attack + decay ? 1 - ((1 - sustain) * (t - attack)) / decay : sustain;
}

/** Attack–decay–sustain–release level at `t` seconds of a note held for `hold` seconds. */
export function adsr(
  t: number,
  hold: number,
  attack: number,
  decay: number,
  sustain: number,
  release: number,
): number {
  if (t < 0) return 0;
  if (t <= hold) return heldLevel(t, attack, decay, sustain);
  return Math.max(0, heldLevel(hold, attack, decay, sustain) * (1 - (t - hold) / release));
}

// ---------------------------------------------------------------------------------------------
// Reverb

const COMB_TUNING = [1116, 1188, 1277, 1356, 1422, 1491];
const ALLPASS_TUNING = [556, 441, 341];
const STEREO_SPREAD = 23;

/** One lowpass-feedback comb over a whole signal, added into `out`. */
function addComb(input: Float32Array, out: Float64Array, length: number, feedback: number, damping: number) {
  const line = new Float32Array(length);
  let index = 0;
  let store = 0;
  for (let i = 0; i < input.length; i++) {
    const y = line[index]!;
    store = y * (1 - damping) + store * damping;
    line[index] = input[i]! * 0.05 + store * feedback;
    if (++index === length) index = 0;
    out[i]! += y;
  }
}

/** One allpass over a whole signal, in place. */
function allpass(signal: Float64Array, length: number) {
  const line = new Float32Array(length);
  let index = 0;
  for (let i = 0; i < signal.length; i++) {
    const x = signal[i]!;
    const stored = line[index]!;
    line[index] = x + stored * 0.5;
    if (++index === length) index = 0;
    signal[i] = stored - x;
  }
}

/**
 * A small Schroeder–Freeverb reverb: `size` 0–1 sets the decay, `damping` 0–1 darkens the tail.
 * Returns the wet signal of a stereo input. Each filter runs over the whole signal in turn (the
 * combs side by side, then the allpasses in series), which gives the same samples as running
 * them sample by sample, several times faster.
 */
export function reverb(input: Stereo, size: number, damping: number): Stereo {
  const feedback = 0.7 + 0.28 * size;
  const channel = (signal: Float32Array, spread: number) => {
    const wet = new Float64Array(signal.length);
    for (const length of COMB_TUNING) addComb(signal, wet, length + spread, feedback, damping);
    for (const length of ALLPASS_TUNING) allpass(wet, length + spread);
    return Float32Array.from(wet);
  };
  return { left: channel(input.left, 0), right: channel(input.right, STEREO_SPREAD) };
}

/** A feedback echo, alternating sides (ping-pong). */
export function echo(input: Stereo, delaySeconds: number, feedback: number): Stereo {
  const delay = seconds(delaySeconds);
  const out = stereo(input.left.length);
  for (let i = 0; i < input.left.length; i++) {
    const fromLeft = i >= delay ? out.right[i - delay]! * feedback : 0;
    const fromRight = i >= delay ? out.left[i - delay]! * feedback : 0;
    out.left[i] = (i >= delay ? input.right[i - delay]! : 0) + fromLeft;
    out.right[i] = (i >= delay ? input.left[i - delay]! : 0) + fromRight;
  }
  return out;
}
