import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { probe, runFfmpeg, runFilterGraph } from '../../media/ffmpeg';
import { hashString } from '../../random';
import { EngineError, type Size } from '../../types';
import type {
  LipSyncEngine,
  LipSyncRequest,
  LipSyncResult,
  SyncAccuracyRequest,
  TalkingShotGraph,
  TalkingShotRequest,
  TalkingShotResult,
} from '../types';
import { audioTrack } from '../../video/local/audio-graph';
import { concatInput } from '../../video/local/concat';
import { clipSettings, containerArgs, encodedOutput, evenSize, videoEncoderArgs } from '../../video/encoding';
import { probeInput, requireFile, validateSize } from '../../video/local/inputs';
import { withTempDir } from '../../media/temp';
import { sec } from '../../video/timeline';
import { locateFace, type FaceRegions } from './face';
import { blinkFrames, nodExpression, speakingSpans } from './motion';
import { eyesPatchSvg, mouthPatchSvg } from './patches';
import { imageSequenceList, pixelBox } from './sequence';
import { frameFeatures, shapesFromEnvelope, shapesFromVisemes, type MouthShape } from './shapes';

/**
 * Talking portraits: the portrait is scaled once onto a canvas slightly larger than the output (room
 * for the head to move), mouth shapes are overlaid frame by frame from two image sequences read
 * with the concat demuxer (mouth, eyelids) — one PNG per distinct shape, not per frame — and a crop
 * window moving with the phrases gives the head its nod. Long clips cost no more per frame than
 * short ones (no `enable=between(...)` chains).
 */
const MOTION_MARGIN = 0.02;
const ANALYSIS_RATE = 16_000;

async function decodeSpeech(path: string, dir: string): Promise<Int16Array> {
  const pcm = join(dir, 'speech.pcm');
  await runFfmpeg([
    '-i',
    path,
    '-ac',
    '1',
    '-ar',
    String(ANALYSIS_RATE),
    '-f',
    's16le',
    '-acodec',
    'pcm_s16le',
    pcm,
  ]);
  const bytes = await readFile(pcm);
  return new Int16Array(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + (bytes.length - (bytes.length % 2))),
  );
}

/** The speech file, checked: present, with sound, not empty. */
async function readableSpeech(path: string | undefined): Promise<{ path: string; duration: number }> {
  if (!path) throw new EngineError('invalid_input', 'The speech file is missing.');
  const speech = await probeInput(path, 'speech');
  if (!speech.audio) throw new EngineError('invalid_input', 'The speech file has no sound track.');
  if (!(speech.duration > 0)) throw new EngineError('invalid_input', 'The speech file is empty.');
  return { path, duration: speech.duration };
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const isPng = (bytes: Buffer) => bytes.subarray(0, 8).equals(PNG_SIGNATURE);

/**
 * Patches drawn before, by their SVG: a film's talking shots show the same few mouths and eyes of the
 * same portraits again and again. Small (a few KB each) and bounded.
 */
const drawnPatches = new Map<string, Buffer>();
const PATCHES_KEPT = 256;

async function writePatch(svg: string, path: string): Promise<void> {
  let png = drawnPatches.get(svg);
  if (!png) {
    png = await sharp(Buffer.from(svg)).ensureAlpha().png().toBuffer();
    if (drawnPatches.size >= PATCHES_KEPT) drawnPatches.delete(drawnPatches.keys().next().value!);
    drawnPatches.set(svg, png);
  }
  await writeFile(path, png);
}

interface Layer {
  list: string;
  x: number;
  y: number;
}

async function mouthLayer(
  shapes: MouthShape[],
  face: FaceRegions,
  canvas: Size,
  fps: number,
  dir: string,
): Promise<Layer> {
  const box = pixelBox(face.mouth, canvas);
  const file = (shape: string) => join(dir, `mouth-${shape}.png`);
  await Promise.all(
    [...new Set(shapes)].map((shape) => writePatch(mouthPatchSvg(shape, box, face.skin), file(shape))),
  );
  const list = join(dir, 'mouth.txt');
  await writeFile(list, imageSequenceList(shapes, fps, file));
  return { list, x: box.x, y: box.y };
}

async function eyesLayer(
  frames: number,
  face: FaceRegions,
  canvas: Size,
  fps: number,
  seed: number,
  dir: string,
): Promise<Layer | undefined> {
  if (!face.eyes.length) return undefined;
  const left = Math.min(...face.eyes.map((e) => e.cx - e.rx * 1.5));
  const top = Math.min(...face.eyes.map((e) => e.cy - e.ry * 1.8));
  const right = Math.max(...face.eyes.map((e) => e.cx + e.rx * 1.5));
  const bottom = Math.max(...face.eyes.map((e) => e.cy + e.ry * 1.8));
  const box = pixelBox({ x: left, y: top, width: right - left, height: bottom - top }, canvas);
  const local = face.eyes.map((e) => ({ ...e, cx: e.cx - box.x, cy: e.cy - box.y }));
  const file = (state: string) => join(dir, `eyes-${state}.png`);
  await writePatch(eyesPatchSvg(local, box, face.skin, false), file('open'));
  await writePatch(eyesPatchSvg(local, box, face.skin, true), file('closed'));
  const states = blinkFrames(frames, fps, seed).map((closed) => (closed ? 'closed' : 'open'));
  const list = join(dir, 'eyes.txt');
  await writeFile(list, imageSequenceList(states, fps, file));
  return { list, x: box.x, y: box.y };
}

export async function talkingClip(request: LipSyncRequest): Promise<LipSyncResult> {
  const made = await renderTalking(request);
  return { path: request.outputPath, probe: await probe(request.outputPath), method: 'encode', ...made };
}

/** A film's dialogue shot: exactly `frames` frames, picture only, not probed (its maker knows it). */
export async function talkingShot(request: TalkingShotRequest): Promise<TalkingShotResult> {
  const made = await renderTalking({ ...request, withSound: false });
  return { path: request.outputPath, ...made };
}

/** What a talking portrait needs in an FFmpeg run: its inputs and the statements that film it. */
interface TalkingParts {
  inputs: string[];
  /** The statements filming it into `[output]`, its inputs numbered from `first`. */
  graph(first: number, output: string): string[];
  processing_method: LipSyncResult['processing_method'];
  duration: number;
  frames: number;
  size: Size;
  speechPath: string | null;
}

/**
 * Everything a talking portrait's FFmpeg run reads (the portrait, the mouth and eyelid sequences,
 * written into `dir`) and its filter statements; picture only, `frames` frames when it is given.
 */
async function prepareTalking(
  request: Omit<LipSyncRequest, 'outputPath' | 'onProgress'>,
  dir: string,
  withSound: boolean,
): Promise<TalkingParts> {
  validateSize(request.size, request.fps);
  await requireFile(request.portraitPath, 'portrait');
  const { fps } = request;
  const method = request.visemes?.length ? 'visemes' : 'audio_envelope';
  if (request.frames !== undefined && !(Number.isInteger(request.frames) && request.frames > 0))
    throw new EngineError('invalid_input', 'The clip length must be a whole number of frames above 0.');
  // A picture-only shot of a known length whose mouth follows visemes reads nothing from the speech.
  const speech =
    withSound || method === 'audio_envelope' || request.frames === undefined
      ? await readableSpeech(request.speechPath)
      : null;
  const duration = request.frames !== undefined ? request.frames / fps : speech!.duration;
  const frames = request.frames ?? Math.ceil(duration * fps);
  const size = evenSize(request.size);
  const canvas = evenSize({
    width: size.width * (1 + 2 * MOTION_MARGIN),
    height: size.height * (1 + 2 * MOTION_MARGIN),
  });
  const portrait = await readFile(request.portraitPath);
  let face: FaceRegions;
  try {
    face = await locateFace(portrait, canvas);
  } catch {
    throw new EngineError('invalid_input', 'The portrait is not a readable image.');
  }
  const shapes =
    method === 'visemes'
      ? shapesFromVisemes(request.visemes!, frames, fps)
      : shapesFromEnvelope(frameFeatures(await decodeSpeech(speech!.path, dir), ANALYSIS_RATE, fps, frames));
  const mouth = await mouthLayer(shapes, face, canvas, fps, dir);
  const eyes = await eyesLayer(
    frames,
    face,
    canvas,
    fps,
    hashString(portrait.subarray(0, 4096).toString('latin1')),
    dir,
  );
  // FFmpeg reads the portrait itself when it is a PNG (as the image engine draws them).
  const still = isPng(portrait) ? request.portraitPath : join(dir, 'portrait.png');
  if (still !== request.portraitPath) await sharp(portrait).png({ compressionLevel: 1 }).toFile(still);
  const spans = speakingSpans(shapes, fps);
  const nod = nodExpression(spans, canvas.height * MOTION_MARGIN * 0.5);
  const sway = nodExpression(spans, canvas.width * MOTION_MARGIN * 0.3, true);
  const fade = request.fadeIn
    ? `,fade=t=in:st=0:d=${sec(Math.min(request.fadeIn.duration, duration / 2))}:color=${request.fadeIn.colour}`
    : '';
  return {
    inputs: [
      '-framerate',
      String(fps),
      '-i',
      still,
      ...concatInput(mouth.list),
      ...(eyes ? concatInput(eyes.list) : []),
    ],
    graph: (first, output) => {
      const [portraitIn, mouthIn, eyesIn] = [first, first + 1, first + 2];
      const still = `${output}_still`;
      const talking = `${output}_talking`;
      const alive = `${output}_alive`;
      return [
        // The portrait fitted to the canvas (cover: scaled to fill, centred, cropped) once, then held.
        `[${portraitIn}:v]scale=${canvas.width}:${canvas.height}:force_original_aspect_ratio=increase,crop=${canvas.width}:${canvas.height},setsar=1,format=yuv420p,tpad=stop_mode=clone:stop_duration=${sec(duration + 1 / fps)}[${still}]`,
        `[${still}][${mouthIn}:v]overlay=x=${mouth.x}:y=${mouth.y}:eof_action=repeat[${talking}]`,
        ...(eyes
          ? [`[${talking}][${eyesIn}:v]overlay=x=${eyes.x}:y=${eyes.y}:eof_action=repeat[${alive}]`]
          : []),
        `[${eyes ? alive : talking}]crop=${size.width}:${size.height}:x='(iw-ow)/2+${sway}':y='(ih-oh)/2+${nod}',setsar=1,format=yuv420p${fade},trim=end_frame=${frames},setpts=PTS-STARTPTS[${output}]`,
      ];
    },
    processing_method: method,
    duration,
    frames,
    size,
    speechPath: speech?.path ?? null,
  };
}

async function renderTalking(request: LipSyncRequest): Promise<Pick<LipSyncResult, 'processing_method'>> {
  const withSound = request.withSound !== false;
  return withTempDir('lipsync', async (dir) => {
    const parts = await prepareTalking(request, dir, withSound);
    const { duration, frames, size } = parts;
    const { fps } = request;
    const audioInput = parts.inputs.filter((arg) => arg === '-i').length;
    const statements = [
      ...parts.graph(0, 'vout'),
      ...(withSound ? [audioTrack(`${audioInput}:a`, duration, 'aout')] : []),
    ];
    const settings = clipSettings(size, fps);
    await runFilterGraph(
      {
        inputs: [...parts.inputs, ...(withSound ? ['-i', parts.speechPath!] : [])],
        graph: statements,
        // The nod expression grows with the number of phrases: a script file keeps it off the command line.
        scriptPath: join(dir, 'graph.txt'),
        outputs: withSound
          ? encodedOutput('vout', settings, duration, request.outputPath)
          : [
              '-map',
              '[vout]',
              '-an',
              ...videoEncoderArgs(settings),
              '-r',
              String(fps),
              ...(request.frames !== undefined ? ['-frames:v', String(frames)] : []),
              ...containerArgs('mp4'),
              '-t',
              sec(duration),
              request.outputPath,
            ],
      },
      { duration, onProgress: request.onProgress },
    );
    return { processing_method: parts.processing_method };
  });
}

/**
 * A dialogue shot as part of a caller's FFmpeg run (a scene filmed in one encode): what it reads and
 * the statements that make exactly `frames` frames of it, picture only. Its files are written in
 * `dir`, which must outlive that run.
 */
export async function talkingShotGraph(
  request: Omit<TalkingShotRequest, 'outputPath' | 'onProgress'>,
  dir: string,
): Promise<TalkingShotGraph> {
  await mkdir(dir, { recursive: true });
  const parts = await prepareTalking(request, dir, false);
  return { inputs: parts.inputs, graph: parts.graph, processing_method: parts.processing_method };
}

/** Frames where the viseme mouth and the speech envelope agree on speaking or silent, in percent. */
export async function syncAccuracy(request: SyncAccuracyRequest): Promise<number> {
  const duration =
    request.duration !== undefined && request.duration > 0
      ? (await requireFile(request.speechPath, 'speech'), request.duration)
      : (await probeInput(request.speechPath, 'speech')).duration;
  const frames = Math.max(1, Math.ceil(duration * request.fps));
  return withTempDir('lipsync-sync', async (dir) => {
    const fromVisemes = shapesFromVisemes(request.visemes, frames, request.fps);
    const fromSound = shapesFromEnvelope(
      frameFeatures(await decodeSpeech(request.speechPath, dir), ANALYSIS_RATE, request.fps, frames),
    );
    let agree = 0;
    for (let i = 0; i < frames; i++) if ((fromVisemes[i] !== 'rest') === (fromSound[i] !== 'rest')) agree++;
    return Math.round((1000 * agree) / frames) / 10;
  });
}

export function createLocalLipSyncEngine(): LipSyncEngine {
  return { talkingClip, talkingShot, talkingShotGraph, syncAccuracy };
}
