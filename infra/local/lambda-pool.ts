import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { availableParallelism } from 'node:os';
import { SHARE_ENV, Worker } from 'node:worker_threads';
import { cachePort, type ReadLookup } from './dynamo-reads';

/**
 * Local Lambda: function invocations run in a small pool of worker threads, each a warm
 * "container" that keeps its loaded modules and AWS clients. Handlers use both cores, and a
 * CPU-heavy task does not stall the gateway. Errors keep their name, as Step Functions matches
 * Retry and Catch on it.
 */
export interface LambdaTarget {
  entry: string;
  handler: string;
  name: string;
  timeoutSeconds: number;
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
  worker: PooledWorker;
}

/**
 * The local DynamoDB's read cache, offered to each thread (see dynamo-reads.ts): `endpoint` is the
 * local DynamoDB's origin, `lookup` answers on this thread.
 */
export interface CachedReads {
  endpoint: string;
  lookup: ReadLookup;
}

interface PooledWorker {
  thread: Worker;
  inFlight: number;
}

export class LambdaTimeoutError extends Error {
  override name = 'Sandbox.Timedout';
}

export class LambdaPool {
  private workers: PooledWorker[] = [];
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly root: string,
    private readonly size = Math.max(2, Math.min(4, availableParallelism())),
    private readonly reads?: CachedReads,
  ) {}

  private spawn(): PooledWorker {
    const port = this.reads && cachePort(this.reads.lookup);
    const thread = new Worker(new URL('./lambda-host.mjs', import.meta.url), {
      workerData: { root: this.root, reads: port && { endpoint: this.reads!.endpoint, port } },
      transferList: port ? [port] : [],
      env: SHARE_ENV,
    });
    const pooled: PooledWorker = { thread, inFlight: 0 };
    thread.on(
      'message',
      (message: {
        id: number;
        ok: boolean;
        result?: unknown;
        error?: { name: string; message: string; stack?: string };
      }) => {
        const pending = this.pending.get(message.id);
        if (!pending) return;
        this.pending.delete(message.id);
        clearTimeout(pending.timer);
        pending.worker.inFlight--;
        if (message.ok) pending.resolve(message.result);
        else {
          const error = new Error(message.error!.message);
          error.name = message.error!.name;
          error.stack = message.error!.stack;
          pending.reject(error);
        }
      },
    );
    thread.on('error', (error) =>
      this.fail(pooled, error instanceof Error ? error : new Error(String(error))),
    );
    thread.on('exit', () => {
      if (!this.closed) this.fail(pooled, new Error('The function runtime exited'));
    });
    thread.unref();
    return pooled;
  }

  /** A thread died: its invocations fail, and a fresh thread takes its place. */
  private fail(worker: PooledWorker, error: Error): void {
    for (const [id, pending] of this.pending) {
      if (pending.worker !== worker) continue;
      this.pending.delete(id);
      clearTimeout(pending.timer);
      pending.reject(error);
    }
    this.workers = this.workers.filter((w) => w !== worker);
  }

  invoke(target: LambdaTarget, event: unknown): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error('The local Lambda pool is closed'));
    if (process.env.LOCAL_LAMBDA_INLINE === '1') return this.invokeInline(target, event);
    while (this.workers.length < this.size) this.workers.push(this.spawn());
    const worker = this.workers.reduce((a, b) => (b.inFlight < a.inFlight ? b : a));
    const id = this.nextId++;
    const timeoutMs = target.timeoutSeconds * 1000;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        if (!this.pending.delete(id)) return;
        worker.inFlight--;
        reject(new LambdaTimeoutError(`Task timed out after ${target.timeoutSeconds.toFixed(2)} seconds`));
      }, timeoutMs);
      this.pending.set(id, { resolve, reject, timer, worker });
      worker.inFlight++;
      worker.thread.postMessage({
        id,
        entry: target.entry,
        handler: target.handler,
        event,
        functionName: target.name,
        deadline: Date.now() + timeoutMs,
      });
    });
  }

  /**
   * The same invocation in this thread (`LOCAL_LAMBDA_INLINE=1`): for the coverage run only, whose
   * measurement cannot see into worker threads. The timeout still answers; the work is not stopped.
   */
  private async invokeInline(target: LambdaTarget, event: unknown): Promise<unknown> {
    const module = (await import(pathToFileURL(join(this.root, target.entry)).href)) as Record<
      string,
      unknown
    >;
    const fn = module[target.handler];
    if (typeof fn !== 'function') throw new Error(`${target.entry} exports no function ${target.handler}`);
    const timeoutMs = target.timeoutSeconds * 1000;
    const deadline = Date.now() + timeoutMs;
    const id = this.nextId++;
    const context = {
      functionName: target.name,
      awsRequestId: `local-${id}`,
      callbackWaitsForEmptyEventLoop: false,
      getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    };
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(new LambdaTimeoutError(`Task timed out after ${target.timeoutSeconds.toFixed(2)} seconds`)),
        timeoutMs,
      );
    });
    try {
      return await Promise.race([
        (fn as (e: unknown, c: unknown) => Promise<unknown>)(event, context),
        timedOut,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.pending.values()) {
      clearTimeout(pending.timer);
      pending.reject(new Error('The local runtime stopped'));
    }
    this.pending.clear();
    await Promise.all(this.workers.map((w) => w.thread.terminate()));
    this.workers = [];
  }
}
