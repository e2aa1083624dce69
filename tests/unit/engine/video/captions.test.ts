import { describe, expect, it } from 'vitest';
import { cueFrames } from '../../../../functions/engine/video/local/captions';

describe('cueFrames', () => {
  it('rounds cues to frames in time order and skips empty ones', () => {
    const spans = cueFrames(
      [
        { start: 2.01, end: 2.5, text: 'Later.' },
        { start: 0.5, end: 1.3, text: 'Hold the line.' },
        { start: 1.5, end: 1.6, text: '   ' },
        { start: 3, end: 3, text: 'Never shown.' },
      ],
      30,
    );
    expect(spans.map(({ cue, from, to }) => [cue.text, from, to])).toEqual([
      ['Hold the line.', 15, 39],
      ['Later.', 60, 75],
    ]);
  });

  it('ends a cue where the next one begins, so two never share the screen', () => {
    const spans = cueFrames(
      [
        { start: 0, end: 2, text: 'The end of one scene' },
        { start: 1.5, end: 3, text: 'overlaps the next.' },
      ],
      25,
    );
    expect(spans.map(({ from, to }) => [from, to])).toEqual([
      [0, 38],
      [38, 75],
    ]);
  });
});
