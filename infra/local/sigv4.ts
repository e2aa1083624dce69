import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * AWS Signature Version 4 checks for the local services. s3rver accepts any V4 signature (it does
 * not compute them) and dynalite none at all, so without this anything on loopback could read,
 * write or delete every upload and record. The local runtime puts this check in front of them with
 * credentials generated per data directory: a request (or presigned URL) is served only when its
 * signature was made with that secret, for this method, path, query and signed headers, and has not
 * expired.
 */
export interface LocalCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export interface SignedRequest {
  method: string;
  /** The path as sent on the request line (still percent-encoded). */
  rawPath: string;
  /** The query as sent, without the leading `?`. */
  rawQuery: string;
  headers: Record<string, string | string[] | undefined>;
}

export type Verdict = { ok: true } | { ok: false; reason: string };

/** How far a signed request's clock may be from ours (AWS allows 15 minutes). */
const MAX_SKEW_MS = 15 * 60 * 1000;
/** The longest a presigned URL may live (AWS: 7 days). */
const MAX_EXPIRES_SECONDS = 7 * 24 * 3600;

const rfc3986 = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function queryPairs(rawQuery: string): [string, string][] {
  if (!rawQuery) return [];
  return rawQuery
    .split('&')
    .filter(Boolean)
    .map((part) => {
      const eq = part.indexOf('=');
      return eq < 0 ? [decode(part), ''] : [decode(part.slice(0, eq)), decode(part.slice(eq + 1))];
    });
}

function header(headers: SignedRequest['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

/** `20261123T101500Z` → epoch milliseconds, or NaN. */
function parseAmzDate(value: string | undefined): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
  return m ? Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) : NaN;
}

const signingKeys = new Map<string, Buffer>();

/** The derived key changes once a day per service: kept, it saves four HMACs per request. */
export function signingKey(secret: string, date: string, region: string, service: string): Buffer {
  const id = `${secret}/${date}/${region}/${service}`;
  let key = signingKeys.get(id);
  if (!key) {
    if (signingKeys.size > 100) signingKeys.clear();
    key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
    signingKeys.set(id, key);
  }
  return key;
}

/**
 * Checks a request signed in the Authorization header or presigned in the query string.
 * `payloadHash` is the hex SHA-256 of the body when the caller buffered it (DynamoDB, Step
 * Functions); S3 requests carry theirs in `x-amz-content-sha256` (or `UNSIGNED-PAYLOAD`).
 */
export function verifySigV4(
  request: SignedRequest,
  credentials: LocalCredentials,
  options: { now?: number; payloadHash?: string } = {},
): Verdict {
  const now = options.now ?? Date.now();
  const pairs = queryPairs(request.rawQuery);
  const query = new Map(pairs);
  const authorization = header(request.headers, 'authorization');
  const presigned = query.get('X-Amz-Algorithm') !== undefined;
  if (!authorization && !presigned) return { ok: false, reason: 'The request is not signed.' };
  if (authorization && presigned)
    return { ok: false, reason: 'Only one authentication mechanism is allowed.' };

  let credential: string | undefined;
  let signedHeaders: string | undefined;
  let signature: string | undefined;
  let amzDate: string | undefined;
  let payloadHash: string;
  if (authorization) {
    const m =
      /^AWS4-HMAC-SHA256\s+Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/.exec(
        authorization.trim(),
      );
    if (!m) return { ok: false, reason: 'The authorization header is malformed.' };
    [, credential, signedHeaders, signature] = m;
    amzDate = header(request.headers, 'x-amz-date');
    const time = parseAmzDate(amzDate);
    if (Number.isNaN(time)) return { ok: false, reason: 'The request has no valid X-Amz-Date.' };
    if (Math.abs(now - time) > MAX_SKEW_MS)
      return {
        ok: false,
        reason: 'The difference between the request time and the current time is too large.',
      };
    payloadHash = header(request.headers, 'x-amz-content-sha256') ?? options.payloadHash ?? '';
    if (options.payloadHash && payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== options.payloadHash)
      return { ok: false, reason: 'The body does not match its signed hash.' };
  } else {
    if (query.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256')
      return { ok: false, reason: 'Unsupported signing algorithm.' };
    credential = query.get('X-Amz-Credential');
    signedHeaders = query.get('X-Amz-SignedHeaders');
    signature = query.get('X-Amz-Signature');
    amzDate = query.get('X-Amz-Date');
    const time = parseAmzDate(amzDate);
    const expires = Number(query.get('X-Amz-Expires'));
    if (Number.isNaN(time) || !Number.isInteger(expires) || expires <= 0 || expires > MAX_EXPIRES_SECONDS)
      return { ok: false, reason: 'The presigned URL is malformed.' };
    if (now > time + expires * 1000) return { ok: false, reason: 'Request has expired' };
    if (time - now > MAX_SKEW_MS) return { ok: false, reason: 'The presigned URL is not valid yet.' };
    payloadHash = 'UNSIGNED-PAYLOAD';
  }
  if (!credential || !signedHeaders || !signature || !amzDate)
    return { ok: false, reason: 'The signature is incomplete.' };

  const scopeParts = credential.split('/');
  if (scopeParts.length !== 5 || scopeParts[4] !== 'aws4_request')
    return { ok: false, reason: 'The credential scope is malformed.' };
  const [accessKeyId, date, region, service] = scopeParts as [string, string, string, string];
  if (accessKeyId !== credentials.accessKeyId)
    return { ok: false, reason: 'The AWS Access Key Id you provided does not exist in our records.' };
  if (date !== amzDate.slice(0, 8)) return { ok: false, reason: 'The credential date does not match.' };

  const headerNames = signedHeaders.split(';');
  if (!headerNames.includes('host')) return { ok: false, reason: 'The host header must be signed.' };
  const canonicalHeaders = headerNames
    .map((name) => `${name}:${(header(request.headers, name) ?? '').trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const canonicalQuery = pairs
    .filter(([name]) => !(presigned && name === 'X-Amz-Signature'))
    .map(([name, value]) => [rfc3986(name), rfc3986(value)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonicalRequest = [
    request.method,
    request.rawPath || '/',
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    payloadHash,
  ].join('\n');
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    amzDate,
    `${date}/${region}/${service}/aws4_request`,
    sha256Hex(canonicalRequest),
  ].join('\n');
  const expected = createHmac('sha256', signingKey(credentials.secretAccessKey, date, region, service))
    .update(stringToSign)
    .digest();
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return {
      ok: false,
      reason:
        'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    };
  return { ok: true };
}

export { sha256Hex };
