import { describe, expect, it } from 'vitest';
import { downloadMethods, offeredDownloads, videoMessages } from '../../../functions/contracts/video';

/**
 * How each download size is made: the film itself up to its own size (a copy at its size in MP4,
 * encoded down below it), filmed again for a larger size the plan films or for a film carrying a
 * watermark the plan no longer gives, and never beyond the plan.
 */
const FREE = { shortSide: 480, watermark: true };
const BASIC = { shortSide: 720, watermark: false };
const PRO = { shortSide: 1080, watermark: false };
const film = (width: number, height: number, format = 'mp4', planWatermark = false) => ({
  width,
  height,
  format,
  planWatermark,
});

describe('download methods', () => {
  it("copies the film's own size in MP4 and encodes smaller ones down", () => {
    expect(downloadMethods(film(1920, 1080), PRO)).toEqual({
      web: 'encode',
      medium: 'encode',
      high: 'copy',
      ultra: 'beyond_plan',
    });
  });

  it('encodes the own size of a WebM or MOV film into MP4 rather than copying it', () => {
    expect(downloadMethods(film(1280, 720, 'webm'), BASIC).medium).toBe('encode');
    expect(downloadMethods(film(1280, 720, 'mov'), BASIC).medium).toBe('encode');
  });

  it('films again a size above the film that the plan films; beyond the plan is refused', () => {
    expect(downloadMethods(film(854, 480), BASIC)).toEqual({
      web: 'copy',
      medium: 'render',
      high: 'beyond_plan',
      ultra: 'beyond_plan',
    });
    expect(downloadMethods(film(854, 480), PRO).high).toBe('render');
    expect(downloadMethods(film(854, 480), FREE)).toEqual({
      web: 'copy',
      medium: 'beyond_plan',
      high: 'beyond_plan',
      ultra: 'beyond_plan',
    });
  });

  it("films the free plan's watermarked film again at every size once the plan has no watermark", () => {
    expect(downloadMethods(film(854, 480, 'mp4', true), BASIC)).toEqual({
      web: 'render',
      medium: 'render',
      high: 'beyond_plan',
      ultra: 'beyond_plan',
    });
    // Still on the free plan, the watermarked film is what the plan gives: a copy.
    expect(downloadMethods(film(854, 480, 'mp4', true), FREE).web).toBe('copy');
  });

  it('keeps a film larger than the plan downloadable (made before a downgrade): it exists already', () => {
    expect(downloadMethods(film(1920, 1080), BASIC)).toMatchObject({ high: 'copy', medium: 'encode' });
  });

  it('measures a portrait film by its short side', () => {
    expect(downloadMethods(film(720, 1280), BASIC)).toMatchObject({ web: 'encode', medium: 'copy' });
  });

  it('offers every size but those beyond the plan', () => {
    expect(offeredDownloads(downloadMethods(film(854, 480), BASIC))).toEqual(['web', 'medium']);
    expect(offeredDownloads(downloadMethods(film(640, 360), FREE))).toEqual(['web']);
  });

  it('says why a film cannot be filmed again and what to do instead', () => {
    expect(videoMessages.cannotFilmAgain('1080p')).toMatch(
      /^This video can no longer be filmed again at 1080p/,
    );
  });
});
