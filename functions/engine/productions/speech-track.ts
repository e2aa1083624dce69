import { join } from 'node:path';
import type { Engine } from '../types';
import type { SubtitleCue } from '../video/types';
import { leastExact } from '../speech/timings';
import type { WordTiming, WordTimingMethod } from '../speech/types';
import { cuesFromWords } from '../video/local/subtitles';

export interface SpokenLine {
  text: string;
  voice: string;
}

export interface SpeechTrack {
  /** Each line's audio and where it starts in the track (seconds). */
  parts: { path: string; start: number; duration: number }[];
  duration: number;
  words: WordTiming[];
  cues: SubtitleCue[];
  /** How the words' timings were found: the least exact of the lines' (none without lines). */
  timings: WordTimingMethod | null;
}

/** Readable subtitles: up to two lines of about 42 characters, at most 6 s each. */
export const SUBTITLE_OPTIONS = { maxChars: 84, maxDuration: 6 };

/**
 * Synthesises lines one after another with a short pause between speakers and returns their
 * placement, the words on the track's clock and subtitle cues built from them.
 */
export async function synthesizeLines(
  engine: Engine,
  lines: SpokenLine[],
  workDir: string,
  options: { prefix: string; gap?: number; lead?: number },
): Promise<SpeechTrack> {
  const gap = options.gap ?? 0.35;
  let cursor = options.lead ?? 0.25;
  const parts: SpeechTrack['parts'] = [];
  const words: WordTiming[] = [];
  const cues: SubtitleCue[] = [];
  let timings: WordTimingMethod | null = null;
  for (const [index, line] of lines.entries()) {
    const result = await engine.speech.synthesize({
      text: line.text,
      voice: line.voice,
      outputPath: join(workDir, `${options.prefix}-${String(index).padStart(3, '0')}.wav`),
    });
    parts.push({ path: result.path, start: cursor, duration: result.duration });
    timings = leastExact(timings, result.timings ?? 'provider');
    const placed = withPunctuation(line.text, result.words).map((w) => ({
      ...w,
      start: w.start + cursor,
      end: w.end + cursor,
    }));
    words.push(...placed);
    // Cues never span two lines, so a subtitle never mixes two speakers.
    cues.push(...cuesFromWords(placed, SUBTITLE_OPTIONS));
    cursor += result.duration + gap;
  }
  const duration = Math.max(cursor - gap + 0.4, 1);
  return { parts, duration, words, cues, timings };
}

/** Each word as written in the line, with the quotes and punctuation attached to it. */
export function withPunctuation(text: string, words: WordTiming[]): WordTiming[] {
  return words.map((word) => {
    let start = word.charStart;
    let end = word.charEnd;
    while (start > 0 && !/\s/.test(text[start - 1]!)) start--;
    while (end < text.length && !/\s/.test(text[end]!)) end++;
    const written = text.slice(start, end).trim();
    return written ? { ...word, word: written } : word;
  });
}
