import { describe, expect, it } from 'vitest';
import {
  clipPrompt,
  imageVariationBody,
  novaCanvasSize,
  sceneBody,
  textToImageBody,
} from '../../../../functions/engine/image/bedrock';
import { describeScene } from '../../../../functions/engine/image/local/describe';
import { characterLook, portraitLook } from '../../../../functions/engine/image/local/look';
import { planScene } from '../../../../functions/engine/image/local/scene-plan';
import type { CharacterReference } from '../../../../functions/engine/image/types';
import { anna, hale, scene } from './fixtures';
import { bedrockError } from '../../../../functions/engine/bedrock-errors';
import { EngineError } from '../../../../functions/engine/types';

const named = (name: string, message = 'x') => Object.assign(new Error(message), { name });

describe('Nova Canvas requests', () => {
  it('asks for sizes Nova Canvas accepts (multiples of 16, ≤ 4.19 MP)', () => {
    expect(novaCanvasSize({ width: 1280, height: 720 })).toEqual({ width: 1280, height: 720 });
    expect(novaCanvasSize({ width: 1920, height: 1080 })).toEqual({ width: 1920, height: 1088 });
    expect(novaCanvasSize({ width: 1080, height: 1920 })).toEqual({ width: 1088, height: 1920 });
    const big = novaCanvasSize({ width: 4000, height: 4000 });
    expect(big.width * big.height).toBeLessThanOrEqual(4_194_304);
    expect(big.width % 16).toBe(0);
  });

  it('builds a TEXT_IMAGE body with one image, the seed and the quality', () => {
    const body = textToImageBody('A castle', { width: 1920, height: 1080 }, 'hd', 3_000_000_000) as {
      taskType: string;
      textToImageParams: { text: string; negativeText: string };
      imageGenerationConfig: Record<string, number | string>;
    };
    expect(body.taskType).toBe('TEXT_IMAGE');
    expect(body.textToImageParams.text).toBe('A castle');
    expect(body.textToImageParams.negativeText).toMatch(/blurry/);
    expect(body.imageGenerationConfig).toMatchObject({
      width: 1920,
      height: 1088,
      quality: 'premium',
      numberOfImages: 1,
    });
    expect(body.imageGenerationConfig.seed).toBeLessThanOrEqual(2_147_483_646);
  });

  it('builds an IMAGE_VARIATION body with at most five references', () => {
    const body = imageVariationBody(
      'Scene',
      ['a', 'b', 'c', 'd', 'e', 'f'],
      0.1,
      { width: 1280, height: 720 },
      'standard',
      5,
    ) as {
      taskType: string;
      imageVariationParams: { images: string[]; similarityStrength: number };
    };
    expect(body.taskType).toBe('IMAGE_VARIATION');
    expect(body.imageVariationParams.images).toHaveLength(5);
    expect(body.imageVariationParams.similarityStrength).toBe(0.2);
  });

  it('clips prompts to the model limit at a word boundary', () => {
    const clipped = clipPrompt('word '.repeat(400));
    expect(clipped.length).toBeLessThanOrEqual(1024);
    expect(clipped.endsWith('…')).toBe(true);
    expect(clipPrompt('short')).toBe('short');
  });
});

describe('Nova Canvas scene requests with portrait references', () => {
  const portraitBytes = new Uint8Array([137, 80, 78, 71, 1, 2, 3]);
  // Anna's description was edited after her portrait (blue coat): the portrait's look is sent.
  const edited = { ...anna, physical_description: 'A woman in a green cloak with short black hair.' };
  const reference: CharacterReference = {
    name: 'Anna',
    seed: 4242,
    physical_description: anna.physical_description,
    look: portraitLook(characterLook(anna)),
    image: async () => portraitBytes,
  };
  const size = { width: 1280, height: 720 };
  const request = { quality: 'standard' as const, seed: 9 };
  const harbour = (characters: string[]) => scene({ location: 'The harbour', characters });

  it('sends the portrait as a reference image and describes the look it fixed', async () => {
    const plan = planScene({
      scene: harbour(['Anna', 'Captain Hale']),
      characters: [edited, hale],
      style: 'cinematic',
      seed: 9,
      references: [reference],
    });
    const prompt = describeScene(plan);
    expect(prompt).toContain('blue coat');
    expect(prompt).not.toContain('green cloak');
    const body = (await sceneBody(plan, prompt, size, request, { similarityStrength: 0.35 })) as {
      taskType: string;
      imageVariationParams: { images: string[]; text: string; similarityStrength: number };
      imageGenerationConfig: { seed: number };
    };
    expect(body.taskType).toBe('IMAGE_VARIATION');
    expect(body.imageVariationParams.images).toEqual([Buffer.from(portraitBytes).toString('base64')]);
    expect(body.imageVariationParams.text).toBe(prompt);
    expect(body.imageVariationParams.similarityStrength).toBe(0.35);
    // Two people in the scene: the request's seed.
    expect(body.imageGenerationConfig.seed).toBe(9);
  });

  it("keeps a lone referenced character's own seed", async () => {
    const plan = planScene({
      scene: harbour(['Anna']),
      characters: [edited],
      style: 'cinematic',
      seed: 9,
      references: [reference],
    });
    const body = (await sceneBody(plan, 'x', size, request, { similarityStrength: 0.35 })) as {
      imageGenerationConfig: { seed: number };
    };
    expect(body.imageGenerationConfig.seed).toBe(4242);
  });

  it('falls back to text-to-image when no portrait can be read', async () => {
    const unreadable = { ...reference, image: () => Promise.reject(new Error('gone')) };
    const plan = planScene({
      scene: harbour(['Anna', 'Captain Hale']),
      characters: [edited, hale],
      style: 'cinematic',
      seed: 9,
      references: [unreadable],
    });
    const body = (await sceneBody(plan, 'x', size, request, { similarityStrength: 0.35 })) as {
      taskType: string;
    };
    expect(body.taskType).toBe('TEXT_IMAGE');
  });
});

describe('bedrockError', () => {
  it('marks throttling and timeouts as retryable', () => {
    for (const name of ['ThrottlingException', 'ServiceUnavailableException', 'ModelTimeoutException']) {
      const error = bedrockError(named(name), 'image');
      expect(error).toBeInstanceOf(EngineError);
      expect(error.code).toBe('provider_failed');
      expect(error.retryable).toBe(true);
    }
  });

  it('turns content-filter validation errors into a clear invalid_input', () => {
    const error = bedrockError(
      named('ValidationException', 'This request has been blocked by our content filters.'),
      'image',
    );
    expect(error.code).toBe('invalid_input');
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(/^The image request was blocked by the content filter/);
  });

  it('explains missing model access and passes engine errors through', () => {
    expect(bedrockError(named('AccessDeniedException'), 'video').message).toMatch(
      /video model is not enabled/,
    );
    const original = new EngineError('invalid_input', 'x');
    expect(bedrockError(original, 'image')).toBe(original);
  });
});
