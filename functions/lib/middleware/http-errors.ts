import type middy from '@middy/core';
import type { APIGatewayProxyResultV2 } from 'aws-lambda';
import { HttpError, TooManyRequestsError } from '../errors';
import { logger } from '../logger';
import type { ChainEvent } from './route';
import { toResult } from '../http';
import { providerHttpError, ProviderHttpError } from '../provider-errors';

/**
 * Last in the chain (so it sees every error first): a typed HttpError becomes its status with
 * `{ detail, code }`; a failed AI model its gateway status (see provider-errors); anything else is logged and answered as a generic 500 with no internals, so no
 * stack trace or SDK message ever reaches the browser.
 */
export function httpErrors(): middy.MiddlewareObj<ChainEvent, unknown> {
  return {
    onError: (request) => {
      // A model that failed behind the route: its own status and words (502/503/504).
      const error = providerHttpError(request.error) ?? request.error;
      if (error instanceof HttpError) {
        if (error.statusCode >= 500)
          logger.error('request failed', { error, routeKey: request.event.routeKey });
        request.response = toResult({
          statusCode: error.statusCode,
          body: { detail: error.message, ...(error.code ? { code: error.code } : {}) },
          headers:
            (error instanceof TooManyRequestsError || error instanceof ProviderHttpError) &&
            error.retryAfterSeconds !== undefined
              ? { 'retry-after': String(error.retryAfterSeconds) }
              : undefined,
        }) satisfies APIGatewayProxyResultV2;
        return;
      }
      logger.error('unhandled error', { error: error as Error, routeKey: request.event.routeKey });
      request.response = toResult({ statusCode: 500, body: { detail: 'Internal server error' } });
    },
  };
}
