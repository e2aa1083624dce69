/** When to try a request to an OpenAI-compatible server again. Pure: the caller sleeps. */

/** Attempts of one request in all (the first and its retries). */
export const DEFAULT_ATTEMPTS = 3;
/** The wait before the first retry; it doubles for each further one. */
export const DEFAULT_BACKOFF_MS = 500;
/** A server asking to wait longer than this is reported busy instead of waited for. */
export const MAX_RETRY_AFTER_MS = 30_000;

/**
 * The wait before retry `retry` (0 for the first): base·2^retry, plus up to half of that again at
 * random so that many clients do not retry in step. `random` is in [0, 1).
 */
export function backoffDelay(
  retry: number,
  baseMs = DEFAULT_BACKOFF_MS,
  random: () => number = Math.random,
): number {
  const delay = baseMs * 2 ** retry;
  return Math.floor(delay + delay * 0.5 * random());
}

/**
 * The wait a server asks for, in ms: `retry-after-ms` (OpenAI), else `Retry-After` as seconds or
 * an HTTP date. Undefined when absent or unreadable.
 */
export function retryAfterMs(headers: Headers, now = Date.now()): number | undefined {
  const ms = headers.get('retry-after-ms')?.trim();
  if (ms && /^\d+(\.\d+)?$/.test(ms)) return Math.round(Number(ms));
  const value = headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Statuses worth another try: rate limits and server-side failures. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}
