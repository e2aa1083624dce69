import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalImageEngine } from '../../../../functions/engine/image/local';
import { createLocalLipSyncEngine } from '../../../../functions/engine/lipsync/local';
import sharp from 'sharp';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { ffmpegBinaries, probe } from '../../../../functions/engine/media/ffmpeg';
import {
  encodeSceneSound,
  exportFilm,
  filmScene,
  mergeScenes,
  stillThumbnail,
  joinPictures,
  muxFilm,
  placeSpeech,
  trimSound,
} from '../../../../functions/engine/productions/shots';
import { anna } from '../../../unit/engine/image/fixtures';
import { ebur128 } from '../audio/helpers';
import {
  audioRms,
  colourClip,
  ffmpeg,
  frameAt,
  framesOf,
  meanColour,
  meanDifference,
  patternImage,
  scratchDir,
} from '../video/media';

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
  const countFrames = (path: string) =>
    Number(
      execFileSync(ffmpegBinaries().ffprobe, [
        '-v',
        'error',
        '-count_frames',
        '-select_streams',
        'v',
        '-show_entries',
        'stream=nb_read_frames',
        '-of',
        'csv=p=0',
        path,
      ])
        .toString()
        .trim(),
    );
  /** The frames (from 0) that are key frames. */
  const keyFrames = (path: string) =>
    execFileSync(ffmpegBinaries().ffprobe, [
      '-v',
      'error',
      '-select_streams',
      'v',
      '-show_entries',
      'frame=key_frame,pts_time',
      '-of',
      'json',
      path,
    ])
      .toString()
      .match(/"key_frame": 1,\s*"pts_time": "[\d.]+"/g)!
      .map((entry) => Math.round(Number(/"pts_time": "([\d.]+)"/.exec(entry)![1]) * fps));

  it('films a whole scene in one run: camera move, still close-up and talking shot, its sound, and each shot cut from the same encode', async () => {
    const dir = scratch.path('scene-one-run');
    const shotDir = `${dir}/shots, it's 100% | [mine]`;
    mkdirSync(shotDir, { recursive: true });
    const talking = await createLocalLipSyncEngine().talkingShotGraph(
      {
        portraitPath: portrait,
        visemes: [
          { time: 0, viseme: 'a' },
          { time: 0.3, viseme: 'sil' },
          { time: 0.6, viseme: 'o' },
          { time: 0.9, viseme: 'sil' },
        ],
        frames: 30,
        size,
        fps,
      },
      `${dir}/talking`,
    );
    const sound = scratch.path('scene-one-run.wav');
    // Shorter than the scene: padded with silence to its end.
    ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=300:sample_rate=22050:duration=2', sound]);
    const clip = `${dir}/clip.mp4`;
    const progress: number[] = [];
    const paths = await filmScene({
      shots: [
        { kind: 'scene', frames: 24, image: still },
        { kind: 'dialogue', frames: 30, image: portrait, talking },
        { kind: 'dialogue', frames: 18, image: portrait },
      ],
      size,
      fps,
      seed: 5,
      transition: { type: 'fade', duration: 0.5 },
      clip: { path: clip, soundPath: sound },
      shotDir,
      workDir: dir,
      onProgress: (f) => progress.push(f),
    });
    expect(paths).toEqual([0, 1, 2].map((i) => `${shotDir}/shot-00${i}.mp4`));
    const probed = await probe(clip);
    expect(probed.video).toMatchObject({ codec: 'h264', width: 320, height: 180, pixelFormat: 'yuv420p' });
    expect(probed.audio?.codec).toBe('aac');
    expect(countFrames(clip)).toBe(72);
    expect(probed.duration).toBeCloseTo(3, 1);
    expect(audioRms(clip, 0.5, 1.5)).toBeGreaterThan(0.03);
    expect(audioRms(clip, 2.3, 2.9)).toBeLessThan(0.003);
    // Every shot starts on a key frame of the one encode, and is cut from it exactly.
    // (Counted from the first: FFmpeg 4's probe shows the B-frame delay in the times.)
    const keys = keyFrames(clip);
    expect(keys.map((k) => k - keys[0]!)).toEqual(expect.arrayContaining([0, 24, 54]));
    expect(paths.map(countFrames)).toEqual([24, 30, 18]);
    for (const path of paths) expect((await probe(path)).audio).toBeUndefined();
    // The first shot fades in from black; the talking shot's mouth moves; the close-up holds still.
    expect(Math.max(...meanColour(frameAt(paths[0]!, 0)))).toBeLessThan(20);
    expect(Math.max(...meanColour(frameAt(paths[0]!, 0.9)))).toBeGreaterThan(60);
    const mouth = framesOf(paths[1]!, [0, 0, 320, 180]);
    expect(Math.max(...mouth.slice(1).map((f, i) => meanDifference(f, mouth[i]!)))).toBeGreaterThan(0.3);
    const held = framesOf(paths[2]!, [0, 0, 320, 180]);
    expect(meanDifference(held[0]!, held.at(-1)!)).toBeLessThan(0.5);
    expect(progress.at(-1)).toBe(1);
    // The shots joined without re-encoding are the scene's picture again.
    const joined = `${dir}/joined.mp4`;
    await joinPictures(paths, dir, joined);
    expect(countFrames(joined)).toBe(72);
  });

  it('films a scene of one shot as one shot file', async () => {
    const dir = scratch.path('scene-single');
    mkdirSync(`${dir}/shots`, { recursive: true });
    const sound = scratch.path('scene-single.wav');
    ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=300:sample_rate=48000:duration=2', sound]);
    const paths = await filmScene({
      shots: [{ kind: 'scene', frames: 20, image: still }],
      size,
      fps,
      seed: 1,
      transition: null,
      clip: { path: `${dir}/clip.mp4`, soundPath: sound },
      shotDir: `${dir}/shots`,
      workDir: dir,
    });
    expect(paths.map(countFrames)).toEqual([20]);
    expect(countFrames(`${dir}/clip.mp4`)).toBe(20);
    await expect(
      filmScene({
        ...{ shots: [], size, fps, seed: 1, transition: null },
        shotDir: dir,
        workDir: dir,
      }),
    ).rejects.toThrow(/at least one shot/);
  });

  it("copies a scene's sound encoded once at the scene's length into its clip, as long as the picture", async () => {
    const dir = scratch.path('scene-encoded-sound');
    mkdirSync(`${dir}/shots`, { recursive: true });
    // A mix longer than the scene (1.5 s against 1 s): the encoded sound is cut to the scene.
    const mix = scratch.path('scene-encoded-sound.wav');
    ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100:duration=1.5', mix]);
    const encoded = `${dir}/sound.m4a`;
    await encodeSceneSound(mix, 1, encoded);
    const sound = await probe(encoded);
    expect(sound.audio?.codec).toBe('aac');
    expect(sound.video).toBeUndefined();
    expect(Math.abs(sound.duration - 1)).toBeLessThan(0.03);
    const clip = `${dir}/clip.mp4`;
    await filmScene({
      shots: [{ kind: 'scene', frames: 24, image: still }],
      size,
      fps,
      seed: 2,
      transition: null,
      clip: { path: clip, soundPath: encoded, soundEncoded: true },
      shotDir: `${dir}/shots`,
      workDir: dir,
    });
    const filmed = await probe(clip);
    expect(filmed.video?.codec).toBe('h264');
    expect(filmed.audio?.codec).toBe('aac');
    expect(countFrames(clip)).toBe(24);
    expect(Math.abs(filmed.duration - 1)).toBeLessThan(0.05);
  });

  it('films only shots when no clip is asked for: talking shots, one encode, each its own file', async () => {
    const dir = scratch.path('talking-only');
    mkdirSync(`${dir}/shots`, { recursive: true });
    const lipSync = createLocalLipSyncEngine();
    const graph = (name: string, frames: number, speechPath?: string) =>
      lipSync.talkingShotGraph(
        {
          portraitPath: portrait,
          ...(speechPath ? { speechPath } : { visemes: [{ time: 0, viseme: 'a' }] }),
          frames,
          size,
          fps,
          fadeIn: { colour: 'black', duration: 0.4 },
        },
        `${dir}/${name}`,
      );
    const placed = scratch.path('talking-only.wav');
    await placeSpeech(speech, 0, 1, placed);
    const paths = await filmScene({
      shots: [
        { kind: 'dialogue', frames: 20, image: portrait, talking: await graph('a', 20) },
        // Without visemes the mouth follows the speech's loudness.
        { kind: 'dialogue', frames: 24, image: portrait, talking: await graph('b', 24, placed) },
      ],
      size,
      fps,
      seed: 1,
      transition: null,
      shotDir: `${dir}/shots`,
      workDir: dir,
    });
    expect(paths.map(countFrames)).toEqual([20, 24]);
    for (const path of paths) expect((await probe(path)).audio).toBeUndefined();
    // Each talking shot faded in as the engine was asked.
    expect(Math.max(...meanColour(frameAt(paths[0]!, 0)))).toBeLessThan(20);
    expect(Math.max(...meanColour(frameAt(paths[1]!, 0)))).toBeLessThan(20);
  });

  it("merges scene clips into the film in one run: pictures copied, the scenes' mixes joined, each cut or padded to its scene, encoded once", async () => {
    const dir = scratch.path('merge-one-run');
    mkdirSync(dir, { recursive: true });
    const clipOf = (name: string, colour: string, seconds: number) =>
      colourClip(`${dir}/${name}.mp4`, { colour, seconds, fps, frequency: 900 });
    const mixOf = (name: string, seconds: number, frequency: number) => {
      ffmpeg([
        '-f',
        'lavfi',
        '-i',
        `sine=frequency=${frequency}:sample_rate=22050:duration=${seconds}`,
        `${dir}/${name}.wav`,
      ]);
      return `${dir}/${name}.wav`;
    };
    const out = `${dir}/merged.mp4`;
    await mergeScenes(
      [
        { clipPath: clipOf('a', '0x802020', 1), mixPath: mixOf('long', 2, 300), duration: 1 },
        { clipPath: clipOf('b', '0x208020', 1), mixPath: mixOf('short', 0.5, 500), duration: 1 },
        { clipPath: clipOf('c', '0x202080', 1), mixPath: mixOf('exact', 1, 700), duration: 1 },
      ],
      dir,
      out,
    );
    const probed = await probe(out);
    expect(probed.video?.codec).toBe('h264');
    expect(probed.audio?.codec).toBe('aac');
    // Within a few AAC frames (FFmpeg 4 counts the encoder's priming in), every picture frame kept.
    expect(Math.abs(probed.duration - 3)).toBeLessThan(0.1);
    expect(countFrames(out)).toBe(3 * fps);
    // The mixes' sound, not the clips' own: the short one is padded, so the last starts on time.
    expect(audioRms(out, 0.2, 0.9)).toBeGreaterThan(0.03);
    expect(audioRms(out, 1.6, 1.95)).toBeLessThan(0.003);
    expect(audioRms(out, 2.05, 2.9)).toBeGreaterThan(0.03);
    // The pictures are the clips' own, in order.
    expect(meanColour(frameAt(out, 1.5))[1]).toBeGreaterThan(meanColour(frameAt(out, 1.5))[0]);
  });

  it("takes a scene's thumbnail from its still, in the film's frame, without decoding video", async () => {
    const thumb = scratch.path('still-thumb.jpg');
    await stillThumbnail(portrait, { width: 1280, height: 720 }, 480, thumb);
    expect(await sharp(thumb).metadata()).toMatchObject({ format: 'jpeg', width: 480, height: 270 });
    const tall = scratch.path('tall-thumb.jpg');
    await stillThumbnail(still, { width: 720, height: 1280 }, 240, tall);
    expect(await sharp(tall).metadata()).toMatchObject({ format: 'jpeg', width: 240, height: 426 });
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
    // Cut in place of the scene's still close-up (its second shot), without re-encoding the others.
    const cut = [0, 1, 2].map((i) => scratch.path(`scene-one-run/shots, it's 100% | [mine]/shot-00${i}.mp4`));
    const film = scratch.path('film-picture.mp4');
    await joinPictures([cut[0]!, talking.path, cut[2]!], scratch.dir, film);
    expect(countFrames(film)).toBe(24 + 36 + 18);
    const sound = scratch.path('sound.wav');
    ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=300:sample_rate=48000:duration=4', sound]);
    const muxed = await muxFilm(film, sound, 78 / fps, scratch.path('film.mp4'));
    expect(muxed.video?.codec).toBe('h264');
    expect(muxed.audio?.codec).toBe('aac');
    expect(muxed.duration).toBeCloseTo(78 / fps, 1);
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
    // The film's tone is far from the product's loudness: the re-encoded sound is brought to it.
    const before = await ebur128(film);
    expect(Math.abs(before.integrated + 16)).toBeGreaterThan(1);
    const after = await ebur128(scratch.path('film.webm'));
    expect(Math.abs(after.integrated + 16), `${after.integrated} LUFS`).toBeLessThanOrEqual(1);
    expect(after.truePeak).toBeLessThanOrEqual(-1);

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
