import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type RouteDefinition } from '../../functions/routes';
import { makeTxtBookText } from '../fixtures/books';
import { createUser, startTestRuntime, type TestRuntime, readyBook } from '../integration/helpers';

/**
 * A corpus of malformed requests sent to every route of the route table (so a new route is tried
 * the day it is added): broken and wrongly shaped JSON, wrong types, oversized fields and bodies,
 * malformed, unknown and climbing ids. Every answer must be a 4xx with a message in words (never a
 * 5xx, never internals), and the server must answer its health check after each one.
 */
let t: TestRuntime;
let token: string;
let bookId: string;
let chapterId: string;
let scratchBookId: string;
let scratchChapterId: string;
const tried: { route: string; input: string; status: number }[] = [];

beforeAll(async () => {
  t = await startTestRuntime();
  token = (await createUser(t, { role: 'author' })).accessToken;
  const text = makeTxtBookText({ chapters: 2, wordsPerChapter: 150, headingStyle: 'markdown' });
  ({ bookId, chapterId } = await readyBook(t, token, { title: 'The Corpus', text }));
  ({ bookId: scratchBookId, chapterId: scratchChapterId } = await readyBook(t, token, {
    title: 'Scratch',
    text,
  }));
}, 120_000);

afterAll(async () => {
  await t?.stop();
});

const HUGE = 'x'.repeat(1024 * 1024);
/** Field names the API's bodies use, each given a value of the wrong kind or size. */
const WRONG_TYPES = {
  title: 12,
  description: ['a'],
  book_type: { a: 1 },
  chapter_id: 7,
  book_id: false,
  email: 42,
  password: null,
  display_name: { name: 'x' },
  chapters: 'none',
  answers: 'none',
  progress: 'far',
  num_questions: 'many',
  prompt: 5,
  file_key: 9,
  role: ['admin'],
  code: 123456,
  refresh_token: 1,
};
const OVERSIZED = Object.fromEntries(Object.keys(WRONG_TYPES).map((field) => [field, HUGE]));

/** Not a request at all: refused by every route that takes a body. */
const malformed: [string, string][] = [
  ['broken JSON', '{"title": "unterminated'],
  ['a JSON array', '[1, 2, 3]'],
  ['a JSON string', '"just a string"'],
  ['null', 'null'],
  ['a 7 MB body', JSON.stringify({ title: 'x'.repeat(7 * 1024 * 1024) })],
];
/**
 * Objects with fields of the wrong kind or size: refused by the routes that read those fields; a
 * route that reads none (retry, publish…) may go ahead, which is not a failure.
 */
const wrongFields: [string, string][] = [
  ['fields of the wrong type', JSON.stringify(WRONG_TYPES)],
  ['1 MB in every field', JSON.stringify(OVERSIZED)],
];

const badIds: [string, string][] = [
  ['a malformed id', 'not-an-id'],
  ['an unknown id', randomUUID()],
  ['an id that climbs', '..%2F..%2Fbooks'],
  ['a 4 000-character id', 'a'.repeat(4000)],
];

/**
 * Real ids of the caller's own resources, so bad bodies reach the validation of a real one: a
 * second book, which routes that ignore the body may change (regenerate, publish…).
 */
const ownIds = (route: RouteDefinition) =>
  route.path.replace('{id}', route.path.startsWith('/books/') ? scratchBookId : scratchChapterId);

async function send(route: RouteDefinition, path: string, body?: string) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${t.runtime.apiUrl}${path}`, { method: route.method, headers, body });
  const text = await response.text();
  return { status: response.status, text };
}

async function expectClearRefusal(
  route: RouteDefinition,
  input: string,
  answer: { status: number; text: string },
  options: { mayProceed?: boolean } = {},
) {
  tried.push({ route: `${route.method} ${route.path}`, input, status: answer.status });
  const where = `${route.method} ${route.path} with ${input}: ${answer.status} ${answer.text.slice(0, 200)}`;
  expect(answer.status, where).toBeLessThan(500);
  if (options.mayProceed && answer.status < 300) return expectHealthy(where);
  expect(answer.status, where).toBeGreaterThanOrEqual(400);
  const body = JSON.parse(answer.text) as { detail?: unknown };
  expect(typeof body.detail, where).toBe('string');
  expect(String(body.detail), where).not.toMatch(
    /\bat [\w.<>]+ \(|node_modules|\bstack\b|TypeError|undefined|\[object/,
  );
  await expectHealthy(where);
}

async function expectHealthy(where: string) {
  const health = await fetch(`${t.runtime.apiUrl}/health`);
  expect(health.status, `health after ${where}`).toBe(200);
}

// Routes that change or remove what exists are tried with bad ids only, so the corpus cannot
// delete the book it uses for the others.
const destructive = (route: RouteDefinition) => route.method === 'DELETE';

describe('a corpus of malformed requests on every route', () => {
  const withBody = routes.filter((r) => (r.method === 'POST' || r.method === 'PUT') && r.path !== '/health');
  it.each(withBody.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s refuses each malformed body with a 4xx in words, and the server stays healthy',
    async (_, route) => {
      // Upload routes take multipart forms: a JSON body is itself a malformed request there.
      for (const [input, body] of malformed)
        await expectClearRefusal(route, input, await send(route, ownIds(route), body));
      for (const [input, body] of wrongFields)
        await expectClearRefusal(route, input, await send(route, ownIds(route), body), { mayProceed: true });
    },
    120_000,
  );

  const withIds = routes.filter((r) => r.path.includes('{'));
  it.each(withIds.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s refuses malformed, unknown, climbing and oversized ids',
    async (_, route) => {
      for (const [input, id] of badIds) {
        const path = route.path.replace(/\{[^}]+\}/g, id);
        const body = route.method === 'GET' || destructive(route) ? undefined : '{}';
        await expectClearRefusal(route, input, await send(route, path, body));
      }
    },
    60_000,
  );

  it('left the book it used intact', async () => {
    const book = await t.api<{ status: string; title: string; chapters: unknown[] }>(
      'GET',
      `/books/${bookId}`,
      {
        token,
      },
    );
    expect(book.body).toMatchObject({ status: 'READY', title: 'The Corpus' });
    expect(book.body.chapters).toHaveLength(2);
    const chapter = await t.api('GET', `/books/${bookId}/chapters/${chapterId}`, { token });
    expect(chapter.status).toBe(200);
    const proceeded = tried.filter((x) => x.status < 300).map((x) => `${x.route} (${x.input})`);
    console.log(
      `bad-input corpus: ${tried.length} requests on ${new Set(tried.map((x) => x.route)).size} routes; ` +
        `went ahead ignoring the fields: ${proceeded.join('; ') || 'none'}`,
    );
  });
});
