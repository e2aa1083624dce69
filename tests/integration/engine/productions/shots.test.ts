import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalImageEngine } from '../../../../functions/engine/image/local';
import { createLocalLipSyncEngine } from '../../../../functions/engine/lipsync/local';
import { probe } from '../../../../functions/engine/media/ffmpeg';
import { existsSync } from 'node:fs';
import sharp from 'sharp';
import {
  exportFilm,
  frameAt as stillAt,
  joinPictures,
  joinSounds,
  muxFilm,
  muxShots,
  placeSpeech,
  renderShots,
  shotsPerRun,
  trimSound,
} from '../../../../functions/engine/productions/shots';
import { anna } from '../../../unit/engine/image/fixtures';
import { audioRms, colourClip, ffmpeg, frameAt, meanColour, patternImage, scratchDir } from '../video/media';

/**
 * The pipeline's film from shots: a scene's shots rendered in one run, each its own file of the same
 * settings, joined without re-encoding; a dialogue shot replaced by its lip-synced version without
 * touching the others; the sound placed and cut; the sync of visemes with the speech measured.
 */
const scratch = scratchDir('shots');
const size = { width: 320, height: 180 };
const fps = 24;
let still: string;
let portrait: string;
let speech: string;

beforeAll(async () => {
  still = patternImage(scratch.path('scene.png'));
  portrait = (
    await createLocalImageEngine().portrait({
      character: anna,
      style: 'cartoon',
      quality: 'standard',
      aspectRatio: '16:9',
      seed: 3,
      outputPath: scratch.path('anna.png'),
    })
  ).path;
  // Voiced 0–0.6 s and 1.0–1.5 s, silent between.
  speech = scratch.path('speech.wav');
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    "aevalsrc='if(lt(t,0.6)+between(t,1.0,1.5),0.6*sin(2*PI*170*t)*(0.6+0.4*sin(2*PI*5*t)),0)':s=16000:d=1.5",
    speech,
  ]);
});
afterAll(() => scratch.remove());

describe('shots', () => {
  const shots = () => [
    { image: still, kind: 'scene' as const, frames: 24, outputPath: scratch.path('shot-0.mp4') },
    { image: portrait, kind: 'dialogue' as const, frames: 36, outputPath: scratch.path('shot-1.mp4') },
    { image: still, kind: 'scene' as const, frames: 12, outputPath: scratch.path('shot-2.mp4') },
  ];

  it('renders every shot of a scene to exact frame counts, fading in from black, and joins them without re-encoding', async () => {
    await renderShots({ shots: shots(), size, fps, seed: 5, transition: { type: 'fade', duration: 0.5 } });
    const probes = await Promise.all(shots().map((s) => probe(s.outputPath)));
    probes.forEach((p, i) => {
      expect(p.video).toMatchObject({ codec: 'h264', width: 320, height: 180, pixelFormat: 'yuv420p' });
      expect(p.audio).toBeUndefined();
      expect(p.duration).toBeCloseTo(shots()[i]!.frames / fps, 1);
    });
    // The fade starts from black; a second in, the picture is the scene's.
    expect(Math.max(...meanColour(frameAt(shots()[0]!.outputPath, 0)))).toBeLessThan(20);
    expect(Math.max(...meanColour(frameAt(shots()[0]!.outputPath, 0.9)))).toBeGreaterThan(60);

    const joined = scratch.path('scene.mp4');
    await joinPictures(
      shots().map((s) => s.outputPath),
      scratch.dir,
      joined,
    );
    const scene = await probe(joined);
    expect(scene.duration).toBeCloseTo(72 / fps, 1);
  });

  it('renders a scene of more shots than one FFmpeg run holds: every shot exact, only the first faded, progress to the end', async () => {
    const large = { width: 1280, height: 720 };
    expect(shotsPerRun(large)).toBe(4);
    expect(shotsPerRun({ width: 1920, height: 1080 })).toBe(2);
    expect(shotsPerRun(size)).toBe(64);
    const many = Array.from({ length: 6 }, (_, i) => ({
      image: i % 2 ? portrait : still,
      kind: i % 2 ? ('dialogue' as const) : ('scene' as const),
      frames: 6 + i,
      outputPath: scratch.path(`many-${i}.mp4`),
    }));
    const progress: number[] = [];
    await renderShots({
      shots: many,
      size: large,
      fps,
      seed: 5,
      transition: { type: 'fade', duration: 0.5 },
      onProgress: (f) => progress.push(f),
    });
    const probes = await Promise.all(many.map((s) => probe(s.outputPath)));
    probes.forEach((p, i) => {
      expect(p.video).toMatchObject({ codec: 'h264', width: 1280, height: 720 });
      expect(p.duration).toBeCloseTo(many[i]!.frames / fps, 1);
    });
    // The first shot fades in from black; the first shot of the second run does not.
    expect(Math.max(...meanColour(frameAt(many[0]!.outputPath, 0)))).toBeLessThan(20);
    expect(Math.max(...meanColour(frameAt(many[4]!.outputPath, 0)))).toBeGreaterThan(60);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(1);
    const joined = scratch.path('many.mp4');
    await joinPictures(
      many.map((s) => s.outputPath),
      scratch.dir,
      joined,
    );
    expect((await probe(joined)).duration).toBeCloseTo(many.reduce((sum, s) => sum + s.frames, 0) / fps, 1);
  });

  it('replaces a dialogue shot by its lip-synced version, and the film keeps its length', async () => {
    const placed = scratch.path('placed.wav');
    await placeSpeech(speech, 0, 36 / fps, placed);
    expect((await probe(placed)).duration).toBeCloseTo(1.5, 1);
    const talking = await createLocalLipSyncEngine().talkingClip({
      portraitPath: portrait,
      speechPath: placed,
      visemes: [
        { time: 0, viseme: 'a' },
        { time: 0.6, viseme: 'sil' },
        { time: 1.0, viseme: 'o' },
      ],
      size,
      fps,
      outputPath: scratch.path('talking.mp4'),
      withSound: false,
    });
    expect(talking.probe.audio).toBeUndefined();
    expect(talking.processing_method).toBe('visemes');
    const film = scratch.path('film-picture.mp4');
    await joinPictures([shots()[0]!.outputPath, talking.path, shots()[2]!.outputPath], scratch.dir, film);
    const sound = scratch.path('sound.wav');
    ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=300:sample_rate=48000:duration=4', sound]);
    const muxed = await muxFilm(film, sound, 3, scratch.path('film.mp4'));
    expect(muxed.video?.codec).toBe('h264');
    expect(muxed.audio?.codec).toBe('aac');
    expect(muxed.duration).toBeCloseTo(3, 1);
  });

  it('leaves shots made elsewhere to their maker: the others keep their places, and the fade stays with the first', async () => {
    const placed = shots().map((s, i) => ({
      ...s,
      outputPath: scratch.path(`placed-${i}.mp4`),
      skip: i === 0,
    }));
    await renderShots({ shots: placed, size, fps, seed: 5, transition: { type: 'fade', duration: 0.5 } });
    expect(existsSync(placed[0]!.outputPath)).toBe(false);
    // The second shot is not the scene's first: it does not fade in.
    expect(Math.max(...meanColour(frameAt(placed[1]!.outputPath, 0)))).toBeGreaterThan(60);
    expect((await probe(placed[2]!.outputPath)).duration).toBeCloseTo(12 / fps, 1);
  });

  it("joins shots with the scene's sound in one run, and takes a frame of a shot as its thumbnail", async () => {
    await renderShots({ shots: shots(), size, fps, seed: 5, transition: null });
    const sound = scratch.path('scene-sound.wav');
    ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=300:sample_rate=22050:duration=4', sound]);
    const clip = scratch.path('scene-clip.mp4');
    await muxShots(
      shots().map((s) => s.outputPath),
      sound,
      3,
      scratch.dir,
      clip,
    );
    const probed = await probe(clip);
    expect(probed.video?.codec).toBe('h264');
    expect(probed.audio?.codec).toBe('aac');
    expect(probed.duration).toBeCloseTo(3, 1);
    expect(audioRms(clip, 1, 2)).toBeGreaterThan(0.03);
    const thumb = scratch.path('thumb.jpg');
    await stillAt(shots()[1]!.outputPath, 0.5, 160, thumb);
    expect(await sharp(thumb).metadata()).toMatchObject({ format: 'jpeg', width: 160, height: 90 });
  });

  it('joins scene sounds one after the other, each cut or padded to its scene, as one AAC track', async () => {
    const part = (name: string, seconds: number, frequency: number) => {
      const path = scratch.path(name);
      ffmpeg([
        '-f',
        'lavfi',
        '-i',
        `sine=frequency=${frequency}:sample_rate=22050:duration=${seconds}`,
        path,
      ]);
      return path;
    };
    const out = scratch.path('film-sound.m4a');
    await joinSounds(
      [
        { path: part('long.wav', 2, 300), duration: 1 },
        { path: part('short.wav', 0.5, 500), duration: 1 },
        { path: part('exact.wav', 1, 700), duration: 1 },
      ],
      out,
    );
    const probed = await probe(out);
    expect(probed.audio?.codec).toBe('aac');
    expect(probed.duration).toBeCloseTo(3, 1);
    expect(audioRms(out, 0.2, 0.9)).toBeGreaterThan(0.03);
    // The short one is padded with silence, so the last starts on time.
    expect(audioRms(out, 1.6, 1.95)).toBeLessThan(0.003);
    expect(audioRms(out, 2.05, 2.9)).toBeGreaterThan(0.03);
  });

  it('places speech after a delay and cuts sound to a length', async () => {
    const placed = scratch.path('late.wav');
    await placeSpeech(speech, 1, 2.5, placed);
    expect(audioRms(placed, 0, 0.9)).toBeLessThan(0.01);
    expect(audioRms(placed, 1.05, 1.5)).toBeGreaterThan(0.05);
    const cut = scratch.path('cut.wav');
    await trimSound(placed, 1.2, cut);
    expect((await probe(cut)).duration).toBeCloseTo(1.2, 1);
  });

  it('measures how well visemes agree with the speech', async () => {
    const lipSync = createLocalLipSyncEngine();
    const agreeing = await lipSync.syncAccuracy({
      speechPath: speech,
      visemes: [
        { time: 0, viseme: 'a' },
        { time: 0.6, viseme: 'sil' },
        { time: 1.0, viseme: 'e' },
      ],
      fps,
    });
    const opposite = await lipSync.syncAccuracy({
      speechPath: speech,
      visemes: [
        { time: 0, viseme: 'sil' },
        { time: 0.6, viseme: 'a' },
        { time: 1.0, viseme: 'sil' },
      ],
      fps,
    });
    expect(agreeing).toBeGreaterThan(80);
    expect(opposite).toBeLessThan(30);
  });

  it('exports the film: remuxed into MOV as it is, encoded into WebM, watermarked in the chosen corner', async () => {
    const film = colourClip(scratch.path('film.mp4'), {
      colour: '0x204060',
      seconds: 2,
      size: '320x180',
      fps,
    });
    const source = await probe(film);

    const mov = await exportFilm({
      inputPath: film,
      format: 'mov',
      quality: 'high',
      watermark: null,
      encode: false,
      outputPath: scratch.path('film.mov'),
      workDir: scratch.dir,
    });
    expect(mov.formatName).toMatch(/mov/);
    expect(mov.video?.codec).toBe('h264');
    expect(mov.duration).toBeCloseTo(source.duration, 1);
    // A remux: the picture's packets are the very same bytes.
    const packets = (path: string) =>
      ffmpeg(['-i', path, '-map', '0:v', '-c', 'copy', '-f', 'md5', '-']).toString();
    expect(packets(scratch.path('film.mov'))).toBe(packets(film));

    const webm = await exportFilm({
      inputPath: film,
      format: 'webm',
      quality: 'low',
      watermark: null,
      encode: false,
      outputPath: scratch.path('film.webm'),
      workDir: scratch.dir,
    });
    expect(webm.video?.codec).toBe('vp9');
    expect(webm.audio?.codec).toBe('opus');
    expect(webm.duration).toBeCloseTo(2, 1);

    const hostile = "it's 100% \\ours\\: [x]; %{pts}";
    const marked = scratch.path('marked.mp4');
    await exportFilm({
      inputPath: film,
      format: 'mp4',
      quality: 'high',
      watermark: { text: hostile, position: 'bottom-right' },
      encode: true,
      outputPath: marked,
      workDir: scratch.dir,
    });
    // White letters in the bottom-right corner; none in the top-left, which keeps the film's colour.
    const bright = (pixels: Uint8Array) => {
      let count = 0;
      for (let p = 0; p + 2 < pixels.length; p += 3)
        if (pixels[p]! > 180 && pixels[p + 1]! > 180 && pixels[p + 2]! > 180) count++;
      return count;
    };
    expect(bright(frameAt(marked, 1, [160, 150, 160, 30]))).toBeGreaterThan(20);
    expect(bright(frameAt(marked, 1, [0, 0, 320, 30]))).toBe(0);
    expect(bright(frameAt(marked, 1, [0, 150, 120, 30]))).toBe(0);
  });
});
