import { z } from 'zod';
import { EngineError } from '../types';
import type { VisemeTiming, WordTiming } from './types';
import { roundTime } from './timings';

/**
 * What is sent to Amazon Polly for a piece of text, and how its speech marks (times in ms, offsets
 * in UTF-8 bytes of what was sent) become word timings and visemes on the original text.
 */

export interface PollyText {
  text: string;
  textType: 'text' | 'ssml';
  /** The original character index for a byte offset into `text`. */
  charAt(byteOffset: number): number;
}

const SSML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Plain text at normal speed; SSML with a prosody rate otherwise (Polly has no rate parameter). */
export function pollyText(text: string, rate: number): PollyText {
  const ssml = rate !== 1;
  const byteToChar: number[] = [];
  const pieces: string[] = [];
  const add = (piece: string, charIndex: number) => {
    pieces.push(piece);
    for (let i = 0; i < Buffer.byteLength(piece); i++) byteToChar.push(charIndex);
  };
  if (ssml) add(`<speak><prosody rate="${Math.round(rate * 100)}%">`, 0);
  for (let i = 0; i < text.length;) {
    const char = String.fromCodePoint(text.codePointAt(i)!);
    add(ssml ? (SSML_ESCAPES[char] ?? char) : char, i);
    i += char.length;
  }
  if (ssml) add('</prosody></speak>', text.length);
  return {
    text: pieces.join(''),
    textType: ssml ? 'ssml' : 'text',
    charAt: (byteOffset) => byteToChar[byteOffset] ?? text.length,
  };
}

const markSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('word'),
    time: z.number(),
    start: z.number(),
    end: z.number(),
    value: z.string(),
  }),
  z.object({ type: z.literal('viseme'), time: z.number(), value: z.string() }),
  z.object({ type: z.enum(['sentence', 'ssml']), time: z.number() }),
]);
export type SpeechMark = z.infer<typeof markSchema>;

/** Polly's speech marks: one JSON object per line. */
export function parseSpeechMarks(body: string): SpeechMark[] {
  return body
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => {
      try {
        return markSchema.parse(JSON.parse(line));
      } catch {
        throw new EngineError(
          'provider_failed',
          'Amazon Polly returned speech marks that could not be read.',
        );
      }
    });
}

/**
 * Word timings and visemes of one part, in seconds from `offset`, with character offsets into the
 * original text (`sent.charAt` plus `charOffset`). A word ends at the next silence or word.
 */
export function timingsFromMarks(
  marks: SpeechMark[],
  part: { sent: PollyText; originalText: string; charOffset: number; offset: number; duration: number },
): { words: WordTiming[]; visemes: VisemeTiming[] } {
  const seconds = (ms: number) => Math.min(ms / 1000, part.duration);
  const wordMarks = marks.filter((mark) => mark.type === 'word');
  const visemeMarks = marks.filter((mark) => mark.type === 'viseme');
  const words = wordMarks.map((mark, index) => {
    const start = seconds(mark.time);
    const next = wordMarks[index + 1] ? seconds(wordMarks[index + 1]!.time) : part.duration;
    const silence = visemeMarks.find(
      (v) => v.value === 'sil' && seconds(v.time) > start && seconds(v.time) < next,
    );
    const charStart = part.charOffset + part.sent.charAt(mark.start);
    const charEnd = part.charOffset + part.sent.charAt(mark.end);
    return {
      word: part.originalText.slice(charStart, charEnd),
      start: roundTime(part.offset + start),
      end: roundTime(part.offset + (silence ? seconds(silence.time) : next)),
      charStart,
      charEnd,
    };
  });
  const visemes = visemeMarks.map((mark) => ({
    time: roundTime(part.offset + seconds(mark.time)),
    viseme: mark.value,
  }));
  return { words, visemes };
}
