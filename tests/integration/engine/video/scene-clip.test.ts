import { afterAll, describe, expect, it } from 'vitest';
import { probe } from '../../../../functions/engine/media/ffmpeg';
import { EngineError } from '../../../../functions/engine/types';
import type { WordTiming } from '../../../../functions/engine/speech/types';
import { createLocalVideoEngine } from '../../../../functions/engine/video/local';
import { cuesFromWords } from '../../../../functions/engine/video/local/subtitles';
import {
  expectPlayable,
  frameAt,
  framesOf,
  meanColour,
  meanDifference,
  patternImage,
  scratchDir,
  stillImage,
  tone,
} from './media';

const scratch = scratchDir('scene-clip');
afterAll(() => scratch.remove());
const video = createLocalVideoEngine();
const size = { width: 320, height: 180 };

describe('sceneClip', () => {
  it('lasts exactly as long as the audio, moves the camera, and plays in the browser', async () => {
    const audio = tone(scratch.path('voice.wav'), 2.4);
    const image = patternImage(scratch.path('pattern.png'));
    const progress: number[] = [];
    const result = await video.sceneClip({
      images: [image],
      audioPath: audio,
      size,
      fps: 30,
      motion: 'kenburns',
      seed: 3,
      outputPath: scratch.path('kb.mp4'),
      onProgress: (f) => progress.push(f),
    });
    const audioLength = (await probe(audio)).duration;
    expect(Math.abs(result.probe.duration - audioLength)).toBeLessThanOrEqual(0.1);
    expectPlayable(result.probe);
    expect(result.probe.video).toMatchObject({ width: 320, height: 180, fps: 30 });
    expect(result.method).toBe('encode');
    expect(meanDifference(frameAt(result.path, 0.1), frameAt(result.path, 2.2))).toBeGreaterThan(3);
    expect(progress[progress.length - 1]).toBe(1);

    const still = await video.sceneClip({
      images: [image],
      audioPath: audio,
      size,
      fps: 30,
      motion: 'static',
      seed: 3,
      outputPath: scratch.path('static.mp4'),
    });
    expect(meanDifference(frameAt(still.path, 0.1), frameAt(still.path, 2.2))).toBeLessThan(1);
  });

  it('uses the given duration without audio, with a silent sound track', async () => {
    const result = await video.sceneClip({
      images: [stillImage(scratch.path('grey.png'), 'gray')],
      duration: 1.5,
      size,
      fps: 24,
      motion: 'pan',
      seed: 1,
      outputPath: scratch.path('silent.mp4'),
    });
    expect(Math.abs(result.probe.duration - 1.5)).toBeLessThanOrEqual(0.1);
    expectPlayable(result.probe);
  });

  it('shows several pictures in turn with a short crossfade', async () => {
    const images = [stillImage(scratch.path('red.png'), 'red'), stillImage(scratch.path('blue.png'), 'blue')];
    const result = await video.sceneClip({
      images,
      duration: 3,
      size,
      fps: 30,
      motion: 'static',
      seed: 1,
      outputPath: scratch.path('two.mp4'),
    });
    const [r0, , b0] = meanColour(frameAt(result.path, 0.3));
    const [r1, , b1] = meanColour(frameAt(result.path, 2.7));
    const [rm, , bm] = meanColour(frameAt(result.path, 1.5));
    expect(r0).toBeGreaterThan(200);
    expect(b0).toBeLessThan(40);
    expect(b1).toBeGreaterThan(200);
    expect(r1).toBeLessThan(40);
    expect(rm).toBeGreaterThan(60);
    expect(bm).toBeGreaterThan(60);
  });

  it('burns in subtitles within 100 ms of the word timings', async () => {
    const words: WordTiming[] = [
      { word: 'Hold', start: 0.5, end: 0.75, charStart: 0, charEnd: 4 },
      { word: 'the', start: 0.8, end: 0.9, charStart: 5, charEnd: 8 },
      { word: 'line.', start: 0.95, end: 1.3, charStart: 9, charEnd: 14 },
      { word: 'Now!', start: 2.1, end: 2.5, charStart: 15, charEnd: 19 },
    ];
    const cues = cuesFromWords(words, { maxChars: 40, maxDuration: 5 });
    expect(cues).toEqual([
      { start: 0.5, end: 1.3, text: 'Hold the line.' },
      { start: 2.1, end: 2.5, text: 'Now!' },
    ]);
    const result = await video.sceneClip({
      images: [stillImage(scratch.path('black.png'), 'black')],
      duration: 3,
      subtitles: cues,
      size,
      fps: 30,
      motion: 'static',
      seed: 1,
      outputPath: scratch.path('subs.mp4'),
    });
    const frames = framesOf(result.path, [0, 108, 320, 72]);
    const shown = frames.map((frame) => frame.some((value) => value > 180));
    const fps = 30;
    const edges: { on: number; off: number }[] = [];
    shown.forEach((on, i) => {
      if (on && !shown[i - 1]) edges.push({ on: i / fps, off: Number.NaN });
      if (!on && shown[i - 1]) edges[edges.length - 1]!.off = i / fps;
    });
    expect(edges).toHaveLength(2);
    edges.forEach((edge, i) => {
      expect(Math.abs(edge.on - cues[i]!.start)).toBeLessThanOrEqual(0.1);
      expect(Math.abs(edge.off - cues[i]!.end)).toBeLessThanOrEqual(0.1);
    });
  });

  it('keeps a long run of subtitles in time, each showing its own text', async () => {
    // 120 cues (several caption atlases), of three lengths in turn, 0.3 s each with 0.2 s between.
    const texts = ['Go.', 'Hold the line now.', 'Ring the bell and wake the whole village.'];
    const cues = Array.from({ length: 120 }, (_, i) => ({
      start: 0.2 + i * 0.5,
      end: 0.5 + i * 0.5,
      text: texts[i % 3]!,
    }));
    const fps = 10;
    const result = await video.sceneClip({
      images: [stillImage(scratch.path('black-long.png'), 'black')],
      duration: 60.5,
      subtitles: cues,
      size,
      fps,
      motion: 'static',
      seed: 1,
      outputPath: scratch.path('many-subs.mp4'),
    });
    const frames = framesOf(result.path, [0, 108, 320, 72]);
    const lit = frames.map((frame) => frame.filter((value, i) => i % 3 === 0 && value > 180).length);
    cues.forEach((cue, i) => {
      const shown = lit.slice(Math.round(cue.start * fps), Math.round(cue.end * fps));
      const before = lit[Math.round(cue.start * fps) - 1]!;
      expect(before).toBe(0);
      expect(shown.every((count) => count > 0)).toBe(true);
      // The same text lights about as many pixels wherever it appears (the encoding blurs a few).
      const reference = lit[Math.round(cues[i % 3]!.start * fps)]!;
      expect(Math.abs(shown[0]! - reference)).toBeLessThanOrEqual(reference * 0.2 + 5);
    });
    const [short, middle, long] = [0, 1, 2].map((i) => lit[Math.round(cues[i]!.start * fps)]!);
    expect(short! * 2).toBeLessThan(middle!);
    expect(middle! * 1.5).toBeLessThan(long!);
  });

  it('refuses clips without pictures, length or readable audio', async () => {
    const base = { size, fps: 30, motion: 'static' as const, seed: 1, outputPath: scratch.path('bad.mp4') };
    await expect(video.sceneClip({ ...base, images: [] })).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(video.sceneClip({ ...base, images: [scratch.path('red.png')] })).rejects.toThrow(
      /needs an audio track or a duration/,
    );
    await expect(
      video.sceneClip({ ...base, images: [scratch.path('red.png')], audioPath: scratch.path('missing.wav') }),
    ).rejects.toThrow(EngineError);
    await expect(
      video.sceneClip({ ...base, images: [scratch.path('red.png')], duration: 1, fps: 0 }),
    ).rejects.toMatchObject({ code: 'invalid_params' });
  });
});
