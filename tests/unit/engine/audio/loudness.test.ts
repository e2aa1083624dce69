import { describe, expect, it } from 'vitest';
import {
  duck,
  gainReduction,
  limitPeaks,
  lookAheadMinimum,
} from '../../../../functions/engine/audio/local/dynamics';
import { normalise } from '../../../../functions/engine/audio/local/mix';
import {
  integratedLoudness,
  kWeighting,
  samplePeak,
  toDecibels,
  truePeak,
} from '../../../../functions/engine/audio/local/loudness';

const RATE = 48_000;

/** Interleaved stereo of a sine (both channels alike), `seconds` long. */
function sine(frequency: number, amplitude: number, seconds: number, phase = 0): Float32Array {
  const frames = Math.round(seconds * RATE);
  const samples = new Float32Array(frames * 2);
  for (let n = 0; n < frames; n++) {
    const value = amplitude * Math.sin((2 * Math.PI * frequency * n) / RATE + phase);
    samples[2 * n] = value;
    samples[2 * n + 1] = value;
  }
  return samples;
}

describe('K-weighting', () => {
  it('has the coefficients BS.1770 gives for 48 kHz', () => {
    const [shelf, highPass] = kWeighting(48_000);
    expect(shelf.b0).toBeCloseTo(1.53512485958697, 10);
    expect(shelf.b1).toBeCloseTo(-2.69169618940638, 10);
    expect(shelf.b2).toBeCloseTo(1.19839281085285, 10);
    expect(shelf.a1).toBeCloseTo(-1.69065929318241, 10);
    expect(shelf.a2).toBeCloseTo(0.73248077421585, 10);
    expect(highPass.a1).toBeCloseTo(-1.99004745483398, 10);
    expect(highPass.a2).toBeCloseTo(0.99007225036621, 10);
  });
});

describe('integratedLoudness', () => {
  it('reads a full-scale 997 Hz sine in both channels of stereo as about 0 LUFS, and follows the level', () => {
    // BS.1770: a 0 dBFS 1 kHz sine in one channel reads −3.01 LKFS; in two, twice the power.
    expect(integratedLoudness(sine(997, 1, 5), 2, RATE)).toBeCloseTo(0, 1);
    expect(integratedLoudness(sine(997, 0.1, 5), 2, RATE)).toBeCloseTo(-20, 1);
  });

  it('weights low frequencies down and presence up (the K curve)', () => {
    expect(integratedLoudness(sine(40, 0.1, 5), 2, RATE)).toBeLessThan(-21);
    expect(integratedLoudness(sine(4000, 0.1, 5), 2, RATE)).toBeGreaterThan(-17);
  });

  it('gates out silence and quiet passages, and reads silence as the absolute gate', () => {
    const loud = sine(997, 0.1, 5);
    const withSilence = new Float32Array(loud.length * 3);
    withSilence.set(loud, loud.length);
    // (Only the blocks that straddle an edge, partly silent, lower it a little.)
    expect(integratedLoudness(withSilence, 2, RATE)).toBeCloseTo(-20, 0);
    // A passage 30 dB down is under the relative gate: it does not pull the reading down.
    const withQuiet = new Float32Array(loud.length * 2);
    withQuiet.set(loud);
    withQuiet.set(sine(997, 0.00316, 5), loud.length);
    expect(integratedLoudness(withQuiet, 2, RATE)).toBeCloseTo(-20, 0);
    expect(integratedLoudness(withQuiet, 2, RATE)).toBeGreaterThan(-20.5);
    expect(integratedLoudness(new Float32Array(RATE * 4), 2, RATE)).toBe(-70);
    expect(integratedLoudness(new Float32Array(100), 2, RATE)).toBe(-70);
  });
});

describe('truePeak', () => {
  it('finds the peak between samples: a sine at a quarter of the rate sampled 45° off its crests', () => {
    const samples = sine(RATE / 4, 0.5, 0.1, Math.PI / 4);
    const sampled = Math.max(...samples.map(Math.abs));
    expect(sampled).toBeCloseTo(0.354, 2);
    expect(toDecibels(truePeak(samples, 2))).toBeCloseTo(toDecibels(0.5), 0);
    expect(truePeak(samples, 2)).toBeGreaterThan(0.48);
  });

  it('equals the sample peak for slow signals, and is 0 for silence', () => {
    expect(truePeak(sine(100, 0.25, 1), 2)).toBeCloseTo(0.25, 3);
    expect(truePeak(new Float32Array(1000), 2)).toBe(0);
  });
});

describe('lookAheadMinimum', () => {
  it('answers the minimum of each value and the `width` after it', () => {
    const values = Float32Array.from({ length: 200 }, (_, i) => Math.abs(Math.sin(i * 0.37) * 10 + (i % 7)));
    for (const width of [1, 3, 8, 50]) {
      const naive = values.map((_, n) => Math.min(...values.subarray(n, n + width + 1)));
      expect(Array.from(lookAheadMinimum(values, width))).toEqual(Array.from(naive));
    }
  });
});

describe('limitPeaks', () => {
  it('brings every oversampled peak under the ceiling and leaves quiet passages untouched', () => {
    const quiet = sine(440, 0.1, 1);
    const loud = sine(3000, 0.9, 0.5, 0.3);
    const samples = new Float32Array(quiet.length + loud.length + quiet.length);
    samples.set(quiet);
    samples.set(loud, quiet.length);
    samples.set(quiet, quiet.length + loud.length);
    const ceiling = 10 ** (-6 / 20);
    expect(limitPeaks(samples, 2, RATE, ceiling)).toBe(true);
    expect(truePeak(samples, 2)).toBeLessThanOrEqual(ceiling * 1.01);
    // Before the look-ahead and after the release the quiet sine is as it was.
    const same = (a: Float32Array, b: Float32Array) => a.every((value, i) => value === b[i]);
    expect(same(samples.subarray(0, RATE), quiet.subarray(0, RATE))).toBe(true);
    expect(same(samples.subarray(-RATE / 2), quiet.subarray(-RATE / 2))).toBe(true);
    expect(same(samples.subarray(RATE * 2, RATE * 3), loud.subarray(0, RATE))).toBe(false);
    expect(limitPeaks(sine(440, 0.1, 1), 2, RATE, ceiling)).toBe(false);
  });
});

describe('duck', () => {
  it('follows a compressor curve with a soft knee', () => {
    expect(gainReduction(-50, -36, 12, 6)).toBe(0);
    expect(gainReduction(-16, -36, 12, 6)).toBeCloseTo(-20 * (11 / 12), 6);
    const atThreshold = gainReduction(-36, -36, 12, 6);
    expect(atThreshold).toBeLessThan(0);
    expect(atThreshold).toBeGreaterThan(-2);
  });

  it('lowers the bed while the key is loud and leaves it alone elsewhere', () => {
    const seconds = 3;
    const bed = sine(200, 0.2, seconds);
    const key = new Float32Array(bed.length);
    // Speech-level key in the middle second.
    key.set(sine(500, 0.1, 1), RATE * 2);
    duck(bed, key, 2, RATE);
    const rms = (from: number, to: number) => {
      let sum = 0;
      for (let i = from * RATE * 2; i < to * RATE * 2; i++) sum += bed[i]! ** 2;
      return Math.sqrt(sum / ((to - from) * RATE * 2));
    };
    expect(toDecibels(rms(0, 0.9))).toBeCloseTo(toDecibels(0.2 / Math.SQRT2), 3);
    expect(toDecibels(rms(1.2, 1.9)) - toDecibels(rms(0, 0.9))).toBeLessThan(-10);
  });
});

describe('normalise', () => {
  const readings = (samples: Float32Array) => ({
    loudness: integratedLoudness(samples, 2, RATE),
    samplePeak: samplePeak(samples),
    truePeak: () => truePeak(samples, 2),
  });

  it('uses a plain gain when the peak allows it', () => {
    const quiet = sine(997, 0.05, 3);
    const output = normalise(quiet, readings(quiet), -16, -1.5);
    expect(integratedLoudness(output, 2, RATE)).toBeCloseTo(-16, 1);
    expect(output[100]! / quiet[100]!).toBeCloseTo(
      10 ** ((-16 - integratedLoudness(quiet, 2, RATE)) / 20),
      4,
    );
  });

  it('limits loud transients to the true-peak limit and still reaches the loudness', () => {
    // A quiet tone with short full-scale bursts: the gain to -16 LUFS would push the bursts far over.
    const samples = sine(440, 0.08, 6);
    for (let burst = 0; burst < 6; burst++) {
      const from = (burst * RATE + 1000) * 2;
      const hit = sine(1800, 0.95, 0.03);
      for (let i = 0; i < hit.length; i++) samples[from + i] = hit[i]!;
    }
    const output = normalise(samples, readings(samples), -16, -1.5);
    expect(toDecibels(truePeak(output, 2))).toBeLessThanOrEqual(-1.5);
    expect(Math.abs(integratedLoudness(output, 2, RATE) + 16)).toBeLessThanOrEqual(0.2);
  });

  it('leaves silence as it is', () => {
    const silence = new Float32Array(RATE * 2);
    expect(normalise(silence, readings(silence), -16, -1.5).every((v) => v === 0)).toBe(true);
  });
});
