import { describe, expect, it } from 'vitest';
import {
  parseResolution,
  resolveMergeSettings,
  sizeForShortSide,
  validateFfmpegParams,
  validateMergeInputs,
} from '../../../../functions/engine/video/local/params';
import { EngineError } from '../../../../functions/engine/types';
import type { FfmpegParams, MergeRequest } from '../../../../functions/engine/video/types';

const landscape = { width: 1920, height: 1080 };

function refusal(run: () => unknown): EngineError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(EngineError);
    return error as EngineError;
  }
  throw new Error('expected a refusal');
}

describe('resolveMergeSettings', () => {
  it.each([
    ['web', 854, 480],
    ['medium', 1280, 720],
    ['high', 1920, 1080],
  ] as const)('%s tier → %i×%i H.264/AAC MP4 at 30 fps', (tier, width, height) => {
    const settings = resolveMergeSettings({ tier, format: 'mp4' }, landscape);
    expect(settings).toMatchObject({
      videoCodec: 'libx264',
      audioCodec: 'aac',
      fps: 30,
      preset: 'veryfast',
      size: { width, height },
    });
  });

  it('follows the orientation of the first video', () => {
    expect(
      resolveMergeSettings({ tier: 'medium', format: 'mp4' }, { width: 1080, height: 1920 }).size,
    ).toEqual({ width: 720, height: 1280 });
  });

  it('always uses VP9/Opus for WebM tiers', () => {
    expect(resolveMergeSettings({ tier: 'high', format: 'webm' }, landscape)).toMatchObject({
      videoCodec: 'libvpx-vp9',
      audioCodec: 'libopus',
    });
  });

  it('applies custom parameters with their defaults', () => {
    const params: FfmpegParams = { video_codec: 'libx265', resolution: '720p', crf: 28, preset: 'slow' };
    expect(resolveMergeSettings({ tier: 'custom', format: 'mov', params }, landscape)).toMatchObject({
      videoCodec: 'libx265',
      audioCodec: 'aac',
      size: { width: 1280, height: 720 },
      crf: 28,
      preset: 'slow',
      fps: 30,
    });
    expect(
      resolveMergeSettings({ tier: 'custom', format: 'mp4' }, { width: 641, height: 359 }),
    ).toMatchObject({ crf: 23, size: { width: 642, height: 360 } });
  });

  it('uses the fast preset for previews', () => {
    expect(
      resolveMergeSettings(
        { tier: 'custom', format: 'mp4', params: { preset: 'veryslow' }, previewSeconds: 30 },
        landscape,
      ).preset,
    ).toBe('veryfast');
  });

  it('ignores custom parameters for fixed tiers', () => {
    expect(
      resolveMergeSettings(
        { tier: 'web', format: 'mp4', params: { video_codec: 'libx265', fps: 60 } },
        landscape,
      ),
    ).toMatchObject({ videoCodec: 'libx264', fps: 30 });
  });

  it.each([
    [{ fps: 0 }, /Frame rate 0 is out of range: choose 1 to 120/],
    [{ fps: 121 }, /Frame rate 121 is out of range/],
    [{ crf: 52 }, /CRF 52 is out of range/],
    [{ crf: -1 }, /CRF -1 is out of range/],
    [{ crf: 20.5 }, /whole number/],
    [{ video_codec: 'h264' }, /Unknown video codec "h264". Choose one of: libx264, libx265, libvpx-vp9/],
    [{ audio_codec: 'flac' }, /Unknown audio codec "flac"/],
    [{ preset: 'turbo' }, /Unknown preset "turbo"/],
    [{ resolution: 'big' }, /Resolution "big" is not valid/],
    [{ resolution: '1281x720' }, /even numbers/],
    [{ resolution: '99999x10' }, /out of range/],
    [{ resolution: '719p' }, /not valid/],
  ])('refuses %o with a clear message', (params, message) => {
    const error = refusal(() =>
      resolveMergeSettings({ tier: 'custom', format: 'mp4', params: params as FfmpegParams }, landscape),
    );
    expect(error.code).toBe('invalid_params');
    expect(error.message).toMatch(message);
  });

  it('refuses codecs the container cannot hold, and never puts HEVC in WebM', () => {
    expect(
      refusal(() =>
        resolveMergeSettings(
          { tier: 'custom', format: 'webm', params: { video_codec: 'libx265' } },
          landscape,
        ),
      ).message,
    ).toMatch(/WebM files hold only VP9 video with Opus audio/);
    expect(
      refusal(() =>
        resolveMergeSettings({ tier: 'custom', format: 'webm', params: { audio_codec: 'aac' } }, landscape),
      ).message,
    ).toMatch(/WebM/);
    expect(
      refusal(() =>
        resolveMergeSettings(
          { tier: 'custom', format: 'mp4', params: { audio_codec: 'libopus' } },
          landscape,
        ),
      ).message,
    ).toMatch(/Opus audio needs the WebM format/);
    expect(
      refusal(() =>
        resolveMergeSettings(
          { tier: 'custom', format: 'mov', params: { video_codec: 'libvpx-vp9' } },
          landscape,
        ),
      ).message,
    ).toMatch(/MOV files cannot hold VP9/);
  });

  it('refuses unknown tiers and formats', () => {
    expect(
      refusal(() => resolveMergeSettings({ tier: 'ultra' as never, format: 'mp4' }, landscape)).message,
    ).toMatch(/Unknown quality tier "ultra"/);
    expect(
      refusal(() => resolveMergeSettings({ tier: 'web', format: 'avi' as never }, landscape)).message,
    ).toMatch(/Unknown format "avi"/);
  });
});

describe('merge inputs', () => {
  const request = (change: Partial<MergeRequest>): MergeRequest => ({
    inputs: [{ path: '/a.mp4', type: 'video', start_time: 0, volume: 1 }],
    tier: 'web',
    format: 'mp4',
    outputPath: '/out.mp4',
    ...change,
  });

  it('accepts a plain request', () => {
    expect(() => validateMergeInputs(request({}))).not.toThrow();
  });

  it.each([
    [{ inputs: [] }, 'invalid_input', /at least one video/],
    [
      { inputs: [{ path: '/a.wav', type: 'audio' as const, start_time: 0, volume: 1 }] },
      'invalid_input',
      /audio alone/,
    ],
    [
      { inputs: [{ path: '/a.mp4', type: 'video' as const, start_time: -1, volume: 1 }] },
      'invalid_params',
      /Input 1: the start time/,
    ],
    [
      { inputs: [{ path: '/a.mp4', type: 'video' as const, start_time: 0, volume: 5 }] },
      'invalid_params',
      /volume must be between 0/,
    ],
    [{ watermark: { text: '  ', position: 'top-left' as const } }, 'invalid_params', /watermark text/],
    [
      { watermark: { text: 'Hi', position: 'middle' as never } },
      'invalid_params',
      /Unknown watermark position/,
    ],
    [{ previewSeconds: 0 }, 'invalid_params', /preview length/],
  ])('refuses %o', (change, code, message) => {
    const error = refusal(() => validateMergeInputs(request(change)));
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
  });
});

describe('resolution helpers', () => {
  it('parses both notations', () => {
    expect(parseResolution('1280x720')).toEqual({ width: 1280, height: 720 });
    expect(parseResolution('1080p', { width: 9, height: 16 })).toEqual({ width: 1080, height: 1920 });
    expect(sizeForShortSide(480)).toEqual({ width: 854, height: 480 });
    expect(sizeForShortSide(720, { width: 1000, height: 1000 })).toEqual({ width: 720, height: 720 });
  });
  it('validates parameters on their own', () => {
    expect(() =>
      validateFfmpegParams({ fps: 60, crf: 0, preset: 'ultrafast', resolution: '640x360' }),
    ).not.toThrow();
  });
});
