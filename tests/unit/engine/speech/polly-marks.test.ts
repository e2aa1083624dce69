import { describe, expect, it } from 'vitest';
import {
  parseSpeechMarks,
  pollyText,
  timingsFromMarks,
} from '../../../../functions/engine/speech/polly-marks';

const line = (mark: object) => JSON.stringify(mark);

describe('pollyText', () => {
  it('sends plain text at normal speed and maps UTF-8 byte offsets back to characters', () => {
    const sent = pollyText('Léa a mangé', 1);
    expect(sent).toMatchObject({ text: 'Léa a mangé', textType: 'text' });
    // "Léa" is 4 bytes (é is two); "a" starts at byte 5, "mangé" at byte 7.
    expect([sent.charAt(0), sent.charAt(2), sent.charAt(5), sent.charAt(7), sent.charAt(13)]).toEqual([
      0, 1, 4, 6, 11,
    ]);
  });

  it('wraps other rates in escaped SSML and still maps offsets to the original text', () => {
    const original = 'Tom & "Jerry"';
    const sent = pollyText(original, 1.5);
    expect(sent.textType).toBe('ssml');
    expect(sent.text).toBe('<speak><prosody rate="150%">Tom &amp; &quot;Jerry&quot;</prosody></speak>');
    const jerry = Buffer.byteLength('<speak><prosody rate="150%">Tom &amp; &quot;');
    expect(sent.charAt(jerry)).toBe(original.indexOf('Jerry'));
    expect(sent.charAt(jerry + 5)).toBe(original.indexOf('Jerry') + 5);
  });
});

describe('parseSpeechMarks', () => {
  it('reads newline-delimited marks of every kind', () => {
    const body = [
      line({ time: 0, type: 'sentence', start: 0, end: 11, value: 'Hello world' }),
      line({ time: 6, type: 'word', start: 0, end: 5, value: 'Hello' }),
      line({ time: 6, type: 'viseme', value: 'k' }),
      '',
    ].join('\n');
    expect(parseSpeechMarks(body)).toEqual([
      { time: 0, type: 'sentence' },
      { time: 6, type: 'word', start: 0, end: 5, value: 'Hello' },
      { time: 6, type: 'viseme', value: 'k' },
    ]);
  });

  it('rejects marks it cannot read with a provider error', () => {
    expect(() => parseSpeechMarks('{"time": "soon"}')).toThrow(
      expect.objectContaining({ code: 'provider_failed' }),
    );
    expect(() => parseSpeechMarks('not json')).toThrow(expect.objectContaining({ code: 'provider_failed' }));
  });
});

describe('timingsFromMarks', () => {
  const marks = parseSpeechMarks(
    [
      line({ time: 6, type: 'word', start: 0, end: 5, value: 'Hello' }),
      line({ time: 6, type: 'viseme', value: 'k' }),
      line({ time: 100, type: 'viseme', value: 'o' }),
      line({ time: 350, type: 'viseme', value: 'sil' }),
      line({ time: 500, type: 'word', start: 7, end: 12, value: 'world' }),
      line({ time: 500, type: 'viseme', value: 'u' }),
      line({ time: 800, type: 'viseme', value: 'sil' }),
    ].join('\n'),
  );

  it('ends a word at the silence after it, or at the next word, and offsets everything', () => {
    const { words, visemes } = timingsFromMarks(marks, {
      sent: pollyText('Hello, world', 1),
      originalText: 'Intro. Hello, world',
      charOffset: 7,
      offset: 2,
      duration: 1,
    });
    expect(words).toEqual([
      { word: 'Hello', start: 2.006, end: 2.35, charStart: 7, charEnd: 12 },
      { word: 'world', start: 2.5, end: 2.8, charStart: 14, charEnd: 19 },
    ]);
    expect(visemes.map((v) => v.viseme)).toEqual(['k', 'o', 'sil', 'u', 'sil']);
    expect(visemes[0]!.time).toBe(2.006);
  });

  it('never reports times past the audio', () => {
    const { words, visemes } = timingsFromMarks(marks, {
      sent: pollyText('Hello, world', 1),
      originalText: 'Hello, world',
      charOffset: 0,
      offset: 0,
      duration: 0.7,
    });
    expect(words[1]!.end).toBe(0.7);
    expect(Math.max(...visemes.map((v) => v.time))).toBe(0.7);
  });
});
