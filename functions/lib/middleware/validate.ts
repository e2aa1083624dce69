import type middy from '@middy/core';
import type { z } from 'zod';
import { BadRequestError } from '../errors';
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

function check(schema: z.ZodType | undefined, value: unknown): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new BadRequestError(describeIssue(result.error.issues[0]!), 'validation_error');
}

/** Messages written as sentences (the product's own words) stand alone; terse ones name the field. */
export function describeIssue(issue: { path: PropertyKey[]; message: string }): string {
  const field = issue.path.map(String).join('.');
  const sentence = /[.!?]$/.test(issue.message);
  return field && !sentence ? `${field}: ${issue.message}` : issue.message;
}
