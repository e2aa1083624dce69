import { createRandom, type Random } from '../../../random';
import type { Mood } from '../../../text/types';
import type { MusicStyle } from '../../types';
import type { InstrumentName, NoteEvent } from './instruments';
import { chordTones, degreeToMidi, MOOD_HARMONY, STYLE_SHAPES, voiceLead, type Harmony } from './theory';

/**
 * Composition: a cycle of two sections over the same chord progression (A states it, B varies and
 * builds), which repeats seamlessly. Each style arranges the chords for its own instruments.
 */
export interface Score {
  events: NoteEvent[];
  /** Seconds of one cycle. */
  cycle: number;
  /** Seconds per beat. */
  beat: number;
  /** MIDI note of the key's tonic. */
  tonic: number;
  harmony: Harmony;
}

interface ChordSlot {
  /** Seconds. */
  start: number;
  length: number;
  section: 0 | 1;
  /** Position in the progression. */
  index: number;
  degree: number;
  /** Voiced chord for pads (MIDI). */
  voicing: number[];
  root: number;
}

interface Arrangement {
  tonic: number;
  harmony: Harmony;
  beat: number;
  bar: number;
  slots: ChordSlot[];
  random: Random;
  add(
    instrument: InstrumentName,
    start: number,
    duration: number,
    midi: number,
    velocity: number,
    pan?: number,
  ): void;
}

const SECTIONS = 2;

// ---------------------------------------------------------------------------------------------
// Layers shared by the styles

function padChords(a: Arrangement, instrument: InstrumentName, velocity: number, spread = 0.5): void {
  for (const slot of a.slots) {
    slot.voicing.forEach((midi, index, notes) => {
      const pan = notes.length > 1 ? -spread + (2 * spread * index) / (notes.length - 1) : 0;
      a.add(instrument, slot.start, slot.length, midi, velocity, pan);
    });
  }
}

function bassLine(
  a: Arrangement,
  instrument: InstrumentName,
  beats: number[],
  velocity: number,
  octaveJumps = false,
): void {
  for (const slot of a.slots) {
    for (let bar = 0; bar * a.bar < slot.length; bar++) {
      beats.forEach((beat, index) => {
        const start = slot.start + bar * a.bar + beat * a.beat;
        const end = index + 1 < beats.length ? beats[index + 1]! * a.beat : a.bar;
        const jump = octaveJumps && index % 2 === 1 ? 12 : 0;
        a.add(instrument, start, Math.max(0.1, end - beat * a.beat) * 0.9, slot.root + jump, velocity);
      });
    }
  }
}

/** Rhythms for one bar of melody, in beats. */
const MELODY_RHYTHMS = [[2, 1, 1], [1, 1, 2], [3, 1], [1.5, 0.5, 2], [4], [1, 1, 1, 1]];

/**
 * A singable line walked stepwise through the scale, landing on chord tones on the downbeats;
 * section B keeps section A's rhythms with a new walk, so the two sections sound related.
 */
function melody(
  a: Arrangement,
  instrument: InstrumentName,
  velocity: number,
  lowDegree: number,
  highDegree: number,
): void {
  const rhythms = a.slots.filter((s) => s.section === 0).map(() => a.random.pick(MELODY_RHYTHMS));
  let degree = lowDegree + Math.floor((highDegree - lowDegree) / 2);
  for (const slot of a.slots) {
    const rhythm = rhythms[slot.index] ?? [4];
    for (let bar = 0; bar * a.bar < slot.length; bar++) {
      let beat = 0;
      for (const [n, length] of rhythm.entries()) {
        if (n === 0) {
          // Downbeat: the chord tone nearest to where the line is.
          const tones = [0, 2, 4]
            .map((third) => slot.degree + third)
            .flatMap((d) => [d - 7, d, d + 7, d + 14]);
          degree = tones.reduce((best, d) => (Math.abs(d - degree) < Math.abs(best - degree) ? d : best));
        } else {
          degree += a.random.pick([-2, -1, -1, 1, 1, 2]);
        }
        degree = Math.min(highDegree, Math.max(lowDegree, degree));
        const start = slot.start + bar * a.bar + beat * a.beat;
        a.add(
          instrument,
          start,
          length * a.beat * 0.92,
          degreeToMidi(a.tonic, a.harmony.scale, degree),
          velocity,
          0.15,
        );
        beat += length;
      }
    }
  }
}

/** Chord tones rising and falling in sixteenths across two octaves. */
function arpeggio(a: Arrangement, velocity: number): void {
  const pattern = a.random.pick([
    [0, 1, 2, 3, 4, 3, 2, 1],
    [0, 2, 1, 3, 2, 4, 3, 5],
    [0, 1, 2, 0, 1, 2, 3, 4],
  ]);
  const step = a.beat / 4;
  for (const slot of a.slots) {
    const tones = [...slot.voicing, ...slot.voicing.map((n) => n + 12)];
    for (let i = 0; i * step < slot.length - 1e-9; i++) {
      const midi = tones[pattern[i % pattern.length]! % tones.length]!;
      const accent = i % 4 === 0 ? 1 : 0.7;
      a.add('pluck', slot.start + i * step, step * 0.9, midi, velocity * accent, i % 2 ? 0.35 : -0.35);
    }
  }
}

/** Sixteenth-step drum patterns per bar; `fromSection` lets B add parts A leaves out. */
function drums(
  a: Arrangement,
  parts: {
    instrument: InstrumentName;
    steps: number[];
    velocity: number;
    fromSection?: 0 | 1;
    midi?: number;
  }[],
): void {
  const step = a.beat / 4;
  for (const slot of a.slots) {
    for (let bar = 0; bar * a.bar < slot.length; bar++) {
      for (const part of parts) {
        if (slot.section < (part.fromSection ?? 0)) continue;
        for (const s of part.steps) {
          const humanise = (a.random.next() - 0.5) * 0.01;
          a.add(
            part.instrument,
            slot.start + bar * a.bar + s * step + Math.max(0, humanise),
            0.1,
            part.midi ?? 60,
            part.velocity * (0.9 + 0.1 * a.random.next()),
          );
        }
      }
    }
  }
}

/** Cymbal swells into each section. */
function swells(a: Arrangement, velocity: number, cycle: number): void {
  const sectionLength = cycle / SECTIONS;
  for (let section = 1; section <= SECTIONS; section++) {
    const end = section * sectionLength;
    a.add('swell', end - 2 * a.beat, 2 * a.beat, 60, velocity);
  }
}

// ---------------------------------------------------------------------------------------------
// Styles

const ARRANGEMENTS: Record<MusicStyle, (a: Arrangement, cycle: number) => void> = {
  cinematic(a, cycle) {
    padChords(a, 'strings', 0.22);
    bassLine(a, 'subBass', [0], 0.5);
    melody(a, 'piano', 0.3, 7, 14);
    for (const slot of a.slots)
      if (slot.index % 2 === 0) a.add('timpani', slot.start, 0.5, a.tonic - 12, 0.5);
    swells(a, 0.12, cycle);
  },
  orchestral(a) {
    padChords(a, 'strings', 0.24, 0.7);
    bassLine(a, 'pizzicato', [0, 2], 0.55);
    melody(a, 'flute', 0.22, 8, 15);
    for (const slot of a.slots) {
      if (slot.section === 1) a.add('brass', slot.start, slot.length * 0.9, slot.root + 12, 0.12, -0.3);
    }
  },
  electronic(a) {
    padChords(a, 'pad', 0.16, 0.8);
    arpeggio(a, 0.18);
    bassLine(a, 'synthBass', [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5], 0.45, true);
    drums(a, [
      { instrument: 'kick', steps: [0, 4, 8, 12], velocity: 0.8 },
      { instrument: 'hat', steps: [2, 6, 10, 14], velocity: 0.22 },
      { instrument: 'snare', steps: [4, 12], velocity: 0.35, fromSection: 1 },
    ]);
  },
  ambient(a) {
    padChords(a, 'pad', 0.2, 0.9);
    const cycleEnd = a.slots.reduce((end, slot) => Math.max(end, slot.start + slot.length), 0);
    a.add('drone', 0, cycleEnd, a.tonic - 12, 0.18);
    a.add('drone', 0, cycleEnd, a.tonic - 5, 0.1);
    for (const slot of a.slots) {
      for (let t = a.random.next() * 2; t < slot.length; t += 2 + a.random.next() * 3) {
        const midi = a.random.pick(slot.voicing) + 12;
        a.add('bell', slot.start + t, 0.3, midi, 0.12, a.random.next() * 1.4 - 0.7);
      }
    }
  },
  dramatic(a, cycle) {
    padChords(a, 'strings', 0.2);
    bassLine(a, 'pizzicato', [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5], 0.5);
    for (const slot of a.slots) a.add('brass', slot.start, a.beat * 1.5, slot.root + 12, 0.2);
    drums(a, [{ instrument: 'taiko', steps: [0, 6, 8], velocity: 0.75 }]);
    drums(a, [{ instrument: 'taiko', steps: [12, 14], velocity: 0.5, fromSection: 1 }]);
    swells(a, 0.15, cycle);
  },
};

/** The cycle of a piece: same style, mood and seed always give the same score. */
export function compose(style: MusicStyle, mood: Mood | undefined, seed: number): Score {
  const shape = STYLE_SHAPES[style];
  const harmony = MOOD_HARMONY[mood ?? shape.mood];
  const random = createRandom(`${style}:${mood ?? shape.mood}:${seed}`);
  // Tonic between A2 and G#3, so pads sit in the middle of the keyboard.
  const tonic = 45 + random.int(0, 11);
  const progression = random.pick(harmony.progressions);
  const beat = 60 / (shape.bpm * harmony.tempo);
  const bar = 4 * beat;
  const chordLength = shape.barsPerChord * bar;
  const slots: ChordSlot[] = [];
  let previous: number[] | undefined;
  for (let section = 0; section < SECTIONS; section++) {
    progression.forEach((degree, index) => {
      const voicing = voiceLead(
        chordTones(tonic + 12, harmony.scale, degree, harmony.sevenths),
        previous,
        52,
        76,
      );
      previous = voicing;
      slots.push({
        start: (section * progression.length + index) * chordLength,
        length: chordLength,
        section: section as 0 | 1,
        index,
        degree,
        voicing,
        root: degreeToMidi(tonic - 12, harmony.scale, degree),
      });
    });
  }
  const events: NoteEvent[] = [];
  const cycle = slots.length * chordLength;
  const arrangement: Arrangement = {
    tonic,
    harmony,
    beat,
    bar,
    slots,
    random,
    add: (instrument, start, duration, midi, velocity, pan = 0) =>
      events.push({ instrument, start, duration, midi, velocity, pan }),
  };
  ARRANGEMENTS[style](arrangement, cycle);
  return { events: events.sort((x, y) => x.start - y.start), cycle, beat, tonic, harmony };
}
