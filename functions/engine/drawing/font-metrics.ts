import { readFileSync } from 'node:fs';
import { fontPath } from '../media/ffmpeg';

/**
 * Text widths from the font files librsvg draws with (the bundled DejaVu Sans), so slide text is
 * laid out by measured width before it is rendered. A small TrueType reader: the `cmap` table
 * (formats 4 and 12) maps characters to glyphs, `hmtx` gives each glyph's advance. Kerning is not
 * applied; it only ever narrows DejaVu's text, so measured widths err on the safe side.
 */
export type FontFace = 'sans' | 'sans-bold';

export interface FontMetrics {
  unitsPerEm: number;
  /** Above the baseline, in em. */
  ascent: number;
  /** Below the baseline, in em (positive). */
  descent: number;
  /** Advance of a code point, in em. */
  advance(codePoint: number): number;
}

const cache = new Map<FontFace, FontMetrics>();

export function fontMetrics(face: FontFace = 'sans'): FontMetrics {
  let metrics = cache.get(face);
  if (!metrics) {
    metrics = parseTrueType(readFileSync(fontPath(face)));
    cache.set(face, metrics);
  }
  return metrics;
}

/** Width of `text` set at `fontSize` px, with `letterSpacing` px added after every character. */
export function textWidth(
  text: string,
  fontSize: number,
  face: FontFace = 'sans',
  letterSpacing = 0,
): number {
  const metrics = fontMetrics(face);
  let em = 0;
  let count = 0;
  for (const char of text) {
    em += metrics.advance(char.codePointAt(0)!);
    count++;
  }
  return em * fontSize + letterSpacing * count;
}

/** Reads the tables a width needs from a TrueType (glyf or CFF outlines, `cmap` + `hmtx`) font. */
export function parseTrueType(buffer: Buffer): FontMetrics {
  const data = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  const tables = new Map<string, number>();
  const numTables = data.getUint16(4);
  for (let i = 0; i < numTables; i++) {
    const record = 12 + i * 16;
    const tag = String.fromCharCode(...buffer.subarray(record, record + 4));
    tables.set(tag, data.getUint32(record + 8));
  }
  const table = (tag: string) => {
    const offset = tables.get(tag);
    if (offset === undefined) throw new Error(`The font has no ${tag} table`);
    return offset;
  };
  const head = table('head');
  const hhea = table('hhea');
  const hmtx = table('hmtx');
  const unitsPerEm = data.getUint16(head + 18);
  const ascender = data.getInt16(hhea + 4);
  const descender = data.getInt16(hhea + 6);
  const metricCount = data.getUint16(hhea + 34);
  const glyphAdvance = (glyph: number) => data.getUint16(hmtx + 4 * Math.min(glyph, metricCount - 1));
  const glyphOf = cmapLookup(data, table('cmap'));
  const advances = new Map<number, number>();
  return {
    unitsPerEm,
    ascent: ascender / unitsPerEm,
    descent: -descender / unitsPerEm,
    advance(codePoint) {
      let em = advances.get(codePoint);
      if (em === undefined) {
        em = glyphAdvance(glyphOf(codePoint)) / unitsPerEm;
        advances.set(codePoint, em);
      }
      return em;
    },
  };
}

/** A code point → glyph function from the best Unicode subtable (format 12, else format 4). */
function cmapLookup(data: DataView, cmap: number): (codePoint: number) => number {
  const count = data.getUint16(cmap + 2);
  let format4: number | undefined;
  let format12: number | undefined;
  for (let i = 0; i < count; i++) {
    const record = cmap + 4 + i * 8;
    const platform = data.getUint16(record);
    const encoding = data.getUint16(record + 2);
    const offset = cmap + data.getUint32(record + 4);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (!unicode) continue;
    const format = data.getUint16(offset);
    if (format === 12) format12 ??= offset;
    if (format === 4) format4 ??= offset;
  }
  if (format12 !== undefined) {
    const table = format12;
    const groups = data.getUint32(table + 12);
    return (codePoint) => {
      let low = 0;
      let high = groups - 1;
      while (low <= high) {
        const mid = (low + high) >> 1;
        const group = table + 16 + mid * 12;
        const start = data.getUint32(group);
        const end = data.getUint32(group + 4);
        if (codePoint < start) high = mid - 1;
        else if (codePoint > end) low = mid + 1;
        else return data.getUint32(group + 8) + (codePoint - start);
      }
      return 0;
    };
  }
  if (format4 === undefined) throw new Error('The font has no Unicode character map');
  const table = format4;
  const segments = data.getUint16(table + 6) / 2;
  const ends = table + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  return (codePoint) => {
    if (codePoint > 0xffff) return 0;
    for (let i = 0; i < segments; i++) {
      if (data.getUint16(ends + i * 2) < codePoint) continue;
      const start = data.getUint16(starts + i * 2);
      if (start > codePoint) return 0;
      const delta = data.getInt16(deltas + i * 2);
      const rangeOffset = data.getUint16(rangeOffsets + i * 2);
      if (rangeOffset === 0) return (codePoint + delta) & 0xffff;
      const glyph = data.getUint16(rangeOffsets + i * 2 + rangeOffset + (codePoint - start) * 2);
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
    }
    return 0;
  };
}
