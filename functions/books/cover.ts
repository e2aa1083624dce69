import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { BadRequestError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../lib/errors';

const COVER_INPUT_LIMIT = 8 * 1024 * 1024;
const ACCEPTED = ['jpeg', 'png', 'webp', 'gif', 'avif', 'tiff'];

/**
 * A cover from an uploaded picture: decoded (so anything that is not an image is refused),
 * turned upright, fitted in 600×900 and stored as WebP; the hash names the file so a new cover gets
 * a new URL.
 */
export async function makeCover(data: Uint8Array): Promise<{ webp: Buffer; hash: string }> {
  if (data.length === 0) throw new BadRequestError('The image file is empty.', 'empty_file');
  if (data.length > COVER_INPUT_LIMIT)
    throw new PayloadTooLargeError('Cover images can be at most 8 MB.', 'file_too_large');
  let webp: Buffer;
  try {
    const image = sharp(data, { limitInputPixels: 40_000_000, failOn: 'error' });
    const meta = await image.metadata();
    if (!meta.format || !ACCEPTED.includes(meta.format)) throw new Error('format');
    webp = await image
      .rotate()
      .resize({ width: 600, height: 900, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new UnsupportedMediaTypeError(
      'That file is not an image we can use. Upload a JPEG, PNG or WebP picture.',
      'invalid_image',
    );
  }
  return { webp, hash: createHash('sha256').update(webp).digest('hex').slice(0, 16) };
}
