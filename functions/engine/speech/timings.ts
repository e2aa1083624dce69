import type { VisemeTiming, WordTiming, WordTimingMethod } from './types';
import type { WordToken } from './text';

/**
 * Turning a synthesiser's event stream into word timings and visemes.
 *
 * Word events of espeak cover only part of the words (a number or a hyphenated word may give
 * several events or none), so the words we report are our own tokens of the input text: each token
 * takes its start from the events that point into it, and tokens without events share the time
 * between their neighbours in proportion to their length.
 */

/** A word event: where in the text (offset into the chunk) and when (seconds into the chunk). */
export interface WordAnchor {
  charIndex: number;
  time: number;
}

/** A phoneme event; an empty phoneme is a pause. */
export interface PhonemeEvent {
  time: number;
  phoneme: string;
}

/** Token starts from anchors: the earliest anchor inside a token (or in the gap before it). */
function anchoredStarts(tokens: WordToken[], anchors: WordAnchor[]): (number | undefined)[] {
  const starts: (number | undefined)[] = tokens.map(() => undefined);
  for (const anchor of anchors) {
    const index = tokens.findIndex((token) => token.charEnd > anchor.charIndex);
    if (index < 0) continue;
    const current = starts[index];
    starts[index] = current === undefined ? anchor.time : Math.min(current, anchor.time);
  }
  // Events may point backwards (numbers read digit by digit); starts must not.
  let latest = 0;
  return starts.map((start) => {
    if (start === undefined) return undefined;
    latest = Math.max(latest, start);
    return latest;
  });
}

/** Fills tokens without a start between the surrounding known starts, by character length. */
function interpolateStarts(tokens: WordToken[], known: (number | undefined)[], duration: number): number[] {
  const starts = [...known];
  let i = 0;
  while (i < tokens.length) {
    if (starts[i] !== undefined) {
      i++;
      continue;
    }
    // The run of unknown tokens shares time with the known token before it (it usually swallowed
    // them, e.g. "rock-and-roll" spoken under one event), up to the next known start.
    const runStart = i > 0 ? i - 1 : i;
    let runEnd = i;
    while (runEnd < tokens.length && starts[runEnd] === undefined) runEnd++;
    const from = i > 0 ? starts[i - 1]! : 0;
    const to = runEnd < tokens.length ? starts[runEnd]! : duration;
    const lengths = tokens.slice(runStart, runEnd).map((token) => token.charEnd - token.charStart);
    const total = lengths.reduce((sum, length) => sum + length, 0);
    let elapsed = 0;
    for (let k = runStart; k < runEnd; k++) {
      starts[k] = from + ((to - from) * elapsed) / total;
      elapsed += lengths[k - runStart]!;
    }
    i = runEnd;
  }
  return starts as number[];
}

/** End of speech in [start, limit): the moment after the last sounding phoneme there. */
function speechEnd(phonemes: PhonemeEvent[], start: number, limit: number): number {
  let end = limit;
  for (let i = 0; i < phonemes.length; i++) {
    const event = phonemes[i]!;
    if (event.time < start) continue;
    if (event.time >= limit) break;
    if (event.phoneme) end = Math.min(limit, phonemes[i + 1]?.time ?? limit);
  }
  return end;
}

/**
 * Word timings for the tokens of one synthesised chunk. `offset` shifts times (seconds) and
 * `charOffset` shifts character offsets, so chunks can be joined.
 */
export function wordTimings(input: {
  tokens: WordToken[];
  anchors: WordAnchor[];
  phonemes: PhonemeEvent[];
  duration: number;
  offset: number;
  charOffset: number;
}): WordTiming[] {
  const { tokens, phonemes, duration } = input;
  const starts = interpolateStarts(tokens, anchoredStarts(tokens, input.anchors), duration);
  return tokens.map((token, index) => {
    const start = Math.min(starts[index]!, duration);
    const next = Math.min(starts[index + 1] ?? duration, duration);
    const end = Math.max(start, speechEnd(phonemes, start, Math.max(next, start)));
    return {
      word: token.word,
      start: roundTime(input.offset + start),
      end: roundTime(input.offset + end),
      charStart: input.charOffset + token.charStart,
      charEnd: input.charOffset + token.charEnd,
    };
  });
}

/** Times are reported to the millisecond. */
export const roundTime = (seconds: number) => Math.round(seconds * 1000) / 1000;

// ---------------------------------------------------------------------------------------------
// Visemes

/** IPA consonants onto Polly's viseme codes (l has no code of its own; its mouth is t's). */
// prettier-ignore
const CONSONANT_VISEMES: Record<string, string> = {
  p: 'p', b: 'p', m: 'p', ɱ: 'f',
  t: 't', d: 't', n: 't', l: 't', ɾ: 't', ɫ: 't', ʎ: 't', ɲ: 't', ʔ: 't',
  ʃ: 'S', ʒ: 'S', ʧ: 'S', ʤ: 'S', ɕ: 'S', ʑ: 'S', ç: 'S',
  θ: 'T', ð: 'T',
  f: 'f', v: 'f', ʋ: 'f', β: 'f', ɸ: 'f',
  k: 'k', g: 'k', ɡ: 'k', ŋ: 'k', x: 'k', ɣ: 'k', h: 'k', ɦ: 'k', χ: 'k', q: 'k', ʁ: 'k', ɢ: 'k', ɴ: 'k',
  r: 'r', ɹ: 'r', ɻ: 'r', ʀ: 'r', ɚ: 'r', ɝ: 'r',
  s: 's', z: 's', ʂ: 's', ʐ: 's',
  j: 'i', ɥ: 'u', w: 'u', ʍ: 'u',
};

/** Vowel nuclei by mouth shape. */
// prettier-ignore
const VOWEL_VISEMES: Record<string, string> = {
  i: 'i', ɪ: 'i', y: 'u', ʏ: 'u', ɨ: 'i', ᵻ: 'i',
  e: 'e', ø: 'o',
  ɛ: 'E', œ: 'E', ɜ: 'E', ʌ: 'E', ɞ: 'E',
  æ: 'a', a: 'a', ɑ: 'a', ɐ: 'a', ɶ: 'a',
  ə: '@', ɘ: '@', ɵ: '@',
  o: 'o', ɤ: 'o',
  ɔ: 'O', ɒ: 'O',
  u: 'u', ʊ: 'u', ɯ: 'u',
};

/** Diphthongs whose first symbol would mislead: the mouth shape Polly uses for them. */
const DIPHTHONG_VISEMES: [string, string][] = [
  ['əʊ', 'o'],
  ['oʊ', 'o'],
  ['eɪ', 'e'],
  ['ɔɪ', 'O'],
  ['eə', 'E'],
];

/** Stress and length marks, tie bars, nasalisation and other diacritics espeak adds. */
const DIACRITICS = /[ˈˌːˑ\p{M}'",.\-_|#=~^0-9]/gu;

/** The Polly-style viseme for an espeak phoneme (IPA); empty phonemes are pauses. */
export function visemeForPhoneme(phoneme: string): string {
  const bare = phoneme.replace(DIACRITICS, '');
  if (!bare) return 'sil';
  // Affricates are written as a stop plus a fricative: the fricative shapes the mouth.
  if (/^(tʃ|dʒ|tɕ|dʑ)/.test(bare)) return 'S';
  if (/^(ts|dz)/.test(bare)) return 's';
  const diphthong = DIPHTHONG_VISEMES.find(([nucleus]) => bare.startsWith(nucleus));
  if (diphthong) return diphthong[1];
  for (const char of bare) {
    const vowel = VOWEL_VISEMES[char];
    if (vowel) return vowel;
    const consonant = CONSONANT_VISEMES[char];
    if (consonant) return consonant;
  }
  return '@';
}

/** Visemes for phoneme events, repeated shapes merged, shifted by `offset` seconds. */
export function visemeTimings(phonemes: PhonemeEvent[], offset: number): VisemeTiming[] {
  const visemes: VisemeTiming[] = [];
  for (const event of phonemes) {
    const viseme = visemeForPhoneme(event.phoneme);
    if (visemes[visemes.length - 1]?.viseme === viseme) continue;
    visemes.push({ time: roundTime(offset + event.time), viseme });
  }
  return visemes;
}

/** The less exact of two ways timings were found: one estimated recording makes a whole estimated. */
export function leastExact(
  a: WordTimingMethod | null | undefined,
  b: WordTimingMethod | null | undefined,
): WordTimingMethod | null {
  if (a === 'aligned' || b === 'aligned') return 'aligned';
  return a ?? b ?? null;
}
