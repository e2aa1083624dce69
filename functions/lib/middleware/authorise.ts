import type middy from '@middy/core';
import { ForbiddenError, UnauthorizedError } from '../errors';
import type { AuthUser } from '../http';
import { currentRoute, type ChainEvent } from './route';

export const AUTHOR_ACCESS_REQUIRED = 'Author access required';
export const SESSION_ENDED = 'Your session has ended. Please sign in again.';

/**
 * Authorise by the route's rule: `public` needs nothing (a valid token still identifies the caller),
 * `user` a verified access token (signature and expiry checked by the API Gateway authorizer, or the
 * local gateway, before the function runs; here: that it is an access token — the authorizer also
 * lets ID tokens through — and that its session was not ended by a logout or a password reset),
 * `admin` the Cognito group, `author` the role stored in the caller's profile — read from the
 * profile, not a token claim: access tokens carry no custom attributes and users must not be able
 * to promote themselves.
 */
export interface AuthoriseOptions {
  roleOf: (userId: string) => Promise<string | null>;
  /** True when the token's session was ended (see lib/sessions.ts). */
  isEnded: (claims: Record<string, unknown>) => Promise<boolean>;
}

export function authorise(options: AuthoriseOptions): middy.MiddlewareObj<ChainEvent, unknown> {
  return {
    before: async (request) => {
      const internal = currentRoute(request);
      const claims = request.event.requestContext.authorizer?.jwt?.claims;
      const rule = internal.route.auth;
      if (rule === 'public') {
        internal.user = claims?.sub ? toUser(claims, internal.headers) : null;
        return;
      }
      if (!claims?.sub || claims.token_use !== 'access') throw new UnauthorizedError();
      if (await options.isEnded(claims)) throw new UnauthorizedError(SESSION_ENDED, 'session_ended');
      const user = toUser(claims, internal.headers);
      if (rule === 'admin' && !user.groups.includes('admin'))
        throw new ForbiddenError('Administrator access required');
      if (rule === 'author' && (await options.roleOf(user.userId)) !== 'author')
        throw new ForbiddenError(AUTHOR_ACCESS_REQUIRED, 'author_required');
      internal.user = user;
    },
  };
}

function toUser(
  claims: Record<string, string | number | boolean | string[]>,
  headers: Record<string, string | undefined>,
): AuthUser {
  return {
    userId: String(claims.sub),
    username: String(claims.username ?? claims['cognito:username'] ?? claims.sub),
    groups: parseGroups(claims['cognito:groups']),
    accessToken: (headers.authorization ?? '').replace(/^Bearer\s+/i, ''),
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
