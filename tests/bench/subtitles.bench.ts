import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ffmpegBinaries } from '../../functions/engine/media/ffmpeg';
import { createLocalSpeechEngine } from '../../functions/engine/speech/local';
import type { WordTiming } from '../../functions/engine/speech/types';
import type { SubtitleCue } from '../../functions/engine/video/types';
import { readableCues, recordingCues } from '../../functions/video/subtitles';
import { machine, median } from './timing';
import { corpusBook, sharedMissing } from './writing-corpus';

/**
 * `npm run bench:subtitles`: how close the film's subtitle cues start to the words they show, on a
 * real chapter of `../shared/corpus` (BENCH_BOOK, BENCH_TITLE; by default Treasure Island's "The
 * Black Spot") read paragraph by paragraph by the offline speech engine, the way the film's
 * narration is recorded. Each cue's start is compared with two references, and the median and 95th
 * percentile printed against the target (≤ 100 ms):
 * - the spoken words: the speech engine's timing of the cue's first word;
 * - the sound itself, independently of any timing: where speech resumes after a pause in the
 *   recording (10 ms frames rising above the recording's speech level after at least 100 ms below),
 *   the one nearest the cue. Only cues the text says begin after a pause are compared — the first of
 *   a recording, or one whose previous cue ends on punctuation — since a cue cut inside a long
 *   clause begins in continuous speech, with no onset in the sound to find; those are counted
 *   apart. A compared cue with no onset within 400 ms counts as 400 ms.
 */
const BOOK = process.env.BENCH_BOOK ?? 'treasure-island.epub';
const TITLE = process.env.BENCH_TITLE ?? 'The Black Spot';
const TARGET_MS = 100;
const RATE = 16_000;
const FRAME = RATE / 100;
const PAUSE_FRAMES = 10;
const ONSET_WINDOW = 0.4;

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

const normal = (word: string) => word.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** The timing of each cue's first word: the words in order, each cue starting at the next one it shows. */
function firstWordStarts(cues: SubtitleCue[], words: WordTiming[]): number[] {
  let at = 0;
  return cues.map((cue) => {
    const first = normal(cue.text.split(/\s+/).find((w) => normal(w)) ?? '');
    while (at < words.length && normal(words[at]!.word) !== first) at++;
    const found = words[at];
    const starts = found ? found.start : Number.NaN;
    // The next cue begins after this one's words.
    at += Math.max(1, cue.text.split(/\s+/).filter((w) => normal(w)).length);
    return starts;
  });
}

/** Times (s) where speech resumes: 10 ms frames above the speech level after ≥ 100 ms below it. */
function energyOnsets(wavPath: string): number[] {
  const raw = execFileSync(
    ffmpegBinaries().ffmpeg,
    ['-v', 'error', '-i', wavPath, '-ac', '1', '-ar', String(RATE), '-f', 's16le', 'pipe:1'],
    { maxBuffer: 512 * 1024 * 1024 },
  );
  const samples = new Int16Array(raw.buffer, raw.byteOffset, Math.floor(raw.length / 2));
  const levels: number[] = [];
  for (let f = 0; f + FRAME <= samples.length; f += FRAME) {
    let sum = 0;
    for (let i = f; i < f + FRAME; i++) sum += (samples[i]! / 32768) ** 2;
    levels.push(10 * Math.log10(sum / FRAME + 1e-12));
  }
  const loud = Math.max(...levels);
  const threshold = Math.max(-50, loud - 30);
  const onsets: number[] = [];
  let quiet = PAUSE_FRAMES;
  levels.forEach((level, i) => {
    if (level >= threshold) {
      if (quiet >= PAUSE_FRAMES) onsets.push(i / 100);
      quiet = 0;
    } else quiet++;
  });
  return onsets;
}

/** Seconds from `time` to the nearest onset, at most the window. */
const nearest = (time: number, onsets: number[]) =>
  Math.min(ONSET_WINDOW, ...onsets.map((o) => Math.abs(o - time)));

/** Whether the text puts a pause before the cue: it opens the recording, or the cue before it ends a clause. */
const afterPause = (cues: SubtitleCue[], c: number) =>
  c === 0 || /[.,;:!?—…]["”’)]?$/u.test(cues[c - 1]!.text.trim());

function report(label: string, errorsMs: number[]) {
  const mid = median(errorsMs);
  const p95 = percentile(errorsMs, 0.95);
  const met = mid <= TARGET_MS && p95 <= TARGET_MS;
  console.log(
    `${label.padEnd(46)} median ${mid.toFixed(0).padStart(4)} ms   p95 ${p95.toFixed(0).padStart(4)} ms   target ≤ ${TARGET_MS} ms (${met ? 'met' : 'NOT met'})`,
  );
}

async function main() {
  const missing = sharedMissing();
  if (missing) {
    console.log(`Skipped: ${missing}`);
    return;
  }
  const chapter = (await corpusBook(BOOK)).find((c) => c.title.includes(TITLE));
  if (!chapter) throw new Error(`${BOOK} has no chapter titled ${TITLE}`);
  console.log(`Machine: ${machine()}`);
  const paragraphs = chapter.content
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter((p) => /\p{L}/u.test(p));
  const speech = createLocalSpeechEngine();
  const voice = speech.voiceFor({ role: 'narrator', language: 'en-GB' });
  const dir = mkdtempSync(join(tmpdir(), 'bench-subtitles-'));
  const againstWords: number[] = [];
  const againstSound: number[] = [];
  let continuous = 0;
  let cueCount = 0;
  let words = 0;
  let seconds = 0;
  try {
    for (const [i, text] of paragraphs.entries()) {
      const spoken = await speech.synthesize({ text, voice, outputPath: join(dir, `p${i}.wav`) });
      const cues = readableCues(recordingCues({ start: 0, text, words: spoken.words }, 0));
      const starts = firstWordStarts(cues, spoken.words);
      const onsets = energyOnsets(spoken.path);
      cueCount += cues.length;
      cues.forEach((cue, c) => {
        if (Number.isFinite(starts[c])) againstWords.push(Math.abs(cue.start - starts[c]!) * 1000);
        if (afterPause(cues, c)) againstSound.push(nearest(cue.start, onsets) * 1000);
        else continuous++;
      });
      words += spoken.words.length;
      seconds += spoken.duration;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(
    `${BOOK}, "${chapter.title}": ${paragraphs.length} paragraphs, ${words} words, ${seconds.toFixed(0)} s of speech, ${cueCount} cues (${againstWords.length} matched to their first word)`,
  );
  report('Cue start vs its first word (word timings)', againstWords);
  report(`Cue start vs speech onset after a pause (${againstSound.length} cues)`, againstSound);
  console.log(`Cues cut inside a clause (no pause in the sound to compare with): ${continuous}`);
}

await main();
