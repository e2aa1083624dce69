import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { measureFile } from '../audio/local/analysis';
import { levelFile, OUTPUT_TRUE_PEAK_LIMIT, PRODUCT_LOUDNESS } from '../audio/local/level';
import type { TalkingShotGraph } from '../lipsync/types';
import { probe, runFfmpeg, runFilterGraph } from '../media/ffmpeg';
import type { ProbeResult, ProgressListener, Size } from '../types';
import { audioEncoderArgs, clipSettings, containerArgs, evenSize, videoEncoderArgs } from '../video/encoding';
import { watermarkFilter } from '../video/local/watermark';
import { burnedSubtitlesFilter } from './subtitle-stream';
import type { WatermarkPosition } from '../video/types';
import { cameraMove, moveOverFrames, stillToMotion, type CameraMove } from '../video/local/kenburns';
import { concatInput, concatList } from '../video/local/concat';
import { sec } from '../video/timeline';

/**
 * The pipeline's film is cut from shots: each scene is its picture (the camera moving over it) and,
 * for each line of dialogue, a close-up of the speaker for as long as they speak. A scene is filmed
 * in one FFmpeg run and one encoder, every shot starting on a key frame, and is also written cut at
 * its shots (the same encoded frames), so the film is its scenes joined without re-encoding and a
 * dialogue shot can be filmed talking again (a lip-sync redo) and cut in without touching the rest.
 */

/** FFmpeg's fast AAC coder (half the default coder's time on speech and music) at the films' rate. */
export const AAC_FAST = ['-c:a', 'aac', '-aac_coder', 'fast', '-b:a', '160k', '-ar', '48000', '-ac', '2'];

/** A scene's sound at the films' rate, padded with silence or cut to the scene's `duration`. */
const toSceneLength = (duration: number) =>
  `aresample=48000,apad,atrim=end=${sec(duration)},asetpts=PTS-STARTPTS`;

/** A shot of a scene filmed in one run: a still with a camera move, or a talking portrait's graph. */
export interface SceneShot {
  kind: 'scene' | 'dialogue';
  frames: number;
  /** The still the shot shows (the scene's picture, or a speaker's portrait held still). */
  image: string;
  /** Filmed talking: the lip-sync engine's part of the run (then `image` is not read). */
  talking?: TalkingShotGraph;
  /** The camera's move over the shot (absent: a seeded Ken Burns move, or none on a close-up). */
  camera?: CameraMove;
}

export interface SceneFilmRequest {
  shots: SceneShot[];
  size: Size;
  fps: number;
  seed: number;
  /** Into the first shot: from black (fade, fadeblack) or white (fadewhite), for `duration` seconds. */
  transition: { type: string; duration: number } | null;
  /**
   * The scene clip (every shot's frames and the scene's sound, AAC, MP4) and that sound: its mix,
   * padded with silence or cut to the scene's length and encoded here, or (`soundEncoded`) the
   * scene's sound already encoded at that length (`encodeSceneSound`), copied as it is. Without a
   * clip only the shots are written.
   */
  clip?: { path: string; soundPath: string; soundEncoded?: boolean };
  /** Each shot on its own, picture only, cut from the same encode: `shotDir/shot-000.mp4`, … */
  shotDir: string;
  workDir: string;
  onProgress?: ProgressListener;
}

/** A path as one output of FFmpeg's tee muxer reads it (backslash, quote and bar escaped). */
export const teeOutput = (path: string) => path.replace(/[\\'|]/g, '\\$&');

/** The frames (from 0) where each shot after the first starts. */
export function shotStarts(frames: number[]): number[] {
  const starts: number[] = [];
  let at = 0;
  for (const count of frames.slice(0, -1)) starts.push((at += count));
  return starts;
}

/**
 * A whole scene in one FFmpeg run and one encoder: every shot's frames (camera moves over the
 * still, talking portraits) one after the other, each shot starting on a key frame, with the
 * scene's sound, written as the scene clip and, from the same encoded picture, as one file per shot
 * (the scene clip cut at its shots, so a shot can be replaced later and the film joined without
 * re-encoding). Answers the shots' paths, in order. Nothing is probed: the frames are counted.
 */
export async function filmScene(request: SceneFilmRequest): Promise<string[]> {
  const size = evenSize(request.size);
  const { fps, shots } = request;
  if (!shots.length) throw new Error('A scene needs at least one shot');
  const inputs: string[] = [];
  const statements: string[] = [];
  let next = 0;
  shots.forEach((shot, i) => {
    const label = `shot${i}`;
    const fades = i === 0 && request.transition;
    const colour = request.transition?.type === 'fadewhite' ? 'white' : 'black';
    if (shot.talking) {
      // The engine fades its own shot in when asked (see the pipeline); its graph ends at `label`.
      inputs.push(...shot.talking.inputs);
      if (shot.camera) {
        // The close-up moves too: a slow push-in while the mouth moves.
        statements.push(...shot.talking.graph(next, `${label}_talk`));
        statements.push(moveOverFrames(`${label}_talk`, shot.camera, shot.frames, size, fps, label));
      } else statements.push(...shot.talking.graph(next, label));
      next += shot.talking.inputs.filter((arg) => arg === '-i').length;
      return;
    }
    const move = shot.camera ?? cameraMove(shot.kind === 'scene' ? 'kenburns' : 'static', request.seed, i);
    inputs.push('-i', shot.image);
    statements.push(stillToMotion(`${next}:v`, move, shot.frames, size, fps, fades ? `${label}_in` : label));
    if (fades) {
      const duration = Math.min(request.transition!.duration, (shot.frames / fps) * 0.5);
      statements.push(`[${label}_in]fade=t=in:st=0:d=${sec(duration)}:color=${colour}[${label}]`);
    }
    next += 1;
  });
  const frames = shots.reduce((sum, shot) => sum + shot.frames, 0);
  const duration = frames / fps;
  statements.push(`${shots.map((_, i) => `[shot${i}]`).join('')}concat=n=${shots.length}:v=1:a=0[picture]`);
  const { clip } = request;
  if (clip) {
    if (!clip.soundEncoded) statements.push(`[${next}:a]${toSceneLength(duration)}[sound]`);
    inputs.push('-i', clip.soundPath);
  }
  const starts = shotStarts(shots.map((s) => s.frames));
  const shotFile = (n: number) => join(request.shotDir, `shot-${String(n).padStart(3, '0')}.mp4`);
  const shotsOutput = starts.length
    ? `[select=v:f=segment:avoid_negative_ts=disabled:segment_frames=${starts.join(',')}:reset_timestamps=1:segment_format=mp4:segment_format_options=movflags=+faststart]${teeOutput(join(request.shotDir.replace(/%/g, '%%'), 'shot-%03d.mp4'))}`
    : `[select=v:f=mp4:movflags=+faststart]${teeOutput(shotFile(0))}`;
  await runFilterGraph(
    {
      inputs,
      graph: statements,
      // Talking shots' graphs are long (the head's nod follows the phrases): a script file.
      scriptPath: join(request.workDir, `scene-${Date.now()}-${Math.random().toString(36).slice(2)}.txt`),
      outputs: [
        '-map',
        '[picture]',
        ...(clip ? ['-map', clip.soundEncoded ? `${next}:a` : '[sound]'] : []),
        ...videoEncoderArgs(clipSettings(size, fps)),
        // Each shot starts on a key frame (an IDR: nothing before it is referenced), so it can be cut.
        ...(starts.length
          ? ['-forced-idr', '1', '-force_key_frames', `expr:${starts.map((f) => `eq(n,${f})`).join('+')}`]
          : []),
        '-r',
        String(fps),
        '-frames:v',
        String(frames),
        ...(clip ? (clip.soundEncoded ? ['-c:a', 'copy'] : AAC_FAST) : []),
        '-f',
        'tee',
        clip ? `[f=mp4:movflags=+faststart]${teeOutput(clip.path)}|${shotsOutput}` : shotsOutput,
      ],
    },
    { duration, onProgress: request.onProgress },
  );
  return shots.map((_, i) => shotFile(i));
}

/**
 * A scene's sound as its clip carries it: the mix padded with silence or cut to the scene's length,
 * AAC in MP4 (M4A). Made once with the sound, so filming the scene (again) copies it.
 */
export async function encodeSceneSound(mixPath: string, duration: number, outputPath: string): Promise<void> {
  await runFfmpeg([
    '-i',
    mixPath,
    '-af',
    toSceneLength(duration),
    ...AAC_FAST,
    ...containerArgs('mp4'),
    outputPath,
  ]);
}

/**
 * A scene's thumbnail from the still it shows at that moment (its picture, or the speaker's
 * portrait), cropped to the film's frame and `width` wide, as JPEG: no video is decoded.
 */
export async function stillThumbnail(imagePath: string, size: Size, width: number, outputPath: string) {
  const height = Math.max(2, Math.round((width * size.height) / size.width / 2) * 2);
  await sharp(imagePath).resize(width, height, { fit: 'cover' }).jpeg({ quality: 85 }).toFile(outputPath);
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
 * A film from its scene clips in one run: their pictures joined without re-encoding, and the sound
 * from the scenes' mixes (WAV) one after the other, each cut or padded to its scene's length
 * (sample-exact), encoded once (AAC). Nothing is probed: the caller knows every length.
 */
export async function mergeScenes(
  scenes: { clipPath: string; mixPath: string; duration: number }[],
  workDir: string,
  outputPath: string,
): Promise<void> {
  const list = join(workDir, `${Date.now()}-${Math.random().toString(36).slice(2)}.txt`);
  await writeFile(list, concatList(scenes.map((s) => s.clipPath)));
  const graph = scenes.map(
    (scene, i) =>
      `[${i + 1}:a]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,apad,atrim=end=${sec(scene.duration)},asetpts=PTS-STARTPTS[a${i}]`,
  );
  // Each clip holds exactly its scene's frames and the sound exactly its samples: no cut by time.
  graph.push(`${scenes.map((_, i) => `[a${i}]`).join('')}concat=n=${scenes.length}:v=0:a=1[sound]`);
  await runFilterGraph({
    inputs: [...concatInput(list), ...scenes.flatMap((s) => ['-i', s.mixPath])],
    graph,
    outputs: [
      '-map',
      '0:v',
      '-map',
      '[sound]',
      '-c:v',
      'copy',
      ...AAC_FAST,
      ...containerArgs('mp4'),
      outputPath,
    ],
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

export interface FilmExportRequest {
  inputPath: string;
  format: 'mp4' | 'webm' | 'mov';
  quality: 'low' | 'medium' | 'high' | 'ultra';
  watermark: { text: string; position: WatermarkPosition } | null;
  /** Encode even when a copy would do (low and medium quality, WebM and a watermark always encode). */
  encode: boolean;
  /** Subtitles (WebVTT) to draw into the picture: burned in, which always encodes. */
  burnSubtitlesPath?: string;
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
  const encode = request.encode || webm || request.watermark !== null || Boolean(request.burnSubtitlesPath);
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
  const copySound = !webm && source.audio?.codec === 'aac';
  const audio = copySound ? ['-c:a', 'copy'] : audioEncoderArgs(webm ? 'libopus' : 'aac');
  const graph: string[] = [];
  let picture = '0:v';
  if (request.watermark) {
    const textFile = join(request.workDir, 'watermark.txt');
    await writeFile(textFile, request.watermark.text);
    graph.push(watermarkFilter('0:v', textFile, request.watermark.position, 'marked'));
    picture = 'marked';
  }
  if (request.burnSubtitlesPath) {
    graph.push(burnedSubtitlesFilter(picture, request.burnSubtitlesPath, 'subtitled'));
    picture = 'subtitled';
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
  if (source.audio && !copySound) await keepOnTarget(request, audio);
  return probe(request.outputPath);
}

/**
 * A re-encoded sound can leave the film's loudness: Opus in particular raises peaks. The export is
 * measured, and levelled again (picture copied, sound read back until it holds) only when it is off.
 */
async function keepOnTarget(request: FilmExportRequest, audioArgs: string[]): Promise<void> {
  const reading = await measureFile(request.outputPath);
  if (reading.truePeak <= OUTPUT_TRUE_PEAK_LIMIT && Math.abs(reading.loudness - PRODUCT_LOUDNESS) <= 1)
    return;
  const levelled = join(request.workDir, `levelled-${Date.now()}.${request.format}`);
  await levelFile({
    inputPath: request.outputPath,
    outputPath: levelled,
    audioArgs,
    containerArgs: containerArgs(request.format),
  });
  await rename(levelled, request.outputPath);
}

export { addSubtitleStream } from './subtitle-stream';
