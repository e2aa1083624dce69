import { describe, expect, it } from 'vitest';
import { imageSequenceList, pixelBox } from '../../../../functions/engine/lipsync/local/sequence';
import { blinkFrames, nodExpression, speakingSpans } from '../../../../functions/engine/lipsync/local/motion';
import type { MouthShape } from '../../../../functions/engine/lipsync/local/shapes';

const shapes = (pattern: string): MouthShape[] =>
  [...pattern].map((c) => (c === '.' ? 'rest' : 'open-small'));

describe('speakingSpans', () => {
  it('joins phrases across short gaps and drops blips', () => {
    // 10 fps: talk 0–0.5 s, gap 0.2 s, talk 0.7–1.0 s, long silence, a 0.1 s blip
    expect(speakingSpans(shapes('ooooo..ooo..........o...'), 10)).toEqual([{ start: 0, end: 1 }]);
  });

  it('returns nothing for silence', () => {
    expect(speakingSpans(shapes('........'), 10)).toEqual([]);
  });
});

describe('nodExpression', () => {
  it('is zero without phrases and a half sine per phrase otherwise', () => {
    expect(nodExpression([], 5)).toBe('0');
    expect(nodExpression([{ start: 1, end: 3 }], 5)).toBe('between(t,1,3)*5*sin(1*PI*(t-1)/2)');
    expect(
      nodExpression(
        [
          { start: 1, end: 3 },
          { start: 4, end: 5 },
        ],
        2,
        true,
      ),
    ).toContain('*-2*sin(2*PI*(t-4)/1)');
  });
});

describe('blinkFrames', () => {
  it('blinks briefly every few seconds, the same way for the same seed', () => {
    const fps = 25;
    const blinks = blinkFrames(fps * 20, fps, 3);
    expect(blinks).toEqual(blinkFrames(fps * 20, fps, 3));
    const starts = blinks
      .map((closed, i) => closed && !blinks[i - 1])
      .map((start, i) => (start ? i : -1))
      .filter((i) => i >= 0);
    expect(starts.length).toBeGreaterThanOrEqual(3);
    expect(starts.length).toBeLessThanOrEqual(8);
    for (let i = 1; i < starts.length; i++)
      expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(2.5 * fps - 1);
    expect(blinks.filter(Boolean).length).toBe(starts.length * 3);
  });
});

describe('concat lists', () => {
  it('lists one image per run, half a frame early, and repeats the last file', () => {
    const list = imageSequenceList(['rest', 'rest', 'wide', 'rest'], 10, (s) => `/d/${s}.png`);
    expect(list).toBe(
      "file '/d/rest.png'\nduration 0.150000\nfile '/d/wide.png'\nduration 0.100000\nfile '/d/rest.png'\nduration 0.100000\nfile '/d/rest.png'\n",
    );
  });

  it('rounds boxes to whole pixels inside the canvas', () => {
    expect(pixelBox({ x: -3.2, y: 10.6, width: 40.4, height: 3 }, { width: 100, height: 50 })).toEqual({
      x: 0,
      y: 11,
      width: 40,
      height: 8,
    });
    expect(pixelBox({ x: 90, y: 45, width: 40, height: 20 }, { width: 100, height: 50 })).toEqual({
      x: 60,
      y: 30,
      width: 40,
      height: 20,
    });
  });
});
