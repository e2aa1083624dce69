import {
  IngestError,
  cleanChapterContent,
  detectFormat,
  detectStructure,
  documentFromText,
  extractDocument,
} from '../../functions/books/ingest';
import type { SourceFormat } from '../../functions/books/ingest';
import { ZipArchive } from '../../functions/books/ingest/zip';
import { findFirst, parseXml, textContent } from '../../functions/books/ingest/xml';
import {
  BOMB_BYTES,
  deflatedZeros,
  makeSingleParagraph,
  makeXxeDocx,
  makeXxeEpub,
  makeZipBombDocx,
  makeZipBombEpub,
  writeZip,
} from '../fixtures/books';
import { machine, row, timeRuns } from './timing';

/**
 * `npm run bench:ingest-guards`: how fast ingestion's defences answer hostile or extreme input — zip
 * bombs, entity attacks, a 2 MB paragraph, a 400 000-word clean-up — against the limits the product
 * promises (a refusal within the time a user waits for an upload answer). Median of BENCH_RUNS runs
 * (default 5) after a warm-up. The unit tests check what happens; this checks how fast.
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

async function refusal(bytes: Uint8Array, name: string, code: string) {
  try {
    await extractDocument(bytes, detectFormat(bytes, name));
  } catch (error) {
    if (error instanceof IngestError && error.code === code) return;
    throw error;
  }
  throw new Error(`${name} was not refused`);
}

function zipRefusal(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof IngestError && error.code === 'archive_too_large') return;
    throw error;
  }
  throw new Error('the archive was not refused');
}

async function main() {
  console.log(`Machine: ${machine()}; median of ${RUNS} runs after a warm-up`);
  const docxBomb = await makeZipBombDocx();
  const epubBomb = await makeZipBombEpub();
  console.log(
    row(
      'zip-bomb DOCX refused',
      (await timeRuns(RUNS, () => refusal(docxBomb, 'bomb.docx', 'archive_too_large'))).ms,
      2000,
    ),
  );
  console.log(
    row(
      'zip-bomb EPUB (lying header) refused',
      (await timeRuns(RUNS, () => refusal(epubBomb, 'bomb.epub', 'archive_too_large'))).ms,
      2000,
    ),
  );

  const honest = ZipArchive.open(writeZip([{ name: 'big.xml', deflated: await deflatedZeros(BOMB_BYTES) }]));
  console.log(
    row(
      'zip entry declaring a huge size refused unread',
      (await timeRuns(RUNS, () => zipRefusal(() => honest.read('big.xml')))).ms,
      50,
    ),
  );
  const lying = ZipArchive.open(
    writeZip([{ name: 'small.xml', deflated: await deflatedZeros(BOMB_BYTES), declaredSize: 1024 }]),
  );
  console.log(
    row(
      'zip entry lying about its size stopped at the cap',
      (await timeRuns(RUNS, () => zipRefusal(() => lying.read('small.xml')))).ms,
      2000,
    ),
  );

  for (const format of ['docx', 'epub'] as const) {
    for (const attack of ['xxe', 'billion-laughs'] as const) {
      const bytes = format === 'docx' ? await makeXxeDocx(attack) : await makeXxeEpub(attack);
      const { ms } = await timeRuns(RUNS, () =>
        extractDocument(bytes, detectFormat(bytes, `book.${format}`) as SourceFormat),
      );
      console.log(row(`${format.toUpperCase()} with ${attack} extracted without expansion`, ms, 1000));
    }
  }

  const levels = ['<!ENTITY lol "lol">'];
  for (let i = 1; i <= 9; i++)
    levels.push(`<!ENTITY lol${i} "${`&lol${i === 1 ? '' : i - 1};`.repeat(10)}">`);
  const laughs = `<!DOCTYPE lolz [${levels.join('')}]><lolz>&lol9;</lolz>`;
  console.log(
    row(
      'billion-laughs XML parsed',
      (await timeRuns(RUNS, () => textContent(findFirst(parseXml(laughs), 'lolz')!))).ms,
      50,
    ),
  );

  const paragraph = new TextDecoder().decode(await makeSingleParagraph(2 * 1024 * 1024));
  console.log(
    row(
      '2 MB paragraph without sentence ends split into parts',
      (await timeRuns(RUNS, () => detectStructure(documentFromText(paragraph)))).ms,
      3000,
    ),
  );

  const huge = 'word '.repeat(400_000);
  console.log(
    row('400 000-word chapter cleaned', (await timeRuns(RUNS, () => cleanChapterContent(huge))).ms, 1000),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
