import { describe, expect, it } from 'vitest';
import { createRandom } from '../../../../functions/engine/random';
import { INSTRUMENTS } from '../../../../functions/engine/audio/local/music/instruments';
import { compose } from '../../../../functions/engine/audio/local/music/score';
import {
  chordTones,
  degreeToMidi,
  MOOD_HARMONY,
  SCALES,
  voiceLead,
} from '../../../../functions/engine/audio/local/music/theory';
import { MOODS } from '../../../../functions/engine/text/types';
import { MUSIC_STYLES } from '../../../../functions/engine/audio/types';

const DRUMS = new Set(['kick', 'snare', 'hat', 'taiko', 'swell']);

describe('music theory', () => {
  it('builds diatonic chords: major triads in major, a major dominant in harmonic minor', () => {
    expect(chordTones(60, 'major', 0, false)).toEqual([60, 64, 67]);
    expect(chordTones(60, 'major', 5, false)).toEqual([69, 72, 76]);
    expect(chordTones(57, 'harmonicMinor', 4, false)).toEqual([64, 68, 71]);
    expect(chordTones(60, 'major', 1, true)).toEqual([62, 65, 69, 72]);
    expect(degreeToMidi(60, 'minor', -1)).toBe(58);
  });

  it('voices chords inside the range with little movement between them', () => {
    const first = voiceLead([60, 64, 67], undefined, 52, 76);
    const second = voiceLead([65, 69, 72], first, 52, 76);
    expect(Math.min(...second)).toBeGreaterThanOrEqual(52);
    expect(Math.max(...second)).toBeLessThanOrEqual(76);
    const movement = second.reduce((sum, note, i) => sum + Math.abs(note - first[i]!), 0);
    expect(movement).toBeLessThanOrEqual(4);
  });
});

describe('compose', () => {
  it('is deterministic per style, mood and seed, and changes with the seed', () => {
    expect(compose('cinematic', 'tense', 42)).toEqual(compose('cinematic', 'tense', 42));
    expect(compose('cinematic', 'tense', 43).events).not.toEqual(compose('cinematic', 'tense', 42).events);
  });

  it('keeps every pitched note in the key of the piece and every event inside the cycle', () => {
    for (const style of MUSIC_STYLES) {
      for (const mood of MOODS) {
        const score = compose(style, mood, 7);
        const scale: readonly number[] = SCALES[MOOD_HARMONY[mood].scale];
        for (const event of score.events) {
          if (!DRUMS.has(event.instrument))
            expect(scale).toContain((((event.midi - score.tonic) % 12) + 12) % 12);
          expect(event.start).toBeGreaterThanOrEqual(0);
          expect(event.start).toBeLessThan(score.cycle);
        }
      }
    }
  });

  it('arranges each style for its own instruments', () => {
    const instruments = (style: (typeof MUSIC_STYLES)[number]) =>
      new Set(compose(style, undefined, 1).events.map((e) => e.instrument));
    expect(instruments('electronic')).toEqual(new Set(['pad', 'pluck', 'synthBass', 'kick', 'hat', 'snare']));
    expect(instruments('dramatic')).toContain('taiko');
    expect(instruments('ambient')).not.toContain('kick');
    expect(instruments('orchestral')).toContain('flute');
    expect(instruments('cinematic')).toContain('timpani');
  });
});

describe('instruments', () => {
  it('render notes of the requested length plus a release, within range', () => {
    for (const [name, instrument] of Object.entries(INSTRUMENTS)) {
      const note = {
        instrument: name as keyof typeof INSTRUMENTS,
        start: 0,
        duration: 0.5,
        midi: 60,
        velocity: 1,
        pan: 0,
      };
      const samples = instrument.render(note, createRandom(name), { brightness: 0.5 });
      expect(samples.length, name).toBeGreaterThan(0.1 * 44_100);
      const peak = samples.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
      expect(Number.isFinite(peak) && peak > 0.05 && peak < 4, name).toBe(true);
    }
  });
});
