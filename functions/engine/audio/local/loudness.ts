/**
 * Loudness and true peak measured in JavaScript on interleaved float samples, as ITU-R BS.1770-4
 * defines them (and EBU R128 uses them): K-weighted, gated integrated loudness in LUFS, and the true
 * peak from a 4× oversampled signal in dBTP. A mix is measured here instead of by an FFmpeg pass
 * (FFmpeg's ebur128 filter agrees within a tenth of a dB; an integration test checks it).
 */

interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

/**
 * The two stages of the K-weighting filter at any sample rate: a high shelf (+4 dB above ~1.7 kHz,
 * the head's effect) then a high-pass near 38 Hz (the "RLB" curve). The analogue parameters are those
 * the 48 kHz coefficients of BS.1770 come from, mapped with the bilinear transform.
 */
export function kWeighting(sampleRate: number): [Biquad, Biquad] {
  const shelfK = Math.tan((Math.PI * 1681.974450955533) / sampleRate);
  const shelfQ = 0.7071752369554196;
  const vh = 10 ** (3.999843853973347 / 20);
  const vb = vh ** 0.4996667741545416;
  const shelfA0 = 1 + shelfK / shelfQ + shelfK * shelfK;
  const shelf: Biquad = {
    b0: (vh + (vb * shelfK) / shelfQ + shelfK * shelfK) / shelfA0,
    b1: (2 * (shelfK * shelfK - vh)) / shelfA0,
    b2: (vh - (vb * shelfK) / shelfQ + shelfK * shelfK) / shelfA0,
    a1: (2 * (shelfK * shelfK - 1)) / shelfA0,
    a2: (1 - shelfK / shelfQ + shelfK * shelfK) / shelfA0,
  };
  const passK = Math.tan((Math.PI * 38.13547087602444) / sampleRate);
  const passQ = 0.5003270373238773;
  const passA0 = 1 + passK / passQ + passK * passK;
  const highPass: Biquad = {
    b0: 1,
    b1: -2,
    b2: 1,
    a1: (2 * (passK * passK - 1)) / passA0,
    a2: (1 - passK / passQ + passK * passK) / passA0,
  };
  return [shelf, highPass];
}

/** The gate of silence: blocks quieter than this do not count (and silence reads as this). */
export const ABSOLUTE_GATE = -70;
const RELATIVE_GATE = -10;

/**
 * Mean square of the K-weighted signal of each 100 ms step, summed over the channels (all weighted 1:
 * mono and stereo have no surround channels).
 */
function stepPowers(samples: Float32Array, channels: number, sampleRate: number): Float64Array {
  const frames = Math.floor(samples.length / channels);
  const step = Math.round(sampleRate / 10);
  const steps = Math.floor(frames / step);
  const powers = new Float64Array(steps);
  const [shelf, highPass] = kWeighting(sampleRate);
  // Coefficients and state in locals: this loop runs over every sample of a mix.
  const { b0, b1, b2, a1, a2 } = shelf;
  const c1 = highPass.a1;
  const c2 = highPass.a2;
  for (let c = 0; c < channels; c++) {
    // Direct form I for both stages (the high-pass's numerator is 1, −2, 1).
    let x1 = 0;
    let x2 = 0;
    let y1 = 0;
    let y2 = 0;
    let z1 = 0;
    let z2 = 0;
    let i = c;
    for (let index = 0; index < steps; index++) {
      let sum = 0;
      for (let n = 0; n < step; n++, i += channels) {
        const x = samples[i]!;
        const y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
        const z = y - 2 * y1 + y2 - c1 * z1 - c2 * z2;
        x2 = x1;
        x1 = x;
        y2 = y1;
        y1 = y;
        z2 = z1;
        z1 = z;
        sum += z * z;
      }
      powers[index]! += sum / step;
    }
  }
  return powers;
}

const blockLoudness = (power: number) => -0.691 + 10 * Math.log10(power);

/**
 * Integrated loudness (LUFS) of interleaved samples: 400 ms blocks every 100 ms, gated at −70 LUFS,
 * then 10 LU under the mean of what passed. Silence and anything shorter than a block read −70.
 */
export function integratedLoudness(samples: Float32Array, channels: number, sampleRate: number): number {
  const powers = blockPowers(samples, channels, sampleRate);
  const gated = (threshold: number) => {
    let sum = 0;
    let count = 0;
    for (const power of powers) {
      if (power > 0 && blockLoudness(power) > threshold) {
        sum += power;
        count++;
      }
    }
    return count ? sum / count : 0;
  };
  const absolute = gated(ABSOLUTE_GATE);
  if (!absolute) return ABSOLUTE_GATE;
  const relative = gated(blockLoudness(absolute) + RELATIVE_GATE);
  return relative ? Math.max(ABSOLUTE_GATE, blockLoudness(relative)) : ABSOLUTE_GATE;
}

/** Mean power of each 400 ms block (four 100 ms steps), one block per step. */
export function blockPowers(samples: Float32Array, channels: number, sampleRate: number): Float64Array {
  const steps = stepPowers(samples, channels, sampleRate);
  const blocks = new Float64Array(Math.max(0, steps.length - 3));
  for (let i = 0; i < blocks.length; i++)
    blocks[i] = (steps[i]! + steps[i + 1]! + steps[i + 2]! + steps[i + 3]!) / 4;
  return blocks;
}

/** Taps on each side of an interpolated point. */
const HALF_TAPS = 6;
const OVERSAMPLING = 4;

/**
 * Interpolation filters of the 4× oversampling: for phase p (1…3, between sample n and n+1), the
 * weight of sample n + j for j = −5…6 — a Blackman-windowed sinc, 12 taps a phase (BS.1770's example
 * uses 48 taps in all, as here).
 */
const PHASES: Float64Array[] = Array.from({ length: OVERSAMPLING - 1 }, (_, i) => {
  const p = (i + 1) / OVERSAMPLING;
  return Float64Array.from({ length: 2 * HALF_TAPS }, (_, k) => {
    const t = p - (k - HALF_TAPS + 1);
    const sinc = Math.sin(Math.PI * t) / (Math.PI * t);
    const window =
      0.42 + 0.5 * Math.cos((Math.PI * t) / HALF_TAPS) + 0.08 * Math.cos((2 * Math.PI * t) / HALF_TAPS);
    return sinc * window;
  });
});

/** No interpolated point exceeds the largest sample near it by more than this factor. */
export const INTERPOLATION_BOUND = Math.max(
  ...PHASES.map((taps) => taps.reduce((sum, w) => sum + Math.abs(w), 0)),
);

type Taps = [number, number, number, number, number, number, number, number, number, number, number, number];

/**
 * Interpolates frames [from, to) of channel `c` (the three points after each frame) and answers the
 * largest magnitude; with `peaks`, also raises each frame's entry (and the next one's) to the points
 * beside it. Twelve samples ride in locals, so each frame costs one read and 36 multiply-adds.
 */
function interpolateRange(
  samples: Float32Array,
  channels: number,
  frames: number,
  c: number,
  from: number,
  to: number,
  peaks: Float32Array | null,
): number {
  const at = (frame: number) => (frame >= 0 && frame < frames ? samples[frame * channels + c]! : 0);
  const [a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11] = PHASES[0] as unknown as Taps;
  const [b0, b1, b2, b3, b4, b5, b6, b7, b8, b9, b10, b11] = PHASES[1] as unknown as Taps;
  const [d0, d1, d2, d3, d4, d5, d6, d7, d8, d9, d10, d11] = PHASES[2] as unknown as Taps;
  let x0 = at(from - 5),
    x1 = at(from - 4),
    x2 = at(from - 3),
    x3 = at(from - 2),
    x4 = at(from - 1),
    x5 = at(from),
    x6 = at(from + 1),
    x7 = at(from + 2),
    x8 = at(from + 3),
    x9 = at(from + 4),
    x10 = at(from + 5);
  let largest = 0;
  for (let n = from; n < to; n++) {
    const x11 = at(n + 6);
    const p1 = Math.abs(
      a0 * x0 +
        a1 * x1 +
        a2 * x2 +
        a3 * x3 +
        a4 * x4 +
        a5 * x5 +
        a6 * x6 +
        a7 * x7 +
        a8 * x8 +
        a9 * x9 +
        a10 * x10 +
        a11 * x11,
    );
    const p2 = Math.abs(
      b0 * x0 +
        b1 * x1 +
        b2 * x2 +
        b3 * x3 +
        b4 * x4 +
        b5 * x5 +
        b6 * x6 +
        b7 * x7 +
        b8 * x8 +
        b9 * x9 +
        b10 * x10 +
        b11 * x11,
    );
    const p3 = Math.abs(
      d0 * x0 +
        d1 * x1 +
        d2 * x2 +
        d3 * x3 +
        d4 * x4 +
        d5 * x5 +
        d6 * x6 +
        d7 * x7 +
        d8 * x8 +
        d9 * x9 +
        d10 * x10 +
        d11 * x11,
    );
    const point = p1 > p2 ? (p1 > p3 ? p1 : p3) : p2 > p3 ? p2 : p3;
    if (point > largest) largest = point;
    if (peaks) {
      if (point > peaks[n]!) peaks[n] = point;
      if (n + 1 < frames && point > peaks[n + 1]!) peaks[n + 1] = point;
    }
    x0 = x1;
    x1 = x2;
    x2 = x3;
    x3 = x4;
    x4 = x5;
    x5 = x6;
    x6 = x7;
    x7 = x8;
    x8 = x9;
    x9 = x10;
    x10 = x11;
  }
  return largest;
}

const BLOCK = 64;

/**
 * The true peak (linear) of interleaved samples: the largest magnitude of the signal oversampled 4×.
 * Only stretches whose samples come close enough to the peak found so far to possibly exceed it are
 * interpolated (a bound from the filter's weights), so a whole mix costs little more than a scan.
 */
export function truePeak(samples: Float32Array, channels: number): number {
  const frames = Math.floor(samples.length / channels);
  let peak = 0;
  for (let i = 0; i < frames * channels; i++) {
    const magnitude = Math.abs(samples[i]!);
    if (magnitude > peak) peak = magnitude;
  }
  if (peak === 0) return 0;
  for (let from = 0; from < frames; from += BLOCK) {
    const to = Math.min(frames, from + BLOCK);
    // The samples any point of this block is interpolated from.
    const first = Math.max(0, from - HALF_TAPS);
    const last = Math.min(frames, to + HALF_TAPS);
    for (let c = 0; c < channels; c++) {
      let near = 0;
      for (let i = first * channels + c; i < last * channels; i += channels) {
        const magnitude = Math.abs(samples[i]!);
        if (magnitude > near) near = magnitude;
      }
      if (near * INTERPOLATION_BOUND <= peak) continue;
      const value = interpolateRange(samples, channels, frames, c, from, to, null);
      if (value > peak) peak = value;
    }
  }
  return peak;
}

/** Per frame, the largest magnitude of the oversampled signal within a frame of it (all channels). */
export function framePeaks(samples: Float32Array, channels: number, threshold: number): Float32Array {
  const frames = Math.floor(samples.length / channels);
  const peaks = new Float32Array(frames);
  for (let n = 0; n < frames; n++) {
    let peak = 0;
    for (let c = 0; c < channels; c++) {
      const magnitude = Math.abs(samples[n * channels + c]!);
      if (magnitude > peak) peak = magnitude;
    }
    peaks[n] = peak;
  }
  // Interpolated points only matter where the samples around them come near the threshold.
  const sampled = peaks.slice();
  for (let from = 0; from < frames; from += BLOCK) {
    const to = Math.min(frames, from + BLOCK);
    let near = 0;
    for (let n = Math.max(0, from - HALF_TAPS); n < Math.min(frames, to + HALF_TAPS); n++)
      if (sampled[n]! > near) near = sampled[n]!;
    if (near * INTERPOLATION_BOUND <= threshold) continue;
    for (let c = 0; c < channels; c++) interpolateRange(samples, channels, frames, c, from, to, peaks);
  }
  return peaks;
}

/** The largest sample magnitude (a true peak is at least this, at most INTERPOLATION_BOUND times it). */
export function samplePeak(samples: Float32Array): number {
  let peak = 0;
  for (let i = 0; i < samples.length; i++) {
    const magnitude = Math.abs(samples[i]!);
    if (magnitude > peak) peak = magnitude;
  }
  return peak;
}

export const toDecibels = (linear: number) => (linear > 0 ? 20 * Math.log10(linear) : -Infinity);
export const fromDecibels = (db: number) => 10 ** (db / 20);
