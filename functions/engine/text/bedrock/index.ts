/**
 * The cloud text engine: Amazon Bedrock's Converse API with a forced tool call, so the model answers
 * in JSON that is validated against the engine's types. Book text is cut to a budget before it is
 * sent. What must be exact or stable is computed here, as in the local engine: scene boundaries
 * (source offsets), character seeds and mentions, durations that add up, acts, beats and Fountain.
 */
import {
  ConverseCommand,
  type BedrockRuntimeClient,
  type ConverseCommandOutput,
  type Tool,
  type ToolInputSchema,
} from '@aws-sdk/client-bedrock-runtime';
import type { z } from 'zod';
import { aws } from '../../../lib/aws/clients';
import { engineConfig } from '../../config';
import { EngineError } from '../../types';
import type { CharacterProfile, Quiz, Screenplay, ScriptScene, TextEngine } from '../types';
import {
  GENERATE_SYSTEM,
  generatePrompt,
  PLOT_SYSTEM,
  plotPrompt,
  QUIZ_SYSTEM,
  quizPrompt,
  SAFETY_SYSTEM,
  safetyPrompt,
  SCREENPLAY_SYSTEM,
  screenplayPrompt,
  SUMMARY_SYSTEM,
  summaryPrompt,
} from './prompts';
import {
  generateSchema,
  plotSchema,
  quizSchema,
  safetySchema,
  screenplaySchema,
  summarySchema,
  toolInputSchema,
  type ModelCharacter,
} from './schemas';
import { characterSeed } from '../local/characters';
import { sceneHeading, toFountain } from '../fountain';
import { fitWords } from '../local/generate';
import { nameKey } from '../local/names';
import { sampleChapters } from '../local/plot';
import { quizTitle } from '../local/quiz';
import { segmentScenes } from '../scenes';
import { allocateSeconds, resolveTarget } from '../local/screenplay';
import { cutAtSentence } from '../sentences';
import { escapeRegExp } from '../strings';
import { buildActs, buildBeats } from '../structure';
import {
  assertChapters,
  assertPrompt,
  assertChapterText,
  assertDifficulty,
  assertQuestionCount,
  assertStoryType,
  assertStyle,
  resolveMaxWords,
  resolveSceneCount,
  resolveSummaryLimits,
} from '../validate';

export interface BedrockTextOptions {
  /** Defaults to the process-wide client of `lib/aws/clients`. */
  client?: BedrockRuntimeClient;
  /** Characters of book text sent in one request; longer texts are cut (about 4 characters a token). */
  inputCharBudget?: number;
}

const MIN_SCENE_SECONDS = 8;

const RETRYABLE_ERRORS = new Set([
  'ThrottlingException',
  'ServiceUnavailableException',
  'ModelTimeoutException',
  'ModelNotReadyException',
  'InternalServerException',
  'ServiceQuotaExceededException',
  'TimeoutError',
  'AbortError',
  'RequestTimeout',
  'RequestTimeoutException',
]);
const RETRYABLE_CODES = new Set(['ETIMEDOUT', 'ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ENOTFOUND']);

export function createBedrockTextEngine(options: BedrockTextOptions = {}): TextEngine {
  const budget = options.inputCharBudget ?? engineConfig().ENGINE_TEXT_INPUT_CHARS;
  const ask = <S extends z.ZodType>(request: ToolRequest<S>) =>
    invokeTool(options.client ?? aws.bedrock, request);

  return {
    async summarize({ text, maxSentences, maxKeyPoints }) {
      const valid = assertChapterText(text);
      const { sentences, keyPoints: points } = resolveSummaryLimits(maxSentences, maxKeyPoints);
      const result = await ask({
        name: 'give_summary',
        description: 'Return the summary and key points.',
        schema: summarySchema,
        system: SUMMARY_SYSTEM,
        prompt: summaryPrompt(cutAtSentence(valid, budget), sentences, points),
      });
      return { summary: result.summary, key_points: result.key_points.slice(0, points) };
    },

    async plotOverview({ title, chapters }) {
      const valid = assertChapters(chapters);
      const sample = sampleChapters(valid, budget);
      const result = await ask({
        name: 'give_plot_overview',
        description: 'Return the analysis of the book.',
        schema: plotSchema,
        system: PLOT_SYSTEM,
        prompt: plotPrompt(title ?? '', sample),
      });
      const fullText = valid.map((c) => c.content).join('\n\n');
      return { ...result, characters: result.characters.map((c) => completeProfile(c, fullText)) };
    },

    async screenplay(input) {
      const text = assertChapterText(input.chapter?.content, 'The chapter');
      const style = assertStyle(input.options?.style);
      const storyType = assertStoryType(input.options.storyType);
      const target = resolveTarget(input.options.targetDuration);
      const spans = segmentScenes(text, resolveSceneCount(input.options.sceneCount));
      const known = input.characters ?? [];
      const withProfiles = input.options.includeCharacterProfiles === true && known.length === 0;
      const perPassage = Math.floor(budget / spans.length);
      const passages = spans.map(
        (s, i) => `[Passage ${i + 1}]\n${cutAtSentence(text.slice(s.start, s.end).trim(), perPassage)}`,
      );
      const result = await ask({
        name: 'write_screenplay',
        description: 'Return the script, one scene per passage.',
        schema: screenplaySchema(spans.length, withProfiles),
        system: SCREENPLAY_SYSTEM,
        prompt: screenplayPrompt({
          bookTitle: input.bookTitle,
          chapterTitle: input.chapter.title,
          passages,
          options: input.options,
          targetSeconds: target === 'auto' ? undefined : target * 60,
          knownCharacters: known.map((c) => c.name),
          withProfiles,
        }),
      });

      const seconds =
        target === 'auto'
          ? result.scenes.map((s) => Math.max(MIN_SCENE_SECONDS, Math.round(s.estimated_duration)))
          : allocateSeconds(
              target * 60,
              result.scenes.map((s) => s.estimated_duration),
            );
      const scenes: ScriptScene[] = result.scenes.map((scene, i) => {
        const span = spans[i]!;
        const passage = text.slice(span.start, span.end);
        // Only names the passage itself contains, so the script never brings in someone absent;
        // whoever speaks is present.
        const dialogue = scene.dialogue
          .filter((d) => appearsIn(d.character, passage))
          .map((d) => ({ ...d, scene_number: i + 1 }));
        const present = scene.characters.filter((name) => appearsIn(name, passage));
        const grounded = {
          ...scene,
          scene_number: i + 1,
          estimated_duration: seconds[i]!,
          source_start: span.start,
          source_end: span.end,
          characters: [...new Set([...present, ...dialogue.map((d) => d.character)])],
          dialogue,
        };
        return { ...grounded, heading: sceneHeading(grounded) };
      });
      const characters = [...new Set(scenes.flatMap((s) => s.characters))];
      const profiles = 'character_details' in result ? (result.character_details as ModelCharacter[]) : [];
      const details = input.options.includeCharacterProfiles
        ? (known.length ? known : profiles.map((p) => completeProfile(p, text))).filter((c) =>
            appearsIn(c.name, text),
          )
        : [];
      const summaries = scenes.map((s) => ({
        scene_number: s.scene_number,
        estimated_duration: s.estimated_duration,
        location: s.location,
        events: [...s.key_actions, ...s.action].filter(Boolean),
      }));
      const screenplay: Screenplay = {
        title: result.title,
        style,
        story_type: storyType,
        logline: result.logline,
        acts: buildActs(storyType, summaries),
        beats: buildBeats(storyType, summaries),
        scenes,
        characters,
        character_details: details,
        fountain: toFountain({
          title: result.title,
          source: input.bookTitle,
          logline: result.logline,
          style,
          scenes,
        }),
        estimated_duration: seconds.reduce((a, b) => a + b, 0),
      };
      return screenplay;
    },

    async quiz(input) {
      const text = assertChapterText(input.text);
      const count = assertQuestionCount(input.numQuestions);
      const difficulty = assertDifficulty(input.difficulty);
      const result = await ask({
        name: 'give_quiz',
        description: 'Return the quiz questions.',
        schema: quizSchema,
        system: QUIZ_SYSTEM,
        prompt: quizPrompt(input.title, cutAtSentence(text, budget), count, difficulty),
      });
      for (const q of result.questions) {
        const distinct = new Set(q.options.map((o) => o.trim().toLowerCase()));
        if (distinct.size !== q.options.length) throw wrongShape();
      }
      const quiz: Quiz = {
        title: quizTitle(input.title),
        difficulty,
        questions: result.questions.slice(0, count).map((q, i) => ({ id: `q${i + 1}`, ...q })),
      };
      return quiz;
    },

    async generate({ prompt, context, maxWords }) {
      const question = assertPrompt(prompt);
      const words = resolveMaxWords(maxWords);
      const source = context?.trim() ? cutAtSentence(context.trim(), budget) : undefined;
      const result = await ask({
        name: 'give_answer',
        description: 'Return the answer text.',
        schema: generateSchema,
        system: GENERATE_SYSTEM,
        prompt: generatePrompt(question, source, words),
      });
      return { text: fitWords(result.text.trim(), words) };
    },

    async analyzeSafety({ text }) {
      const valid = assertChapterText(text);
      const result = await ask({
        name: 'give_rating',
        description: 'Return the content rating.',
        schema: safetySchema,
        system: SAFETY_SYSTEM,
        prompt: safetyPrompt(cutAtSentence(valid, budget)),
      });
      return { ...result, safe: result.rating !== 'mature' };
    },
  };
}

interface ToolRequest<S extends z.ZodType> {
  name: string;
  description: string;
  schema: S;
  system: string;
  prompt: string;
}

/** One Converse call that must end in a call of the given tool; its input is the answer. */
async function invokeTool<S extends z.ZodType>(
  client: BedrockRuntimeClient,
  request: ToolRequest<S>,
): Promise<z.infer<S>> {
  const config = engineConfig();
  const tool: Tool = {
    toolSpec: {
      name: request.name,
      description: request.description,
      inputSchema: { json: toolInputSchema(request.schema) as ToolInputSchema.JsonMember['json'] },
    },
  };
  const command = new ConverseCommand({
    modelId: config.BEDROCK_TEXT_MODEL_ID,
    system: [{ text: request.system }],
    messages: [{ role: 'user', content: [{ text: request.prompt }] }],
    inferenceConfig: { maxTokens: config.ENGINE_MAX_TOKENS, temperature: 0.3 },
    toolConfig: { tools: [tool], toolChoice: { tool: { name: request.name } } },
  });
  // Typed as possibly missing: a transport stub or proxy can resolve without a body.
  let response: ConverseCommandOutput | undefined;
  try {
    response = await client.send(command, {
      abortSignal: AbortSignal.timeout(config.ENGINE_REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw providerError(error);
  }
  if (response?.stopReason === 'max_tokens') {
    throw new EngineError(
      'provider_failed',
      'The text model ran out of room before finishing its answer. Try a shorter text or fewer scenes.',
    );
  }
  const input = response?.output?.message?.content?.find((block) => block.toolUse?.name === request.name)
    ?.toolUse?.input;
  const parsed = request.schema.safeParse(input);
  if (!parsed.success) throw wrongShape();
  return parsed.data;
}

export function providerError(error: unknown): EngineError {
  if (error instanceof EngineError) return error;
  const details = (typeof error === 'object' && error !== null ? error : {}) as {
    name?: string;
    code?: string;
    $metadata?: { httpStatusCode?: number };
  };
  const status = details.$metadata?.httpStatusCode ?? 0;
  const retryable =
    RETRYABLE_ERRORS.has(details.name ?? '') ||
    RETRYABLE_CODES.has(details.code ?? '') ||
    status === 429 ||
    status >= 500;
  if (retryable) {
    return new EngineError(
      'provider_failed',
      'The text model is busy or did not answer in time. Please try again in a moment.',
      true,
    );
  }
  switch (details.name) {
    case 'AccessDeniedException':
      return new EngineError(
        'provider_failed',
        'This account is not allowed to use the text model. Ask an administrator to enable it.',
      );
    case 'ResourceNotFoundException':
      return new EngineError(
        'provider_failed',
        'The configured text model was not found. Ask an administrator to check the settings.',
      );
    case 'ValidationException':
      return new EngineError(
        'provider_failed',
        'The text model did not accept the request. Try a shorter text or different settings.',
      );
    default:
      return new EngineError('provider_failed', 'The text model could not complete the request.');
  }
}

function wrongShape(): EngineError {
  return new EngineError('provider_failed', 'The text model returned an answer in the wrong shape.');
}

/** Whether a name (or its first or last word, as prose shortens names) occurs in the text. */
function appearsIn(name: string, text: string): boolean {
  const key = nameKey(name);
  const words = key.split(/\s+/);
  const forms = [key, words[0]!, words.at(-1)!].filter((w) => w.length >= 3 || w === key);
  return forms.some((form) => new RegExp(`(?<![\\p{L}])${escapeRegExp(form)}(?![\\p{L}])`, 'u').test(text));
}

function countMentions(name: string, text: string): number {
  const key = nameKey(name);
  const words = key.split(/\s+/);
  const forms = [...new Set([key, words[0]!, words.at(-1)!])]
    .filter((w) => w.length >= 3)
    .sort((a, b) => b.length - a.length);
  if (forms.length === 0) return 0;
  const pattern = new RegExp(`(?<![\\p{L}])(?:${forms.map(escapeRegExp).join('|')})(?![\\p{L}])`, 'gu');
  return text.match(pattern)?.length ?? 0;
}

/** The fields the engine owns: a stable seed, the mention count, and no voice yet. */
function completeProfile(profile: ModelCharacter, text: string): CharacterProfile {
  return {
    ...profile,
    mentions: countMentions(profile.name, text),
    seed: characterSeed(profile.name),
    voice: '',
  };
}
