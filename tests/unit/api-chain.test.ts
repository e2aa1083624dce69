import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApiHandler } from '../../functions/lib/api-handler';
import { ConflictError } from '../../functions/lib/errors';
import { defineHandler, ok, requireUser, type ApiEvent } from '../../functions/lib/http';
import type { RouteDefinition } from '../../functions/routes';

/**
 * The middy chain every API request goes through, driven with API Gateway events and routes of its
 * own: routing, the auth rules, body parsing, validation and the one error mapping.
 */
const routes: RouteDefinition[] = [
  { method: 'GET', path: '/things', group: 'system', handler: 'list', auth: 'public' },
  { method: 'POST', path: '/things', group: 'system', handler: 'create', auth: 'user' },
  { method: 'DELETE', path: '/things/{id}', group: 'system', handler: 'remove', auth: 'admin' },
  { method: 'PUT', path: '/things/{id}', group: 'system', handler: 'rename', auth: 'author' },
  { method: 'POST', path: '/boom', group: 'system', handler: 'boom', auth: 'public' },
  { method: 'POST', path: '/raw', group: 'system', handler: 'raw', auth: 'public' },
];

const seen: unknown[] = [];
const handlers = {
  list: defineHandler(
    { query: z.object({ limit: z.coerce.number().int().max(10).default(3) }) },
    async (ctx) => ok({ limit: ctx.query.limit, user: ctx.user?.userId ?? null }),
  ),
  create: defineHandler(
    { body: z.object({ name: z.string().trim().min(1, 'Name is required.'), size: z.number().max(5) }) },
    async (ctx) => {
      seen.push(ctx.body);
      return { statusCode: 201, body: { name: ctx.body.name, by: requireUser(ctx).userId } };
    },
  ),
  remove: defineHandler({ params: z.object({ id: z.string() }) }, async (ctx) =>
    ok({ removed: ctx.params.id }),
  ),
  rename: defineHandler({ params: z.object({ id: z.string() }) }, async () => {
    throw new ConflictError('Someone renamed it first.', 'renamed');
  }),
  boom: defineHandler({}, async () => {
    throw new Error('connect ECONNREFUSED 10.0.0.1:443 at TLSSocket (secret-internal-host)');
  }),
  raw: defineHandler({ rawBody: true }, async (ctx) => ok({ bytes: ctx.rawBody?.length ?? 0 })),
};

const authors = new Set(['author-1']);
const handler = createApiHandler('system', handlers, {
  routes,
  roleOf: async (userId) => (authors.has(userId) ? 'author' : 'explorer'),
  isEnded: async (claims) => claims.origin_jti === 'signed-out',
});

function event(
  method: string,
  path: string,
  init: {
    body?: string;
    claims?: Record<string, unknown>;
    query?: Record<string, string>;
    params?: Record<string, string>;
    headers?: Record<string, string>;
  } = {},
): ApiEvent {
  return {
    version: '2.0',
    routeKey: `${method} /api/v1${path}`,
    rawPath: `/api/v1${path}`,
    rawQueryString: '',
    headers: { 'content-type': 'application/json', ...init.headers },
    queryStringParameters: init.query,
    pathParameters: init.params,
    body: init.body,
    isBase64Encoded: false,
    requestContext: {
      requestId: 'req-1',
      authorizer: init.claims ? { jwt: { claims: init.claims, scopes: [] } } : undefined,
    },
  } as unknown as ApiEvent;
}

async function call(e: ApiEvent) {
  const result = (await handler(e, {} as never)) as {
    statusCode: number;
    body?: string;
    headers: Record<string, string>;
  };
  return {
    status: result.statusCode,
    body: result.body ? JSON.parse(result.body) : undefined,
    headers: result.headers,
  };
}

const user = { sub: 'user-1', username: 'user-1', token_use: 'access', origin_jti: 'session-1' };

describe('the API middleware chain', () => {
  it('routes by route key and answers 404 for a route of another group or none', async () => {
    expect((await call(event('GET', '/things'))).body).toEqual({ limit: 3, user: null });
    expect(await call(event('GET', '/nowhere'))).toMatchObject({
      status: 404,
      body: { detail: 'Not Found' },
    });
  });

  it('validates and coerces the query, answering the first problem as a 400', async () => {
    expect((await call(event('GET', '/things', { query: { limit: '7' } }))).body.limit).toBe(7);
    const bad = await call(event('GET', '/things', { query: { limit: '70' } }));
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('validation_error');
    expect(bad.body.detail).toBe('Limit must be at most 10.');
  });

  it('refuses ID tokens and tokens of an ended session where an access token is required', async () => {
    const body = JSON.stringify({ name: 'x', size: 1 });
    expect((await call(event('POST', '/things', { claims: user, body }))).status).toBe(201);
    expect(
      (await call(event('POST', '/things', { claims: { ...user, token_use: 'id' }, body }))).status,
    ).toBe(401);
    const ended = await call(
      event('POST', '/things', { claims: { ...user, origin_jti: 'signed-out' }, body }),
    );
    expect(ended).toMatchObject({ status: 401, body: { code: 'session_ended' } });
  });

  it('a public route still knows a signed-in caller', async () => {
    expect((await call(event('GET', '/things', { claims: user }))).body.user).toBe('user-1');
  });

  it('needs a token for user routes (401), the admin group for admin routes and the author role for author routes (403)', async () => {
    const body = JSON.stringify({ name: 'x', size: 1 });
    expect(await call(event('POST', '/things', { body }))).toMatchObject({
      status: 401,
      body: { detail: 'Not authenticated' },
    });
    expect((await call(event('DELETE', '/things/{id}', { claims: user, params: { id: '7' } }))).status).toBe(
      403,
    );
    const admin = { ...user, 'cognito:groups': '[admin]' };
    expect(await call(event('DELETE', '/things/{id}', { claims: admin, params: { id: '7' } }))).toMatchObject(
      {
        status: 200,
        body: { removed: '7' },
      },
    );
    expect(await call(event('PUT', '/things/{id}', { claims: user, params: { id: '7' } }))).toMatchObject({
      status: 403,
      body: { code: 'author_required' },
    });
  });

  it('parses and validates the JSON body: trimmed values reach the handler, sentences stand alone', async () => {
    seen.length = 0;
    const made = await call(
      event('POST', '/things', { claims: user, body: JSON.stringify({ name: '  lamp ', size: 2 }) }),
    );
    expect(made).toMatchObject({ status: 201, body: { name: 'lamp', by: 'user-1' } });
    expect(seen).toEqual([{ name: 'lamp', size: 2 }]);
    const blank = await call(
      event('POST', '/things', { claims: user, body: JSON.stringify({ name: ' ', size: 2 }) }),
    );
    expect(blank.body).toEqual({ detail: 'Name is required.', code: 'validation_error' });
    expect((await call(event('POST', '/things', { claims: user, body: '{"name": ' }))).body.detail).toBe(
      'The request body is not valid JSON.',
    );
    const text = await call(
      event('POST', '/things', { claims: user, body: 'name=x', headers: { 'content-type': 'text/plain' } }),
    );
    expect(text).toMatchObject({ status: 400, body: { detail: 'Expected a JSON body' } });
  });

  it('leaves the raw body to routes that read it themselves', async () => {
    const raw = await call(
      event('POST', '/raw', { body: 'not json at all', headers: { 'content-type': 'multipart/form-data' } }),
    );
    expect(raw.body).toEqual({ bytes: 15 });
  });

  it('turns a typed error into its status and words, and anything else into a generic 500 with no internals', async () => {
    expect(
      await call(event('PUT', '/things/{id}', { claims: { ...user, sub: 'author-1' }, params: { id: '7' } })),
    ).toMatchObject({
      status: 409,
      body: { detail: 'Someone renamed it first.', code: 'renamed' },
    });
    const boom = await call(event('POST', '/boom'));
    expect(boom.status).toBe(500);
    expect(boom.body).toEqual({ detail: 'Internal server error' });
    expect(JSON.stringify(boom)).not.toMatch(/ECONNREFUSED|secret-internal-host/);
    expect(boom.headers['cache-control']).toBe('no-store');
  });

  it('injects a fault at a named route when asked (tests of failure paths)', async () => {
    process.env.FAULT_INJECTION = 'list';
    try {
      expect((await call(event('GET', '/things'))).status).toBe(500);
    } finally {
      delete process.env.FAULT_INJECTION;
    }
    expect((await call(event('GET', '/things'))).status).toBe(200);
  });
});
