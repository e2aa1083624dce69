import { framePeaks } from './loudness';

/**
 * Dynamics applied in JavaScript to interleaved float samples: ducking (a bed lowered while a key
 * signal — speech — is loud, like a sidechain compressor) and a look-ahead peak limiter that keeps
 * the oversampled (true) peak under a ceiling.
 */

export interface Ducking {
  /** Key level (linear RMS) above which the bed is lowered. */
  threshold: number;
  ratio: number;
  /** Seconds for the envelope to rise, and to fall back. */
  attack: number;
  release: number;
  /** Width of the soft knee around the threshold, dB. */
  knee: number;
}

/** About 12 dB under normal speech, fast enough for phrases, released between them. */
export const SPEECH_DUCKING: Ducking = { threshold: 0.015, ratio: 12, attack: 0.015, release: 0.45, knee: 6 };

/** The gain is computed once per this many frames and interpolated between (a 1.5 kHz control rate). */
const CONTROL = 32;

/** Gain change (dB, ≤ 0) of a compressor for an input level (dB) over the threshold, with a soft knee. */
export function gainReduction(level: number, threshold: number, ratio: number, knee: number): number {
  const over = level - threshold;
  const slope = 1 / ratio - 1;
  if (2 * over < -knee) return 0;
  if (knee > 0 && 2 * Math.abs(over) <= knee) return (slope * (over + knee / 2) ** 2) / (2 * knee);
  return slope * over;
}

/**
 * Lowers `bed` in place under `key` (both interleaved with `channels` channels, the same length):
 * the key's power, averaged over its channels, follows an attack/release envelope; the bed's gain
 * follows the compressor's curve of that level.
 */
export function duck(
  bed: Float32Array,
  key: Float32Array,
  channels: number,
  sampleRate: number,
  settings: Ducking = SPEECH_DUCKING,
): void {
  const frames = Math.floor(Math.min(bed.length, key.length) / channels);
  const attack = 1 - Math.exp(-1 / (settings.attack * sampleRate));
  const release = 1 - Math.exp(-1 / (settings.release * sampleRate));
  const threshold = 20 * Math.log10(settings.threshold);
  let envelope = 0;
  let previousGain = 1;
  for (let from = 0; from < frames; from += CONTROL) {
    const to = Math.min(frames, from + CONTROL);
    for (let n = from; n < to; n++) {
      let power = 0;
      for (let c = 0; c < channels; c++) power += key[n * channels + c]! ** 2;
      power /= channels;
      envelope += (power - envelope) * (power > envelope ? attack : release);
    }
    const level = envelope > 1e-12 ? 10 * Math.log10(envelope) : -120;
    const gain = 10 ** (gainReduction(level, threshold, settings.ratio, settings.knee) / 20);
    if (gain === 1 && previousGain === 1) continue;
    const step = (gain - previousGain) / (to - from);
    for (let n = from; n < to; n++) {
      const g = previousGain + step * (n - from + 1);
      for (let c = 0; c < channels; c++) bed[n * channels + c]! *= g;
    }
    previousGain = gain;
  }
}

/**
 * Sliding minimum over [n, n + width] (a forward look) in three passes whatever the width (van Herk /
 * Gil–Werman): minima from each block's start and from its end, blocks of width + 1.
 */
export function lookAheadMinimum(values: Float32Array, width: number): Float32Array {
  const length = values.length;
  const block = width + 1;
  const fromStart = new Float32Array(length);
  const fromEnd = new Float32Array(length);
  for (let start = 0; start < length; start += block) {
    const end = Math.min(length, start + block);
    let low = Infinity;
    for (let n = start; n < end; n++) fromStart[n] = low = Math.min(low, values[n]!);
    low = Infinity;
    for (let n = end - 1; n >= start; n--) fromEnd[n] = low = Math.min(low, values[n]!);
  }
  // [n, n + width] spans the end of n's block and the start of the next (or ends in n's block).
  for (let n = 0; n < length; n++) {
    const last = Math.min(length - 1, n + width);
    if (Math.floor(last / block) !== Math.floor(n / block))
      fromEnd[n] = Math.min(fromEnd[n]!, fromStart[last]!);
  }
  return fromEnd;
}

export interface LimiterSettings {
  /** Seconds the gain starts falling before a peak. */
  lookAhead: number;
  /** Seconds for the gain to come back after it. */
  release: number;
}

const LIMITER: LimiterSettings = { lookAhead: 0.0015, release: 0.04 };

/**
 * A look-ahead limiter (in place): wherever the oversampled peak near a frame passes `ceiling`
 * (linear), the gain falls smoothly to bring it under, starting `lookAhead` before and recovering over
 * `release` after. Untouched where nothing passes. Answers whether anything was limited.
 */
export function limitPeaks(
  samples: Float32Array,
  channels: number,
  sampleRate: number,
  ceiling: number,
  settings: LimiterSettings = LIMITER,
): boolean {
  const peaks = framePeaks(samples, channels, ceiling);
  const frames = peaks.length;
  const wanted = new Float32Array(frames);
  let any = false;
  for (let n = 0; n < frames; n++) {
    const peak = peaks[n]!;
    wanted[n] = peak > ceiling ? ceiling / peak : 1;
    if (peak > ceiling) any = true;
  }
  if (!any) return false;
  // Release: after a dip the gain recovers exponentially (never above what a frame needs).
  const recover = 1 - Math.exp(-1 / (settings.release * sampleRate));
  let held = 1;
  for (let n = 0; n < frames; n++) {
    // (Within a millionth of unity counts as recovered, so untouched stretches stay bit-exact.)
    held = Math.min(wanted[n]!, held > 0.999_999 ? 1 : held + (1 - held) * recover);
    wanted[n] = held;
  }
  // Attack: the minimum over the look-ahead, averaged over the same span, reaches each dip's gain by
  // its peak and falls to it as a straight ramp.
  const width = Math.max(1, Math.round(settings.lookAhead * sampleRate));
  const minimum = lookAheadMinimum(wanted, width);
  let sum = 0;
  for (let n = 0; n < frames; n++) {
    sum += minimum[n]!;
    if (n >= width) sum -= minimum[n - width]!;
    const gain = sum / Math.min(n + 1, width);
    if (gain < 0.999_999) for (let c = 0; c < channels; c++) samples[n * channels + c]! *= gain;
  }
  return true;
}
