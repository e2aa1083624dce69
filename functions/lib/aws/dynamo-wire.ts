import { createHash, createHmac } from 'node:crypto';
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

/**
 * DynamoDB's JSON protocol spoken directly: one signed POST per operation on a kept-alive
 * connection. The SDK's client runs a general middleware stack (endpoint rules, schema-driven
 * serialisation, user agent, retry tokens) on every call; measured on the same loopback server it
 * spent about 750 µs of CPU per GetItem where this spends about 140 µs, and every request of the API
 * makes one to three such calls. Credentials still come from the SDK's provider chain (the Lambda
 * role, refreshed before expiry), and the SDK client is kept for what is not on the hot path.
 */
export interface WireCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

export interface WireOptions {
  region: string;
  /** e.g. `http://127.0.0.1:8000`; defaults to the region's public endpoint. */
  endpoint?: string;
  credentials: () => Promise<WireCredentials>;
  /** Attempts per call, the first included (throttling, 5xx and dropped connections are retried). */
  maxAttempts?: number;
  /** A call that has not answered after this long is abandoned (and retried). */
  timeoutMs?: number;
}

/**
 * Answers a server tagged (`ETag`) are kept, parsed, and asked for again with `If-None-Match`: a
 * `304 Not Modified` then means the kept answer is still what the server would send, and the call
 * costs neither the transfer nor the parsing of it. DynamoDB itself tags nothing, so this only
 * comes into play against the local runtime's DynamoDB, whose read cache tags the answers it keeps
 * until the next write (infra/local/service-guard.ts). Answers are shared between calls: callers
 * read them and never change them.
 */
const MAX_KEPT_ANSWERS = 200;
const MAX_KEPT_ANSWER_BYTES = 256 * 1024;

/**
 * The local runtime's own read cache, reached without a network round trip. In a thread of the local
 * Lambda pool, reads of the local DynamoDB first ask the runtime's process, which answers from the same
 * cache its DynamoDB server answers from (infra/local/service-guard.ts) over the thread's message port:
 * a kept answer (`200` with its text and tag), `304` when the caller's tag is still current, or
 * nothing, and the read then goes to the server as usual. Writes always go to the server. Only used
 * for the endpoint it was installed for; never on AWS, where nothing installs it.
 */
export type ReadShortcutAnswer = { status: 200; text: string; etag: string } | { status: 304 };
export interface ReadShortcut {
  endpoint: string;
  ask(target: string, body: string, etag: string | undefined): Promise<ReadShortcutAnswer | undefined>;
}
let readShortcut: ReadShortcut | undefined;

export function useReadShortcut(next: ReadShortcut | undefined): void {
  readShortcut = next;
}

/** An error DynamoDB answered: `name` is its type (e.g. ConditionalCheckFailedException). */
export class DynamoServiceError extends Error {
  constructor(
    name: string,
    message: string,
    readonly statusCode: number,
  ) {
    super(message);
    this.name = name;
  }
}

const RETRYABLE_TYPES = new Set([
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'InternalServerError',
  'ServiceUnavailable',
]);
const RETRYABLE_CODES = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNREFUSED', 'EAI_AGAIN']);

const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

function publicEndpoint(region: string): string {
  return `https://dynamodb.${region}.amazonaws.com${region.startsWith('cn-') ? '.cn' : ''}`;
}

export function isRetryable(error: unknown): boolean {
  if (error instanceof DynamoServiceError) return error.statusCode >= 500 || RETRYABLE_TYPES.has(error.name);
  const code = (error as { code?: string } | null)?.code;
  return code !== undefined && RETRYABLE_CODES.has(code);
}

/** Full-jitter exponential backoff: up to 50, 100, 200… ms. */
const backoff = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * 50 * 2 ** attempt));

export function createDynamoWire(options: WireOptions) {
  const url = new URL(options.endpoint ?? publicEndpoint(options.region));
  const secure = url.protocol === 'https:';
  const send = secure ? httpsRequest : httpRequest;
  const agent = secure
    ? new HttpsAgent({ keepAlive: true, maxSockets: 50 })
    : new HttpAgent({ keepAlive: true, maxSockets: 50 });
  const maxAttempts = options.maxAttempts ?? 3;
  const timeoutMs = options.timeoutMs ?? 10_000;
  let signingKey: { id: string; key: Buffer } | null = null;
  const kept = new Map<string, { etag: string; answer: unknown }>();
  /** Answers that are (or were) kept, and so may be handed out again. */
  const shared = new WeakSet<object>();

  function keyFor(secret: string, day: string): Buffer {
    const id = `${day}/${secret}`;
    if (signingKey?.id !== id) {
      const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, day), options.region), 'dynamodb'), 'aws4_request');
      signingKey = { id, key };
    }
    return signingKey.key;
  }

  /** The headers of a Signature Version 4 signed POST of `body`. */
  function sign(
    target: string,
    body: string,
    credentials: WireCredentials,
    etag: string | undefined,
  ): Record<string, string> {
    const stamp = new Date().toISOString().replace(/[:-]|\.\d{3}/g, '');
    const day = stamp.slice(0, 8);
    const headers: Record<string, string> = {
      'content-type': 'application/x-amz-json-1.0',
      host: url.host,
      ...(etag ? { 'if-none-match': etag } : {}),
      'x-amz-date': stamp,
      ...(credentials.sessionToken ? { 'x-amz-security-token': credentials.sessionToken } : {}),
      'x-amz-target': target,
    };
    const names = Object.keys(headers); // already lower-case and in order
    const canonical = [
      'POST',
      '/',
      '',
      ...names.map((name) => `${name}:${headers[name]}`),
      '',
      names.join(';'),
      sha256(body),
    ].join('\n');
    const scope = `${day}/${options.region}/dynamodb/aws4_request`;
    const signature = createHmac('sha256', keyFor(credentials.secretAccessKey, day))
      .update(`AWS4-HMAC-SHA256\n${stamp}\n${scope}\n${sha256(canonical)}`)
      .digest('hex');
    headers.authorization = `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`;
    headers['content-length'] = String(Buffer.byteLength(body));
    return headers;
  }

  /** Keeps a tagged answer for the next `If-None-Match`, or forgets one that is no longer tagged. */
  function keep(key: string, etag: string | undefined, text: string, parsed: unknown, hadPrevious: boolean) {
    if (etag && text.length <= MAX_KEPT_ANSWER_BYTES) {
      kept.delete(key);
      if (kept.size >= MAX_KEPT_ANSWERS) kept.delete(kept.keys().next().value!);
      kept.set(key, { etag, answer: parsed });
      if (typeof parsed === 'object' && parsed !== null) shared.add(parsed);
    } else if (hadPrevious) kept.delete(key);
  }

  async function once(target: string, body: string, credentials: WireCredentials): Promise<unknown> {
    const key = `${target}\n${body}`;
    const previous = kept.get(key);
    const shortcut = readShortcut?.endpoint === url.origin ? readShortcut : undefined;
    if (shortcut) {
      const answer = await shortcut.ask(target, body, previous?.etag);
      if (answer?.status === 304 && previous) return previous.answer;
      if (answer?.status === 200) {
        const parsed = JSON.parse(answer.text) as unknown;
        keep(key, answer.etag, answer.text, parsed, previous !== undefined);
        return parsed;
      }
    }
    return new Promise((resolve, reject) => {
      const req = send(
        {
          protocol: url.protocol,
          hostname: url.hostname,
          port: url.port,
          method: 'POST',
          path: '/',
          agent,
          headers: sign(target, body, credentials, previous?.etag),
        },
        (res: IncomingMessage) => {
          if (res.statusCode === 304 && previous) {
            res.resume();
            return resolve(previous.answer);
          }
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            const status = res.statusCode ?? 0;
            let parsed: Record<string, unknown> = {};
            try {
              parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
            } catch {
              // not JSON (a proxy's error page): reported by status below
            }
            if (status >= 200 && status < 300) {
              keep(key, res.headers.etag, text, parsed, previous !== undefined);
              return resolve(parsed);
            }
            const type =
              String(parsed.__type ?? '')
                .split('#')
                .pop() || `HTTP${status}`;
            const message = String(parsed.message ?? parsed.Message ?? `DynamoDB answered ${status}`);
            reject(new DynamoServiceError(type, message, status));
          });
        },
      );
      req.setTimeout(timeoutMs, () =>
        req.destroy(Object.assign(new Error('DynamoDB did not answer in time'), { code: 'ETIMEDOUT' })),
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  return {
    /** Closes the kept-alive connections. */
    destroy() {
      agent.destroy();
      kept.clear();
    },

    /**
     * Whether `answer` (a value `call` returned) may be returned again by a later call: a kept answer,
     * which callers must not change. Never, against DynamoDB itself.
     */
    isShared(answer: unknown): boolean {
      return typeof answer === 'object' && answer !== null && shared.has(answer);
    },

    /** Runs one operation (`GetItem`, `Query`…) with input and output in DynamoDB's JSON form. */
    async call<T = Record<string, unknown>>(operation: string, input: object): Promise<T> {
      const target = `DynamoDB_20120810.${operation}`;
      const body = JSON.stringify(input);
      for (let attempt = 1; ; attempt++) {
        try {
          return (await once(target, body, await options.credentials())) as T;
        } catch (error) {
          if (attempt >= maxAttempts || !isRetryable(error)) throw error;
          await backoff(attempt);
        }
      }
    },
  };
}

export type DynamoWire = ReturnType<typeof createDynamoWire>;
