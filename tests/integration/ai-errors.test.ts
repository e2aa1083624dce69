/**
 * The AI routes that ask the text model (POST /ai/generate-quiz, /ai/generate-text,
 * /ai/analyze-chapter-safety, /ai/generate-script-and-scenes) on a text model that fails: each answers 202 at once (no request waits
 * on the model) and its job ends failed with the model's failure in words a person can act on — a
 * busy model, one that does not answer in time, one that keeps failing, answers no usable JSON or
 * refuses the key — never a bare error and never the key. The same request sent again once the model
 * answers succeeds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModelJob } from '../../functions/contracts/model-jobs';
import { createUser, pollJob, readyBook, startTestRuntime, withEnv, type TestRuntime } from './helpers';
import { completion, startChatServer, type ChatServer } from './engine/text/chat-server';

let restoreEnv: (() => void) | undefined;
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
  restoreEnv = withEnv({
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
  restoreEnv?.();
});

/** Starts the job (202, answered before the model is asked) and polls it to its end. */
async function failedJob(path: string, body: unknown): Promise<ModelJob> {
  const started = await t.api<ModelJob>('POST', path, { token, body });
  expect(started.status, path).toBe(202);
  expect(started.body.status, path).toBe('processing');
  const ended = await pollJob<ModelJob>(t, token, started.body.status_url);
  expect(ended.status, path).toBe('failed');
  return ended;
}

const routes = () =>
  [
    ['/ai/generate-quiz', { book_id: bookId, chapter_id: chapterId, num_questions: 3, difficulty: 'easy' }],
    ['/ai/generate-text', { prompt: 'Describe Mara in one sentence.', context: CHAPTER }],
    ['/ai/analyze-chapter-safety', { chapter_id: chapterId }],
  ] as const;

describe('AI jobs on a failing text model', () => {
  it('fail in words when the model is busy (429 with a long wait), and succeed when sent again', async () => {
    server.script({
      status: 429,
      headers: { 'retry-after': '120' },
      body: { error: { message: 'slow down' } },
    });
    for (const [path, body] of routes()) {
      const job = await failedJob(path, body);
      expect(job.error_message, path).toMatch(/busy \(429\).*try again/i);
    }
    // The model answers again: the same request, sent again, is written.
    server.script(completion(JSON.stringify({ text: 'Mara rows out into the storm.' })));
    const again = await t.api<ModelJob & { text: string | null }>('POST', '/ai/generate-text', {
      token,
      body: { prompt: 'Describe Mara in one sentence.' },
    });
    expect(again.status).toBe(202);
    const done = await pollJob<ModelJob & { text: string | null }>(t, token, again.body.status_url);
    expect(done).toMatchObject({ status: 'ready', error_message: null });
    expect(done.text).toContain('Mara');
  });

  it('fail in words when the model does not answer in time', async () => {
    server.script({ ...completion('{"text": "late"}'), delayMs: 1500 });
    const job = await failedJob('/ai/generate-text', { prompt: 'Describe Mara.', context: CHAPTER });
    expect(job.error_message).toMatch(/timed out after 1 s/);
  });

  it('fail in words when the model keeps failing, answers no usable JSON or refuses the key', async () => {
    server.script({ status: 500, body: 'upstream crashed' });
    const failing = await failedJob('/ai/analyze-chapter-safety', { chapter_id: chapterId });
    expect(failing.error_message).toMatch(/failed \(500\) after 3 attempts/);

    server.script(completion('Sorry, I can only chat.'));
    const malformed = await failedJob('/ai/generate-quiz', {
      book_id: bookId,
      chapter_id: chapterId,
      num_questions: 3,
      difficulty: 'easy',
    });
    expect(malformed.error_message).toMatch(/not the expected JSON/);

    server.script({ status: 401, body: { error: { message: 'invalid api key local-key' } } });
    const refused = await failedJob('/ai/generate-text', { prompt: 'Describe Mara.' });
    expect(refused.error_message).toMatch(/refused the API key \(401\)\. Check OPENAI_API_KEY/);
    expect(refused.error_message).not.toContain('local-key');
  });

  it('a script job fails in words on a failing model, and no script is saved', async () => {
    server.script({ status: 500, body: 'upstream crashed' });
    const job = await failedJob('/ai/generate-script-and-scenes', { chapter_id: chapterId, scene_count: 3 });
    expect(job.error_message).toMatch(/failed \(500\) after 3 attempts.*try again/i);
    expect(job).toMatchObject({ script_id: null, script: null });
    const scripts = await t.api<unknown[]>('GET', `/ai/scripts/${chapterId}`, { token });
    expect(scripts.body).toEqual([]);
  });
});
