import { describe, expect, it } from 'vitest';
import {
  composeTimeline,
  placeSequential,
  planWindows,
  sequenceSegments,
  xfadeTimeline,
} from '../../../../functions/engine/video/timeline';
import type { TransitionType } from '../../../../functions/engine/video/types';

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

describe('composeTimeline by windows (streams with a known frame count)', () => {
  const fps = 25;
  /** Three 4 s segments with 1 s fades, each stream one frame longer than it lasts. */
  const three = (frames = 101) => {
    const { segments, total } = sequenceSegments(
      ['a', 'b', 'c'],
      [4, 4, 4],
      [undefined, { type: 'fade', duration: 1 }, { type: 'fadeblack', duration: 1 }],
    );
    return { segments: segments.map((s) => ({ ...s, frames })), total };
  };

  it('cuts the timeline into solo and transition windows that cover every frame once', () => {
    const { segments, total } = three();
    expect(planWindows(segments, fps, total * fps)).toEqual([
      { kind: 'solo', segment: 0, from: 0, to: 75 },
      { kind: 'transition', segment: 1, from: 75, to: 100 },
      { kind: 'solo', segment: 1, from: 100, to: 150 },
      { kind: 'transition', segment: 2, from: 150, to: 175 },
      { kind: 'solo', segment: 2, from: 175, to: 250 },
    ]);
  });

  it('fills gaps and a late start with black', () => {
    const segments = [
      { input: 'a', start: 1, duration: 2, frames: 51 },
      { input: 'b', start: 4, duration: 1, frames: 26 },
    ];
    expect(planWindows(segments, fps, 6 * fps)).toEqual([
      { kind: 'black', from: 0, to: 25 },
      { kind: 'solo', segment: 0, from: 25, to: 75 },
      { kind: 'black', from: 75, to: 100 },
      { kind: 'solo', segment: 1, from: 100, to: 125 },
      { kind: 'black', from: 125, to: 150 },
    ]);
  });

  it('is not used when a stream may be too short, segments are out of order or overlap without a transition', () => {
    const { segments, total } = three();
    expect(planWindows(three(60).segments, fps, total * fps)).toBeNull();
    expect(
      planWindows(
        segments.map(({ frames: _, ...s }) => s),
        fps,
        total * fps,
      ),
    ).toBeNull();
    expect(planWindows([segments[1]!, segments[0]!], fps, total * fps)).toBeNull();
    const overlapping = [
      { input: 'a', start: 0, duration: 4, frames: 101 },
      { input: 'b', start: 3, duration: 4, frames: 101 },
    ];
    expect(planWindows(overlapping, fps, 7 * fps)).toBeNull();
    expect(composeTimeline(overlapping, { size, fps, total: 7, output: 'out' }).join(';')).toContain(
      '[base]',
    );
  });

  it('blends only inside transitions and joins the windows in order, retimed by frame count', () => {
    const { segments, total } = three();
    const graph = composeTimeline(segments, { size, fps, total, output: 'out' });
    const joined = graph.join(';');
    expect(joined).not.toContain('[base]');
    expect(joined.match(/overlay=/g)).toHaveLength(2);
    expect(graph).toContain('[a]split=2[part0_0][part0_1]');
    expect(graph).toContain('[part0_0]trim=start_frame=0:end_frame=75,settb=1/25,setpts=N[window0]');
    expect(graph).toContain(
      '[part1_0]trim=start_frame=0:end_frame=25,settb=1/25,setpts=N,format=yuva420p,fade=t=in:st=0:d=1:alpha=1[in1]',
    );
    // Fade through black: the outgoing piece darkens in the first half, the incoming one appears after it.
    expect(graph).toContain(
      '[part1_2]trim=start_frame=75:end_frame=100,settb=1/25,setpts=N,fade=t=out:st=0:d=0.5:color=black[out3]',
    );
    expect(graph.at(-1)).toBe(
      '[window0][window1][window2][window3][window4]concat=n=5:v=1:a=0,settb=1/25,setpts=N,format=yuv420p[out]',
    );
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
