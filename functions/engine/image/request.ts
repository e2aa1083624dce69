import { ASPECT_RATIOS, IMAGE_QUALITIES, IMAGE_STYLES, type ImageEngine, type ImageRequest } from './types';
import { EngineError, type Size } from '../types';
import type { CharacterProfile } from '../text/types';
import { imageSize } from './sizes';
import { describePortrait } from './local/describe';
import { characterLook, referencedLook, type CharacterLook } from './local/look';

type PortraitRequest = Parameters<ImageEngine['portrait']>[0];

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

/** What a portrait request draws: its size, the character's look (or the reference's) and the prompt. */
export function portraitPrompt(request: PortraitRequest): {
  size: Size;
  look: CharacterLook;
  prompt: string;
} {
  const size = validateImageRequest(request);
  const look = request.reference
    ? referencedLook(request.character, request.reference)
    : characterLook(request.character);
  return { size, look, prompt: describePortrait(look, request.style, request.customPrompt) };
}

/** The portraits an engine made, by character, for its later scenes to take as references. */
export const characterKey = (c: CharacterProfile) => `${c.name.trim().toLowerCase()}#${c.seed}`;

/** The invocation this process is serving now (an API request or a workflow task). */
let invocation = 0;

/**
 * A new invocation starts: every engine's image allowance starts again. The engine lives as long as
 * its process (a warm Lambda serves many requests), while the bound is per request.
 */
export function startImageAllowances(): void {
  invocation += 1;
}

/**
 * The images one engine may make for one request (ENGINE_MAX_IMAGES_PER_REQUEST): call it before each
 * image; past the bound it refuses in words. The count starts again with each invocation
 * (`startImageAllowances`).
 */
export function imageAllowance(maxImages: number): () => void {
  let made = 0;
  let counting = invocation;
  return () => {
    if (counting !== invocation) {
      counting = invocation;
      made = 0;
    }
    if (made >= maxImages) {
      throw new EngineError(
        'invalid_input',
        `This request asks for more than ${maxImages} images, the most one request may create.`,
      );
    }
    made++;
  };
}
