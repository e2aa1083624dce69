import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalAudioEngine } from '../../../../functions/engine/audio/local';
import { compose } from '../../../../functions/engine/audio/local/music/score';
import { probe } from '../../../../functions/engine/media/ffmpeg';
import { MUSIC_STYLES, type MusicStyle } from '../../../../functions/engine/audio/types';
import { readSamples, scratchDir, windowRms, type Samples } from './helpers';

const engine = createLocalAudioEngine();
const scratch = scratchDir('music');
const out = (name: string) => join(scratch.dir, name);
afterAll(() => scratch.remove());

/** Autocorrelation of the level (10 ms windows) at a lag: near 1 when the music pulses with that period. */
function periodicity(samples: Samples, from: number, to: number, period: number): number {
  const step = 0.01;
  const levels: number[] = [];
  for (let t = from; t < to; t += step) levels.push(windowRms(samples, t, t + step));
  const mean = levels.reduce((sum, v) => sum + v, 0) / levels.length;
  const x = levels.map((v) => v - mean);
  const lag = Math.round(period / step);
  let product = 0;
  let energy = 0;
  for (let i = 0; i < x.length; i++) {
    energy += x[i]! ** 2;
    if (i + lag < x.length) product += x[i]! * x[i + lag]!;
  }
  return product / energy;
}

describe('music', () => {
  const rendered = new Map<MusicStyle, Samples>();

  it('writes every style as 44.1 kHz stereo WAV of the requested length', async () => {
    for (const style of MUSIC_STYLES) {
      const result = await engine.music({ style, duration: 6, seed: 11, outputPath: out(`${style}.wav`) });
      const info = await probe(result.path);
      expect(info.audio, style).toEqual({ codec: 'pcm_s16le', sampleRate: 44_100, channels: 2 });
      expect(Math.abs(info.duration - 6), style).toBeLessThanOrEqual(0.05);
      expect(result.duration).toBeCloseTo(6, 2);
      const { loudness } = await engine.measure(result.path);
      expect(loudness, style).toBeGreaterThan(-28);
      expect(loudness, style).toBeLessThan(-12);
      rendered.set(style, await readSamples(result.path));
    }
  });

  it('sounds different from style to style: a steady beat in electronic music, none in ambient', () => {
    const beatOf = (style: MusicStyle) =>
      periodicity(rendered.get(style)!, 2, 5.8, compose(style, undefined, 11).beat);
    expect(beatOf('electronic')).toBeGreaterThan(0.25);
    expect(beatOf('electronic')).toBeGreaterThan(beatOf('ambient') + 0.25);
    const files = MUSIC_STYLES.map((style) => readFileSync(out(`${style}.wav`)));
    for (let i = 1; i < files.length; i++) expect(files[i]!.equals(files[0]!)).toBe(false);
  });

  it('gives identical bytes for the same seed and a different piece for another seed', async () => {
    await engine.music({ style: 'electronic', duration: 6, seed: 11, outputPath: out('again.wav') });
    expect(readFileSync(out('again.wav')).equals(readFileSync(out('electronic.wav')))).toBe(true);
    await engine.music({ style: 'electronic', duration: 6, seed: 12, outputPath: out('other.wav') });
    expect(readFileSync(out('other.wav')).equals(readFileSync(out('electronic.wav')))).toBe(false);
  });

  it('loops long beds seamlessly and fades them in and out', async () => {
    const seed = 3;
    const cycle = compose('dramatic', 'tense', seed).cycle;
    const duration = 2 * cycle + 10;
    const result = await engine.music({
      style: 'dramatic',
      mood: 'tense',
      duration,
      seed,
      outputPath: out('long.wav'),
    });
    expect(Math.abs((await probe(result.path)).duration - duration)).toBeLessThanOrEqual(0.05);
    const samples = await readSamples(result.path);
    // The loop starts at one cycle and repeats; where it wraps, it must run on as the music did at
    // the first (continuous) join: the loop's end matches the end of the first cycle.
    const channel = samples.channels[0]!;
    const frames = Math.round(cycle * 44_100);
    let difference = 0;
    for (let n = 1; n <= 4410; n++)
      difference = Math.max(difference, Math.abs(channel[2 * frames - n]! - channel[frames - n]!));
    expect(difference).toBeLessThan(0.01);
    for (let n = 0; n < 4410; n++) expect(channel[2 * frames + n]).toBe(channel[frames + n]);
    // Slow pads and the drone carry over each join instead of restarting from silence.
    for (const join of [cycle, 2 * cycle]) {
      const after = windowRms(samples, join, join + 0.5);
      const before = windowRms(samples, join - 0.5, join);
      console.info(
        `music: level after the join at ${join.toFixed(1)} s is ${(20 * Math.log10(after / before)).toFixed(1)} dB of the level before`,
      );
      expect(after / before).toBeGreaterThan(0.6);
    }
    expect(windowRms(samples, 0, 0.05)).toBeLessThan(windowRms(samples, 5, 6) / 10);
    expect(windowRms(samples, duration - 0.05, duration)).toBeLessThan(
      windowRms(samples, duration - 8, duration - 7) / 10,
    );
  });

  it('writes MP3 when asked by the file name', async () => {
    const result = await engine.music({
      style: 'ambient',
      mood: 'mysterious',
      duration: 4,
      seed: 1,
      outputPath: out('bed.mp3'),
    });
    const info = await probe(result.path);
    expect(info.audio?.codec).toBe('mp3');
    expect(Math.abs(info.duration - 4)).toBeLessThan(0.1);
  });

  it('rejects unknown styles and impossible lengths with typed errors', async () => {
    await expect(
      engine.music({ style: 'polka' as MusicStyle, duration: 5, seed: 1, outputPath: out('x.wav') }),
    ).rejects.toMatchObject({
      code: 'unknown_style',
    });
    await expect(
      engine.music({ style: 'ambient', duration: 0, seed: 1, outputPath: out('x.wav') }),
    ).rejects.toMatchObject({
      code: 'invalid_params',
    });
  });
});
