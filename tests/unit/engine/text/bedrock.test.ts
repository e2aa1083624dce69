import {
  AccessDeniedException,
  BedrockRuntimeClient,
  ConverseCommand,
  ServiceUnavailableException,
  ThrottlingException,
  ValidationException,
  type ConverseCommandInput,
  type ConverseCommandOutput,
} from '@aws-sdk/client-bedrock-runtime';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { resetEngineConfig } from '../../../../functions/engine/config';
import { hashString } from '../../../../functions/engine/random';
import { createBedrockTextEngine } from '../../../../functions/engine/text/bedrock';
import { EngineError } from '../../../../functions/engine/types';
import type { ScreenplayOptions } from '../../../../functions/engine/text/types';
import { HARBOUR_CHAPTER, STUDY_CHAPTER } from './chapters';
import { readFountain } from './fountain-reader';

const bedrock = mockClient(BedrockRuntimeClient);
const saved = { model: process.env.BEDROCK_TEXT_MODEL_ID, tokens: process.env.ENGINE_MAX_TOKENS };

beforeEach(() => {
  bedrock.reset();
  process.env.BEDROCK_TEXT_MODEL_ID = 'test.text-model-v1';
  process.env.ENGINE_MAX_TOKENS = '3000';
  resetEngineConfig();
});

afterAll(() => {
  for (const [key, value] of [
    ['BEDROCK_TEXT_MODEL_ID', saved.model],
    ['ENGINE_MAX_TOKENS', saved.tokens],
  ] as const) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEngineConfig();
  bedrock.restore();
});

function toolAnswer(
  name: string,
  input: unknown,
  stopReason: ConverseCommandOutput['stopReason'] = 'tool_use',
): ConverseCommandOutput {
  return {
    $metadata: {},
    stopReason,
    output: {
      message: {
        role: 'assistant',
        content: [{ toolUse: { toolUseId: 't1', name, input: input as never } }],
      },
    },
    usage: { inputTokens: 10, outputTokens: 10, totalTokens: 20 },
    metrics: { latencyMs: 5 },
  };
}

function sentRequest(index = 0): ConverseCommandInput {
  return bedrock.commandCalls(ConverseCommand)[index]!.args[0].input;
}

function userText(request: ConverseCommandInput): string {
  const block = request.messages?.[0]?.content?.[0];
  return block && 'text' in block ? (block.text ?? '') : '';
}

async function caught(promise: Promise<unknown>): Promise<EngineError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EngineError);
  return error as EngineError;
}

describe('Bedrock text engine: requests', () => {
  it('calls Converse with the configured model, max tokens and a forced tool with a JSON schema', async () => {
    bedrock
      .on(ConverseCommand)
      .resolves(toolAnswer('give_summary', { summary: 'Nell defies Crane.', key_points: ['A', 'B', 'C'] }));
    const result = await createBedrockTextEngine().summarize({
      text: HARBOUR_CHAPTER.content,
      maxKeyPoints: 3,
    });
    expect(result).toEqual({ summary: 'Nell defies Crane.', key_points: ['A', 'B', 'C'] });

    const request = sentRequest();
    expect(request.modelId).toBe('test.text-model-v1');
    expect(request.inferenceConfig?.maxTokens).toBe(3000);
    expect(request.toolConfig?.toolChoice).toEqual({ tool: { name: 'give_summary' } });
    const spec = request.toolConfig?.tools?.[0]?.toolSpec;
    expect(spec?.name).toBe('give_summary');
    const schema = spec?.inputSchema?.json as {
      type: string;
      required: string[];
      properties: Record<string, unknown>;
    };
    expect(schema).not.toHaveProperty('$schema');
    expect(schema.type).toBe('object');
    expect(schema.required).toEqual(['summary', 'key_points']);
    expect(schema.properties.key_points).toMatchObject({ type: 'array', maxItems: 6 });
    expect(request.system?.[0]).toHaveProperty('text');
    expect(userText(request)).toContain('Nell Harper sat on an upturned crate');
  });

  it('cuts long text to the input budget at a sentence end', async () => {
    bedrock.on(ConverseCommand).resolves(toolAnswer('give_summary', { summary: 'S.', key_points: ['A'] }));
    await createBedrockTextEngine({ inputCharBudget: 1000 }).summarize({ text: HARBOUR_CHAPTER.content });
    const sent = userText(sentRequest());
    const excerpt = sent.slice(sent.indexOf('<text>\n') + 7, sent.indexOf('\n</text>'));
    expect(excerpt.length).toBeLessThanOrEqual(1000);
    expect(HARBOUR_CHAPTER.content.startsWith(excerpt)).toBe(true);
    expect(excerpt).toMatch(/[.!?]["”]?$/);
  });

  it('checks input before calling the model', async () => {
    const engine = createBedrockTextEngine();
    expect((await caught(engine.summarize({ text: '' }))).code).toBe('invalid_input');
    expect(
      (await caught(engine.quiz({ title: 'T', text: 'Some text.', numQuestions: 30, difficulty: 'easy' })))
        .code,
    ).toBe('invalid_params');
    expect(bedrock.commandCalls(ConverseCommand)).toHaveLength(0);
  });
});

describe('Bedrock text engine: answers', () => {
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

  it('grounds a screenplay in local scene boundaries, names and durations, and exports Fountain', async () => {
    bedrock.on(ConverseCommand).resolves(
      toolAnswer('write_screenplay', {
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
    const result = await createBedrockTextEngine().screenplay({
      bookTitle: 'Tales',
      chapter: HARBOUR_CHAPTER,
      options,
    });

    const prompt = userText(sentRequest());
    expect(prompt).toContain('[Passage 1]');
    expect(prompt).toContain('[Passage 3]');
    expect(prompt).not.toContain('[Passage 4]');
    const schema = sentRequest().toolConfig?.tools?.[0]?.toolSpec?.inputSchema?.json as {
      properties: { scenes: { minItems: number; maxItems: number } };
    };
    expect(schema.properties.scenes).toMatchObject({ minItems: 3, maxItems: 3 });

    expect(result.scenes[0]!.source_start).toBe(0);
    expect(result.scenes.at(-1)!.source_end).toBe(HARBOUR_CHAPTER.content.length);
    for (let i = 1; i < 3; i++) expect(result.scenes[i]!.source_start).toBe(result.scenes[i - 1]!.source_end);
    expect(result.scenes[0]!.characters).toEqual(['Nell', 'Brannigan']);
    expect(result.scenes[0]!.dialogue).toEqual([
      { scene_number: 1, character: 'Brannigan', line: 'You should be indoors, girl.' },
    ]);
    expect(result.characters).not.toContain('Gandalf');
    expect(result.scenes.map((s) => s.estimated_duration).reduce((a, b) => a + b)).toBe(300);
    expect(result.estimated_duration).toBe(300);
    expect(result.scenes[1]!.heading).toBe('EXT. HARBOUR - NIGHT');
    expect(result.acts.reduce((sum, a) => sum + a.scenes, 0)).toBe(3);
    expect(result.beats[0]).toMatchObject({ name: 'Exposition', scene_number: 1 });
    const doc = readFountain(result.fountain);
    expect(doc.titlePage.Title).toBe('The Lantern');
    expect(doc.elements.filter((e) => e.type === 'heading')).toHaveLength(3);
    expect(doc.elements).toContainEqual({
      type: 'speech',
      character: 'CRANE',
      lines: ['Then look carefully.'],
    });
  });

  it('completes profiles with a stable seed, mentions counted in the text, and no voice', async () => {
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
    bedrock.on(ConverseCommand).resolves(
      toolAnswer('give_plot_overview', {
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
    const result = await createBedrockTextEngine().plotOverview({
      title: 'Ashgrove',
      chapters: [STUDY_CHAPTER],
    });
    expect(result.characters).toEqual([
      { ...character, mentions: 6, seed: hashString('mrs. pell'), voice: '' },
    ]);
  });

  it('numbers quiz questions and rejects duplicate options', async () => {
    const question = {
      question: 'Who found him?',
      options: ['Julian', 'Lowell', 'Pell', 'Hartley'],
      answer_index: 0,
      explanation: 'The text says so.',
      source_excerpt: 'Master Julian.',
    };
    bedrock
      .on(ConverseCommand)
      .resolves(toolAnswer('give_quiz', { questions: [question, question, question] }));
    const quiz = await createBedrockTextEngine().quiz({
      title: 'Study',
      text: STUDY_CHAPTER.content,
      numQuestions: 2,
      difficulty: 'easy',
    });
    expect(quiz.questions.map((q) => q.id)).toEqual(['q1', 'q2']);
    expect(quiz).toMatchObject({ title: 'Study quiz', difficulty: 'easy' });

    bedrock.reset();
    bedrock
      .on(ConverseCommand)
      .resolves(toolAnswer('give_quiz', { questions: [{ ...question, options: ['A', 'a', 'B', 'C'] }] }));
    const error = await caught(
      createBedrockTextEngine().quiz({
        title: 'S',
        text: STUDY_CHAPTER.content,
        numQuestions: 1,
        difficulty: 'easy',
      }),
    );
    expect(error.message).toBe('The text model returned an answer in the wrong shape.');
  });

  it('accepts a mix of question kinds, true/false with two options, and asks the model for the mix', async () => {
    const source = 'Master Julian found him by the harbour.';
    const questions = [
      {
        kind: 'who',
        question: 'Who found him?',
        options: ['Julian', 'Lowell', 'Pell', 'Hartley'],
        answer_index: 0,
      },
      { question: `True or false? “${source}”`, options: ['true', 'false'], answer_index: 0 },
      {
        kind: 'order',
        question: 'Which of these happens first in the text?',
        options: ['A.', 'B.', 'C.', 'D.'],
        answer_index: 2,
      },
    ].map((q) => ({ ...q, explanation: `The text says: “${source}”`, source_excerpt: source }));
    bedrock.on(ConverseCommand).resolves(toolAnswer('give_quiz', { questions }));
    const quiz = await createBedrockTextEngine().quiz({
      title: 'Study',
      text: STUDY_CHAPTER.content,
      numQuestions: 5,
      difficulty: 'medium',
    });
    expect(quiz.questions.map((q) => [q.kind, q.options.length, q.answer_index])).toEqual([
      ['who', 4, 0],
      ['true_false', 2, 0],
      ['order', 4, 2],
    ]);
    expect(quiz.questions[1]!.options).toEqual(['True', 'False']);
    const prompt = userText(sentRequest());
    expect(prompt).toContain('Use at least three different kinds.');
    for (const kind of ['who', 'where', 'number', 'true_false', 'order', 'fill_blank'])
      expect(prompt).toContain(kind);

    // Two options only for true/false; an answer past the options is no answer.
    for (const bad of [
      { ...questions[0]!, options: ['Julian', 'Lowell'] },
      { ...questions[1]!, kind: 'true_false', options: ['True', 'Maybe'] },
      { ...questions[1]!, answer_index: 2 },
    ]) {
      bedrock.reset();
      bedrock.on(ConverseCommand).resolves(toolAnswer('give_quiz', { questions: [bad] }));
      const error = await caught(
        createBedrockTextEngine().quiz({
          title: 'S',
          text: STUDY_CHAPTER.content,
          numQuestions: 1,
          difficulty: 'easy',
        }),
      );
      expect(error.message).toBe('The text model returned an answer in the wrong shape.');
    }
  });

  it('keeps generated text within the word limit and makes the rating consistent', async () => {
    bedrock
      .on(ConverseCommand)
      .resolvesOnce(
        toolAnswer('give_answer', {
          text: 'One two three. Four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen.',
        }),
      )
      .resolvesOnce(toolAnswer('give_rating', { rating: 'mature', safe: true, flags: [] }));
    const engine = createBedrockTextEngine();
    expect((await engine.generate({ prompt: 'Count', maxWords: 15 })).text).toBe('One two three.');
    expect(userText(sentRequest())).toContain('No source text was given');
    expect(await engine.analyzeSafety({ text: 'Some text.' })).toEqual({
      rating: 'mature',
      safe: false,
      flags: [],
    });
  });
});

describe('Bedrock text engine: failures', () => {
  const summarize = () => createBedrockTextEngine().summarize({ text: HARBOUR_CHAPTER.content });

  it.each([
    ['throttling', new ThrottlingException({ message: 'Rate exceeded', $metadata: {} }), 'busy', /busy/],
    [
      'unavailability',
      new ServiceUnavailableException({ message: 'Down', $metadata: {} }),
      'unreachable',
      /not available/,
    ],
    [
      'a timeout',
      Object.assign(new Error('Request timed out'), { name: 'TimeoutError' }),
      'timeout',
      /did not answer in time/,
    ],
    [
      'a reset connection',
      Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
      'unreachable',
      /not available/,
    ],
  ])('reports %s as a retryable provider failure of its kind', async (_, failure, kind, words) => {
    bedrock.on(ConverseCommand).rejects(failure);
    const error = await caught(summarize());
    expect([error.code, error.retryable, error.provider?.failure]).toEqual(['provider_failed', true, kind]);
    expect(error.message).toMatch(words);
    expect(error.message).toMatch(/Please try again/);
  });

  it.each([
    ['validation', new ValidationException({ message: 'Bad input', $metadata: {} })],
    ['access', new AccessDeniedException({ message: 'No access', $metadata: {} })],
  ])('reports a %s error as a final provider failure without AWS details', async (_, failure) => {
    bedrock.on(ConverseCommand).rejects(failure);
    const error = await caught(summarize());
    expect([error.code, error.retryable]).toEqual(['provider_failed', false]);
    expect(error.message).not.toMatch(/Bad input|No access/);
  });

  it.each([
    [
      'no tool call',
      {
        ...toolAnswer('x', {}),
        output: { message: { role: 'assistant' as const, content: [{ text: 'Sure!' }] } },
      },
    ],
    ['a wrong field type', toolAnswer('give_summary', { summary: 42, key_points: [] })],
    ['another tool', toolAnswer('other_tool', { summary: 'S', key_points: ['A'] })],
  ])('rejects an answer with %s as the wrong shape', async (_, answer) => {
    bedrock.on(ConverseCommand).resolves(answer);
    const error = await caught(summarize());
    expect([error.code, error.retryable, error.message]).toEqual([
      'provider_failed',
      false,
      'The text model returned an answer in the wrong shape.',
    ]);
  });

  it('rejects a screenplay with a different number of scenes', async () => {
    bedrock
      .on(ConverseCommand)
      .resolves(toolAnswer('write_screenplay', { title: 'T', logline: 'L', scenes: [] }));
    const error = await caught(
      createBedrockTextEngine().screenplay({
        bookTitle: 'B',
        chapter: HARBOUR_CHAPTER,
        options: {
          style: 'cinematic_movie',
          sceneCount: 3,
          targetDuration: 'auto',
          focusAreas: [],
          storyType: 'three_act',
          includeCharacterProfiles: false,
        },
      }),
    );
    expect(error.message).toBe('The text model returned an answer in the wrong shape.');
  });

  it('explains an answer cut off by the token limit', async () => {
    bedrock.on(ConverseCommand).resolves(toolAnswer('give_summary', { summary: 'S' }, 'max_tokens'));
    const error = await caught(summarize());
    expect(error.code).toBe('provider_failed');
    expect(error.message).toMatch(/ran out of room/);
  });
});
