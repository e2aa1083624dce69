import type { Box } from '../../types';
import type { Size } from '../../types';
import { concatQuote } from '../../video/local/concat';
import { runs } from './shapes';

/** A concat-demuxer list: each run of equal frames as one image with a duration. */
export function imageSequenceList(
  sequence: string[],
  fps: number,
  fileFor: (value: string) => string,
): string {
  const lines: string[] = [];
  runs(sequence).forEach((run, i) => {
    // Half a frame early, so rounding never shows a shape one frame late.
    const seconds = run.length / fps - (i === 0 ? 0.5 / fps : 0);
    lines.push(`file ${concatQuote(fileFor(run.value))}`, `duration ${seconds.toFixed(6)}`);
  });
  lines.push(`file ${concatQuote(fileFor(sequence[sequence.length - 1]!))}`);
  return `${lines.join('\n')}\n`;
}

/** Rounds a box to whole pixels inside the canvas. */
export function pixelBox(box: Box, canvas: Size): Box {
  const width = Math.max(8, Math.min(canvas.width, Math.round(box.width)));
  const height = Math.max(8, Math.min(canvas.height, Math.round(box.height)));
  return {
    x: Math.max(0, Math.min(canvas.width - width, Math.round(box.x))),
    y: Math.max(0, Math.min(canvas.height - height, Math.round(box.y))),
    width,
    height,
  };
}
