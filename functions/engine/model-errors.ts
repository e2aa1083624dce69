/**
 * Failures of a model server reached over HTTP (an OpenAI-compatible image or speech server,
 * ElevenLabs) as EngineErrors in words a person can act on: which service, what went wrong, and
 * which setting to check. Pure: no request is made here. The server's own words are quoted only
 * where they cannot hold the key (never for 401/403).
 */
import { contentFiltered } from './bedrock-errors';
import { serverHost, serverMessage } from './text/openai/errors';
import { EngineError, type ProviderFailure } from './types';

/** A model server as the messages name it. */
export interface ModelServer {
  /** What it is to the user: "image model", "speech model", "ElevenLabs voice service". */
  label: string;
  baseUrl: string;
  /** The model asked for, when the service has models. */
  model?: string;
  /** The settings a person would change: the key, the address, the model, the timeout. */
  settings: { key: string; url: string; model?: string; timeout: string };
  /** For content refusals: the kind of request ('image' or 'speech'). */
  kind: 'image' | 'speech';
}

const refused = (message: string) =>
  new EngineError('provider_failed', message, false, { failure: 'refused' });

/** Servers say "content policy", "moderation", "safety system" when they refuse what was asked. */
const CONTENT_REFUSAL =
  /content[ _]?policy|moderation|safety system|flagged|unsafe content|not allowed by our/i;

function contentRefused(server: ModelServer): EngineError {
  if (server.kind === 'image') return contentFiltered('image');
  return new EngineError(
    'invalid_input',
    'The speech service refused to read this text (content filter). Rephrase the passage and try again.',
  );
}

/** A final HTTP failure (one that is not worth another try). */
export function modelHttpError(server: ModelServer, status: number, body: string): EngineError {
  const where = `The ${server.label} at ${serverHost(server.baseUrl)}`;
  const said = serverMessage(body);
  if (status === 401) {
    return refused(`${where} refused the API key (401). Check ${server.settings.key}.`);
  }
  if (status === 403) {
    const model = server.model ? ` "${server.model}"` : '';
    return refused(
      `${where} refused access (403): the API key may not be allowed to use${model || ' it'}. Check ${server.settings.key}${server.settings.model ? ` and ${server.settings.model}` : ''}.`,
    );
  }
  if ((status === 400 || status === 422) && CONTENT_REFUSAL.test(said)) return contentRefused(server);
  if (status === 404) {
    if (server.model && /model/i.test(said)) {
      return refused(
        `${where} answered model not found (404) for "${server.model}". Check ${server.settings.model ?? server.settings.url}.`,
      );
    }
    return refused(`${where} has no such endpoint (404). Check ${server.settings.url}.`);
  }
  if (status === 413) {
    return refused(`${where} did not accept a request this large (413).`);
  }
  if (status === 429 || status >= 500) return modelBusyError(server, status, 1);
  return refused(`${where} did not accept the request (${status}${said ? `: ${said}` : ''}).`);
}

/** Rate limits or server failures that outlasted every attempt; a later try may succeed. */
export function modelBusyError(
  server: ModelServer,
  status: number,
  attempts: number,
  waitMs?: number,
): EngineError {
  const tries = attempts > 1 ? ` after ${attempts} attempts` : '';
  const wait = waitMs !== undefined ? `; it asked to wait ${Math.ceil(waitMs / 1000)} s` : '';
  const what = status === 429 ? 'is busy (429)' : `failed (${status})`;
  const failure: ProviderFailure = status === 429 ? 'busy' : 'unreachable';
  return new EngineError(
    'provider_failed',
    `The ${server.label} at ${serverHost(server.baseUrl)} ${what}${tries}${wait}. Please try again in a moment.`,
    true,
    { failure, ...(waitMs !== undefined ? { retryAfterSeconds: Math.ceil(waitMs / 1000) } : {}) },
  );
}

export function modelTimeoutError(server: ModelServer, timeoutMs: number, attempts: number): EngineError {
  const seconds = Math.round(timeoutMs / 100) / 10;
  const tries = attempts > 1 ? ` (${attempts} attempts)` : '';
  return new EngineError(
    'provider_failed',
    `The ${server.label} at ${serverHost(server.baseUrl)} did not answer within ${seconds} s${tries}. Please try again; a slow server may need a larger ${server.settings.timeout}.`,
    true,
    { failure: 'timeout' },
  );
}

export function modelUnreachableError(server: ModelServer, cause: string, attempts: number): EngineError {
  const tries = attempts > 1 ? ` after ${attempts} attempts` : '';
  return new EngineError(
    'provider_failed',
    `The ${server.label} at ${serverHost(server.baseUrl)} could not be reached${tries} (${cause}). Is it running at ${server.baseUrl}? Check ${server.settings.url}.`,
    true,
    { failure: 'unreachable' },
  );
}

/** An answer that is not the media or JSON the request asked for. */
export function modelBadAnswerError(server: ModelServer, reason: string): EngineError {
  return new EngineError(
    'provider_failed',
    `The ${server.label} at ${serverHost(server.baseUrl)} answered something unusable: ${reason}.`,
    false,
    { failure: 'bad_answer' },
  );
}
