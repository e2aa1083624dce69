import { getDocumentProxy } from 'unpdf';
import { bodyFontSize, itemsToLines, pagesToBlocks, removeRunningLines } from './pdf-layout';
import type { PdfPage, PdfTextItem } from './pdf-layout';
import { collapseWhitespace } from './text-tools';
import { IngestError } from './types';
import type { DocBlock, ExtractedDocument, TocEntry } from './types';

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

const ENCRYPTED_MESSAGE = 'This PDF is password-protected. Remove the password and upload it again.';
const CORRUPT_MESSAGE = "This PDF file is damaged and can't be read.";
const NO_TEXT_LAYER_MESSAGE =
  'This PDF has no text layer — it looks like a scan. Upload a PDF with selectable text (run it through OCR first), or paste the text instead.';

/** Fewer visible characters than this per page on average means the pages are pictures of text. */
const MIN_CHARS_PER_PAGE = 20;
const MAX_OUTLINE_ENTRIES = 5_000;
/** Far beyond any book; a small file with more pages is built to keep a worker busy. */
const MAX_PAGES = 10_000;

export async function extractPdf(bytes: Uint8Array): Promise<ExtractedDocument> {
  let pdf: PdfDocument;
  try {
    // pdf.js takes ownership of (detaches) the buffer it is given, so it gets a copy.
    pdf = await getDocumentProxy(bytes.slice(), {
      verbosity: 0,
      isEvalSupported: false,
      stopAtErrors: false,
    });
  } catch (error) {
    if ((error as { name?: string }).name === 'PasswordException') {
      throw new IngestError('encrypted', ENCRYPTED_MESSAGE);
    }
    throw new IngestError('corrupt', CORRUPT_MESSAGE);
  }
  try {
    if (pdf.numPages > MAX_PAGES) {
      throw new IngestError(
        'too_large',
        `This PDF has more than ${MAX_PAGES.toLocaleString('en-US')} pages, more than any book we can process. Split it into smaller files and upload them one by one.`,
      );
    }
    const pages = await readPages(pdf);
    const bodySize = bodyFontSize(pages);
    const cleaned = removeRunningLines(pages, bodySize);
    const visibleChars = cleaned.reduce(
      (sum, page) => sum + page.lines.reduce((chars, line) => chars + line.text.length, 0),
      0,
    );
    if (visibleChars < Math.max(1, pdf.numPages * MIN_CHARS_PER_PAGE)) {
      throw new IngestError('no_text_layer', NO_TEXT_LAYER_MESSAGE);
    }
    const blocks = pagesToBlocks(cleaned, bodySize);
    const { title, author, language } = await readInfo(pdf);
    return {
      format: 'pdf',
      ...(title ? { title } : {}),
      ...(author ? { author } : {}),
      ...(language ? { language } : {}),
      blocks,
      toc: await readOutline(pdf, blocks),
      pageCount: pdf.numPages,
    };
  } finally {
    await pdf.destroy().catch(() => undefined);
  }
}

/** One page at a time, releasing each page's resources before the next, to keep memory flat. */
async function readPages(pdf: PdfDocument): Promise<PdfPage[]> {
  const pages: PdfPage[] = [];
  let failures = 0;
  for (let number = 1; number <= pdf.numPages; number++) {
    try {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      const items: PdfTextItem[] = [];
      for (const item of content.items) {
        if (!('str' in item) || !item.str) continue;
        const [a, b, c, d, x, y] = item.transform as number[];
        items.push({
          str: item.str,
          x: x ?? 0,
          y: y ?? 0,
          width: item.width,
          size: Math.hypot(c ?? 0, d ?? 0) || Math.hypot(a ?? 0, b ?? 0),
        });
      }
      const [, bottom = 0, , top = 0] = page.view;
      pages.push({ number, top, bottom, lines: itemsToLines(items) });
      page.cleanup();
    } catch {
      failures++;
    }
  }
  if (pdf.numPages > 0 && failures === pdf.numPages) throw new IngestError('corrupt', CORRUPT_MESSAGE);
  return pages;
}

/** Word processors often leave a file name or "Untitled" as the title; those are not titles. */
function usableTitle(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const title = collapseWhitespace(value);
  if (!title || /^(untitled|microsoft word\b|document\d*$)|\.(docx?|pdf|indd|txt|rtf)$/i.test(title))
    return undefined;
  return title;
}

async function readInfo(pdf: PdfDocument): Promise<{ title?: string; author?: string; language?: string }> {
  try {
    const info = (await pdf.getMetadata()).info as Record<string, unknown> | undefined;
    const author = typeof info?.Author === 'string' ? collapseWhitespace(info.Author) : '';
    const language = typeof info?.Language === 'string' ? info.Language : '';
    return {
      ...(usableTitle(info?.Title) ? { title: usableTitle(info?.Title) } : {}),
      ...(author ? { author } : {}),
      ...(language ? { language } : {}),
    };
  } catch {
    return {};
  }
}

interface OutlineNode {
  title: string;
  dest: string | unknown[] | null;
  items: OutlineNode[];
}

/** The outline (bookmarks) as a table of contents, each entry pointed at its block when possible. */
async function readOutline(pdf: PdfDocument, blocks: readonly DocBlock[]): Promise<TocEntry[]> {
  let outline: OutlineNode[] | null;
  try {
    outline = (await pdf.getOutline()) as OutlineNode[] | null;
  } catch {
    return [];
  }
  if (!outline?.length) return [];

  const firstBlockOfPage = new Map<number, number>();
  blocks.forEach((block, index) => {
    if (block.page !== undefined && !firstBlockOfPage.has(block.page))
      firstBlockOfPage.set(block.page, index);
  });

  const toc: TocEntry[] = [];
  const stack: { node: OutlineNode; level: number }[] = outline.map((node) => ({ node, level: 1 })).reverse();
  while (stack.length && toc.length < MAX_OUTLINE_ENTRIES) {
    const { node, level } = stack.pop() as { node: OutlineNode; level: number };
    const title = collapseWhitespace(node.title ?? '');
    if (title) {
      const page = await destinationPage(pdf, node.dest);
      const blockIndex =
        page === undefined ? undefined : findBlockOnPage(blocks, firstBlockOfPage, page, title);
      toc.push({ title, level, ...(blockIndex === undefined ? {} : { blockIndex }) });
    }
    for (let i = (node.items?.length ?? 0) - 1; i >= 0; i--) {
      stack.push({ node: node.items[i] as OutlineNode, level: level + 1 });
    }
  }
  return toc;
}

async function destinationPage(pdf: PdfDocument, dest: OutlineNode['dest']): Promise<number | undefined> {
  try {
    const explicit = typeof dest === 'string' ? await pdf.getDestination(dest) : dest;
    const target = explicit?.[0];
    if (typeof target === 'number') return target + 1;
    if (target && typeof target === 'object') return (await pdf.getPageIndex(target as never)) + 1;
  } catch {
    // A broken bookmark just doesn't point anywhere.
  }
  return undefined;
}

function comparable(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The block on `page` whose text matches the entry's title, else the first block from that page on. */
function findBlockOnPage(
  blocks: readonly DocBlock[],
  firstBlockOfPage: Map<number, number>,
  page: number,
  title: string,
): number | undefined {
  let start: number | undefined;
  for (let p = page; p <= page + 2 && start === undefined; p++) start = firstBlockOfPage.get(p);
  if (start === undefined) return undefined;
  const wanted = comparable(title);
  for (
    let i = start;
    i < blocks.length && (blocks[i] as DocBlock).page === (blocks[start] as DocBlock).page;
    i++
  ) {
    const text = comparable((blocks[i] as DocBlock).text);
    if (text && (text === wanted || text.startsWith(wanted) || wanted.startsWith(text))) return i;
  }
  return start;
}
