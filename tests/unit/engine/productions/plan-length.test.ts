import { describe, expect, it } from 'vitest';
import { fitScenes, sceneSeconds } from '../../../../functions/engine/productions/chapter-video';
import { fitLesson, lessonSeconds } from '../../../../functions/engine/productions/lesson';
import {
  spokenSeconds,
  spokenTrackSeconds,
  spokenWords,
  WORDS_PER_SECOND,
} from '../../../../functions/engine/productions/spoken-length';
import type { ScriptScene } from '../../../../functions/engine/text/types';
import { EngineError } from '../../../../functions/engine/types';

/** Videos planned to fit a plan's longest: how long words take to say, and what gives way. */
const words = (n: number, word = 'harbour') => Array.from({ length: n }, () => word).join(' ');

describe('how long words take to say', () => {
  it('counts what is said: words and numbers, not punctuation; long numbers as more than one word', () => {
    expect(spokenWords('The lamp — lit at 9, “again”!')).toBe(6);
    expect(spokenWords('In 1862 the ship sailed.')).toBe(6);
    expect(spokenWords('  ')).toBe(0);
  });

  it('reads at the slowest and the fastest pace the voices were measured at', () => {
    expect(WORDS_PER_SECOND.slowest).toBeLessThan(WORDS_PER_SECOND.fastest);
    expect(spokenSeconds(words(24), 'slowest')).toBeCloseTo(10);
    expect(spokenSeconds(words(33), 'fastest')).toBeCloseTo(10);
  });

  it('places lines after a lead, with gaps between them and a tail after the last', () => {
    const spacing = { lead: 0.25, gap: 0.35, tail: 0.4 };
    expect(spokenTrackSeconds([words(24), words(24)], 'slowest', spacing)).toBeCloseTo(
      0.25 + 20 + 0.35 + 0.4,
    );
    expect(spokenTrackSeconds(['', ' '], 'slowest', spacing)).toBe(0);
  });
});

describe('a lesson planned to fit', () => {
  // Each idea adds a slide of 48 words (20 s at the slowest pace), plus the introduction and recap.
  const build = (ideas: number) => [
    { narration: words(24) },
    ...Array.from({ length: ideas }, () => ({ narration: words(48) })),
    { narration: words(24) },
  ];

  it('teaches as many ideas as fit the longest video, read at the slowest pace', () => {
    const slides = fitLesson(build, 5, 120);
    expect(slides).toHaveLength(2 + 4);
    expect(lessonSeconds(slides, 'slowest')).toBeLessThanOrEqual(120);
    expect(lessonSeconds(build(5), 'slowest')).toBeGreaterThan(120);
    expect(fitLesson(build, 5, 600)).toHaveLength(7);
  });

  it('refuses a lesson whose single idea does not fit', () => {
    expect(() => fitLesson(build, 5, 30)).toThrow(EngineError);
  });
});

describe("a chapter video's scenes shortened to fit", () => {
  const scene = (n: number, narration: string, lines: number): ScriptScene =>
    ({
      scene_number: n,
      narration,
      visual_description: 'The harbour at dusk.',
      dialogue: Array.from({ length: lines }, (_, i) => ({
        scene_number: n,
        character: i % 2 ? 'Nell' : 'Crane',
        line: words(12, 'lantern'),
      })),
    }) as unknown as ScriptScene;
  const sentences = (count: number) =>
    Array.from({ length: count }, () => `The ${words(10)} quay.`).join(' ');
  const total = (scenes: ScriptScene[]) => scenes.reduce((s, x) => s + sceneSeconds(x, 'slowest'), 0);

  it('takes dialogue and then narration from the longest scenes until the film fits', () => {
    const scenes = [1, 2, 3, 4].map((n) => scene(n, sentences(6), 4));
    expect(total(scenes)).toBeGreaterThan(120);
    const fitted = fitScenes(scenes, 120);
    expect(total(fitted)).toBeLessThanOrEqual(120);
    expect(fitted).toHaveLength(4);
    expect(fitted.every((s) => s.narration.length > 0)).toBe(true);
    // What was given is left as it was.
    expect(scenes[0]!.dialogue).toHaveLength(4);
  });

  it('drops the last scenes once every scene is down to one sentence, and refuses what still does not fit', () => {
    const scenes = [1, 2, 3].map((n) => scene(n, `${words(80)}.`, 0));
    const fitted = fitScenes(scenes, 80);
    expect(fitted.map((s) => s.scene_number)).toEqual([1, 2]);
    expect(() => fitScenes(scenes, 20)).toThrow(/more than 20 seconds/);
  });

  it('leaves a film that fits as it is', () => {
    const scenes = [scene(1, sentences(2), 1)];
    expect(fitScenes(scenes, 120)).toEqual(scenes);
  });
});
