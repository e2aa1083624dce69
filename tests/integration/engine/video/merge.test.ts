import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineError } from '../../../../functions/engine/types';
import {
  WATERMARK_POSITIONS,
  type FfmpegParams,
  type MergeRequest,
} from '../../../../functions/engine/video/types';
import { createLocalVideoEngine } from '../../../../functions/engine/video/local';
import { audioRms, colourClip, expectPlayable, ffmpeg, frameAt, meanColour, scratchDir, tone } from './media';

const scratch = scratchDir('merge');
const video = createLocalVideoEngine();
let a480: string;
let b480: string;
let small: string;
let black: string;

beforeAll(() => {
  a480 = colourClip(scratch.path('a480.mp4'), { colour: 'red', seconds: 2, size: '854x480' });
  b480 = colourClip(scratch.path('b480.mp4'), { colour: 'blue', seconds: 2, size: '854x480' });
  small = colourClip(scratch.path('small.mp4'), { colour: 'red', seconds: 3 });
  black = colourClip(scratch.path('black.mp4'), { colour: 'black', seconds: 1, silent: true });
});
afterAll(() => scratch.remove());

const merge = (change: Partial<MergeRequest>, name: string) =>
  video.merge({
    inputs: [{ path: small, type: 'video', start_time: 0, volume: 1 }],
    tier: 'web',
    format: 'mp4',
    outputPath: scratch.path(name),
    ...change,
  });

describe('merge studio', () => {
  it('copies compatible back-to-back videos without re-encoding, and encodes otherwise', async () => {
    const inputs = [
      { path: a480, type: 'video' as const, start_time: 0, volume: 1 },
      { path: b480, type: 'video' as const, start_time: 2, volume: 1 },
    ];
    const copied = await video.merge({
      inputs,
      tier: 'web',
      format: 'mp4',
      outputPath: scratch.path('copied.mp4'),
    });
    const encoded = await video.merge({
      inputs: [inputs[0]!, { ...inputs[1]!, volume: 0.8 }],
      tier: 'web',
      format: 'mp4',
      outputPath: scratch.path('encoded.mp4'),
    });
    expect(copied.method).toBe('stream_copy');
    expect(encoded.method).toBe('encode');
    for (const result of [copied, encoded]) {
      expectPlayable(result.probe);
      expect(result.probe.video).toMatchObject({ width: 854, height: 480 });
      expect(Math.abs(result.probe.duration - 4)).toBeLessThanOrEqual(0.1);
    }
    // How much faster stream copy is: `npm run bench:media`.
  });

  it('scales to the tier, places audio at its start time and volume', async () => {
    const music = tone(scratch.path('tone.wav'), 1, 500);
    const result = await merge(
      {
        inputs: [
          { path: black, type: 'video', start_time: 0, volume: 1 },
          { path: music, type: 'audio', start_time: 1, volume: 1 },
        ],
        tier: 'medium',
      },
      'medium.mp4',
    );
    expect(result.probe.video).toMatchObject({ width: 1280, height: 720, fps: 30 });
    expect(Math.abs(result.probe.duration - 2)).toBeLessThanOrEqual(0.1);
    expect(audioRms(result.path, 0.1, 0.8)).toBeLessThan(0.002);
    expect(audioRms(result.path, 1.2, 1.8)).toBeGreaterThan(0.05);
  });

  it('writes VP9/Opus WebM, and HEVC only in MP4/MOV when asked for', async () => {
    const webm = await merge({ format: 'webm' }, 'out.webm');
    expectPlayable(webm.probe, 'webm');
    const mov = await merge(
      {
        tier: 'custom',
        format: 'mov',
        params: { video_codec: 'libx265', preset: 'ultrafast', resolution: '320x180', fps: 24 },
      },
      'out.mov',
    );
    expect(mov.probe.video).toMatchObject({
      codec: 'hevc',
      width: 320,
      height: 180,
      fps: 24,
      pixelFormat: 'yuv420p',
    });
    expect(mov.probe.formatName).toContain('mov');
  });

  it('renders only the preview seconds', async () => {
    const result = await merge({ previewSeconds: 1 }, 'preview.mp4');
    expect(Math.abs(result.probe.duration - 1)).toBeLessThanOrEqual(0.1);
  });

  it.each(WATERMARK_POSITIONS)('draws the watermark %s', async (position) => {
    const result = await merge(
      {
        inputs: [{ path: black, type: 'video', start_time: 0, volume: 1 }],
        tier: 'custom',
        params: { resolution: '320x180', preset: 'ultrafast' },
        watermark: { text: 'BookStudio', position },
      },
      `wm-${position}.mp4`,
    );
    const corner = (x: number, y: number) =>
      Math.max(...meanColour(frameAt(result.path, 0.5, [x, y, 140, 30])));
    const corners = {
      'top-left': corner(0, 0),
      'top-right': corner(180, 0),
      'bottom-left': corner(0, 150),
      'bottom-right': corner(180, 150),
    };
    const others = Object.entries(corners)
      .filter(([name]) => name !== position)
      .map(([, brightness]) => brightness);
    expect(corners[position]).toBeGreaterThan(5);
    expect(Math.max(...others)).toBeLessThan(2);
  });

  it.each<[FfmpegParams, RegExp]>([
    [{ fps: 0 }, /Frame rate 0 is out of range/],
    [{ fps: 240 }, /Frame rate 240 is out of range/],
    [{ crf: 60 }, /CRF 60 is out of range/],
    [{ video_codec: 'mpeg4' as never }, /Unknown video codec/],
    [{ preset: 'warp' as never }, /Unknown preset/],
    [{ resolution: '12x' }, /Resolution "12x" is not valid/],
  ])('refuses custom parameters %o before encoding', async (params, message) => {
    const error = await merge({ tier: 'custom', params }, 'refused.mp4').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect(error).toMatchObject({ code: 'invalid_params' });
    expect((error as Error).message).toMatch(message);
  });

  it('makes CRF 0 lossless H.264 (High 4:4:4 Predictive, still 4:2:0) that decodes frame for frame as its source', async () => {
    const source = scratch.path('detail.mp4');
    ffmpeg([
      ...['-f', 'lavfi', '-i', 'testsrc2=s=640x360:r=30:d=1', '-f', 'lavfi', '-i', 'sine=d=1:r=48000'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '12', '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'aac', '-shortest', source],
    ]);
    // A volume other than 1 makes it an encode, not a copy.
    const result = await merge(
      {
        inputs: [{ path: source, type: 'video', start_time: 0, volume: 0.9 }],
        tier: 'custom',
        params: { crf: 0, preset: 'ultrafast', fps: 30 },
      },
      'lossless.mp4',
    );
    expect(result.method).toBe('encode');
    expectPlayable(result.probe);
    expect(result.probe.video).toMatchObject({
      profile: 'High 4:4:4 Predictive',
      pixelFormat: 'yuv420p',
      width: 640,
      height: 360,
    });
    const psnr = ffmpeg([
      '-i',
      result.path,
      '-i',
      source,
      '-lavfi',
      '[0:v][1:v]psnr=stats_file=-',
      '-f',
      'null',
      '-',
    ])
      .toString()
      .trim()
      .split('\n');
    expect(psnr.length).toBeGreaterThanOrEqual(29);
    for (const frame of psnr) expect(frame).toMatch(/mse_avg:0\.00 /);
  });

  it('refuses codecs WebM cannot hold', async () => {
    await expect(
      merge({ tier: 'custom', format: 'webm', params: { video_codec: 'libx265' } }, 'hevc.webm'),
    ).rejects.toMatchObject({ code: 'invalid_params' });
  });
});
