import { describe, expect, it } from 'vitest';
import { engineAtStart } from '../../infra/local/engine-settings';

describe('the engine settings when the app starts', () => {
  it('names the offline engine for every capability when nothing is set', () => {
    expect(engineAtStart({})).toEqual({
      ok: true,
      providers: 'text local · pictures local · voices local · scene video local',
    });
  });

  it('says every wrong setting at once, one line each, before anything starts', () => {
    const result = engineAtStart({
      ENGINE_IMAGE_PROVIDER: 'openai',
      ENGINE_SPEECH_PROVIDER: 'elevenlabs',
      ENGINE_TEXT_PROVIDER: 'gpt',
    });
    expect(result.ok).toBe(false);
    const message = result.ok ? '' : result.message;
    expect(message.split('\n')[0]).toBe('Could not start: the engine settings are not usable.');
    expect(message).toMatch(/^ {2}- Invalid engine setting ENGINE_TEXT_PROVIDER: /m);
    // Pictures from OpenAI's own address need its key; ElevenLabs voices need theirs.
    expect(message).toMatch(
      /^ {2}- Invalid engine setting OPENAI_API_KEY: required when ENGINE_IMAGE_PROVIDER=openai/m,
    );
    expect(message).toMatch(
      /^ {2}- Invalid engine setting ELEVENLABS_API_KEY: required when ENGINE_SPEECH_PROVIDER=elevenlabs/m,
    );
    expect(message).not.toMatch(/sk-|undefined/);
  });

  it('says which provider speaks the voices, and when a key beside it serves the chosen ElevenLabs models', () => {
    const mixed = engineAtStart({
      ENGINE_TEXT_PROVIDER: 'openai',
      OPENAI_BASE_URL: 'http://localhost:11434/v1',
      OPENAI_MODEL: 'llama3.1:8b',
      ENGINE_SPEECH_PROVIDER: 'openai',
      ELEVENLABS_API_KEY: 'secret-key',
    });
    expect(mixed).toEqual({
      ok: true,
      providers:
        'text openai · pictures local · voices openai (the elevenlabs_* voice models when chosen: ElevenLabs) · scene video local',
    });
    expect(JSON.stringify(mixed)).not.toContain('secret-key');
  });
});
