import { join } from 'node:path';
import {
  InvalidSsmlException,
  PollyClient,
  SynthesizeSpeechCommand,
  ThrottlingException,
} from '@aws-sdk/client-polly';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetEngineConfig } from '../../../../functions/engine/config';
import { probe } from '../../../../functions/engine/media/ffmpeg';
import { createPollySpeechEngine, POLLY_PART_CHARS } from '../../../../functions/engine/speech/polly';
import { tokenizeWords } from '../../../../functions/engine/speech/text';
import { scratchDir } from '../audio/helpers';
import { fakePolly, SECONDS_PER_WORD, TAIL } from '../../../support/polly-stand-in';

const polly = mockClient(PollyClient);
const engine = createPollySpeechEngine();
const scratch = scratchDir('polly');
const out = (name: string) => join(scratch.dir, name);
afterAll(() => scratch.remove());

const inputs = () => polly.commandCalls(SynthesizeSpeechCommand).map((call) => call.args[0].input);

beforeEach(() => {
  polly.reset();
  polly.on(SynthesizeSpeechCommand).callsFake(fakePolly);
});

describe('Polly speech', () => {
  it('asks for the audio and for word and viseme marks, and returns timings on the original text', async () => {
    const text = 'Hello there, Léa. The ship is in!';
    const result = await engine.synthesize({
      text,
      voice: 'polly:en-US:Joanna',
      outputPath: out('hello.wav'),
    });

    const calls = inputs();
    expect(calls).toHaveLength(2);
    expect(calls).toContainEqual(
      expect.objectContaining({
        OutputFormat: 'pcm',
        SampleRate: '16000',
        VoiceId: 'Joanna',
        Engine: 'neural',
        TextType: 'text',
        Text: text,
      }),
    );
    expect(calls).toContainEqual(
      expect.objectContaining({ OutputFormat: 'json', SpeechMarkTypes: ['word', 'viseme'], Text: text }),
    );

    expect(result.words.map((w) => w.word)).toEqual(['Hello', 'there', 'Léa', 'The', 'ship', 'is', 'in']);
    for (const word of result.words) expect(text.slice(word.charStart, word.charEnd)).toBe(word.word);
    expect(result.words[2]).toMatchObject({ start: 0.6, end: 0.85 });
    expect(result.visemes.slice(0, 3)).toEqual([
      { time: 0, viseme: 'p' },
      { time: 0.1, viseme: 'a' },
      { time: 0.25, viseme: 'sil' },
    ]);
    expect(result).toMatchObject({ format: 'wav', sampleRate: 16_000 });
    const info = await probe(result.path);
    expect(info.audio).toEqual({ codec: 'pcm_s16le', sampleRate: 16_000, channels: 1 });
    expect(info.duration).toBeCloseTo(7 * SECONDS_PER_WORD + TAIL, 3);
    expect(result.duration).toBeCloseTo(info.duration, 3);
  });

  it('splits long texts at sentences under the request limit and lays the parts end to end', async () => {
    const sentence = 'The keeper climbed the winding stair and trimmed the great lamp once again. ';
    const text = sentence.repeat(110).trim();
    const result = await engine.synthesize({ text, voice: 'polly:en-GB:Brian', outputPath: out('long.wav') });

    const audioCalls = inputs().filter((input) => input.OutputFormat === 'pcm');
    expect(audioCalls.length).toBeGreaterThanOrEqual(Math.ceil(text.length / POLLY_PART_CHARS));
    for (const input of inputs()) {
      expect(input.Text!.length).toBeLessThanOrEqual(3000);
      expect(input.Text!.trim()).toMatch(/\.$/);
    }
    expect(result.words.map((w) => w.word)).toEqual(tokenizeWords(text).map((t) => t.word));
    for (const word of result.words) expect(text.slice(word.charStart, word.charEnd)).toBe(word.word);
    for (let i = 1; i < result.words.length; i++)
      expect(result.words[i]!.start).toBeGreaterThanOrEqual(result.words[i - 1]!.end);
    const parts = audioCalls.length;
    expect(result.duration).toBeCloseTo(result.words.length * SECONDS_PER_WORD + parts * TAIL, 3);
    expect((await probe(result.path)).duration).toBeCloseTo(result.duration, 3);
    // The first word of each later part starts right after the previous part's audio.
    expect(result.words.at(-1)!.start).toBeCloseTo(
      (result.words.length - 1) * SECONDS_PER_WORD + (parts - 1) * TAIL,
      3,
    );
  });

  it('writes MP3 when the output is not WAV, timing the parts by their frames', async () => {
    const text = `${'One short sentence here. '.repeat(130)}The end.`;
    const result = await engine.synthesize({ text, voice: 'polly:fr-FR:Lea', outputPath: out('long.mp3') });
    expect(inputs().filter((input) => input.OutputFormat === 'mp3')).toHaveLength(2);
    expect(result).toMatchObject({ format: 'mp3', sampleRate: 24_000 });
    const info = await probe(result.path);
    expect(info.audio?.codec).toBe('mp3');
    expect(info.duration).toBeCloseTo(result.duration, 1);
    expect(result.words.at(-1)!.end).toBeLessThanOrEqual(result.duration);
  });

  it('sends SSML with a prosody rate for other speeds and maps offsets back to the text', async () => {
    const text = 'Tom & Jerry ran <fast>.';
    const result = await engine.synthesize({
      text,
      voice: 'polly:en-US:Matthew',
      rate: 1.5,
      outputPath: out('rate.wav'),
    });
    for (const input of inputs()) {
      expect(input.TextType).toBe('ssml');
      expect(input.Text).toBe('<speak><prosody rate="150%">Tom &amp; Jerry ran  fast .</prosody></speak>');
    }
    expect(result.words.map((w) => [w.word, w.charStart])).toEqual([
      ['Tom', 0],
      ['Jerry', 6],
      ['ran', 12],
      ['fast', 17],
    ]);
  });

  it('turns Polly failures into typed errors', async () => {
    polly
      .on(SynthesizeSpeechCommand)
      .rejects(new ThrottlingException({ message: 'Rate exceeded', $metadata: {} }));
    await expect(
      engine.synthesize({ text: 'Hello.', voice: 'polly:en-US:Joanna', outputPath: out('t.wav') }),
    ).rejects.toMatchObject({
      name: 'EngineError',
      code: 'provider_failed',
      retryable: true,
    });
    polly
      .on(SynthesizeSpeechCommand)
      .rejects(new InvalidSsmlException({ message: 'Invalid SSML', $metadata: {} }));
    await expect(
      engine.synthesize({ text: 'Hello.', voice: 'polly:en-US:Joanna', rate: 1.2, outputPath: out('t.wav') }),
    ).rejects.toMatchObject({
      code: 'invalid_input',
      retryable: false,
    });
  });

  it('rejects unknown voices before calling Polly, and translates offline voice ids', async () => {
    await expect(
      engine.synthesize({ text: 'Hello.', voice: 'polly:en-US:Nobody', outputPath: out('u.wav') }),
    ).rejects.toMatchObject({
      code: 'unknown_voice',
    });
    expect(inputs()).toHaveLength(0);
    await engine.synthesize({ text: 'Hello.', voice: 'local:en-GB:narrator-warm', outputPath: out('l.wav') });
    expect(inputs()[0]).toMatchObject({ VoiceId: 'Brian' });
  });

  describe('with another Polly engine configured', () => {
    beforeEach(() => {
      process.env.POLLY_ENGINE = 'generative';
      resetEngineConfig();
    });
    afterEach(() => {
      delete process.env.POLLY_ENGINE;
      resetEngineConfig();
    });

    it('uses it for both calls', async () => {
      await engine.synthesize({ text: 'Hello.', voice: 'polly:en-US:Ruth', outputPath: out('g.wav') });
      expect(inputs().map((input) => input.Engine)).toEqual(['generative', 'generative']);
    });
  });
});
