import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startLocalRuntime } from '../../infra/local/runtime';
import { makeLargeEpub, makeLargePdf } from '../fixtures/books';
import { CORPUS, comparableTitle } from '../fixtures/corpus';

/**
 * `npm run bench:ingest`: for a generated 300-page PDF and a ~1 MB EPUB, the time from upload to
 * READY-for-review through the whole local stack (API, Step Functions, workers, storage), the
 * extraction alone in a fresh process with its peak memory, and the ratio to pdftotext; then one
 * real-layout book per class of the corpus (tests/fixtures/corpus), extracted and structured in a
 * fresh process, with its chapter titles checked and, for PDFs, the ratio to pdftotext.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function extractInFreshProcess(path: string, name: string) {
  const out = execFileSync(
    process.execPath,
    [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'tests/bench/ingest-worker.ts'), path, name],
    {
      encoding: 'utf8',
    },
  );
  return JSON.parse(out.trim().split('\n').pop()!) as {
    ms: number;
    rssMb: number;
    chapters: number;
    titles: string[];
  };
}

function pdftotextMs(path: string): number | null {
  if (spawnSync('which', ['pdftotext']).status !== 0) return null;
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-']);
    times.push(performance.now() - started);
  }
  return median(times);
}

/** One real-layout book per class of real-world failure (see tests/fixtures/corpus/index.ts). */
const REAL_LAYOUT_CASES: { label: string; name: string }[] = [
  { label: '1 title + contents page (Word PDF)', name: 'wonderland-word-small-headings.pdf' },
  { label: '2 wrapped headings (Word PDF)', name: 'rectory-wrapped.pdf' },
  { label: '3 Standard Ebooks EPUB 3', name: 'wonderland-standard.epub' },
  { label: '4 illustrated EPUB near 10 MB', name: 'wonderland-illustrated.epub' },
  { label: '5 Gutenberg plain text', name: 'adventures-gutenberg.txt' },
  { label: '6 chapter numbers only (Word PDF)', name: 'netherfield-word.pdf' },
];

async function realLayoutCases(work: string) {
  const rows: string[] = [];
  for (const { label, name } of REAL_LAYOUT_CASES) {
    const book = CORPUS.find((candidate) => candidate.name === name)!;
    const bytes = await book.make();
    const path = join(work, name);
    writeFileSync(path, bytes);
    const runs = Array.from({ length: RUNS }, () => extractInFreshProcess(path, name));
    const result = runs.sort((a, b) => a.ms - b.ms)[Math.floor(runs.length / 2)]!;
    const right = book.expected.titles.filter(
      (title, i) =>
        result.titles[i] !== undefined && comparableTitle(result.titles[i]) === comparableTitle(title),
    ).length;
    const exact = right === book.expected.titles.length && result.titles.length === right;
    let ratio = '';
    if (book.format === 'pdf') {
      const poppler = pdftotextMs(path);
      ratio =
        poppler === null
          ? 'pdftotext not installed'
          : `pdftotext ${poppler.toFixed(0)} ms → ratio ${(result.ms / poppler).toFixed(1)}× (target ≤ 2×: ${result.ms / poppler <= 2 ? 'met' : 'NOT met'})`;
    }
    rows.push(
      `  ${label.padEnd(36)} ${name.padEnd(36)} ${(bytes.length / 1024).toFixed(0).padStart(6)} KB  ${result.ms.toFixed(0).padStart(5)} ms  RSS ${result.rssMb.toFixed(0)} MB (target < 512 MB: ${result.rssMb < 512 ? 'met' : 'NOT met'})  titles ${right}/${book.expected.titles.length}${exact ? ' exact' : ' NOT exact'}${ratio ? `  ${ratio}` : ''}`,
    );
  }
  return rows;
}

async function main() {
  const work = mkdtempSync(join(tmpdir(), 'bookstudio-ingest-bench-'));
  const pdf = await makeLargePdf(300);
  const epub = await makeLargeEpub(1_000_000);
  const pdfPath = join(work, 'book.pdf');
  const epubPath = join(work, 'book.epub');
  writeFileSync(pdfPath, pdf);
  writeFileSync(epubPath, epub);

  const runtime = await startLocalRuntime({
    dataDir: join(work, 'data'),
    port: 0,
    publicHost: '127.0.0.1',
    logLevel: 'SILENT',
  });
  try {
    const api = (path: string, init: RequestInit & { token?: string } = {}) =>
      fetch(`${runtime.apiUrl}${path}`, {
        ...init,
        headers: { ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...init.headers },
      });
    const email = `bench-${Date.now()}@example.com`;
    const json = { 'content-type': 'application/json' };
    await api('/auth/register', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ display_name: 'Bench', email, password: 'Bench-Lantern-42' }),
    });
    await api('/auth/verify-email', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email, code: runtime.mailbox.list(email)[0]!.code }),
    });
    const { access_token: token } = (await (
      await api('/auth/login', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email, password: 'Bench-Lantern-42' }),
      })
    ).json()) as { access_token: string };

    const endToEnd = async (name: string, data: Uint8Array) => {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const form = new FormData();
        form.set('book_type', 'learning');
        form.set('file', new Blob([data as BlobPart]), name);
        const started = performance.now();
        const upload = (await (await api('/books/upload', { method: 'POST', body: form, token })).json()) as {
          id: string;
        };
        // Poll the book list (a cheap query) rather than the status, which also returns the structure.
        for (;;) {
          const books = (await (await api('/books', { token })).json()) as {
            id: string;
            status: string;
            error_message: string;
          }[];
          const book = books.find((b) => b.id === upload.id)!;
          if (book.status === 'READY') break;
          if (book.status === 'FAILED') throw new Error(book.error_message);
          await new Promise((r) => setTimeout(r, 25));
        }
        times.push(performance.now() - started);
      }
      return median(times);
    };

    const pdfE2e = await endToEnd('book.pdf', pdf);
    const epubE2e = await endToEnd('book.epub', epub);
    const pdfAlone = extractInFreshProcess(pdfPath, 'book.pdf');
    const epubAlone = extractInFreshProcess(epubPath, 'book.epub');
    const poppler = pdftotextMs(pdfPath);

    console.log(
      `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
    );
    console.log(`Median of ${RUNS} runs.`);
    console.log(`300-page PDF (${(pdf.length / 1024).toFixed(0)} KB, ${pdfAlone.chapters} chapters)`);
    console.log(
      `  upload → READY for review   ${(pdfE2e / 1000).toFixed(2)} s   (target ≤ 3 s: ${pdfE2e <= 3000 ? 'met' : 'NOT met'})`,
    );
    console.log(
      `  extraction + structure      ${(pdfAlone.ms / 1000).toFixed(2)} s in a fresh process, peak RSS ${pdfAlone.rssMb.toFixed(0)} MB (target < 512 MB: ${pdfAlone.rssMb < 512 ? 'met' : 'NOT met'})`,
    );
    if (poppler !== null)
      console.log(
        `  pdftotext                   ${(poppler / 1000).toFixed(2)} s → ratio ${(pdfAlone.ms / poppler).toFixed(1)}× (extraction / pdftotext)`,
      );
    else
      console.log(
        '  pdftotext                   not installed (apt-get install poppler-utils for the ratio)',
      );
    console.log(`~1 MB EPUB (${(epub.length / 1024).toFixed(0)} KB, ${epubAlone.chapters} chapters)`);
    console.log(
      `  upload → READY for review   ${(epubE2e / 1000).toFixed(2)} s   (target ≤ 1 s: ${epubE2e <= 1000 ? 'met' : 'NOT met'})`,
    );
    console.log(
      `  extraction + structure      ${(epubAlone.ms / 1000).toFixed(2)} s in a fresh process, peak RSS ${epubAlone.rssMb.toFixed(0)} MB (target < 512 MB: ${epubAlone.rssMb < 512 ? 'met' : 'NOT met'})`,
    );
    console.log('Real-layout books, one per class (extraction + structure in a fresh process):');
    for (const row of await realLayoutCases(work)) console.log(row);
  } finally {
    await runtime.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
