import type middy from '@middy/core';
import { BadRequestError } from '../errors';
import { currentRoute, type ChainEvent } from './route';

/**
 * Parse: a JSON body becomes a value (routes that read the raw body, such as multipart uploads,
 * declare `rawBody` and skip this). A body of another type, or malformed JSON, is a 400.
 */
export function parseJsonBody(): middy.MiddlewareObj<ChainEvent, unknown> {
  return {
    before: (request) => {
      const internal = currentRoute(request);
      if (internal.handler.schemas.rawBody) return;
      const raw = internal.rawBody;
      if (!raw || raw.length === 0) {
        internal.body = undefined;
        return;
      }
      const type = internal.headers['content-type'] ?? '';
      if (type && !type.includes('json')) throw new BadRequestError('Expected a JSON body');
      try {
        internal.body = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new BadRequestError('The request body is not valid JSON.');
      }
    },
  };
}
