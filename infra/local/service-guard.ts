import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { CACHEABLE_READS, type KeptRead } from './dynamo-reads';
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
  /** Signs the payment events the offline checkout sends to the webhook (Stripe's `whsec_` format). */
  stripeWebhookSecret: string;
}

const SECRETS_FILE = 'local-secrets.json';

/** Reads the data directory's secrets, creating them (readable by the owner only) on first start. */
export function loadLocalSecrets(dataDir: string): LocalSecrets {
  const file = join(dataDir, SECRETS_FILE);
  const webhookSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Partial<LocalSecrets>;
    if (saved.credentials?.accessKeyId && saved.credentials.secretAccessKey && saved.mediaUrlSecret) {
      if (saved.stripeWebhookSecret) return saved as LocalSecrets;
      // A data directory from before payments: its other secrets stay, the webhook secret is added.
      const upgraded = { ...saved, stripeWebhookSecret: webhookSecret() } as LocalSecrets;
      writeFileSync(file, JSON.stringify(upgraded, null, 1), { mode: 0o600 });
      return upgraded;
    }
  }
  const secrets: LocalSecrets = {
    credentials: {
      accessKeyId: `LOCAL${randomBytes(8).toString('hex').toUpperCase()}`,
      secretAccessKey: randomBytes(30).toString('base64url'),
    },
    mediaUrlSecret: randomBytes(32).toString('base64url'),
    stripeWebhookSecret: webhookSecret(),
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
    const { rawPath, rawQuery } = split(req.url);
    // A preflight carries the presigned URL's query but no credentials: s3rver would check the
    // signature parameters as its own and refuse it, so they go before the CORS rule answers.
    if (req.method === 'OPTIONS' && !req.headers.authorization) {
      req.url = withoutSignature(rawPath, rawQuery);
      return serve(req, res);
    }
    const verdict = verifySigV4(
      { method: req.method ?? 'GET', rawPath, rawQuery, headers: req.headers },
      credentials,
    );
    if (!verdict.ok) return refuseS3(res, verdict);
    delete req.headers.authorization;
    req.url = withoutSignature(rawPath, rawQuery);
    return serve(req, res);
  };
}

/** The URL without the presigning parameters (X-Amz-*). */
function withoutSignature(rawPath: string, rawQuery: string): string {
  const kept = rawQuery
    .split('&')
    .filter((part) => part && !/^x-amz-/i.test(part))
    .join('&');
  return kept ? `${rawPath}?${kept}` : rawPath;
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
export function guardJsonService(
  credentials: LocalCredentials,
  serve: RequestListener,
  readCache?: ReadCache,
): RequestListener {
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
        if (readCache?.answer(req, body, res)) return;
        serve(replay(req, body), readCache ? readCache.capture(req, body, res) : res);
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

/**
 * Repeated reads of the local DynamoDB answered from memory until the next write. dynalite reads
 * LevelDB and re-encodes every item on every request: under load (a list of 50 books asked hundreds
 * of times a second) it kept the runtime's main thread busy. Every request to the table passes here,
 * so a write anywhere empties the cache, and an answer is kept only if no write started or ended
 * while it was being read: what a read returns is what dynalite would return. Clients see nothing of
 * it: the same request gets the same bytes, with the same headers, over HTTP or (a Lambda thread's
 * read, see dynamo-reads.ts) over the thread's message port.
 */
export interface ReadCache {
  /** Answers from memory when it can; true if it did. */
  answer(req: IncomingMessage, body: Buffer, res: ServerResponse): boolean;
  /** The response object to hand the server, which keeps a copy of a cacheable answer. */
  capture(req: IncomingMessage, body: Buffer, res: ServerResponse): ServerResponse;
  /**
   * The same answer without HTTP, for a thread of the local Lambda pool (see dynamo-reads.ts): the
   * operation and the request's JSON text; nothing when the server must be asked.
   */
  lookup(operation: string, body: string): KeptRead | undefined;
  /** From now on nothing is answered from memory: every request reaches the server. */
  stop(): void;
  /** Reads answered so far: from memory over HTTP, from memory without HTTP, and by the server. */
  counts(): { overHttp: number; withoutHttp: number; byServer: number };
}

const MAX_CACHED_ANSWERS = 2000;
const MAX_CACHED_BYTES = 512 * 1024;

export function createDynamoReadCache(): ReadCache {
  let generation = 0;
  let writesInFlight = 0;
  let stopped = false;
  // Kept as bytes too: answering over HTTP then costs no re-encoding of a 50-item answer.
  const answers = new Map<string, KeptRead & { bytes: Buffer }>();
  const counted = { overHttp: 0, withoutHttp: 0, byServer: 0 };
  const operation = (req: IncomingMessage) => String(req.headers['x-amz-target'] ?? '').split('.')[1] ?? '';
  const keyOf = (op: string, body: string) => `${op}\n${body}`;
  /** The kept answer to a read (its operation and the request's JSON text), if there is one. */
  const kept = (op: string, body: string) =>
    !stopped && CACHEABLE_READS.has(op) ? answers.get(keyOf(op, body)) : undefined;

  return {
    counts: () => ({ ...counted }),
    stop() {
      stopped = true;
      answers.clear();
    },
    lookup(op, body) {
      const cached = kept(op, body);
      if (!cached) return undefined;
      counted.withoutHttp++;
      return { headers: cached.headers, text: cached.text };
    },
    answer(req, body, res) {
      const cached = kept(operation(req), body.toString('utf8'));
      if (!cached) return false;
      counted.overHttp++;
      res.writeHead(200, cached.headers);
      res.end(cached.bytes);
      return true;
    },
    capture(req, body, res) {
      const op = operation(req);
      if (!CACHEABLE_READS.has(op)) {
        // A write (or anything unknown): nothing read before it may be answered again.
        writesInFlight++;
        generation++;
        answers.clear();
        res.once('close', () => {
          writesInFlight--;
          generation++;
          answers.clear();
        });
        return res;
      }
      counted.byServer++;
      const startedAt = generation;
      const key = keyOf(op, body.toString('utf8'));
      const end = res.end.bind(res) as (chunk?: unknown) => ServerResponse;
      res.end = ((chunk?: unknown) => {
        if (
          !stopped &&
          res.statusCode === 200 &&
          typeof chunk === 'string' &&
          chunk.length <= MAX_CACHED_BYTES &&
          writesInFlight === 0 &&
          generation === startedAt
        ) {
          if (answers.size >= MAX_CACHED_ANSWERS) answers.delete(answers.keys().next().value!);
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.getHeaders())) headers[name] = String(value);
          answers.set(key, { headers, text: chunk, bytes: Buffer.from(chunk, 'utf8') });
        }
        return end(chunk);
      }) as ServerResponse['end'];
      return res;
    },
  };
}
