import { collapseWhitespace, wordSet } from './text-tools';
import { IngestError } from './types';
import type { DocBlock, ExtractedDocument, TocEntry } from './types';
import {
  attr,
  childElements,
  decodeXml,
  findAll,
  findFirst,
  localName,
  parseXml,
  scanXml,
  textContent,
} from './xml';
import { ZipArchive } from './zip';

/**
 * DOCX: paragraphs and headings from word/document.xml, streamed (the body can be tens of MB of XML)
 * with styles resolved by name so localised style ids ("berschrift1" = "heading 1") still count.
 */

const CORRUPT_MESSAGE = "This DOCX file is damaged and can't be read.";

interface StyleInfo {
  name: string;
  basedOn?: string;
  outlineLevel?: number;
}

export function extractDocx(bytes: Uint8Array): ExtractedDocument {
  const zip = ZipArchive.open(bytes, 'DOCX');
  const documentPath = relationshipTarget(zip, '_rels/.rels', '/officeDocument', '') ?? 'word/document.xml';
  const documentBytes = zip.read(documentPath) ?? zip.read('word/document.xml');
  if (!documentBytes) throw new IngestError('corrupt', CORRUPT_MESSAGE);
  const wordDir = documentPath.includes('/') ? documentPath.slice(0, documentPath.lastIndexOf('/') + 1) : '';
  const stylesPath =
    relationshipTarget(
      zip,
      `${wordDir}_rels/${documentPath.slice(wordDir.length)}.rels`,
      '/styles',
      wordDir,
    ) ?? `${wordDir}styles.xml`;
  const styles = readStyles(zip.read(stylesPath));
  const { blocks, toc, titleLine } = readBody(decodeXml(documentBytes), styles);
  const core = readCoreProperties(zip.read('docProps/core.xml'));
  const title = core.title || titleLine;
  return {
    format: 'docx',
    ...(title ? { title } : {}),
    ...(core.author ? { author: core.author } : {}),
    ...(core.language ? { language: core.language } : {}),
    blocks,
    toc,
  };
}

/** Follows a package relationship of type `...typeSuffix`; targets are relative to `baseDir`. */
function relationshipTarget(
  zip: ZipArchive,
  relsPath: string,
  typeSuffix: string,
  baseDir: string,
): string | undefined {
  const rels = zip.read(relsPath);
  if (!rels) return undefined;
  for (const relationship of findAll(parseXml(decodeXml(rels)), 'Relationship')) {
    const target = attr(relationship, 'Target');
    if (
      target &&
      attr(relationship, 'Type')?.endsWith(typeSuffix) &&
      attr(relationship, 'TargetMode') !== 'External'
    ) {
      return target.startsWith('/') ? target.slice(1) : baseDir + target;
    }
  }
  return undefined;
}

function readStyles(bytes: Uint8Array | undefined): Map<string, StyleInfo> {
  const styles = new Map<string, StyleInfo>();
  if (!bytes) return styles;
  for (const style of findAll(parseXml(decodeXml(bytes)), 'style')) {
    const id = attr(style, 'styleId');
    if (!id) continue;
    const nameElement = childElements(style, 'name')[0];
    const name = (nameElement && attr(nameElement, 'val')) || id;
    const basedOn = childElements(style, 'basedOn')[0];
    const outline = findFirst(style, 'outlineLvl');
    const level = outline ? Number(attr(outline, 'val')) : Number.NaN;
    styles.set(id, {
      name,
      ...(basedOn && attr(basedOn, 'val') ? { basedOn: attr(basedOn, 'val') } : {}),
      ...(Number.isInteger(level) ? { outlineLevel: level } : {}),
    });
  }
  return styles;
}

function readCoreProperties(bytes: Uint8Array | undefined): {
  title?: string;
  author?: string;
  language?: string;
} {
  if (!bytes) return {};
  const root = parseXml(decodeXml(bytes));
  const value = (name: string) => {
    const element = findFirst(root, name);
    return element ? textContent(element) : '';
  };
  return { title: value('title'), author: value('creator'), language: value('language') };
}

type ParagraphRole = { heading: number; isTitle: boolean } | { tocLevel: number } | null;

/** What the paragraph style makes a paragraph: a heading (from its name or outline level), a TOC line, or text. */
function styleRole(
  styles: Map<string, StyleInfo>,
  styleId: string | undefined,
  outlineLevel?: number,
): ParagraphRole {
  let id = styleId;
  let inheritedOutline: number | undefined;
  // Walk the basedOn chain (bounded, in case of cycles) for the name and the outline level.
  for (let depth = 0; id && depth < 10; depth++) {
    const style = styles.get(id);
    const name = (style?.name ?? id).toLowerCase().replace(/\s+/g, ' ').trim();
    const heading = /^heading ?([1-9])$/.exec(name);
    if (heading) return { heading: Number(heading[1]), isTitle: false };
    if (name === 'title') return { heading: 1, isTitle: true };
    const toc = /^toc ?([1-9])$/.exec(name);
    if (toc) return { tocLevel: Number(toc[1]) };
    if (name === 'toc heading') return { tocLevel: 0 };
    if (depth === 0 && name === 'subtitle') return null;
    inheritedOutline ??= style?.outlineLevel;
    id = style?.basedOn;
  }
  const level = outlineLevel ?? inheritedOutline;
  return level !== undefined && level >= 0 && level < 9 ? { heading: level + 1, isTitle: false } : null;
}

interface OpenParagraph {
  parts: string[];
  styleId?: string;
  outlineLevel?: number;
  bookmarks: string[];
  anchor?: string;
  inToc: boolean;
}

interface OpenField {
  instruction: string;
  showingResult: boolean;
}

/** Elements whose content is never visible text: revision history and fallback copies of drawings. */
const HIDDEN_ELEMENTS = wordSet('pPrChange rPrChange Fallback moveFrom del instrText');

/** An element inside a paragraph that adds to its text, its style or its links. */
function readInParagraph(
  paragraph: OpenParagraph,
  local: string,
  attrs: Record<string, string>,
  inProperties: boolean,
  inRun: boolean,
): void {
  switch (local) {
    case 'pStyle':
      if (inProperties) paragraph.styleId = attrs['w:val'] ?? attrs.val;
      break;
    case 'outlineLvl':
      if (inProperties) paragraph.outlineLevel = Number(attrs['w:val'] ?? attrs.val);
      break;
    case 'tab':
      if (inRun) paragraph.parts.push('\t');
      break;
    case 'br':
    case 'cr':
      if (inRun) paragraph.parts.push('\n');
      break;
    case 'noBreakHyphen':
      paragraph.parts.push('-');
      break;
    case 'bookmarkStart': {
      const bookmark = attrs['w:name'] ?? attrs.name;
      if (bookmark) paragraph.bookmarks.push(bookmark);
      break;
    }
    case 'hyperlink': {
      const anchor = attrs['w:anchor'] ?? attrs.anchor;
      if (anchor && !paragraph.anchor) paragraph.anchor = anchor;
      break;
    }
  }
}

function readBody(
  xml: string,
  styles: Map<string, StyleInfo>,
): { blocks: DocBlock[]; toc: TocEntry[]; titleLine?: string } {
  const blocks: DocBlock[] = [];
  const toc: (TocEntry & { anchor?: string })[] = [];
  const bookmarkBlocks = new Map<string, number>();
  let pendingBookmarks: string[] = [];
  let titleLine: string | undefined;

  const paragraphs: OpenParagraph[] = [];
  const sdtIsToc: boolean[] = [];
  const fields: OpenField[] = [];
  let hiddenDepth = 0;
  let runDepth = 0;
  let inText = false;
  let inParagraphProperties = 0;

  const current = () => paragraphs[paragraphs.length - 1];
  const inTocField = () =>
    fields.some((field) => field.showingResult && /^\s*TOC\b/i.test(field.instruction));

  const closeParagraph = () => {
    const paragraph = paragraphs.pop();
    if (!paragraph) return;
    const raw = paragraph.parts.join('');
    const text = raw.replace(/[ \u00a0]+/g, ' ').trim();
    const role = styleRole(styles, paragraph.styleId, paragraph.outlineLevel);
    if (paragraph.inToc || (role && 'tocLevel' in role)) {
      // "Chapter 1<tab>12" or "Chapter 1 . . . . 12": the page number and dot leader are not the title.
      const line = raw.slice(0, 300).replace(/\t[^\t]*$/, '');
      const title = collapseWhitespace(line.replace(/(?:\s*\.){3,}.*$/, ''));
      const level = role && 'tocLevel' in role ? role.tocLevel : 1;
      if (title && level > 0)
        toc.push({ title, level, ...(paragraph.anchor ? { anchor: paragraph.anchor } : {}) });
      return;
    }
    pendingBookmarks.push(...paragraph.bookmarks);
    if (!text) return;
    for (const name of pendingBookmarks) bookmarkBlocks.set(name, blocks.length);
    pendingBookmarks = [];
    if (role && 'heading' in role) {
      if (role.isTitle) titleLine ??= text;
      blocks.push({ kind: 'heading', text, level: role.heading, ...(role.isTitle ? { isTitle: true } : {}) });
    } else {
      blocks.push({ kind: 'paragraph', text });
    }
  };

  scanXml(xml, {
    open(name, attrs) {
      const local = localName(name);
      if (HIDDEN_ELEMENTS.has(local)) {
        hiddenDepth++;
        if (local === 'instrText' && fields.length > 0) inText = true;
        return;
      }
      if (hiddenDepth > 0) return;
      const paragraph = current();
      switch (local) {
        case 'p':
          paragraphs.push({ parts: [], bookmarks: [], inToc: sdtIsToc.includes(true) || inTocField() });
          break;
        case 'pPr':
          inParagraphProperties++;
          break;
        case 'r':
          runDepth++;
          break;
        case 't':
          inText = runDepth > 0;
          break;
        case 'sdt':
          sdtIsToc.push(false);
          break;
        case 'docPartGallery':
          if (/table of contents/i.test(attrs['w:val'] ?? attrs.val ?? '') && sdtIsToc.length > 0) {
            sdtIsToc[sdtIsToc.length - 1] = true;
          }
          break;
        case 'fldChar': {
          const type = attrs['w:fldCharType'] ?? attrs.fldCharType;
          if (type === 'begin') fields.push({ instruction: '', showingResult: false });
          else if (type === 'separate' && fields.length > 0)
            (fields[fields.length - 1] as OpenField).showingResult = true;
          else if (type === 'end') fields.pop();
          if (paragraph && inTocField()) paragraph.inToc = true;
          break;
        }
        default:
          if (paragraph) readInParagraph(paragraph, local, attrs, inParagraphProperties > 0, runDepth > 0);
      }
    },
    close(name) {
      const local = localName(name);
      if (HIDDEN_ELEMENTS.has(local)) {
        hiddenDepth = Math.max(0, hiddenDepth - 1);
        inText = false;
        return;
      }
      if (hiddenDepth > 0) return;
      switch (local) {
        case 'p':
          closeParagraph();
          break;
        case 'pPr':
          inParagraphProperties = Math.max(0, inParagraphProperties - 1);
          break;
        case 'r':
          runDepth = Math.max(0, runDepth - 1);
          break;
        case 't':
          inText = false;
          break;
        case 'sdt':
          sdtIsToc.pop();
          break;
      }
    },
    text(text) {
      if (!inText) return;
      if (hiddenDepth > 0) {
        // Only a field instruction is read from hidden content, to recognise TOC fields.
        const field = fields[fields.length - 1];
        if (field && !field.showingResult) field.instruction += text;
        return;
      }
      current()?.parts.push(text);
    },
  });
  while (paragraphs.length > 0) closeParagraph();

  return { blocks, toc: resolveToc(toc, blocks, bookmarkBlocks), ...(titleLine ? { titleLine } : {}) };
}

/** Points TOC entries at their headings: by bookmark when the TOC links to one, else by title. */
function resolveToc(
  entries: readonly (TocEntry & { anchor?: string })[],
  blocks: readonly DocBlock[],
  bookmarkBlocks: Map<string, number>,
): TocEntry[] {
  const comparable = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  let searchFrom = 0;
  return entries.map(({ anchor, ...entry }) => {
    let blockIndex = anchor ? bookmarkBlocks.get(anchor) : undefined;
    if (blockIndex === undefined) {
      const wanted = comparable(entry.title);
      for (let i = searchFrom; i < blocks.length; i++) {
        const block = blocks[i] as DocBlock;
        if (block.kind === 'heading' && comparable(block.text) === wanted) {
          blockIndex = i;
          break;
        }
      }
    }
    if (blockIndex === undefined) return entry;
    searchFrom = blockIndex + 1;
    return { ...entry, blockIndex };
  });
}
