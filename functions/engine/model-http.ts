/**
 * One request to a model server over HTTP (Node's own fetch, no SDK), tried again where that makes
 * sense: rate limits (429, waiting as long as `Retry-After` asks, within a cap), server failures
 * (5xx), dropped connections and timeouts, with doubling backoff and jitter in between. What cannot
 * be fixed by trying again ends at once in an EngineError that names the service and the setting
 * to check (model-errors.ts). The text provider keeps its own loop, which also re-asks on unusable
 * answers; both share the retry schedule of text/openai/retry.ts.
 */
import {
  modelBusyError,
  modelHttpError,
  modelTimeoutError,
  modelUnreachableError,
  type ModelServer,
} from './model-errors';
import { networkCause } from './text/openai/errors';
import {
  backoffDelay,
  DEFAULT_ATTEMPTS,
  DEFAULT_BACKOFF_MS,
  isRetryableStatus,
  MAX_RETRY_AFTER_MS,
  retryAfterMs,
} from './text/openai/retry';

export interface RetryPolicy {
  /** Per attempt. */
  timeoutMs: number;
  /** Attempts in all (3). */
  attempts?: number;
  /** The first retry's wait, doubled for each further one (500 ms). */
  backoffMs?: number;
  /** A longer Retry-After than this is reported instead of waited for (30 s). */
  maxRetryAfterMs?: number;
  /** Jitter source in [0, 1). */
  random?: () => number;
}

export interface ModelResponse {
  status: number;
  headers: Headers;
  body: Buffer;
}

export interface ModelCall {
  /** Added to the server's base URL, e.g. `/images/generations`. */
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Built for each attempt (a FormData or stream cannot be sent twice). */
  body?: () => BodyInit;
  /** Failed statuses the caller handles itself (e.g. a 404 on an optional endpoint). */
  passThrough?: (status: number) => boolean;
}

type Problem = { kind: 'status'; status: number; waitMs?: number } | { kind: 'network'; cause: string };

/** The answer of a successful (or passed-through) request; every other outcome throws. */
export async function callModel(
  server: ModelServer,
  policy: RetryPolicy,
  call: ModelCall,
): Promise<ModelResponse> {
  const attempts = Math.max(1, policy.attempts ?? DEFAULT_ATTEMPTS);
  let problem: Problem | { kind: 'timeout' } | undefined;
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (attempt > 0) await sleep(waitBefore(policy, attempt - 1, problem));
    const outcome = await send(server, policy.timeoutMs, call);
    if (outcome.kind === 'response') {
      const { response } = outcome;
      if (response.status < 300 || call.passThrough?.(response.status)) return response;
      if (!isRetryableStatus(response.status)) {
        throw modelHttpError(server, response.status, response.body.toString('utf8'));
      }
      const waitMs = retryAfterMs(response.headers);
      if (waitMs !== undefined && waitMs > (policy.maxRetryAfterMs ?? MAX_RETRY_AFTER_MS)) {
        throw modelBusyError(server, response.status, attempt + 1, waitMs);
      }
      problem = { kind: 'status', status: response.status, waitMs };
      continue;
    }
    problem = outcome;
  }
  if (problem!.kind === 'timeout') throw modelTimeoutError(server, policy.timeoutMs, attempts);
  if (problem!.kind === 'network') throw modelUnreachableError(server, problem!.cause, attempts);
  throw modelBusyError(server, problem!.status, attempts, problem!.waitMs);
}

/** The server's wait when it named one, else the backoff schedule. */
function waitBefore(policy: RetryPolicy, retry: number, problem: Problem | { kind: 'timeout' } | undefined) {
  if (problem?.kind === 'status' && problem.waitMs !== undefined) return problem.waitMs;
  return backoffDelay(retry, policy.backoffMs ?? DEFAULT_BACKOFF_MS, policy.random);
}

type Outcome =
  { kind: 'response'; response: ModelResponse } | { kind: 'timeout' } | { kind: 'network'; cause: string };

async function send(server: ModelServer, timeoutMs: number, call: ModelCall): Promise<Outcome> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(`${server.baseUrl}${call.path}`, {
      method: call.method ?? 'POST',
      headers: call.headers,
      body: call.body?.(),
      signal: controller.signal,
    });
    const body = Buffer.from(await response.arrayBuffer());
    return { kind: 'response', response: { status: response.status, headers: response.headers, body } };
  } catch (error) {
    if (controller.signal.aborted) return { kind: 'timeout' };
    const code = (error as { cause?: { code?: string } })?.cause?.code;
    if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') return { kind: 'timeout' };
    return { kind: 'network', cause: networkCause(error) };
  } finally {
    clearTimeout(timer);
  }
}

/** A media file named in an answer (an image `url`): fetched once more with the same policy. */
export async function fetchMedia(server: ModelServer, policy: RetryPolicy, url: string): Promise<Buffer> {
  const absolute = new URL(url, `${server.baseUrl}/`);
  const origin = { ...server, baseUrl: absolute.origin };
  const response = await callModel(origin, policy, {
    method: 'GET',
    path: `${absolute.pathname}${absolute.search}`,
  });
  return response.body;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
