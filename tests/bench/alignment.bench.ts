import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { decodeWav } from '../../functions/engine/media/wav';
import { alignWords } from '../../functions/engine/speech/align';
import { createLocalSpeechEngine } from '../../functions/engine/speech/local';
import { tokenizeWords } from '../../functions/engine/speech/text';
import { CHAPTERS } from '../unit/engine/text/chapters';
import { machine } from './timing';

/**
 * `npm run bench:alignment`: how far the word timings estimated from audio alone (align.ts, used for
 * speech servers that report none) fall from known ones. The offline engine speaks passages with
 * timings of its own synthesiser; the aligner sees only its audio and the text. Prints the median
 * and 95th percentile of the error of word starts and ends, in ms, beside their targets.
 */
const TARGET_MEDIAN_MS = 80;
const TARGET_P95_MS = 300;
const PASSAGE_WORDS = 120;
const VOICES = [
  'local:en-GB:narrator-warm',
  'local:en-US:character-heroine',
  'local:en-GB:character-baritone',
];

function passages(): { source: string; text: string }[] {
  const list = CHAPTERS.map((chapter) => ({ source: chapter.title, text: chapter.content }));
  const corpus = resolve('../shared/corpus');
  if (!existsSync(corpus)) {
    console.log('../shared/corpus is absent: built-in chapters only.');
  } else {
    for (const name of ['the-time-machine.txt', 'little-women.txt']) {
      const book = readFileSync(join(corpus, name), 'utf8');
      const paragraphs = book.split(/\n\s*\n/).filter((p) => p.split(/\s+/).length > 60);
      for (let i = 0; i < 4; i++) {
        list.push({
          source: name,
          text: paragraphs[Math.floor(((i + 1) * paragraphs.length) / 5)]!.replace(/\s+/g, ' '),
        });
      }
    }
  }
  return list.map(({ source, text }) => ({
    source,
    text: text.split(/\s+/).slice(0, PASSAGE_WORDS).join(' '),
  }));
}

const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.floor(q * (values.length - 1))]!;

async function main() {
  console.log(`Machine: ${machine()}`);
  const engine = createLocalSpeechEngine();
  const dir = mkdtempSync(join(tmpdir(), 'alignment-bench-'));
  const startErrors: number[] = [];
  const endErrors: number[] = [];
  try {
    let index = 0;
    for (const passage of passages()) {
      const voice = VOICES[index % VOICES.length]!;
      const spoken = await engine.synthesize({
        text: passage.text,
        voice,
        outputPath: join(dir, `p${index++}.wav`),
      });
      const { samples, format } = decodeWav(readFileSync(spoken.path));
      const aligned = alignWords(samples, format.sampleRate, passage.text, tokenizeWords(passage.text));
      aligned.forEach((word, i) => {
        startErrors.push(Math.abs(word.start - spoken.words[i]!.start) * 1000);
        endErrors.push(Math.abs(word.end - spoken.words[i]!.end) * 1000);
      });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const line = (label: string, errors: number[]) => {
    const median = quantile(errors, 0.5);
    const p95 = quantile(errors, 0.95);
    return `${label.padEnd(14)} median ${median.toFixed(0).padStart(4)} ms (target ≤ ${TARGET_MEDIAN_MS}, ${median <= TARGET_MEDIAN_MS ? 'met' : 'NOT met'})   p95 ${p95.toFixed(0).padStart(4)} ms (target ≤ ${TARGET_P95_MS}, ${p95 <= TARGET_P95_MS ? 'met' : 'NOT met'})`;
  };
  console.log(`${startErrors.length} words aligned against the offline engine's own timings`);
  console.log(line('word starts', startErrors));
  console.log(line('word ends', endErrors));
}

void main();
