import type { Random } from '../../../random';
import { adsr, Biquad, midiToHz, SAMPLE_RATE, seconds, white } from '../dsp';

/**
 * The instruments of the procedural music: wavetable pads and leads, plucked strings
 * (Karplus–Strong), additive piano and bells, and synthesised drums. Each note renders into its own
 * mono buffer, including its release tail.
 */
export type InstrumentName =
  | 'pad'
  | 'strings'
  | 'drone'
  | 'subBass'
  | 'synthBass'
  | 'pizzicato'
  | 'pluck'
  | 'piano'
  | 'bell'
  | 'flute'
  | 'brass'
  | 'kick'
  | 'snare'
  | 'hat'
  | 'taiko'
  | 'timpani'
  | 'swell';

export interface NoteEvent {
  instrument: InstrumentName;
  /** Seconds from the start of the cycle. */
  start: number;
  /** Seconds the note is held (release comes after). */
  duration: number;
  midi: number;
  /** 0–1 */
  velocity: number;
  /** −1 (left) … 1 (right) */
  pan: number;
}

export interface Timbre {
  /** 0 (dark) … 1 (bright). */
  brightness: number;
}

// ---------------------------------------------------------------------------------------------
// Wavetables

const TABLE_SIZE = 4096;

function wavetable(partials: number, amplitude: (harmonic: number) => number): Float32Array {
  const table = new Float32Array(TABLE_SIZE);
  for (let k = 1; k <= partials; k++) {
    const a = amplitude(k);
    if (!a) continue;
    for (let i = 0; i < TABLE_SIZE; i++) table[i]! += a * Math.sin((2 * Math.PI * k * i) / TABLE_SIZE);
  }
  const max = table.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
  return table.map((v) => v / max);
}

let tables: Record<'warm' | 'strings' | 'hollow' | 'brass' | 'flute' | 'organ', Float32Array> | undefined;

function waveTables() {
  tables ??= {
    warm: wavetable(24, (k) => Math.exp(-k / 8) / k),
    strings: wavetable(32, (k) => Math.exp(-k / 12) / k),
    hollow: wavetable(15, (k) => (k % 2 ? Math.exp(-k / 6) / k : 0)),
    brass: wavetable(24, (k) => 1 / k ** 0.8),
    flute: wavetable(4, (k) => [1, 0.22, 0.08, 0.03][k - 1]!),
    organ: wavetable(6, (k) => [1, 0.5, 0.3, 0.15, 0, 0.08][k - 1]!),
  };
  return tables;
}

// ---------------------------------------------------------------------------------------------
// Tonal instruments

interface ToneShape {
  table: keyof NonNullable<typeof tables>;
  /** Detuned copies, in cents (an ensemble). */
  detune: number[];
  attack: number;
  decay: number;
  sustain: number;
  release: number;
  /** Lowpass cutoff in Hz at brightness 0 and 1. */
  cutoff: [number, number];
  /** Cutoff multiplier at the start of the note, falling to 1 over `sweepTime` (brass, plucks). */
  sweep?: number;
  sweepTime?: number;
  vibrato?: { rate: number; depth: number; delay: number };
}

function tone(note: NoteEvent, shape: ToneShape, random: Random, timbre: Timbre): Float32Array {
  const out = new Float32Array(seconds(note.duration + shape.release));
  const table = waveTables()[shape.table];
  const frequency = midiToHz(note.midi);
  const count = shape.detune.length;
  const phases = new Float64Array(count);
  const steps = new Float64Array(count);
  shape.detune.forEach((cents, v) => {
    steps[v] = (frequency * 2 ** (cents / 1200)) / SAMPLE_RATE;
    phases[v] = random.next();
  });
  const cutoff = shape.cutoff[0] + (shape.cutoff[1] - shape.cutoff[0]) * timbre.brightness;
  const lowpass = new Biquad('lowpass', cutoff, 0.8);
  const gain = note.velocity / Math.sqrt(count);
  const { vibrato, sweep } = shape;
  const last = TABLE_SIZE - 1;
  // Vibrato wobbles every voice's frequency by ±depth, `rate` times a second, after `delay`; the
  // wobble is a sine kept by rotating a unit vector (no trigonometry per sample).
  const vibratoFrom = vibrato ? seconds(vibrato.delay) : Infinity;
  const turn = vibrato ? (2 * Math.PI * vibrato.rate) / SAMPLE_RATE : 0;
  const turnCos = Math.cos(turn);
  const turnSin = Math.sin(turn);
  let wobbleSin = 0;
  let wobbleCos = 1;
  for (let i = 0; i < out.length; i++) {
    const t = i / SAMPLE_RATE;
    if (sweep && i % 64 === 0) {
      lowpass.set(cutoff * (1 + (sweep - 1) * Math.exp(-t / (shape.sweepTime ?? 0.2))), 0.8);
    }
    let speed = 1;
    if (i >= vibratoFrom) {
      speed = 1 + vibrato!.depth * wobbleSin;
      const nextSin = wobbleSin * turnCos + wobbleCos * turnSin;
      wobbleCos = wobbleCos * turnCos - wobbleSin * turnSin;
      wobbleSin = nextSin;
    }
    let sum = 0;
    // Each voice reads the wavetable at its phase, interpolating between neighbouring entries.
    for (let v = 0; v < count; v++) {
      const phase = phases[v]!;
      const next = phase + steps[v]! * speed;
      phases[v] = next >= 1 ? next - 1 : next;
      const position = phase * TABLE_SIZE;
      const index = position | 0;
      const fraction = position - index;
      sum += table[index]! * (1 - fraction) + table[(index + 1) & last]! * fraction;
    }
    const level = adsr(t, note.duration, shape.attack, shape.decay, shape.sustain, shape.release);
    out[i] = lowpass.process(sum * gain) * level;
  }
  return out;
}

// prettier-ignore
const TONES = {
  pad: { table: 'warm', detune: [-9, 0, 8], attack: 1.4, decay: 0.8, sustain: 0.8, release: 2.2, cutoff: [700, 2600] },
  strings: { table: 'strings', detune: [-7, 0, 6], attack: 0.9, decay: 0.5, sustain: 0.85, release: 1.6, cutoff: [900, 3800], vibrato: { rate: 5.2, depth: 0.004, delay: 0.35 } },
  drone: { table: 'organ', detune: [-4, 4], attack: 3, decay: 1, sustain: 0.9, release: 3, cutoff: [400, 1400] },
  subBass: { table: 'flute', detune: [0], attack: 0.25, decay: 0.4, sustain: 0.85, release: 0.8, cutoff: [220, 420] },
  synthBass: { table: 'warm', detune: [-5, 5], attack: 0.005, decay: 0.18, sustain: 0.55, release: 0.12, cutoff: [260, 800], sweep: 4, sweepTime: 0.08 },
  flute: { table: 'flute', detune: [0], attack: 0.08, decay: 0.2, sustain: 0.85, release: 0.35, cutoff: [2500, 6000], vibrato: { rate: 5, depth: 0.006, delay: 0.25 } },
  brass: { table: 'brass', detune: [-6, 6], attack: 0.06, decay: 0.3, sustain: 0.7, release: 0.45, cutoff: [700, 2200], sweep: 2.2, sweepTime: 0.25 },
} satisfies Record<string, ToneShape>;

/** Karplus–Strong: a burst of noise circulating in a delay line tuned to the note. */
function plucked(note: NoteEvent, random: Random, timbre: Timbre, decay: number, tail: number): Float32Array {
  const period = Math.max(2, Math.round(SAMPLE_RATE / midiToHz(note.midi)));
  const line = new Float32Array(period);
  const soften = new Biquad('lowpass', 1500 + 5000 * timbre.brightness);
  for (let i = 0; i < period; i++) line[i] = soften.process(white(random));
  const out = new Float32Array(seconds(note.duration + tail));
  const release = seconds(note.duration);
  let index = 0;
  for (let i = 0; i < out.length; i++) {
    const current = line[index]!;
    const next = line[(index + 1) % period]!;
    line[index] = decay * 0.5 * (current + next);
    index = (index + 1) % period;
    const damping = i < release ? 1 : Math.max(0, 1 - (i - release) / seconds(tail));
    out[i] = current * note.velocity * damping;
  }
  return out;
}

/**
 * A few decaying partials: piano-like when harmonic, bell-like when not. Each partial is a decaying
 * phasor turned by one complex multiplication per sample (no sine or exponential per sample).
 */
function partials(
  note: NoteEvent,
  ratios: number[],
  amplitudes: number[],
  decays: number[],
  tail: number,
): Float32Array {
  const out = new Float32Array(seconds(note.duration + tail));
  const frequency = midiToHz(note.midi);
  const release = note.duration;
  const count = ratios.length;
  // z = a·e^(−t/decay)·e^(iωt): the imaginary part is the partial; each step multiplies by (re, im).
  const stepRe = new Float64Array(count);
  const stepIm = new Float64Array(count);
  const zRe = new Float64Array(count);
  const zIm = new Float64Array(count);
  for (let k = 0; k < count; k++) {
    const omega = (2 * Math.PI * frequency * ratios[k]!) / SAMPLE_RATE;
    const fall = Math.exp(-1 / (decays[k]! * SAMPLE_RATE));
    stepRe[k] = fall * Math.cos(omega);
    stepIm[k] = fall * Math.sin(omega);
    zRe[k] = amplitudes[k]!;
  }
  for (let i = 0; i < out.length; i++) {
    const t = i / SAMPLE_RATE;
    let sum = 0;
    for (let k = 0; k < count; k++) {
      const re = zRe[k]!;
      const im = zIm[k]!;
      sum += im;
      zRe[k] = re * stepRe[k]! - im * stepIm[k]!;
      zIm[k] = re * stepIm[k]! + im * stepRe[k]!;
    }
    const attack = Math.min(1, t / 0.004);
    const damper = t < release ? 1 : Math.max(0, 1 - (t - release) / tail);
    out[i] = sum * attack * damper * note.velocity;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Drums

/** A sine whose pitch falls from `from` to `to` Hz, with a noise thump. */
function drum(
  note: NoteEvent,
  random: Random,
  shape: { from: number; to: number; fall: number; decay: number; noise: number; noiseCutoff: number },
): Float32Array {
  const out = new Float32Array(seconds(shape.decay * 5));
  const thump = new Biquad('lowpass', shape.noiseCutoff);
  // The exponentials as running products: one multiplication per sample each.
  const pitchStep = Math.exp(-1 / (shape.fall * SAMPLE_RATE));
  const bodyStep = Math.exp(-1 / (shape.decay * SAMPLE_RATE));
  const noiseStep = Math.exp(-1 / (0.03 * SAMPLE_RATE));
  let pitchFall = 1;
  let bodyLevel = 1;
  let noiseLevel = shape.noise;
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / SAMPLE_RATE;
    phase += (shape.to + (shape.from - shape.to) * pitchFall) / SAMPLE_RATE;
    const body = Math.sin(2 * Math.PI * phase) * bodyLevel;
    const noise = thump.process(white(random)) * noiseLevel;
    out[i] = (body + noise) * note.velocity * Math.min(1, t / 0.001);
    pitchFall *= pitchStep;
    bodyLevel *= bodyStep;
    noiseLevel *= noiseStep;
  }
  return out;
}

function noiseHit(
  note: NoteEvent,
  random: Random,
  type: 'bandpass' | 'highpass',
  frequency: number,
  decay: number,
  toneHz = 0,
): Float32Array {
  const out = new Float32Array(seconds(decay * 6));
  const shaper = new Biquad(type, frequency, type === 'bandpass' ? 0.9 : Math.SQRT1_2);
  const noiseStep = Math.exp(-1 / (decay * SAMPLE_RATE));
  const toneStep = Math.exp(-1 / (0.06 * SAMPLE_RATE));
  const omega = (2 * Math.PI * toneHz) / SAMPLE_RATE;
  let noiseLevel = 1;
  let toneLevel = 0.5;
  for (let i = 0; i < out.length; i++) {
    const body = toneHz ? Math.sin(omega * i) * toneLevel : 0;
    out[i] = (shaper.process(white(random)) * noiseLevel + body) * note.velocity;
    noiseLevel *= noiseStep;
    toneLevel *= toneStep;
  }
  return out;
}

/** A cymbal-like noise swell that rises over the note and stops at its end. */
function swell(note: NoteEvent, random: Random): Float32Array {
  const out = new Float32Array(seconds(note.duration + 0.25));
  const shaper = new Biquad('highpass', 3500);
  for (let i = 0; i < out.length; i++) {
    const t = i / SAMPLE_RATE;
    const level = t < note.duration ? (t / note.duration) ** 3 : Math.exp(-(t - note.duration) / 0.05);
    out[i] = shaper.process(white(random)) * level * note.velocity;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------

export interface Instrument {
  render(note: NoteEvent, random: Random, timbre: Timbre): Float32Array;
  /**
   * Whether a note may be rendered once and played again wherever the same pitch, length and
   * velocity recur: true for the sustained tones (chance only sets their voices' starting phases)
   * and the additive ones (no chance at all); noise-based drums and plucks vary hit by hit.
   */
  repeatable?: boolean;
  /** Share sent to the reverb (0–1). */
  reverb: number;
  /** Share sent to the echo (0–1). */
  echo?: number;
}

const BELL_RATIOS = [0.5, 1, 1.19, 1.56, 2, 2.51, 2.66, 3.01];

export const INSTRUMENTS: Record<InstrumentName, Instrument> = {
  pad: { render: (n, r, t) => tone(n, TONES.pad, r, t), repeatable: true, reverb: 0.45 },
  strings: { render: (n, r, t) => tone(n, TONES.strings, r, t), repeatable: true, reverb: 0.4 },
  drone: { render: (n, r, t) => tone(n, TONES.drone, r, t), repeatable: true, reverb: 0.35 },
  subBass: { render: (n, r, t) => tone(n, TONES.subBass, r, t), repeatable: true, reverb: 0.05 },
  synthBass: { render: (n, r, t) => tone(n, TONES.synthBass, r, t), repeatable: true, reverb: 0.05 },
  flute: { render: (n, r, t) => tone(n, TONES.flute, r, t), repeatable: true, reverb: 0.4 },
  brass: { render: (n, r, t) => tone(n, TONES.brass, r, t), repeatable: true, reverb: 0.35 },
  pizzicato: { render: (n, r, t) => plucked(n, r, t, 0.985, 0.3), reverb: 0.3 },
  pluck: { render: (n, r, t) => plucked(n, r, t, 0.996, 0.6), reverb: 0.3, echo: 0.35 },
  piano: {
    render: (n) =>
      partials(n, [1, 2, 3, 4, 5, 6], [1, 0.45, 0.25, 0.12, 0.06, 0.03], [1.6, 1.0, 0.6, 0.4, 0.3, 0.2], 0.8),
    repeatable: true,
    reverb: 0.4,
  },
  bell: {
    render: (n) =>
      partials(
        n,
        BELL_RATIOS,
        [0.5, 1, 0.6, 0.4, 0.3, 0.25, 0.2, 0.15],
        [4, 3, 2, 1.6, 1.2, 0.9, 0.7, 0.5],
        3,
      ),
    repeatable: true,
    reverb: 0.6,
  },
  kick: {
    render: (n, r) =>
      drum(n, r, { from: 150, to: 48, fall: 0.035, decay: 0.25, noise: 0.3, noiseCutoff: 3000 }),
    reverb: 0.03,
  },
  taiko: {
    render: (n, r) =>
      drum(n, r, { from: 120, to: 62, fall: 0.06, decay: 0.45, noise: 0.6, noiseCutoff: 500 }),
    reverb: 0.35,
  },
  timpani: {
    render: (n, r) =>
      drum(n, r, {
        from: midiToHz(n.midi) * 1.15,
        to: midiToHz(n.midi),
        fall: 0.05,
        decay: 0.8,
        noise: 0.25,
        noiseCutoff: 400,
      }),
    reverb: 0.4,
  },
  snare: { render: (n, r) => noiseHit(n, r, 'bandpass', 1800, 0.11, 190), reverb: 0.2 },
  hat: { render: (n, r) => noiseHit(n, r, 'highpass', 7500, 0.035), reverb: 0.1 },
  swell: { render: (n, r) => swell(n, r), reverb: 0.5 },
};
