/**
 * The app on the local runtime with ENGINE_TEXT_PROVIDER=openai: the learning routes that use the
 * text engine get their answers from a chat-completions server (here the test's own), and a model
 * that answers no usable JSON does not become made-up content.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuizView } from '../../../../functions/contracts/learning';
import type { QuizJob, SafetyJob, TextJob } from '../../../../functions/contracts/model-jobs';
import { createUser, readyBook, runJob, startTestRuntime, withEnv, type TestRuntime } from '../../helpers';
import { completion, jsonAnswer, startChatServer, type ChatRequest, type ChatServer } from './chat-server';

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

/** The required fields of the JSON Schema the provider put at the end of its prompt. */
function asked(request: ChatRequest): string[] {
  const prompt = request.body.messages.at(-1)!.content;
  return (JSON.parse(prompt.slice(prompt.lastIndexOf('\n') + 1)) as { required: string[] }).required;
}

/** A model that answers each capability as the schema asks. */
function model(request: ChatRequest) {
  const fields = asked(request);
  if (fields.includes('questions')) {
    return jsonAnswer({
      questions: [1, 2, 3].map((n) => ({
        question: `Model question ${n}: who rowed out to the boat?`,
        options: ['Mara', 'The keeper', 'The baker', 'The captain'],
        answer_index: 0,
        explanation: 'Mara rowed out to save its crew.',
        source_excerpt: 'Mara rowed out to save its crew.',
      })),
    });
  }
  if (fields.includes('rating')) {
    return jsonAnswer({
      rating: 'teen',
      safe: true,
      flags: [
        { category: 'violence', severity: 'low', excerpt: 'a storm drove a fishing boat onto the rocks' },
      ],
    });
  }
  if (fields.includes('text')) return completion('```json\n{"text": "From the model: Mara is brave."}\n```');
  return completion('I cannot do that.');
}

beforeAll(async () => {
  server = await startChatServer();
  server.script(model);
  restoreEnv = withEnv({
    ENGINE_TEXT_PROVIDER: 'openai',
    OPENAI_BASE_URL: server.baseUrl,
    OPENAI_MODEL: 'llama3.1:8b',
    OPENAI_API_KEY: 'local-key',
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

describe('the learning routes on an OpenAI-compatible model', () => {
  it('answers POST /ai/generate-text with the model’s text, through its job', async () => {
    const job = await runJob<TextJob>(t, token, '/ai/generate-text', {
      prompt: 'Describe Mara in one sentence.',
      context: CHAPTER,
    });
    expect(job.status, job.error_message ?? '').toBe('ready');
    expect(job.text).toBe('From the model: Mara is brave.');
    const request = server.requests.find((r) => asked(r).includes('text'))!;
    expect(request.body.model).toBe('llama3.1:8b');
    expect(request.headers.authorization).toBe('Bearer local-key');
    expect(request.body.messages.at(-1)!.content).toContain('Describe Mara in one sentence.');
  });

  it('makes a quiz of the model’s questions and rates the chapter with its flags', async () => {
    const quiz = await runJob<QuizJob>(t, token, '/ai/generate-quiz', {
      book_id: bookId,
      chapter_id: chapterId,
      num_questions: 3,
      difficulty: 'easy',
    });
    expect(quiz.status, quiz.error_message ?? '').toBe('ready');
    expect(quiz.quiz!.questions.map((q) => q.question)).toEqual(
      [1, 2, 3].map((n) => expect.stringContaining(`Model question ${n}`)),
    );

    const safety = await runJob<SafetyJob>(t, token, '/ai/analyze-chapter-safety', { chapter_id: chapterId });
    expect(safety.status, safety.error_message ?? '').toBe('ready');
    expect(safety.data).toMatchObject({ rating: 'teen', safe: true });
    expect(safety.data!.flags[0]!.excerpt).toContain('storm drove a fishing boat');
  });

  it('stores no quiz when the model answers no usable JSON: the job fails in words', async () => {
    server.script(completion('Sorry, I can only chat.'));
    const before = server.requests.length;
    const quiz = await runJob<QuizJob>(t, token, '/ai/generate-quiz', {
      book_id: bookId,
      chapter_id: chapterId,
      num_questions: 3,
      difficulty: 'easy',
    });
    server.script(model);
    expect(quiz.status).toBe('failed');
    expect(quiz.error_message).toMatch(/not the expected JSON/);
    expect(server.requests.length - before).toBe(3);
    const quizzes = await t.api<QuizView[]>('GET', `/books/${bookId}/quizzes`, { token });
    expect(quizzes.body).toHaveLength(1);
    expect(JSON.stringify(quizzes.body)).not.toContain('Sorry');
  });
});
