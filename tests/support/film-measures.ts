import { spawn } from 'node:child_process';
import { ffmpegBinaries } from '../../functions/engine/media/ffmpeg';
import type { AudioManifest } from '../../functions/video/model';

/**
 * What a chapter film is measured by (the pipeline bench and the integration tests share these):
 * how much of the chapter it speaks, and in whose words; and how often its picture barely changes.
 */

/** Words as a reader counts them: runs of letters, apostrophes inside a word kept, lower case. */
const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/’/g, "'")
    .match(/\p{L}+(?:'\p{L}+)*/gu) ?? [];

/** Text compared as printed: one space between words, straight quotes, no dashes' variants. */
const printed = (text: string) =>
  text.replace(/[‘’]/g, "'").replace(/[“”]/g, '"').replace(/[—–]/g, '-').replace(/\s+/g, ' ').trim();

export interface SpokenCoverage {
  /** Share of the chapter's words (counted with repeats) that the film speaks. */
  wordsShare: number;
  /** Share of the spoken recordings whose text is the chapter's own, word for word. */
  sentenceShare: number;
  recordings: number;
  /** Recordings whose text is not found in the chapter (at most five, for a report). */
  foreign: string[];
}

/** What the scenes' audio manifests speak, against the chapter's text. */
export function spokenCoverage(
  chapter: string,
  manifests: Pick<AudioManifest, 'narrator' | 'narration' | 'lines'>[],
): SpokenCoverage {
  const said = manifests.flatMap((m) => [
    ...(m.narration ?? (m.narrator ? [m.narrator] : [])).map((n) => n.text),
    ...m.lines.map((l) => l.text),
  ]);
  const book = printed(chapter);
  const foreign = said.filter((text) => !book.includes(printed(text)));
  const chapterWords = wordsOf(chapter);
  return {
    wordsShare: shareCovered(chapterWords, said.flatMap(wordsOf)),
    sentenceShare: said.length ? (said.length - foreign.length) / said.length : 0,
    recordings: said.length,
    foreign: foreign.slice(0, 5),
  };
}

export interface SubtitleCoverage {
  cues: number;
  /** Share of the chapter's words (counted with repeats) that the subtitles show. */
  wordsShare: number;
  /** Share of the cues' consecutive word pairs that are consecutive words somewhere in the chapter. */
  pairShare: number;
  /** Pairs not found in the chapter (at most five, for a report). */
  foreignPairs: string[];
}

/** The text of each cue of a WebVTT file, its lines joined. */
export function cueTexts(vtt: string): string[] {
  return vtt
    .replace(/\r/g, '')
    .split(/\n{2,}/)
    .map((block) => block.split('\n'))
    .filter((lines) => lines.some((l) => l.includes('-->')))
    .map((lines) =>
      lines
        .slice(lines.findIndex((l) => l.includes('-->')) + 1)
        .join(' ')
        .replace(/<[^>]+>/g, ''),
    );
}

/**
 * What a film's subtitles tell of the chapter: how many of its words they show, and whether they
 * show them in the book's own order (each pair of words that follow each other in a cue follows in
 * the chapter too).
 */
export function subtitleCoverage(chapter: string, vtt: string): SubtitleCoverage {
  const cues = cueTexts(vtt);
  const chapterWords = wordsOf(chapter);
  const bookPairs = new Set(chapterWords.slice(1).map((w, i) => `${chapterWords[i]} ${w}`));
  const pairs = cues.flatMap((cue) => {
    const words = wordsOf(cue);
    return words.slice(1).map((w, i) => `${words[i]} ${w}`);
  });
  const foreign = pairs.filter((pair) => !bookPairs.has(pair));
  return {
    cues: cues.length,
    wordsShare: shareCovered(chapterWords, cues.flatMap(wordsOf)),
    pairShare: pairs.length ? (pairs.length - foreign.length) / pairs.length : 0,
    foreignPairs: foreign.slice(0, 5),
  };
}

/** Share of `wanted` (with repeats) found among `found` (each found word used once). */
function shareCovered(wanted: string[], found: string[]): number {
  const left = new Map<string, number>();
  for (const word of found) left.set(word, (left.get(word) ?? 0) + 1);
  let covered = 0;
  for (const word of wanted) {
    const n = left.get(word) ?? 0;
    if (n > 0) {
      covered += 1;
      left.set(word, n - 1);
    }
  }
  return wanted.length ? covered / wanted.length : 0;
}

export interface Stillness {
  /** Pairs of frames 8 s apart. */
  windows: number;
  /** Of them, those whose mean absolute difference is under 5 of 255. */
  still: number;
  share: number;
  /** Every window's difference, in order (0–255). */
  differences: number[];
}

export const STILL_WINDOW_SECONDS = 8;
export const STILL_THRESHOLD = 5;
const W = 64;
const H = 36;

/**
 * How often a film's picture barely changes: its frames at one a second, scaled to 64×36 grey, and
 * the mean absolute difference between frames 8 s apart; a window under 5 (of 255) barely changed.
 */
export async function stillness(path: string): Promise<Stillness> {
  const raw = await greyFrames(path);
  const size = W * H;
  const frames = Math.floor(raw.length / size);
  const differences: number[] = [];
  for (let i = 0; i + STILL_WINDOW_SECONDS < frames; i++) {
    let sum = 0;
    const a = i * size;
    const b = (i + STILL_WINDOW_SECONDS) * size;
    for (let p = 0; p < size; p++) sum += Math.abs(raw[a + p]! - raw[b + p]!);
    differences.push(sum / size);
  }
  const still = differences.filter((d) => d < STILL_THRESHOLD).length;
  return {
    windows: differences.length,
    still,
    share: differences.length ? still / differences.length : 0,
    differences,
  };
}

function greyFrames(path: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      ffmpegBinaries().ffmpeg,
      ['-v', 'error', '-i', path, '-vf', `fps=1,scale=${W}:${H},format=gray`, '-f', 'rawvideo', '-'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const chunks: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(Buffer.concat(chunks)) : reject(new Error(`ffmpeg failed (${code}): ${stderr}`)),
    );
  });
}
