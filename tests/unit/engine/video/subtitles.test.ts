import { describe, expect, it } from 'vitest';
import { buildAss, cuesFromWords, wrapCue } from '../../../../functions/engine/video/subtitles';
import type { WordTiming } from '../../../../functions/engine/types';

/** Words at a steady pace: 0.3 s each with 0.05 s gaps. */
function spoken(text: string, start = 0, pace = 0.35): WordTiming[] {
  let t = start;
  let offset = 0;
  return text.split(' ').map((word) => {
    const timing = { word, start: t, end: t + 0.3, charStart: offset, charEnd: offset + word.length };
    t += pace;
    offset += word.length + 1;
    return timing;
  });
}

describe('cuesFromWords', () => {
  it('starts each cue at its first word and ends it at its last word', () => {
    const words = spoken('The tide was turning and the harbour lights went out one by one');
    const cues = cuesFromWords(words, { maxChars: 30, maxDuration: 10 });
    expect(cues.map((c) => c.text).join(' ')).toBe(words.map((w) => w.word).join(' '));
    let index = 0;
    for (const cue of cues) {
      const count = cue.text.split(' ').length;
      expect(cue.start).toBe(words[index]!.start);
      expect(cue.end).toBe(words[index + count - 1]!.end);
      index += count;
    }
  });

  it('keeps cues within the character and duration limits', () => {
    const cues = cuesFromWords(
      spoken('one two three four five six seven eight nine ten eleven twelve thirteen fourteen'),
      { maxChars: 20, maxDuration: 1.2 },
    );
    for (const cue of cues) {
      expect(cue.text.length).toBeLessThanOrEqual(20);
      expect(cue.end - cue.start).toBeLessThanOrEqual(1.2);
    }
  });

  it('breaks at sentence ends and at pauses', () => {
    const words = [...spoken('Stop. Who goes'), ...spoken('there now', 3)];
    expect(cuesFromWords(words, { maxChars: 80, maxDuration: 10 }).map((c) => c.text)).toEqual([
      'Stop.',
      'Who goes',
      'there now',
    ]);
  });

  it('skips empty words and returns nothing for no words', () => {
    expect(cuesFromWords([], { maxChars: 40, maxDuration: 5 })).toEqual([]);
    expect(
      cuesFromWords([{ word: ' ', start: 0, end: 1, charStart: 0, charEnd: 1 }], {
        maxChars: 40,
        maxDuration: 5,
      }),
    ).toEqual([]);
  });
});

describe('wrapCue', () => {
  it('keeps short cues on one line and balances long ones over two', () => {
    expect(wrapCue('Hello there', 40)).toEqual(['Hello there']);
    const lines = wrapCue('The quick brown fox jumps over the lazy sleeping dog tonight', 40);
    expect(lines).toHaveLength(2);
    expect(Math.abs(lines[0]!.length - lines[1]!.length)).toBeLessThan(12);
  });
});

describe('buildAss', () => {
  const ass = buildAss(
    [
      { start: 1.234, end: 2.5, text: 'First {cue} with \\ backslash' },
      { start: 3661.5, end: 3662, text: 'x'.repeat(10) },
      { start: 5, end: 4, text: 'backwards' },
    ],
    { width: 1280, height: 720 },
  );

  it('uses the frame size, DejaVu Sans, bottom-centre alignment and an outline', () => {
    expect(ass).toContain('PlayResX: 1280');
    expect(ass).toContain('PlayResY: 720');
    expect(ass).toMatch(/Style: Default,DejaVu Sans,40,.*,1,3,\d,2,/);
  });

  it('writes centisecond times and neutralises override characters', () => {
    expect(ass).toContain('Dialogue: 0,0:00:01.23,0:00:02.50,Default,,0,0,0,,First (cue) with / backslash');
    expect(ass).toContain('Dialogue: 0,1:01:01.50,1:01:02.00');
    expect(ass).not.toContain('backwards');
  });

  it('sets over-long cues smaller instead of adding a third line', () => {
    const long = buildAss([{ start: 0, end: 1, text: 'word '.repeat(60) }], { width: 640, height: 360 });
    const line = long.split('\n').find((l) => l.startsWith('Dialogue'))!;
    expect(line).toMatch(/\{\\fs\d+\}/);
    expect(line.split('\\N')).toHaveLength(2);
  });
});
