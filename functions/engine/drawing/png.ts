import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { EngineError } from '../types';
import { ensureFontconfig } from './fontconfig';

/**
 * SVG → PNG with sharp, plus PNG tEXt chunks so later steps (lip-sync) can read where the renderer
 * put things without guessing from pixels.
 */
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

function chunks(png: Buffer): { type: string; start: number; data: Buffer }[] {
  if (png.length < 8 || !png.subarray(0, 8).equals(SIGNATURE)) return [];
  const found = [];
  let offset = 8;
  while (offset + 12 <= png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    found.push({ type, start: offset, data: png.subarray(offset + 8, offset + 8 + length) });
    offset += 12 + length;
    if (type === 'IEND') break;
  }
  return found;
}

/** Adds tEXt chunks (Latin-1 keyword and text) just before IEND. */
export function withPngText(png: Buffer, entries: Record<string, string>): Buffer {
  const end = chunks(png).find((c) => c.type === 'IEND');
  if (!end) throw new EngineError('media_failed', 'The rendered image is not a valid PNG.');
  const text = Object.entries(entries).map(([key, value]) =>
    chunk(
      'tEXt',
      Buffer.concat([Buffer.from(key, 'latin1'), Buffer.from([0]), Buffer.from(value, 'latin1')]),
    ),
  );
  return Buffer.concat([png.subarray(0, end.start), ...text, png.subarray(end.start)]);
}

export function readPngText(png: Buffer): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const c of chunks(png)) {
    if (c.type !== 'tEXt') continue;
    const zero = c.data.indexOf(0);
    if (zero > 0) entries[c.data.toString('latin1', 0, zero)] = c.data.toString('latin1', zero + 1);
  }
  return entries;
}

export async function renderSvg(svg: string): Promise<Buffer> {
  ensureFontconfig();
  try {
    // compressionLevel and no adaptive filtering keep the bytes stable for the same SVG.
    return await sharp(Buffer.from(svg), { density: 72 })
      .png({ compressionLevel: 6, adaptiveFiltering: false })
      .toBuffer();
  } catch (error) {
    throw new EngineError(
      'media_failed',
      `The illustration could not be rendered: ${(error as Error).message}`,
    );
  }
}

export async function writeSvgAsPng(svg: string, outputPath: string, text: Record<string, string> = {}) {
  const png = await renderSvg(svg);
  mkdirSync(dirname(outputPath), { recursive: true });
  writeFileSync(outputPath, Object.keys(text).length ? withPngText(png, text) : png);
}
