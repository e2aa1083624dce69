import { readFileSync } from 'node:fs';
import { moodOf } from '../../functions/engine/text/local/mood';
import type { Mood } from '../../functions/engine/text/types';
import { machine } from './timing';
import { corpusBook, sharedMissing } from './writing-corpus';

/**
 * `npm run bench:moods`: the mood the engine names for a passage (the scene's music and ambience)
 * against the mood a reader names, on short passages of the real books in `../shared/corpus`. Each
 * labelled passage is a book, a chapter (its index in the book as the books domain reads it), the
 * first words of its first paragraph and how many paragraphs it runs; `moods` are the moods a
 * reader would accept, the first being the one most would name. Agreement: the engine's mood is
 * one a reader accepts (target ≥ 80 %); also printed, the share where it is the first one.
 */
interface LabelledPassage {
  book: string;
  chapter: number;
  first: string;
  paragraphs: number;
  moods: Mood[];
}

const LABELS = JSON.parse(
  readFileSync(new URL('./moods.labels.json', import.meta.url), 'utf8'),
) as LabelledPassage[];
const TARGET = 0.8;

const flat = (text: string) => text.split(/\s+/).filter(Boolean).join(' ');

function passageOf(content: string, label: LabelledPassage): string | undefined {
  const paragraphs = content
    .split(/\n\s*\n/)
    .map(flat)
    .filter(Boolean);
  const at = paragraphs.findIndex((p) => p.startsWith(flat(label.first)));
  return at < 0 ? undefined : paragraphs.slice(at, at + label.paragraphs).join('\n\n');
}

async function main() {
  const missing = sharedMissing();
  if (missing) {
    console.log(`Skipped: ${missing}`);
    return;
  }
  console.log(`Machine: ${machine()}`);
  const books = new Map<string, Awaited<ReturnType<typeof corpusBook>>>();
  let accepted = 0;
  let first = 0;
  const misses: string[] = [];
  for (const label of LABELS) {
    if (!books.has(label.book)) books.set(label.book, await corpusBook(label.book));
    const passage = passageOf(books.get(label.book)![label.chapter]?.content ?? '', label);
    if (!passage)
      throw new Error(`${label.book} chapter ${label.chapter}: no paragraph opens "${label.first}"`);
    const mood = moodOf(passage);
    if (label.moods.includes(mood)) accepted++;
    else
      misses.push(
        `  ${label.book} #${label.chapter} "${label.first}…": ${mood} (reader: ${label.moods.join(' / ')})`,
      );
    if (label.moods[0] === mood) first++;
  }
  const share = accepted / LABELS.length;
  console.log(`Passages labelled: ${LABELS.length}`);
  console.log(
    `Mood agreement with a reader: ${(share * 100).toFixed(1)} %   target ≥ ${TARGET * 100} %   (${share >= TARGET ? 'met' : 'NOT met'})`,
  );
  console.log(`The reader's first mood: ${((first / LABELS.length) * 100).toFixed(1)} %`);
  if (misses.length) console.log(`Disagreements:\n${misses.join('\n')}`);
}

await main();
