/**
 * Contract tests of the OpenAI-compatible text provider against a local chat-completions server:
 * what it sends, how it reads good answers in the shapes real servers give them, and how it retries
 * and fails on bad answers and bad servers (attempts counted by the server, messages in words).
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetEngineConfig } from '../../../../functions/engine/config';
import { getEngine, resetEngine } from '../../../../functions/engine';
import { hashString } from '../../../../functions/engine/random';
import { createOpenAITextEngine, type OpenAITextOptions } from '../../../../functions/engine/text/openai';
import type { ScreenplayOptions } from '../../../../functions/engine/text/types';
import { EngineError } from '../../../../functions/engine/types';
import { ConfigError } from '../../../../functions/lib/errors';
import { HARBOUR_CHAPTER, STUDY_CHAPTER } from '../../../unit/engine/text/chapters';
import {
  completion,
  errorReply,
  jsonAnswer,
  startChatServer,
  type ChatRequest,
  type ChatServer,
} from './chat-server';

let server: ChatServer;
const ENV_KEYS = [
  'ENGINE_TEXT_PROVIDER',
  'OPENAI_BASE_URL',
  'OPENAI_MODEL',
  'OPENAI_API_KEY',
  'OPENAI_TIMEOUT_MS',
  'OPENAI_MAX_TOKENS',
] as const;
const savedEnv = Object.fromEntries(ENV_KEYS.map((key) => [key, process.env[key]]));

beforeEach(async () => {
  server = await startChatServer();
});

afterEach(async () => {
  await server.close();
});

afterAll(() => {
  for (const key of ENV_KEYS) {
    if (savedEnv[key] === undefined) delete process.env[key];
    else process.env[key] = savedEnv[key];
  }
  resetEngineConfig();
  resetEngine();
});

/** The provider on the test server; fast retries unless a test asks for the defaults. */
function engine(options: OpenAITextOptions = {}) {
  return createOpenAITextEngine({
    baseUrl: server.baseUrl,
    model: 'test-model',
    apiKey: 'sk-test-secret',
    backoffMs: 10,
    ...options,
  });
}

async function caught(promise: Promise<unknown>): Promise<EngineError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EngineError);
  return error as EngineError;
}

const userText = (request: ChatRequest) => request.body.messages.find((m) => m.role === 'user')!.content;
const summarize = (options?: OpenAITextOptions) =>
  engine(options).summarize({ text: HARBOUR_CHAPTER.content, maxKeyPoints: 3 });
const SUMMARY = {
  summary: 'Nell defies Crane.',
  key_points: ['Crane buys the harbour master.', 'Nell sails.'],
};

const options: ScreenplayOptions = {
  style: 'cinematic_movie',
  sceneCount: 3,
  targetDuration: 5,
  focusAreas: ['Atmosphere'],
  storyType: 'three_act',
  includeCharacterProfiles: false,
};
const scene = (n: number, characters: string[], dialogue: { character: string; line: string }[]) => ({
  scene_number: n,
  location: 'Harbour',
  setting_type: 'EXT',
  time_of_day: 'night',
  mood: 'tense',
  visual_description: 'Fog over the harbour.',
  key_actions: ['Nell mends a net'],
  audio_requirements: ['gulls'],
  characters,
  action: ['Fog rolls in.'],
  dialogue,
  narration: 'Night falls.',
  estimated_duration: 60 * n,
});
const question = {
  question: 'Who found him?',
  options: ['Julian', 'Lowell', 'Pell', 'Hartley'],
  answer_index: 0,
  explanation: 'The text says Master Julian found him.',
  source_excerpt: 'Master Julian.',
};

describe('OpenAI-compatible text provider: requests', () => {
  it('posts a chat completion with the model, token limit, temperature, JSON mode, key and schema', async () => {
    server.script(jsonAnswer(SUMMARY));
    expect(await summarize({ maxTokens: 1500 })).toEqual(SUMMARY);

    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect([request!.method, request!.path]).toEqual(['POST', '/v1/chat/completions']);
    expect(request!.headers.authorization).toBe('Bearer sk-test-secret');
    expect(request!.body).toMatchObject({
      model: 'test-model',
      max_tokens: 1500,
      temperature: 0.3,
      response_format: { type: 'json_object' },
    });
    expect(request!.body.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(request!.body.messages[0]!.content).toMatch(/one JSON object/);
    const prompt = userText(request!);
    expect(prompt).toContain('Nell Harper sat on an upturned crate');
    const schema = JSON.parse(prompt.slice(prompt.lastIndexOf('\n') + 1)) as {
      required: string[];
      properties: Record<string, unknown>;
    };
    expect(schema.required).toEqual(['summary', 'key_points']);
    expect(schema.properties.key_points).toMatchObject({ type: 'array', maxItems: 6 });
  });

  it('sends no Authorization header without a key (local servers need none)', async () => {
    server.script(jsonAnswer(SUMMARY));
    await summarize({ apiKey: '' });
    expect(server.requests[0]!.headers).not.toHaveProperty('authorization');
  });

  it('takes its settings from the environment when chosen with ENGINE_TEXT_PROVIDER=openai', async () => {
    Object.assign(process.env, {
      ENGINE_TEXT_PROVIDER: 'openai',
      OPENAI_BASE_URL: `${server.baseUrl}/`,
      OPENAI_MODEL: 'llama3.1:8b',
      OPENAI_API_KEY: 'ollama',
      OPENAI_MAX_TOKENS: '2048',
    });
    resetEngineConfig();
    resetEngine();
    try {
      server.script(jsonAnswer({ text: 'The harbour is foggy.' }));
      const answer = await getEngine().text.generate({ prompt: 'What is the weather?', context: 'Fog.' });
      expect(answer.text).toBe('The harbour is foggy.');
      expect(server.requests[0]!.body).toMatchObject({ model: 'llama3.1:8b', max_tokens: 2048 });
      expect(server.requests[0]!.headers.authorization).toBe('Bearer ollama');
    } finally {
      for (const key of ENV_KEYS) delete process.env[key];
      resetEngineConfig();
      resetEngine();
    }
  });

  it('refuses to start without a model name, in words', () => {
    delete process.env.OPENAI_MODEL;
    resetEngineConfig();
    expect(() => createOpenAITextEngine({ baseUrl: server.baseUrl })).toThrow(ConfigError);
    expect(() => createOpenAITextEngine({ baseUrl: server.baseUrl })).toThrow(
      /OPENAI_MODEL: required when ENGINE_TEXT_PROVIDER=openai/,
    );
  });
});

describe('OpenAI-compatible text provider: good answers for every capability', () => {
  it('summarises, whether the JSON comes bare, in a code fence, after prose or after a reasoning block', async () => {
    const wrapped = [
      JSON.stringify(SUMMARY),
      '```json\n' + JSON.stringify(SUMMARY, null, 2) + '\n```',
      'Sure! Here is the summary you asked for:\n' + JSON.stringify(SUMMARY) + '\nI hope this helps.',
      '<think>The user wants {a summary}. Let me think.</think>\n' + JSON.stringify(SUMMARY),
    ];
    for (const content of wrapped) {
      server.script(completion(content));
      expect(await summarize()).toEqual(SUMMARY);
    }
    expect(server.requests).toHaveLength(4);
  });

  it('writes a screenplay grounded in local scene boundaries, names and durations', async () => {
    server.script(
      jsonAnswer({
        title: 'The Lantern',
        logline: 'Nell defies Crane.',
        scenes: [
          scene(
            1,
            ['Nell', 'Brannigan', 'Gandalf'],
            [
              { character: 'Brannigan', line: 'You should be indoors, girl.' },
              { character: 'Gandalf', line: 'You shall not pass.' },
            ],
          ),
          scene(2, ['Morrow', 'Crane'], [{ character: 'Crane', line: 'Then look carefully.' }]),
          scene(3, ['Nell', 'Brannigan'], []),
        ],
      }),
    );
    const result = await engine().screenplay({ bookTitle: 'Tales', chapter: HARBOUR_CHAPTER, options });

    const prompt = userText(server.requests[0]!);
    expect(prompt).toContain('[Passage 3]');
    expect(prompt).not.toContain('[Passage 4]');
    expect(result.scenes.map((s) => s.scene_number)).toEqual([1, 2, 3]);
    expect(result.scenes[0]!.source_start).toBe(0);
    expect(result.scenes.at(-1)!.source_end).toBe(HARBOUR_CHAPTER.content.length);
    expect(result.scenes[0]!.characters).toEqual(['Nell', 'Brannigan']);
    expect(result.characters).not.toContain('Gandalf');
    expect(result.estimated_duration).toBe(300);
    expect(result.scenes[1]!.heading).toBe('EXT. HARBOUR - NIGHT');
    expect(result.fountain).toContain('Title: The Lantern');
  });

  it('gives a plot overview with profiles completed by the engine', async () => {
    const character = {
      name: 'Mrs. Pell',
      role: 'supporting',
      physical_description: 'A housekeeper with red eyes.',
      personality: 'Loyal and afraid.',
      character_arc: 'From loyal servant to confessor.',
      archetypes: ['Caregiver'],
      want: 'To keep her place.',
      need: 'To tell the truth.',
      lie: 'That silence protects her.',
      ghost: 'Thirty years of service.',
    };
    server.script(
      jsonAnswer({
        logline: 'An inspector solves a locked-room death.',
        genre: 'Mystery',
        tone: 'Tense',
        audience: 'Adults',
        setting: 'Ashgrove Hall',
        themes: ['Truth'],
        story_type: 'seven_point',
        script_story_type: 'three_act',
        characters: [character],
      }),
    );
    const result = await engine().plotOverview({ title: 'Ashgrove', chapters: [STUDY_CHAPTER] });
    expect(result.genre).toBe('Mystery');
    expect(result.characters).toEqual([
      { ...character, mentions: 6, seed: hashString('mrs. pell'), voice: '' },
    ]);
  });

  it('writes a quiz, generates text within the word limit and rates safety consistently', async () => {
    server.script(
      jsonAnswer({ questions: [question, question, question] }),
      jsonAnswer({
        text: 'One two three. Four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen.',
      }),
      jsonAnswer({
        rating: 'mature',
        safe: true,
        flags: [{ category: 'violence', severity: 'high', excerpt: 'a body' }],
      }),
    );
    const text = engine();
    const quiz = await text.quiz({
      title: 'Study',
      text: STUDY_CHAPTER.content,
      numQuestions: 2,
      difficulty: 'easy',
    });
    expect(quiz).toMatchObject({ title: 'Study quiz', difficulty: 'easy' });
    expect(quiz.questions.map((q) => q.id)).toEqual(['q1', 'q2']);
    expect((await text.generate({ prompt: 'Count', maxWords: 15 })).text).toBe('One two three.');
    expect(await text.analyzeSafety({ text: STUDY_CHAPTER.content })).toMatchObject({
      rating: 'mature',
      safe: false,
    });
    expect(server.requests).toHaveLength(3);
  });
});

describe('OpenAI-compatible text provider: bad answers are retried, then fail in words', () => {
  it('retries broken JSON with a correction, and uses the first good answer', async () => {
    server.script(completion('{"summary": "Nell defies Crane", "key_points": ["A",'), jsonAnswer(SUMMARY));
    expect(await summarize()).toEqual(SUMMARY);
    expect(server.requests).toHaveLength(2);
    expect(userText(server.requests[1]!)).toMatch(/previous answer could not be used: .*cut off/);
  });

  it('fails after 3 attempts of malformed JSON', async () => {
    server.script(completion('{"summary": "Nell", key_points: [oops]}'));
    const error = await caught(summarize());
    expect(server.requests).toHaveLength(3);
    expect([error.code, error.retryable]).toEqual(['provider_failed', false]);
    expect(error.message).toMatch(
      /^The text model at 127\.0\.0\.1:\d+ answered something that is not the expected JSON \(3 attempts\): the JSON is broken/,
    );
  });

  it('fails on prose without any JSON', async () => {
    server.script(completion('I am sorry, I cannot help with that.'));
    const error = await caught(summarize());
    expect(server.requests).toHaveLength(3);
    expect(error.message).toMatch(/not the expected JSON.*no JSON object \(it begins "I am sorry/);
  });

  it('retries an answer cut off at the token limit and explains it', async () => {
    server.script(completion('{"summary": "Nell defies Crane.", "key_points": ["Crane', 'length'));
    const error = await caught(summarize({ maxTokens: 700 }));
    expect(server.requests).toHaveLength(3);
    expect(userText(server.requests[1]!)).toMatch(/previous answer could not be used: it was too long/);
    expect(error.message).toMatch(
      /not the expected JSON \(3 attempts\): the answer was cut off at the token limit \(700 tokens\); raise OPENAI_MAX_TOKENS/,
    );
  });

  it('rejects an answer of the wrong shape, naming the field', async () => {
    server.script(jsonAnswer({ summary: 42, key_points: [] }));
    const error = await caught(summarize());
    expect(server.requests).toHaveLength(3);
    expect(error.message).toMatch(/does not match the expected fields — summary: .*; key_points: /);
  });

  it('rejects a screenplay with the wrong number of scenes and a quiz with repeated options', async () => {
    server.script(jsonAnswer({ title: 'T', logline: 'L', scenes: [scene(1, [], [])] }));
    const screenplay = await caught(
      engine().screenplay({ bookTitle: 'B', chapter: HARBOUR_CHAPTER, options }),
    );
    expect(screenplay.message).toMatch(/expected fields — scenes: /);

    server.script(jsonAnswer({ questions: [{ ...question, options: ['A', 'a', 'B', 'C'] }] }));
    const quiz = await caught(
      engine().quiz({ title: 'S', text: STUDY_CHAPTER.content, numQuestions: 1, difficulty: 'easy' }),
    );
    expect(quiz.message).toMatch(/questions\.0\.options: Options repeat/);
    expect(server.requests).toHaveLength(6);
  });

  it('treats a reply that is not in the chat-completions format as a bad answer', async () => {
    server.script({ body: '<html>Bad gateway page</html>' }, jsonAnswer(SUMMARY));
    expect(await summarize()).toEqual(SUMMARY);
    server.script({ body: { ok: true } });
    const error = await caught(summarize());
    expect(error.message).toMatch(/not in the chat-completions format/);
  });
});

describe('OpenAI-compatible text provider: server failures', () => {
  it('waits as long as a 429 asks (Retry-After) and then succeeds', async () => {
    server.script(errorReply(429, 'Rate limit reached', { 'retry-after': '1' }), jsonAnswer(SUMMARY));
    expect(await summarize({ backoffMs: 1 })).toEqual(SUMMARY);
    expect(server.requests).toHaveLength(2);
    // The backoff alone would have waited 1–1.5 ms: only the server's Retry-After explains this wait.
    expect(server.requests[1]!.at - server.requests[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it('reports a 503 that asks for a longer wait than allowed, without waiting', async () => {
    server.script(errorReply(503, 'Loading model', { 'retry-after': '120' }));
    const error = await caught(summarize());
    expect(server.requests).toHaveLength(1);
    expect([error.retryable, error.message]).toEqual([
      true,
      expect.stringMatching(/failed \(503\); it asked to wait 120 s\. Please try again in a moment\./),
    ]);
  });

  it('retries a 500 after the default backoff and then succeeds', async () => {
    server.script(errorReply(500, 'Internal error'), jsonAnswer(SUMMARY));
    expect(await summarize({ backoffMs: undefined })).toEqual(SUMMARY);
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]!.at - server.requests[0]!.at).toBeGreaterThanOrEqual(490);
  });

  it('gives up on a server that keeps failing, as retryable', async () => {
    server.script(errorReply(502, 'Bad gateway'));
    const error = await caught(summarize());
    expect(server.requests).toHaveLength(3);
    expect([error.retryable, error.message]).toEqual([
      true,
      expect.stringMatching(/^The text model at 127\.0\.0\.1:\d+ failed \(502\) after 3 attempts\./),
    ]);
  });

  it('reports a refused API key (401) at once, without repeating the key', async () => {
    server.script(errorReply(401, 'Incorrect API key provided: sk-test-secret'));
    const error = await caught(summarize());
    expect(server.requests).toHaveLength(1);
    expect(error.message).toMatch(/refused the API key \(401\)\. Check OPENAI_API_KEY\./);
    expect(error.message).not.toContain('sk-test');
  });

  it('tells a missing model (404) from a wrong base URL (404)', async () => {
    server.script(errorReply(404, 'model "test-model" not found, try pulling it first'));
    const model = await caught(summarize());
    expect(model.message).toMatch(
      /model not found \(404\) for "test-model"\. Check OPENAI_MODEL .*ollama pull test-model/,
    );

    server.script({ status: 404, body: '404 page not found' });
    const path = await caught(summarize());
    expect(path.message).toMatch(
      /no chat-completions endpoint at .*\/v1\/chat\/completions \(404\)\. Check OPENAI_BASE_URL/,
    );
    expect(server.requests).toHaveLength(2);
  });

  it('times out a slow server per request, in seconds', async () => {
    server.script({ ...jsonAnswer(SUMMARY), delayMs: 5000 });
    const error = await caught(summarize({ timeoutMs: 400 }));
    expect(server.requests).toHaveLength(1);
    expect([error.retryable, error.message]).toEqual([
      true,
      expect.stringMatching(/^The text model at 127\.0\.0\.1:\d+ timed out after 0\.4 s\./),
    ]);
  });

  it('asks again without response_format when a server rejects it, and remembers that', async () => {
    server.script((request) =>
      request.body.response_format
        ? errorReply(400, 'Unrecognized request argument supplied: response_format')
        : jsonAnswer(SUMMARY),
    );
    expect(await summarize()).toEqual(SUMMARY);
    expect(server.requests.map((r) => r.body.response_format?.type ?? 'none')).toEqual([
      'json_object',
      'none',
    ]);
    expect(await summarize()).toEqual(SUMMARY);
    expect(server.requests.map((r) => r.body.response_format?.type ?? 'none')).toEqual([
      'json_object',
      'none',
      'none',
    ]);
  });

  it('reports a 400 that has nothing to do with JSON mode, and keeps asking in JSON mode', async () => {
    server.script(errorReply(400, "This model's maximum context length is 8192 tokens"));
    const error = await caught(summarize());
    expect(error.message).toMatch(
      /did not accept a request this long \(400: This model's maximum context length/,
    );
    expect(error.message).toMatch(/Lower ENGINE_TEXT_INPUT_CHARS/);
    server.script(jsonAnswer(SUMMARY));
    await summarize();
    expect(server.requests.at(-1)!.body.response_format).toEqual({ type: 'json_object' });
  });

  it('reports a server that cannot be reached after its attempts', async () => {
    const { baseUrl } = server;
    await server.close();
    const error = await caught(
      createOpenAITextEngine({ baseUrl, model: 'm', backoffMs: 10 }).summarize({ text: 'Some text here.' }),
    );
    expect([error.retryable, error.message]).toEqual([
      true,
      expect.stringMatching(
        /could not be reached after 3 attempts \(connection refused\)\. Is the server running at http:\/\/127\.0\.0\.1:\d+\/v1\?/,
      ),
    ]);
    server = await startChatServer();
  });
});
