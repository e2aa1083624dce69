import { readFile } from 'node:fs/promises';
import { InvokeModelCommand, type BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { aws } from '../../lib/aws/clients';
import { engineConfig } from '../config';
import { EngineError, type Size } from '../types';
import type { CharacterProfile } from '../text/types';
import type { ImageEngine, ImageRequest, ImageResult } from './types';
import { bedrockError, contentFiltered, isContentFilterMessage } from '../bedrock-errors';
import { describeScene } from './local/describe';
import { portraitLook } from './local/look';
import { writeExactSize } from './output';
import { characterKey, imageAllowance, portraitPrompt, validateImageRequest } from './request';
import { planScene, type ScenePlan } from './local/scene-plan';

/**
 * Amazon Nova Canvas through Bedrock InvokeModel.
 *
 * Consistency of characters: portraits are generated with the character's own seed (TEXT_IMAGE),
 * and scenes whose characters already have a portrait are generated with IMAGE_VARIATION, the
 * portraits as reference images (at most 5) and the scene text as prompt, so faces and clothes carry
 * over. The portraits come from the request's `references` (the product's stored portraits, with the
 * look they fixed, which the prompt describes) or else from the portraits this engine drew. A scene
 * with a single referenced character keeps that character's seed, so a redraw of the same character
 * starts from the same noise. Without a portrait, scenes use TEXT_IMAGE with the request seed and the
 * same textual character descriptions the local engine uses.
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

/**
 * The Nova Canvas body of a scene: IMAGE_VARIATION with the portraits of the cast (the request's
 * references first, else `fallback`) as reference images, TEXT_IMAGE when none can be read. A
 * portrait that cannot be read only costs consistency, not the picture.
 */
export async function sceneBody(
  plan: ScenePlan,
  prompt: string,
  size: Size,
  request: Pick<ImageRequest, 'quality' | 'seed'>,
  options: {
    similarityStrength: number;
    fallback?: (profile: CharacterProfile) => Promise<Uint8Array> | undefined;
  },
): Promise<NovaRequest> {
  const loaders = plan.cast
    .map((member) => member.reference?.image?.() ?? options.fallback?.(member.profile))
    .filter((load): load is Promise<Uint8Array> => Boolean(load))
    .slice(0, MAX_REFERENCES);
  const loaded = await Promise.all(
    loaders.map((load) =>
      load.then(
        (bytes) => Buffer.from(bytes).toString('base64'),
        () => undefined,
      ),
    ),
  );
  const references = loaded.filter((data): data is string => Boolean(data));
  const referenced = plan.cast.filter((member) => member.reference);
  const seed =
    referenced.length === 1 && plan.cast.length === 1 ? referenced[0]!.reference!.seed : request.seed;
  return references.length
    ? imageVariationBody(prompt, references, options.similarityStrength, size, request.quality, seed)
    : textToImageBody(prompt, size, request.quality, seed);
}

export function createBedrockImageEngine(options: BedrockImageEngineOptions = {}): ImageEngine {
  const config = engineConfig();
  const modelId = options.modelId ?? config.BEDROCK_IMAGE_MODEL_ID;
  const count = imageAllowance(options.maxImages ?? config.ENGINE_MAX_IMAGES_PER_REQUEST);
  const portraits = new Map<string, string>();
  const referenceFor = (c: CharacterProfile) =>
    options.referencePortrait?.(c) ?? portraits.get(characterKey(c));

  async function generate(
    body: NovaRequest,
    size: Size,
    outputPath: string,
    prompt: string,
  ): Promise<ImageResult> {
    count();
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
      const { size, look, prompt } = portraitPrompt(request);
      const result = await generate(
        textToImageBody(prompt, size, request.quality, request.reference?.seed ?? request.character.seed),
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
      const body = await sceneBody(plan, prompt, size, request, {
        similarityStrength: options.similarityStrength ?? 0.35,
        fallback: (profile) => {
          const path = referenceFor(profile);
          return path ? readFile(path) : undefined;
        },
      });
      return generate(body, size, request.outputPath, prompt);
    },
  };
}
