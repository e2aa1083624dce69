import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { distance, lighten, mix, parseHex, toHex } from '../../../../functions/engine/drawing/colour';
import { FACE_METADATA_KEY, readFaceMetadata } from '../../../../functions/engine/image/local/face-metadata';
import { readPngText, withPngText } from '../../../../functions/engine/drawing/png';
import { nearestAspectRatio, sceneFromPrompt } from '../../../../functions/engine/video/local/prompt-scene';
import { validateImageRequest } from '../../../../functions/engine/image/request';
import { imageSize } from '../../../../functions/engine/image/sizes';
import { EngineError } from '../../../../functions/engine/types';
import type { ImageRequest } from '../../../../functions/engine/image/types';

function tinyPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    out.write(type, 4, 'latin1');
    data.copy(out, 8);
    out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
    return out;
  };
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('image sizes', () => {
  it.each([
    ['16:9', 'standard', 1280, 720],
    ['4:3', 'standard', 1024, 768],
    ['1:1', 'standard', 1024, 1024],
    ['9:16', 'standard', 720, 1280],
    ['16:9', 'hd', 1920, 1080],
    ['9:16', 'hd', 1080, 1920],
  ] as const)('%s %s → %i×%i', (ratio, quality, width, height) => {
    expect(imageSize(ratio, quality)).toEqual({ width, height });
  });
});

describe('validateImageRequest', () => {
  const base: ImageRequest = {
    style: 'cartoon',
    quality: 'standard',
    aspectRatio: '16:9',
    seed: 1,
    outputPath: '/tmp/x.png',
  };
  it('returns the size of a valid request', () => {
    expect(validateImageRequest(base)).toEqual({ width: 1280, height: 720 });
  });
  it.each([
    [{ style: 'anime' }, 'unknown_style', /Unknown image style "anime"/],
    [{ aspectRatio: '21:9' }, 'invalid_input', /aspect ratio/],
    [{ quality: 'ultra' }, 'invalid_input', /quality/],
    [{ seed: Number.NaN }, 'invalid_input', /seed/],
    [{ outputPath: '' }, 'invalid_input', /output path/],
  ])('refuses %o', (change, code, message) => {
    const attempt = () => validateImageRequest({ ...base, ...change } as ImageRequest);
    expect(attempt).toThrow(EngineError);
    expect(attempt).toThrow(message);
    try {
      attempt();
    } catch (error) {
      expect((error as EngineError).code).toBe(code);
    }
  });
});

describe('PNG text chunks', () => {
  it('round-trips text and keeps the PNG structure', () => {
    const png = withPngText(tinyPng(), {
      [FACE_METADATA_KEY]: JSON.stringify({
        width: 1,
        height: 1,
        mouth: { x: 0, y: 0, width: 1, height: 1 },
        eyes: [],
        skin: '#aabbcc',
      }),
    });
    expect(png.subarray(-12, -8).readUInt32BE(0)).toBe(0);
    expect(png.toString('latin1', png.length - 8, png.length - 4)).toBe('IEND');
    expect(readFaceMetadata(png)).toMatchObject({ width: 1, skin: '#aabbcc' });
    expect(readPngText(tinyPng())).toEqual({});
  });

  it('ignores malformed face metadata', () => {
    expect(
      readFaceMetadata(withPngText(tinyPng(), { [FACE_METADATA_KEY]: '{"width":"x"}' })),
    ).toBeUndefined();
    expect(readFaceMetadata(withPngText(tinyPng(), { [FACE_METADATA_KEY]: 'not json' }))).toBeUndefined();
  });
});

describe('colour helpers', () => {
  it('mixes, lightens and measures colours', () => {
    expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(lighten('#000000', 1)).toBe('#ffffff');
    expect(toHex(parseHex('#1a2b3c'))).toBe('#1a2b3c');
    expect(distance('#000000', '#030404')).toBeCloseTo(6.4, 1);
    expect(() => parseHex('#zzzzzz')).toThrow();
  });
});

describe('prompt scenes', () => {
  it('guesses time, mood and interior from a prompt', () => {
    const s = sceneFromPrompt('A tense night inside the old library');
    expect(s).toMatchObject({ time_of_day: 'night', mood: 'tense', setting_type: 'INT' });
    expect(sceneFromPrompt('Waves at sunset').time_of_day).toBe('dusk');
  });
  it('picks the nearest aspect ratio', () => {
    expect(nearestAspectRatio({ width: 1280, height: 720 })).toBe('16:9');
    expect(nearestAspectRatio({ width: 600, height: 1000 })).toBe('9:16');
    expect(nearestAspectRatio({ width: 500, height: 480 })).toBe('1:1');
  });
});
