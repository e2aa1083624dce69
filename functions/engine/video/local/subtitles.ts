import type { Size } from '../../types';
import type { SubtitleCue } from '../types';
import type { WordTiming } from '../../speech/types';

/**
 * Subtitles from speech word timings, and their layout on screen (DejaVu Sans, bottom-centred,
 * outlined, at most two lines, sized to the frame). The captions module draws them.
 */
export interface CueOptions {
  /** Longest cue text (both lines together), e.g. 84. */
  maxChars: number;
  /** Longest time one cue stays up, seconds. */
  maxDuration: number;
  /** A silence at least this long ends a cue (seconds, default 0.6). */
  pauseBreak?: number;
}

const SENTENCE_END = /[.!?…]["')\]]*$/;

/** Groups words into cues: start = first word's start, end = last word's end. */
export function cuesFromWords(words: WordTiming[], options: CueOptions): SubtitleCue[] {
  const pauseBreak = options.pauseBreak ?? 0.6;
  const cues: SubtitleCue[] = [];
  let current: WordTiming[] = [];
  const flush = () => {
    if (!current.length) return;
    cues.push({
      start: current[0]!.start,
      end: current[current.length - 1]!.end,
      text: current.map((w) => w.word.trim()).join(' '),
    });
    current = [];
  };
  for (const word of words) {
    if (!word.word.trim()) continue;
    if (current.length) {
      const text = `${current.map((w) => w.word.trim()).join(' ')} ${word.word.trim()}`;
      const last = current[current.length - 1]!;
      const tooLong = text.length > options.maxChars || word.end - current[0]!.start > options.maxDuration;
      if (tooLong || word.start - last.end >= pauseBreak) flush();
    }
    current.push(word);
    if (SENTENCE_END.test(word.word.trim())) flush();
  }
  flush();
  return cues;
}

/** Splits a cue into at most two balanced lines. */
export function wrapCue(text: string, maxLineChars: number): string[] {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= maxLineChars) return [clean];
  const words = clean.split(' ');
  let best = 1;
  let bestScore = Infinity;
  for (let i = 1; i < words.length; i++) {
    const first = words.slice(0, i).join(' ').length;
    const second = words.slice(i).join(' ').length;
    const score = Math.max(first, second) + Math.abs(first - second) * 0.1;
    if (score < bestScore) {
      best = i;
      bestScore = score;
    }
  }
  return [words.slice(0, best).join(' '), words.slice(best).join(' ')];
}

/** Extra room to keep free on the right (e.g. for a presenter), as a fraction of the width. */
export interface CaptionLayout {
  reserveRight?: number;
}

/** The subtitle look for a frame size: font size, outline and shadow, margins, line length. */
export interface CaptionStyle {
  fontSize: number;
  outline: number;
  shadow: number;
  margin: number;
  marginRight: number;
  maxLineChars: number;
}

export function captionStyle(size: Size, layout: CaptionLayout = {}): CaptionStyle {
  const fontSize = Math.round(size.height * 0.055);
  const outline = Math.max(1, Math.round(size.height * 0.004));
  const margin = Math.round(size.height * 0.06);
  const marginRight = margin + Math.round(size.width * (layout.reserveRight ?? 0));
  const maxLineChars = Math.max(16, Math.floor((size.width - margin - marginRight) / (fontSize * 0.55)));
  return {
    fontSize,
    outline,
    shadow: Math.max(1, Math.round(outline / 2)),
    margin,
    marginRight,
    maxLineChars,
  };
}

/**
 * The lines of a cue (at most two) and its font size: a cue too long for two lines is set smaller
 * rather than wrapped a third time.
 */
export function cueLines(text: string, style: CaptionStyle): { lines: string[]; fontSize: number } {
  const lines = wrapCue(text, style.maxLineChars);
  const longest = Math.max(...lines.map((line) => line.length));
  return {
    lines,
    fontSize:
      longest > style.maxLineChars
        ? Math.floor((style.fontSize * style.maxLineChars) / longest)
        : style.fontSize,
  };
}

/** Cues worth showing: with text and a length. */
export const visibleCues = (cues: SubtitleCue[]) =>
  cues.filter((cue) => cue.end > cue.start && cue.text.trim());
