import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probe } from '../../../../functions/engine/media/ffmpeg';
import { createLocalSpeechEngine } from '../../../../functions/engine/speech/local';
import { withEspeak } from '../../../../functions/engine/speech/local/espeak';
import { tokenizeWords } from '../../../../functions/engine/speech/text';
import type { SpeechResult } from '../../../../functions/engine/speech/types';
import { medianPitch, readSamples, scratchDir, toDb, windowRms, type Samples } from '../audio/helpers';

const engine = createLocalSpeechEngine();
const scratch = scratchDir('speech');
const out = (name: string) => join(scratch.dir, name);
afterAll(() => scratch.remove());

const VISEME_CODES = new Set([
  'p',
  't',
  'S',
  'T',
  'f',
  'k',
  'i',
  'r',
  's',
  'u',
  '@',
  'a',
  'e',
  'E',
  'o',
  'O',
  'sil',
]);

function expectOrderedInside(result: SpeechResult): void {
  for (const [i, word] of result.words.entries()) {
    expect(word.end).toBeGreaterThanOrEqual(word.start);
    expect(word.end).toBeLessThanOrEqual(result.duration + 1e-6);
    if (i > 0) expect(word.start).toBeGreaterThanOrEqual(result.words[i - 1]!.end - 1e-6);
  }
}

describe('local speech: a short passage', () => {
  const text =
    'The keeper lit the lamp at dusk. Rock-and-roll played on an old radio, and it was 3:45 when the ship came in!';
  let result: SpeechResult;
  let samples: Samples;

  beforeAll(async () => {
    result = await engine.synthesize({
      text,
      voice: 'local:en-GB:narrator-warm',
      outputPath: out('passage.wav'),
    });
    samples = await readSamples(result.path);
  });

  it('writes a 22 050 Hz mono 16-bit WAV as long as it says', async () => {
    const info = await probe(result.path);
    expect(info.audio).toEqual({ codec: 'pcm_s16le', sampleRate: 22_050, channels: 1 });
    expect(Math.abs(info.duration - result.duration)).toBeLessThan(0.01);
    expect(result).toMatchObject({ format: 'wav', sampleRate: 22_050 });
    expect(result.duration).toBeGreaterThan(4);
  });

  it('lists the words of the input in order, with offsets into the text', () => {
    expect(result.words.map((w) => w.word)).toEqual([
      'The',
      'keeper',
      'lit',
      'the',
      'lamp',
      'at',
      'dusk',
      'Rock-and-roll',
      'played',
      'on',
      'an',
      'old',
      'radio',
      'and',
      'it',
      'was',
      '3:45',
      'when',
      'the',
      'ship',
      'came',
      'in',
    ]);
    for (const word of result.words) expect(text.slice(word.charStart, word.charEnd)).toBe(word.word);
  });

  it('times words in order, inside the audio, where the speech is', () => {
    expectOrderedInside(result);
    // Most of the sound lies inside the word windows, and the words are loud where the pause is quiet.
    const total = windowRms(samples, 0, result.duration) ** 2 * result.duration;
    const inWords = result.words.reduce(
      (sum, w) => sum + windowRms(samples, w.start, w.end) ** 2 * (w.end - w.start),
      0,
    );
    expect(inWords / total).toBeGreaterThan(0.9);
    const dusk = result.words[6]!;
    const rock = result.words[7]!;
    expect(rock.start - dusk.end).toBeGreaterThan(0.15);
    expect(toDb(windowRms(samples, dusk.end + 0.03, rock.start - 0.03))).toBeLessThan(
      toDb(windowRms(samples, dusk.start, dusk.end)) - 25,
    );
  });

  it('derives visemes from the phonemes, in time order and inside the audio', () => {
    expect(result.visemes.length).toBeGreaterThan(result.words.length * 2);
    for (const [i, viseme] of result.visemes.entries()) {
      expect(VISEME_CODES.has(viseme.viseme)).toBe(true);
      expect(viseme.time).toBeLessThanOrEqual(result.duration);
      if (i > 0) expect(viseme.time).toBeGreaterThanOrEqual(result.visemes[i - 1]!.time);
    }
    const lamp = result.words[4]!;
    const shapes = result.visemes
      .filter((v) => v.time >= lamp.start && v.time < lamp.end)
      .map((v) => v.viseme);
    expect(shapes).toEqual(expect.arrayContaining(['t', 'p'])); // l → t, m/p → p
    expect(new Set(result.visemes.map((v) => v.viseme)).size).toBeGreaterThan(8);
  });
});

describe('local speech: behaviour', () => {
  it('gives identical audio for the same request, even after other requests', async () => {
    const request = { text: 'Same words, same voice.', voice: 'local:en-US:character-hero' };
    await engine.synthesize({ ...request, outputPath: out('same-1.wav') });
    await engine.synthesize({
      text: 'Something else in between.',
      voice: 'local:fr-FR:narrator-clear',
      outputPath: out('between.wav'),
    });
    await engine.synthesize({ ...request, outputPath: out('same-2.wav') });
    expect(readFileSync(out('same-1.wav')).equals(readFileSync(out('same-2.wav')))).toBe(true);
  });

  it('speaks faster or slower with the rate', async () => {
    const text = 'A steady sentence of ordinary length, read at different speeds.';
    const voice = 'local:en-GB:narrator-clear';
    const normal = await engine.synthesize({ text, voice, outputPath: out('rate-1.wav') });
    const fast = await engine.synthesize({ text, voice, rate: 2, outputPath: out('rate-2.wav') });
    const slow = await engine.synthesize({ text, voice, rate: 0.5, outputPath: out('rate-05.wav') });
    expect(fast.duration).toBeLessThan(normal.duration * 0.65);
    expect(slow.duration).toBeGreaterThan(normal.duration * 1.6);
  });

  it('gives characters clearly different voices', async () => {
    const text = 'Who goes there? Show yourself at once.';
    const girl = await engine.synthesize({
      text,
      voice: 'local:en-GB:character-girl',
      outputPath: out('girl.wav'),
    });
    const baritone = await engine.synthesize({
      text,
      voice: 'local:en-GB:character-baritone',
      outputPath: out('baritone.wav'),
    });
    const girlPitch = medianPitch(await readSamples(girl.path));
    const baritonePitch = medianPitch(await readSamples(baritone.path));
    console.info(`local speech: girl ${girlPitch.toFixed(0)} Hz, baritone ${baritonePitch.toFixed(0)} Hz`);
    expect(girlPitch).toBeGreaterThan(1.6 * baritonePitch);
    expect(baritonePitch).toBeGreaterThan(60);
  });

  it('speaks every catalogue language with its own words', async () => {
    const sentences: Record<string, string> = {
      fr: 'Le vieux gardien alluma la lampe.',
      de: 'Der alte Wärter zündete die Lampe an.',
      es: 'El viejo guardián encendió la lámpara.',
      it: 'Il vecchio guardiano accese la lampada.',
      pt: 'O velho guardião acendeu a lâmpada.',
      nl: 'De oude wachter stak de lamp aan.',
    };
    for (const [language, text] of Object.entries(sentences)) {
      const voice = engine.voiceFor({ role: 'narrator', language });
      expect(voice).toMatch(new RegExp(`^local:${language}-`));
      const result = await engine.synthesize({ text, voice, outputPath: out(`${language}.wav`) });
      expect(result.words.map((w) => w.word)).toEqual(tokenizeWords(text).map((t) => t.word));
      expect(result.duration).toBeGreaterThan(1);
      expectOrderedInside(result);
    }
  });

  it('rejects unknown voices, empty text and bad rates with typed errors', async () => {
    await expect(
      engine.synthesize({ text: 'Hello.', voice: 'local:en-GB:nobody', outputPath: out('x.wav') }),
    ).rejects.toMatchObject({
      name: 'EngineError',
      code: 'unknown_voice',
    });
    await expect(
      engine.synthesize({ text: '  ', voice: 'local:en-GB:narrator-warm', outputPath: out('x.wav') }),
    ).rejects.toMatchObject({
      code: 'invalid_input',
    });
    await expect(
      engine.synthesize({
        text: 'Hello.',
        voice: 'local:en-GB:narrator-warm',
        rate: 3,
        outputPath: out('x.wav'),
      }),
    ).rejects.toMatchObject({ code: 'invalid_params' });
  });
});

describe('local speech: a long text', () => {
  // Its speed (target ≥ 50× real time): `npm run bench:media`.
  it('reads ~3 000 words with continuous timings across chunks', async () => {
    const paragraph =
      'The old lighthouse keeper watched the storm roll in from the west, its dark clouds swallowing the last light of evening. ' +
      'He had seen a hundred storms like this one, yet something about the way the waves gathered made him uneasy. ' +
      '"Martha," he called down the stairs, "bring the lamp oil up from the cellar, and be quick about it!" ';
    const text = Array.from({ length: 24 }, (_, i) => `Part ${i + 1}. ${paragraph.repeat(2)}`).join('\n\n');
    const voice = 'local:en-US:narrator-warm';
    const result = await engine.synthesize({ text, voice, outputPath: out('long.wav') });
    expect(result.words.length).toBeGreaterThan(2900);
    expect(result.words.map((w) => w.word)).toEqual(tokenizeWords(text).map((t) => t.word));
    expectOrderedInside(result);
    expect(Math.abs((await probe(result.path)).duration - result.duration)).toBeLessThan(0.01);
  });
});

describe('local speech: a crash inside the synthesiser', () => {
  it('is retried once on a fresh synthesiser, which speaks as the first would have', async () => {
    const voice = { voice: 'gmw/en-US', wordsPerMinute: 170, pitch: 50, range: 50 };
    const expected = await withEspeak(async (espeak) => espeak.speak('The tide came in.', voice).samples);
    let attempts = 0;
    const samples = await withEspeak(async (espeak) => {
      attempts++;
      const spoken = espeak.speak('The tide came in.', voice).samples;
      // What the WebAssembly throws when its state is broken: not one of our own errors.
      if (attempts === 1) throw new TypeError('va[I[I[a>>2]>>2] is not a function');
      return spoken;
    });
    expect(attempts).toBe(2);
    expect(Buffer.from(samples.buffer).equals(Buffer.from(expected.buffer))).toBe(true);
  });

  it('does not retry our own refusals', async () => {
    let attempts = 0;
    await expect(
      withEspeak(async (espeak) => {
        attempts++;
        return espeak.speak('Hello.', { voice: 'no/such-voice', wordsPerMinute: 170, pitch: 50, range: 50 });
      }),
    ).rejects.toThrow(/no voice/);
    expect(attempts).toBe(1);
  });
});
