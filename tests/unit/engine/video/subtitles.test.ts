import { describe, expect, it } from 'vitest';
import {
  captionStyle,
  cueLines,
  cuesFromWords,
  visibleCues,
  wrapCue,
} from '../../../../functions/engine/video/local/subtitles';
import type { WordTiming } from '../../../../functions/engine/speech/types';

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

describe('caption layout', () => {
  it('sizes the font, outline and margins to the frame', () => {
    expect(captionStyle({ width: 1280, height: 720 })).toMatchObject({
      fontSize: 40,
      outline: 3,
      shadow: 2,
      margin: 43,
      marginRight: 43,
    });
    expect(captionStyle({ width: 640, height: 360 }).fontSize).toBe(20);
  });

  it('sets over-long cues smaller instead of adding a third line', () => {
    const style = captionStyle({ width: 640, height: 360 });
    const short = cueLines('Hold the line.', style);
    expect(short).toEqual({ lines: ['Hold the line.'], fontSize: style.fontSize });
    const long = cueLines('word '.repeat(60), style);
    expect(long.lines).toHaveLength(2);
    expect(long.fontSize).toBeLessThan(style.fontSize);
  });

  it('shows only cues with text and a length', () => {
    expect(
      visibleCues([
        { start: 1, end: 2, text: 'Shown' },
        { start: 5, end: 4, text: 'backwards' },
        { start: 6, end: 7, text: '  ' },
      ]).map((cue) => cue.text),
    ).toEqual(['Shown']);
  });
});
