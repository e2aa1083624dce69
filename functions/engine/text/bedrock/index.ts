/**
 * The cloud text engine on Amazon Bedrock: the Converse API with a forced tool call, so the model
 * answers in JSON that is validated against the engine's schemas. What the model is asked and how its
 * answer becomes the engine's types is shared with the other model providers (../model-engine.ts).
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
import { createModelTextEngine, type ModelRequest } from '../model-engine';
import { toolInputSchema } from '../schemas';
import type { TextEngine } from '../types';

export interface BedrockTextOptions {
  /** Defaults to the process-wide client of `lib/aws/clients`. */
  client?: BedrockRuntimeClient;
  /** Characters of book text sent in one request; longer texts are cut (about 4 characters a token). */
  inputCharBudget?: number;
}

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
  return createModelTextEngine((request) => invokeTool(options.client ?? aws.bedrock, request), budget);
}

/** One Converse call that must end in a call of the given tool; its input is the answer. */
async function invokeTool<S extends z.ZodType>(
  client: BedrockRuntimeClient,
  request: ModelRequest<S>,
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
    system: [{ text: `${request.system} Answer by calling the tool exactly once.` }],
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
      false,
      { failure: 'bad_answer' },
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
    const timedOut = /timeout|abort/i.test(`${details.name ?? ''} ${details.code ?? ''}`);
    const throttled = status === 429 || /throttl|toomanyrequests|quota/i.test(details.name ?? '');
    return new EngineError(
      'provider_failed',
      timedOut
        ? 'The text model did not answer in time. Please try again in a moment.'
        : throttled
          ? 'The text model is busy right now. Please try again in a minute.'
          : 'The text model is not available right now. Please try again in a moment.',
      true,
      { failure: timedOut ? 'timeout' : throttled ? 'busy' : 'unreachable' },
    );
  }
  if (/timeout|abort/i.test(details.name ?? ''))
    return new EngineError(
      'provider_failed',
      'The text model did not answer in time. Please try again in a moment.',
      true,
      { failure: 'timeout' },
    );
  switch (details.name) {
    case 'AccessDeniedException':
      return new EngineError(
        'provider_failed',
        'This account is not allowed to use the text model. Ask an administrator to enable it.',
        false,
        { failure: 'refused' },
      );
    case 'ResourceNotFoundException':
      return new EngineError(
        'provider_failed',
        'The configured text model was not found. Ask an administrator to check the settings.',
        false,
        { failure: 'refused' },
      );
    case 'ValidationException':
      return new EngineError(
        'provider_failed',
        'The text model did not accept the request. Try a shorter text or different settings.',
        false,
        { failure: 'refused' },
      );
    default:
      return new EngineError('provider_failed', 'The text model could not complete the request.', false, {
        failure: 'unreachable',
      });
  }
}

function wrongShape(): EngineError {
  return new EngineError('provider_failed', 'The text model returned an answer in the wrong shape.', false, {
    failure: 'bad_answer',
  });
}
