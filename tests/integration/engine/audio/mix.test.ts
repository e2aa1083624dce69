import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalAudioEngine } from '../../../../functions/engine/audio/local';
import { ffmpegLog, probe, runFfmpeg } from '../../../../functions/engine/media/ffmpeg';
import { createLocalSpeechEngine } from '../../../../functions/engine/speech/local';
import type { MixTrack } from '../../../../functions/engine/audio/types';
import type { SpeechResult } from '../../../../functions/engine/speech/types';
import { parseEbur128Summary } from '../../../../functions/engine/audio/local/analysis';
import { integratedLoudness, toDecibels, truePeak } from '../../../../functions/engine/audio/local/loudness';
import { decodeToMemory } from '../../../../functions/engine/audio/local/pcm';
import { loudnessOf, readSamples, scratchDir, toDb, windowRms } from './helpers';

const audio = createLocalAudioEngine();
const speech = createLocalSpeechEngine();
const scratch = scratchDir('mix');
const out = (name: string) => join(scratch.dir, name);
afterAll(() => scratch.remove());

const SPEECH_START = 5;
let narration: SpeechResult;

beforeAll(async () => {
  narration = await speech.synthesize({
    text: 'The harbour was quiet when the ship came in. Nobody on the pier said a word, but everyone was watching the captain.',
    voice: 'local:en-GB:narrator-warm',
    outputPath: out('speech.wav'),
  });
  await audio.music({ style: 'cinematic', duration: 20, seed: 1, outputPath: out('music.wav') });
  await audio.ambiance({
    description: 'waves on the shore',
    duration: 20,
    seed: 1,
    outputPath: out('waves.wav'),
  });
  // A 60 Hz tone as the bed for the ducking test: speech has almost nothing that low, so a lowpass
  // separates the bed from the voice in the finished mix.
  await runFfmpeg([
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=60:sample_rate=48000:duration=18',
    '-ac',
    '2',
    out('tone.wav'),
  ]);
});

const scene = (): MixTrack[] => [
  { path: out('music.wav'), role: 'music', start: 0, volume: 0.6 },
  { path: out('waves.wav'), role: 'ambiance', start: 0, volume: 0.4 },
  { path: out('speech.wav'), role: 'speech', start: SPEECH_START, volume: 1 },
];

describe('mix', () => {
  it.each(['wav', 'm4a', 'mp3'] as const)(
    'brings speech and music to -16 LUFS with peaks under -1.5 dBTP (%s)',
    async (format) => {
      const result = await audio.mix({
        tracks: scene(),
        duration: 20,
        duckUnderSpeech: true,
        targetLoudness: -16,
        outputPath: out(`scene.${format}`),
        format,
      });
      const independent = await loudnessOf(result.path);
      console.info(
        `mix (${format}): engine reads ${result.loudness} LUFS; loudnorm reads ${independent.integrated} LUFS, ${independent.truePeak} dBTP`,
      );
      expect(Math.abs(result.loudness! + 16)).toBeLessThanOrEqual(1);
      expect(Math.abs(independent.integrated + 16)).toBeLessThanOrEqual(1);
      expect(independent.truePeak).toBeLessThanOrEqual(format === 'wav' ? -1.4 : -1);
      const info = await probe(result.path);
      expect(Math.abs(info.duration - 20)).toBeLessThan(0.1);
      expect(info.audio).toMatchObject({
        sampleRate: 48_000,
        channels: 2,
        codec: { wav: 'pcm_s16le', m4a: 'aac', mp3: 'mp3' }[format],
      });
    },
  );

  it.each(['m4a', 'mp3'] as const)(
    'keeps the true peak of the encoded file at most -1 dBTP with loud transients over quiet speech (%s)',
    async (format) => {
      const hits = await Promise.all(
        ['gunshot', 'door slam', 'thunder crash', 'explosion'].map((description, i) =>
          audio.effect({ description, seed: i, outputPath: out(`hit-${i}.wav`) }),
        ),
      );
      const result = await audio.mix({
        tracks: [
          { path: out('speech.wav'), role: 'speech', start: 0.25, volume: 0.1 },
          ...hits.map((hit, i) => ({ path: hit.path, role: 'effect' as const, start: i * 1.3, volume: 1 })),
          { path: out('waves.wav'), role: 'ambiance', start: 0, volume: 0.5 },
        ],
        duration: 8,
        duckUnderSpeech: true,
        targetLoudness: -16,
        outputPath: out(`transients.${format}`),
        format,
      });
      const independent = await loudnessOf(result.path);
      console.info(
        `transients (${format}): engine reads ${result.loudness} LUFS, ${result.truePeak} dBTP; loudnorm reads ${independent.integrated} LUFS, ${independent.truePeak} dBTP`,
      );
      expect(independent.truePeak).toBeLessThanOrEqual(-1);
      expect(result.truePeak!).toBeLessThanOrEqual(-1);
      // Loudness as EBU R128's own meter reads it (loudnorm's reading of 8 s of transients differs).
      const log = await ffmpegLog(['-i', result.path, '-af', 'ebur128', '-f', 'null', '-']);
      const integrated = Number(/I:\s*(-?[\d.]+) LUFS/.exec(log.slice(log.lastIndexOf('Summary:')))![1]);
      expect(Math.abs(integrated + 16)).toBeLessThanOrEqual(1);
    },
  );

  it('reaches other targets too, and short clips', async () => {
    const quiet = await audio.mix({
      tracks: scene(),
      duckUnderSpeech: false,
      targetLoudness: -23,
      outputPath: out('quiet.wav'),
      format: 'wav',
    });
    expect(Math.abs(quiet.loudness! + 23)).toBeLessThanOrEqual(1);
    // Without a duration the mix lasts until the last track ends.
    expect(quiet.duration).toBeCloseTo(Math.max(20, SPEECH_START + narration.duration), 1);
    const short = await audio.mix({
      tracks: [{ path: out('music.wav'), role: 'music', start: 0, volume: 1 }],
      duration: 2,
      duckUnderSpeech: true,
      targetLoudness: -16,
      outputPath: out('short.wav'),
      format: 'wav',
    });
    expect(Math.abs(short.loudness! + 16)).toBeLessThanOrEqual(1);
  });

  it('lowers the bed under speech when ducking, and only then', async () => {
    const bedLevels = async (duck: boolean) => {
      const result = await audio.mix({
        tracks: [
          { path: out('tone.wav'), role: 'music', start: 0, volume: 0.3 },
          { path: out('speech.wav'), role: 'speech', start: SPEECH_START, volume: 1 },
        ],
        duration: 18,
        duckUnderSpeech: duck,
        targetLoudness: -16,
        outputPath: out(`duck-${duck}.wav`),
        format: 'wav',
      });
      const bed = await readSamples(result.path, { filter: 'lowpass=f=90,lowpass=f=90' });
      const before = windowRms(bed, 1, SPEECH_START - 0.5);
      const during = windowRms(bed, SPEECH_START + 1, SPEECH_START + narration.duration - 1);
      return toDb(during) - toDb(before);
    };
    const ducked = await bedLevels(true);
    const plain = await bedLevels(false);
    console.info(
      `mix: bed under speech ${ducked.toFixed(1)} dB with ducking, ${plain.toFixed(1)} dB without`,
    );
    expect(ducked).toBeLessThan(-6);
    expect(Math.abs(plain)).toBeLessThan(2);
  });

  it('places tracks at their start times', async () => {
    const result = await audio.mix({
      tracks: [{ path: out('speech.wav'), role: 'speech', start: 3, volume: 1 }],
      duckUnderSpeech: false,
      targetLoudness: -16,
      outputPath: out('placed.wav'),
      format: 'wav',
    });
    expect(result.duration).toBeCloseTo(3 + narration.duration, 1);
    const samples = await readSamples(result.path);
    const first = narration.words[0]!;
    expect(windowRms(samples, 0, 2.9)).toBe(0);
    expect(toDb(windowRms(samples, 3 + first.start, 3 + first.end))).toBeGreaterThan(-30);
  });

  it('places many parts of one bus each at its own start and gain', async () => {
    const length = narration.duration;
    const startOf = (i: number) => i * (length + 2);
    const result = await audio.mix({
      tracks: [0, 1, 2].map((i) => ({
        path: out('speech.wav'),
        role: 'speech' as const,
        start: startOf(i),
        volume: i === 1 ? 0.5 : 1,
      })),
      duckUnderSpeech: false,
      targetLoudness: -16,
      outputPath: out('parts.wav'),
      format: 'wav',
    });
    expect(result.duration).toBeCloseTo(startOf(2) + length, 1);
    expect(result.loudness).toBeCloseTo(-16, 0);
    const samples = await readSamples(result.path);
    const level = (i: number) => toDb(windowRms(samples, startOf(i), startOf(i) + length));
    expect(windowRms(samples, length + 0.3, length + 1.7)).toBe(0);
    // Half the gain is 6 dB quieter; the first and last parts are the same.
    expect(level(0) - level(1)).toBeCloseTo(6.02, 0);
    expect(level(2)).toBeCloseTo(level(0), 1);
  });

  it('measures loudness and true peak in JavaScript as FFmpeg ebur128 does', async () => {
    const hit = await audio.effect({ description: 'door slam', seed: 3, outputPath: out('slam.wav') });
    await runFfmpeg(['-i', out('music.wav'), '-c:a', 'libmp3lame', '-b:a', '128k', out('music.mp3')]);
    for (const path of [out('speech.wav'), out('music.wav'), out('waves.wav'), hit.path, out('music.mp3')]) {
      const samples = await decodeToMemory(path, scratch.dir, { channels: 2, sampleRate: 48_000 });
      const ours = {
        integrated: integratedLoudness(samples, 2, 48_000),
        truePeak: toDecibels(truePeak(samples, 2)),
      };
      const log = await ffmpegLog([
        '-i',
        path,
        '-af',
        'aformat=channel_layouts=stereo,aresample=48000,ebur128=peak=true',
        '-f',
        'null',
        '-',
      ]);
      const theirs = parseEbur128Summary(log);
      console.info(
        `meter ${path.split('/').pop()}: ${ours.integrated.toFixed(2)} LUFS, ${ours.truePeak.toFixed(2)} dBTP; ebur128 ${theirs.integrated} LUFS, ${theirs.truePeak} dBTP`,
      );
      expect(Math.abs(ours.integrated - theirs.integrated)).toBeLessThanOrEqual(0.15);
      expect(Math.abs(ours.truePeak - theirs.truePeak!)).toBeLessThanOrEqual(0.25);
    }
  });

  it('rejects impossible requests with typed errors', async () => {
    const base = {
      duckUnderSpeech: true,
      targetLoudness: -16,
      outputPath: out('bad.wav'),
      format: 'wav' as const,
    };
    await expect(audio.mix({ ...base, tracks: [] })).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(
      audio.mix({ ...base, tracks: [{ path: out('nothing.wav'), role: 'music', start: 0, volume: 1 }] }),
    ).rejects.toMatchObject({
      code: 'invalid_input',
    });
    await expect(audio.mix({ ...base, tracks: scene(), targetLoudness: 3 })).rejects.toMatchObject({
      code: 'invalid_params',
    });
    await expect(audio.mix({ ...base, tracks: [{ ...scene()[0]!, start: -1 }] })).rejects.toMatchObject({
      code: 'invalid_params',
    });
  });
});
