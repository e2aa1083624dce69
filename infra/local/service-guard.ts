import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { readBody } from './http-util';
import { sha256Hex, verifySigV4, type LocalCredentials, type Verdict } from './sigv4';

/**
 * The local services listen on loopback, where every process of the machine (and every web page
 * the user's browser opens, through fetch) can reach them. They are only served to requests signed
 * with credentials generated for this data directory, the way AWS serves only signed requests.
 */
export interface LocalSecrets {
  /** What the functions (and tests) sign S3, DynamoDB and Step Functions requests with. */
  credentials: LocalCredentials;
  /** Signs /media URLs (see functions/lib/media-urls.ts). */
  mediaUrlSecret: string;
}

const SECRETS_FILE = 'local-secrets.json';

/** Reads the data directory's secrets, creating them (readable by the owner only) on first start. */
export function loadLocalSecrets(dataDir: string): LocalSecrets {
  const file = join(dataDir, SECRETS_FILE);
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Partial<LocalSecrets>;
    if (saved.credentials?.accessKeyId && saved.credentials.secretAccessKey && saved.mediaUrlSecret)
      return saved as LocalSecrets;
  }
  const secrets: LocalSecrets = {
    credentials: {
      accessKeyId: `LOCAL${randomBytes(8).toString('hex').toUpperCase()}`,
      secretAccessKey: randomBytes(30).toString('base64url'),
    },
    mediaUrlSecret: randomBytes(32).toString('base64url'),
  };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets, null, 1), { mode: 0o600 });
  chmodSync(file, 0o600);
  return secrets;
}

function split(url: string | undefined): { rawPath: string; rawQuery: string } {
  const value = url ?? '/';
  const q = value.indexOf('?');
  return q < 0
    ? { rawPath: value, rawQuery: '' }
    : { rawPath: value.slice(0, q), rawQuery: value.slice(q + 1) };
}

function refuseS3(res: ServerResponse, verdict: Extract<Verdict, { ok: false }>): void {
  const message = verdict.reason.replace(/[<>&]/g, '');
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>${message}</Message></Error>`;
  res.writeHead(403, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/**
 * S3: every request but a CORS preflight (which browsers send without credentials, and which the
 * bucket's CORS rule answers) must be signed, in the header or as a presigned URL. Once checked,
 * the signature is taken off, so s3rver (which cannot verify V4 signatures) serves it as its own.
 */
export function guardS3(credentials: LocalCredentials, serve: RequestListener): RequestListener {
  return (req, res) => {
    namesMatchedOrigin(req, res);
    if (req.method === 'OPTIONS' && !req.headers.authorization) return serve(req, res);
    const { rawPath, rawQuery } = split(req.url);
    const verdict = verifySigV4(
      { method: req.method ?? 'GET', rawPath, rawQuery, headers: req.headers },
      credentials,
    );
    if (!verdict.ok) return refuseS3(res, verdict);
    delete req.headers.authorization;
    const kept = rawQuery
      .split('&')
      .filter((part) => part && !/^x-amz-/i.test(part))
      .join('&');
    req.url = kept ? `${rawPath}?${kept}` : rawPath;
    return serve(req, res);
  };
}

/**
 * s3rver answers a request its bucket's CORS rule matched with `Access-Control-Allow-Origin: *`;
 * S3 names the matched origin, which is what the rule (the app's origins only) means.
 */
function namesMatchedOrigin(req: IncomingMessage, res: ServerResponse): void {
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name, value) => {
    if (name.toLowerCase() === 'access-control-allow-origin' && value === '*') {
      if (!req.headers.origin) return res;
      setHeader('vary', 'Origin');
      return setHeader(name, req.headers.origin);
    }
    return setHeader(name, value);
  };
}

/**
 * DynamoDB and Step Functions (AWS JSON protocols): the body is part of the signature, so it is
 * read first, checked against the signed hash, and handed on to the server as a fresh stream.
 */
export function guardJsonService(credentials: LocalCredentials, serve: RequestListener): RequestListener {
  return (req, res) => {
    readBody(req, 16 * 1024 * 1024)
      .then((body) => {
        const { rawPath, rawQuery } = split(req.url);
        const verdict = verifySigV4(
          { method: req.method ?? 'POST', rawPath, rawQuery, headers: req.headers },
          credentials,
          { payloadHash: sha256Hex(body) },
        );
        if (!verdict.ok) {
          const text = JSON.stringify({
            __type: 'com.amazon.coral.service#UnrecognizedClientException',
            message: verdict.reason,
          });
          res.writeHead(403, {
            'content-type': 'application/x-amz-json-1.0',
            'content-length': Buffer.byteLength(text),
          });
          res.end(text);
          return;
        }
        serve(replay(req, body), res);
      })
      .catch(() => {
        if (!res.headersSent) res.writeHead(413).end();
      });
  };
}

/** The request again, with its body already read: what the wrapped server reads from. */
function replay(req: IncomingMessage, body: Buffer): IncomingMessage {
  const stream = Readable.from(body.length ? [body] : []) as unknown as IncomingMessage;
  Object.assign(stream, {
    method: req.method,
    url: req.url,
    headers: req.headers,
    rawHeaders: req.rawHeaders,
    httpVersion: req.httpVersion,
    socket: req.socket,
    connection: req.socket,
  });
  return stream;
}
