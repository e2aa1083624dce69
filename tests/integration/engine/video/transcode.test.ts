import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalVideoEngine } from '../../../../functions/engine/video/local';
import { colourClip, expectPlayable, frameAt, meanColour, scratchDir } from './media';

const scratch = scratchDir('transcode');
const video = createLocalVideoEngine();
let square: string;

beforeAll(() => {
  square = colourClip(scratch.path('4x3.mp4'), { colour: 'red', seconds: 1, size: '640x480', silent: true });
});
afterAll(() => scratch.remove());

describe('transcode', () => {
  it('fits a 4:3 source into the 16:9 low-quality frame with bars, never stretched', async () => {
    const result = await video.transcode({
      inputPath: square,
      quality: 'low',
      format: 'mp4',
      outputPath: scratch.path('low.mp4'),
    });
    expectPlayable(result.probe);
    expect(result.probe.video).toMatchObject({ width: 854, height: 480 });
    expect(Math.abs(result.probe.duration - 1)).toBeLessThanOrEqual(0.1);
    expect(Math.max(...meanColour(frameAt(result.path, 0.5, [0, 100, 40, 200])))).toBeLessThan(20);
    expect(meanColour(frameAt(result.path, 0.5, [380, 200, 80, 80]))[0]).toBeGreaterThan(200);
    // the picture keeps its 4:3 shape: 640 px wide in the 480 px high frame
    const row = frameAt(result.path, 0.5, [0, 240, 854, 2]);
    let redPixels = 0;
    for (let x = 0; x < 854; x++) if (row[x * 3]! > 128) redPixels++;
    expect(Math.abs(redPixels - 640)).toBeLessThanOrEqual(4);
  });

  it('writes VP9/Opus WebM at 720p', async () => {
    const result = await video.transcode({
      inputPath: square,
      quality: 'medium',
      format: 'webm',
      outputPath: scratch.path('medium.webm'),
    });
    expectPlayable(result.probe, 'webm');
    expect(result.probe.video).toMatchObject({ width: 1280, height: 720 });
  });

  it('refuses unknown qualities', async () => {
    await expect(
      video.transcode({
        inputPath: square,
        quality: '8k' as never,
        format: 'mp4',
        outputPath: scratch.path('x.mp4'),
      }),
    ).rejects.toMatchObject({ code: 'invalid_params' });
  });
});

describe('thumbnail', () => {
  it('takes a JPEG or PNG frame at the width asked for', async () => {
    const jpeg = await video.thumbnail({
      inputPath: square,
      at: 0.5,
      width: 160,
      outputPath: scratch.path('thumb.jpg'),
    });
    expect(await sharp(jpeg.path).metadata()).toMatchObject({ format: 'jpeg', width: 160, height: 120 });
    const png = await video.thumbnail({
      inputPath: square,
      width: 64,
      outputPath: scratch.path('thumb.png'),
    });
    const stats = await sharp(png.path).stats();
    expect(await sharp(png.path).metadata()).toMatchObject({ format: 'png', width: 64, height: 48 });
    expect(stats.channels[0]!.mean).toBeGreaterThan(200);
  });
});
