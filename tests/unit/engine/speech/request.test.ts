import { ServiceFailureException, ThrottlingException, InvalidSsmlException } from '@aws-sdk/client-polly';
import { describe, expect, it } from 'vitest';
import { pollyError } from '../../../../functions/engine/speech/polly';
import { checkSpeechRequest } from '../../../../functions/engine/speech/request';
import { MAX_SPEECH_CHARS } from '../../../../functions/engine/speech/text';
import { POLLY_VOICES } from '../../../../functions/engine/speech/voices';

const request = (overrides: object) => ({
  text: 'Hello there.',
  voice: 'local:en-GB:narrator-warm',
  outputPath: '/tmp/x.wav',
  ...overrides,
});

describe('checkSpeechRequest', () => {
  it('accepts a normal request and returns speakable text of the same length', () => {
    expect(checkSpeechRequest(request({ text: 'Hi <there>', rate: 1.5 }))).toEqual({
      text: 'Hi  there ',
      rate: 1.5,
    });
  });

  it.each([
    [{ text: '   ' }, 'invalid_input'],
    [{ text: '?! — …' }, 'invalid_input'],
    [{ text: 'x'.repeat(MAX_SPEECH_CHARS + 1) }, 'text_too_long'],
    [{ rate: 0.4 }, 'invalid_params'],
    [{ rate: 2.5 }, 'invalid_params'],
    [{ rate: Number.NaN }, 'invalid_params'],
    [{ outputPath: '' }, 'invalid_params'],
  ])('rejects %o with %s', (overrides, code) => {
    expect(() => checkSpeechRequest(request(overrides))).toThrow(
      expect.objectContaining({ name: 'EngineError', code }),
    );
  });
});

describe('pollyError', () => {
  const voice = POLLY_VOICES[0]!;
  const metadata = { $metadata: {} };

  it('marks throttling and service failures as retryable provider failures', () => {
    for (const error of [
      new ThrottlingException({ message: 'Rate exceeded', ...metadata }),
      new ServiceFailureException({ message: 'Internal', ...metadata }),
    ]) {
      expect(pollyError(error, voice, 'neural')).toMatchObject({ code: 'provider_failed', retryable: true });
    }
  });

  it('treats unreadable or over-long text as invalid input', () => {
    const error = new InvalidSsmlException({ message: 'Invalid SSML request', ...metadata });
    expect(pollyError(error, voice, 'neural')).toMatchObject({ code: 'invalid_input', retryable: false });
    const tooLong = Object.assign(new Error('too long'), { name: 'TextLengthExceededException' });
    expect(pollyError(tooLong, voice, 'neural').code).toBe('invalid_input');
  });

  it('explains a voice the configured engine cannot use', () => {
    const error = Object.assign(new Error('not supported'), { name: 'EngineNotSupportedException' });
    expect(pollyError(error, voice, 'long-form')).toMatchObject({ code: 'invalid_params' });
    expect(pollyError(error, voice, 'long-form').message).toContain('long-form');
  });

  it('retries server errors and timeouts, but not other failures', () => {
    expect(
      pollyError(Object.assign(new Error('x'), { $metadata: { httpStatusCode: 503 } }), voice, 'neural')
        .retryable,
    ).toBe(true);
    expect(
      pollyError(Object.assign(new Error('x'), { name: 'TimeoutError' }), voice, 'neural').retryable,
    ).toBe(true);
    expect(pollyError(new Error('Access denied'), voice, 'neural')).toMatchObject({
      code: 'provider_failed',
      retryable: false,
    });
  });
});
