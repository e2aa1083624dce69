/**
 * Word timings estimated from the audio itself, for speech providers that give none (OpenAI's
 * `/audio/speech` and the servers that copy it). Pure: samples in, timings out.
 *
 * The audio's loudness in 10 ms frames separates speech from pauses. Speakers pause at sentence ends
 * and usually at commas, seldom between other words; and between two pauses they speak at a fairly
 * even rate of syllables. A dynamic programme pairs the pauses it heard with the text's word gaps so
 * that punctuation gets its pauses, no long pause is left unexplained, and the speaking rate between
 * paired pauses stays close to the whole passage's. Words between paired pauses then share the
 * speech (the pauses in between skipped) in proportion to their syllables.
 */
import type { VisemeTiming, WordTiming } from './types';
import { roundTime } from './timings';
import type { WordToken } from './text';

const FRAME_SECONDS = 0.01;
/** Shorter silences are stop closures inside words, not pauses. */
const MIN_PAUSE_SECONDS = 0.09;
/** Shorter sounding islands are clicks or breaths, not speech. */
const MIN_SOUND_SECONDS = 0.03;

interface Pause {
  start: number;
  end: number;
}

/** Loudness per frame in dB (relative to full scale). */
function frameLevels(samples: Int16Array, sampleRate: number): Float64Array {
  const size = Math.max(1, Math.round(sampleRate * FRAME_SECONDS));
  const count = Math.floor(samples.length / size);
  const levels = new Float64Array(count);
  for (let f = 0; f < count; f++) {
    let sum = 0;
    for (let i = f * size; i < (f + 1) * size; i++) sum += samples[i]! * samples[i]!;
    levels[f] = 10 * Math.log10(sum / size / 32768 ** 2 + 1e-10);
  }
  return levels;
}

function percentile(values: Float64Array, fraction: number): number {
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? -100;
}

/** Speech frames: louder than a threshold between the quiet floor and the loud peaks. */
function soundingFrames(levels: Float64Array): boolean[] {
  const floor = percentile(levels, 0.05);
  const peak = percentile(levels, 0.95);
  if (peak - floor < 12) return Array.from(levels, () => true);
  const threshold = floor + (peak - floor) * 0.3;
  const sounding = Array.from(levels, (level) => level > threshold);
  // Short islands of sound inside silence are dropped.
  fillRuns(sounding, true, Math.round(MIN_SOUND_SECONDS / FRAME_SECONDS), false);
  return sounding;
}

/** Turns runs of `value` shorter than `frames` into `to`. */
function fillRuns(flags: boolean[], value: boolean, frames: number, to: boolean): void {
  let i = 0;
  while (i < flags.length) {
    if (flags[i] !== value) {
      i++;
      continue;
    }
    let end = i;
    while (end < flags.length && flags[end] === value) end++;
    if (end - i < frames) for (let k = i; k < end; k++) flags[k] = to;
    i = end;
  }
}

/** The sounding span and the pauses inside it, in seconds. */
export function findPauses(
  samples: Int16Array,
  sampleRate: number,
): { start: number; end: number; pauses: Pause[] } {
  const duration = samples.length / sampleRate;
  const sounding = soundingFrames(frameLevels(samples, sampleRate));
  const first = sounding.indexOf(true);
  if (first < 0) return { start: 0, end: duration, pauses: [] };
  const last = sounding.lastIndexOf(true);
  const pauses: Pause[] = [];
  let f = first;
  while (f <= last) {
    if (sounding[f]) {
      f++;
      continue;
    }
    let end = f;
    while (end <= last && !sounding[end]) end++;
    if ((end - f) * FRAME_SECONDS >= MIN_PAUSE_SECONDS) {
      pauses.push({ start: f * FRAME_SECONDS, end: end * FRAME_SECONDS });
    }
    f = end;
  }
  return { start: first * FRAME_SECONDS, end: Math.min(duration, (last + 1) * FRAME_SECONDS), pauses };
}

/** Syllables a word takes to say, as vowel groups (a silent final e dropped); digits count more. */
export function syllableWeight(word: string): number {
  const lower = word.toLowerCase();
  const digits = (lower.match(/\p{N}/gu) ?? []).length;
  const letters = lower.replace(/[^\p{L}]/gu, '');
  let syllables = (letters.match(/[aeiouyàáâäæèéêëìíîïòóôöøùúûüœ]+/g) ?? []).length;
  if (syllables > 1 && /[^l]e$/.test(letters)) syllables--;
  if (!syllables && letters) syllables = Math.max(1, Math.round(letters.length / 3));
  // Onsets and codas take time too: a little per letter.
  return syllables + 1.5 * digits + 0.06 * letters.length + 0.2;
}

type GapKind = 'sentence' | 'clause' | 'word';

function gapKind(between: string): GapKind {
  if (/[.!?…]/.test(between) || /\n\s*\n/.test(between)) return 'sentence';
  if (/[,;:—–()"“”]|\n/.test(between)) return 'clause';
  return 'word';
}

/** What pairing a pause with a gap of each kind costs (negative: a reward), and leaving it unpaired. */
const PAIRED: Record<GapKind, number> = { sentence: -3, clause: -1.5, word: 1.2 };
const UNPAIRED: Record<GapKind, number> = { sentence: 2.5, clause: 0.4, word: 0 };
/** How far from its expected place (in words) a gap may be paired with a pause. */
const WINDOW_WORDS = (words: number) => Math.max(12, Math.round(words * 0.15));
/** Pauses one segment may leave unpaired. */
const MAX_SKIPPED_PAUSES = 6;

const unpairedPause = (pause: Pause) => 0.4 + 8 * Math.max(0, pause.end - pause.start - 0.15);

interface Plan {
  tokens: WordToken[];
  /** Cumulative syllable weight at the end of each word. */
  cumulative: number[];
  gaps: GapKind[];
  pauses: Pause[];
  /** Speech time (pauses excluded) before each pause, and in all. */
  voicedBefore: number[];
  voiced: number;
}

/**
 * The pauses paired with gaps: pairs [pause index, gap index] in order (gap g lies after word g).
 */
function pairPauses(plan: Plan): [number, number][] {
  const { cumulative, gaps, pauses, voicedBefore, voiced } = plan;
  const words = cumulative.length;
  const total = cumulative[words - 1]!;
  const K = pauses.length;
  if (!K || words < 2) return [];
  const meanWeight = total / words;
  // Prefix sums: unpaired costs of the gaps and pauses skipped between two pairs.
  const gapCost = [0];
  for (let g = 0; g < words - 1; g++) gapCost.push(gapCost[g]! + UNPAIRED[gaps[g]!]);
  const pauseCost = [0];
  for (let k = 0; k < K; k++) pauseCost.push(pauseCost[k]! + unpairedPause(pauses[k]!));

  const window = WINDOW_WORDS(words);
  const candidates: number[][] = pauses.map((_, k) => {
    const expected = (voicedBefore[k]! / voiced) * total;
    let centre = cumulative.findIndex((c) => c >= expected);
    if (centre < 0) centre = words - 1;
    const list: number[] = [];
    for (let g = Math.max(0, centre - window); g <= Math.min(words - 2, centre + window); g++) list.push(g);
    return list;
  });

  const segment = (fromVoiced: number, toVoiced: number, fromWeight: number, toWeight: number) => {
    const weight = toWeight - fromWeight;
    const time = toVoiced - fromVoiced;
    if (weight <= 0 || time <= 0) return Infinity;
    const ratio = time / weight / (voiced / total);
    return 6 * Math.log(ratio) ** 2 * Math.sqrt(weight / meanWeight);
  };

  // best[k] maps a gap to the least cost of a pairing whose last pair is (k, gap).
  const best: Map<number, { cost: number; previous?: [number, number] }>[] = pauses.map(() => new Map());
  for (let k = 0; k < K; k++) {
    for (const g of candidates[k]!) {
      const pairCost =
        PAIRED[gaps[g]!] +
        (gaps[g] === 'word' ? 6 * Math.max(0, pauses[k]!.end - pauses[k]!.start - 0.25) : 0);
      // From the start.
      let bestCost = segment(0, voicedBefore[k]!, 0, cumulative[g]!) + pauseCost[k]! + gapCost[g]! + pairCost;
      let previous: [number, number] | undefined;
      for (let p = Math.max(0, k - 1 - MAX_SKIPPED_PAUSES); p < k; p++) {
        for (const [pg, entry] of best[p]!) {
          if (pg >= g) continue;
          const cost =
            entry.cost +
            segment(voicedBefore[p]!, voicedBefore[k]!, cumulative[pg]!, cumulative[g]!) +
            (pauseCost[k]! - pauseCost[p + 1]!) +
            (gapCost[g]! - gapCost[pg + 1]!) +
            pairCost;
          if (cost < bestCost) {
            bestCost = cost;
            previous = [p, pg];
          }
        }
      }
      if (Number.isFinite(bestCost)) best[k]!.set(g, { cost: bestCost, previous });
    }
  }

  // The end: no pair at all, or the last pair and everything after it.
  let endCost = segment(0, voiced, 0, total) + pauseCost[K]! + gapCost[words - 1]!;
  let last: [number, number] | undefined;
  for (let k = Math.max(0, K - 1 - MAX_SKIPPED_PAUSES); k < K; k++) {
    for (const [g, entry] of best[k]!) {
      const cost =
        entry.cost +
        segment(voicedBefore[k]!, voiced, cumulative[g]!, total) +
        (pauseCost[K]! - pauseCost[k + 1]!) +
        (gapCost[words - 1]! - gapCost[g + 1]!);
      if (cost < endCost) {
        endCost = cost;
        last = [k, g];
      }
    }
  }
  const pairs: [number, number][] = [];
  for (let at = last; at; at = best[at[0]]!.get(at[1])!.previous) pairs.unshift(at);
  return pairs;
}

/**
 * Word timings of `tokens` (words of `text`) in the audio: seconds from its start, offsets into the
 * text as given (add an offset when the text is part of a longer one).
 */
export function alignWords(
  samples: Int16Array,
  sampleRate: number,
  text: string,
  tokens: WordToken[],
): WordTiming[] {
  if (!tokens.length) return [];
  const span = findPauses(samples, sampleRate);
  const cumulative: number[] = [];
  let sum = 0;
  for (const token of tokens) cumulative.push((sum += syllableWeight(token.word)));
  const gaps = tokens
    .slice(0, -1)
    .map((token, i) => gapKind(text.slice(token.charEnd, tokens[i + 1]!.charStart)));
  const voicedBefore: number[] = [];
  let pausedBefore = 0;
  for (const pause of span.pauses) {
    voicedBefore.push(pause.start - span.start - pausedBefore);
    pausedBefore += pause.end - pause.start;
  }
  const voiced = Math.max(1e-3, span.end - span.start - pausedBefore);
  const plan: Plan = { tokens, cumulative, gaps, pauses: span.pauses, voicedBefore, voiced };
  const pairs = pairPauses(plan);

  // Speech time to clock time: the voiced time `v` after the span's start, pauses skipped.
  const clock = (v: number) => {
    let time = span.start + v;
    for (let k = 0; k < span.pauses.length && voicedBefore[k]! <= v; k++) {
      time += span.pauses[k]!.end - span.pauses[k]!.start;
    }
    return time;
  };
  // Boundaries: [word index of the segment's first word, voiced time where it starts].
  const starts: number[] = new Array(tokens.length);
  const ends: number[] = new Array(tokens.length);
  const bounds: { word: number; from: number; to: number; weightFrom: number }[] = [];
  let word = 0;
  let from = 0;
  for (const [k, g] of pairs) {
    bounds.push({ word, from, to: voicedBefore[k]!, weightFrom: word ? cumulative[word - 1]! : 0 });
    word = g + 1;
    from = voicedBefore[k]!;
  }
  bounds.push({ word, from, to: voiced, weightFrom: word ? cumulative[word - 1]! : 0 });
  bounds.forEach((bound, index) => {
    const lastWord = (bounds[index + 1]?.word ?? tokens.length) - 1;
    const weight = cumulative[lastWord]! - bound.weightFrom;
    const at = (c: number) => bound.from + ((c - bound.weightFrom) / weight) * (bound.to - bound.from);
    for (let i = bound.word; i <= lastWord; i++) {
      starts[i] = clock(at(i ? cumulative[i - 1]! : 0) + 1e-6);
      // A word's end is the start of the pause that follows it, when the next segment starts there.
      ends[i] = i === lastWord ? pauseStartAt(span, bound.to) : clock(at(cumulative[i]!));
    }
  });
  return tokens.map((token, i) => ({
    word: token.word,
    start: roundTime(starts[i]!),
    end: roundTime(Math.max(starts[i]!, ends[i]!)),
    charStart: token.charStart,
    charEnd: token.charEnd,
  }));

  function pauseStartAt(found: typeof span, voicedTime: number): number {
    const k = voicedBefore.findIndex((v) => Math.abs(v - voicedTime) < 1e-9);
    return k >= 0 ? found.pauses[k]!.start : found.end;
  }
}

// ---------------------------------------------------------------------------------------------
// Visemes from spelling, for audio without phonemes: each word's letters as mouth shapes, spread
// over the word's time (vowels held twice as long as consonants), silence between words.

// prettier-ignore
const LETTER_VISEMES: Record<string, string> = {
  a: 'a', e: 'E', i: 'i', o: 'o', u: 'u', y: 'i',
  p: 'p', b: 'p', m: 'p', f: 'f', v: 'f', w: 'u',
  t: 't', d: 't', n: 't', l: 't', s: 's', z: 's', c: 'k', k: 'k', g: 'k', q: 'k', x: 'k', h: 'k',
  r: 'r', j: 'S',
};
const DIGRAPHS: [RegExp, string][] = [
  [/^th/, 'T'],
  [/^(sh|ch)/, 'S'],
  [/^ph/, 'f'],
  [/^ng/, 'k'],
  [/^(ee|ea)/, 'i'],
  [/^(oo|ou)/, 'u'],
];

function spellingVisemes(word: string): string[] {
  const letters = word
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z]/g, '');
  const shapes: string[] = [];
  let rest = letters;
  while (rest) {
    const digraph = DIGRAPHS.find(([pattern]) => pattern.test(rest));
    if (digraph) {
      shapes.push(digraph[1]);
      rest = rest.slice(2);
      continue;
    }
    const shape = LETTER_VISEMES[rest[0]!];
    if (shape) shapes.push(shape);
    rest = rest.slice(1);
  }
  return shapes.length ? shapes : ['@'];
}

const isVowelShape = (shape: string) => 'aeiouEO@'.includes(shape);

export function visemesFromWords(words: WordTiming[]): VisemeTiming[] {
  const visemes: VisemeTiming[] = [];
  const push = (time: number, viseme: string) => {
    if (visemes[visemes.length - 1]?.viseme === viseme) return;
    visemes.push({ time: roundTime(time), viseme });
  };
  words.forEach((word, index) => {
    const shapes = spellingVisemes(word.word);
    const weights = shapes.map((shape) => (isVowelShape(shape) ? 2 : 1));
    const total = weights.reduce((a, b) => a + b, 0);
    let elapsed = 0;
    shapes.forEach((shape, i) => {
      push(word.start + ((word.end - word.start) * elapsed) / total, shape);
      elapsed += weights[i]!;
    });
    const next = words[index + 1];
    if (!next || next.start - word.end > 0.05) push(word.end, 'sil');
  });
  return visemes;
}
