import { describe, expect, it } from 'vitest';
import { shotStarts, teeOutput } from '../../../../functions/engine/productions/shots';

describe('a scene filmed in one run', () => {
  it('starts each shot after the first where the ones before it end', () => {
    expect(shotStarts([24, 30, 18])).toEqual([24, 54]);
    expect(shotStarts([10])).toEqual([]);
    expect(shotStarts([])).toEqual([]);
  });

  it("escapes an output path for FFmpeg's tee muxer: backslash, quote and bar", () => {
    expect(teeOutput('/tmp/plain/clip.mp4')).toBe('/tmp/plain/clip.mp4');
    expect(teeOutput("/tmp/it's|a\\dir/clip.mp4")).toBe("/tmp/it\\'s\\|a\\\\dir/clip.mp4");
  });
});
