import { z } from 'zod';
import { ConfigError } from '../lib/errors';

/**
 * Which implementation serves each capability, and the cost-relevant limits of the cloud ones.
 * Read once from the environment; everything defaults to the offline local engine.
 */
const provider = (...values: [string, ...string[]]) => z.enum(values).default(values[0]);
/** An optional setting: an empty variable counts as unset. */
const optional = <T extends z.ZodType>(type: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    type.optional(),
  );

const httpUrl = z
  .string()
  .trim()
  .refine((value) => {
    try {
      return ['http:', 'https:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, 'must be an http:// or https:// address, for example http://localhost:11434/v1 for Ollama')
  .transform((value) => value.replace(/\/+$/, ''));

const settings = z.object({
  ENGINE_TEXT_PROVIDER: provider('local', 'bedrock', 'openai'),
  ENGINE_SPEECH_PROVIDER: provider('local', 'polly', 'openai', 'elevenlabs'),
  ENGINE_IMAGE_PROVIDER: provider('local', 'bedrock', 'openai'),
  ENGINE_SCENE_VIDEO_PROVIDER: provider('local', 'bedrock'),
  BEDROCK_TEXT_MODEL_ID: z.string().default('amazon.nova-pro-v1:0'),
  BEDROCK_IMAGE_MODEL_ID: z.string().default('amazon.nova-canvas-v1:0'),
  BEDROCK_VIDEO_MODEL_ID: z.string().default('amazon.nova-reel-v1:1'),
  /** s3://bucket/prefix where the async video model writes its output. */
  BEDROCK_VIDEO_OUTPUT_URI: z.string().optional(),
  ENGINE_MAX_TOKENS: z.coerce.number().int().min(256).max(32_000).default(4096),
  /** Characters of chapter text sent to the text model at most (cut at a sentence end). */
  ENGINE_TEXT_INPUT_CHARS: z.coerce.number().int().min(1000).max(1_000_000).default(60_000),
  ENGINE_MAX_IMAGES_PER_REQUEST: z.coerce.number().int().min(1).max(50).default(20),
  ENGINE_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(900_000).default(120_000),
  POLLY_ENGINE: z.enum(['neural', 'standard', 'generative', 'long-form']).default('neural'),
  /**
   * The OpenAI-compatible text provider (ENGINE_TEXT_PROVIDER=openai): OpenAI itself, or a model
   * served by Ollama, llama.cpp's server or vLLM. The base URL ends where `/chat/completions` is added.
   */
  OPENAI_BASE_URL: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    httpUrl.default('https://api.openai.com/v1'),
  ),
  OPENAI_MODEL: optional(z.string().trim()),
  /** Optional: local servers need none. */
  OPENAI_API_KEY: optional(z.string().trim()),
  /** Per request; ENGINE_REQUEST_TIMEOUT_MS when unset. */
  OPENAI_TIMEOUT_MS: optional(
    z.coerce
      .number()
      .int()
      .min(1000)
      .max(300_000, "at most 300000 (5 minutes): Node's HTTP client waits no longer for an answer to begin"),
  ),
  /** Most tokens of one answer; ENGINE_MAX_TOKENS when unset. */
  OPENAI_MAX_TOKENS: optional(z.coerce.number().int().min(256).max(128_000)),
  /** The image model of the same server (ENGINE_IMAGE_PROVIDER=openai). */
  OPENAI_IMAGE_MODEL: optional(z.string().trim()),
  /**
   * The speech model of the same server (ENGINE_SPEECH_PROVIDER=openai). Setting it while another
   * speech provider is chosen also makes the openai_tts voice model speak through this server.
   */
  OPENAI_TTS_MODEL: optional(z.string().trim()),
  /** ElevenLabs (ENGINE_SPEECH_PROVIDER=elevenlabs, or the elevenlabs_* voice models). */
  ELEVENLABS_API_KEY: optional(z.string().trim()),
  ELEVENLABS_BASE_URL: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    httpUrl.default('https://api.elevenlabs.io'),
  ),
  /**
   * On AWS the keys are SecureString parameters of SSM, named here by the stack; each process reads
   * them into OPENAI_API_KEY and ELEVENLABS_API_KEY before its first request (lib/aws/engine-secrets).
   */
  OPENAI_API_KEY_PARAMETER: optional(z.string().trim()),
  ELEVENLABS_API_KEY_PARAMETER: optional(z.string().trim()),
});

/** Every setting the engine reads, by name. */
export const ENGINE_SETTING_NAMES = Object.keys(settings.shape) as (keyof typeof settings.shape)[];

const schema = settings.superRefine((config, context) => {
  if (config.ENGINE_TEXT_PROVIDER === 'openai' && !config.OPENAI_MODEL) {
    context.addIssue({
      code: 'custom',
      path: ['OPENAI_MODEL'],
      message:
        'required when ENGINE_TEXT_PROVIDER=openai: the name of the model the server runs, for example llama3.1:8b with Ollama or gpt-4o-mini with OpenAI',
    });
  }
  // OpenAI itself always wants a key; a server of one's own usually does not.
  const openAIUsers = [
    config.ENGINE_TEXT_PROVIDER === 'openai' && 'ENGINE_TEXT_PROVIDER',
    config.ENGINE_IMAGE_PROVIDER === 'openai' && 'ENGINE_IMAGE_PROVIDER',
    config.ENGINE_SPEECH_PROVIDER === 'openai' && 'ENGINE_SPEECH_PROVIDER',
  ].filter(Boolean);
  if (openAIUsers.length && !config.OPENAI_API_KEY && isOpenAI(config.OPENAI_BASE_URL)) {
    context.addIssue({
      code: 'custom',
      path: ['OPENAI_API_KEY'],
      message: `required when ${openAIUsers.map((name) => `${name}=openai`).join(' and ')} with OpenAI's own server (${config.OPENAI_BASE_URL}); set OPENAI_BASE_URL to use a server of your own, which needs no key${inParameter(config.OPENAI_API_KEY_PARAMETER)}`,
    });
  }
  if (config.ENGINE_SPEECH_PROVIDER === 'elevenlabs' && !config.ELEVENLABS_API_KEY) {
    context.addIssue({
      code: 'custom',
      path: ['ELEVENLABS_API_KEY'],
      message: `required when ENGINE_SPEECH_PROVIDER=elevenlabs: the API key of your ElevenLabs account (Profile → API keys)${inParameter(config.ELEVENLABS_API_KEY_PARAMETER)}`,
    });
  }
});

/** Where a deployed key is expected, for the message of a missing one. */
const inParameter = (parameter: string | undefined) =>
  parameter ? `; on AWS, create it as the SecureString parameter ${parameter}` : '';

const isOpenAI = (baseUrl: string) => {
  try {
    return new URL(baseUrl).hostname === 'api.openai.com';
  } catch {
    return false;
  }
};

/** The image model asked of the OpenAI-compatible server. */
export const DEFAULT_OPENAI_IMAGE_MODEL = 'gpt-image-1';
/** The speech model asked of the OpenAI-compatible server. */
export const DEFAULT_OPENAI_TTS_MODEL = 'gpt-4o-mini-tts';

export type EngineConfig = z.infer<typeof schema>;
let parsed: EngineConfig | undefined;

/**
 * The engine settings of an environment, or every wrong one at once, one line each, so a start-up
 * (or a deployment's synthesis) is fixed in one go.
 */
export function parseEngineSettings(
  env: Record<string, string | undefined>,
): { ok: true; config: EngineConfig } | { ok: false; problems: string[] } {
  const result = schema.safeParse(env);
  if (result.success) return { ok: true, config: result.data };
  const line = (issue: { path: PropertyKey[]; message: string }) =>
    `Invalid engine setting ${issue.path.join('.')}: ${issue.message}`;
  // Settings that do not parse stop the checks made across settings (a key a provider needs), so
  // those run again on the rest: every problem is said at once, not one round at a time.
  const wrong = new Set(result.error.issues.map((issue) => String(issue.path[0])));
  const rest = schema.safeParse(Object.fromEntries(Object.entries(env).filter(([name]) => !wrong.has(name))));
  const more = rest.success ? [] : rest.error.issues;
  return { ok: false, problems: [...new Set([...result.error.issues, ...more].map(line))] };
}

export function engineConfig(): EngineConfig {
  if (!parsed) {
    const result = parseEngineSettings(process.env);
    if (!result.ok) throw new ConfigError(result.problems.join('\n'));
    parsed = result.config;
  }
  return parsed;
}

/** Tests change providers through the environment; this forgets the parsed settings. */
export function resetEngineConfig(): void {
  parsed = undefined;
}
