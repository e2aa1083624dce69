import { describe, expect, it } from 'vitest';
import {
  composeTimeline,
  placeSequential,
  sequenceSegments,
  xfadeTimeline,
} from '../../../../functions/engine/video/timeline';
import type { TransitionType } from '../../../../functions/engine/types';

const size = { width: 320, height: 180 };
const graph = (type: TransitionType, duration = 1) => {
  const { segments, total } = sequenceSegments(['a', 'b'], [4, 4], [undefined, { type, duration }]);
  return { statements: composeTimeline(segments, { size, fps: 25, total, output: 'out' }).join(';'), total };
};

describe('placeSequential', () => {
  it('overlaps neighbours by the transition length', () => {
    const placed = placeSequential(
      [4, 3, 5],
      [undefined, { type: 'fade', duration: 1 }, { type: 'none', duration: 2 }],
    );
    expect(placed.starts).toEqual([0, 3, 6]);
    expect(placed.total).toBe(11);
    expect(placed.transitions.map((t) => t.type)).toEqual(['none', 'fade', 'none']);
  });

  it('limits a transition to half of the shorter neighbour', () => {
    const placed = placeSequential([1, 6], [undefined, { type: 'fade', duration: 3 }]);
    expect(placed.transitions[1]!.duration).toBe(0.5);
    expect(placed.total).toBe(6.5);
  });
});

describe('composeTimeline (no xfade)', () => {
  it('never uses xfade and overlays every segment on a background of the total length', () => {
    for (const type of [
      'fade',
      'fadeblack',
      'fadewhite',
      'slideleft',
      'slideright',
      'wipeleft',
      'wiperight',
    ] as const) {
      const { statements, total } = graph(type);
      expect(statements).not.toContain('xfade');
      expect(statements).toContain(`color=c=black:s=320x180:r=25:d=${total}[base]`);
      expect(statements).toContain('setpts=PTS-STARTPTS+3/TB[placed1]');
      expect(statements.match(/overlay=/g)!.length).toBeGreaterThanOrEqual(2);
      expect(statements.endsWith('format=yuv420p[out]')).toBe(true);
    }
  });

  it('crossfades through the alpha channel', () => {
    expect(graph('fade').statements).toContain('[b]format=yuva420p,fade=t=in:st=0:d=1:alpha=1[shape1]');
  });

  it('fades through black: the outgoing clip to black, then the incoming from black', () => {
    const { statements } = graph('fadeblack');
    expect(statements).toContain('[a]fade=t=out:st=3:d=0.5:color=black[shape0]');
    expect(statements).toContain('fade=t=in:st=0.5:d=0.5:color=black');
    expect(statements).toContain('fade=t=in:st=0.5:d=0.04:alpha=1');
    expect(graph('fadewhite').statements).toContain('color=white');
  });

  it('slides with a moving overlay position and wipes with a moving mask', () => {
    expect(graph('slideleft').statements).toContain("overlay=x='if(lt(t,4),W*(1-(t-3)/1),0)'");
    expect(graph('slideright').statements).toContain("x='if(lt(t,4),-W*(1-(t-3)/1),0)'");
    const wipe = graph('wipeleft').statements;
    expect(wipe).toContain('alphamerge');
    expect(wipe).toContain("overlay=x='max(0,W*(1-t/1))'");
    expect(graph('wiperight').statements).toContain("x='min(0,-W+W*t/1)'");
  });

  it('passes a lone segment straight through', () => {
    expect(
      composeTimeline([{ input: 'a', start: 0, duration: 2 }], { size, fps: 25, total: 2, output: 'out' }),
    ).toEqual(['[a]format=yuv420p[out]']);
  });
});

describe('xfadeTimeline', () => {
  it('chains xfade with offsets at the segment starts (for FFmpeg builds that have it)', () => {
    const { segments } = sequenceSegments(
      ['a', 'b', 'c'],
      [4, 4, 4],
      [undefined, { type: 'fade', duration: 1 }, { type: 'wipeleft', duration: 0.5 }],
    );
    expect(xfadeTimeline(segments, 'out')).toEqual([
      '[a][b]xfade=transition=fade:duration=1:offset=3[xf1]',
      '[xf1][c]xfade=transition=wipeleft:duration=0.5:offset=6.5[xfaded]',
      '[xfaded]format=yuv420p[out]',
    ]);
  });
});
