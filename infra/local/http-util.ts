import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:net';

/** Reads a request body, refusing more than `limit` bytes. */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(Object.assign(new Error('Request body too large'), { code: 'BODY_TOO_LARGE' }));
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/** Resolves with a port that was free a moment ago, preferring `preferred` (0 = any). */
/** A port kept bound by a placeholder until the service that will use it is about to listen. */
export interface HeldPort {
  port: number;
  release(): Promise<void>;
}

/**
 * Holds a free port (the preferred one when free, or only that one when `exact`). Choosing a port and binding it seconds later
 * lets another socket take it meanwhile — an outgoing connection of any process on the machine can
 * be given the same ephemeral port — which failed test runs with EADDRINUSE on busy machines.
 */
export function holdPort(preferred = 0, host = '127.0.0.1', exact = false): Promise<HeldPort> {
  return new Promise((resolve, reject) => {
    // A placeholder that turns every connection away at once: a client polling for the service
    // meanwhile gets a reset and tries again, and closing the placeholder never waits on a client.
    const probe = createServer((socket) => socket.destroy());
    probe.once('error', (error) => {
      if (preferred === 0 || exact) reject(error);
      else resolve(holdPort(0, host));
    });
    probe.listen(preferred, host, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : preferred;
      let released: Promise<void> | undefined;
      resolve({
        port,
        release: () => (released ??= new Promise<void>((done) => probe.close(() => done()))),
      });
    });
  });
}

/** Listens on a held port: releases the hold, then binds at once (retrying briefly if taken). */
export async function listenOn(server: Server, hold: HeldPort, host: string): Promise<number> {
  await hold.release();
  for (let attempt = 1; ; attempt++) {
    try {
      return await listen(server, hold.port, host);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt >= 5) throw error;
      await new Promise((r) => setTimeout(r, 50 * attempt));
    }
  }
}

export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections?.();
  });
}

/**
 * A request listener that can be drained before its server closes: once `drain` is called, new
 * requests are answered 503 (`refuse`), and `drain` resolves when the requests already being served
 * have been answered (or after `timeoutMs`). Closing a server whose handlers still have work in
 * flight lets that work finish against a closed store, which some emulators throw on.
 */
export function drainable(
  serve: RequestListener,
  refuse: (res: ServerResponse) => void,
): { listener: RequestListener; drain(timeoutMs?: number): Promise<void> } {
  let inFlight = 0;
  let draining = false;
  let idle: (() => void) | null = null;
  return {
    listener(req, res) {
      if (draining) return refuse(res);
      inFlight++;
      res.once('close', () => {
        inFlight--;
        if (inFlight === 0) idle?.();
      });
      serve(req, res);
    },
    drain(timeoutMs = 5000) {
      draining = true;
      if (inFlight === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        timer.unref();
        idle = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    },
  };
}
