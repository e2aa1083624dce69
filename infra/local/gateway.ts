import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { MediaUrlCheck } from '../../functions/lib/media-urls';
import { API_PREFIX, routeKey, type LambdaGroup, type RouteDefinition } from '../../functions/routes';
import { readBody, sendJson } from './http-util';
import { renderMailboxPage, type Mailbox } from './mailbox';

/**
 * The local stand-in for API Gateway + CloudFront: `/api/v1/*` becomes an HTTP API v2 event for the
 * route's group Lambda (JWT checked first, as the Cognito authorizer does), `/_dev/mailbox` shows
 * captured emails, and everything else is the built SPA with index.html as the fallback.
 */
export type GroupInvoker = (
  group: LambdaGroup,
  event: APIGatewayProxyEventV2WithJWTAuthorizer,
) => Promise<unknown>;
export type TokenVerifier = (token: string) => Promise<Record<string, unknown> | null>;

/** Lambda's synchronous invocation payload limit; API Gateway refuses larger requests with 413. */
export const MAX_EVENT_BODY_BYTES = 6 * 1024 * 1024;

interface CompiledRoute {
  route: RouteDefinition;
  pattern: RegExp;
  params: string[];
  literalSegments: number;
}

export interface MediaSource {
  /** Streams an object (or the requested byte range of it), as the CDN does in the cloud. */
  get(
    key: string,
    range: string | undefined,
  ): Promise<{
    status: number;
    headers: Record<string, string>;
    body: NodeJS.ReadableStream | null;
  }>;
}

export interface GatewayOptions {
  routes: readonly RouteDefinition[];
  media?: MediaSource;
  /** Checks a /media URL's signature (functions/lib/media-urls.ts); unsigned media is never served. */
  checkMediaUrl?: (key: string, query: URLSearchParams) => MediaUrlCheck;
  invoke: GroupInvoker;
  verifyToken: TokenVerifier;
  mailbox?: Mailbox;
  webDir?: string;
  /** Sent with every answer (infra/definitions.ts: the same as CloudFront's response headers policy). */
  securityHeaders?: Record<string, string>;
}

export function compileRoutes(routes: readonly RouteDefinition[]): CompiledRoute[] {
  return routes.map((route) => {
    const params: string[] = [];
    const segments = `${API_PREFIX}${route.path}`.split('/').filter(Boolean);
    const source = segments
      .map((segment) => {
        const param = /^\{(\w+)\}$/.exec(segment);
        if (!param) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        params.push(param[1]!);
        return '([^/]+)';
      })
      .join('/');
    return {
      route,
      pattern: new RegExp(`^/${source}/?$`),
      params,
      literalSegments: segments.length - params.length,
    };
  });
}

/** The most specific route wins, as in API Gateway (`/books/learning-progress` over `/books/{id}`). */
export function matchRoute(compiled: CompiledRoute[], method: string, path: string) {
  let best: { entry: CompiledRoute; values: string[] } | undefined;
  let methodMismatch = false;
  for (const entry of compiled) {
    const match = entry.pattern.exec(path);
    if (!match) continue;
    if (entry.route.method !== method) {
      methodMismatch = true;
      continue;
    }
    if (!best || entry.literalSegments > best.entry.literalSegments) best = { entry, values: match.slice(1) };
  }
  if (!best) return { methodMismatch };
  const pathParameters = Object.fromEntries(
    best.entry.params.map((name, i) => [name, decodeURIComponent(best.values[i]!)]),
  );
  return { route: best.entry.route, pathParameters, methodMismatch: false };
}

const TEXT_TYPES = /^(application\/(json|x-www-form-urlencoded|xml|javascript)|text\/)/;

export function createGateway(options: GatewayOptions): Server {
  const compiled = compileRoutes(options.routes);
  const staticFiles = options.webDir ? createStaticHandler(options.webDir) : undefined;

  const securityHeaders = Object.entries(options.securityHeaders ?? {});
  return createServer((req, res) => {
    for (const [name, value] of securityHeaders) res.setHeader(name, value);
    const url = new URL(req.url ?? '/', 'http://localhost');
    const respond = async () => {
      if (url.pathname === API_PREFIX || url.pathname.startsWith(`${API_PREFIX}/`))
        return serveApi(req, res, url);
      if (url.pathname === '/_dev/mailbox' && options.mailbox)
        return serveMailbox(req, res, url, options.mailbox);
      if (
        url.pathname.startsWith('/media/') &&
        options.media &&
        (req.method === 'GET' || req.method === 'HEAD')
      ) {
        return serveMedia(req, res, url, options.media, options.checkMediaUrl);
      }
      if (staticFiles && (req.method === 'GET' || req.method === 'HEAD'))
        return staticFiles(req, res, url.pathname);
      sendJson(res, 404, { message: 'Not Found', detail: 'Not Found' });
    };
    respond().catch((error: Error) => {
      console.error('gateway error', error);
      if (!res.headersSent)
        sendJson(res, 500, { message: 'Internal Server Error', detail: 'Internal server error' });
      else res.end();
    });
  });

  async function serveApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const method = req.method ?? 'GET';
    if (method === 'OPTIONS') {
      res.writeHead(204, { allow: 'GET, POST, PUT, DELETE, OPTIONS' }).end();
      return;
    }
    const match = matchRoute(compiled, method, url.pathname);
    if (!match.route) {
      sendJson(
        res,
        match.methodMismatch ? 405 : 404,
        match.methodMismatch
          ? { message: 'Method Not Allowed', detail: 'Method Not Allowed' }
          : { message: 'Not Found', detail: 'Not Found' },
      );
      return;
    }
    let body: Buffer;
    try {
      body = await readBody(req, MAX_EVENT_BODY_BYTES);
    } catch {
      sendJson(res, 413, {
        message: 'Request Entity Too Large',
        detail: 'The request is too large. Files over 4 MB are uploaded directly to storage.',
      });
      return;
    }
    const headers = flattenHeaders(req);
    let claims: Record<string, unknown> | null = null;
    if (match.route.auth !== 'public') {
      const token = /^Bearer\s+(.+)$/i.exec(headers.authorization ?? '')?.[1];
      claims = token ? await options.verifyToken(token) : null;
      if (!claims) {
        sendJson(
          res,
          401,
          { message: 'Unauthorized', detail: 'Not authenticated' },
          { 'www-authenticate': 'Bearer' },
        );
        return;
      }
    }
    const isText = body.length === 0 || TEXT_TYPES.test(headers['content-type'] ?? 'application/json');
    const key = routeKey(match.route);
    const now = Date.now();
    const event: APIGatewayProxyEventV2WithJWTAuthorizer = {
      version: '2.0',
      routeKey: key,
      rawPath: url.pathname,
      rawQueryString: url.search.replace(/^\?/, ''),
      headers,
      queryStringParameters: queryParameters(url),
      pathParameters: match.pathParameters,
      requestContext: {
        accountId: '000000000000',
        apiId: 'local',
        domainName: headers.host ?? 'localhost',
        domainPrefix: 'local',
        http: {
          method,
          path: url.pathname,
          protocol: 'HTTP/1.1',
          sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
          userAgent: headers['user-agent'] ?? '',
        },
        requestId: randomUUID(),
        routeKey: key,
        stage: '$default',
        time: new Date(now).toISOString(),
        timeEpoch: now,
        authorizer: {
          principalId: '',
          integrationLatency: 0,
          jwt: { claims: stringifyClaims(claims ?? {}), scopes: [] },
        },
      },
      body: body.length ? body.toString(isText ? 'utf8' : 'base64') : undefined,
      isBase64Encoded: !isText && body.length > 0,
    } as APIGatewayProxyEventV2WithJWTAuthorizer;
    if (!claims) delete (event.requestContext as { authorizer?: unknown }).authorizer;

    let result: unknown;
    try {
      result = await options.invoke(match.route.group, event);
    } catch (error) {
      // What API Gateway answers when the integration fails or times out.
      console.error(`${key}: ${(error as Error).name}: ${(error as Error).message}`);
      sendJson(res, 503, {
        message: 'Service Unavailable',
        detail: 'The service is temporarily unavailable. Please try again.',
      });
      return;
    }
    writeLambdaResult(res, result);
  }
}

function writeLambdaResult(res: ServerResponse, result: unknown): void {
  if (typeof result !== 'object' || result === null || !('statusCode' in result)) {
    sendJson(res, 200, result ?? null);
    return;
  }
  const structured = result as APIGatewayProxyStructuredResultV2;
  // A text body is written as it is: a copy in a Buffer would count as memory outside the heap,
  // and 30 KB answers a few thousand times a second then force a full collection twice a second.
  const payload: string | Buffer =
    structured.body === undefined
      ? ''
      : structured.isBase64Encoded
        ? Buffer.from(structured.body, 'base64')
        : structured.body;
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(structured.headers ?? {}))
    headers[name.toLowerCase()] = String(value);
  if (structured.cookies?.length) headers['set-cookie'] = structured.cookies;
  headers['content-length'] = String(
    typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length,
  );
  res.writeHead(structured.statusCode ?? 200, headers);
  res.end(payload);
}

function flattenHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  return headers;
}

function queryParameters(url: URL): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const [name, value] of url.searchParams) out[name] = name in out ? `${out[name]},${value}` : value;
  return Object.keys(out).length ? out : undefined;
}

/** Claims as strings, per verified claims object (the verifier hands the same one for a remembered token). */
const stringified = new WeakMap<Record<string, unknown>, Record<string, string>>();

/** HTTP APIs hand claims to Lambda as strings, arrays as "[a b]". */
function stringifyClaims(claims: Record<string, unknown>): Record<string, string> {
  let strings = stringified.get(claims);
  if (!strings) {
    strings = Object.fromEntries(
      Object.entries(claims).map(([k, v]) => [k, Array.isArray(v) ? `[${v.join(' ')}]` : String(v)]),
    );
    stringified.set(claims, strings);
  }
  return strings;
}

const MEDIA_REFUSALS: Record<Exclude<MediaUrlCheck, 'ok'>, string> = {
  unsigned: 'This media link is not signed.',
  invalid: 'This media link is not valid.',
  expired: 'This media link has expired. Reload the page for a new one.',
};

async function serveMedia(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  media: MediaSource,
  check: GatewayOptions['checkMediaUrl'],
): Promise<void> {
  let key: string;
  try {
    key = decodeURIComponent(url.pathname.slice(1));
  } catch {
    res.writeHead(400).end();
    return;
  }
  if (key.includes('..')) {
    res.writeHead(400).end();
    return;
  }
  // As CloudFront with a trusted key group: no valid signature, no bytes (and no hint whether the key exists).
  const verdict = check ? check(key, url.searchParams) : 'unsigned';
  if (verdict !== 'ok') {
    const text = MEDIA_REFUSALS[verdict];
    res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
    res.end(req.method === 'HEAD' ? undefined : text);
    return;
  }
  const answer = await media.get(key, req.headers.range);
  res.writeHead(answer.status, answer.headers);
  if (!answer.body || req.method === 'HEAD') {
    res.end();
    return;
  }
  answer.body.pipe(res);
}

/**
 * Only for a browser on this machine that asked for it by a loopback name: a web page that rebinds
 * its own domain to 127.0.0.1 sends its own Host header and gets nothing.
 */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function serveMailbox(req: IncomingMessage, res: ServerResponse, url: URL, mailbox: Mailbox): void {
  if (!LOOPBACK_HOSTS.has((req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase())) {
    sendJson(res, 403, { message: 'Forbidden', detail: 'The dev mailbox answers on localhost only.' });
    return;
  }
  const messages = mailbox.list(url.searchParams.get('to') ?? undefined);
  const wantsHtml =
    (req.headers.accept ?? '').includes('text/html') && url.searchParams.get('format') !== 'json';
  if (!wantsHtml) {
    sendJson(
      res,
      200,
      messages.map(({ to, subject, text, links, code, sentAt }) => ({
        to,
        subject,
        text,
        links,
        code,
        sentAt,
      })),
      {
        'cache-control': 'no-store',
      },
    );
    return;
  }
  const html = renderMailboxPage(messages);
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt', '.webmanifest']);

function createStaticHandler(webDir: string) {
  const root = normalize(webDir);
  const gzipCache = new Map<string, { mtime: number; data: Buffer }>();

  return (req: IncomingMessage, res: ServerResponse, pathname: string): void => {
    let file = normalize(join(root, decodeURIComponent(pathname)));
    if (!file.startsWith(root + sep) && file !== root) file = join(root, 'index.html');
    if (!existsSync(file) || statSync(file).isDirectory()) {
      // Client-side routes fall back to the app shell; missing assets are real 404s.
      if (extname(pathname) && pathname.startsWith('/assets/')) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
        return;
      }
      file = join(root, 'index.html');
    }
    if (!existsSync(file)) {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('The web app has not been built yet. Run `npm run build` (npm start does it for you).');
      return;
    }
    const ext = extname(file);
    const stat = statSync(file);
    const headers: Record<string, string> = {
      'content-type': CONTENT_TYPES[ext] ?? 'application/octet-stream',
      'cache-control': file.includes(`${sep}assets${sep}`)
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
      'x-content-type-options': 'nosniff',
    };
    let data: Buffer;
    if (COMPRESSIBLE.has(ext) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      let cached = gzipCache.get(file);
      if (!cached || cached.mtime !== stat.mtimeMs) {
        cached = { mtime: stat.mtimeMs, data: gzipSync(readFileSync(file)) };
        gzipCache.set(file, cached);
      }
      data = cached.data;
      headers['content-encoding'] = 'gzip';
      headers.vary = 'accept-encoding';
    } else {
      data = readFileSync(file);
    }
    headers['content-length'] = String(data.length);
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : data);
  };
}
