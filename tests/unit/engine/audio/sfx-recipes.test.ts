import { describe, expect, it } from 'vitest';
import { peak, rms, seconds, type Stereo } from '../../../../functions/engine/audio/local/dsp';
import { RECIPES, ROOM_TONE, type Recipe } from '../../../../functions/engine/audio/local/sfx/catalogue';
import { createRandom } from '../../../../functions/engine/random';

/** Every recipe of the effects catalogue, rendered on its own (before levelling and layering). */
const LENGTH = 2;
const MODES = ['effect', 'ambiance'] as const;

/** Backgrounds of rare events (a knock, a distant blast) need longer to be sure to hold one. */
const SPARSE = new Set(['thunder', 'door', 'explosion']);

function render(recipe: Recipe, mode: (typeof MODES)[number], seed = 'a', length = LENGTH): Stereo {
  return recipe.render({
    random: createRandom(`${seed}:${recipe.name}`),
    frames: seconds(length),
    mode,
    description: recipe.name,
  });
}

/** Zero crossings per second of the left channel: high for hiss and splashes, low for rumbles. */
function crossingsPerSecond(sound: Stereo): number {
  let count = 0;
  for (let i = 1; i < sound.left.length; i++) if (sound.left[i]! >= 0 !== sound.left[i - 1]! >= 0) count++;
  return count / LENGTH;
}

const crest = (sound: Stereo) => peak(sound) / rms(sound);
const byName = (name: string) => RECIPES.find((recipe) => recipe.name === name)!;

describe('sound effect recipes', () => {
  const all = [...RECIPES, ROOM_TONE];

  it.each(all.flatMap((recipe) => MODES.map((mode) => [recipe.name, mode, recipe] as const)))(
    '%s (%s) fills the asked length with finite, audible sound',
    (_name, mode, recipe) => {
      const length = mode === 'ambiance' && SPARSE.has(recipe.name) ? 20 : LENGTH;
      const sound = render(recipe, mode, 'a', length);
      expect(sound.left.length).toBe(seconds(length));
      expect(sound.right.length).toBe(seconds(length));
      let finite = true;
      for (let i = 0; i < sound.left.length; i++) {
        if (!Number.isFinite(sound.left[i]!) || !Number.isFinite(sound.right[i]!)) finite = false;
      }
      expect(finite).toBe(true);
      expect(rms(sound)).toBeGreaterThan(1e-5);
    },
  );

  it.each(all.map((recipe) => [recipe.name, recipe] as const))(
    '%s is the same for the same seed and differs for another',
    (_name, recipe) => {
      const first = render(recipe, 'effect', 'one');
      expect(render(recipe, 'effect', 'one').left).toEqual(first.left);
      expect(render(recipe, 'effect', 'two').left).not.toEqual(first.left);
    },
  );

  it('gives every recipe a sound of its own', () => {
    const sounds = RECIPES.map((recipe) => render(recipe, 'effect', 'same'));
    for (let i = 0; i < sounds.length; i++) {
      for (let j = i + 1; j < sounds.length; j++) {
        expect(sounds[i]!.left, `${RECIPES[i]!.name} vs ${RECIPES[j]!.name}`).not.toEqual(sounds[j]!.left);
      }
    }
  });

  it('makes splashes and rain brighter than rumbles', () => {
    const bright = ['rain', 'water'].map((name) => crossingsPerSecond(render(byName(name), 'ambiance')));
    const dark = ['wind', 'horse', 'clock', 'city'].map((name) =>
      crossingsPerSecond(render(byName(name), 'ambiance')),
    );
    expect(Math.min(...bright)).toBeGreaterThan(3 * Math.max(...dark));
  });

  it('makes ticks and knocks sharp and steady beds even', () => {
    const sharp = ['clock', 'footsteps', 'door'].map((name) => crest(render(byName(name), 'effect')));
    const even = ['wind', 'waves', 'engine', 'city'].map((name) => crest(render(byName(name), 'effect')));
    expect(Math.min(...sharp)).toBeGreaterThan(1.25 * Math.max(...even));
  });

  it('spaces rare events out in a background: thunder and blasts stand out of near silence', () => {
    for (const name of ['thunder', 'explosion']) {
      const background = render(byName(name), 'ambiance', 'a', 20);
      expect(crest(background)).toBeGreaterThan(crest(render(byName(name), 'effect')));
    }
  });
});
