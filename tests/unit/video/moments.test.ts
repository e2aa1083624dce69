import { describe, expect, it } from 'vitest';
import { momentOf, sceneMoments, stillCount } from '../../../functions/video/pipeline/moments';
import { planScene } from '../../support/video-pipeline';

/** A long scene's moments: how many pictures, who is in each, and which picture a shot shows. */
const scene = planScene(1, {
  description: { ...planScene(1).description, characters: ['Captain Smollett', 'Jim'] },
});
const recording = (start: number, duration: number, text: string) => ({ key: 'k', start, duration, text });

describe("a scene's moments", () => {
  it('draws one picture up to 16 s and one more for every 16 s after, at most twelve', () => {
    expect([10, 16, 16.5, 32, 33, 600].map(stillCount)).toEqual([1, 1, 2, 2, 3, 12]);
  });

  it('shows in each later moment those who speak or are named in its stretch, by surname too', () => {
    const moments = sceneMoments(
      scene,
      {
        narrator: null,
        narration: [
          recording(0, 10, 'The wind rose over the bay.'),
          recording(10, 10, 'Smollett looked at the sails and frowned in terror.'),
          recording(32, 12, 'The sea was empty and grey.'),
        ],
        lines: [],
      },
      48,
    );
    expect(moments.map((m) => m.start)).toEqual([0, 16, 32]);
    expect(moments[0]!.description).toBe(scene.description);
    expect(moments[1]!.description.characters).toEqual(['Captain Smollett']);
    expect(moments[1]!.description.key_actions[0]).toContain('frowned in terror');
    // Nobody is named or speaks: the place alone.
    expect(moments[2]!.description.characters).toEqual([]);
    expect(moments[2]!.description.location).toBe(scene.description.location);
  });

  it('gives each shot the picture of the moment its middle falls in', () => {
    const moments = [{ start: 0 }, { start: 16 }, { start: 32 }];
    expect(momentOf(moments, { start: 0, duration: 6 })).toBe(moments[0]);
    expect(momentOf(moments, { start: 12, duration: 6 })).toBe(moments[0]);
    expect(momentOf(moments, { start: 13.5, duration: 6 })).toBe(moments[1]);
    expect(momentOf(moments, { start: 40, duration: 6 })).toBe(moments[2]);
  });
});
