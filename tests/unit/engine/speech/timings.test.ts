import { describe, expect, it } from 'vitest';
import { tokenizeWords } from '../../../../functions/engine/speech/text';
import { visemeForPhoneme, visemeTimings, wordTimings } from '../../../../functions/engine/speech/timings';

const phonemes = (...events: [number, string][]) => events.map(([time, phoneme]) => ({ time, phoneme }));

describe('wordTimings', () => {
  it('starts words at their events and ends them after their last sounding phoneme', () => {
    const text = 'Hello, world!';
    const words = wordTimings({
      tokens: tokenizeWords(text),
      anchors: [
        { charIndex: 0, time: 0 },
        { charIndex: 7, time: 0.6 },
      ],
      phonemes: phonemes(
        [0.01, 'h'],
        [0.06, 'ə'],
        [0.12, 'l'],
        [0.22, 'ˈəʊ'],
        [0.42, ''],
        [0.6, 'w'],
        [0.7, 'ɜː'],
        [0.9, 'l'],
        [0.95, 'd'],
        [1.0, ''],
      ),
      duration: 1.3,
      offset: 0,
      charOffset: 0,
    });
    expect(words).toEqual([
      { word: 'Hello', start: 0, end: 0.42, charStart: 0, charEnd: 5 },
      { word: 'world', start: 0.6, end: 1, charStart: 7, charEnd: 12 },
    ]);
  });

  it('shares the time of words without events by length, and shifts by the chunk offsets', () => {
    // One event for a whole run, as espeak gives for "rock and roll".
    const words = wordTimings({
      tokens: tokenizeWords('rock and roll now'),
      anchors: [
        { charIndex: 0, time: 0 },
        { charIndex: 14, time: 1.1 },
      ],
      phonemes: [],
      duration: 1.5,
      offset: 10,
      charOffset: 100,
    });
    expect(words.map((w) => w.word)).toEqual(['rock', 'and', 'roll', 'now']);
    expect(words.map((w) => w.start)).toEqual([10, 10.4, 10.7, 11.1]);
    expect(words.map((w) => w.end)).toEqual([10.4, 10.7, 11.1, 11.5]);
    expect(words[3]).toMatchObject({ charStart: 114, charEnd: 117 });
  });

  it('keeps starts monotonic when events point backwards (numbers read digit by digit)', () => {
    const words = wordTimings({
      tokens: tokenizeWords('In 2023 we won'),
      anchors: [
        { charIndex: 0, time: 0 },
        { charIndex: 3, time: 0.3 },
        { charIndex: 4, time: 0.7 },
        { charIndex: 3, time: 1.2 },
        { charIndex: 8, time: 1.0 },
        { charIndex: 11, time: 1.4 },
      ],
      phonemes: [],
      duration: 2,
      offset: 0,
      charOffset: 0,
    });
    for (let i = 1; i < words.length; i++) expect(words[i]!.start).toBeGreaterThanOrEqual(words[i - 1]!.end);
    expect(words[1]!.start).toBe(0.3);
  });

  it('assigns an event that points at punctuation to the next word', () => {
    const words = wordTimings({
      tokens: tokenizeWords('«Oui», dit-il'),
      anchors: [
        { charIndex: 0, time: 0.2 },
        { charIndex: 7, time: 0.9 },
      ],
      phonemes: [],
      duration: 1.5,
      offset: 0,
      charOffset: 0,
    });
    expect(words.map((w) => [w.word, w.start])).toEqual([
      ['Oui', 0.2],
      ['dit-il', 0.9],
    ]);
  });
});

describe('visemes', () => {
  it('maps IPA phonemes onto Polly viseme codes', () => {
    const cases: Record<string, string> = {
      p: 'p',
      b: 'p',
      m: 'p',
      t: 't',
      d: 't',
      n: 't',
      l: 't',
      tʃ: 'S',
      dʒ: 'S',
      ʃ: 'S',
      θ: 'T',
      ð: 'T',
      f: 'f',
      v: 'f',
      k: 'k',
      ɡ: 'k',
      ŋ: 'k',
      h: 'k',
      ɹ: 'r',
      s: 's',
      z: 's',
      j: 'i',
      w: 'u',
      iː: 'i',
      ɪ: 'i',
      ˈeɪ: 'e',
      ɛ: 'E',
      ˈɜː: 'E',
      ʌ: 'E',
      æ: 'a',
      ˈɑː: 'a',
      aɪ: 'a',
      ə: '@',
      ˈəʊ: 'o',
      oʊ: 'o',
      ɔː: 'O',
      ɔɪ: 'O',
      uː: 'u',
      ʊ: 'u',
      ɑ̃: 'a',
      '': 'sil',
    };
    for (const [phoneme, viseme] of Object.entries(cases))
      expect([phoneme, visemeForPhoneme(phoneme)]).toEqual([phoneme, viseme]);
  });

  it('uses only the codes of the speech types', () => {
    const codes = new Set([
      'p',
      't',
      'S',
      'T',
      'f',
      'k',
      'i',
      'r',
      's',
      'u',
      '@',
      'a',
      'e',
      'E',
      'o',
      'O',
      'sil',
    ]);
    for (const phoneme of ['ʁ', 'x', 'ç', 'ø', 'y', 'œ', 'ɲ', 'ʎ', 'β', 'ɣ', 'ts', 'ʔ', 'ɐ', 'ɨ', 'zz9']) {
      expect(codes.has(visemeForPhoneme(phoneme))).toBe(true);
    }
  });

  it('merges repeated shapes and shifts times', () => {
    expect(visemeTimings(phonemes([0, 'p'], [0.1, 'b'], [0.2, 'ɑː'], [0.4, ''], [0.5, '']), 2)).toEqual([
      { time: 2, viseme: 'p' },
      { time: 2.2, viseme: 'a' },
      { time: 2.4, viseme: 'sil' },
    ]);
  });
});
