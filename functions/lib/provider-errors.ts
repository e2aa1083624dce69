import { EngineError } from '../engine/types';
import { HttpError } from './errors';

/**
 * A text, image or video model that failed behind a route that answers at once, as the HTTP status a
 * gateway would give, with the engine's words (which say what went wrong and what to do): busy
 * (throttled) → 503 with Retry-After; no answer in time → 504; unreachable, an unusable answer or
 * a refused request → 502. The same words the jobs record when the model fails behind them.
 */
export class ProviderHttpError extends HttpError {
  constructor(
    statusCode: number,
    message: string,
    code: string,
    /** Sent as `Retry-After`. */
    readonly retryAfterSeconds?: number,
  ) {
    super(statusCode, message, code);
  }
}

/** When a busy provider named no wait. */
export const DEFAULT_RETRY_AFTER_SECONDS = 30;

export function providerHttpError(error: unknown): ProviderHttpError | null {
  if (!(error instanceof EngineError) || error.code !== 'provider_failed') return null;
  switch (error.provider?.failure) {
    case 'busy':
      return new ProviderHttpError(
        503,
        error.message,
        'ai_busy',
        error.provider.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS,
      );
    case 'timeout':
      return new ProviderHttpError(504, error.message, 'ai_timeout');
    case 'unreachable':
      return new ProviderHttpError(502, error.message, 'ai_unreachable');
    case 'bad_answer':
      return new ProviderHttpError(502, error.message, 'ai_bad_answer');
    case 'refused':
      return new ProviderHttpError(502, error.message, 'ai_refused');
    default:
      return new ProviderHttpError(502, error.message, 'ai_failed');
  }
}
