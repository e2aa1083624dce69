import { describe, expect, it } from 'vitest';
import { peak, rms, SAMPLE_RATE, stereo } from '../../../../functions/engine/audio/local/dsp';
import { recipesFor } from '../../../../functions/engine/audio/local/sfx/catalogue';
import {
  crossfadeLoop,
  defaultEffectSeconds,
  renderSoundscape,
} from '../../../../functions/engine/audio/local/sfx/render';

const names = (description: string) => recipesFor(description).map((recipe) => recipe.name);

describe('recipesFor', () => {
  it.each([
    ['heavy rain on the roof', ['rain']],
    ['a windy hilltop', ['wind']],
    ['distant thunder', ['thunder']],
    ['a crackling fire', ['fire']],
    ['footsteps in the hall', ['footsteps']],
    ['a creaking door', ['door']],
    ['knock at the door', ['door']],
    ['door slam', ['door']],
    ['waves on the shore', ['waves']],
    ['the open sea', ['waves']],
    ['birds singing', ['birds']],
    ['murmur of a crowd', ['crowd']],
    ['clock ticking', ['clock']],
    ['church bell', ['bell']],
    ['a huge explosion', ['explosion']],
    ['sword clang', ['sword']],
    ['horse galloping', ['horse']],
    ['car engine idling', ['engine']],
    ['city traffic', ['city']],
    ['a river', ['water']],
    ['storm', ['rain', 'wind', 'thunder']],
    ['forest', ['wind', 'birds']],
    ['night', ['crickets']],
    ['battle', ['crowd', 'sword']],
  ])('%s → %o', (description, expected) => {
    expect(names(description)).toEqual(expected);
  });

  it('falls back to room tone for anything it does not know', () => {
    expect(names('a strange magical shimmer')).toEqual(['room tone']);
    expect(names('')).toEqual(['room tone']);
  });

  it('does not match words inside other words', () => {
    expect(names('a scary barn')).toEqual(['room tone']);
    expect(names('a bus')).toEqual(['engine']);
  });

  it('gives one-shots a fitting default length', () => {
    expect(defaultEffectSeconds('sword clang')).toBe(2);
    expect(defaultEffectSeconds('storm')).toBe(8);
  });
});

describe('renderSoundscape', () => {
  it('is deterministic per seed and differs between seeds', () => {
    const render = (seed: number) =>
      renderSoundscape({ description: 'rain and thunder', duration: 2, seed, mode: 'ambiance' }).loop;
    expect(render(5).left).toEqual(render(5).left);
    expect(render(5).left).not.toEqual(render(6).left);
  });

  it('renders the requested length at a sensible level', () => {
    for (const mode of ['effect', 'ambiance'] as const) {
      const { loop } = renderSoundscape({ description: 'fire', duration: 3, seed: 1, mode });
      expect(loop.left.length).toBe(3 * SAMPLE_RATE);
      expect(peak(loop)).toBeLessThanOrEqual(0.9);
      expect(20 * Math.log10(rms(loop))).toBeGreaterThan(-40);
    }
  });

  it('keeps room tone quiet', () => {
    const { loop } = renderSoundscape({ description: 'unknown', duration: 2, seed: 1, mode: 'ambiance' });
    expect(20 * Math.log10(rms(loop))).toBeLessThan(-45);
  });

  it('builds long ambiances from a loop whose end runs on into its start', () => {
    const { head, loop } = renderSoundscape({
      description: 'wind',
      duration: 120,
      seed: 2,
      mode: 'ambiance',
    });
    expect(head.left.length).toBe(0);
    expect(loop.left.length).toBe(40 * SAMPLE_RATE);
    const jump = Math.abs(loop.left[0]! - loop.left[loop.left.length - 1]!);
    let typical = 0;
    for (let i = 1; i < 10_000; i++) typical = Math.max(typical, Math.abs(loop.left[i]! - loop.left[i - 1]!));
    expect(jump).toBeLessThanOrEqual(typical);
  });
});

describe('crossfadeLoop', () => {
  it('fades the tail into the head so the loop wraps onto the continuation', () => {
    const rendered = stereo(14);
    rendered.left.set([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    const loop = crossfadeLoop(rendered, 10, 4);
    expect(loop.left.length).toBe(10);
    expect(loop.left[0]).toBeCloseTo(10); // the head starts as the continuation of the end
    expect(Array.from(loop.left.slice(4))).toEqual([4, 5, 6, 7, 8, 9]);
  });
});
