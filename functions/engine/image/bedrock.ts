import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { InvokeModelCommand, type BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import sharp from 'sharp';
import { aws } from '../../lib/aws/clients';
import { engineConfig } from '../config';
import { EngineError, type Size } from '../types';
import type { CharacterProfile } from '../text/types';
import type { ImageEngine, ImageResult } from './types';
import { bedrockError, contentFiltered, isContentFilterMessage } from '../bedrock-errors';
import { describePortrait, describeScene } from './local/describe';
import { characterLook, portraitLook } from './local/look';
import { validateImageRequest } from './request';
import { planScene } from './local/scene-plan';

/**
 * Amazon Nova Canvas through Bedrock InvokeModel.
 *
 * Consistency of characters: portraits are generated with the character's own seed (TEXT_IMAGE),
 * and scenes whose characters already have a portrait are generated with IMAGE_VARIATION, the
 * portraits as reference images (at most 5) and the scene text as prompt, so faces and clothes carry
 * over. Without a portrait, scenes use TEXT_IMAGE with the request seed and the same textual
 * character descriptions the local engine uses.
 */
export interface BedrockImageEngineOptions {
  client?: BedrockRuntimeClient;
  modelId?: string;
  /** Images this engine may create in total (ENGINE_MAX_IMAGES_PER_REQUEST); create one engine per request. */
  maxImages?: number;
  /** A portrait file for a character, used as reference in scenes; defaults to the portraits made by this engine. */
  referencePortrait?: (character: CharacterProfile) => string | undefined;
  /** 0.2–1: how closely scenes follow the reference portraits (IMAGE_VARIATION similarityStrength). */
  similarityStrength?: number;
}

const MAX_PROMPT = 1024;
const MAX_REFERENCES = 5;
const MAX_SEED = 2_147_483_646;
const NEGATIVE =
  'blurry, low quality, distorted face, deformed hands, extra limbs, extra fingers, text, caption, watermark, signature, logo, frame';

type NovaRequest = Record<string, unknown>;

/** Nova Canvas wants sides that are multiples of 16 within 320–4096 and at most 4.19 MP. */
export function novaCanvasSize(size: Size): Size {
  const snap = (value: number) => Math.min(4096, Math.max(320, Math.round(value / 16) * 16));
  let width = snap(size.width);
  let height = snap(size.height);
  while (width * height > 4_194_304) {
    width = snap(width * 0.9);
    height = snap(height * 0.9);
  }
  return { width, height };
}

export function clipPrompt(text: string, limit = MAX_PROMPT): string {
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), limit - 40))}…`;
}

const novaSeed = (seed: number) => Math.abs(Math.trunc(seed)) % (MAX_SEED + 1);

export function textToImageBody(
  prompt: string,
  size: Size,
  quality: 'standard' | 'hd',
  seed: number,
): NovaRequest {
  return {
    taskType: 'TEXT_IMAGE',
    textToImageParams: { text: clipPrompt(prompt), negativeText: NEGATIVE },
    imageGenerationConfig: generationConfig(size, quality, seed),
  };
}

export function imageVariationBody(
  prompt: string,
  references: string[],
  similarityStrength: number,
  size: Size,
  quality: 'standard' | 'hd',
  seed: number,
): NovaRequest {
  return {
    taskType: 'IMAGE_VARIATION',
    imageVariationParams: {
      text: clipPrompt(prompt),
      negativeText: NEGATIVE,
      images: references.slice(0, MAX_REFERENCES),
      similarityStrength: Math.min(1, Math.max(0.2, similarityStrength)),
    },
    imageGenerationConfig: generationConfig(size, quality, seed),
  };
}

function generationConfig(size: Size, quality: 'standard' | 'hd', seed: number) {
  const { width, height } = novaCanvasSize(size);
  return {
    width,
    height,
    quality: quality === 'hd' ? 'premium' : 'standard',
    cfgScale: 6.5,
    seed: novaSeed(seed),
    numberOfImages: 1,
  };
}

const characterKey = (c: CharacterProfile) => `${c.name.trim().toLowerCase()}#${c.seed}`;

export function createBedrockImageEngine(options: BedrockImageEngineOptions = {}): ImageEngine {
  const config = engineConfig();
  const modelId = options.modelId ?? config.BEDROCK_IMAGE_MODEL_ID;
  const maxImages = options.maxImages ?? config.ENGINE_MAX_IMAGES_PER_REQUEST;
  const portraits = new Map<string, string>();
  const referenceFor = (c: CharacterProfile) =>
    options.referencePortrait?.(c) ?? portraits.get(characterKey(c));
  let made = 0;

  async function generate(
    body: NovaRequest,
    size: Size,
    outputPath: string,
    prompt: string,
  ): Promise<ImageResult> {
    if (made >= maxImages) {
      throw new EngineError(
        'invalid_input',
        `This request asks for more than ${maxImages} images, the most one request may create.`,
      );
    }
    made++;
    let payload: { images?: string[]; error?: string | null };
    try {
      const client = options.client ?? aws.bedrock;
      const response = await client.send(
        new InvokeModelCommand({
          modelId,
          contentType: 'application/json',
          accept: 'application/json',
          body: JSON.stringify(body),
        }),
      );
      payload = JSON.parse(new TextDecoder().decode(response.body)) as typeof payload;
    } catch (error) {
      throw bedrockError(error, 'image');
    }
    if (payload.error)
      throw isContentFilterMessage(payload.error)
        ? contentFiltered('image')
        : new EngineError('provider_failed', `The image service failed: ${payload.error}`);
    const image = payload.images?.[0];
    if (!image) throw new EngineError('provider_failed', 'The image service returned no image.');
    await writeExactSize(Buffer.from(image, 'base64'), size, outputPath);
    return { path: outputPath, ...size, prompt };
  }

  return {
    async portrait(request) {
      const size = validateImageRequest(request);
      const look = characterLook(request.character);
      const prompt = describePortrait(look, request.style, request.customPrompt);
      const result = await generate(
        textToImageBody(prompt, size, request.quality, request.character.seed),
        size,
        request.outputPath,
        prompt,
      );
      portraits.set(characterKey(request.character), request.outputPath);
      return { ...result, look: portraitLook(look) };
    },

    async scene(request) {
      const size = validateImageRequest(request);
      const plan = planScene(request);
      const prompt = describeScene(plan);
      const paths = plan.cast
        .map((member) => referenceFor(member.profile))
        .filter((path): path is string => Boolean(path));
      // A portrait that has gone missing only costs consistency, not the picture.
      const loaded = await Promise.all(
        paths.slice(0, MAX_REFERENCES).map((path) =>
          readFile(path).then(
            (b) => b.toString('base64'),
            () => undefined,
          ),
        ),
      );
      const references = loaded.filter((data): data is string => Boolean(data));
      const body = references.length
        ? imageVariationBody(
            prompt,
            references,
            options.similarityStrength ?? 0.35,
            size,
            request.quality,
            request.seed,
          )
        : textToImageBody(prompt, size, request.quality, request.seed);
      return generate(body, size, request.outputPath, prompt);
    },
  };
}

/** Nova sizes are multiples of 16 (1920×1088 for 1920×1080): crop/scale to the size asked for. */
async function writeExactSize(png: Buffer, size: Size, outputPath: string): Promise<void> {
  await mkdir(dirname(outputPath), { recursive: true });
  try {
    const meta = await sharp(png).metadata();
    const exact = meta.width === size.width && meta.height === size.height && meta.format === 'png';
    await writeFile(
      outputPath,
      exact ? png : await sharp(png).resize(size.width, size.height, { fit: 'cover' }).png().toBuffer(),
    );
  } catch (error) {
    throw new EngineError(
      'provider_failed',
      `The image service returned an unreadable image: ${(error as Error).message}`,
    );
  }
}
