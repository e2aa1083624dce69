import { Logger } from '@aws-lambda-powertools/logger';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { redactSecrets } from '../../functions/lib/logger';

describe('the logger keeps secrets out of the logs', () => {
  const saved = { openai: process.env.OPENAI_API_KEY, eleven: process.env.ELEVENLABS_API_KEY };
  afterEach(() => {
    vi.restoreAllMocks();
    process.env.OPENAI_API_KEY = saved.openai;
    process.env.ELEVENLABS_API_KEY = saved.eleven;
    if (saved.openai === undefined) delete process.env.OPENAI_API_KEY;
    if (saved.eleven === undefined) delete process.env.ELEVENLABS_API_KEY;
  });

  it('redacts model keys by name, by shape and wherever their value is quoted', () => {
    process.env.OPENAI_API_KEY = 'local-server-key-1234';
    process.env.ELEVENLABS_API_KEY = 'a1b2c3d4e5f6a7b8c9d0';
    const lines: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    const logger = new Logger({ serviceName: 'test', logLevel: 'INFO', jsonReplacerFn: redactSecrets });
    logger.info('model request', {
      headers: { authorization: 'Bearer sk-proj-abcdefghijklmnop', 'xi-api-key': 'a1b2c3d4e5f6a7b8c9d0' },
      config: { OPENAI_API_KEY: 'local-server-key-1234', OPENAI_MODEL: 'llama3.1:8b', max_tokens: 4096 },
      url: 'http://localhost:8080/v1?key=local-server-key-1234',
      error: new Error('401 from server: key a1b2c3d4e5f6a7b8c9d0 refused'),
    });
    const output = lines.join('');
    expect(output).toContain('model request');
    for (const secret of ['sk-proj-abcdefghijklmnop', 'a1b2c3d4e5f6a7b8c9d0', 'local-server-key-1234']) {
      expect(output).not.toContain(secret);
    }
    const entry = JSON.parse(output.trim().split('\n').pop()!);
    expect(entry.config).toMatchObject({
      OPENAI_API_KEY: '[redacted]',
      OPENAI_MODEL: 'llama3.1:8b',
      max_tokens: 4096,
    });
    expect(entry.headers.authorization).toBe('[redacted]');
    expect(entry.url).toBe('http://localhost:8080/v1?key=[redacted]');
  });

  it('leaves ordinary words alone', () => {
    expect(redactSecrets('message', 'The speech model at localhost:8880 failed (500).')).toBe(
      'The speech model at localhost:8880 failed (500).',
    );
    expect(redactSecrets('prompt_tokens', 12)).toBe(12);
  });
});
