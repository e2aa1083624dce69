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
  const { blocks, anchors } = readSpine(zip, spine, manifest);
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

function readSpine(
  zip: ZipArchive,
  spine: XmlElement | undefined,
  manifest: Map<string, ManifestItem>,
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
  for (const { idref, index } of order) {
    const item = manifest.get(idref);
    // The navigation document's contents list is front matter, whatever the spine says; a document
    // listed twice is read once.
    if (!item || !HTML_MEDIA_TYPES.has(item.mediaType.toLowerCase()) || isNavItem(item)) continue;
    if (anchors.has(item.path)) continue;
    const bytes = zip.read(item.path);
    if (!bytes) continue;
    anchors.set(item.path, blocks.length);
    readXhtmlBlocks(decodeXml(bytes), index, blocks, (id, blockIndex) => {
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
}

/**
 * Appends one XHTML document's blocks: h1–h6 become headings, block elements paragraphs. Page-break
 * markers and note references are skipped so their numbers don't end up in the prose.
 */
function readXhtmlBlocks(
  html: string,
  part: number,
  blocks: DocBlock[],
  onAnchor: (id: string, blockIndex: number) => void,
): void {
  const stack: OpenElement[] = [];
  let skipping = 0;
  let buffer: string[] = [];
  let headingLevel = 0;
  let pendingIds: string[] = [];

  const flush = (asHeading: boolean) => {
    const text = buffer
      .join('')
      .replace(/ *\n */g, '\n')
      .trim();
    buffer = [];
    if (!text) return;
    for (const id of pendingIds) onAnchor(id, blocks.length);
    pendingIds = [];
    if (asHeading)
      blocks.push({ kind: 'heading', text: collapseWhitespace(text), level: headingLevel, part });
    else blocks.push({ kind: 'paragraph', text, part });
  };

  scanXml(
    html,
    {
      open(rawName, attrs) {
        const name = localName(rawName);
        const semantics = `${attrs['epub:type'] ?? ''} ${attrs.role ?? ''}`;
        const skip = SKIPPED_ELEMENTS.has(name) || /pagebreak|noteref/.test(semantics);
        stack.push({ name, skip });
        if (skip) skipping++;
        if (skipping > 0) return;
        if (attrs.id) pendingIds.push(attrs.id);
        const heading = HEADING.exec(name);
        if (heading) {
          flush(headingLevel > 0);
          headingLevel = Number(heading[1]);
        } else if (BLOCK_ELEMENTS.has(name)) {
          flush(headingLevel > 0);
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
        for (const element of stack.splice(depth)) if (element.skip) skipping--;
        if (skipping > 0) return;
        if (HEADING.test(name)) {
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
    const title = label ? textContent(label) : '';
    const target = label?.name === 'a' ? targetOf(baseDir, attr(label, 'href')) : undefined;
    if (title) entries.push({ title, level, ...(target ? { target } : {}) });
    const nested = childElements(item, 'ol')[0];
    if (nested) pushList(nested, level + 1);
  }
  return entries;
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
