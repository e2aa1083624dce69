import type middy from '@middy/core';
import { BadRequestError } from '../errors';
import { currentRoute, type ChainEvent } from './route';

/**
 * Parse: a JSON body becomes a value (routes that read the raw body, such as multipart uploads,
 * declare `rawBody` and skip this). A body of another type, malformed JSON, or JSON that is not an
 * object, is a 400.
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
      let body: unknown;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new BadRequestError('The request body is not valid JSON.');
      }
      // Every call takes an object of fields: null, a list or a bare value is not a request.
      if (body === null || typeof body !== 'object' || Array.isArray(body))
        throw new BadRequestError('The request body must be a JSON object.');
      internal.body = body;
    },
  };
}
