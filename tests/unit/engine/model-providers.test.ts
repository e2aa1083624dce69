import { describe, expect, it } from 'vitest';
import { requestedQuality, requestedSize } from '../../../functions/engine/image/openai';
import { modelHttpError, type ModelServer } from '../../../functions/engine/model-errors';
import {
  alignWords,
  findPauses,
  syllableWeight,
  visemesFromWords,
} from '../../../functions/engine/speech/align';
import type { EngineConfig } from '../../../functions/engine/config';
import {
  ELEVENLABS_VOICES,
  matchAccountVoice,
  wordsFromAlignment,
} from '../../../functions/engine/speech/elevenlabs';
import { routedSpeechEngine, voiceModelProblem } from '../../../functions/engine/speech/providers';
import type { SpeechEngine, VoiceChoice } from '../../../functions/engine/speech/types';
import { tokenizeWords } from '../../../functions/engine/speech/text';
import { providerHttpError } from '../../../functions/lib/provider-errors';

const RATE = 16_000;

/** Tone for each [start, end] in seconds, silence elsewhere. */
function tones(spans: [number, number][], duration: number): Int16Array {
  const samples = new Int16Array(Math.round(duration * RATE));
  for (const [start, end] of spans) {
    for (let i = Math.round(start * RATE); i < Math.round(end * RATE); i++) {
      samples[i] = Math.round(8000 * Math.sin((2 * Math.PI * 150 * i) / RATE));
    }
  }
  return samples;
}

describe('word timings from audio alone', () => {
  it('finds the pauses between sounds, not the short gaps inside them', () => {
    const found = findPauses(
      tones(
        [
          [0.2, 0.8],
          [0.83, 1.2],
          [1.6, 2.0],
        ],
        2.3,
      ),
      RATE,
    );
    expect(found.start).toBeCloseTo(0.2, 1);
    expect(found.end).toBeCloseTo(2.0, 1);
    expect(found.pauses).toHaveLength(1);
    expect(found.pauses[0]!.start).toBeCloseTo(1.2, 1);
    expect(found.pauses[0]!.end).toBeCloseTo(1.6, 1);
  });

  it('puts the sentence break in the pause and shares the rest by syllables', () => {
    const text = 'It rained. Nobody went outside that afternoon.';
    // "It rained." then a pause, then the second sentence (12 syllables' worth of sound).
    const words = alignWords(
      tones(
        [
          [0.1, 0.6],
          [1.0, 2.8],
        ],
        3,
      ),
      RATE,
      text,
      tokenizeWords(text),
    );
    expect(words.map((w) => w.word)).toEqual([
      'It',
      'rained',
      'Nobody',
      'went',
      'outside',
      'that',
      'afternoon',
    ]);
    expect(words[0]!.start).toBeCloseTo(0.1, 1);
    expect(words[1]!.end).toBeCloseTo(0.6, 1);
    expect(words[2]!.start).toBeCloseTo(1.0, 1);
    expect(words[6]!.end).toBeCloseTo(2.8, 1);
    // Three syllables take longer than one.
    expect(words[6]!.end - words[6]!.start).toBeGreaterThan(words[3]!.end - words[3]!.start);
    for (let i = 1; i < words.length; i++) expect(words[i]!.start).toBeGreaterThanOrEqual(words[i - 1]!.end);
  });

  it('counts syllables by vowel groups, with a silent final e', () => {
    expect(Math.round(syllableWeight('cat'))).toBe(1);
    expect(Math.round(syllableWeight('afternoon'))).toBe(4);
    expect(Math.floor(syllableWeight('hope'))).toBe(1);
    expect(syllableWeight('1887')).toBeGreaterThan(syllableWeight('year'));
  });

  it('makes mouth shapes from the spelling, closed between words', () => {
    const visemes = visemesFromWords([
      { word: 'map', start: 0, end: 0.3, charStart: 0, charEnd: 3 },
      { word: 'thin', start: 0.6, end: 0.9, charStart: 4, charEnd: 8 },
    ]);
    expect(visemes.map((v) => v.viseme)).toEqual(['p', 'a', 'p', 'sil', 'T', 'i', 't', 'sil']);
    expect(visemes[3]!.time).toBe(0.3);
  });
});

describe('OpenAI-compatible image requests', () => {
  it('asks each model family for a size it takes', () => {
    expect(requestedSize('gpt-image-1', { width: 1280, height: 720 })).toBe('1536x1024');
    expect(requestedSize('gpt-image-1', { width: 720, height: 1280 })).toBe('1024x1536');
    expect(requestedSize('dall-e-3', { width: 1920, height: 1080 })).toBe('1792x1024');
    expect(requestedSize('dall-e-2', { width: 1280, height: 720 })).toBe('1024x1024');
    expect(requestedSize('stable-diffusion', { width: 1280, height: 720 })).toBe('1280x720');
    expect(requestedQuality('gpt-image-1', 'hd')).toBe('high');
    expect(requestedQuality('dall-e-3', 'standard')).toBe('standard');
    expect(requestedQuality('flux', 'hd')).toBeUndefined();
  });
});

describe('a model server’s failures in words', () => {
  const server: ModelServer = {
    label: 'speech model',
    kind: 'speech',
    baseUrl: 'http://localhost:8880/v1',
    model: 'kokoro',
    settings: {
      key: 'OPENAI_API_KEY',
      url: 'OPENAI_BASE_URL',
      model: 'OPENAI_TTS_MODEL',
      timeout: 'OPENAI_TIMEOUT_MS',
    },
  };

  it('names the setting to check and never repeats a refused key', () => {
    const refused = modelHttpError(
      server,
      401,
      '{"error":{"message":"Incorrect API key provided: sk-abc123"}}',
    );
    expect(refused.message).toBe(
      'The speech model at localhost:8880 refused the API key (401). Check OPENAI_API_KEY.',
    );
    expect(refused.retryable).toBe(false);
    expect(modelHttpError(server, 404, '{"error":{"message":"model kokoro not found"}}').message).toMatch(
      /Check OPENAI_TTS_MODEL/,
    );
    expect(modelHttpError(server, 404, 'Not Found').message).toMatch(
      /no such endpoint.*Check OPENAI_BASE_URL/,
    );
  });

  it('turns a content refusal into the user’s input problem, and a busy server into a retryable 503', () => {
    const image = { ...server, kind: 'image' as const, label: 'image model' };
    const filtered = modelHttpError(
      image,
      400,
      '{"error":{"code":"content_policy_violation","message":"Your request was rejected by our safety system"}}',
    );
    expect(filtered.code).toBe('invalid_input');
    expect(filtered.message).toMatch(/content filter/);
    const busy = modelHttpError(server, 429, '');
    expect(busy.retryable).toBe(true);
    expect(providerHttpError(busy)!.statusCode).toBe(503);
  });
});

describe('which provider speaks each voice model', () => {
  const base = { ENGINE_SPEECH_PROVIDER: 'openai' } as EngineConfig;

  it('refuses a voice model whose provider is not configured, naming the setting', () => {
    expect(voiceModelProblem('elevenlabs_narrator', base)).toBe(
      'The voice model elevenlabs_narrator speaks through ElevenLabs, which is not configured. Set ELEVENLABS_API_KEY (your ElevenLabs account’s API key), or choose another voice model.',
    );
    expect(
      voiceModelProblem('openai_tts', {
        ENGINE_SPEECH_PROVIDER: 'elevenlabs',
        ELEVENLABS_API_KEY: 'k',
      } as EngineConfig),
    ).toMatch(/Set OPENAI_TTS_MODEL/);
    expect(voiceModelProblem('openai_tts', base)).toBeUndefined();
    expect(voiceModelProblem('elevenlabs_expressive', { ...base, ELEVENLABS_API_KEY: 'k' })).toBeUndefined();
  });

  it('refuses google_wavenet beside a provider of one’s own, saying what to choose instead', () => {
    expect(voiceModelProblem('google_wavenet', base)).toMatch(
      /google_wavenet needs Google Cloud Text-to-Speech.*Choose openai_tts or an elevenlabs voice model/,
    );
    expect(voiceModelProblem('google_wavenet', { ENGINE_SPEECH_PROVIDER: 'local' } as EngineConfig)).toBe(
      undefined,
    );
  });

  it('sends a chosen voice model to its provider, and the product’s own defaults to the chosen provider', () => {
    /** A provider that names itself in every voice id it picks. */
    const provider = (name: string): SpeechEngine => ({
      voices: () => [],
      voiceFor: (choice: VoiceChoice) => `${name}:${choice.role}:${choice.model ?? choice.style ?? '-'}`,
      synthesize: () => Promise.reject(new Error('not spoken here')),
    });
    const primary = provider('openai');
    const engine = routedSpeechEngine(primary, { openai: primary, elevenlabs: provider('elevenlabs') });
    // A default style (nobody chose): the configured provider speaks, whatever keys are set beside it.
    expect(engine.voiceFor({ style: 'elevenlabs_narrator', role: 'narrator' })).toBe(
      'openai:narrator:elevenlabs_narrator',
    );
    expect(engine.voiceFor({ role: 'character', seed: 3 })).toBe('openai:character:-');
    // A chosen model: its own provider.
    expect(engine.voiceFor({ model: 'elevenlabs_narrator', role: 'narrator' })).toBe(
      'elevenlabs:narrator:elevenlabs_narrator',
    );
    expect(engine.voiceFor({ model: 'openai_tts', style: 'elevenlabs_narrator', role: 'narrator' })).toBe(
      'openai:narrator:openai_tts',
    );
  });

  it('lets every voice model speak offline and with Polly, as voice styles', () => {
    for (const provider of ['local', 'polly'] as const) {
      expect(
        voiceModelProblem('elevenlabs_narrator', { ENGINE_SPEECH_PROVIDER: provider } as EngineConfig),
      ).toBeUndefined();
      expect(
        voiceModelProblem('openai_tts', { ENGINE_SPEECH_PROVIDER: provider } as EngineConfig),
      ).toBeUndefined();
    }
  });

  it('matches a persona to the account voice with the same gender and age', () => {
    const voices = [
      { voice_id: 'a', labels: { gender: 'female', age: 'young', use_case: 'narration' } },
      { voice_id: 'b', labels: { gender: 'male', age: 'old', use_case: 'narration' } },
      { voice_id: 'c', labels: { gender: 'male', age: 'young', use_case: 'characters' } },
    ];
    const persona = (key: string) =>
      ELEVENLABS_VOICES.find((voice) => voice.id === `elevenlabs:en-GB:${key}`)!.persona;
    expect(matchAccountVoice(persona('character-grandfather'), voices).voice_id).toBe('b');
    expect(matchAccountVoice(persona('character-hero'), voices).voice_id).toBe('c');
    expect(matchAccountVoice(persona('narrator-clear'), voices).voice_id).toBe('a');
  });

  it('reads word timings from ElevenLabs’ character alignment when it spells the text', () => {
    const piece = 'Hi, Jo.';
    const characters = [...piece];
    const starts = characters.map((_, i) => i * 0.1);
    const words = wordsFromAlignment(
      {
        characters,
        character_start_times_seconds: starts,
        character_end_times_seconds: starts.map((s) => s + 0.1),
      },
      piece,
      tokenizeWords(piece),
    );
    expect(words).toEqual([
      { word: 'Hi', start: 0, end: 0.2, charStart: 0, charEnd: 2 },
      { word: 'Jo', start: 0.4, end: 0.6, charStart: 4, charEnd: 6 },
    ]);
    expect(
      wordsFromAlignment(
        { characters: ['x'], character_start_times_seconds: [0], character_end_times_seconds: [1] },
        piece,
        tokenizeWords(piece),
      ),
    ).toBeUndefined();
  });
});
