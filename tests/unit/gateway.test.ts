import { describe, expect, it } from 'vitest';
import { parseGroups } from '../../functions/lib/middleware/authorise';
import { routes, type RouteDefinition } from '../../functions/routes';
import { compileRoutes, matchRoute } from '../../infra/local/gateway';
import { extractLinks, htmlToText } from '../../infra/local/mailbox';

const table: RouteDefinition[] = [
  { method: 'GET', path: '/books/{id}', group: 'users', handler: 'a', auth: 'user' },
  { method: 'GET', path: '/books/learning-progress', group: 'users', handler: 'b', auth: 'user' },
  { method: 'DELETE', path: '/books/{id}', group: 'users', handler: 'c', auth: 'user' },
];

describe('local gateway routing', () => {
  const compiled = compileRoutes(table);

  it('prefers the most specific route, as API Gateway does', () => {
    expect(matchRoute(compiled, 'GET', '/api/v1/books/learning-progress').route?.handler).toBe('b');
    const match = matchRoute(compiled, 'GET', '/api/v1/books/42');
    expect(match.route?.handler).toBe('a');
    expect(match.pathParameters).toEqual({ id: '42' });
  });

  it('tells a wrong method from an unknown path', () => {
    expect(matchRoute(compiled, 'PUT', '/api/v1/books/42')).toEqual({ methodMismatch: true });
    expect(matchRoute(compiled, 'GET', '/api/v1/nothing')).toEqual({ methodMismatch: false });
  });

  it('has no two routes with the same method and path in the real table', () => {
    const keys = routes.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('claims', () => {
  it('reads Cognito groups in both the HTTP API string form and as arrays', () => {
    expect(parseGroups('[admin editors]')).toEqual(['admin', 'editors']);
    expect(parseGroups(['admin'])).toEqual(['admin']);
    expect(parseGroups(undefined)).toEqual([]);
    expect(parseGroups('')).toEqual([]);
  });
});

describe('dev mailbox parsing', () => {
  const html =
    '<p>Hi,</p>\n<p><a href="http://localhost:3000/auth/verify?email=a%40b.co&amp;code=123456">Verify</a></p>';
  it('extracts links with entities decoded', () => {
    expect(extractLinks(html)).toEqual(['http://localhost:3000/auth/verify?email=a%40b.co&code=123456']);
  });
  it('renders readable text with the link target', () => {
    expect(htmlToText(html)).toBe(
      'Hi,\n\nVerify: http://localhost:3000/auth/verify?email=a%40b.co&code=123456',
    );
  });
});
