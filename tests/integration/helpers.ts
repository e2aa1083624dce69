import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BookStructure, BookWithChapters } from '../../functions/contracts/books';
import type { ScriptJob } from '../../functions/contracts/model-jobs';
import type { PlotOverview } from '../../functions/contracts/plots';
import type { Script } from '../../functions/contracts/scripts';
import { NOVEL_TITLE, novelText } from '../fixtures/novel';
import { startLocalRuntime, type LocalRuntime } from '../../infra/local/runtime';

export interface TestRuntime {
  runtime: LocalRuntime;
  /** The runtime's data directory (removed by stop). */
  dataDir: string;
  api: ApiCaller;
  stop(): Promise<void>;
}

export interface ApiAnswer<T = Record<string, unknown>> {
  status: number;
  body: T;
}

export type ApiCaller = <T = Record<string, unknown>>(
  method: string,
  path: string,
  options?: { body?: unknown; token?: string; raw?: BodyInit; headers?: Record<string, string> },
) => Promise<ApiAnswer<T>>;

/** The real local runtime (all services, real handlers) on free ports and a throwaway data dir. */
export async function startTestRuntime(): Promise<TestRuntime> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bookstudio-test-'));
  const runtime = await startLocalRuntime({
    dataDir,
    port: 0,
    publicHost: '127.0.0.1',
    logLevel: (process.env.TEST_LOG_LEVEL as 'ERROR' | undefined) ?? 'SILENT',
  });
  const api: ApiCaller = async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const response = await fetch(`${runtime.apiUrl}${path}`, {
      method,
      headers,
      body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
  return {
    runtime,
    dataDir,
    api,
    async stop() {
      await runtime.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Sets environment variables (`undefined` unsets one) for the engine and runtime a test file starts,
 * and answers the function that puts back exactly what they were, so one file's providers never leak
 * into the next file run in the same worker.
 */
export function withEnv(vars: Record<string, string | undefined>): () => void {
  const saved = Object.fromEntries(Object.keys(vars).map((name) => [name, process.env[name]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
  apply(vars);
  return () => apply(saved);
}

let counter = 0;
export const uniqueEmail = (label = 'user') => `${label}-${Date.now()}-${counter++}@example.com`;

/** The code of the newest email the dev mailbox received for `to`. */
export function latestCode(runtime: LocalRuntime, to: string): string {
  const message = runtime.mailbox.list(to)[0];
  if (!message?.code) throw new Error(`No email with a code for ${to}`);
  return message.code;
}

/** Registers, verifies through the mailbox, waits for onboarding and signs in. */
export async function createUser(
  t: TestRuntime,
  options: {
    role?: 'author' | 'explorer';
    email?: string;
    password?: string;
    display_name?: string;
    /** 'basic' for suites that upload more books or start more videos than the free tier allows. */
    plan?: 'free' | 'basic';
  } = {},
) {
  const email = options.email ?? uniqueEmail(options.role ?? 'explorer');
  const password = options.password ?? 'Quiet-Lantern-42';
  const registered = await t.api('POST', '/auth/register', {
    body: {
      display_name: options.display_name ?? 'Test User',
      email,
      password,
      role: options.role ?? 'explorer',
    },
  });
  if (registered.status !== 201) throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
  const verified = await t.api('POST', '/auth/verify-email', {
    body: { email, code: latestCode(t.runtime, email) },
  });
  if (verified.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verified.body)}`);
  await t.runtime.stepFunctions.idle();
  const login = await t.api<{ access_token: string; refresh_token: string }>('POST', '/auth/login', {
    body: { email, password },
  });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  if (options.plan === 'basic') await upgradeToBasic(t, login.body.access_token);
  return { email, password, accessToken: login.body.access_token, refreshToken: login.body.refresh_token };
}

export interface UploadOptions {
  token: string;
  bookType?: 'learning' | 'entertainment';
  title?: string;
  file?: { name: string; data: Uint8Array; type?: string };
  text?: string;
}

/** POST /books/upload as the SPA does (multipart). */
export async function uploadBook(t: TestRuntime, options: UploadOptions): Promise<ApiAnswer> {
  const form = new FormData();
  form.set('book_type', options.bookType ?? 'learning');
  form.set('title', options.title ?? '');
  form.set('description', '');
  if (options.file)
    form.set(
      'file',
      new Blob([options.file.data as BlobPart], { type: options.file.type ?? 'application/octet-stream' }),
      options.file.name,
    );
  if (options.text !== undefined) form.set('text_content', options.text);
  const response = await fetch(`${t.runtime.apiUrl}/books/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${options.token}` },
    body: form,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** Waits for every running pipeline, then answers the book's status. */
export async function settledStatus(t: TestRuntime, bookId: string, token: string) {
  await t.runtime.stepFunctions.idle();
  const answer = await t.api<{
    status: string;
    error_message: string | null;
    review_pending: boolean;
    structure?: BookStructure;
    preview_chapters?: { title: string; chapter_number: number; content: string; section_title?: string }[];
  }>('GET', `/books/${bookId}/status`, { token });
  return answer.body;
}

/** Confirms the extracted structure unchanged and waits for chapter processing. */
export async function confirmAsExtracted(t: TestRuntime, bookId: string, token: string) {
  const status = await settledStatus(t, bookId, token);
  const chapters = (status.preview_chapters ?? []).map((c) => ({
    title: c.title,
    chapter_number: c.chapter_number,
    source_chapter_number: c.chapter_number,
    ...(c.section_title ? { section_title: c.section_title } : {}),
  }));
  const saved = await t.api('POST', `/books/${bookId}/save-structure`, { token, body: { chapters } });
  if (saved.status !== 202) throw new Error(`save-structure: ${JSON.stringify(saved.body)}`);
  await t.runtime.stepFunctions.idle();
}

/** Uploads pasted text, confirms its chapters as extracted and answers the ready book's ids. */
export async function readyBook(
  t: TestRuntime,
  token: string,
  options: { title: string; text: string },
): Promise<{ bookId: string; chapterId: string }> {
  const upload = await uploadBook(t, { token, title: options.title, text: options.text });
  if (upload.status !== 201) throw new Error(`upload: ${JSON.stringify(upload.body)}`);
  const bookId = String(upload.body.id);
  await confirmAsExtracted(t, bookId, token);
  const chapters = await t.api<{ id: string }[]>('GET', `/books/${bookId}/chapters`, { token });
  return { bookId, chapterId: chapters.body[0]!.id };
}

/**
 * The workspace's starting point for the chapter media tests: an author (owner) and another user
 * (stranger), the fixture novel uploaded as an entertainment book and confirmed, and its plot.
 */
export async function novelWithPlot(t: TestRuntime): Promise<{
  owner: string;
  stranger: string;
  book: BookWithChapters;
  overview: PlotOverview;
}> {
  const [owner, stranger] = await Promise.all([
    createUser(t, { role: 'author' }).then((u) => u.accessToken),
    createUser(t).then((u) => u.accessToken),
  ]);
  const upload = await uploadBook(t, {
    token: owner,
    bookType: 'entertainment',
    title: NOVEL_TITLE,
    text: novelText(),
  });
  await confirmAsExtracted(t, String(upload.body.id), owner);
  const book = (await t.api<BookWithChapters>('GET', `/books/${upload.body.id}`, { token: owner })).body;
  await t.api('POST', `/plots/books/${book.id}/generate`, { token: owner, body: {} });
  await t.runtime.stepFunctions.idle();
  const overview = (await t.api<PlotOverview>('GET', `/plots/books/${book.id}/overview`, { token: owner }))
    .body;
  return { owner, stranger, book, overview };
}

/**
 * Moves a user to the basic plan through the offline checkout (checkout, then Pay on its page), for
 * tests that start more videos or upload more books than the free tier allows.
 */
export async function upgradeToBasic(t: TestRuntime, token: string): Promise<void> {
  const origin = new URL(t.runtime.apiUrl).origin;
  const checkout = await t.api<{ url: string }>('POST', '/subscriptions/checkout', {
    token,
    body: { tier: 'basic', success_url: `${origin}/dashboard`, cancel_url: `${origin}/subscription` },
  });
  if (checkout.status !== 200) throw new Error(`checkout: ${JSON.stringify(checkout.body)}`);
  const paid = await fetch(`${checkout.body.url}/pay`, { method: 'POST', redirect: 'manual' });
  if (paid.status !== 303) throw new Error(`pay: ${paid.status} ${await paid.text()}`);
}

/**
 * Polls a model job's status route (`status_url` of its 202) as the web app does, until it is ready
 * or failed; answers the last status. Throws when a check itself fails or it never ends.
 */
export async function pollJob<T extends { status: string }>(
  t: TestRuntime,
  token: string,
  statusUrl: string,
  options: { intervalMs?: number; maxChecks?: number } = {},
): Promise<T> {
  const { intervalMs = 100, maxChecks = 1200 } = options;
  for (let check = 0; check < maxChecks; check++) {
    const answer = await t.api<T>('GET', statusUrl, { token });
    if (answer.status !== 200)
      throw new Error(`${statusUrl}: ${answer.status} ${JSON.stringify(answer.body)}`);
    if (answer.body.status !== 'processing') return answer.body;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`${statusUrl} was still processing after ${maxChecks} checks`);
}

/** Starts a model job (a POST answered 202) and polls it to its end. */
export async function runJob<T extends { status: string; status_url: string }>(
  t: TestRuntime,
  token: string,
  path: string,
  body: unknown,
): Promise<T> {
  const started = await t.api<T>('POST', path, { token, body });
  if (started.status !== 202) throw new Error(`${path}: ${started.status} ${JSON.stringify(started.body)}`);
  return pollJob<T>(t, token, started.body.status_url);
}

/** A script written by its job (POST /ai/generate-script-and-scenes, polled to its end): the script. */
export async function writtenScript(
  t: TestRuntime,
  token: string,
  body: Record<string, unknown>,
): Promise<Script> {
  const job = await runJob<ScriptJob>(t, token, '/ai/generate-script-and-scenes', body);
  if (job.status !== 'ready' || !job.script) throw new Error(`script: ${JSON.stringify(job)}`);
  return job.script;
}
