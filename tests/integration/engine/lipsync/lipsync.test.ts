import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalImageEngine } from '../../../../functions/engine/image/local';
import { locateFace } from '../../../../functions/engine/lipsync/local/face';
import { createLocalLipSyncEngine } from '../../../../functions/engine/lipsync/local';
import { probe } from '../../../../functions/engine/media/ffmpeg';
import { evenSize } from '../../../../functions/engine/video/encoding';
import { anna } from '../../../unit/engine/image/fixtures';
import { expectPlayable, ffmpeg, framesOf, meanDifference, scratchDir } from '../video/media';

const scratch = scratchDir('lipsync');
const lipSync = createLocalLipSyncEngine();
const size = { width: 320, height: 180 };
const fps = 25;
let portrait: string;
let speech: string;

beforeAll(async () => {
  portrait = (
    await createLocalImageEngine().portrait({
      character: anna,
      style: 'cartoon',
      quality: 'standard',
      aspectRatio: '16:9',
      seed: 1,
      outputPath: scratch.path('anna.png'),
    })
  ).path;
  // speech-like sound (a voiced tone with a syllable rhythm) 0–1.2 s and 2.2–3.2 s, silence between
  speech = scratch.path('speech.wav');
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    "aevalsrc='if(lt(t,1.2)+gt(t,2.2),0.6*sin(2*PI*180*t)*(0.5+0.5*sin(2*PI*4*t)),0)':s=16000:d=3.2",
    speech,
  ]);
});
afterAll(() => scratch.remove());

/** The mouth box in output coordinates (the canvas is 4% larger, centred when the head is still). */
async function mouthCrop(path: string): Promise<[number, number, number, number]> {
  const canvas = evenSize({ width: size.width * 1.04, height: size.height * 1.04 });
  const { mouth } = await locateFace(readFileSync(path), canvas);
  const x = Math.round(mouth.x - (canvas.width - size.width) / 2);
  const y = Math.round(mouth.y - (canvas.height - size.height) / 2);
  return [x - (x % 2), y - (y % 2), Math.round(mouth.width / 2) * 2, Math.round(mouth.height / 2) * 2];
}

/** Largest difference between neighbouring frames within a time window. */
function motion(frames: Uint8Array[], from: number, to: number): number {
  let most = 0;
  for (let f = Math.ceil(from * fps) + 1; f < Math.floor(to * fps); f++)
    most = Math.max(most, meanDifference(frames[f - 1]!, frames[f]!));
  return most;
}

describe('local lip-sync', () => {
  it('moves the mouth with the speech loudness and holds it still in silence', async () => {
    const result = await lipSync.talkingClip({
      portraitPath: portrait,
      speechPath: speech,
      size,
      fps,
      outputPath: scratch.path('envelope.mp4'),
    });
    expect(result.processing_method).toBe('audio_envelope');
    expectPlayable(result.probe);
    expect(result.probe.video).toMatchObject({ width: 320, height: 180, fps });
    expect(Math.abs(result.probe.duration - (await probe(speech)).duration)).toBeLessThanOrEqual(0.1);
    const frames = framesOf(result.path, await mouthCrop(portrait));
    expect(motion(frames, 0.1, 1.1)).toBeGreaterThan(8);
    expect(motion(frames, 1.5, 2.1)).toBeLessThan(1.5);
    expect(motion(frames, 2.3, 3.1)).toBeGreaterThan(8);
  });

  it('follows visemes when they are given', async () => {
    const visemes = [
      { time: 0.1, viseme: 'p' },
      { time: 0.3, viseme: 'a' },
      { time: 0.6, viseme: 'o' },
      { time: 0.9, viseme: 'f' },
      { time: 1.1, viseme: 'sil' },
    ];
    const result = await lipSync.talkingClip({
      portraitPath: portrait,
      speechPath: speech,
      visemes,
      size,
      fps,
      outputPath: scratch.path('visemes.mp4'),
    });
    expect(result.processing_method).toBe('visemes');
    const frames = framesOf(result.path, await mouthCrop(portrait));
    expect(motion(frames, 0.05, 1.15)).toBeGreaterThan(8);
    // after the last viseme the mouth rests, although the audio goes on
    expect(motion(frames, 1.5, 3.1)).toBeLessThan(1.5);
  });

  it('animates pictures the engine did not draw, finding the face by skin colour', async () => {
    const face = scratch.path('photo.png');
    await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3a6ea5' } })
      .composite([
        {
          input: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><ellipse cx="200" cy="140" rx="70" ry="90" fill="#c98f63"/></svg>',
          ),
        },
      ])
      .png()
      .toFile(face);
    const located = await locateFace(readFileSync(face), { width: 400, height: 300 });
    expect(located.source).toBe('skin-detection');
    expect(located.mouth.y).toBeGreaterThan(140);
    expect(located.mouth.y + located.mouth.height).toBeLessThan(235);
    const result = await lipSync.talkingClip({
      portraitPath: face,
      speechPath: speech,
      size,
      fps,
      outputPath: scratch.path('photo.mp4'),
    });
    expect(result.probe.video).toMatchObject({ codec: 'h264', pixelFormat: 'yuv420p' });
    const frames = framesOf(result.path, await mouthCrop(face));
    expect(motion(frames, 0.1, 1.1)).toBeGreaterThan(4);
  });

  it('films a picture-only shot of exact frames from the visemes alone, fading in from black', async () => {
    const result = await lipSync.talkingShot({
      portraitPath: portrait,
      visemes: [
        { time: 0.1, viseme: 'a' },
        { time: 0.4, viseme: 'o' },
        { time: 0.7, viseme: 'sil' },
      ],
      frames: 30,
      fadeIn: { colour: 'black', duration: 0.2 },
      size,
      fps,
      outputPath: scratch.path('shot.mp4'),
    });
    expect(result.processing_method).toBe('visemes');
    expect((await probe(result.path)).audio).toBeUndefined();
    const whole = framesOf(result.path, [0, 0, size.width, size.height]);
    expect(whole).toHaveLength(30);
    // From black: the first frame is dark, the fifth (past the fade) shows the portrait.
    const brightest = (frame: Uint8Array) => frame.reduce((max, v) => Math.max(max, v), 0);
    expect(brightest(whole[0]!)).toBeLessThan(30);
    expect(brightest(whole[5]!)).toBeGreaterThan(100);
    const frames = framesOf(result.path, await mouthCrop(portrait));
    expect(motion(frames, 0.25, 0.7)).toBeGreaterThan(8);
    expect(motion(frames, 0.8, 1.15)).toBeLessThan(1.5);
  });

  it('refuses missing or silent input', async () => {
    await expect(
      lipSync.talkingShot({
        portraitPath: portrait,
        frames: 30,
        size,
        fps,
        outputPath: scratch.path('x.mp4'),
      }),
    ).rejects.toMatchObject({ code: 'invalid_input', message: 'The speech file is missing.' });
    await expect(
      lipSync.talkingClip({
        portraitPath: scratch.path('none.png'),
        speechPath: speech,
        size,
        fps,
        outputPath: scratch.path('x.mp4'),
      }),
    ).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(
      lipSync.talkingClip({
        portraitPath: portrait,
        speechPath: portrait,
        size,
        fps,
        outputPath: scratch.path('x.mp4'),
      }),
    ).rejects.toMatchObject({ code: 'invalid_input' });
  });
});
