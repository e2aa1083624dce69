import { VoiceId } from '@aws-sdk/client-polly';
import { describe, expect, it } from 'vitest';
import { VOICE_MODELS } from '../../../../functions/engine/speech/types';
import {
  chooseVoice,
  findVoice,
  listVoices,
  LOCAL_VOICES,
  POLLY_VOICES,
  resolveLanguage,
} from '../../../../functions/engine/speech/voices';

const REQUIRED_LANGUAGES = ['en-GB', 'en-US', 'es', 'fr', 'de', 'it', 'pt', 'nl'];

describe('local voice catalogue', () => {
  it('has unique ids of the form local:<language>:<persona>', () => {
    const ids = LOCAL_VOICES.map((voice) => voice.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const voice of LOCAL_VOICES)
      expect(voice.id).toBe(`local:${voice.language}:${voice.id.split(':')[2]}`);
    expect(ids).toContain('local:en-GB:narrator-warm');
  });

  it('covers every required language with narrators and female, male and neutral characters', () => {
    for (const language of REQUIRED_LANGUAGES) {
      const voices = listVoices(LOCAL_VOICES, language);
      expect(voices.every((voice) => voice.language.startsWith(language))).toBe(true);
      expect(voices.filter((voice) => voice.role === 'narrator').length).toBeGreaterThanOrEqual(4);
      const characters = voices.filter((voice) => voice.role === 'character');
      for (const gender of ['female', 'male', 'neutral'] as const) {
        expect(characters.some((voice) => voice.gender === gender)).toBe(true);
      }
    }
  });

  it('gives every voice of a language its own sound (variant, pitch and speed differ)', () => {
    const english = LOCAL_VOICES.filter((voice) => voice.language === 'en-GB');
    const settings = english.map((voice) => JSON.stringify(voice.espeak));
    expect(new Set(settings).size).toBe(english.length);
    const characters = english.filter((voice) => voice.role === 'character');
    expect(new Set(characters.map((voice) => voice.espeak.voice)).size).toBeGreaterThanOrEqual(
      characters.length - 2,
    );
  });

  it('lists only public fields', () => {
    expect(Object.keys(listVoices(LOCAL_VOICES, 'fr')[0]!).sort()).toEqual([
      'description',
      'gender',
      'id',
      'language',
      'name',
      'role',
    ]);
  });
});

describe('voice choice', () => {
  it('maps every voice model onto a narrator of the right style', () => {
    expect(
      chooseVoice(LOCAL_VOICES, { role: 'narrator', language: 'en-GB', model: 'elevenlabs_narrator' }),
    ).toBe('local:en-GB:narrator-warm');
    expect(
      chooseVoice(LOCAL_VOICES, { role: 'narrator', language: 'en-GB', model: 'elevenlabs_conversational' }),
    ).toBe('local:en-GB:narrator-conversational');
    expect(
      chooseVoice(LOCAL_VOICES, { role: 'narrator', language: 'en-GB', model: 'elevenlabs_expressive' }),
    ).toBe('local:en-GB:narrator-expressive');
    expect(chooseVoice(LOCAL_VOICES, { role: 'narrator', language: 'en-GB', model: 'openai_tts' })).toBe(
      'local:en-GB:narrator-clear',
    );
    expect(chooseVoice(LOCAL_VOICES, { role: 'narrator', language: 'en-GB', model: 'google_wavenet' })).toBe(
      'local:en-GB:narrator-clear-male',
    );
    for (const model of VOICE_MODELS) {
      const id = chooseVoice(LOCAL_VOICES, { role: 'narrator', language: 'de', model, gender: 'female' });
      expect(LOCAL_VOICES.find((voice) => voice.id === id)).toMatchObject({
        role: 'narrator',
        gender: 'female',
        language: 'de-DE',
      });
    }
  });

  it('gives a character the same voice for the same seed, and spreads different seeds over the cast', () => {
    const choose = (seed: number) =>
      chooseVoice(LOCAL_VOICES, { role: 'character', language: 'en-US', seed });
    expect(choose(1234)).toBe(choose(1234));
    const voices = new Set(Array.from({ length: 40 }, (_, seed) => choose(seed * 7919 + 13)));
    expect(voices.size).toBeGreaterThanOrEqual(10);
    for (const id of voices) expect(id).toMatch(/^local:en-US:character-/);
  });

  it('respects the gender asked for', () => {
    for (let seed = 0; seed < 30; seed++) {
      const id = chooseVoice(LOCAL_VOICES, { role: 'character', language: 'it', gender: 'male', seed });
      expect(LOCAL_VOICES.find((voice) => voice.id === id)?.gender).toBe('male');
    }
  });

  it('matches languages by tag, then by language, then falls back to English', () => {
    expect(resolveLanguage(LOCAL_VOICES, 'pt-br')).toBe('pt-BR');
    expect(resolveLanguage(LOCAL_VOICES, 'es_MX')).toBe('es-MX');
    expect(resolveLanguage(LOCAL_VOICES, 'es-AR')).toBe('es-ES');
    expect(resolveLanguage(LOCAL_VOICES, 'nl')).toBe('nl-NL');
    expect(resolveLanguage(LOCAL_VOICES, 'ja-JP')).toBe('en-GB');
    expect(resolveLanguage(LOCAL_VOICES)).toBe('en-GB');
    expect(chooseVoice(LOCAL_VOICES, { role: 'narrator', language: 'sw' })).toMatch(/^local:en-GB:/);
  });
});

describe('Polly voice catalogue', () => {
  it('uses real Polly voice ids and unique catalogue ids', () => {
    const pollyIds = new Set<string>(Object.values(VoiceId));
    for (const voice of POLLY_VOICES) expect(pollyIds.has(voice.pollyId)).toBe(true);
    const ids = POLLY_VOICES.map((voice) => voice.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has a female and a male narrator for the main languages, and maps models as the local catalogue does', () => {
    for (const language of ['en-GB', 'en-US', 'es', 'fr', 'de', 'it', 'pt-BR']) {
      const narrators = listVoices(POLLY_VOICES, language).filter((voice) => voice.role === 'narrator');
      expect(new Set(narrators.map((voice) => voice.gender))).toEqual(new Set(['female', 'male']));
    }
    expect(chooseVoice(POLLY_VOICES, { role: 'narrator', language: 'en-US' })).toBe('polly:en-US:Matthew');
    expect(chooseVoice(POLLY_VOICES, { role: 'narrator', language: 'en-US', model: 'openai_tts' })).toBe(
      'polly:en-US:Joanna',
    );
    expect(chooseVoice(POLLY_VOICES, { role: 'narrator', language: 'fr-FR', gender: 'female' })).toBe(
      'polly:fr-FR:Lea',
    );
    expect(chooseVoice(POLLY_VOICES, { role: 'character', language: 'de', seed: 5 })).toMatch(
      /^polly:de-DE:/,
    );
  });
});

describe('findVoice', () => {
  it('finds its own voices and translates voices of the other catalogue to the closest one', () => {
    expect(findVoice(LOCAL_VOICES, POLLY_VOICES, 'local:fr-FR:narrator-warm').espeak.voice).toBe('roa/fr+m3');
    expect(findVoice(POLLY_VOICES, LOCAL_VOICES, 'local:en-US:narrator-warm').pollyId).toBe('Matthew');
    expect(findVoice(POLLY_VOICES, LOCAL_VOICES, 'local:de-DE:character-heroine')).toMatchObject({
      language: 'de-DE',
      gender: 'female',
    });
    expect(findVoice(LOCAL_VOICES, POLLY_VOICES, 'polly:en-GB:Amy')).toMatchObject({
      language: 'en-GB',
      gender: 'female',
      role: 'narrator',
    });
  });

  it('rejects unknown ids with a typed error', () => {
    expect(() => findVoice(LOCAL_VOICES, POLLY_VOICES, 'local:xx:nobody')).toThrow(
      expect.objectContaining({ name: 'EngineError', code: 'unknown_voice' }),
    );
  });
});
