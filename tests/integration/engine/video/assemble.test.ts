import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransitionType } from '../../../../functions/engine/video/types';
import { createLocalVideoEngine } from '../../../../functions/engine/video/local';
import { audioRms, colourClip, expectPlayable, frameAt, meanColour, scratchDir, tone } from './media';

const scratch = scratchDir('assemble');
const video = createLocalVideoEngine();
const size = { width: 320, height: 180 };
let red: string;
let blue: string;

beforeAll(() => {
  red = colourClip(scratch.path('red.mp4'), { colour: 'red', seconds: 2, frequency: 300 });
  blue = colourClip(scratch.path('blue.mp4'), { colour: 'blue', seconds: 2, frequency: 600 });
});
afterAll(() => scratch.remove());

/** Mean colour of the left and right quarter of a frame. */
const sides = (path: string, t: number) =>
  [meanColour(frameAt(path, t, [20, 60, 60, 60])), meanColour(frameAt(path, t, [240, 60, 60, 60]))] as const;
const isRed = ([r, g, b]: readonly number[]) => r! > 200 && g! < 50 && b! < 50;
const isBlue = ([r, g, b]: readonly number[]) => b! > 200 && r! < 50 && g! < 50;

describe('assemble', () => {
  it('joins compatible clips without transitions by stream copy, and encodes when sizes differ', async () => {
    const copied = await video.assemble({
      clips: [{ path: red }, { path: blue }, { path: red, transition: { type: 'none', duration: 1 } }],
      size,
      fps: 30,
      outputPath: scratch.path('copy.mp4'),
    });
    expect(copied.method).toBe('stream_copy');
    expect(Math.abs(copied.probe.duration - 6)).toBeLessThanOrEqual(0.15);
    expectPlayable(copied.probe);
    expect(isBlue(sides(copied.path, 3)[0])).toBe(true);
    const encoded = await video.assemble({
      clips: [{ path: red }, { path: blue }, { path: red }],
      size: { width: 320, height: 176 },
      fps: 30,
      outputPath: scratch.path('encoded.mp4'),
    });
    expect(encoded.method).toBe('encode');
    expect(encoded.probe.video).toMatchObject({ width: 320, height: 176 });
    // How much faster stream copy is: `npm run bench:media`.
  });

  /**
   * Each transition at its midpoint, drawn the same whichever FFmpeg runs: once as the engine picks
   * (xfade where the build has it and draws alike), once with xfade ignored (the composed fallback
   * every build can run). CI runs this file with the bundled 2018 build and with Debian's FFmpeg 5.1.
   */
  describe.each([
    ['as the FFmpeg in use allows', ''],
    ['with xfade ignored', 'xfade'],
  ])('transitions %s', (_mode, ignored) => {
    const saved = process.env.ENGINE_FFMPEG_IGNORE_FILTERS;
    beforeAll(() => {
      process.env.ENGINE_FFMPEG_IGNORE_FILTERS = ignored;
    });
    afterAll(() => {
      if (saved === undefined) delete process.env.ENGINE_FFMPEG_IGNORE_FILTERS;
      else process.env.ENGINE_FFMPEG_IGNORE_FILTERS = saved;
    });

    it.each<[TransitionType, (left: readonly number[], right: readonly number[]) => boolean]>([
      ['fade', (l, r) => l[0]! > 90 && l[2]! > 90 && r[0]! > 90 && r[2]! > 90],
      ['fadeblack', (l, r) => Math.max(...l, ...r) < 40],
      ['fadewhite', (l, r) => Math.min(...l, ...r) > 215],
      ['slideleft', (l, r) => isRed(l) && isBlue(r)],
      ['slideright', (l, r) => isBlue(l) && isRed(r)],
      ['wipeleft', (l, r) => isRed(l) && isBlue(r)],
      ['wiperight', (l, r) => isBlue(l) && isRed(r)],
    ])('%s keeps sound and picture together and is halfway at the midpoint', async (type, midway) => {
      const result = await video.assemble({
        clips: [{ path: red }, { path: blue, transition: { type, duration: 0.6 } }],
        size,
        fps: 30,
        outputPath: scratch.path(`${type}-${ignored || 'default'}.mp4`),
      });
      expect(result.method).toBe('encode');
      expectPlayable(result.probe);
      // 2 s + 2 s overlapping by 0.6 s
      expect(Math.abs(result.probe.duration - 3.4)).toBeLessThanOrEqual(0.1);
      expect(isRed(sides(result.path, 1.2)[0])).toBe(true);
      expect(isBlue(sides(result.path, 2.2)[1])).toBe(true);
      const [left, right] = sides(result.path, 1.7);
      expect(midway(left, right)).toBe(true);
    });
  });

  it('mixes a music bed under silent clips for the whole length', async () => {
    const silent = colourClip(scratch.path('silent.mp4'), { colour: 'green', seconds: 1.5, silent: true });
    const music = tone(scratch.path('music.wav'), 1, 220);
    const result = await video.assemble({
      clips: [{ path: silent }, { path: silent, transition: { type: 'fade', duration: 0.5 } }],
      musicPath: music,
      size,
      fps: 30,
      outputPath: scratch.path('music.mp4'),
    });
    expect(Math.abs(result.probe.duration - 2.5)).toBeLessThanOrEqual(0.1);
    // the one-second bed is looped to the end (the clips themselves are silent)
    expect(audioRms(result.path, 0.2, 0.8)).toBeGreaterThan(0.01);
    expect(audioRms(result.path, 1.8, 2.3)).toBeGreaterThan(0.01);
    const without = await video.assemble({
      clips: [{ path: silent }, { path: silent, transition: { type: 'fade', duration: 0.5 } }],
      size,
      fps: 30,
      outputPath: scratch.path('no-music.mp4'),
    });
    expect(audioRms(without.path, 0.2, 2.3)).toBeLessThan(0.001);
  });

  it('refuses unknown transitions', async () => {
    await expect(
      video.assemble({
        clips: [{ path: red }, { path: blue, transition: { type: 'spin' as never, duration: 1 } }],
        size,
        fps: 30,
        outputPath: scratch.path('x.mp4'),
      }),
    ).rejects.toMatchObject({ code: 'invalid_params' });
    await expect(
      video.assemble({ clips: [], size, fps: 30, outputPath: scratch.path('x.mp4') }),
    ).rejects.toMatchObject({ code: 'invalid_input' });
  });
});
