import { describe, expect, it } from 'vitest';
import {
  aspectRatioOf,
  sceneLines,
  type ChapterVideoPlan,
} from '../../../functions/engine/productions/chapter-video';
import { chapterMetadata, planNarration } from '../../../functions/engine/productions/narration';
import { withPunctuation } from '../../../functions/engine/productions/speech-track';

describe('narration plan', () => {
  const paragraph = (n: number) => `Paragraph ${n} has a few sentences. It says something. It ends here.`;

  it('keeps paragraphs whole and parts under the limit, in order', () => {
    const text = Array.from({ length: 40 }, (_, i) => paragraph(i + 1)).join('\n\n');
    const parts = planNarration(text, 300);
    expect(parts.length).toBeGreaterThan(5);
    for (const part of parts) expect(part.text.length).toBeLessThanOrEqual(300);
    expect(parts.map((p) => p.text).join('\n\n')).toBe(text);
    expect(parts.map((p) => p.index)).toEqual(parts.map((_, i) => i));
    // Marks are named, never cut from the first words.
    expect(parts.every((p) => !p.title.includes('…'))).toBe(true);
    expect(new Set(parts.map((p) => p.title)).size).toBe(parts.length);
  });

  it('cuts a paragraph too long for one part at sentence ends, and a sentence too long by length', () => {
    const long = Array.from({ length: 30 }, (_, i) => `Sentence number ${i + 1} goes on a little.`).join(' ');
    const parts = planNarration(long, 200);
    expect(parts.every((p) => p.text.length <= 200)).toBe(true);
    expect(parts.every((p) => /\.$/.test(p.text))).toBe(true);
    expect(planNarration('x'.repeat(450), 200).map((p) => p.text.length)).toEqual([200, 200, 50]);
  });

  it('writes ffmetadata chapters that end where the next begins', () => {
    const meta = chapterMetadata(
      'My = Book',
      [
        { start: 0, title: 'One' },
        { start: 61.5, title: 'Two; more' },
      ],
      120,
    );
    expect(meta).toContain('title=My \\= Book');
    expect(meta).toContain('START=0\nEND=61500\ntitle=One');
    expect(meta).toContain('START=61500\nEND=120000\ntitle=Two\\; more');
  });
});

describe('chapter video helpers', () => {
  it('picks the closest listed aspect ratio', () => {
    expect(aspectRatioOf({ width: 1280, height: 720 })).toBe('16:9');
    expect(aspectRatioOf({ width: 1080, height: 1920 })).toBe('9:16');
    expect(aspectRatioOf({ width: 1000, height: 990 })).toBe('1:1');
  });

  it('voices a scene as narration then each line in its speaker’s voice', () => {
    const plan = {
      narratorVoice: 'narrator',
      cast: [{ name: 'Mara', voice: 'mara-voice' }],
      screenplay: {
        scenes: [
          {
            narration: 'The storm came.',
            dialogue: [
              { character: 'Mara', line: 'Hold on!' },
              { character: 'Ghost', line: 'Boo.' },
            ],
            visual_description: 'A tower.',
          },
          { narration: ' ', dialogue: [], visual_description: 'A quiet sea.' },
        ],
      },
    } as unknown as ChapterVideoPlan;
    expect(sceneLines(plan, 0)).toEqual([
      { text: 'The storm came.', voice: 'narrator' },
      { text: 'Hold on!', voice: 'mara-voice' },
      { text: 'Boo.', voice: 'narrator' },
    ]);
    expect(sceneLines(plan, 1)).toEqual([{ text: 'A quiet sea.', voice: 'narrator' }]);
  });

  it('puts the written punctuation back on the spoken words for subtitles', () => {
    const text = '"Pull!" he cried. "Pull together!"';
    const words = [
      { word: 'Pull', start: 0, end: 0.3, charStart: 1, charEnd: 5 },
      { word: 'he', start: 0.4, end: 0.5, charStart: 8, charEnd: 10 },
      { word: 'cried', start: 0.5, end: 0.8, charStart: 11, charEnd: 16 },
      { word: 'Pull', start: 1, end: 1.2, charStart: 19, charEnd: 23 },
      { word: 'together', start: 1.2, end: 1.7, charStart: 24, charEnd: 32 },
    ];
    expect(withPunctuation(text, words).map((w) => w.word)).toEqual([
      '"Pull!"',
      'he',
      'cried.',
      '"Pull',
      'together!"',
    ]);
  });
});
