import { describe, expect, it } from 'vitest';
import { bedrockError } from '../../functions/engine/bedrock-errors';
import {
  busyError,
  invalidAnswerError,
  timeoutError,
  unreachableError,
} from '../../functions/engine/text/openai/errors';
import { EngineError } from '../../functions/engine/types';
import { providerHttpError } from '../../functions/lib/provider-errors';

const server = { baseUrl: 'http://localhost:11434/v1', model: 'llama3.1:8b' };

describe('a failed AI model as an HTTP answer', () => {
  it('maps each kind of failure to its gateway status, keeping the words', () => {
    const cases: [EngineError, number, string][] = [
      [busyError(server, 429, 3, 12_500), 503, 'ai_busy'],
      [timeoutError(server, 60_000), 504, 'ai_timeout'],
      [unreachableError(server, 'connection refused', 3), 502, 'ai_unreachable'],
      [busyError(server, 500, 3), 502, 'ai_unreachable'],
      [invalidAnswerError(server, 'the answer was cut off', 3), 502, 'ai_bad_answer'],
      [bedrockError(Object.assign(new Error('x'), { name: 'ThrottlingException' }), 'image'), 503, 'ai_busy'],
      [
        bedrockError(Object.assign(new Error('x'), { name: 'ModelTimeoutException' }), 'video'),
        504,
        'ai_timeout',
      ],
    ];
    for (const [error, status, code] of cases) {
      const http = providerHttpError(error)!;
      expect([http.statusCode, http.code], error.message).toEqual([status, code]);
      expect(http.message).toBe(error.message);
    }
    expect(providerHttpError(busyError(server, 429, 3, 12_500))!.retryAfterSeconds).toBe(13);
    expect(providerHttpError(busyError(server, 429, 3))!.retryAfterSeconds).toBe(30);
    expect(providerHttpError(unreachableError(server, 'connection refused', 3))!.message).toContain(
      'could not be reached after 3 attempts (connection refused)',
    );
  });

  it('leaves other failures to the usual handling', () => {
    expect(providerHttpError(new EngineError('invalid_input', 'The chapter is empty.'))).toBeNull();
    expect(providerHttpError(new Error('boom'))).toBeNull();
  });
});
