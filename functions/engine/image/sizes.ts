import type { AspectRatio, ImageQuality } from './types';
import type { Size } from '../types';

/** Output sizes per aspect ratio; hd is 1.5× standard (1920×1080 for 16:9). */
const STANDARD: Record<AspectRatio, Size> = {
  '16:9': { width: 1280, height: 720 },
  '4:3': { width: 1024, height: 768 },
  '1:1': { width: 1024, height: 1024 },
  '9:16': { width: 720, height: 1280 },
};

export function imageSize(aspectRatio: AspectRatio, quality: ImageQuality): Size {
  const size = STANDARD[aspectRatio];
  if (!size) throw new Error(`Unknown aspect ratio ${aspectRatio}`);
  const scale = quality === 'hd' ? 1.5 : 1;
  return { width: Math.round(size.width * scale), height: Math.round(size.height * scale) };
}
