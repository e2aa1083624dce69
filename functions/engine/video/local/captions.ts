import { join } from 'node:path';
import { FONT_FAMILY } from '../../drawing/fontconfig';
import { writeSvgAsPng } from '../../drawing/png';
import { el, escapeXml, group, num, svgDocument } from '../../drawing/svg';
import type { Size } from '../../types';
import type { SubtitleCue } from '../types';
import { evenSize } from '../encoding';
import { captionStyle, cueLines, visibleCues, type CaptionLayout, type CaptionStyle } from './subtitles';

/**
 * Burnt-in subtitles drawn once per cue instead of once per frame. Every cue is rendered into a
 * strip of an image (an atlas; the first strip stays empty for the pauses), and one crop window
 * steps from strip to strip at the cue times, laid over the picture in a single overlay. libass
 * blends every glyph again on every frame, which cost more than the rest of a film's filters
 * together; this draws the same look (DejaVu Sans, white with a dark outline and a soft shadow,
 * bottom-centred, at most two lines) for a small fraction of that.
 */

/**
 * DejaVu Sans vertical metrics, in em. A caption font size (captionStyle) is the line height
 * (ascent + descent), as subtitle renderers count it, not the em: the SVG font size is that size
 * divided by the line height in em.
 */
const ASCENT = 0.928;
const DESCENT = 0.236;
const LINE = ASCENT + DESCENT;
/** Strips per atlas image: keeps each image a few megapixels at most. */
const STRIPS_PER_ATLAS = 48;

export interface CaptionLayer {
  /** FFmpeg input arguments: the atlas images, in order. */
  inputs: string[];
  /**
   * Filter statements laying the captions over `[input]` as `[output]`, the atlases being inputs
   * `firstInput`, `firstInput + 1`, ….
   */
  statements(firstInput: number, input: string, output: string): string[];
}

interface Placement {
  /** Strip index within its atlas (0 = empty). */
  strip: number;
  from: number;
  to: number;
}

/** Frame spans of the cues: rounded to frames, in order, a cue ending where the next begins. */
export function cueFrames(
  cues: SubtitleCue[],
  fps: number,
): { cue: SubtitleCue; from: number; to: number }[] {
  const spans: { cue: SubtitleCue; from: number; to: number }[] = [];
  const ordered = visibleCues(cues).sort((a, b) => a.start - b.start);
  ordered.forEach((cue, i) => {
    const next = ordered[i + 1];
    const from = Math.max(0, Math.round(cue.start * fps), spans.at(-1)?.to ?? 0);
    const to = Math.min(Math.round(cue.end * fps), next ? Math.round(next.start * fps) : Infinity);
    if (to > from) spans.push({ cue, from, to });
  });
  return spans;
}

/** Height of a two-line strip, with room for the outline and the shadow. */
function stripHeight(style: CaptionStyle): number {
  return evenSize({ width: 2, height: Math.ceil(2 * style.fontSize + 2 * style.outline + style.shadow + 4) })
    .height;
}

function stripSvg(texts: string[], size: Size, style: CaptionStyle, height: number): string {
  const centre = style.margin + (size.width - style.margin - style.marginRight) / 2;
  // The last line's descent sits on the bottom margin.
  const lastBaseline = (fontSize: number) =>
    height - 2 - style.shadow - style.outline - (DESCENT / LINE) * fontSize;
  const strips = texts.map((text, index) => {
    const { lines, fontSize } = cueLines(text, style);
    const top = (index + 1) * height;
    const textAt = (line: string, i: number, attrs: Record<string, string | number>) =>
      el(
        'text',
        {
          x: num(centre),
          y: num(top + lastBaseline(fontSize) - (lines.length - 1 - i) * fontSize),
          'font-size': num(fontSize / LINE),
          ...attrs,
        },
        escapeXml(line),
      );
    const stroke = { stroke: '#000', 'stroke-width': num(2 * style.outline), 'stroke-linejoin': 'round' };
    return [
      group(
        lines.map((line, i) => textAt(line, i, { fill: '#000', ...stroke })),
        { opacity: 0.5, transform: `translate(${style.shadow} ${style.shadow})` },
      ),
      ...lines.map((line, i) =>
        textAt(line, i, { fill: '#fff', ...stroke, stroke: '#101010', 'paint-order': 'stroke' }),
      ),
    ].join('');
  });
  return svgDocument(
    size.width,
    height * (texts.length + 1),
    [],
    [group(strips, { 'font-family': FONT_FAMILY, 'text-anchor': 'middle' })],
  );
}

/** A balanced if-tree over frame number `n`: the strip's top row for each span, 0 between spans. */
function stripExpression(placements: Placement[], height: number): string {
  const build = (items: Placement[]): string => {
    if (!items.length) return '0';
    const middle = Math.floor(items.length / 2);
    const item = items[middle]!;
    const inside = `if(lt(n,${item.to}),${item.strip * height},${build(items.slice(middle + 1))})`;
    return `if(lt(n,${item.from}),${build(items.slice(0, middle))},${inside})`;
  };
  return build(placements);
}

/**
 * Renders the caption atlases for `cues` (seconds on the output timeline) and returns how to lay
 * them over a picture of `frames` frames; null when there is nothing to show.
 */
export async function captionLayer(
  cues: SubtitleCue[],
  options: {
    size: Size;
    fps: number;
    frames: number;
    workDir: string;
    name?: string;
    layout?: CaptionLayout;
  },
): Promise<CaptionLayer | null> {
  const { size, fps, frames } = options;
  const spans = cueFrames(cues, fps).filter((span) => span.from < frames);
  if (!spans.length) return null;
  const style = captionStyle(size, options.layout);
  const height = stripHeight(style);
  const y = Math.max(0, size.height - style.margin + style.outline + style.shadow + 2 - height);
  const top = y - (y % 2);

  const chunks: (typeof spans)[] = [];
  for (let i = 0; i < spans.length; i += STRIPS_PER_ATLAS) chunks.push(spans.slice(i, i + STRIPS_PER_ATLAS));
  const paths = await Promise.all(
    chunks.map(async (chunk, c) => {
      const path = join(options.workDir, `${options.name ?? 'captions'}-${c}.png`);
      await writeSvgAsPng(
        stripSvg(
          chunk.map((span) => span.cue.text),
          size,
          style,
          height,
        ),
        path,
      );
      return path;
    }),
  );
  // Each atlas covers the frames from its first cue (the first one from frame 0) to the next atlas.
  const bounds = chunks.map((chunk, c) => ({
    from: c === 0 ? 0 : chunk[0]!.from,
    to: c === chunks.length - 1 ? frames : chunks[c + 1]![0]!.from,
  }));
  return {
    inputs: paths.flatMap((path) => ['-i', path]),
    statements(firstInput, input, output) {
      const layers = chunks.map((chunk, c) => {
        const { from, to } = bounds[c]!;
        const placements = chunk.map((span, i) => ({
          strip: i + 1,
          from: span.from - from,
          to: Math.min(span.to, to) - from,
        }));
        return (
          `[${firstInput + c}:v]format=yuva420p,loop=loop=${Math.max(0, to - from - 1)}:size=1:start=0,setpts=N/${fps}/TB,` +
          `crop=${size.width}:${height}:0:'${stripExpression(placements, height)}'[caption${c}]`
        );
      });
      const label = chunks.length === 1 ? 'caption0' : 'captions';
      const joined =
        chunks.length === 1
          ? []
          : [`${chunks.map((_, c) => `[caption${c}]`).join('')}concat=n=${chunks.length}:v=1:a=0[${label}]`];
      return [
        ...layers,
        ...joined,
        `[${input}][${label}]overlay=x=0:y=${top}:eof_action=pass:format=yuv420[${output}]`,
      ];
    },
  };
}
