import { filterEscape, fontPath } from '../../media/ffmpeg';
import type { WatermarkPosition } from '../types';

/** Where drawtext puts the watermark: a margin of 3% of the height from the chosen corner. */
export function watermarkPosition(position: WatermarkPosition): { x: string; y: string } {
  const margin = 'h*0.03';
  const left = position.endsWith('left');
  const top = position.startsWith('top');
  return { x: left ? margin : `w-tw-${margin}`, y: top ? margin : `h-th-${margin}` };
}

/** The text comes from a file (no escaping of user text) and is drawn verbatim (expansion=none). */
export function watermarkFilter(
  input: string,
  textFile: string,
  position: WatermarkPosition,
  output: string,
): string {
  const { x, y } = watermarkPosition(position);
  return (
    `[${input}]drawtext=fontfile=${filterEscape(fontPath('sans-bold'))}:textfile=${filterEscape(textFile)}:expansion=none:` +
    `fontsize=h*0.05:fontcolor=white@0.85:borderw=2:bordercolor=black@0.6:x=${x}:y=${y}[${output}]`
  );
}
