import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyResultV2 } from 'aws-lambda';
import type { z } from 'zod';

/** Any zod schema: classic (handlers' own) or zod/mini (the contracts shared with the SPA). */
export type Schema = z.core.$ZodType;
import { UnauthorizedError } from './errors';

export type ApiEvent = APIGatewayProxyEventV2WithJWTAuthorizer;

export interface AuthUser {
  userId: string;
  username: string;
  groups: string[];
  /** The caller's access token, for calls made on the user's behalf (e.g. Cognito GetUser). */
  accessToken: string;
}

export interface ApiResponse {
  statusCode: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface RequestContext<B, Q, P> {
  body: B;
  query: Q;
  params: P;
  /** Set for every route whose rule is not `public`. */
  user: AuthUser | null;
  /** Header names in lower case. */
  headers: Record<string, string | undefined>;
  /** The undecoded body, for multipart uploads. */
  rawBody: Buffer | undefined;
  event: ApiEvent;
}

export interface RouteSchemas {
  body?: Schema;
  query?: Schema;
  params?: Schema;
  /** The handler reads the raw body itself (multipart): no JSON parsing or body schema. */
  rawBody?: boolean;
}

export interface RouteHandler {
  schemas: RouteSchemas;
  run: (ctx: RequestContext<unknown, unknown, unknown>) => Promise<ApiResponse>;
}

type Out<S> = S extends Schema ? z.output<S> : undefined;

/**
 * Declares a route handler: the zod schemas its input must satisfy and the function that serves it.
 * The chain (see api-handler.ts) validates before calling, so `ctx.body` is already typed and checked.
 */
export function defineHandler<
  B extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
>(
  schemas: { body?: B; query?: Q; params?: P; rawBody?: boolean },
  run: (ctx: RequestContext<Out<B>, Out<Q>, Out<P>>) => Promise<ApiResponse>,
): RouteHandler {
  return { schemas, run: run as RouteHandler['run'] };
}

export const ok = (body: unknown, headers?: Record<string, string>): ApiResponse => ({
  statusCode: 200,
  body,
  headers,
});
export const created = (body: unknown): ApiResponse => ({ statusCode: 201, body });
export const accepted = (body: unknown): ApiResponse => ({ statusCode: 202, body });
export const noContent = (): ApiResponse => ({ statusCode: 204 });

/**
 * The caller's network address, for per-address limits. Behind CloudFront, API Gateway sees the
 * edge's address; CloudFront passes the viewer's as `CloudFront-Viewer-Address` ("ip:port"), which a
 * client cannot set once the API is reachable only through CloudFront.
 */
export function callerAddress(event: ApiEvent, headers: Record<string, string | undefined>): string {
  const viewer = headers['cloudfront-viewer-address'];
  if (viewer) return viewer.replace(/:\d+$/, '');
  return event.requestContext?.http?.sourceIp ?? 'unknown';
}

export function requireUser(ctx: { user: AuthUser | null }): AuthUser {
  if (!ctx.user) throw new UnauthorizedError();
  return ctx.user;
}

/** The API Gateway (HTTP API v2) result of a response: JSON, binary as base64, never cached. */
export function toResult(response: ApiResponse): APIGatewayProxyResultV2 {
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
