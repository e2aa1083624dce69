import middy from '@middy/core';
import type { APIGatewayProxyResultV2 } from 'aws-lambda';
import type { z } from 'zod';
import { routeKey, routes, type LambdaGroup, type RouteDefinition } from '../routes';
import { BadRequestError, ForbiddenError, HttpError, UnauthorizedError } from './errors';
import type { ApiEvent, ApiResponse, AuthUser, RouteHandler } from './http';
import { logger } from './logger';
import { getProfile } from './repositories/profiles';

export const AUTHOR_ACCESS_REQUIRED = 'Author access required';

/**
 * Builds the Lambda handler of one domain group. API Gateway (or the local gateway) sends the
 * route key; the group looks it up in the shared route table, enforces the route's auth rule,
 * parses and validates the input, runs the handler and maps errors once, here.
 */
export function createApiHandler(group: LambdaGroup, handlers: Record<string, RouteHandler>) {
  const table = new Map<string, RouteDefinition>();
  for (const route of routes.filter((r) => r.group === group)) {
    if (!handlers[route.handler])
      throw new Error(`Route ${route.method} ${route.path} has no handler "${route.handler}"`);
    table.set(routeKey(route), route);
  }

  const dispatch = async (event: ApiEvent): Promise<APIGatewayProxyResultV2> => {
    const route = table.get(event.routeKey);
    if (!route) throw new HttpError(404, 'Not Found');
    const handler = handlers[route.handler]!;
    const user = await authorize(route, event);
    const rawBody = decodeBody(event);
    const headers = event.headers ?? {};
    const body = handler.schemas.rawBody
      ? undefined
      : validate(handler.schemas.body, parseJson(rawBody, headers), 'body');
    const query = validate(handler.schemas.query, event.queryStringParameters ?? {}, 'query');
    const params = validate(handler.schemas.params, event.pathParameters ?? {}, 'path');
    const response = await handler.run({ body, query, params, user, headers, rawBody, event });
    return toResult(response);
  };

  return middy<ApiEvent, APIGatewayProxyResultV2>(dispatch).use({
    onError: async (request) => {
      const error = request.error;
      if (error instanceof HttpError) {
        if (error.statusCode >= 500)
          logger.error('request failed', { error, routeKey: request.event.routeKey });
        request.response = toResult({
          statusCode: error.statusCode,
          body: { detail: error.message, ...(error.code ? { code: error.code } : {}) },
        });
        return;
      }
      logger.error('unhandled error', { error: error as Error, routeKey: request.event.routeKey });
      request.response = toResult({ statusCode: 500, body: { detail: 'Internal server error' } });
    },
  });
}

async function authorize(route: RouteDefinition, event: ApiEvent): Promise<AuthUser | null> {
  const claims = event.requestContext.authorizer?.jwt?.claims;
  if (route.auth === 'public') return claims?.sub ? toUser(claims, event) : null;
  if (!claims?.sub) throw new UnauthorizedError();
  const user = toUser(claims, event);
  if (route.auth === 'admin' && !user.groups.includes('admin')) {
    throw new ForbiddenError('Administrator access required');
  }
  if (route.auth === 'author') {
    // The role is read from the profile written at sign-up confirmation, not from a token claim:
    // access tokens do not carry custom attributes and users must not be able to promote themselves.
    const profile = await getProfile(user.userId);
    if (profile?.role !== 'author') throw new ForbiddenError(AUTHOR_ACCESS_REQUIRED, 'author_required');
  }
  return user;
}

function toUser(claims: Record<string, string | number | boolean | string[]>, event: ApiEvent): AuthUser {
  const header = event.headers?.authorization ?? '';
  return {
    userId: String(claims.sub),
    username: String(claims.username ?? claims['cognito:username'] ?? claims.sub),
    groups: parseGroups(claims['cognito:groups']),
    accessToken: header.replace(/^Bearer\s+/i, ''),
  };
}

/** HTTP APIs flatten array claims to "[a b]"; the local gateway passes real arrays. */
export function parseGroups(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value !== 'string' || value.trim() === '') return [];
  return value
    .replace(/^\[|\]$/g, '')
    .split(/[\s,]+/)
    .filter(Boolean);
}

function decodeBody(event: ApiEvent): Buffer | undefined {
  if (event.body === undefined || event.body === null) return undefined;
  return Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
}

function parseJson(raw: Buffer | undefined, headers: Record<string, string | undefined>): unknown {
  if (!raw || raw.length === 0) return undefined;
  const type = headers['content-type'] ?? '';
  if (type && !type.includes('json')) throw new BadRequestError('Expected a JSON body');
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw new BadRequestError('The request body is not valid JSON.');
  }
}

function validate(schema: z.ZodType | undefined, value: unknown, where: string): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value ?? (where === 'body' ? {} : value));
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.join('.');
  // Messages written as sentences (the product's own words) stand alone; terse ones name the field.
  const sentence = /[.!?]$/.test(issue.message);
  throw new BadRequestError(
    field && !sentence ? `${field}: ${issue.message}` : issue.message,
    'validation_error',
  );
}

function toResult(response: ApiResponse): APIGatewayProxyResultV2 {
  const headers: Record<string, string> = { 'cache-control': 'no-store', ...response.headers };
  if (response.statusCode === 204 || response.body === undefined) {
    return { statusCode: response.statusCode, headers };
  }
  if (Buffer.isBuffer(response.body)) {
    return {
      statusCode: response.statusCode,
      headers,
      body: response.body.toString('base64'),
      isBase64Encoded: true,
    };
  }
  headers['content-type'] ??= 'application/json';
  return { statusCode: response.statusCode, headers, body: JSON.stringify(response.body) };
}
