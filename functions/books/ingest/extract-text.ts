import chardet from 'chardet';
import { classifyHeading, cleanHeadingText, plainTextHeadingLevel } from './headings';
import { decodeBytes, joinLines, wordSet } from './text-tools';
import { IngestError } from './types';
import type { DocBlock, ExtractedDocument } from './types';

/**
 * Plain text (uploaded .txt files and pasted text): works out the encoding, then rebuilds paragraphs
 * and headings from line layout alone.
 */

export const NO_TEXT_MESSAGE = 'The text is empty. Paste or upload a book with some text in it.';

/** Legacy encodings chardet may name that make sense for a book; anything else is a misdetection. */
const SENSIBLE_ENCODINGS =
  wordSet(`windows-1250 windows-1251 windows-1252 windows-1253 windows-1254 windows-1255
  windows-1256 windows-1257 iso-8859-1 iso-8859-2 iso-8859-5 iso-8859-7 iso-8859-8 iso-8859-9 iso-8859-15 koi8-r
  shift_jis euc-jp euc-kr big5 gb18030`);
const CHARDET_SAMPLE_BYTES = 64 * 1024;
const MIN_CHARDET_CONFIDENCE = 30;

export function decodeText(bytes: Uint8Array): { text: string; encoding: string } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: new TextDecoder('utf-8').decode(bytes), encoding: 'utf-8' };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { text: new TextDecoder('utf-16le').decode(bytes), encoding: 'utf-16le' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return { text: new TextDecoder('utf-16be').decode(bytes), encoding: 'utf-16be' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    const encoding = guessLegacyEncoding(bytes);
    return { text: decodeBytes(bytes, encoding), encoding };
  }
}

function guessLegacyEncoding(bytes: Uint8Array): string {
  const best = chardet.analyse(bytes.subarray(0, CHARDET_SAMPLE_BYTES))[0];
  const name = best?.name.toLowerCase();
  if (!best || !name || !SENSIBLE_ENCODINGS.has(name) || best.confidence < MIN_CHARDET_CONFIDENCE) {
    return 'windows-1252';
  }
  // Latin-1 files almost always use the Windows superset (curly quotes in 0x80–0x9F).
  return name === 'iso-8859-1' ? 'windows-1252' : name;
}

export function extractTxt(bytes: Uint8Array): ExtractedDocument {
  const { text, encoding } = decodeText(bytes);
  return textToDocument(text, encoding);
}

/** Turns already-decoded text (a decoded file or pasted text) into blocks. */
export function textToDocument(text: string, encoding?: string): ExtractedDocument {
  const lines = stripGutenbergLicence(normaliseNewlines(text)).split('\n');
  const blocks = linesToBlocks(lines);
  if (blocks.length === 0) throw new IngestError('no_text', NO_TEXT_MESSAGE);
  return { format: 'txt', blocks, toc: [], ...(encoding ? { encoding } : {}) };
}

function normaliseNewlines(text: string): string {
  return (
    text
      .replace(/\r\n?/g, '\n')
      .replace(/[\f\u2029]/g, '\n\n')
      .replace(/\u2028/g, '\n')
      // Other control characters are noise from old word processors.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/g, '')
  );
}

/** Project Gutenberg texts wrap the book in a licence; only what is between the markers is the book. */
function stripGutenbergLicence(text: string): string {
  const start = /^\*\*\* ?START OF (?:THE|THIS) PROJECT GUTENBERG.*$/im.exec(text.slice(0, 100_000));
  const from = start ? start.index + start[0].length : 0;
  const end = /^\*\*\* ?END OF (?:THE|THIS) PROJECT GUTENBERG/im.exec(text.slice(from));
  return end ? text.slice(from, from + end.index) : text.slice(from);
}

interface LineLayout {
  /** Lines were wrapped at a fixed width, so a single line break is not a paragraph break. */
  wrapped: boolean;
  wrapWidth: number;
  /** Blank lines separate paragraphs (rather than single line breaks and indentation). */
  blankSeparated: boolean;
}

function measureLayout(lines: readonly string[]): LineLayout {
  const histogram = new Uint32Array(1001);
  let nonBlank = 0;
  let groups = 0;
  let previousBlank = true;
  for (const line of lines) {
    const length = line.trim().length;
    if (length === 0) {
      previousBlank = true;
      continue;
    }
    nonBlank++;
    if (previousBlank) groups++;
    previousBlank = false;
    const bucket = Math.min(length, 1000);
    histogram[bucket] = (histogram[bucket] as number) + 1;
  }
  let seen = 0;
  let p90 = 0;
  for (let length = 0; length <= 1000; length++) {
    seen += histogram[length] as number;
    if (seen >= nonBlank * 0.9) {
      p90 = length;
      break;
    }
  }
  let nearWidth = 0;
  for (let length = Math.ceil(p90 * 0.7); length <= 1000; length++) nearWidth += histogram[length] as number;
  return {
    wrapped: p90 >= 40 && p90 <= 100 && nearWidth >= nonBlank * 0.5,
    wrapWidth: p90,
    blankSeparated: groups > 0 && nonBlank / groups <= 20,
  };
}

const MARKDOWN_HEADING = /^(#{1,6})\s+(.+?)\s*#*$/;

function headingBlock(line: string): DocBlock | null {
  const text = line.trim();
  if (text.length > 100) return null;
  const markdown = MARKDOWN_HEADING.exec(text);
  if (markdown) {
    return {
      kind: 'heading',
      text: cleanHeadingText(markdown[2] as string),
      level: (markdown[1] as string).length,
    };
  }
  const info = classifyHeading(text);
  if (!info.strong || info.kind === 'front' || info.kind === 'other') return null;
  return { kind: 'heading', text: cleanHeadingText(text), level: plainTextHeadingLevel(info) };
}

function linesToBlocks(lines: readonly string[]): DocBlock[] {
  const layout = measureLayout(lines);
  const blocks: DocBlock[] = [];
  let group: string[] = [];

  const flushGroup = () => {
    if (group.length === 0) return;
    const [first, ...rest] = group;
    const headingLines = group.filter((line) => headingBlock(line) !== null).length;
    if (group.length > 1 && headingLines >= 2 && headingLines * 2 >= group.length) {
      // A list of headings (a contents page): every line is its own block.
      for (const line of group) blocks.push(headingBlock(line) ?? { kind: 'paragraph', text: line.trim() });
      group = [];
      return;
    }
    // A heading stands alone after a blank line; what follows it in the same group is text.
    const heading = headingBlock(first as string);
    if (heading) {
      blocks.push(heading);
      pushParagraphs(rest, layout, blocks);
    } else {
      pushParagraphs(group, layout, blocks);
    }
    group = [];
  };

  for (const line of lines) {
    if (line.trim() === '') {
      flushGroup();
    } else if (!layout.blankSeparated && headingBlock(line)) {
      // Without blank lines, a heading line is recognised on its own.
      flushGroup();
      group.push(line);
      flushGroup();
    } else {
      group.push(line);
    }
  }
  flushGroup();
  return blocks;
}

function pushParagraphs(lines: readonly string[], layout: LineLayout, blocks: DocBlock[]): void {
  if (lines.length === 0) return;
  if (!layout.wrapped) {
    // Unwrapped text: every line break is deliberate.
    for (const line of lines) {
      const text = line.trim();
      if (text) blocks.push({ kind: 'paragraph', text });
    }
    return;
  }
  // A run of short lines (a contents list, verse, an address) keeps its line breaks.
  const short = lines.map((line) => line.trim().length < layout.wrapWidth * 0.7);
  if (lines.length >= 2 && short.slice(0, -1).every(Boolean)) {
    blocks.push({ kind: 'paragraph', text: lines.map((line) => line.trim()).join('\n') });
    return;
  }
  const indented = lines.map((line) => /^(\t| {2,})/.test(line));
  // Indented lines inside a block (not a block quote, where every line is indented) start paragraphs.
  const indentedParagraphs = indented.slice(1).some(Boolean) && !indented.every(Boolean);
  if (layout.blankSeparated && !indentedParagraphs) {
    blocks.push({ kind: 'paragraph', text: joinLines(lines) });
    return;
  }
  // Wrapped text without blank lines: an indented line or one after a short line starts a paragraph.
  let paragraph: string[] = [];
  let previousShort = false;
  lines.forEach((line, i) => {
    if (paragraph.length > 0 && (indented[i] || previousShort)) {
      blocks.push({ kind: 'paragraph', text: joinLines(paragraph) });
      paragraph = [];
    }
    paragraph.push(line);
    previousShort = line.trim().length < layout.wrapWidth * 0.6;
  });
  if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: joinLines(paragraph) });
}
