import { EngineError } from '../../types';
import { MOODS, type Mood } from '../../text/types';
import { MUSIC_STYLES, type AudioEngine, type AudioResult, type MusicStyle } from '../types';
import { measureFile } from './analysis';
import { concatenateParts } from './concat';
import { mixTracks } from './mix';
import { compose } from './music/score';
import { renderScore } from './music/render';
import { formatOf, writeLooped } from './output';
import { defaultEffectSeconds, renderSoundscape } from './sfx/render';

/**
 * Music beds, sound effects and ambiances synthesised in JavaScript (deterministic per seed), and
 * mixing, joining and measuring with FFmpeg. It needs nothing but FFmpeg, so the cloud runs it too.
 */
const MAX_BED_SECONDS = 3 * 3600;
const MAX_EFFECT_SECONDS = 120;

function checkDuration(duration: number, max: number, what: string): number {
  if (!(Number.isFinite(duration) && duration > 0 && duration <= max)) {
    throw new EngineError(
      'invalid_params',
      `The ${what} must last more than 0 seconds and at most ${max} seconds.`,
    );
  }
  return duration;
}

function checkSeed(seed: number): number {
  if (!Number.isFinite(seed)) throw new EngineError('invalid_params', 'The seed must be a number.');
  return seed;
}

function checkStyle(style: MusicStyle, mood: Mood | undefined): void {
  if (!MUSIC_STYLES.includes(style)) {
    throw new EngineError(
      'unknown_style',
      `There is no music style "${String(style)}". Choose one of: ${MUSIC_STYLES.join(', ')}.`,
    );
  }
  if (mood !== undefined && !MOODS.includes(mood)) {
    throw new EngineError(
      'invalid_params',
      `There is no mood "${String(mood)}". Choose one of: ${MOODS.join(', ')}.`,
    );
  }
}

/** Fades that suit the length: a musical fade for long beds, a short one for brief sounds. */
function fades(duration: number, fadeIn: number, fadeOut: number): { in: number; out: number } {
  return { in: Math.min(fadeIn, duration / 4), out: Math.min(fadeOut, duration / 4) };
}

/** Fails before any synthesis when the output's file type cannot be written. */
function checkOutputPath(path: string): void {
  formatOf(path);
}

async function music(request: Parameters<AudioEngine['music']>[0]): Promise<AudioResult> {
  checkStyle(request.style, request.mood);
  const duration = checkDuration(request.duration, MAX_BED_SECONDS, 'music');
  checkOutputPath(request.outputPath);
  const seed = checkSeed(request.seed);
  const audio = renderScore(compose(request.style, request.mood, seed), seed, duration);
  const written = await writeLooped(audio, duration, fades(duration, 2, 4), request.outputPath);
  return { path: request.outputPath, duration: written };
}

/** Effects start at once and end with a short fade; ambiances fade in and out gently. */
const SOUNDSCAPE_FADES = { effect: [0.005, 0.25], ambiance: [1.5, 2.5] } as const;

async function soundscape(
  mode: 'effect' | 'ambiance',
  request: { description: string; duration: number; seed: number; outputPath: string },
): Promise<AudioResult> {
  const limit = mode === 'effect' ? MAX_EFFECT_SECONDS : MAX_BED_SECONDS;
  const duration = checkDuration(request.duration, limit, mode === 'effect' ? 'sound effect' : 'ambiance');
  checkOutputPath(request.outputPath);
  const audio = renderSoundscape({
    description: request.description,
    duration,
    seed: checkSeed(request.seed),
    mode,
  });
  const [fadeIn, fadeOut] = SOUNDSCAPE_FADES[mode];
  const written = await writeLooped(audio, duration, fades(duration, fadeIn, fadeOut), request.outputPath);
  return { path: request.outputPath, duration: written };
}

function effect(request: Parameters<AudioEngine['effect']>[0]): Promise<AudioResult> {
  const description = String(request.description ?? '');
  return soundscape('effect', {
    ...request,
    description,
    duration: request.duration ?? defaultEffectSeconds(description),
  });
}

function ambiance(request: Parameters<AudioEngine['ambiance']>[0]): Promise<AudioResult> {
  return soundscape('ambiance', { ...request, description: String(request.description ?? '') });
}

export function createLocalAudioEngine(): AudioEngine {
  return {
    music,
    effect,
    ambiance,
    mix: mixTracks,
    concatenate: concatenateParts,
    measure: measureFile,
  };
}
