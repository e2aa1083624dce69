import { describe, expect, it } from 'vitest';
import type { AudioManifest } from '../../../functions/video/model';
import {
  CUE_RULES,
  filmCues,
  fromWebVtt,
  joinedCues,
  readableCues,
  toWebVtt,
  vttTime,
} from '../../../functions/video/subtitles';

/**
 * The film's subtitles from the audio stage's word timings: cues on the film's clock (each scene
 * after the ones before it), readable (two lines of about 42 characters, a second at least on
 * screen, the start on the first spoken word), and written as WebVTT.
 */
const timed = (text: string, wordSeconds = 0.4) => {
  let at = 0;
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((word, i) => {
      const charStart = text.indexOf(word, at);
      at = charStart + word.length;
      return {
        word: word.replace(/[^\p{L}’']/gu, ''),
        start: i * wordSeconds,
        end: (i + 1) * wordSeconds - 0.05,
        charStart,
        charEnd: at,
      };
    });
};

const manifest = (
  sceneNumber: number,
  narration: { start: number; text: string }[],
  lines: { start: number; text: string }[] = [],
): AudioManifest => ({
  scene_number: sceneNumber,
  duration: 30,
  narrator: null,
  narration: narration.map((n, i) => ({ key: `n${i}`, duration: 5, words: timed(n.text), ...n })),
  lines: lines.map((l, i) => ({
    key: `l${i}`,
    character: 'Victor',
    duration: 3,
    visemes: [],
    words: timed(l.text),
    ...l,
  })),
  effects: [],
  ambiance: null,
  music: null,
  mix_key: 'mix',
  tracks: 0,
});

describe('film cues', () => {
  it('places each recording on the film clock, scenes one after another, with the book’s punctuation', () => {
    const cues = filmCues([
      {
        duration: 10,
        manifest: manifest(1, [{ start: 0.5, text: 'It was on a dreary night of November.' }]),
      },
      { duration: 8, manifest: manifest(2, [], [{ start: 1, text: '“Beautiful!—Great God!”' }]) },
    ]);
    expect(cues.map((c) => c.text.replace('\n', ' '))).toEqual([
      'It was on a dreary night of November.',
      '“Beautiful!—Great God!”',
    ]);
    expect(cues[0]!.start).toBeCloseTo(0.5, 5);
    // The second scene starts at 10 s, its line 1 s into it.
    expect(cues[1]!.start).toBeCloseTo(11, 5);
  });

  it('keeps narration and dialogue in the order spoken, each cue starting on its first word', () => {
    const cues = filmCues([
      {
        duration: 20,
        manifest: manifest(
          1,
          [{ start: 6, text: 'He said nothing more.' }],
          [{ start: 0.3, text: 'Where is he now?' }],
        ),
      },
    ]);
    expect(cues.map((c) => c.text)).toEqual(['Where is he now?', 'He said nothing more.']);
    expect(cues.map((c) => c.start)).toEqual([0.3, 6]);
  });

  it('splits long narration into cues of at most two lines of about 42 characters', () => {
    const text =
      'I had worked hard for nearly two years, for the sole purpose of infusing life into an inanimate body. For this I had deprived myself of rest and health.';
    const cues = filmCues([{ duration: 60, manifest: manifest(1, [{ start: 0, text }]) }]);
    expect(cues.length).toBeGreaterThan(1);
    for (const cue of cues) {
      const lines = cue.text.split('\n');
      expect(lines.length).toBeLessThanOrEqual(CUE_RULES.lines);
      for (const line of lines) expect(line.length).toBeLessThanOrEqual(CUE_RULES.lineChars + 8);
      expect(cue.end - cue.start).toBeLessThanOrEqual(CUE_RULES.maxSeconds + 1e-9);
    }
    // Every word of the recording is in the subtitles, once, in order.
    expect(cues.map((c) => c.text.replace('\n', ' ')).join(' ')).toBe(text);
  });

  it('drops words a scene cut off and ends a cue at its scene’s end', () => {
    const cues = filmCues([
      {
        duration: 1.5,
        manifest: manifest(1, [{ start: 0, text: 'One two three four five six seven eight.' }]),
      },
    ]);
    expect(cues).toHaveLength(1);
    expect(cues[0]!.end).toBeLessThanOrEqual(1.5);
  });

  it('a scene recorded before word timings gives no cues rather than wrong ones', () => {
    const old = manifest(1, [{ start: 0, text: 'Words without times.' }]);
    delete old.narration![0]!.words;
    expect(filmCues([{ duration: 5, manifest: old }])).toEqual([]);
  });
});

describe('readable cues', () => {
  it('holds a short cue for a second unless the next one starts first', () => {
    const cues = readableCues([
      { start: 0, end: 0.3, text: 'Oh!' },
      { start: 5, end: 5.2, text: 'Ah, a longer cue that cannot be joined to the one before it at all.' },
      { start: 5.6, end: 6, text: 'Then this one, which starts too soon and is also rather long.' },
    ]);
    expect(cues[0]).toEqual({ start: 0, end: 1, text: 'Oh!' });
    // Too long to join: held until the next one begins, never over it; the start never moves.
    expect(cues[1]!.start).toBe(5);
    expect(cues[1]!.end).toBe(5.6);
    expect(cues[2]!.end).toBe(6.6);
  });

  it('joins a cue to the next when it would flash by and both fit on two lines', () => {
    const cues = readableCues([
      { start: 2, end: 2.3, text: 'No!' },
      { start: 2.5, end: 3.4, text: 'Not yet.' },
    ]);
    expect(cues).toEqual([{ start: 2, end: 3.4, text: 'No! Not yet.' }]);
  });
});

describe('WebVTT', () => {
  it('writes times as hours, minutes, seconds and milliseconds', () => {
    expect(vttTime(0)).toBe('00:00:00.000');
    expect(vttTime(61.2345)).toBe('00:01:01.235');
    expect(vttTime(3725.5)).toBe('01:02:05.500');
  });

  it('writes numbered cues and escapes markup in the book’s text', () => {
    const vtt = toWebVtt([
      { start: 0.5, end: 2, text: 'Salt & <pepper>\nfor the --> road' },
      { start: 2.5, end: 4, text: 'Two' },
    ]);
    expect(vtt).toBe(
      'WEBVTT\n\n1\n00:00:00.500 --> 00:00:02.000\nSalt &amp; &lt;pepper&gt;\nfor the --&gt; road\n\n2\n00:00:02.500 --> 00:00:04.000\nTwo\n',
    );
  });

  it('an empty film has a valid empty file', () => {
    expect(toWebVtt([])).toBe('WEBVTT\n\n');
  });

  it('reads back the WebVTT it writes: times, two-line text and escaped markup', () => {
    const cues = [
      { start: 0.25, end: 1.5, text: 'Fish & chips\n<not markup>' },
      { start: 3661.001, end: 3662.5, text: 'An hour in' },
    ];
    expect(fromWebVtt(toWebVtt(cues))).toEqual(cues);
    expect(fromWebVtt('WEBVTT\r\n\r\n00:01.000 --> 00:02.000 align:start\r\nShort form\r\n')).toEqual([
      { start: 1, end: 2, text: 'Short form' },
    ]);
  });

  it("joins films' cues end to end, none past its own film's end", () => {
    const joined = joinedCues([
      { cues: [{ start: 1, end: 2, text: 'one' }], duration: 10 },
      { cues: [], duration: 5 },
      {
        cues: [
          { start: 0.5, end: 4, text: 'three' },
          { start: 4.5, end: 6, text: 'cut' },
          { start: 7, end: 8, text: 'gone' },
        ],
        duration: 5,
      },
    ]);
    expect(joined).toEqual([
      { start: 1, end: 2, text: 'one' },
      { start: 15.5, end: 19, text: 'three' },
      { start: 19.5, end: 20, text: 'cut' },
    ]);
  });
});
