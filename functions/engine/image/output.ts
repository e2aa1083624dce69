import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import sharp from 'sharp';
import { EngineError, type Size } from '../types';

/**
 * Writes a model's picture at the size the product asked for. A PNG of exactly that size is written
 * as the server sent it, byte for byte; anything else (another format, or a model's own sizes such
 * as Nova's multiples of 16 or gpt-image-1's 1536×1024) is decoded and cropped to fill the size.
 * Answers whether the bytes were kept.
 */
export async function writeExactSize(image: Buffer, size: Size, outputPath: string): Promise<boolean> {
  await mkdir(dirname(outputPath), { recursive: true });
  let exact: boolean;
  let png: Buffer;
  try {
    const meta = await sharp(image).metadata();
    exact = meta.width === size.width && meta.height === size.height && meta.format === 'png';
    png = exact
      ? image
      : await sharp(image).resize(size.width, size.height, { fit: 'cover' }).png().toBuffer();
  } catch (error) {
    throw new EngineError(
      'provider_failed',
      `The image service returned an unreadable image: ${(error as Error).message}`,
      false,
      { failure: 'bad_answer' },
    );
  }
  await writeFile(outputPath, png);
  return exact;
}
