/**
 * The AI routes that answer at once (POST /ai/generate-quiz, /ai/generate-text,
 * /ai/analyze-chapter-safety) on a text model that fails: a busy model → 503 with Retry-After, one
 * that does not answer in time → 504, one that keeps failing, answers no usable JSON or refuses the
 * request → 502; each with the model's failure in words, never a bare 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, readyBook, startTestRuntime, type TestRuntime } from './helpers';
import { completion, startChatServer, type ChatServer } from './engine/text/chat-server';

const ENV = [
  'ENGINE_TEXT_PROVIDER',
  'OPENAI_BASE_URL',
  'OPENAI_MODEL',
  'OPENAI_API_KEY',
  'OPENAI_TIMEOUT_MS',
] as const;
const saved = Object.fromEntries(ENV.map((key) => [key, process.env[key]]));

let server: ChatServer;
let t: TestRuntime;
let token: string;
let bookId: string;
let chapterId: string;

const CHAPTER =
  'The keeper polished the great lens each morning and wrote the weather in his log. ' +
  'His daughter Mara rowed to the village for bread and oil. '.repeat(6) +
  'One night a storm drove a fishing boat onto the rocks, and Mara rowed out to save its crew. '.repeat(4);

beforeAll(async () => {
  server = await startChatServer();
  server.script(completion('{"text": "ready"}'));
  Object.assign(process.env, {
    ENGINE_TEXT_PROVIDER: 'openai',
    OPENAI_BASE_URL: server.baseUrl,
    OPENAI_MODEL: 'llama3.1:8b',
    OPENAI_API_KEY: 'local-key',
    OPENAI_TIMEOUT_MS: '1000',
  });
  t = await startTestRuntime();
  token = (await createUser(t)).accessToken;
  ({ bookId, chapterId } = await readyBook(t, token, {
    title: 'The Lighthouse',
    text: `Chapter 1: Storm\n\n${CHAPTER}`,
  }));
}, 120_000);

afterAll(async () => {
  await t?.stop();
  await server?.close();
  for (const key of ENV) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
});

/** A POST with the answer's headers (Retry-After). */
async function post(path: string, body: unknown) {
  const response = await fetch(`${t.runtime.apiUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as { detail: string; code: string },
  };
}

const routes = () =>
  [
    ['/ai/generate-quiz', { book_id: bookId, chapter_id: chapterId, num_questions: 3, difficulty: 'easy' }],
    ['/ai/generate-text', { prompt: 'Describe Mara in one sentence.', context: CHAPTER }],
    ['/ai/analyze-chapter-safety', { chapter_id: chapterId }],
  ] as const;

describe('AI routes on a failing text model', () => {
  it('answer 503 with Retry-After when the model is busy (429 with a long wait)', async () => {
    server.script({
      status: 429,
      headers: { 'retry-after': '120' },
      body: { error: { message: 'slow down' } },
    });
    for (const [path, body] of routes()) {
      const response = await post(path, body);
      expect(response.status, path).toBe(503);
      expect(response.headers.get('retry-after'), path).toBe('120');
      expect(response.body.code).toBe('ai_busy');
      expect(response.body.detail).toMatch(/busy \(429\).*try again/i);
    }
  });

  it('answer 504 when the model does not answer in time', async () => {
    server.script({ ...completion('{"text": "late"}'), delayMs: 1500 });
    const response = await post('/ai/generate-text', { prompt: 'Describe Mara.', context: CHAPTER });
    expect(response.status).toBe(504);
    expect(response.body).toMatchObject({ code: 'ai_timeout' });
    expect(response.body.detail).toMatch(/timed out after 1 s/);
  });

  it('answer 502 when the model keeps failing, answers no usable JSON or refuses the request', async () => {
    server.script({ status: 500, body: 'upstream crashed' });
    const failing = await post('/ai/analyze-chapter-safety', { chapter_id: chapterId });
    expect(failing.status).toBe(502);
    expect(failing.body).toMatchObject({ code: 'ai_unreachable' });
    expect(failing.body.detail).toMatch(/failed \(500\) after 3 attempts/);

    server.script(completion('Sorry, I can only chat.'));
    const malformed = await post('/ai/generate-quiz', {
      book_id: bookId,
      chapter_id: chapterId,
      num_questions: 3,
      difficulty: 'easy',
    });
    expect(malformed.status).toBe(502);
    expect(malformed.body).toMatchObject({ code: 'ai_bad_answer' });
    expect(malformed.body.detail).toMatch(/not the expected JSON/);
    expect(malformed.headers.get('retry-after')).toBeNull();

    server.script({ status: 401, body: { error: { message: 'invalid api key local-key' } } });
    const refused = await post('/ai/generate-text', { prompt: 'Describe Mara.' });
    expect(refused.status).toBe(502);
    expect(refused.body).toMatchObject({ code: 'ai_refused' });
    expect(refused.body.detail).toMatch(/refused the API key \(401\)\. Check OPENAI_API_KEY/);
    expect(refused.body.detail).not.toContain('local-key');
  });
});
