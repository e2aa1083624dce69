import { extname } from 'node:path';
import { runFfmpeg } from '../../media/ffmpeg';
import { EngineError } from '../../types';
import type { ThumbnailRequest } from '../types';
import { probeInput } from './inputs';
import { sec } from '../timeline';

/** One frame as JPEG (or PNG when the output path ends in .png), `width` wide, height by aspect. */
export async function extractThumbnail(request: ThumbnailRequest): Promise<{ path: string }> {
  if (!Number.isInteger(request.width) || request.width < 16 || request.width > 7680) {
    throw new EngineError(
      'invalid_params',
      'The thumbnail width must be a whole number from 16 to 7680 pixels.',
    );
  }
  const source = await probeInput(request.inputPath, 'video');
  if (!source.video)
    throw new EngineError('invalid_input', 'The file has no picture to take a thumbnail from.');
  // Default one second in (past fade-ins), never beyond the last frame.
  const at = Math.max(0, Math.min(request.at ?? Math.min(1, source.duration / 2), source.duration - 0.1));
  const png = extname(request.outputPath).toLowerCase() === '.png';
  await runFfmpeg([
    '-ss',
    sec(at),
    '-i',
    request.inputPath,
    '-frames:v',
    '1',
    '-vf',
    `scale=${request.width}:-2`,
    ...(png ? ['-c:v', 'png'] : ['-c:v', 'mjpeg', '-q:v', '3', '-pix_fmt', 'yuvj420p']),
    '-f',
    'image2',
    request.outputPath,
  ]);
  return { path: request.outputPath };
}
