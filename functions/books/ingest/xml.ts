import { decodeBytes, wordSet } from './text-tools';

/**
 * A small, tolerant XML/XHTML tokenizer and tree builder for DOCX and EPUB parts.
 *
 * It is deliberately not a conforming parser: it never resolves external entities and never expands
 * entities declared in a DOCTYPE (the DOCTYPE, internal subset included, is skipped), so XXE and
 * "billion laughs" documents parse as if the entity references were not there. It also survives the
 * sloppy XHTML found in real e-books (unclosed tags, stray closing tags, HTML named entities) instead
 * of rejecting the whole book. Everything runs in linear time with explicit stacks, no recursion.
 */

export interface XmlHandlers {
  /** `selfClosing` elements get a matching `close` call right away. */
  open?(name: string, attrs: Record<string, string>, selfClosing: boolean): void;
  close?(name: string): void;
  text?(text: string): void;
}

export interface XmlOptions {
  /** HTML leniency: lower-case names, void elements like <br>, and raw-text <script>/<style>. */
  html?: boolean;
}

const HTML_VOID_ELEMENTS = wordSet('area base br col embed hr img input link meta param source track wbr');
const HTML_RAW_TEXT_ELEMENTS = wordSet('script style');

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  ensp: '\u2002',
  emsp: '\u2003',
  thinsp: '\u2009',
  zwnj: '\u200c',
  zwj: '\u200d',
  shy: '\u00ad',
  ndash: '\u2013',
  mdash: '\u2014',
  lsquo: '\u2018',
  rsquo: '\u2019',
  sbquo: '\u201a',
  ldquo: '\u201c',
  rdquo: '\u201d',
  bdquo: '\u201e',
  laquo: '\u00ab',
  raquo: '\u00bb',
  lsaquo: '\u2039',
  rsaquo: '\u203a',
  hellip: '\u2026',
  bull: '\u2022',
  middot: '\u00b7',
  prime: '\u2032',
  dagger: '\u2020',
  Dagger: '\u2021',
  sect: '\u00a7',
  para: '\u00b6',
  copy: '\u00a9',
  reg: '\u00ae',
  trade: '\u2122',
  deg: '\u00b0',
  times: '\u00d7',
  divide: '\u00f7',
  frac12: '\u00bd',
  frac14: '\u00bc',
  frac34: '\u00be',
  iexcl: '\u00a1',
  iquest: '\u00bf',
  pound: '\u00a3',
  euro: '\u20ac',
  cent: '\u00a2',
  yen: '\u00a5',
  agrave: '\u00e0',
  aacute: '\u00e1',
  acirc: '\u00e2',
  atilde: '\u00e3',
  auml: '\u00e4',
  aring: '\u00e5',
  aelig: '\u00e6',
  ccedil: '\u00e7',
  egrave: '\u00e8',
  eacute: '\u00e9',
  ecirc: '\u00ea',
  euml: '\u00eb',
  igrave: '\u00ec',
  iacute: '\u00ed',
  icirc: '\u00ee',
  iuml: '\u00ef',
  ntilde: '\u00f1',
  ograve: '\u00f2',
  oacute: '\u00f3',
  ocirc: '\u00f4',
  otilde: '\u00f5',
  ouml: '\u00f6',
  oslash: '\u00f8',
  oelig: '\u0153',
  ugrave: '\u00f9',
  uacute: '\u00fa',
  ucirc: '\u00fb',
  uuml: '\u00fc',
  yacute: '\u00fd',
  yuml: '\u00ff',
  szlig: '\u00df',
  Agrave: '\u00c0',
  Aacute: '\u00c1',
  Acirc: '\u00c2',
  Auml: '\u00c4',
  Aring: '\u00c5',
  AElig: '\u00c6',
  Ccedil: '\u00c7',
  Egrave: '\u00c8',
  Eacute: '\u00c9',
  Ecirc: '\u00ca',
  Iacute: '\u00cd',
  Ntilde: '\u00d1',
  Oacute: '\u00d3',
  Ouml: '\u00d6',
  Oslash: '\u00d8',
  OElig: '\u0152',
  Uacute: '\u00da',
  Uuml: '\u00dc',
};

const ENTITY = /&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/g;

/**
 * Decodes the five XML entities, numeric references and common HTML named entities. Anything else
 * (including entities a DOCTYPE tried to declare) is dropped rather than expanded.
 */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (_match, body: string) => {
    if (body.charCodeAt(0) !== 35 /* # */) return NAMED_ENTITIES[body] ?? '';
    const hex = body[1] === 'x' || body[1] === 'X';
    const code = Number.parseInt(body.slice(hex ? 2 : 1), hex ? 16 : 10);
    const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
    return valid ? String.fromCodePoint(code) : '\ufffd';
  });
}

function isNameStart(code: number): boolean {
  // Letters, '_', ':' and anything non-ASCII can start a tag name.
  return (
    (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 || code === 58 || code > 127
  );
}

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13 || code === 12;
}

/** Index just past a DOCTYPE declaration starting at `start`, internal subset included. */
function skipDoctype(source: string, start: number): number {
  let depth = 0;
  let quote = 0;
  for (let i = start + 9; i < source.length; i++) {
    const code = source.charCodeAt(i);
    if (quote) {
      if (code === quote) quote = 0;
    } else if (code === 34 || code === 39) {
      quote = code;
    } else if (code === 91 /* [ */) {
      depth++;
    } else if (code === 93 /* ] */) {
      depth--;
    } else if (code === 62 /* > */ && depth <= 0) {
      return i + 1;
    } else if (code === 60 /* < */ && source.startsWith('<!--', i)) {
      const end = source.indexOf('-->', i + 4);
      if (end < 0) return source.length;
      i = end + 2;
    }
  }
  return source.length;
}

function skipPast(source: string, marker: string, from: number): number {
  const end = source.indexOf(marker, from);
  return end < 0 ? source.length : end + marker.length;
}

function findClosingTag(source: string, name: string, from: number): number {
  for (let at = source.indexOf('</', from); at >= 0; at = source.indexOf('</', at + 2)) {
    if (source.slice(at + 2, at + 2 + name.length).toLowerCase() === name) return at;
  }
  return -1;
}

/** Streams tags and text to `handlers` in document order. */
export function scanXml(source: string, handlers: XmlHandlers, options: XmlOptions = {}): void {
  const html = options.html ?? false;
  const length = source.length;
  let i = source.charCodeAt(0) === 0xfeff ? 1 : 0;
  const emitText = (raw: string) => {
    if (raw && handlers.text) handlers.text(decodeEntities(raw));
  };

  while (i < length) {
    const lt = source.indexOf('<', i);
    if (lt < 0) {
      emitText(source.slice(i));
      break;
    }
    if (lt > i) emitText(source.slice(i, lt));
    const next = source.charCodeAt(lt + 1);

    if (next === 33 /* ! */) {
      if (source.startsWith('<!--', lt)) {
        i = skipPast(source, '-->', lt + 4);
      } else if (source.startsWith('<![CDATA[', lt)) {
        const end = source.indexOf(']]>', lt + 9);
        const stop = end < 0 ? length : end;
        if (handlers.text && stop > lt + 9) handlers.text(source.slice(lt + 9, stop));
        i = end < 0 ? length : end + 3;
      } else if (source.slice(lt + 2, lt + 9).toUpperCase() === 'DOCTYPE') {
        i = skipDoctype(source, lt);
      } else {
        i = skipPast(source, '>', lt + 2);
      }
      continue;
    }
    if (next === 63 /* ? */) {
      i = skipPast(source, '?>', lt + 2);
      continue;
    }
    if (next === 47 /* / */) {
      const end = source.indexOf('>', lt + 2);
      const stop = end < 0 ? length : end;
      let name = source.slice(lt + 2, stop).trim();
      if (html) name = name.toLowerCase();
      if (name && !(html && HTML_VOID_ELEMENTS.has(name))) handlers.close?.(name);
      i = end < 0 ? length : end + 1;
      continue;
    }
    if (!isNameStart(next)) {
      // A bare '<' in sloppy HTML text.
      emitText('<');
      i = lt + 1;
      continue;
    }

    let j = lt + 1;
    while (j < length) {
      const code = source.charCodeAt(j);
      if (isSpace(code) || code === 47 || code === 62) break;
      j++;
    }
    let name = source.slice(lt + 1, j);
    if (html) name = name.toLowerCase();
    const attrs: Record<string, string> = {};
    let selfClosing = false;

    while (j < length) {
      const code = source.charCodeAt(j);
      if (isSpace(code)) {
        j++;
      } else if (code === 62 /* > */) {
        j++;
        break;
      } else if (code === 47 /* / */) {
        if (source.charCodeAt(j + 1) === 62) {
          selfClosing = true;
          j += 2;
          break;
        }
        j++;
      } else {
        const nameStart = j;
        while (j < length) {
          const c = source.charCodeAt(j);
          if (isSpace(c) || c === 61 || c === 62 || c === 47) break;
          j++;
        }
        const attrName = source.slice(nameStart, j);
        while (j < length && isSpace(source.charCodeAt(j))) j++;
        let value = '';
        if (source.charCodeAt(j) === 61 /* = */) {
          j++;
          while (j < length && isSpace(source.charCodeAt(j))) j++;
          const quote = source.charCodeAt(j);
          if (quote === 34 || quote === 39) {
            const end = source.indexOf(quote === 34 ? '"' : "'", j + 1);
            const stop = end < 0 ? length : end;
            value = source.slice(j + 1, stop);
            j = stop + 1;
          } else {
            const valueStart = j;
            while (j < length && !isSpace(source.charCodeAt(j)) && source.charCodeAt(j) !== 62) j++;
            value = source.slice(valueStart, j);
          }
        }
        if (attrName && !(attrName in attrs))
          attrs[html ? attrName.toLowerCase() : attrName] = decodeEntities(value);
      }
    }
    i = j;

    if (html && HTML_VOID_ELEMENTS.has(name)) selfClosing = true;
    handlers.open?.(name, attrs, selfClosing);
    if (selfClosing) {
      handlers.close?.(name);
    } else if (html && HTML_RAW_TEXT_ELEMENTS.has(name)) {
      // Script and style content is never text; jump to the closing tag without tokenizing it.
      const end = findClosingTag(source, name, i);
      i = end < 0 ? length : skipPast(source, '>', end);
      handlers.close?.(name);
    }
  }
}

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
}
export type XmlNode = XmlElement | string;

/**
 * Builds a tree under a synthetic `#document` root. Mismatched closing tags close the nearest open
 * element of that name (or are ignored), so broken markup still yields its text.
 */
export function parseXml(source: string, options: XmlOptions = {}): XmlElement {
  const root: XmlElement = { name: '#document', attrs: {}, children: [] };
  const stack: XmlElement[] = [root];
  scanXml(
    source,
    {
      open(name, attrs) {
        const element: XmlElement = { name, attrs, children: [] };
        (stack[stack.length - 1] as XmlElement).children.push(element);
        stack.push(element);
      },
      close(name) {
        for (let depth = stack.length - 1; depth > 0; depth--) {
          if ((stack[depth] as XmlElement).name === name) {
            stack.length = depth;
            return;
          }
        }
      },
      text(text) {
        (stack[stack.length - 1] as XmlElement).children.push(text);
      },
    },
    options,
  );
  return root;
}

/** `w:p` → `p`, `dc:title` → `title`. */
export function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

/** An attribute by exact name, or else by local name (`full-path`, `w:val` → `val`). */
export function attr(element: XmlElement, name: string): string | undefined {
  if (name in element.attrs) return element.attrs[name];
  for (const [key, value] of Object.entries(element.attrs)) {
    if (localName(key) === name) return value;
  }
  return undefined;
}

export function childElements(element: XmlElement, local?: string): XmlElement[] {
  const out: XmlElement[] = [];
  for (const child of element.children) {
    if (typeof child !== 'string' && (local === undefined || localName(child.name) === local))
      out.push(child);
  }
  return out;
}

/** Every descendant element in document order (depth-first, iterative). */
export function* descendants(element: XmlElement): Generator<XmlElement> {
  const stack: XmlNode[] = [...element.children].reverse();
  while (stack.length) {
    const node = stack.pop() as XmlNode;
    if (typeof node === 'string') continue;
    yield node;
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as XmlNode);
  }
}

export function findAll(element: XmlElement, local: string): XmlElement[] {
  const out: XmlElement[] = [];
  for (const node of descendants(element)) if (localName(node.name) === local) out.push(node);
  return out;
}

export function findFirst(element: XmlElement, local: string): XmlElement | undefined {
  for (const node of descendants(element)) if (localName(node.name) === local) return node;
  return undefined;
}

/** All text under `element`, whitespace collapsed. */
export function textContent(element: XmlElement): string {
  const parts: string[] = [];
  const stack: XmlNode[] = [element];
  while (stack.length) {
    const node = stack.pop() as XmlNode;
    if (typeof node === 'string') {
      parts.push(node);
      continue;
    }
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as XmlNode);
  }
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** Decodes an XML part's bytes honouring a BOM or the XML declaration's encoding. */
export function decodeXml(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  const declared = /^\s*<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1];
  if (declared && !/^utf-?8$/i.test(declared)) {
    try {
      return decodeBytes(bytes, declared);
    } catch {
      // An unknown label: UTF-8 is the only sensible guess for an e-book part.
    }
  }
  return new TextDecoder('utf-8').decode(bytes);
}
