/** The pure parts of the OpenAI-compatible text provider: finding the JSON, when to retry, errors in words. */
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { engineConfig, resetEngineConfig } from '../../../../functions/engine/config';
import { extractJsonObject, schemaProblems } from '../../../../functions/engine/text/openai/answer';
import {
  busyError,
  httpError,
  networkCause,
  serverMessage,
  timeoutError,
} from '../../../../functions/engine/text/openai/errors';
import {
  backoffDelay,
  isRetryableStatus,
  retryAfterMs,
} from '../../../../functions/engine/text/openai/retry';
import { EngineError } from '../../../../functions/engine/types';
import { ConfigError } from '../../../../functions/lib/errors';

describe('extractJsonObject', () => {
  const value = { summary: 'A "quoted" {brace}', key_points: ['x}'] };
  const json = JSON.stringify(value);

  it.each([
    ['bare', json],
    ['padded', `\n\n  ${json}  \n`],
    ['in a json fence', '```json\n' + JSON.stringify(value, null, 2) + '\n```'],
    ['in a bare fence', '```\n' + json + '\n```'],
    ['after and before prose', `Here is the JSON you asked for: ${json} Let me know if you need more.`],
    ['after a reasoning block with braces', `<think>I need {summary} and {key_points}.</think>\n${json}`],
    ['after a stray brace in prose', `The shape is {like this}: ${json}`],
  ])('finds the object %s', (_, content) => {
    expect(extractJsonObject(content)).toEqual({ ok: true, value });
  });

  it.each([
    ['', 'the answer was empty'],
    ['<think>hmm</think>', 'the answer was empty'],
    ['No JSON here, sorry.', 'it contains no JSON object (it begins "No JSON here, sorry.")'],
    ['{"summary": "cut', 'the JSON object is cut off before its end'],
    ['```json\n{"summary": "a", "key_points": ["b"', 'the JSON object is cut off before its end'],
  ])('explains why %j has no object', (content, reason) => {
    expect(extractJsonObject(content)).toEqual({ ok: false, reason });
  });

  it('reports broken JSON with the parser’s words', () => {
    const result = extractJsonObject("{'summary': 'single quotes'}");
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(/^the JSON is broken \(.+\)$/);
  });

  it('does not take an array or a string for the object', () => {
    expect(extractJsonObject('["a", "b"]').ok).toBe(false);
    expect(extractJsonObject('"just text"').ok).toBe(false);
  });
});

describe('schemaProblems', () => {
  it('names the first three failing fields and counts the rest', () => {
    const schema = z.object({ a: z.string(), b: z.number(), c: z.boolean(), d: z.string(), e: z.string() });
    const result = schema.safeParse({ a: 1, b: 'x', c: 'y', d: 2, e: 3 });
    expect(result.success).toBe(false);
    const words = schemaProblems(result.error!.issues);
    expect(words).toMatch(/^it does not match the expected fields — a: .+; b: .+; c: .+ \(and 2 more\)$/);
  });
});

describe('retry schedule', () => {
  it('doubles from the base with up to half again as jitter', () => {
    expect([0, 1, 2].map((retry) => backoffDelay(retry, 500, () => 0))).toEqual([500, 1000, 2000]);
    expect([0, 1, 2].map((retry) => backoffDelay(retry, 500, () => 0.999))).toEqual([749, 1499, 2999]);
    const jittered = backoffDelay(1, 500, () => 0.5);
    expect(jittered).toBe(1250);
  });

  it('reads the wait a server asks for', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    const wait = (headers: Record<string, string>) => retryAfterMs(new Headers(headers), now);
    expect(wait({ 'retry-after': '3' })).toBe(3000);
    expect(wait({ 'retry-after': '0.5' })).toBe(500);
    expect(wait({ 'retry-after-ms': '250', 'retry-after': '9' })).toBe(250);
    expect(wait({ 'retry-after': 'Thu, 01 Jan 2026 00:00:07 GMT' })).toBe(7000);
    expect(wait({ 'retry-after': 'Wed, 31 Dec 2025 23:00:00 GMT' })).toBe(0);
    expect(wait({ 'retry-after': 'soon' })).toBeUndefined();
    expect(wait({})).toBeUndefined();
  });

  it('retries rate limits and server failures only', () => {
    expect([429, 500, 502, 503, 504, 408].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 413, 422].some(isRetryableStatus)).toBe(false);
  });
});

describe('errors in words', () => {
  const server = { baseUrl: 'http://localhost:11434/v1', model: 'llama3.1:8b' };
  const openAiBody = (message: string) => JSON.stringify({ error: { message, type: 'x' } });

  it('reads the server’s own message from OpenAI-style, Ollama-style and plain bodies', () => {
    expect(serverMessage(openAiBody('The model does not exist'))).toBe('The model does not exist');
    expect(serverMessage(JSON.stringify({ error: 'model not found' }))).toBe('model not found');
    expect(serverMessage('404 page not found\n')).toBe('404 page not found');
    expect(serverMessage('x'.repeat(500))).toHaveLength(201);
  });

  it.each([
    [
      401,
      openAiBody('Incorrect API key provided: sk-abc'),
      /^The text model at localhost:11434 refused the API key \(401\)\. Check OPENAI_API_KEY\.$/,
    ],
    [403, openAiBody('forbidden'), /refused access \(403\).*"llama3\.1:8b"/],
    [
      404,
      openAiBody('model "llama3.1:8b" not found, try pulling it first'),
      /model not found \(404\) for "llama3\.1:8b".*ollama pull llama3\.1:8b/,
    ],
    [
      404,
      '404 page not found',
      /no chat-completions endpoint at http:\/\/localhost:11434\/v1\/chat\/completions \(404\)\. Check OPENAI_BASE_URL/,
    ],
    [
      400,
      openAiBody("This model's maximum context length is 8192 tokens"),
      /did not accept a request this long.*Lower ENGINE_TEXT_INPUT_CHARS/,
    ],
    [
      422,
      openAiBody('temperature must be 1'),
      /did not accept the request \(422: temperature must be 1\)\.$/,
    ],
  ])('maps %i to a final error in words', (status, body, message) => {
    const error = httpError(server, status, body);
    expect(error).toBeInstanceOf(EngineError);
    expect([error.code, error.retryable]).toEqual(['provider_failed', false]);
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain('sk-abc');
  });

  it('marks busy servers and timeouts as worth a later try', () => {
    const busy = busyError(server, 429, 3);
    expect([busy.retryable, busy.message]).toEqual([
      true,
      'The text model at localhost:11434 is busy (429) after 3 attempts. Please try again in a moment.',
    ]);
    expect(busyError(server, 503, 1, 120_000).message).toBe(
      'The text model at localhost:11434 failed (503); it asked to wait 120 s. Please try again in a moment.',
    );
    const timeout = timeoutError(server, 120_000);
    expect(timeout.retryable).toBe(true);
    expect(timeout.message).toMatch(/^The text model at localhost:11434 timed out after 120 s\./);
  });

  it('names the network failure', () => {
    const refused = Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } });
    expect(networkCause(refused)).toBe('connection refused');
    expect(networkCause(Object.assign(new TypeError('fetch failed'), { cause: { code: 'ENOTFOUND' } }))).toBe(
      'unknown host',
    );
    expect(networkCause(new TypeError('fetch failed'))).toBe('fetch failed');
  });
});

describe('engine settings of the OpenAI-compatible provider', () => {
  const keys = [
    'ENGINE_TEXT_PROVIDER',
    'OPENAI_BASE_URL',
    'OPENAI_MODEL',
    'OPENAI_API_KEY',
    'OPENAI_TIMEOUT_MS',
    'OPENAI_MAX_TOKENS',
  ];
  const saved = Object.fromEntries(keys.map((key) => [key, process.env[key]]));

  afterAll(() => {
    for (const key of keys) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
    resetEngineConfig();
  });

  function configWith(env: Record<string, string>) {
    for (const key of keys) delete process.env[key];
    Object.assign(process.env, env);
    resetEngineConfig();
    return engineConfig();
  }

  it('defaults to OpenAI’s address and the engine-wide limits, and needs no key for a server of one’s own', () => {
    const config = configWith({
      ENGINE_TEXT_PROVIDER: 'openai',
      OPENAI_MODEL: 'gpt-4o-mini',
      OPENAI_API_KEY: 'sk-test',
    });
    expect(config).toMatchObject({
      ENGINE_TEXT_PROVIDER: 'openai',
      OPENAI_BASE_URL: 'https://api.openai.com/v1',
      OPENAI_MODEL: 'gpt-4o-mini',
    });
    expect(config.OPENAI_TIMEOUT_MS).toBeUndefined();
    const local = configWith({
      ENGINE_TEXT_PROVIDER: 'openai',
      OPENAI_BASE_URL: 'http://localhost:11434/v1',
      OPENAI_MODEL: 'llama3.1:8b',
      OPENAI_API_KEY: '',
    });
    expect(local.OPENAI_API_KEY).toBeUndefined();
    expect(config.OPENAI_MAX_TOKENS).toBeUndefined();
  });

  it('reads a local server’s address without its trailing slash, and the limits as numbers', () => {
    const config = configWith({
      ENGINE_TEXT_PROVIDER: 'openai',
      OPENAI_BASE_URL: 'http://localhost:11434/v1/',
      OPENAI_MODEL: 'llama3.1:8b',
      OPENAI_TIMEOUT_MS: '240000',
      OPENAI_MAX_TOKENS: '8192',
    });
    expect(config).toMatchObject({
      OPENAI_BASE_URL: 'http://localhost:11434/v1',
      OPENAI_TIMEOUT_MS: 240_000,
      OPENAI_MAX_TOKENS: 8192,
    });
  });

  it.each([
    [
      { ENGINE_TEXT_PROVIDER: 'openai' },
      /^Invalid engine setting OPENAI_MODEL: required when ENGINE_TEXT_PROVIDER=openai/,
    ],
    [{ ENGINE_TEXT_PROVIDER: 'openai', OPENAI_MODEL: '  ' }, /OPENAI_MODEL: required/],
    [
      { ENGINE_TEXT_PROVIDER: 'openai', OPENAI_MODEL: 'm', OPENAI_BASE_URL: 'localhost:11434' },
      /OPENAI_BASE_URL: must be an http:\/\/ or https:\/\/ address/,
    ],
    [{ OPENAI_TIMEOUT_MS: '600000' }, /OPENAI_TIMEOUT_MS: at most 300000/],
    [{ OPENAI_MAX_TOKENS: 'many' }, /OPENAI_MAX_TOKENS/],
    [{ ENGINE_TEXT_PROVIDER: 'gpt' }, /ENGINE_TEXT_PROVIDER/],
    [
      { ENGINE_TEXT_PROVIDER: 'openai', OPENAI_MODEL: 'gpt-4o-mini' },
      /^Invalid engine setting OPENAI_API_KEY: required when ENGINE_TEXT_PROVIDER=openai with OpenAI's own server/,
    ],
  ])('refuses %j in words', (env, message) => {
    expect(() => configWith(env)).toThrow(ConfigError);
    expect(() => configWith(env)).toThrow(message);
  });

  it('does not need a model while another text provider is chosen', () => {
    expect(configWith({ ENGINE_TEXT_PROVIDER: 'local' }).OPENAI_MODEL).toBeUndefined();
  });
});
