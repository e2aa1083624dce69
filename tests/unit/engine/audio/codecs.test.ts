import { describe, expect, it } from 'vitest';
import { mp3Info } from '../../../../functions/engine/media/mp3';
import { codecArgs, formatOf } from '../../../../functions/engine/audio/local/output';
import { decodeWav, encodeWav, toInt16, wavHeader } from '../../../../functions/engine/media/wav';

describe('WAV', () => {
  it('round-trips samples and writes a standard header', () => {
    const samples = Int16Array.from([0, 1000, -1000, 32767, -32768, 5]);
    const file = encodeWav(samples, { sampleRate: 22_050, channels: 2 });
    expect(file.toString('ascii', 0, 4)).toBe('RIFF');
    expect(file.readUInt32LE(24)).toBe(22_050);
    expect(file.readUInt32LE(28)).toBe(22_050 * 4);
    expect(file.readUInt32LE(40)).toBe(12);
    expect(decodeWav(file)).toEqual({ format: { sampleRate: 22_050, channels: 2 }, samples });
  });

  it('skips unknown chunks and rejects what is not 16-bit PCM WAV', () => {
    const data = Buffer.from(new Int16Array([7, 8]).buffer);
    const list = Buffer.concat([
      Buffer.from('LIST'),
      Buffer.from([3, 0, 0, 0]),
      Buffer.from('abc'),
      Buffer.from([0]),
    ]);
    const header = wavHeader({ sampleRate: 8000, channels: 1 }, 4);
    const withList = Buffer.concat([header.subarray(0, 36), list, header.subarray(36), data]);
    expect(Array.from(decodeWav(withList).samples)).toEqual([7, 8]);
    expect(() => decodeWav(Buffer.from('not a wav file at all, no'))).toThrow(
      expect.objectContaining({ code: 'invalid_input' }),
    );
  });

  it('converts floats to 16 bits with clipping', () => {
    expect(Array.from(toInt16(Float32Array.from([0, 0.5, -0.5, 1.5, -2])))).toEqual([
      0, 16384, -16383, 32767, -32768,
    ]);
  });
});

/** An MPEG frame header: version bits (3 = MPEG-1, 2 = MPEG-2), layer III, bitrate and rate indexes. */
function frame(version: number, bitrateIndex: number, rateIndex: number, bytes: number, body = 0): Buffer {
  const out = Buffer.alloc(bytes, body);
  out[0] = 0xff;
  out[1] = 0xe0 | (version << 3) | (1 << 1) | 1;
  out[2] = (bitrateIndex << 4) | (rateIndex << 2);
  out[3] = 0xc4;
  return out;
}

describe('mp3Info', () => {
  it('adds up frames (576 samples each for MPEG-2 at 24 kHz) and skips an ID3 tag and garbage', () => {
    // MPEG-2, 48 kbit/s (index 6), 24 000 Hz (index 1): 72 × 48000 / 24000 = 144 bytes a frame.
    const frames = Array.from({ length: 100 }, () => frame(2, 6, 1, 144));
    const id3 = Buffer.concat([Buffer.from('ID3'), Buffer.from([4, 0, 0, 0, 0, 0, 20]), Buffer.alloc(20)]);
    const info = mp3Info(Buffer.concat([id3, Buffer.from([1, 2, 3]), ...frames]));
    expect(info.sampleRate).toBe(24_000);
    expect(info.duration).toBeCloseTo((100 * 576) / 24_000, 6);
  });

  it('does not count an encoder info frame (MPEG-1, 1152 samples a frame)', () => {
    // MPEG-1, 128 kbit/s (index 9), 44 100 Hz (index 0): 417 bytes a frame.
    const info = frame(3, 9, 0, 417);
    info.write('Xing', 36, 'latin1');
    const audio = Array.from({ length: 10 }, () => frame(3, 9, 0, 417));
    expect(mp3Info(Buffer.concat([info, ...audio])).duration).toBeCloseTo((10 * 1152) / 44_100, 6);
  });

  it('reports nothing for data without frames', () => {
    expect(mp3Info(Buffer.alloc(500, 7))).toEqual({ duration: 0, sampleRate: 0 });
  });
});

describe('output formats', () => {
  it('follows the file extension', () => {
    expect(formatOf('/a/b.WAV')).toBe('wav');
    expect(formatOf('x.mp3')).toBe('mp3');
    expect(formatOf('x.m4a')).toBe('m4a');
    expect(formatOf('x.aac')).toBe('m4a');
    expect(() => formatOf('x.ogg')).toThrow(expect.objectContaining({ code: 'invalid_params' }));
  });

  it('names encoder and container explicitly', () => {
    expect(codecArgs('m4a')).toEqual(expect.arrayContaining(['aac', 'ipod']));
    expect(codecArgs('mp3')).toEqual(expect.arrayContaining(['libmp3lame', 'mp3']));
    expect(codecArgs('wav')).toEqual(expect.arrayContaining(['pcm_s16le', 'wav']));
  });
});
