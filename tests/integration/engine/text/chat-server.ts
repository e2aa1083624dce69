/**
 * A small chat-completions server for the OpenAI-compatible text provider's contract tests: it
 * answers each request with the next scripted reply, and records what it was asked and when.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: {
    model: string;
    messages: { role: string; content: string }[];
    max_tokens: number;
    temperature: number;
    response_format?: { type: string };
  };
  /** performance.now() when the request arrived. */
  at: number;
}

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  /** A string is sent as is; anything else as JSON. */
  body: unknown;
  /** Wait this long before answering (a slow model). */
  delayMs?: number;
}

/** A reply is given, or computed from the request. */
export type Script = Reply | ((request: ChatRequest) => Reply);

export interface ChatServer {
  /** e.g. http://127.0.0.1:41234/v1 */
  baseUrl: string;
  requests: ChatRequest[];
  /** Replies for the next requests, in order; the last one repeats. */
  script(...replies: Script[]): void;
  close(): Promise<void>;
}

/** A chat-completions reply whose first choice says `content`. */
export function completion(content: string, finishReason = 'stop'): Reply {
  return {
    body: {
      id: 'chatcmpl-test',
      object: 'chat.completion',
      created: 1,
      model: 'test-model',
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: finishReason }],
      usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
    },
  };
}

/** A reply with `value` as the JSON answer. */
export const jsonAnswer = (value: unknown) => completion(JSON.stringify(value));

/** An OpenAI-style error reply. */
export function errorReply(status: number, message: string, headers: Record<string, string> = {}): Reply {
  return { status, headers, body: { error: { message, type: 'invalid_request_error' } } };
}

export async function startChatServer(): Promise<ChatServer> {
  const requests: ChatRequest[] = [];
  let scripts: Script[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const request: ChatRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: raw ? (JSON.parse(raw) as ChatRequest['body']) : ({} as ChatRequest['body']),
        at: performance.now(),
      };
      requests.push(request);
      const script = scripts.length > 1 ? scripts.shift()! : scripts[0];
      const reply: Reply = !script
        ? errorReply(500, 'no reply scripted')
        : typeof script === 'function'
          ? script(request)
          : script;
      const send = () => {
        if (res.destroyed) return;
        const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
        res.writeHead(reply.status ?? 200, {
          'content-type': typeof reply.body === 'string' ? 'text/plain' : 'application/json',
          ...reply.headers,
        });
        res.end(text);
      };
      if (!reply.delayMs) return send();
      const timer = setTimeout(() => {
        timers.delete(timer);
        send();
      }, reply.delayMs);
      timers.add(timer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    script(...replies) {
      scripts = replies;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
