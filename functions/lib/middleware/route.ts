import type middy from '@middy/core';
import { routeKey, type RouteDefinition } from '../../routes';
import { HttpError } from '../errors';
import type { ApiEvent, AuthUser, RouteHandler } from '../http';

/**
 * Normalise: finds the route of the request in the route table and its handler, lower-cases the
 * header names (HTTP APIs already do; a test or another proxy may not) and decodes the body once.
 * Like middy's own body parsers, the middlewares enrich the event: `event.input` carries what each
 * step found, and the handler at the end of the chain reads it.
 */
export interface ApiInput {
  route: RouteDefinition;
  handler: RouteHandler;
  rawBody: Buffer | undefined;
  headers: Record<string, string | undefined>;
  user?: AuthUser | null;
  body?: unknown;
  query?: unknown;
  params?: unknown;
}

export type ChainEvent = ApiEvent & { input?: ApiInput };

/**
 * Path parameters are our ids (UUIDs), scene numbers and kinds: none is longer than this. A longer
 * one names nothing, and is answered before it reaches storage (whose keys have size limits).
 */
export const MAX_PATH_PARAMETER_LENGTH = 128;

export function normalise(
  routes: readonly RouteDefinition[],
  handlers: Record<string, RouteHandler>,
): middy.MiddlewareObj<ChainEvent, unknown> {
  const table = new Map<string, { route: RouteDefinition; handler: RouteHandler }>();
  for (const route of routes) {
    const handler = handlers[route.handler];
    if (!handler) throw new Error(`Route ${route.method} ${route.path} has no handler "${route.handler}"`);
    table.set(routeKey(route), { route, handler });
  }
  return {
    before: (request) => {
      const found = table.get(request.event.routeKey);
      if (!found) throw new HttpError(404, 'Not Found');
      for (const value of Object.values(request.event.pathParameters ?? {}))
        if (value && value.length > MAX_PATH_PARAMETER_LENGTH) throw new HttpError(404, 'Not found.');
      const body = request.event.body;
      request.event.input = {
        route: found.route,
        handler: found.handler,
        headers: Object.fromEntries(
          Object.entries(request.event.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
        ),
        rawBody:
          body === undefined || body === null
            ? undefined
            : Buffer.from(body, request.event.isBase64Encoded ? 'base64' : 'utf8'),
      };
    },
  };
}

/** What the chain knows of a request, once `normalise` has run. */
export function currentRoute(request: middy.Request<ChainEvent>): ApiInput {
  if (!request.event.input) throw new Error('The route middleware must run first');
  return request.event.input;
}
