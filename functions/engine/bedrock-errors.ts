import { EngineError } from './types';

/**
 * Bedrock (and S3) failures as EngineErrors with messages a person can act on. The SDK already
 * retried throttling with backoff, so what arrives here is marked retryable for the job runner.
 */
const BUSY = new Set(['ThrottlingException', 'TooManyRequestsException', 'ServiceQuotaExceededException']);
const UNAVAILABLE = new Set([
  'ModelTimeoutException',
  'ServiceUnavailableException',
  'InternalServerException',
  'ModelNotReadyException',
  'TimeoutError',
]);
const CONTENT_FILTER = /content filter|blocked|responsible ai|\bRAI\b|moderat|policy violation/i;

export function bedrockError(error: unknown, service: 'image' | 'video'): EngineError {
  if (error instanceof EngineError) return error;
  const name = (error as { name?: string })?.name ?? '';
  const message = (error as { message?: string })?.message ?? String(error);
  if (BUSY.has(name))
    return new EngineError(
      'provider_failed',
      `The ${service} service is busy right now. Please try again in a minute.`,
      true,
      { failure: 'busy' },
    );
  if (UNAVAILABLE.has(name))
    return new EngineError(
      'provider_failed',
      `The ${service} service did not answer in time. Please try again.`,
      true,
      { failure: 'timeout' },
    );
  if (CONTENT_FILTER.test(message)) return contentFiltered(service);
  if (name === 'ValidationException')
    return new EngineError('invalid_input', `The ${service} service rejected the request: ${message}`);
  if (name === 'AccessDeniedException') {
    return new EngineError(
      'provider_failed',
      `The ${service} model is not enabled for this account. Ask an administrator to grant Bedrock model access.`,
    );
  }
  if (name === 'ResourceNotFoundException')
    return new EngineError(
      'provider_failed',
      `The configured ${service} model was not found in this region.`,
    );
  return new EngineError('provider_failed', `The ${service} service failed: ${message}`, false, {
    failure: 'unreachable',
  });
}

export function contentFiltered(service: 'image' | 'video'): EngineError {
  return new EngineError(
    'invalid_input',
    `The ${service} request was blocked by the content filter. Rephrase the description (avoid violent or explicit details) and try again.`,
  );
}

export const isContentFilterMessage = (message: string) => CONTENT_FILTER.test(message);
