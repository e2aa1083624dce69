/**
 * Failures of an OpenAI-compatible text server as EngineErrors in words a person can act on: which
 * server, what went wrong, and which setting to check. Pure: no request is made here.
 */
import { EngineError, type ProviderFailure } from '../../types';

const refused = (message: string) =>
  new EngineError('provider_failed', message, false, { failure: 'refused' });

export interface ServerInfo {
  /** The configured base URL, e.g. http://localhost:11434/v1. */
  baseUrl: string;
  model: string;
}

/** host[:port] of the base URL, as the messages name the server. */
export function serverHost(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

/** The server's own error message from an error body (OpenAI's `{error: {message}}` and plain text). */
export function serverMessage(body: string): string {
  let message = body;
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown };
    const error = parsed.error;
    const found = typeof error === 'string' ? error : (error?.message ?? parsed.message);
    if (typeof found === 'string') message = found;
  } catch {
    // Not JSON: the body itself.
  }
  message = message.replace(/\s+/g, ' ').trim();
  return message.length > 200 ? `${message.slice(0, 200)}…` : message;
}

/** A final HTTP failure (not one that was retried). */
export function httpError(server: ServerInfo, status: number, body: string): EngineError {
  const host = serverHost(server.baseUrl);
  const said = serverMessage(body);
  if (status === 401) {
    // The server's words may echo part of the key: not repeated.
    return refused(`The text model at ${host} refused the API key (401). Check OPENAI_API_KEY.`);
  }
  if (status === 403) {
    return refused(
      `The text model at ${host} refused access (403): the API key may not be allowed to use "${server.model}". Check OPENAI_API_KEY and OPENAI_MODEL.`,
    );
  }
  if (status === 404) {
    if (/model/i.test(said)) {
      return refused(
        `The text model at ${host} answered model not found (404) for "${server.model}". Check OPENAI_MODEL (with Ollama, run "ollama pull ${server.model}" first).`,
      );
    }
    return refused(
      `The server at ${host} has no chat-completions endpoint at ${server.baseUrl}/chat/completions (404). Check OPENAI_BASE_URL (it usually ends in /v1).`,
    );
  }
  if (status === 413 || /context length|context window|maximum context|too many tokens/i.test(said)) {
    return refused(
      `The text model at ${host} did not accept a request this long (${status}${said ? `: ${said}` : ''}). Lower ENGINE_TEXT_INPUT_CHARS or use a model with a larger context.`,
    );
  }
  if (status >= 500 || status === 429) return busyError(server, status, 1);
  return refused(
    `The text model at ${host} did not accept the request (${status}${said ? `: ${said}` : ''}).`,
  );
}

/** Rate limits or server failures that outlasted every attempt; a later try may succeed. */
export function busyError(
  server: ServerInfo,
  status: number,
  attempts: number,
  waitMs?: number,
): EngineError {
  const host = serverHost(server.baseUrl);
  const tries = attempts > 1 ? ` after ${attempts} attempts` : '';
  const wait = waitMs !== undefined ? `; it asked to wait ${Math.ceil(waitMs / 1000)} s` : '';
  const what = status === 429 ? 'is busy (429)' : `failed (${status})`;
  // A server that keeps failing (5xx) is as good as unreachable; a 429 asks the caller to wait.
  const failure: ProviderFailure = status === 429 ? 'busy' : 'unreachable';
  return new EngineError(
    'provider_failed',
    `The text model at ${host} ${what}${tries}${wait}. Please try again in a moment.`,
    true,
    { failure, ...(waitMs !== undefined ? { retryAfterSeconds: Math.ceil(waitMs / 1000) } : {}) },
  );
}

export function timeoutError(server: ServerInfo, timeoutMs: number): EngineError {
  const host = serverHost(server.baseUrl);
  const seconds = Math.round(timeoutMs / 100) / 10;
  return new EngineError(
    'provider_failed',
    `The text model at ${host} timed out after ${seconds} s. A slow model or a long chapter may need a larger OPENAI_TIMEOUT_MS.`,
    true,
    { failure: 'timeout' },
  );
}

export function unreachableError(server: ServerInfo, cause: string, attempts: number): EngineError {
  const host = serverHost(server.baseUrl);
  const tries = attempts > 1 ? ` after ${attempts} attempts` : '';
  return new EngineError(
    'provider_failed',
    `The text model at ${host} could not be reached${tries} (${cause}). Is the server running at ${server.baseUrl}? Check OPENAI_BASE_URL.`,
    true,
    { failure: 'unreachable' },
  );
}

/** An answer that is not the JSON the request asked for, after every attempt. */
export function invalidAnswerError(server: ServerInfo, reason: string, attempts: number): EngineError {
  const host = serverHost(server.baseUrl);
  const tries = attempts > 1 ? ` (${attempts} attempts)` : '';
  return new EngineError(
    'provider_failed',
    `The text model at ${host} answered something that is not the expected JSON${tries}: ${reason}.`,
    false,
    { failure: 'bad_answer' },
  );
}

/** Why an answer cut off at the token limit is unusable, for invalidAnswerError. */
export function truncatedReason(maxTokens: number): string {
  return `the answer was cut off at the token limit (${maxTokens} tokens); raise OPENAI_MAX_TOKENS, or use a shorter text or fewer scenes`;
}

/** The cause of a network failure of fetch, e.g. "connection refused". */
export function networkCause(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  const code = cause?.code ?? (error as { code?: string })?.code;
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'unknown host';
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return 'the connection was closed';
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return 'the connection timed out';
    case 'CERT_HAS_EXPIRED':
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'SELF_SIGNED_CERT_IN_CHAIN':
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
      return 'its TLS certificate is not trusted';
    default:
      return code ?? cause?.message ?? (error as Error)?.message ?? 'network error';
  }
}
