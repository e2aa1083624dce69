import type middy from '@middy/core';
import { safeParse } from 'zod';
import { firstError } from '../../contracts/validation';
import { BadRequestError } from '../errors';
import type { Schema } from '../http';
import { currentRoute, type ChainEvent } from './route';

/**
 * Validate: the route's zod schemas check the body, the query string and the path parameters; the
 * handler receives the parsed (typed, defaulted, trimmed) values. The first problem is answered as a
 * 400 in the product's words.
 */
export function validateInput(): middy.MiddlewareObj<ChainEvent, unknown> {
  return {
    before: (request) => {
      const internal = currentRoute(request);
      const schemas = internal.handler.schemas;
      internal.body = schemas.rawBody ? undefined : check(schemas.body, internal.body ?? {});
      internal.query = check(schemas.query, request.event.queryStringParameters ?? {});
      internal.params = check(schemas.params, request.event.pathParameters ?? {});
    },
  };
}

/**
 * The first problem, worded as the SPA words it (`firstError` of the contracts): messages written as
 * sentences (the product's own words) stand alone, terse ones name the field.
 */
function check(schema: Schema | undefined, value: unknown): unknown {
  if (!schema) return undefined;
  const result = safeParse(schema, value);
  if (result.success) return result.data;
  throw new BadRequestError(
    firstError({ safeParse: () => result }, value) ?? 'Invalid request.',
    'validation_error',
  );
}
