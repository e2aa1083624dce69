import { createRandom } from '../../../random';
import { addStereo, normalize, seconds, softClip, stereo, type Stereo } from '../dsp';
import type { LoopedAudio } from '../output';
import { recipesFor } from './catalogue';

/**
 * Sound effects and ambiances from a description. An effect is rendered whole; an ambiance longer
 * than AMBIANCE_LOOP seconds is rendered as a loop whose end crossfades into its start.
 */
export const AMBIANCE_LOOP = 40;
const LOOP_CROSSFADE = 2;

export interface SoundscapeRequest {
  description: string;
  duration: number;
  seed: number;
  mode: 'effect' | 'ambiance';
}

/** Seconds a one-shot effect lasts when no duration is given. */
export function defaultEffectSeconds(description: string): number {
  return Math.max(...recipesFor(description).map((recipe) => recipe.effectSeconds));
}

function renderLayers(request: SoundscapeRequest, frames: number): Stereo {
  const description = request.description.toLowerCase();
  const mix = stereo(frames);
  for (const recipe of recipesFor(description)) {
    const random = createRandom(`${request.mode}:${request.seed}:${recipe.name}`);
    const sound = recipe.render({ random, frames, mode: request.mode, description });
    normalize(sound, recipe.level[request.mode]);
    addStereo(mix, sound, 0, 1);
  }
  softClip(mix);
  return mix;
}

/**
 * A loop of `length` frames from a render `crossfade` frames longer: the extra tail is faded into
 * the head (equal power, the parts being uncorrelated noise), so the end runs on into the start.
 */
export function crossfadeLoop(rendered: Stereo, length: number, crossfade: number): Stereo {
  const loop: Stereo = { left: rendered.left.slice(0, length), right: rendered.right.slice(0, length) };
  for (let i = 0; i < crossfade; i++) {
    const angle = (Math.PI / 2) * (i / crossfade);
    for (const side of ['left', 'right'] as const) {
      loop[side][i] = rendered[side][i]! * Math.sin(angle) + rendered[side][length + i]! * Math.cos(angle);
    }
  }
  return loop;
}

export function renderSoundscape(request: SoundscapeRequest): LoopedAudio {
  const empty = stereo(0);
  if (request.mode === 'effect' || request.duration <= AMBIANCE_LOOP) {
    return { head: empty, loop: renderLayers(request, seconds(request.duration)) };
  }
  const loopFrames = seconds(AMBIANCE_LOOP);
  const crossfade = seconds(LOOP_CROSSFADE);
  return {
    head: empty,
    loop: crossfadeLoop(renderLayers(request, loopFrames + crossfade), loopFrames, crossfade),
  };
}
