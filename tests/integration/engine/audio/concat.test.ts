import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalAudioEngine } from '../../../../functions/engine/audio/local';
import { encodeWav } from '../../../../functions/engine/media/wav';
import { probe } from '../../../../functions/engine/media/ffmpeg';
import { crossingRate, largestStep, readSamples, scratchDir } from './helpers';

const engine = createLocalAudioEngine();
const scratch = scratchDir('concat');
const out = (name: string) => join(scratch.dir, name);
afterAll(() => scratch.remove());

const RATE = 22_050;

/**
 * A tone that starts and ends abruptly at a chosen phase, so a plain cut between two parts would
 * jump by up to the full swing (the click the joins must avoid).
 */
function tone(
  name: string,
  frequency: number,
  seconds: number,
  phase: number,
  channels = 1,
  rate = RATE,
): string {
  const frames = Math.round(seconds * rate);
  const samples = new Int16Array(frames * channels);
  for (let i = 0; i < frames; i++) {
    const value = Math.round(16_000 * Math.sin(phase + (2 * Math.PI * frequency * i) / rate));
    for (let c = 0; c < channels; c++) samples[i * channels + c] = value;
  }
  writeFileSync(out(name), encodeWav(samples, { sampleRate: rate, channels }));
  return out(name);
}

/** The steepest step a tone of this amplitude (0.49) and frequency can make. */
const toneStep = (frequency: number, rate: number) => (0.49 * 2 * Math.PI * frequency) / rate;

const parts: { path: string; seconds: number; frequency: number }[] = [];

beforeAll(() => {
  // Part 1 ends at its positive peak, part 2 starts at its negative peak, part 3 starts at a peak too.
  parts.push({
    path: tone('a.wav', 440, 1.0, Math.PI / 2 - 2 * Math.PI * 440 * 1.0),
    seconds: 1.0,
    frequency: 440,
  });
  parts.push({ path: tone('b.wav', 660, 0.7, -Math.PI / 2), seconds: 0.7, frequency: 660 });
  parts.push({ path: tone('c.wav', 330, 1.2, Math.PI / 2), seconds: 1.2, frequency: 330 });
});

describe('concatenate', () => {
  it('joins parts with short crossfades, reporting where each part starts, without clicks', async () => {
    const result = await engine.concatenate({
      paths: parts.map((p) => p.path),
      outputPath: out('joined.wav'),
    });
    const crossfade = 0.02;
    expect(result.offsets).toEqual(
      [0, 1.0 - crossfade, 1.7 - 2 * crossfade].map((o) => expect.closeTo(o, 6)),
    );
    expect(result.duration).toBeCloseTo(2.9 - 2 * crossfade, 2);

    const samples = await readSamples(result.path);
    const allowed = 1.5 * toneStep(660, RATE);
    for (const offset of result.offsets.slice(1)) {
      expect(largestStep(samples, offset - 0.03, offset + crossfade + 0.03)).toBeLessThan(allowed);
    }
    // Each part is where its offset says: its pitch is heard just after.
    for (const [i, part] of parts.entries()) {
      const from = result.offsets[i]! + 0.1;
      expect(crossingRate(samples, from, from + 0.4) / 2).toBeCloseTo(part.frequency, -1);
    }
  });

  it('fades each join instead when there is no crossfade, with offsets at the exact part lengths', async () => {
    const result = await engine.concatenate({
      paths: parts.map((p) => p.path),
      outputPath: out('cut.wav'),
      crossfade: 0,
    });
    expect(result.offsets).toEqual([0, 1.0, 1.7].map((o) => expect.closeTo(o, 6)));
    expect(result.duration).toBeCloseTo(2.9, 2);
    const samples = await readSamples(result.path);
    for (const offset of result.offsets.slice(1)) {
      expect(largestStep(samples, offset - 0.02, offset + 0.02)).toBeLessThan(1.5 * toneStep(660, RATE));
    }
  });

  it('converts parts of different formats to one, and writes compressed formats', async () => {
    const stereo = tone('stereo.wav', 500, 0.8, 0, 2, 44_100);
    const result = await engine.concatenate({
      paths: [parts[0]!.path, stereo],
      outputPath: out('mixed.m4a'),
    });
    const info = await probe(result.path);
    expect(info.audio).toMatchObject({ codec: 'aac', sampleRate: 44_100, channels: 2 });
    expect(Math.abs(info.duration - (1.8 - 0.02))).toBeLessThan(0.1);
  });

  it('rejects nothing to join and impossible crossfades', async () => {
    await expect(engine.concatenate({ paths: [], outputPath: out('x.wav') })).rejects.toMatchObject({
      code: 'invalid_input',
    });
    await expect(
      engine.concatenate({ paths: [parts[0]!.path], outputPath: out('x.wav'), crossfade: -1 }),
    ).rejects.toMatchObject({
      code: 'invalid_params',
    });
    await expect(
      engine.concatenate({ paths: [out('missing.wav')], outputPath: out('x.wav') }),
    ).rejects.toMatchObject({
      code: 'invalid_input',
    });
  });
});
