import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(new URL('./runtime-process.ts', import.meta.url));

export interface RuntimeProcess {
  url: string;
  apiUrl: string;
  api<T = Record<string, unknown>>(
    method: string,
    path: string,
    options?: { body?: unknown; token?: string; form?: FormData },
  ): Promise<{ status: number; body: T }>;
  /** SIGKILL: the runtime gets no chance to record anything. */
  kill(): Promise<void>;
  /** A clean stop (Ctrl-C). */
  stop(): Promise<void>;
}

/** Starts the local runtime as a child process on `dataDir`, with extra environment variables. */
export async function startRuntimeProcess(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<RuntimeProcess> {
  // Node itself with tsx as a loader (not the tsx command, which would run the runtime in a
  // grandchild that a kill would not reach).
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script, dataDir], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = await new Promise<{ url: string; apiUrl: string }>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (line.startsWith('{')) resolve(JSON.parse(line) as { url: string; apiUrl: string });
    });
    child.once('exit', (code) => reject(new Error(`the runtime exited (${code}) before it was ready`)));
  });
  return {
    ...ready,
    async api(method, path, options = {}) {
      const headers: Record<string, string> = {};
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(`${ready.apiUrl}${path}`, {
        method,
        headers,
        body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : undefined };
    },
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Polls `read` until `done` holds (or fails after `timeoutMs`), answering the last value. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
