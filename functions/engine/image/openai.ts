/**
 * Pictures from an OpenAI-compatible image server: OpenAI itself (gpt-image-1, DALL·E) or one the
 * user runs (LocalAI and others speak `/v1/images/generations`). The description comes from the same
 * prompt builder as Bedrock's and the offline renderer's, so every engine is asked for the same
 * picture. A scene whose characters have portraits goes to `/images/edits` with the portraits as
 * reference images, so a character looks the same in every scene; a server without that endpoint
 * (404, or a 400 that is not a content refusal) is asked through generations instead, and remembered.
 */
import { readFile } from 'node:fs/promises';
import { ConfigError } from '../../lib/errors';
import { DEFAULT_OPENAI_IMAGE_MODEL, engineConfig } from '../config';
import { modelBadAnswerError, modelHttpError, type ModelServer } from '../model-errors';
import { callModel, fetchMedia, type ModelResponse, type RetryPolicy } from '../model-http';
import type { Size } from '../types';
import { clipPrompt } from './bedrock';
import { describeScene } from './local/describe';
import { portraitLook } from './local/look';
import { planScene } from './local/scene-plan';
import { writeExactSize } from './output';
import { characterKey, imageAllowance, portraitPrompt, validateImageRequest } from './request';
import type { ImageEngine, ImageQuality, ImageResult } from './types';

export interface OpenAIImageOptions {
  baseUrl?: string;
  apiKey?: string;
  model?: string;
  /** Images this engine may create in total (ENGINE_MAX_IMAGES_PER_REQUEST). */
  maxImages?: number;
  retry?: Partial<RetryPolicy>;
}

/** The most reference portraits one edit carries (gpt-image-1 takes up to 16; fewer keep it small). */
const MAX_REFERENCES = 4;
/** DALL·E 3 reads at most 4 000 characters; gpt-image-1 more. The shorter limit suits every server. */
const MAX_PROMPT = 4000;

/** Servers (base URL and model) that answered edits with 404 or 400: scenes are generated there. */
const noEdits = new Set<string>();

/**
 * The size to ask for. OpenAI's models take a few fixed sizes (the nearest aspect is asked for and
 * the answer cropped to the product's size); other servers are asked for the exact size.
 */
export function requestedSize(model: string, size: Size): string {
  const ratio = size.width / size.height;
  const nearest = (choices: [number, number][]) => {
    const [w, h] = choices.reduce((best, choice) =>
      Math.abs(Math.log(choice[0] / choice[1] / ratio)) < Math.abs(Math.log(best[0] / best[1] / ratio))
        ? choice
        : best,
    );
    return `${w}x${h}`;
  };
  if (/^gpt-image/i.test(model))
    return nearest([
      [1024, 1024],
      [1536, 1024],
      [1024, 1536],
    ]);
  if (/^dall-e-3/i.test(model))
    return nearest([
      [1024, 1024],
      [1792, 1024],
      [1024, 1792],
    ]);
  if (/^dall-e-2/i.test(model)) return '1024x1024';
  return `${size.width}x${size.height}`;
}

/** The quality parameter each OpenAI model family knows; other servers are not sent one. */
export function requestedQuality(model: string, quality: ImageQuality): string | undefined {
  if (/^gpt-image/i.test(model)) return quality === 'hd' ? 'high' : 'medium';
  if (/^dall-e-3/i.test(model)) return quality;
  return undefined;
}

interface Settings {
  server: ModelServer;
  apiKey?: string;
  policy: RetryPolicy;
}

export function createOpenAIImageEngine(options: OpenAIImageOptions = {}): ImageEngine {
  const config = engineConfig();
  const model = options.model ?? config.OPENAI_IMAGE_MODEL ?? DEFAULT_OPENAI_IMAGE_MODEL;
  const baseUrl = (options.baseUrl ?? config.OPENAI_BASE_URL).replace(/\/+$/, '');
  if (!baseUrl) throw new ConfigError('Invalid engine setting OPENAI_BASE_URL: required');
  const settings: Settings = {
    server: {
      label: 'image model',
      kind: 'image',
      baseUrl,
      model,
      settings: {
        key: 'OPENAI_API_KEY',
        url: 'OPENAI_BASE_URL',
        model: 'OPENAI_IMAGE_MODEL',
        timeout: 'OPENAI_TIMEOUT_MS',
      },
    },
    apiKey: options.apiKey ?? config.OPENAI_API_KEY,
    policy: {
      timeoutMs: config.OPENAI_TIMEOUT_MS ?? config.ENGINE_REQUEST_TIMEOUT_MS,
      ...options.retry,
    },
  };
  const count = imageAllowance(options.maxImages ?? config.ENGINE_MAX_IMAGES_PER_REQUEST);
  const portraits = new Map<string, string>();

  return {
    async portrait(request) {
      const { size, look, prompt } = portraitPrompt(request);
      count();
      const image = await generate(settings, prompt, size, request.quality);
      await writeExactSize(image, size, request.outputPath);
      portraits.set(characterKey(request.character), request.outputPath);
      return { path: request.outputPath, ...size, prompt, look: portraitLook(look) };
    },

    async scene(request): Promise<ImageResult> {
      const size = validateImageRequest(request);
      const plan = planScene(request);
      const prompt = describeScene(plan);
      count();
      const references = await readReferences(
        plan.cast.map((member) => {
          if (member.reference?.image) return member.reference.image;
          const path = portraits.get(characterKey(member.profile));
          return path ? () => readFile(path) : undefined;
        }),
      );
      const image = references.length
        ? await edit(settings, prompt, size, request.quality, references)
        : await generate(settings, prompt, size, request.quality);
      await writeExactSize(image, size, request.outputPath);
      return { path: request.outputPath, ...size, prompt };
    },
  };
}

/** The portraits that can be read (one that cannot only costs consistency, not the picture). */
async function readReferences(loaders: ((() => Promise<Uint8Array>) | undefined)[]): Promise<Uint8Array[]> {
  const present = loaders.filter((load): load is () => Promise<Uint8Array> => Boolean(load));
  const loaded = await Promise.all(
    present.slice(0, MAX_REFERENCES).map((load) =>
      load().then(
        (bytes) => bytes,
        () => undefined,
      ),
    ),
  );
  return loaded.filter((bytes): bytes is Uint8Array => Boolean(bytes?.byteLength));
}

function authorization(settings: Settings): Record<string, string> {
  return settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {};
}

async function generate(settings: Settings, prompt: string, size: Size, quality: ImageQuality) {
  const model = settings.server.model!;
  const body = {
    model,
    prompt: clipPrompt(prompt, MAX_PROMPT),
    n: 1,
    size: requestedSize(model, size),
    ...optionalFields(model, quality),
  };
  const response = await callModel(settings.server, settings.policy, {
    path: '/images/generations',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...authorization(settings) },
    body: () => JSON.stringify(body),
  });
  return imageOf(settings, response);
}

/** gpt-image models always answer base64 and refuse `response_format`; the others are asked for it. */
function optionalFields(model: string, quality: ImageQuality): Record<string, string> {
  const fields: Record<string, string> = {};
  const level = requestedQuality(model, quality);
  if (level) fields.quality = level;
  if (!/^gpt-image/i.test(model)) fields.response_format = 'b64_json';
  return fields;
}

async function edit(
  settings: Settings,
  prompt: string,
  size: Size,
  quality: ImageQuality,
  references: Uint8Array[],
): Promise<Buffer> {
  const model = settings.server.model!;
  const key = `${settings.server.baseUrl} ${model}`;
  if (noEdits.has(key)) return generate(settings, prompt, size, quality);
  const form = () => {
    const data = new FormData();
    data.set('model', model);
    data.set('prompt', clipPrompt(prompt, MAX_PROMPT));
    data.set('n', '1');
    data.set('size', requestedSize(model, size));
    for (const [name, value] of Object.entries(optionalFields(model, quality))) data.set(name, value);
    // One reference goes as `image`, several as the `image[]` list gpt-image-1 reads.
    const field = references.length > 1 ? 'image[]' : 'image';
    references.forEach((bytes, index) =>
      data.append(
        field,
        new Blob([new Uint8Array(bytes)], { type: 'image/png' }),
        `portrait-${index + 1}.png`,
      ),
    );
    return data;
  };
  const response = await callModel(settings.server, settings.policy, {
    path: '/images/edits',
    headers: { accept: 'application/json', ...authorization(settings) },
    body: form,
    passThrough: (status) => status === 404 || status === 405 || status === 400,
  });
  if (response.status >= 300) {
    // A content refusal is final; any other 400 means the server cannot edit this way.
    const refusal = modelHttpError(settings.server, response.status, response.body.toString('utf8'));
    if (refusal.code === 'invalid_input') throw refusal;
    noEdits.add(key);
    return generate(settings, prompt, size, quality);
  }
  return imageOf(settings, response);
}

/** The picture of an images answer: `b64_json`, or a `url` fetched. */
async function imageOf(settings: Settings, response: ModelResponse): Promise<Buffer> {
  let answer: { data?: { b64_json?: unknown; url?: unknown }[] };
  try {
    answer = JSON.parse(response.body.toString('utf8')) as typeof answer;
  } catch {
    throw modelBadAnswerError(settings.server, 'the answer is not JSON');
  }
  const first = answer?.data?.[0];
  if (typeof first?.b64_json === 'string' && first.b64_json) return Buffer.from(first.b64_json, 'base64');
  if (typeof first?.url === 'string' && first.url) {
    if (first.url.startsWith('data:')) return Buffer.from(first.url.replace(/^data:[^,]*,/, ''), 'base64');
    return fetchMedia(settings.server, settings.policy, first.url);
  }
  throw modelBadAnswerError(settings.server, 'it holds no image (neither b64_json nor url)');
}
