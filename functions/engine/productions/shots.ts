import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { probe, runFfmpeg, runFilterGraph } from '../media/ffmpeg';
import type { ProbeResult, ProgressListener, Size } from '../types';
import { audioEncoderArgs, clipSettings, containerArgs, evenSize, videoEncoderArgs } from '../video/encoding';
import { watermarkFilter } from '../video/local/watermark';
import type { WatermarkPosition } from '../video/types';
import { cameraMove, stillToMotion } from '../video/local/kenburns';
import { concatInput, concatList } from '../video/local/concat';
import { sec } from '../video/timeline';

/**
 * The pipeline's film is cut from shots: each scene is its picture (the camera moving over it) and,
 * for each line of dialogue, a close-up of the speaker for as long as they speak. Every shot is its
 * own file, encoded with the same settings and starting on a key frame, so a scene is its shots
 * joined without re-encoding, the film is its scenes joined the same way, and a dialogue shot can be
 * filmed talking (by the lip-sync engine, in the render stage or again in a lip-sync redo) and cut in
 * without touching anything else.
 */
export interface ShotRequest {
  /** The still the shot shows. */
  image: string;
  kind: 'scene' | 'dialogue';
  frames: number;
  outputPath: string;
  /** Made elsewhere (a talking close-up): not rendered here, but it keeps its place in the scene. */
  skip?: boolean;
}

export interface ShotsRequest {
  shots: ShotRequest[];
  size: Size;
  fps: number;
  seed: number;
  /** Into the first shot: from black (fade, fadeblack) or white (fadewhite), for `duration` seconds. */
  transition: { type: string; duration: number } | null;
  onProgress?: ProgressListener;
}

/**
 * The frame `at` seconds into a video the caller knows (no probe), as a JPEG `width` pixels wide: the
 * input is seeked, so only the frames from the key frame before it are decoded.
 */
export async function frameAt(videoPath: string, at: number, width: number, outputPath: string) {
  await runFfmpeg([
    '-ss',
    sec(Math.max(0, at)),
    '-i',
    videoPath,
    '-frames:v',
    '1',
    '-vf',
    `scale=${width}:-2`,
    '-c:v',
    'mjpeg',
    '-q:v',
    '3',
    '-pix_fmt',
    'yuvj420p',
    '-f',
    'image2',
    outputPath,
  ]);
}

/** FFmpeg's fast AAC coder (a third of the default coder's time) at the films' rate and layout. */
const AAC_FAST = ['-c:a', 'aac', '-aac_coder', 'fast', '-b:a', '160k', '-ar', '48000', '-ac', '2'];

/** Picture-only output arguments every shot shares (so shots join by stream copy). */
export function shotOutputArgs(size: Size, fps: number, frames: number): string[] {
  const settings = clipSettings(evenSize(size), fps);
  return [
    '-an',
    ...videoEncoderArgs(settings),
    '-r',
    String(fps),
    '-frames:v',
    String(frames),
    ...containerArgs('mp4'),
  ];
}

/**
 * How many shots one FFmpeg run encodes side by side. Each x264 encoder holds about 110 MB at
 * 1280×720 and 235 MB at 1920×1080 (measured), so a run's memory grows with its shots: four at 720p
 * (about 0.5 GB), fewer for larger frames, never fewer than two.
 */
export function shotsPerRun(size: Size): number {
  return Math.max(2, Math.floor((4 * 1280 * 720) / (size.width * size.height)));
}

/**
 * Every shot of a scene, one encoder per shot in parallel, in as few FFmpeg runs as memory allows
 * (`shotsPerRun`); a shot's camera move depends on its place in the scene, not on its run.
 */
export async function renderShots(request: ShotsRequest): Promise<void> {
  const size = evenSize(request.size);
  const { fps } = request;
  const placed = request.shots.map((shot, place) => ({ ...shot, place })).filter((shot) => !shot.skip);
  const total = placed.reduce((sum, s) => sum + s.frames / fps, 0);
  const perRun = shotsPerRun(size);
  let rendered = 0;
  for (let from = 0; from < placed.length; from += perRun) {
    const batch = placed.slice(from, from + perRun);
    const statements: string[] = [];
    batch.forEach((shot, j) => {
      const i = shot.place;
      const move = cameraMove(shot.kind === 'scene' ? 'kenburns' : 'static', request.seed, i);
      const fades = i === 0 && request.transition;
      statements.push(stillToMotion(`${j}:v`, move, shot.frames, size, fps, fades ? 'first' : `shot${j}`));
      if (fades) {
        const colour = request.transition!.type === 'fadewhite' ? 'white' : 'black';
        const duration = Math.min(request.transition!.duration, (shot.frames / fps) * 0.5);
        statements.push(`[first]fade=t=in:st=0:d=${sec(duration)}:color=${colour}[shot${j}]`);
      }
    });
    const seconds = batch.reduce((sum, s) => sum + s.frames / fps, 0);
    const before = rendered;
    await runFilterGraph(
      {
        inputs: batch.flatMap((shot) => ['-i', shot.image]),
        graph: statements,
        outputs: batch.flatMap((shot, j) => [
          '-map',
          `[shot${j}]`,
          ...shotOutputArgs(size, fps, shot.frames),
          shot.outputPath,
        ]),
      },
      {
        duration: seconds,
        onProgress: request.onProgress && ((f) => request.onProgress!((before + f * seconds) / total)),
      },
    );
    rendered += seconds;
  }
}

/** Duration, size and streams of a film (or any media file). */
export const probeFilm = (path: string): Promise<ProbeResult> => probe(path);

/** Files of the same settings joined end to end, picture only, without re-encoding. */
export async function joinPictures(paths: string[], workDir: string, outputPath: string): Promise<void> {
  const list = join(workDir, `${Date.now()}-${Math.random().toString(36).slice(2)}.txt`);
  await writeFile(list, concatList(paths));
  await runFfmpeg([...concatInput(list), '-map', '0:v', '-c', 'copy', ...containerArgs('mp4'), outputPath]);
}

/**
 * Shots (files of the same settings) joined and muxed with a WAV sound track in one run: the picture
 * copied, the sound encoded to AAC (FFmpeg's fast coder), cut to `duration`. Nothing is probed.
 */
export async function muxShots(
  shotPaths: string[],
  soundPath: string,
  duration: number,
  workDir: string,
  outputPath: string,
): Promise<void> {
  const list = join(workDir, `${Date.now()}-${Math.random().toString(36).slice(2)}.txt`);
  await writeFile(list, concatList(shotPaths));
  await runFfmpeg([
    ...concatInput(list),
    '-i',
    soundPath,
    '-map',
    '0:v',
    '-map',
    '1:a',
    '-c:v',
    'copy',
    ...AAC_FAST,
    '-t',
    sec(duration),
    ...containerArgs('mp4'),
    outputPath,
  ]);
}

/**
 * Sound files played one after the other, each cut (or padded with silence) to its length, sample-exact,
 * as one AAC track: a film's sound from its scenes' mixes, encoded once.
 */
export async function joinSounds(
  parts: { path: string; duration: number }[],
  outputPath: string,
): Promise<void> {
  const graph = parts.map(
    (part, i) =>
      `[${i}:a]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,apad,atrim=end=${sec(part.duration)},asetpts=PTS-STARTPTS[a${i}]`,
  );
  graph.push(`${parts.map((_, i) => `[a${i}]`).join('')}concat=n=${parts.length}:v=0:a=1[aout]`);
  await runFilterGraph({
    inputs: parts.flatMap((part) => ['-i', part.path]),
    graph,
    outputs: ['-map', '[aout]', ...AAC_FAST, '-f', 'mp4', '-movflags', '+faststart', outputPath],
  });
}

/**
 * A picture and a sound track made into one MP4: the picture copied, the sound copied when it is
 * already AAC, encoded otherwise (FFmpeg's fast AAC coder, as the audio engine's own encodes: a third
 * of the default coder's time, which was a tenth of the render stage's); cut to `duration`.
 */
export async function muxFilm(
  picturePath: string,
  soundPath: string,
  duration: number,
  outputPath: string,
): Promise<ProbeResult> {
  const sound = await probe(soundPath);
  const copy = sound.audio?.codec === 'aac';
  await runFfmpeg([
    '-i',
    picturePath,
    '-i',
    soundPath,
    '-map',
    '0:v',
    '-map',
    '1:a',
    '-c:v',
    'copy',
    ...(copy ? ['-c:a', 'copy'] : AAC_FAST),
    '-t',
    sec(duration),
    ...containerArgs('mp4'),
    outputPath,
  ]);
  return probe(outputPath);
}

/** A line's speech placed `offset` seconds into a silence of `duration` (a shot's sound for lip-sync). */
export async function placeSpeech(
  speechPath: string,
  offset: number,
  duration: number,
  outputPath: string,
): Promise<void> {
  const delay = Math.max(0, Math.round(offset * 1000));
  await runFfmpeg([
    '-i',
    speechPath,
    '-af',
    `adelay=${delay}|${delay},apad`,
    '-t',
    sec(duration),
    '-c:a',
    'pcm_s16le',
    outputPath,
  ]);
}

/** A sound file cut to `duration` seconds (WAV). */
export async function trimSound(inputPath: string, duration: number, outputPath: string): Promise<void> {
  await runFfmpeg(['-i', inputPath, '-t', sec(duration), '-c:a', 'pcm_s16le', outputPath]);
}

/** A scene's picture and its sound as one playable clip (the studio's preview of a scene). */
export async function sceneClip(
  picturePath: string,
  soundPath: string,
  duration: number,
  outputPath: string,
): Promise<ProbeResult> {
  return muxFilm(picturePath, soundPath, duration, outputPath);
}

export interface FilmExportRequest {
  inputPath: string;
  format: 'mp4' | 'webm' | 'mov';
  quality: 'low' | 'medium' | 'high' | 'ultra';
  watermark: { text: string; position: WatermarkPosition } | null;
  /** Encode even when a copy would do (low and medium quality, WebM and a watermark always encode). */
  encode: boolean;
  outputPath: string;
  workDir: string;
  onProgress?: ProgressListener;
}

/** Constant quality per export quality: H.264 for MP4 and MOV, VP9 for WebM. */
const EXPORT_CRF = {
  x264: { low: 28, medium: 24, high: 20, ultra: 17 },
  vp9: { low: 38, medium: 34, high: 31, ultra: 27 },
} as const;

/**
 * The finished film (H.264/AAC MP4) in the container, quality and watermark the studio asked for:
 * remuxed without re-encoding when nothing needs the picture changed (MP4, MOV), encoded otherwise
 * (H.264/AAC in MP4 and MOV, VP9/Opus in WebM). The watermark text goes through a file, never
 * through the filter graph's syntax.
 */
export async function exportFilm(request: FilmExportRequest): Promise<ProbeResult> {
  const webm = request.format === 'webm';
  const encode = request.encode || webm || request.watermark !== null;
  if (!encode) {
    await runFfmpeg([
      '-i',
      request.inputPath,
      '-map',
      '0',
      '-c',
      'copy',
      ...containerArgs(request.format),
      request.outputPath,
    ]);
    return probe(request.outputPath);
  }
  const source = await probe(request.inputPath);
  const duration = source.duration;
  const video = videoEncoderArgs({
    videoCodec: webm ? 'libvpx-vp9' : 'libx264',
    preset: 'veryfast',
    crf: EXPORT_CRF[webm ? 'vp9' : 'x264'][request.quality],
  });
  const audio = webm
    ? audioEncoderArgs('libopus')
    : source.audio?.codec === 'aac'
      ? ['-c:a', 'copy']
      : audioEncoderArgs('aac');
  const graph: string[] = [];
  let picture = '0:v';
  if (request.watermark) {
    const textFile = join(request.workDir, 'watermark.txt');
    await writeFile(textFile, request.watermark.text);
    graph.push(watermarkFilter('0:v', textFile, request.watermark.position, 'marked'));
    picture = 'marked';
  }
  const outputs = [
    '-map',
    graph.length ? `[${picture}]` : '0:v',
    '-map',
    '0:a?',
    ...video,
    ...audio,
    ...containerArgs(request.format),
    request.outputPath,
  ];
  // Long, large films (4K) take a while on small machines: allow 20 s per second of film.
  const run = { duration, onProgress: request.onProgress, timeoutMs: Math.max(600_000, duration * 20_000) };
  if (graph.length) await runFilterGraph({ inputs: ['-i', request.inputPath], graph, outputs }, run);
  else await runFfmpeg(['-i', request.inputPath, ...outputs], run);
  return probe(request.outputPath);
}
