import { readFileSync } from 'node:fs';
import { BedrockRuntimeClient, InvokeModelCommand } from '@aws-sdk/client-bedrock-runtime';
import { mockClient } from 'aws-sdk-client-mock';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createBedrockImageEngine } from '../../../../functions/engine/image/bedrock';
import { EngineError } from '../../../../functions/engine/types';
import type { ImageRequest } from '../../../../functions/engine/image/types';
import { anna, hale, scene } from '../../../unit/engine/image/fixtures';
import { scratchDir } from '../video/media';

const bedrock = mockClient(BedrockRuntimeClient);
const scratch = scratchDir('bedrock-images');
let png1088: string;

beforeAll(async () => {
  png1088 = (
    await sharp({ create: { width: 1920, height: 1088, channels: 3, background: '#336699' } })
      .png()
      .toBuffer()
  ).toString('base64');
});
afterEach(() => bedrock.reset());
afterAll(() => scratch.remove());

const request = (name: string): ImageRequest => ({
  style: 'cinematic',
  quality: 'hd',
  aspectRatio: '16:9',
  seed: 12,
  outputPath: scratch.path(name),
});
const bodyOf = (call: number) =>
  JSON.parse(String(bedrock.commandCalls(InvokeModelCommand)[call]!.args[0].input.body));
const answer = (payload: unknown) => ({ body: new TextEncoder().encode(JSON.stringify(payload)) }) as never;

describe('Bedrock image engine (Nova Canvas)', () => {
  it('generates a portrait with the character seed and writes the exact size asked for', async () => {
    bedrock.on(InvokeModelCommand).resolves(answer({ images: [png1088] }));
    const engine = createBedrockImageEngine({ maxImages: 5 });
    const result = await engine.portrait({ ...request('portrait.png'), character: anna });
    const sent = bedrock.commandCalls(InvokeModelCommand)[0]!.args[0].input;
    expect(sent.modelId).toBe('amazon.nova-canvas-v1:0');
    const body = bodyOf(0);
    expect(body.taskType).toBe('TEXT_IMAGE');
    expect(body.imageGenerationConfig).toEqual({
      width: 1920,
      height: 1088,
      quality: 'premium',
      cfgScale: 6.5,
      seed: anna.seed,
      numberOfImages: 1,
    });
    expect(body.textToImageParams.text).toContain('long curly red hair');
    expect(result).toMatchObject({ width: 1920, height: 1080 });
    expect(await sharp(readFileSync(result.path)).metadata()).toMatchObject({
      width: 1920,
      height: 1080,
      format: 'png',
    });
  });

  it('uses the portraits as references for scenes with those characters (IMAGE_VARIATION)', async () => {
    bedrock.on(InvokeModelCommand).resolves(answer({ images: [png1088] }));
    const engine = createBedrockImageEngine();
    const portrait = await engine.portrait({ ...request('anna.png'), character: anna });
    await engine.scene({
      ...request('scene.png'),
      scene: scene({ location: 'The harbour', characters: ['Anna', 'Captain Hale'] }),
      characters: [anna, hale],
    });
    const body = bodyOf(1);
    expect(body.taskType).toBe('IMAGE_VARIATION');
    expect(body.imageVariationParams.images).toEqual([readFileSync(portrait.path).toString('base64')]);
    expect(body.imageVariationParams.text).toContain('Captain Hale');
    expect(body.imageGenerationConfig.seed).toBe(12);
    await engine.scene({
      ...request('alone.png'),
      scene: scene({ location: 'The harbour', characters: ['Captain Hale'] }),
      characters: [anna, hale],
    });
    expect(bodyOf(2).taskType).toBe('TEXT_IMAGE');
  });

  it('refuses more images than one request may create', async () => {
    bedrock.on(InvokeModelCommand).resolves(answer({ images: [png1088] }));
    const engine = createBedrockImageEngine({ maxImages: 1 });
    await engine.portrait({ ...request('one.png'), character: anna });
    await expect(engine.portrait({ ...request('two.png'), character: hale })).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/more than 1 images/),
    });
    expect(bedrock.commandCalls(InvokeModelCommand)).toHaveLength(1);
  });

  it('maps throttling to a retryable error and content filtering to a clear refusal', async () => {
    const engine = createBedrockImageEngine();
    bedrock
      .on(InvokeModelCommand)
      .rejects(Object.assign(new Error('Too many requests'), { name: 'ThrottlingException' }));
    await expect(engine.portrait({ ...request('t.png'), character: anna })).rejects.toMatchObject({
      code: 'provider_failed',
      retryable: true,
    });
    bedrock.on(InvokeModelCommand).rejects(
      Object.assign(new Error('This request has been blocked by our content filters.'), {
        name: 'ValidationException',
      }),
    );
    const refusal = await engine.portrait({ ...request('f.png'), character: anna }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(EngineError);
    expect(refusal).toMatchObject({ code: 'invalid_input', retryable: false });
    expect((refusal as EngineError).message).toMatch(
      /^The image request was blocked by the content filter\./,
    );
    bedrock.on(InvokeModelCommand).resolves(answer({ images: [], error: 'Blocked by content filter' }));
    await expect(engine.portrait({ ...request('e.png'), character: anna })).rejects.toMatchObject({
      code: 'invalid_input',
    });
    bedrock.on(InvokeModelCommand).resolves(answer({ images: [] }));
    await expect(engine.portrait({ ...request('n.png'), character: anna })).rejects.toMatchObject({
      code: 'provider_failed',
      message: 'The image service returned no image.',
    });
  });
});
