import { execFileSync, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { ffmpegBinaries, hasFilter } from '../../../../functions/engine/media/ffmpeg';
import { TRANSITIONS, type TransitionType } from '../../../../functions/engine/video/types';
import {
  composeTimeline,
  planWindows,
  sequenceSegments,
  XFADE_EQUIVALENT,
  xfadeDrawsAlike,
  xfadeTimeline,
  type TimelineSegment,
} from '../../../../functions/engine/video/timeline';

/**
 * The two ways of composing a timeline must draw the same pictures: the window-by-window graph
 * (used when the streams' frame counts are known) against the overlay-on-background graph, frame
 * by frame, for every transition, on patterns that change with every frame so one out of place shows.
 */
/** The system's FFmpeg, when one is on the PATH. */
function systemFfmpeg(): string | undefined {
  const found = spawnSync('which', ['ffmpeg'], { encoding: 'utf8' }).stdout.trim();
  return found || undefined;
}

/** The static build shipped on npm. */
function bundledFfmpeg(): string | undefined {
  try {
    return (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  } catch {
    return undefined;
  }
}

const size = { width: 320, height: 180 };
const fps = 30;
const FRAME_BYTES = size.width * size.height * 1.5;

/** Raw frames of `[out]` from a graph fed by three 2-second patterns [a], [b] and [c]. */
function render(statements: string[], ffmpeg = ffmpegBinaries().ffmpeg): Buffer[] {
  // Patterns that change a lot from frame to frame, so a frame out of place cannot pass.
  const pattern = (lum: string, cb: number, cr: number) =>
    `color=c=gray:s=${size.width}x${size.height}:r=${fps}:d=2,format=yuv420p,geq=lum='${lum}':cb=${cb}:cr=${cr},setsar=1`;
  const sources = [
    `${pattern('mod(X+N*16,256)', 128, 128)}[a]`,
    `${pattern('mod(2*Y+N*12,256)', 90, 160)}[b]`,
    `${pattern('mod(X+Y+N*20,256)', 170, 100)}[c]`,
  ];
  const used = sources.filter((source) => statements.some((s) => s.includes(source.slice(-3))));
  const raw = execFileSync(
    ffmpeg,
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-filter_complex',
      [...used, ...statements].join(';'),
      '-map',
      '[out]',
      '-f',
      'rawvideo',
      '-',
    ],
    { maxBuffer: 256 * 1024 * 1024 },
  );
  return Array.from({ length: raw.length / FRAME_BYTES }, (_, i) =>
    raw.subarray(i * FRAME_BYTES, (i + 1) * FRAME_BYTES),
  );
}

const compose = (segments: TimelineSegment[], total: number) =>
  render(composeTimeline(segments, { size, fps, total, output: 'out' }));

/** Mean absolute difference of the luma of two frames (0–255). */
function lumaDifference(a: Buffer, b: Buffer): number {
  const pixels = size.width * size.height;
  let sum = 0;
  for (let i = 0; i < pixels; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / pixels;
}

describe('timeline composition', () => {
  it.each(TRANSITIONS.filter((t): t is Exclude<TransitionType, 'none'> => t !== 'none'))(
    '%s: windows show each segment untouched when alone and blend transitions as the overlay graph does',
    (type) => {
      // 2 s + 2 s + 2 s, joined by 0.6 s transitions (18 frames at 30 fps).
      const { segments, total } = sequenceSegments(
        ['a', 'b', 'c'],
        [2, 2, 2],
        [undefined, { type, duration: 0.6 }, { type, duration: 0.6 }],
      );
      const known = segments.map((segment) => ({ ...segment, frames: 60 }));
      const windows = planWindows(known, fps, Math.round(total * fps));
      expect(windows).not.toBeNull();
      const windowed = compose(known, total);
      const overlaid = compose(segments, total);
      const patterns = ['a', 'b', 'c'].map((label) => render([`[${label}]null[out]`]));
      expect(windowed).toHaveLength(Math.round(total * fps));
      expect(overlaid).toHaveLength(windowed.length);
      let slideRounding = 0;
      for (const window of windows!) {
        for (let k = window.from; k < window.to; k++) {
          if (window.kind === 'solo') {
            // Alone on screen, a segment's frames pass through untouched, each in its place.
            const local = k - Math.round(segments[window.segment]!.start * fps);
            expect(lumaDifference(windowed[k]!, patterns[window.segment]![local]!)).toBe(0);
          } else {
            // During a transition, both graphs blend the same two frames the same way; a slide's
            // position may round to the neighbouring pixel on a frame.
            const difference = lumaDifference(windowed[k]!, overlaid[k]!);
            if (difference > 0.5) slideRounding++;
            expect(difference).toBeLessThan(6);
          }
        }
      }
      expect(slideRounding).toBeLessThanOrEqual(type.startsWith('slide') ? 2 : 0);
    },
  );

  // Runs where the FFmpeg in use has xfade (4.3 and later; CI's second run uses Debian's 5.1).
  it.runIf(hasFilter('xfade')).each([...XFADE_EQUIVALENT])(
    '%s: xfade, where the build has it, draws what the composition draws, frame by frame',
    (type) => {
      const { segments, total } = sequenceSegments(
        ['a', 'b', 'c'],
        [2, 2, 2],
        [undefined, { type, duration: 0.6 }, { type, duration: 0.6 }],
      );
      expect(xfadeDrawsAlike(segments)).toBe(true);
      const known = segments.map((segment) => ({ ...segment, frames: 60 }));
      const composed = compose(known, total);
      const xfaded = render(xfadeTimeline(segments, 'out'));
      expect(xfaded).toHaveLength(composed.length);
      const differences = composed.map((frame, k) => lumaDifference(frame, xfaded[k]!));
      // Within rounding (a wipe's edge may land one pixel over), on every frame.
      expect(Math.max(...differences)).toBeLessThan(type === 'fade' ? 1.5 : 6);
    },
  );

  // Both builds CI installs: the system FFmpeg (Debian's 5.1, with xfade) and the npm-bundled 2018 one.
  const builds = [systemFfmpeg(), bundledFfmpeg()].filter((path): path is string => Boolean(path));
  it.runIf(builds.length === 2).each(TRANSITIONS.filter((t) => t !== 'none'))(
    '%s: the system FFmpeg and the npm-bundled one draw the same frames, each as the engine would use it',
    (type) => {
      const { segments, total } = sequenceSegments(
        ['a', 'b', 'c'],
        [2, 2, 2],
        [undefined, { type, duration: 0.6 }, { type, duration: 0.6 }],
      );
      const known = segments.map((segment) => ({ ...segment, frames: 60 }));
      const composed = composeTimeline(known, { size, fps, total, output: 'out' });
      // The newer build gets xfade where the engine would give it xfade; the 2018 build cannot.
      const newer = xfadeDrawsAlike(segments) ? xfadeTimeline(segments, 'out') : composed;
      const [modern, old] = [render(newer, builds[0]), render(composed, builds[1])];
      expect(modern).toHaveLength(old!.length);
      const differences = modern!.map((frame, k) => lumaDifference(frame, old![k]!));
      expect(Math.max(...differences)).toBeLessThan(type === 'fade' ? 1.5 : 6);
    },
  );

  it('never hands xfade a transition it draws differently (dips through a colour, slides)', () => {
    for (const type of ['fadeblack', 'fadewhite', 'slideleft', 'slideright'] as const) {
      const { segments } = sequenceSegments(['a', 'b'], [2, 2], [undefined, { type, duration: 0.6 }]);
      expect(xfadeDrawsAlike(segments)).toBe(false);
    }
    const mixed = sequenceSegments(
      ['a', 'b', 'c'],
      [2, 2, 2],
      [undefined, { type: 'fade', duration: 0.6 }, { type: 'none', duration: 0 }],
    );
    expect(xfadeDrawsAlike(mixed.segments)).toBe(false);
  });

  it('shows black in the gaps between segments', () => {
    const segments = [
      { input: 'a', start: 0.5, duration: 1, frames: 60 },
      { input: 'b', start: 2, duration: 1, frames: 60 },
      { input: 'c', start: 3, duration: 1, frames: 60 },
    ];
    const frames = compose(segments, 4.5);
    expect(frames).toHaveLength(135);
    const brightness = (frame: Buffer) => lumaDifference(frame, Buffer.alloc(FRAME_BYTES, 16));
    expect(brightness(frames[5]!)).toBeLessThan(1);
    expect(brightness(frames[30]!)).toBeGreaterThan(20);
    expect(brightness(frames[50]!)).toBeLessThan(1);
    expect(brightness(frames[70]!)).toBeGreaterThan(20);
    expect(brightness(frames[130]!)).toBeLessThan(1);
  });
});
