import { collapseWhitespace, wordSet } from './text-tools';
import { IngestError } from './types';
import type { DocBlock, ExtractedDocument } from './types';
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
import type { XmlElement } from './xml';
import { ZipArchive } from './zip';

/**
 * EPUB 2 and 3: container.xml → package document → spine documents in reading order, with the
 * navigation document (EPUB 3) or NCX (EPUB 2) as the table of contents.
 */

const CORRUPT_MESSAGE = "This EPUB file is damaged and can't be read.";
const HTML_MEDIA_TYPES = wordSet('application/xhtml+xml text/html application/html');

interface ManifestItem {
  path: string;
  mediaType: string;
  properties: string;
}

export function extractEpub(bytes: Uint8Array): ExtractedDocument {
  const zip = ZipArchive.open(bytes, 'EPUB');
  const opfPath = findPackagePath(zip);
  const opfBytes = opfPath ? zip.read(opfPath) : undefined;
  if (!opfPath || !opfBytes) throw new IngestError('corrupt', CORRUPT_MESSAGE);
  const opf = parseXml(decodeXml(opfBytes));
  const opfDir = directoryOf(opfPath);

  const manifest = new Map<string, ManifestItem>();
  for (const item of findAll(opf, 'item')) {
    const id = attr(item, 'id');
    const href = attr(item, 'href');
    const path = href === undefined ? undefined : resolveHref(opfDir, href)?.path;
    if (id && path) {
      manifest.set(id, {
        path,
        mediaType: attr(item, 'media-type') ?? '',
        properties: attr(item, 'properties') ?? '',
      });
    }
  }

  const spine = findFirst(opf, 'spine');
  const fileSemantics = readGuide(opf, opfDir);
  const nav = [...manifest.values()].find(isNavItem);
  if (nav) readLandmarks(zip, nav.path, fileSemantics);
  const { blocks, anchors } = readSpine(zip, spine, manifest, fileSemantics);
  const metadata = findFirst(opf, 'metadata');
  const meta = (name: string) => {
    const element = metadata && findFirst(metadata, name);
    return element ? textContent(element) : '';
  };
  const title = meta('title');
  const author = meta('creator');
  const language = meta('language');
  return {
    format: 'epub',
    ...(title ? { title } : {}),
    ...(author ? { author } : {}),
    ...(language ? { language } : {}),
    blocks,
    toc: readToc(zip, spine, manifest).map(({ title, level, target }) => {
      const blockIndex = target === undefined ? undefined : anchors.get(target);
      return { title, level, ...(blockIndex === undefined ? {} : { blockIndex }) };
    }),
  };
}

function findPackagePath(zip: ZipArchive): string | undefined {
  const container = zip.read('META-INF/container.xml');
  if (container) {
    const rootfiles = findAll(parseXml(decodeXml(container)), 'rootfile');
    const preferred =
      rootfiles.find((rootfile) => attr(rootfile, 'media-type') === 'application/oebps-package+xml') ??
      rootfiles[0];
    const path = preferred && attr(preferred, 'full-path');
    if (path && zip.has(path)) return zip.resolve(path);
  }
  return zip.names.find((name) => name.toLowerCase().endsWith('.opf'));
}

function directoryOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash + 1);
}

/** Resolves a (URL-encoded, relative) href against a directory inside the archive. */
function resolveHref(baseDir: string, href: string): { path: string; fragment?: string } | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href)) return undefined;
  const [rawPath = '', rawFragment] = href.split('#', 2);
  const decode = (value: string) => {
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  };
  const segments: string[] = [];
  const joined = rawPath ? baseDir + decode(rawPath.split('?')[0] ?? '') : baseDir.replace(/\/$/, '');
  for (const segment of joined.split('/')) {
    if (segment === '..') segments.pop();
    else if (segment && segment !== '.') segments.push(segment);
  }
  const fragment = rawFragment ? decode(rawFragment) : undefined;
  return { path: segments.join('/'), ...(fragment ? { fragment } : {}) };
}

function anchorKey(path: string, fragment?: string): string {
  return fragment ? `${path}#${fragment}` : path;
}

/** Structural words kept from epub:type / role (and the guide's types), in their EPUB 3 spelling. */
const SEMANTIC_WORDS = wordSet(`cover titlepage halftitlepage fulltitle imprint dedication epigraph colophon
  copyright-page uncopyright loi lot endnotes footnotes rearnotes toc landmarks frontmatter bodymatter backmatter
  part volume chapter division preface introduction foreword prologue epilogue afterword appendix
  acknowledgments acknowledgements index glossary bibliography other-credits contributors seriespage errata
  licence license`);
/** EPUB 2 guide types (and a few stray spellings) in the EPUB 3 vocabulary. */
const GUIDE_TYPES: Record<string, string> = {
  'title-page': 'titlepage',
  notes: 'endnotes',
  text: 'bodymatter',
  'copyright-page': 'copyright-page',
  copyright: 'copyright-page',
};

/** The structural words among `epub:type` and `role` values ("doc-dedication" → "dedication"). */
function semanticWords(value: string): string[] {
  const words: string[] = [];
  for (const raw of value.toLowerCase().split(/\s+/)) {
    const word = raw.replace(/^doc-/, '').replace(/^[a-z0-9]+:/, '');
    const mapped = GUIDE_TYPES[word] ?? word;
    if (SEMANTIC_WORDS.has(mapped) && !words.includes(mapped)) words.push(mapped);
  }
  return words;
}

/** EPUB 2 <guide>: the type of each referenced file (title page, copyright page, start of the text…). */
function readGuide(opf: XmlElement, opfDir: string): Map<string, string> {
  const semantics = new Map<string, string>();
  const guide = findFirst(opf, 'guide');
  if (!guide) return semantics;
  for (const reference of findAll(guide, 'reference')) {
    const href = attr(reference, 'href');
    const words = semanticWords(attr(reference, 'type') ?? '');
    const path = href ? resolveHref(opfDir, href)?.path : undefined;
    if (path && words.length > 0 && !semantics.has(path)) semantics.set(path, words.join(' '));
  }
  return semantics;
}

/** EPUB 3 landmarks nav: like the guide, the type of each file it points at. */
function readLandmarks(zip: ZipArchive, path: string, semantics: Map<string, string>): void {
  const bytes = zip.read(path);
  if (!bytes) return;
  const root = parseXml(decodeXml(bytes), { html: true });
  const landmarks = findAll(root, 'nav').find((nav) =>
    /(^|\s)(doc-)?landmarks(\s|$)/.test(`${attr(nav, 'epub:type') ?? ''} ${attr(nav, 'role') ?? ''}`),
  );
  if (!landmarks) return;
  const baseDir = directoryOf(path);
  for (const link of findAll(landmarks, 'a')) {
    const href = attr(link, 'href');
    const words = semanticWords(attr(link, 'epub:type') ?? '');
    const target = href ? resolveHref(baseDir, href)?.path : undefined;
    if (target && words.length > 0 && !semantics.has(target)) semantics.set(target, words.join(' '));
  }
}

function readSpine(
  zip: ZipArchive,
  spine: XmlElement | undefined,
  manifest: Map<string, ManifestItem>,
  fileSemantics: Map<string, string>,
): { blocks: DocBlock[]; anchors: Map<string, number> } {
  const blocks: DocBlock[] = [];
  const anchors = new Map<string, number>();
  // Without a spine (a broken package), the manifest order is the best reading order there is.
  const itemrefs = spine ? childElements(spine, 'itemref') : [];
  const order = itemrefs.length
    ? itemrefs.flatMap((itemref, index) =>
        attr(itemref, 'linear') === 'no' ? [] : [{ idref: attr(itemref, 'idref') ?? '', index }],
      )
    : [...manifest.keys()].map((idref, index) => ({ idref, index }));
  // Files before the one the guide or landmarks call the start of the text are front matter.
  const bodyStart = order.findIndex(({ idref }) => {
    const path = manifest.get(idref)?.path;
    return path !== undefined && (fileSemantics.get(path) ?? '').split(' ').includes('bodymatter');
  });
  for (const [position, { idref, index }] of order.entries()) {
    const item = manifest.get(idref);
    // The navigation document's contents list is front matter, whatever the spine says; a document
    // listed twice is read once.
    if (!item || !HTML_MEDIA_TYPES.has(item.mediaType.toLowerCase()) || isNavItem(item)) continue;
    if (anchors.has(item.path)) continue;
    const bytes = zip.read(item.path);
    if (!bytes) continue;
    anchors.set(item.path, blocks.length);
    const fileDefault =
      fileSemantics.get(item.path) ?? (bodyStart > 0 && position < bodyStart ? 'frontmatter' : '');
    readXhtmlBlocks(decodeXml(bytes), index, blocks, fileDefault, (id, blockIndex) => {
      const key = anchorKey(item.path, id);
      if (!anchors.has(key)) anchors.set(key, blockIndex);
    });
  }
  return { blocks, anchors };
}

const BLOCK_ELEMENTS =
  wordSet(`address article aside blockquote body caption center dd div dl dt figcaption figure
  footer header hr li main ol p pre section table td th tr ul`);
/** Never prose: metadata, code, ruby annotations, drawings, and in-page navigation (landmarks, page lists). */
const SKIPPED_ELEMENTS = wordSet('head script style noscript template rt svg nav');
const HEADING = /^h([1-6])$/;

interface OpenElement {
  name: string;
  skip: boolean;
  /** Structural words this element adds (epub:type / role on sections, body, asides…). */
  semantics?: string[];
}

/** Semantics of the book's own text, not worth recording on every block. */
const BODY_SEMANTICS = wordSet('bodymatter chapter part volume division');

/** Project Gutenberg's header and licence sections in their EPUBs. */
const GUTENBERG_BOILERPLATE = /^pg-(header|footer)$|(^|\s)pg-boilerplate(\s|$)/;

/**
 * Appends one XHTML document's blocks: h1–h6 become headings, block elements paragraphs. Page-break
 * markers and note references are skipped so their numbers don't end up in the prose. A heading
 * group (<hgroup>: "I" + "Down the Rabbit-Hole") is one heading, "I: Down the Rabbit-Hole", and so is a
 * heading followed by its title paragraph (<p epub:type="title">). Every block carries the structural
 * semantics of the sections around it, or else `fileDefault` (from the guide or landmarks).
 */
function readXhtmlBlocks(
  html: string,
  part: number,
  blocks: DocBlock[],
  fileDefault: string,
  onAnchor: (id: string, blockIndex: number) => void,
): void {
  const stack: OpenElement[] = [];
  let skipping = 0;
  let buffer: string[] = [];
  let headingLevel = 0;
  let pendingIds: string[] = [];
  /** Depth of open <hgroup> elements, and the pieces of the current group's heading. */
  let hgroupDepth = 0;
  let groupPieces: string[] = [];
  let groupLevel = 0;
  /** A <p epub:type="title"> (or subtitle) right after a heading continues that heading. */
  let titleParagraph = false;

  // Only blocks inside front or back matter carry their semantics: chapters need none, and a
  // million-word book keeps its extracted document small.
  const recorded = (words: readonly string[]) =>
    words.every((word) => BODY_SEMANTICS.has(word)) ? '' : words.join(' ');
  const defaultSemantics = recorded(fileDefault.split(' ').filter(Boolean));
  /** Open elements that carry semantics: with none, every block gets the file's default. */
  let semanticDepth = 0;
  const currentSemantics = () => {
    if (semanticDepth === 0) return defaultSemantics;
    const words: string[] = [];
    for (const element of stack)
      if (element.semantics) for (const word of element.semantics) words.push(word);
    return recorded(words);
  };

  const push = (block: DocBlock) => {
    for (const id of pendingIds) onAnchor(id, blocks.length);
    pendingIds = [];
    const semantics = currentSemantics();
    blocks.push(semantics ? { ...block, semantics } : block);
  };

  const flush = (asHeading: boolean) => {
    const text = buffer
      .join('')
      .replace(/ *\n */g, '\n')
      .trim();
    buffer = [];
    if (!text) return;
    if (hgroupDepth > 0) {
      groupPieces.push(collapseWhitespace(text));
      if (asHeading && (groupLevel === 0 || headingLevel < groupLevel)) groupLevel = headingLevel;
      return;
    }
    if (titleParagraph) {
      const last = blocks[blocks.length - 1];
      titleParagraph = false;
      if (last?.kind === 'heading' && last.part === part) {
        last.text = `${last.text}: ${collapseWhitespace(text)}`;
        return;
      }
    }
    if (asHeading) push({ kind: 'heading', text: collapseWhitespace(text), level: headingLevel, part });
    else push({ kind: 'paragraph', text, part });
  };

  const flushGroup = () => {
    const text = groupPieces.filter(Boolean).join(': ');
    if (text) push({ kind: 'heading', text, level: groupLevel || 2, part });
    groupPieces = [];
    groupLevel = 0;
  };

  scanXml(
    html,
    {
      open(rawName, attrs) {
        const name = localName(rawName);
        const epubType = attrs['epub:type'];
        const types =
          epubType === undefined && attrs.role === undefined ? '' : `${epubType ?? ''} ${attrs.role ?? ''}`;
        const boilerplate =
          (attrs.id !== undefined && GUTENBERG_BOILERPLATE.test(attrs.id)) ||
          (attrs.class !== undefined && GUTENBERG_BOILERPLATE.test(attrs.class));
        const skip = SKIPPED_ELEMENTS.has(name) || (types !== '' && /pagebreak|noteref/.test(types));
        const words =
          types === '' || name === 'p' || name === 'span' || HEADING.test(name) ? [] : semanticWords(types);
        if (boilerplate) words.push('licence');
        if (words.length > 0) semanticDepth++;
        stack.push({ name, skip, ...(words.length > 0 ? { semantics: words } : {}) });
        if (skip) skipping++;
        if (skipping > 0) return;
        if (attrs.id) pendingIds.push(attrs.id);
        const heading = HEADING.exec(name);
        if (name === 'hgroup') {
          flush(headingLevel > 0);
          if (hgroupDepth === 0) groupPieces = [];
          hgroupDepth++;
        } else if (heading) {
          flush(headingLevel > 0);
          headingLevel = Number(heading[1]);
        } else if (BLOCK_ELEMENTS.has(name)) {
          flush(headingLevel > 0);
          const last = blocks[blocks.length - 1];
          titleParagraph =
            name === 'p' &&
            hgroupDepth === 0 &&
            epubType !== undefined &&
            /(^|\s)(subtitle|title)(\s|$)/.test(epubType) &&
            last?.kind === 'heading';
        } else if (name === 'br') {
          buffer.push('\n');
        }
      },
      close(rawName) {
        const name = localName(rawName);
        let depth = stack.length - 1;
        while (depth >= 0 && (stack[depth] as OpenElement).name !== name) depth--;
        if (depth < 0) return;
        // Closing an element also closes anything left open inside it.
        for (const element of stack.splice(depth)) {
          if (element.skip) skipping--;
          if (element.semantics) semanticDepth--;
        }
        if (skipping > 0) return;
        if (name === 'hgroup') {
          flush(headingLevel > 0);
          headingLevel = 0;
          hgroupDepth = Math.max(0, hgroupDepth - 1);
          if (hgroupDepth === 0) flushGroup();
        } else if (HEADING.test(name)) {
          flush(true);
          headingLevel = 0;
        } else if (BLOCK_ELEMENTS.has(name)) {
          flush(headingLevel > 0);
        }
      },
      text(text) {
        if (skipping === 0) buffer.push(text.replace(/\s+/g, ' '));
      },
    },
    { html: true },
  );
  flush(headingLevel > 0);
  if (hgroupDepth > 0) flushGroup();
  for (const id of pendingIds) onAnchor(id, blocks.length);
}

interface RawTocEntry {
  title: string;
  level: number;
  target?: string;
}

function isNavItem(item: ManifestItem): boolean {
  return item.properties.split(/\s+/).includes('nav');
}

function readToc(
  zip: ZipArchive,
  spine: XmlElement | undefined,
  manifest: Map<string, ManifestItem>,
): RawTocEntry[] {
  const nav = [...manifest.values()].find(isNavItem);
  if (nav) {
    const entries = readNavDocument(zip, nav.path);
    if (entries.length > 0) return entries;
  }
  const ncxId = spine ? attr(spine, 'toc') : undefined;
  const ncx =
    (ncxId ? manifest.get(ncxId) : undefined) ??
    [...manifest.values()].find((item) => item.mediaType === 'application/x-dtbncx+xml');
  return ncx ? readNcx(zip, ncx.path) : [];
}

function targetOf(baseDir: string, href: string | undefined): string | undefined {
  const resolved = href ? resolveHref(baseDir, href) : undefined;
  return resolved && anchorKey(resolved.path, resolved.fragment);
}

function isTocNav(nav: XmlElement): boolean {
  const semantics = `${attr(nav, 'epub:type') ?? ''} ${attr(nav, 'role') ?? ''}`;
  return /(^|\s)(doc-)?toc(\s|$)/.test(semantics);
}

/** EPUB 3: the <nav epub:type="toc"> list, nesting depth as level. */
function readNavDocument(zip: ZipArchive, path: string): RawTocEntry[] {
  const bytes = zip.read(path);
  if (!bytes) return [];
  const root = parseXml(decodeXml(bytes), { html: true });
  const navs = findAll(root, 'nav');
  const nav = navs.find(isTocNav) ?? navs[0];
  const list = nav && findFirst(nav, 'ol');
  if (!list) return [];
  const baseDir = directoryOf(path);
  const entries: RawTocEntry[] = [];
  // Depth-first in document order: each list's items go onto the stack in reverse.
  const pending: { item: XmlElement; level: number }[] = [];
  const pushList = (element: XmlElement, level: number) => {
    const items = childElements(element, 'li');
    for (let i = items.length - 1; i >= 0; i--) pending.push({ item: items[i] as XmlElement, level });
  };
  pushList(list, 1);
  while (pending.length > 0) {
    const { item, level } = pending.pop() as { item: XmlElement; level: number };
    const label = childElements(item).find((child) => child.name === 'a' || child.name === 'span');
    // The title is everything in the item but its nested list: "<a>I</a>: Down the Rabbit-Hole".
    const title = label ? itemTitle(item) : '';
    const target = label?.name === 'a' ? targetOf(baseDir, attr(label, 'href')) : undefined;
    if (title) entries.push({ title, level, ...(target ? { target } : {}) });
    const nested = childElements(item, 'ol')[0];
    if (nested) pushList(nested, level + 1);
  }
  return entries;
}

function itemTitle(item: XmlElement): string {
  const own: XmlElement = {
    name: item.name,
    attrs: {},
    children: item.children.filter(
      (child) => typeof child === 'string' || !/^(ol|ul)$/.test(localName(child.name)),
    ),
  };
  return textContent(own);
}

/** EPUB 2: navPoints of the NCX, nesting depth as level. */
function readNcx(zip: ZipArchive, path: string): RawTocEntry[] {
  const bytes = zip.read(path);
  if (!bytes) return [];
  const navMap = findFirst(parseXml(decodeXml(bytes)), 'navMap');
  if (!navMap) return [];
  const baseDir = directoryOf(path);
  const entries: RawTocEntry[] = [];
  const pending: { point: XmlElement; level: number }[] = [];
  const pushPoints = (parent: XmlElement, level: number) => {
    const points = childElements(parent, 'navPoint');
    for (let i = points.length - 1; i >= 0; i--) pending.push({ point: points[i] as XmlElement, level });
  };
  pushPoints(navMap, 1);
  while (pending.length > 0) {
    const { point, level } = pending.pop() as { point: XmlElement; level: number };
    const label = childElements(point, 'navLabel')[0];
    const title = label ? textContent(label) : '';
    const content = childElements(point, 'content')[0];
    const target = content ? targetOf(baseDir, attr(content, 'src')) : undefined;
    if (title) entries.push({ title, level, ...(target ? { target } : {}) });
    pushPoints(point, level + 1);
  }
  return entries;
}
