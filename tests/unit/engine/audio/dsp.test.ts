import { describe, expect, it } from 'vitest';
import {
  adsr,
  dbToGain,
  filter,
  mixInto,
  normalize,
  peak,
  rms,
  SAMPLE_RATE,
  smoothRandom,
  stereo,
} from '../../../../functions/engine/audio/local/dsp';
import { createRandom } from '../../../../functions/engine/random';

const sine = (frequency: number, seconds = 0.5) =>
  Float32Array.from({ length: Math.round(seconds * SAMPLE_RATE) }, (_, i) =>
    Math.sin((2 * Math.PI * frequency * i) / SAMPLE_RATE),
  );
const level = (signal: Float32Array) => Math.sqrt(signal.reduce((sum, v) => sum + v * v, 0) / signal.length);

describe('filters', () => {
  it('lowpass keeps low tones and cuts high ones; highpass the reverse', () => {
    expect(level(filter(sine(100), 'lowpass', 1000))).toBeGreaterThan(0.65);
    expect(level(filter(sine(8000), 'lowpass', 1000))).toBeLessThan(0.02);
    expect(level(filter(sine(8000), 'highpass', 1000))).toBeGreaterThan(0.65);
    expect(level(filter(sine(100), 'highpass', 1000))).toBeLessThan(0.02);
  });

  it('bandpass passes its centre and cuts far away', () => {
    expect(level(filter(sine(1000), 'bandpass', 1000, 2))).toBeGreaterThan(0.6);
    expect(level(filter(sine(100), 'bandpass', 1000, 2))).toBeLessThan(0.05);
  });
});

describe('levels', () => {
  it('normalises steady sound to an RMS level and transients to a peak level', () => {
    const steady = stereo(SAMPLE_RATE);
    mixInto(steady, sine(440, 1), 0, 0.01);
    normalize(steady, { rmsDb: -20 });
    expect(20 * Math.log10(rms(steady))).toBeCloseTo(-20, 1);

    const click = stereo(SAMPLE_RATE);
    click.left[100] = 0.1;
    normalize(click, { peakDb: -3 });
    expect(20 * Math.log10(peak(click))).toBeCloseTo(-3, 1);
  });

  it('never lets peaks past the ceiling, even when the RMS target asks for more', () => {
    const spiky = stereo(SAMPLE_RATE);
    for (let i = 0; i < spiky.left.length; i += 4410) spiky.left[i] = 1;
    normalize(spiky, { rmsDb: -6 }, -1);
    expect(peak(spiky)).toBeLessThanOrEqual(dbToGain(-1) + 1e-6);
  });

  it('pans with constant power', () => {
    for (const pan of [-1, -0.5, 0, 0.5, 1]) {
      const out = stereo(10);
      mixInto(out, new Float32Array(10).fill(1), 0, 1, pan);
      expect(out.left[0]! ** 2 + out.right[0]! ** 2).toBeCloseTo(2, 5);
    }
  });
});

describe('envelopes and modulation', () => {
  it('shapes notes with attack, decay, sustain and release', () => {
    expect(adsr(0.05, 1, 0.1, 0.2, 0.5, 0.4)).toBeCloseTo(0.5);
    expect(adsr(0.1, 1, 0.1, 0.2, 0.5, 0.4)).toBeCloseTo(1);
    expect(adsr(0.6, 1, 0.1, 0.2, 0.5, 0.4)).toBeCloseTo(0.5);
    expect(adsr(1.2, 1, 0.1, 0.2, 0.5, 0.4)).toBeCloseTo(0.25);
    expect(adsr(1.5, 1, 0.1, 0.2, 0.5, 0.4)).toBe(0);
  });

  it('moves a smooth random curve within 0…1 without jumps', () => {
    const curve = smoothRandom(createRandom(1), 2);
    let previous = curve(0);
    for (let frame = 1; frame < SAMPLE_RATE * 5; frame += 10) {
      const value = curve(frame);
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(1);
      expect(Math.abs(value - previous)).toBeLessThan(0.01);
      previous = value;
    }
  });
});
