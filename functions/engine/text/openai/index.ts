/**
 * The text engine on any OpenAI-compatible chat-completions server: OpenAI itself, or a model the
 * user runs with Ollama, llama.cpp's server or vLLM. Node's own fetch, no SDK. The model is asked
 * for one JSON object (`response_format: json_object`, and the JSON Schema in the prompt); the
 * answer is found in what it says, validated with the same schemas as Bedrock's, and retried with
 * backoff when it is cut off, broken or of the wrong shape. What cannot be fixed by trying again
 * ends in an EngineError that names the server and the setting to check — never in made-up text.
 */
import type { z } from 'zod';
import { ConfigError } from '../../../lib/errors';
import { engineConfig } from '../../config';
import { createModelTextEngine, type ModelRequest } from '../model-engine';
import { toolInputSchema } from '../schemas';
import type { TextEngine } from '../types';
import { extractJsonObject, schemaProblems } from './answer';
import {
  busyError,
  httpError,
  invalidAnswerError,
  networkCause,
  timeoutError,
  truncatedReason,
  unreachableError,
  type ServerInfo,
} from './errors';
import {
  backoffDelay,
  DEFAULT_ATTEMPTS,
  DEFAULT_BACKOFF_MS,
  isRetryableStatus,
  MAX_RETRY_AFTER_MS,
  retryAfterMs,
} from './retry';

export interface OpenAITextOptions {
  /** Defaults to OPENAI_BASE_URL. */
  baseUrl?: string;
  /** Defaults to OPENAI_MODEL. */
  model?: string;
  /** Defaults to OPENAI_API_KEY; none is sent when empty. */
  apiKey?: string;
  /** Per request; defaults to OPENAI_TIMEOUT_MS, else ENGINE_REQUEST_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Most tokens of one answer; defaults to OPENAI_MAX_TOKENS, else ENGINE_MAX_TOKENS. */
  maxTokens?: number;
  /** Characters of book text sent in one request (ENGINE_TEXT_INPUT_CHARS). */
  inputCharBudget?: number;
  /** Attempts of one request in all (3). */
  attempts?: number;
  /** The first retry's wait, doubled for each further one (500 ms). */
  backoffMs?: number;
  /** A longer Retry-After than this is reported instead of waited for (30 s). */
  maxRetryAfterMs?: number;
  /** Jitter source in [0, 1) (Math.random). */
  random?: () => number;
}

interface Settings extends ServerInfo {
  apiKey?: string;
  timeoutMs: number;
  maxTokens: number;
  attempts: number;
  backoffMs: number;
  maxRetryAfterMs: number;
  random: () => number;
}

/**
 * Servers (base URL and model) that answered 400 to `response_format` and then accepted the same
 * request without it: asked without it for the rest of the process.
 */
const rejectsJsonMode = new Set<string>();

const TEMPERATURE = 0.3;

export function createOpenAITextEngine(options: OpenAITextOptions = {}): TextEngine {
  const config = engineConfig();
  const model = options.model ?? config.OPENAI_MODEL;
  if (!model) {
    throw new ConfigError(
      'Invalid engine setting OPENAI_MODEL: required when ENGINE_TEXT_PROVIDER=openai: the name of the model the server runs, for example llama3.1:8b with Ollama or gpt-4o-mini with OpenAI',
    );
  }
  const settings: Settings = {
    baseUrl: (options.baseUrl ?? config.OPENAI_BASE_URL).replace(/\/+$/, ''),
    model,
    apiKey: options.apiKey ?? config.OPENAI_API_KEY,
    timeoutMs: options.timeoutMs ?? config.OPENAI_TIMEOUT_MS ?? config.ENGINE_REQUEST_TIMEOUT_MS,
    maxTokens: options.maxTokens ?? config.OPENAI_MAX_TOKENS ?? config.ENGINE_MAX_TOKENS,
    attempts: Math.max(1, options.attempts ?? DEFAULT_ATTEMPTS),
    backoffMs: options.backoffMs ?? DEFAULT_BACKOFF_MS,
    maxRetryAfterMs: options.maxRetryAfterMs ?? MAX_RETRY_AFTER_MS,
    random: options.random ?? Math.random,
  };
  const budget = options.inputCharBudget ?? config.ENGINE_TEXT_INPUT_CHARS;
  return createModelTextEngine((request) => ask(settings, request), budget);
}

/** What one attempt came to, when it did not end in a usable answer. */
type Problem =
  | { kind: 'invalid'; reason: string; hint?: string }
  | { kind: 'status'; status: number; waitMs?: number }
  | { kind: 'network'; cause: string };

async function ask<S extends z.ZodType>(settings: Settings, request: ModelRequest<S>): Promise<z.infer<S>> {
  const schema = JSON.stringify(toolInputSchema(request.schema));
  const system =
    `${request.system}\n\nAnswer with one JSON object and nothing else: no prose before or after it, ` +
    'no code fence. It must match the JSON Schema given with the request.';
  const prompt = `${request.prompt}\n\nReply with one JSON object that matches this JSON Schema:\n${schema}`;

  let problem: Problem | undefined;
  for (let attempt = 0; attempt < settings.attempts; attempt++) {
    if (attempt > 0) await sleep(waitBefore(settings, attempt - 1, problem));
    const correction =
      problem?.kind === 'invalid'
        ? `\n\nYour previous answer could not be used: ${problem.hint ?? problem.reason}. Answer again with only the JSON object.`
        : '';
    const outcome = await complete(settings, system, prompt + correction);

    if (outcome.kind === 'network') {
      problem = outcome;
      continue;
    }
    if (outcome.kind === 'status') {
      if (!isRetryableStatus(outcome.status)) throw httpError(settings, outcome.status, outcome.body);
      const waitMs = retryAfterMs(outcome.headers);
      if (waitMs !== undefined && waitMs > settings.maxRetryAfterMs) {
        throw busyError(settings, outcome.status, attempt + 1, waitMs);
      }
      problem = { kind: 'status', status: outcome.status, waitMs };
      continue;
    }
    if (outcome.kind === 'malformed') {
      problem = { kind: 'invalid', reason: outcome.reason };
      continue;
    }
    if (outcome.finishReason === 'length') {
      problem = {
        kind: 'invalid',
        reason: truncatedReason(settings.maxTokens),
        hint: 'it was too long and was cut off; keep every text field short',
      };
      continue;
    }
    if (outcome.finishReason === 'content_filter') {
      problem = { kind: 'invalid', reason: "the server's content filter withheld the answer" };
      continue;
    }
    const extracted = extractJsonObject(outcome.content);
    if (!extracted.ok) {
      problem = { kind: 'invalid', reason: extracted.reason };
      continue;
    }
    const parsed = request.schema.safeParse(extracted.value);
    if (!parsed.success) {
      problem = { kind: 'invalid', reason: schemaProblems(parsed.error.issues) };
      continue;
    }
    return parsed.data;
  }

  switch (problem!.kind) {
    case 'network':
      throw unreachableError(settings, problem!.cause, settings.attempts);
    case 'status':
      throw busyError(settings, problem!.status, settings.attempts, problem!.waitMs);
    case 'invalid':
      throw invalidAnswerError(settings, problem!.reason, settings.attempts);
  }
}

/** The server's wait when it named one, else the backoff schedule. */
function waitBefore(settings: Settings, retry: number, problem: Problem | undefined): number {
  if (problem?.kind === 'status' && problem.waitMs !== undefined) return problem.waitMs;
  return backoffDelay(retry, settings.backoffMs, settings.random);
}

type Outcome =
  | { kind: 'answer'; content: string; finishReason: string | undefined }
  | { kind: 'malformed'; reason: string }
  | { kind: 'status'; status: number; body: string; headers: Headers }
  | { kind: 'network'; cause: string };

/**
 * One chat completion, asked in JSON mode unless this server is known to reject it. A 400 (or 422)
 * to JSON mode is asked again at once without it; when that is accepted, the server is remembered.
 */
async function complete(settings: Settings, system: string, prompt: string): Promise<Outcome> {
  const key = `${settings.baseUrl} ${settings.model}`;
  const jsonMode = !rejectsJsonMode.has(key);
  const outcome = await post(settings, system, prompt, jsonMode);
  if (!jsonMode || outcome.kind !== 'status' || (outcome.status !== 400 && outcome.status !== 422)) {
    return outcome;
  }
  const plain = await post(settings, system, prompt, false);
  // Only an answer proves the server takes the request without JSON mode.
  if (plain.kind === 'answer' || plain.kind === 'malformed') rejectsJsonMode.add(key);
  return plain;
}

async function post(settings: Settings, system: string, prompt: string, jsonMode: boolean): Promise<Outcome> {
  const body = {
    model: settings.model,
    messages: [
      { role: 'system', content: system },
      { role: 'user', content: prompt },
    ],
    max_tokens: settings.maxTokens,
    temperature: TEMPERATURE,
    stream: false,
    ...(jsonMode ? { response_format: { type: 'json_object' } } : {}),
  };
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (settings.apiKey) headers.authorization = `Bearer ${settings.apiKey}`;

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), settings.timeoutMs);
  try {
    const response = await fetch(`${settings.baseUrl}/chat/completions`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: controller.signal,
    });
    const text = await response.text();
    if (!response.ok)
      return { kind: 'status', status: response.status, body: text, headers: response.headers };
    return readCompletion(text);
  } catch (error) {
    if (controller.signal.aborted) throw timeoutError(settings, settings.timeoutMs);
    const code = (error as { cause?: { code?: string } })?.cause?.code;
    // Node's fetch gives up on its own after 5 minutes without an answer.
    if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
      throw timeoutError(settings, 300_000);
    }
    return { kind: 'network', cause: networkCause(error) };
  } finally {
    clearTimeout(timer);
  }
}

/** The first choice's text of a chat-completions reply (content parts joined). */
function readCompletion(text: string): Outcome {
  const malformed: Outcome = {
    kind: 'malformed',
    reason: `the server's reply is not in the chat-completions format (it begins "${text.replace(/\s+/g, ' ').slice(0, 60)}")`,
  };
  let reply: unknown;
  try {
    reply = JSON.parse(text);
  } catch {
    return malformed;
  }
  const choice = (
    reply as { choices?: { message?: { content?: unknown }; finish_reason?: unknown }[] } | null
  )?.choices?.[0];
  if (!choice || typeof choice !== 'object') return malformed;
  const raw = choice.message?.content;
  const content =
    typeof raw === 'string'
      ? raw
      : Array.isArray(raw)
        ? raw.map((part: { text?: unknown }) => (typeof part?.text === 'string' ? part.text : '')).join('')
        : '';
  return {
    kind: 'answer',
    content,
    finishReason: typeof choice.finish_reason === 'string' ? choice.finish_reason : undefined,
  };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
