import { describe, expect, it } from 'vitest';
import { encodeFloatWav, sumParts } from '../../../../functions/engine/audio/local/combine';

describe('sumParts', () => {
  it('adds each part at its own start (to the sample) and gain, in float', () => {
    const sum = sumParts(
      [
        { start: 0, volume: 1, samples: Int16Array.from([16384, 16384, 16384]) },
        { start: 0.2, volume: 0.5, samples: Int16Array.from([32767, 32767]) },
        { start: 0.5, volume: 2, samples: Int16Array.from([-32768]) },
      ],
      { sampleRate: 10, channels: 1 },
    );
    expect(Array.from(sum).map((v) => Math.round(v * 1000) / 1000)).toEqual([0.5, 0.5, 1, 0.5, 0, -2]);
  });

  it('keeps channels interleaved', () => {
    const sum = sumParts(
      [
        { start: 0, volume: 1, samples: Int16Array.from([32767, 0, 32767, 0]) },
        { start: 0.1, volume: 1, samples: Int16Array.from([0, -32768]) },
      ],
      { sampleRate: 10, channels: 2 },
    );
    expect(Array.from(sum).map((v) => Math.round(v * 1000) / 1000)).toEqual([1, 0, 1, -1]);
  });
});

describe('encodeFloatWav', () => {
  it('writes a 32-bit float WAV header for the samples', () => {
    const wav = encodeFloatWav(Float32Array.from([0.25, -1]), { sampleRate: 48000, channels: 2 });
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.readUInt16LE(20)).toBe(3);
    expect(wav.readUInt16LE(22)).toBe(2);
    expect(wav.readUInt32LE(28)).toBe(48000 * 8);
    expect(wav.readUInt16LE(34)).toBe(32);
    expect(wav.readUInt32LE(40)).toBe(8);
    expect(wav.readFloatLE(44)).toBe(0.25);
    expect(wav.readFloatLE(48)).toBe(-1);
  });
});
