import { describe, expect, it } from 'vitest';
import {
  frameFeatures,
  MOUTH_SHAPES,
  runs,
  shapesFromEnvelope,
  shapesFromVisemes,
  visemeShape,
} from '../../../../functions/engine/lipsync/local/shapes';

const RATE = 16_000;

/** Synthetic PCM: sections of silence, a loud low tone and hiss (alternating samples). */
function pcm(sections: ('silence' | 'tone' | 'quiet' | 'hiss')[], secondsEach = 0.4): Int16Array {
  const perSection = Math.round(RATE * secondsEach);
  const samples = new Int16Array(perSection * sections.length);
  sections.forEach((kind, s) => {
    for (let i = 0; i < perSection; i++) {
      const t = i / RATE;
      const value =
        kind === 'tone'
          ? 0.6 * Math.sin(2 * Math.PI * 150 * t)
          : kind === 'quiet'
            ? 0.2 * Math.sin(2 * Math.PI * 150 * t)
            : kind === 'hiss'
              ? i % 2
                ? 0.15
                : -0.15
              : 0;
      samples[s * perSection + i] = Math.round(value * 32767);
    }
  });
  return samples;
}

describe('viseme shapes', () => {
  it('maps Polly visemes onto the mouth shapes', () => {
    expect(visemeShape('p')).toBe('closed');
    expect(visemeShape('f')).toBe('teeth');
    expect(visemeShape('a')).toBe('open-wide');
    expect(visemeShape('o')).toBe('rounded');
    expect(visemeShape('i')).toBe('wide');
    expect(visemeShape('sil')).toBe('rest');
    expect(MOUTH_SHAPES).toContain(visemeShape('unknown'));
  });

  it('shows the latest viseme that has started in each frame', () => {
    const shapes = shapesFromVisemes(
      [
        { time: 0.1, viseme: 'p' },
        { time: 0.2, viseme: 'a' },
        { time: 0.4, viseme: 'sil' },
      ],
      6,
      10,
    );
    expect(shapes).toEqual(['rest', 'closed', 'open-wide', 'open-wide', 'rest', 'rest']);
  });
});

describe('envelope shapes', () => {
  it('keeps the mouth at rest in silence and opens it with loudness', () => {
    const fps = 25;
    const samples = pcm(['silence', 'tone', 'silence', 'quiet']);
    const frames = Math.floor((samples.length / RATE) * fps);
    const shapes = shapesFromEnvelope(frameFeatures(samples, RATE, fps, frames));
    const section = (i: number) => shapes.slice(i * 10 + 1, i * 10 + 9);
    expect(new Set(section(0))).toEqual(new Set(['rest']));
    expect(new Set(section(2))).toEqual(new Set(['rest']));
    expect(section(1).every((s) => s === 'open-wide' || s === 'rounded')).toBe(true);
    expect(section(3).every((s) => s !== 'rest' && s !== 'open-wide')).toBe(true);
  });

  it('shows teeth for hissing sounds', () => {
    const samples = pcm(['tone', 'hiss']);
    const shapes = shapesFromEnvelope(frameFeatures(samples, RATE, 25, 20));
    expect(shapes.slice(11, 19).every((s) => s === 'teeth')).toBe(true);
  });

  it('measures loudness and zero crossings per frame', () => {
    const { rms, zcr } = frameFeatures(pcm(['tone', 'hiss', 'silence']), RATE, 2.5, 3);
    expect(rms[0]).toBeCloseTo(0.6 / Math.SQRT2, 2);
    expect(zcr[1]).toBeGreaterThan(0.9);
    expect(rms[2]).toBe(0);
  });
});

describe('runs', () => {
  it('collapses equal neighbours', () => {
    expect(runs(['a', 'a', 'b', 'a'])).toEqual([
      { value: 'a', length: 2 },
      { value: 'b', length: 1 },
      { value: 'a', length: 1 },
    ]);
  });
});
