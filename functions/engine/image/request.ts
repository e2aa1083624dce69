import { ASPECT_RATIOS, IMAGE_QUALITIES, IMAGE_STYLES, type ImageRequest } from './types';
import { EngineError, type Size } from '../types';
import { imageSize } from './sizes';

/** Checks the options every image request shares and returns the output size. */
export function validateImageRequest(request: ImageRequest): Size {
  if (!(IMAGE_STYLES as readonly string[]).includes(request.style)) {
    throw new EngineError(
      'unknown_style',
      `Unknown image style "${request.style}". Choose one of: ${IMAGE_STYLES.join(', ')}.`,
    );
  }
  if (!(ASPECT_RATIOS as readonly string[]).includes(request.aspectRatio)) {
    throw new EngineError(
      'invalid_input',
      `Unknown aspect ratio "${request.aspectRatio}". Choose one of: ${ASPECT_RATIOS.join(', ')}.`,
    );
  }
  if (!(IMAGE_QUALITIES as readonly string[]).includes(request.quality)) {
    throw new EngineError(
      'invalid_input',
      `Unknown image quality "${request.quality}". Choose standard or hd.`,
    );
  }
  if (!Number.isFinite(request.seed))
    throw new EngineError('invalid_input', 'The image seed must be a number.');
  if (!request.outputPath) throw new EngineError('invalid_input', 'No output path was given for the image.');
  if (request.customPrompt && request.customPrompt.length > 2000) {
    throw new EngineError(
      'invalid_input',
      'The extra image description is too long (at most 2,000 characters).',
    );
  }
  return imageSize(request.aspectRatio, request.quality);
}
