import { describe, expect, it } from 'vitest';
import { honestDownloads, videoMessages } from '../../../functions/contracts/video';

/** The download sizes a film can honestly be given in: up to its own, never an enlargement. */
describe('honest download sizes', () => {
  it('offers every size up to the film’s short side', () => {
    expect(honestDownloads(854, 480)).toEqual(['web']);
    expect(honestDownloads(1280, 720)).toEqual(['web', 'medium']);
    expect(honestDownloads(1920, 1080)).toEqual(['web', 'medium', 'high']);
    expect(honestDownloads(3840, 2160)).toEqual(['web', 'medium', 'high', 'ultra']);
  });

  it('measures a portrait film by its short side too', () => {
    expect(honestDownloads(720, 1280)).toEqual(['web', 'medium']);
  });

  it('a film smaller than every size offers none (nothing to enlarge to)', () => {
    expect(honestDownloads(640, 360)).toEqual([]);
  });

  it('says why a larger size is refused and what to do instead', () => {
    expect(videoMessages.downloadAboveFilm(480, 2160)).toBe(
      'This video was made at 480p: a 4K download would only enlarge the same pictures. Choose 480p or smaller, or render the video again at the larger size.',
    );
  });
});
