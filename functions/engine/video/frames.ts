import type { Size } from '../types';
import { sec } from './timeline';

/** Filter-graph pieces that bring any picture into the output frame without distorting it. */

/** Fits the picture inside the frame without distorting it (letterbox or pillarbox bars). */
export const fitAndPad = (size: Size) =>
  `scale=${size.width}:${size.height}:force_original_aspect_ratio=decrease,pad=${size.width}:${size.height}:(ow-iw)/2:(oh-ih)/2:color=black,setsar=1,format=yuv420p`;

/** A clip's video at the output rate, fitted into the frame, exactly `duration` long (last frame held if short). */
export function fitVideo(input: string, size: Size, fps: number, duration: number, output: string): string {
  return `[${input}]fps=${fps},${fitAndPad(size)},tpad=stop_mode=clone:stop_duration=${sec(duration)},trim=duration=${sec(duration)},setpts=PTS-STARTPTS[${output}]`;
}
