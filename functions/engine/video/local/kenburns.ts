import { createRandom } from '../../random';
import type { SceneClipRequest } from '../types';
import type { Size } from '../../types';
import { evenSize } from '../encoding';
import { sec } from '../timeline';

/**
 * Camera moves over a still. The still is scaled once to a larger canvas (zoompan then crops and
 * scales each frame from it, which is ~3× faster than rescaling the source per frame and halves the
 * pixel jitter of zoompan's integer crop positions).
 */
export interface CameraMove {
  zoomFrom: number;
  zoomTo: number;
  /** Position of the crop window within the free space, 0 = left/top, 1 = right/bottom. */
  xFrom: number;
  xTo: number;
  yFrom: number;
  yTo: number;
}

export function cameraMove(motion: SceneClipRequest['motion'], seed: number, index: number): CameraMove {
  const random = createRandom(`${seed}:camera:${index}`);
  if (motion === 'static') return { zoomFrom: 1, zoomTo: 1, xFrom: 0.5, xTo: 0.5, yFrom: 0.5, yTo: 0.5 };
  if (motion === 'pan') {
    const leftToRight = random.chance(0.5);
    const y = 0.35 + random.next() * 0.3;
    return {
      zoomFrom: 1.15,
      zoomTo: 1.15,
      xFrom: leftToRight ? 0 : 1,
      xTo: leftToRight ? 1 : 0,
      yFrom: y,
      yTo: y,
    };
  }
  const zoomIn = random.chance(0.5);
  const amount = 1.12 + random.next() * 0.1;
  const point = () => 0.2 + random.next() * 0.6;
  return {
    zoomFrom: zoomIn ? 1 : amount,
    zoomTo: zoomIn ? amount : 1,
    xFrom: point(),
    xTo: point(),
    yFrom: point(),
    yTo: point(),
  };
}

/** The canvas the still is scaled to once: twice the output, at most 4K wide. */
export function canvasFor(size: Size): Size {
  const factor = Math.min(2, 3840 / size.width, 3840 / size.height);
  return evenSize({ width: size.width * factor, height: size.height * factor });
}

/**
 * Moves from a to b over the frames with smoothstep easing, so the camera starts and stops gently.
 * The frame counter is `on` inside zoompan and `n` in other filters.
 */
function easedLerp(counter: 'on' | 'n', frames: number): (a: number, b: number) => string {
  const last = Math.max(1, frames - 1);
  const p = `(3*pow(min(${counter}/${last},1),2)-2*pow(min(${counter}/${last},1),3))`;
  return (a, b) => (a === b ? sec(a) : `(${sec(a)}+${sec(b - a)}*${p})`);
}

/** The still scaled to cover the canvas (cropping what overhangs), so no move shows its edges. */
const coverCanvas = (input: string, canvas: Size) =>
  `[${input}]scale=${canvas.width}:${canvas.height}:force_original_aspect_ratio=increase,crop=${canvas.width}:${canvas.height},setsar=1,format=yuv420p,`;

/** Filter chain turning one decoded still into `frames` frames of camera motion. */
export function stillToMotion(
  input: string,
  move: CameraMove,
  frames: number,
  size: Size,
  fps: number,
  output: string,
): string {
  if (move.zoomFrom === move.zoomTo) return panOverStill(input, move, frames, size, fps, output);
  const canvas = canvasFor(size);
  return (
    coverCanvas(input, canvas) +
    `${zoomOver(move, frames, frames, size, fps)},` +
    `trim=end_frame=${frames},setpts=PTS-STARTPTS[${output}]`
  );
}

/**
 * FFmpeg's zoompan along an eased move over `frames` output frames, each input frame held for
 * `hold` of them (a still: all of them; moving pictures: one).
 */
function zoomOver(move: CameraMove, frames: number, hold: number, size: Size, fps: number): string {
  const lerp = easedLerp('on', frames);
  return `zoompan=z='${lerp(move.zoomFrom, move.zoomTo)}':x='(iw-iw/zoom)*${lerp(move.xFrom, move.xTo)}':y='(ih-ih/zoom)*${lerp(move.yFrom, move.yTo)}':d=${hold}:s=${size.width}x${size.height}:fps=${fps}`;
}

/**
 * A camera move without zoom needs no per-frame scaling: the still is scaled once to the zoomed
 * size and a frame-sized window slides across it (crop is a pointer move, several times cheaper
 * than zoompan).
 */
function panOverStill(
  input: string,
  move: CameraMove,
  frames: number,
  size: Size,
  fps: number,
  output: string,
): string {
  const canvas = evenSize({ width: size.width * move.zoomFrom, height: size.height * move.zoomFrom });
  const last = Math.max(1, frames - 1);
  const lerp = easedLerp('n', frames);
  return (
    coverCanvas(input, canvas) +
    `loop=loop=${last}:size=1:start=0,setpts=N/${fps}/TB,` +
    `crop=${size.width}:${size.height}:x='(in_w-out_w)*${lerp(move.xFrom, move.xTo)}':y='(in_h-out_h)*${lerp(move.yFrom, move.yTo)}',` +
    `trim=end_frame=${frames},setpts=PTS-STARTPTS[${output}]`
  );
}

/** The camera moves a film's shots are given, so that one still is seen in several framings. */
export const CAMERA_KINDS = ['push-in', 'pull-out', 'pan-left', 'pan-right', 'rise', 'descend'] as const;
export type CameraKind = (typeof CAMERA_KINDS)[number];

/**
 * A slow move of `kind` over a still, its framing drawn from the seed: a push-in or pull-out between
 * the whole picture and a detail of it (12–30 % closer), or a glide across the picture seen 25 %
 * closer. Successive shots of one still differ in where they look, so a cut between them shows.
 */
export function framedMove(kind: CameraKind, seed: number, index: number): CameraMove {
  const random = createRandom(`${seed}:framing:${index}`);
  const point = () => 0.15 + random.next() * 0.7;
  const close = 1.12 + random.next() * 0.18;
  const [x, y] = [point(), point()];
  switch (kind) {
    case 'push-in':
      return { zoomFrom: 1, zoomTo: close, xFrom: 0.5, xTo: x, yFrom: 0.5, yTo: y };
    case 'pull-out':
      return { zoomFrom: close, zoomTo: 1, xFrom: x, xTo: 0.5, yFrom: y, yTo: 0.5 };
    case 'pan-left':
    case 'pan-right': {
      const right = kind === 'pan-right';
      return { zoomFrom: 1.25, zoomTo: 1.25, xFrom: right ? 0 : 1, xTo: right ? 1 : 0, yFrom: y, yTo: y };
    }
    case 'rise':
    case 'descend': {
      const up = kind === 'rise';
      return { zoomFrom: 1.25, zoomTo: 1.25, xFrom: x, xTo: x, yFrom: up ? 1 : 0, yTo: up ? 0 : 1 };
    }
  }
}

/**
 * A camera move over moving pictures (a talking close-up): each frame cropped to the move's window
 * and scaled back to the frame, eased as over a still.
 */
export function moveOverFrames(
  input: string,
  move: CameraMove,
  frames: number,
  size: Size,
  fps: number,
  output: string,
): string {
  return `[${input}]${zoomOver(move, frames, 1, size, fps)},setsar=1[${output}]`;
}
