import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  cleanChapterContent,
  detectFormat,
  detectStructure,
  extractDocument,
} from '../../functions/books/ingest';
import { dialogueWithNarrator } from '../../functions/engine/text/local/dialogue';
import { findCast, mainCharacters } from '../../functions/engine/text/local/names';
import { quoteSpans } from '../../functions/engine/text/local/reading';
import { CORPUS_CASTS, PDNC_OTHERS } from './corpus-casts';
import { novelFolders, readNovel, type PdncNovel } from './pdnc';
import { scoreCast, type CastScore, type KnownCharacter } from './reading-casts';
import { QUOTE_TYPES, scoreQuotes, type QuoteScore } from './reading-quotes';
import { machine } from './timing';

/**
 * `npm run bench:reading`: the text engine's reading of real books.
 *
 * 1. Quotations on PDNC (`../shared/pdnc`): the code of `npm run engine -- quotes` on each whole
 *    novel, scored against the hand-annotated speakers — found, right of all, right by type
 *    (Explicit, Anaphoric, Implicit), seconds per novel.
 * 2. Casts: the plot overview's cast finding (`findCast` and `dialogueWithNarrator`, as the plot
 *    overview calls them) on each whole book of `../shared/corpus` (ingested as an upload is: format,
 *    extraction, chapters, cleaning) and of PDNC — main cast found, listed names that are people of
 *    the book, characters listed twice. `BENCH_ONLY=<name>,…` limits the books (or `--novel <name>,…`), `BENCH_PART=quotes|casts`
 *    (or `--only quotes|casts`) one of the two parts; `BENCH_ERRORS=1`
 *    prints the first wrong quotations of each novel.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SHARED = resolve(ROOT, '..', 'shared');
const PDNC = join(SHARED, 'pdnc');
const CORPUS = join(SHARED, 'corpus');
/** `--novel <name>[,…]` (or `BENCH_ONLY`) and `--only quotes|casts` (or `BENCH_PART`): a part of the run. */
const flag = (name: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const ONLY = (flag('--novel') ?? process.env.BENCH_ONLY)?.split(',').filter(Boolean);
const PART = flag('--only') ?? process.env.BENCH_PART;
const wanted = (name: string) =>
  !ONLY?.length || ONLY.some((o) => name.toLowerCase().includes(o.toLowerCase()));

const TARGET = { found: 98, all: 90, explicit: 97, seconds: 20, main: 90, real: 95 };
const pct = (part: number, whole: number) => (whole ? (100 * part) / whole : 100);
const fmt = (value: number) => `${value.toFixed(1)} %`;
const mark = (ok: boolean) => (ok ? 'met' : 'NOT met');

function quoteRow(name: string, s: QuoteScore, seconds: number): string {
  const type = (t: (typeof QUOTE_TYPES)[number]) =>
    fmt(pct(s.byType[t].right, s.byType[t].total)).padStart(8);
  return `${name.padEnd(22)} ${fmt(pct(s.found, s.total)).padStart(8)} ${fmt(pct(s.right, s.total)).padStart(8)} ${type('Explicit')} ${type('Anaphoric')} ${type('Implicit')} ${seconds.toFixed(1).padStart(7)} s`;
}

function printErrors(novel: PdncNovel, score: QuoteScore) {
  for (const e of score.errors.slice(0, 25)) {
    const [start, end] = e.quotation.spans[0]!;
    const words = novel.text.slice(start, Math.min(end, start + 70)).replace(/\s+/g, ' ');
    console.log(
      `    ${e.quotation.type.padEnd(9)} ${e.quotation.speaker} ← ${e.predicted.join(' | ')}: "${words}"`,
    );
  }
}

function quotations(folders: string[]) {
  console.log('\nQuotations (PDNC): found, right of all, right by type, seconds per novel');
  console.log(
    `${'novel'.padEnd(22)} ${'found'.padStart(8)} ${'all'.padStart(8)} ${'explicit'.padStart(8)} ${'anaphor.'.padStart(8)} ${'implicit'.padStart(8)} ${'time'.padStart(9)}`,
  );
  const total: QuoteScore = {
    total: 0,
    found: 0,
    right: 0,
    byType: {
      Explicit: { total: 0, right: 0 },
      Anaphoric: { total: 0, right: 0 },
      Implicit: { total: 0, right: 0 },
    },
    errors: [],
  };
  let slowest = 0;
  const below: string[] = [];
  for (const folder of folders) {
    const novel = readNovel(PDNC, folder);
    const started = performance.now();
    const spans = quoteSpans(novel.text);
    const seconds = (performance.now() - started) / 1000;
    slowest = Math.max(slowest, seconds);
    const score = scoreQuotes(novel, spans);
    console.log(quoteRow(folder, score, seconds));
    if (process.env.BENCH_ERRORS) printErrors(novel, score);
    total.total += score.total;
    total.found += score.found;
    total.right += score.right;
    for (const t of QUOTE_TYPES) {
      total.byType[t].total += score.byType[t].total;
      total.byType[t].right += score.byType[t].right;
    }
    if (
      pct(score.right, score.total) < TARGET.all ||
      pct(score.byType.Explicit.right, score.byType.Explicit.total) < TARGET.explicit
    )
      below.push(folder);
  }
  console.log(quoteRow('overall', total, slowest).replace(/ s$/, ' s (slowest)'));
  const overall = [
    ['found', pct(total.found, total.total), TARGET.found],
    ['right of all', pct(total.right, total.total), TARGET.all],
    ['right of explicit', pct(total.byType.Explicit.right, total.byType.Explicit.total), TARGET.explicit],
  ] as const;
  for (const [label, value, target] of overall)
    console.log(
      `  ${label.padEnd(20)} ${fmt(value).padStart(8)}   target ≥ ${target} %   ${mark(value >= target)}`,
    );
  console.log(
    `  ${'slowest novel'.padEnd(20)} ${`${slowest.toFixed(1)} s`.padStart(8)}   target ≤ ${TARGET.seconds} s   ${mark(slowest <= TARGET.seconds)}`,
  );
  console.log(
    `  novels below the per-novel targets (all ≥ ${TARGET.all} %, explicit ≥ ${TARGET.explicit} %): ${below.join(', ') || 'none'}`,
  );
}

/** A book as an upload becomes one: format, extraction, chapters, cleaned chapter text. */
async function ingest(path: string): Promise<string> {
  const bytes = new Uint8Array(readFileSync(path));
  const document = await extractDocument(bytes, detectFormat(bytes, path));
  return detectStructure(document)
    .chapters.map((c) => cleanChapterContent(c.content).trim())
    .join('\n\n\n');
}

/** The cast the plot overview finds in a whole book, as it lists it. */
function listedCast(text: string) {
  const cast = findCast(text);
  dialogueWithNarrator(text, cast);
  return mainCharacters(cast);
}

function castRow(name: string, s: CastScore): string {
  return `${name.padEnd(36)} ${`${s.mainFound}/${s.main}`.padStart(6)} ${fmt(pct(s.mainFound, s.main)).padStart(8)} ${`${s.real}/${s.listed}`.padStart(7)} ${fmt(pct(s.real, s.listed)).padStart(8)} ${String(s.duplicates.length).padStart(5)}`;
}

async function casts(books: { name: string; text: () => Promise<string>; knowns: KnownCharacter[] }[]) {
  console.log('\nCasts: main cast found, listed names that are people of the book, characters listed twice');
  console.log(
    `${'book'.padEnd(36)} ${'main'.padStart(6)} ${'found'.padStart(8)} ${'people'.padStart(7)} ${'real'.padStart(8)} ${'twice'.padStart(5)}`,
  );
  const failing: string[] = [];
  let [main, found, listed, real, twice] = [0, 0, 0, 0, 0];
  for (const book of books) {
    const score = scoreCast(listedCast(await book.text()), book.knowns);
    console.log(castRow(book.name, score));
    if (score.missing.length) console.log(`    main cast not found: ${score.missing.join(', ')}`);
    if (score.misses.length)
      console.log(`    listed, not known as people of the book: ${score.misses.join(', ')}`);
    if (score.duplicates.length) console.log(`    listed twice: ${score.duplicates.join('; ')}`);
    main += score.main;
    found += score.mainFound;
    listed += score.listed;
    real += score.real;
    twice += score.duplicates.length;
    if (
      pct(score.mainFound, score.main) < TARGET.main ||
      pct(score.real, score.listed) < TARGET.real ||
      score.duplicates.length
    )
      failing.push(book.name);
  }
  console.log(
    `  ${'main cast found'.padEnd(20)} ${fmt(pct(found, main)).padStart(8)}   target ≥ ${TARGET.main} % in every book`,
  );
  console.log(
    `  ${'listed are people'.padEnd(20)} ${fmt(pct(real, listed)).padStart(8)}   target ≥ ${TARGET.real} % in every book`,
  );
  console.log(`  ${'listed twice'.padEnd(20)} ${String(twice).padStart(8)}   target 0`);
  console.log(`  books below a target: ${failing.join(', ') || 'none'}`);
}

function pdncKnowns(novel: PdncNovel): KnownCharacter[] {
  return [
    ...novel.characters
      .filter((c) => !c.name.startsWith('_'))
      .map((c) => ({ names: c.aliases, main: c.category === 'major' || c.category === 'intermediate' })),
    ...(PDNC_OTHERS[novel.folder] ?? []).map((names) => ({ names, main: false })),
  ];
}

async function main() {
  console.log(`Machine: ${machine()}`);
  if (!existsSync(PDNC) || !existsSync(CORPUS)) {
    console.log(`Skipped: the books are read from ${SHARED} (pdnc/ and corpus/), which is not here.`);
    return;
  }
  const folders = novelFolders(PDNC).filter(wanted);
  if (PART !== 'casts') quotations(folders);
  if (PART === 'quotes') return;
  await casts([
    ...CORPUS_CASTS.filter((b) => wanted(b.file)).map((b) => ({
      name: b.file,
      text: () => ingest(join(CORPUS, b.file)),
      knowns: b.knowns,
    })),
    ...folders.map((folder) => {
      const novel = readNovel(PDNC, folder);
      return { name: `pdnc/${folder}`, text: async () => novel.text, knowns: pdncKnowns(novel) };
    }),
  ]);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
