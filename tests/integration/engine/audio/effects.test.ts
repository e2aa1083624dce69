import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalAudioEngine } from '../../../../functions/engine/audio/local';
import { AMBIANCE_LOOP } from '../../../../functions/engine/audio/local/sfx/render';
import { probe } from '../../../../functions/engine/media/ffmpeg';
import { crossingRate, largestStep, readSamples, scratchDir, windowRms } from './helpers';

const engine = createLocalAudioEngine();
const scratch = scratchDir('sfx');
const out = (name: string) => join(scratch.dir, name);
afterAll(() => scratch.remove());

async function expectAudio(path: string, seconds: number): Promise<void> {
  const info = await probe(path);
  expect(info.audio).toEqual({ codec: 'pcm_s16le', sampleRate: 44_100, channels: 2 });
  expect(Math.abs(info.duration - seconds)).toBeLessThanOrEqual(0.05);
}

describe('sound effects', () => {
  it('renders one-shots at their natural length, or the length asked for', async () => {
    const knock = await engine.effect({
      description: 'three knocks at the door',
      seed: 1,
      outputPath: out('knock.wav'),
    });
    await expectAudio(knock.path, 3);
    expect(knock.duration).toBeCloseTo(3, 2);
    const blast = await engine.effect({
      description: 'explosion',
      duration: 2.5,
      seed: 1,
      outputPath: out('blast.wav'),
    });
    await expectAudio(blast.path, 2.5);
  });

  it('is deterministic per seed and varies with it', async () => {
    const render = (seed: number, name: string) =>
      engine.effect({ description: 'thunder', duration: 3, seed, outputPath: out(name) });
    await render(4, 'a.wav');
    await render(4, 'b.wav');
    await render(5, 'c.wav');
    expect(readFileSync(out('a.wav')).equals(readFileSync(out('b.wav')))).toBe(true);
    expect(readFileSync(out('a.wav')).equals(readFileSync(out('c.wav')))).toBe(false);
  });

  it('sounds like what was described: a deep explosion, bright birdsong', async () => {
    const birds = await engine.effect({
      description: 'birds chirping',
      duration: 3,
      seed: 2,
      outputPath: out('birds.wav'),
    });
    const boom = await readSamples(out('blast.wav'));
    const song = await readSamples(birds.path);
    expect(crossingRate(song)).toBeGreaterThan(5 * crossingRate(boom, 0, 1.5));
  });

  it('falls back to quiet room tone for descriptions it does not know', async () => {
    const result = await engine.effect({
      description: 'the sound of pure imagination',
      seed: 1,
      outputPath: out('unknown.wav'),
    });
    await expectAudio(result.path, 3);
    expect((await engine.measure(result.path)).loudness).toBeLessThan(-40);
  });
});

describe('ambiances', () => {
  it('renders backgrounds of the requested length, fading in', async () => {
    const result = await engine.ambiance({
      description: 'forest at dawn',
      duration: 12,
      seed: 7,
      outputPath: out('forest.wav'),
    });
    await expectAudio(result.path, 12);
    const samples = await readSamples(result.path);
    expect(windowRms(samples, 0, 0.05)).toBeLessThan(windowRms(samples, 4, 8) / 5);
  });

  it('loops long backgrounds without a seam', async () => {
    const duration = 2 * AMBIANCE_LOOP + 5;
    const result = await engine.ambiance({
      description: 'steady rain',
      duration,
      seed: 3,
      outputPath: out('rain.wav'),
    });
    await expectAudio(result.path, duration);
    const samples = await readSamples(result.path);
    const typical = largestStep(samples, 10, 12);
    for (const seam of [AMBIANCE_LOOP, 2 * AMBIANCE_LOOP])
      expect(largestStep(samples, seam - 0.01, seam + 0.01)).toBeLessThanOrEqual(typical);
    // Level before and after each seam matches (no jump in loudness either).
    const before = windowRms(samples, AMBIANCE_LOOP - 1, AMBIANCE_LOOP);
    const after = windowRms(samples, AMBIANCE_LOOP, AMBIANCE_LOOP + 1);
    expect(Math.abs(20 * Math.log10(after / before))).toBeLessThan(3);
  });

  it('measures loudness and duration of a file', async () => {
    const measured = await engine.measure(out('forest.wav'));
    expect(measured.duration).toBeCloseTo(12, 2);
    expect(measured.loudness).toBeGreaterThan(-40);
    expect(measured.loudness).toBeLessThan(-10);
    await expect(engine.measure(out('missing.wav'))).rejects.toMatchObject({ name: 'EngineError' });
  });
});
