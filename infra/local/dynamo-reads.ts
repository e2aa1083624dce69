import { Readable } from 'node:stream';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { aws } from '../../functions/lib/aws/clients';

/**
 * Reads of the local DynamoDB from the Lambda pool's threads, answered by the runtime's read cache
 * (service-guard.ts) over a message port instead of a loopback HTTP exchange. The functions are not
 * told: in each thread the DynamoDB client's HTTP handler is wrapped, so the SDK builds, signs and
 * parses every call as it does on AWS, and only the socket is skipped when the cache holds the
 * answer. Anything else (a write, a read the cache does not hold, the cache stopped) goes to the
 * server over HTTP as before, so a write empties the cache and a stopped DynamoDB fails as it does.
 * Under load the two HTTP ends of three calls per list request cost the runtime more CPU than the
 * handler itself.
 */
export interface KeptRead {
  headers: Record<string, string>;
  text: string;
}

/** What a thread may ask the cache for: the operation (`GetItem`…) and the request's JSON text. */
export type ReadLookup = (operation: string, body: string) => KeptRead | undefined;

export const CACHEABLE_READS: ReadonlySet<string> = new Set([
  'GetItem',
  'BatchGetItem',
  'Query',
  'Scan',
  'DescribeTable',
  'ListTables',
]);

interface Question {
  id: number;
  operation: string;
  body: string;
}

interface Answer {
  id: number;
  read?: KeptRead;
}

/** The runtime's end: a port to hand one thread, answering its questions from `lookup`. */
export function cachePort(lookup: ReadLookup): MessagePort {
  const { port1, port2 } = new MessageChannel();
  port1.on('message', ({ id, operation, body }: Question) => {
    let read: KeptRead | undefined;
    try {
      read = lookup(operation, body);
    } catch {
      read = undefined; // the thread asks the server instead
    }
    port1.postMessage({ id, read } satisfies Answer);
  });
  port1.unref();
  return port2;
}

interface SdkRequest {
  hostname: string;
  port?: number;
  headers: Record<string, string>;
  body?: unknown;
}

interface SdkHandler {
  metadata?: unknown;
  handle(request: SdkRequest, options?: unknown): Promise<{ response: unknown }>;
  updateHttpClientConfig(key: never, value: never): void;
  httpHandlerConfigs(): unknown;
  destroy?(): void;
}

const textOf = (body: unknown) =>
  typeof body === 'string'
    ? body
    : Buffer.from(
        (body as Uint8Array).buffer,
        (body as Uint8Array).byteOffset,
        (body as Uint8Array).byteLength,
      ).toString('utf8');

/**
 * A thread's end: wraps the HTTP handler of the thread's DynamoDB client so that reads sent to
 * `endpoint` (the local DynamoDB) ask the cache over `port` first.
 */
export function readThroughCache(port: MessagePort, endpoint: string): void {
  const local = new URL(endpoint);
  const waiting = new Map<number, (read: KeptRead | undefined) => void>();
  let nextQuestion = 1;
  port.on('message', ({ id, read }: Answer) => {
    const resolve = waiting.get(id);
    waiting.delete(id);
    resolve?.(read);
  });
  port.unref();
  const ask = (operation: string, body: string) =>
    new Promise<KeptRead | undefined>((resolve) => {
      const id = nextQuestion++;
      waiting.set(id, resolve);
      port.postMessage({ id, operation, body } satisfies Question);
    });

  const config = aws.ddb.config as unknown as { requestHandler: SdkHandler };
  const server = config.requestHandler;
  config.requestHandler = {
    metadata: server.metadata,
    async handle(request, options) {
      const operation = (request.headers['x-amz-target'] ?? '').split('.')[1] ?? '';
      const toLocal = request.hostname === local.hostname && String(request.port ?? '') === local.port;
      if (toLocal && CACHEABLE_READS.has(operation)) {
        const read = await ask(operation, textOf(request.body));
        if (read)
          return {
            response: {
              statusCode: 200,
              headers: { ...read.headers },
              body: Readable.from([Buffer.from(read.text, 'utf8')]),
            },
          };
      }
      return server.handle(request, options);
    },
    updateHttpClientConfig: (key, value) => server.updateHttpClientConfig(key, value),
    httpHandlerConfigs: () => server.httpHandlerConfigs(),
    destroy: () => server.destroy?.(),
  };
}
