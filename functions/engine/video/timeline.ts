import type { Size, TransitionType } from '../types';

/**
 * Composition of segments on one timeline without the xfade filter (the bundled 2018 FFmpeg has
 * none): every segment is shifted to its start and overlaid, in order, on a background; incoming
 * segments fade in through their alpha channel, slide in, or are revealed by a moving mask, and
 * fade-through-black/white fades the outgoing segment to the colour before the next one appears.
 * Segments overlap by the transition length, exactly like xfade, so audio crossfades of the same
 * length stay in sync.
 */
export interface Transition {
  type: TransitionType;
  duration: number;
}

export interface TimelineSegment {
  /** Filter-graph label (without brackets) of the prepared stream: output size, fps and SAR, pts from 0. */
  input: string;
  start: number;
  duration: number;
  transitionIn?: Transition;
  transitionOut?: Transition;
}

/** Seconds with millisecond precision, as FFmpeg arguments. */
export const sec = (value: number) => String(Math.round(value * 1000) / 1000);

const FADE_COLOUR: Partial<Record<TransitionType, string>> = { fadeblack: 'black', fadewhite: 'white' };
const ALPHA_TRANSITIONS = new Set<TransitionType>([
  'fade',
  'fadeblack',
  'fadewhite',
  'wipeleft',
  'wiperight',
]);

/**
 * Start times when segments follow each other with overlapping transitions. A transition is at most
 * half of the shorter neighbour, so no segment is swallowed by two transitions.
 */
export function placeSequential(
  durations: number[],
  transitions: (Transition | undefined)[],
): { starts: number[]; transitions: Transition[]; total: number } {
  const starts: number[] = [];
  const clamped: Transition[] = [];
  let end = 0;
  durations.forEach((duration, i) => {
    const wanted = i === 0 ? undefined : transitions[i];
    const length =
      !wanted || wanted.type === 'none'
        ? 0
        : Math.max(0, Math.min(wanted.duration, durations[i - 1]! / 2, duration / 2));
    clamped.push({ type: length > 0 ? wanted!.type : 'none', duration: length });
    const start = Math.max(0, end - length);
    starts.push(start);
    end = start + duration;
  });
  return { starts, transitions: clamped, total: end };
}

/** Builds segments from a sequence; the transition into segment i also shapes the end of i − 1. */
export function sequenceSegments(
  inputs: string[],
  durations: number[],
  transitions: (Transition | undefined)[],
): { segments: TimelineSegment[]; total: number } {
  const placed = placeSequential(durations, transitions);
  const segments = inputs.map((input, i) => ({
    input,
    start: placed.starts[i]!,
    duration: durations[i]!,
    transitionIn: placed.transitions[i]!.duration > 0 ? placed.transitions[i] : undefined,
    transitionOut:
      placed.transitions[i + 1] && placed.transitions[i + 1]!.duration > 0
        ? placed.transitions[i + 1]
        : undefined,
  }));
  return { segments, total: placed.total };
}

function slideX(type: TransitionType, start: number, duration: number): string | undefined {
  const progress = `(t-${sec(start)})/${sec(duration)}`;
  if (type === 'slideleft') return `'if(lt(t,${sec(start + duration)}),W*(1-${progress}),0)'`;
  if (type === 'slideright') return `'if(lt(t,${sec(start + duration)}),-W*(1-${progress}),0)'`;
  return undefined;
}

function wipeMask(
  index: number,
  type: TransitionType,
  length: number,
  size: Size,
  fps: number,
  duration: number,
): { statements: string[]; label: string } {
  const box = `s=${size.width}x${size.height}:r=${fps}:d=${sec(duration)}`;
  const x = type === 'wipeleft' ? `'max(0,W*(1-t/${sec(length)}))'` : `'min(0,-W+W*t/${sec(length)})'`;
  const label = `wipe${index}`;
  return {
    statements: [
      `color=c=black:${box}[wipeb${index}]`,
      `color=c=white:${box}[wipew${index}]`,
      `[wipeb${index}][wipew${index}]overlay=x=${x}:y=0,format=gray[${label}]`,
    ],
    label,
  };
}

export function composeTimeline(
  segments: TimelineSegment[],
  options: { size: Size; fps: number; total: number; output: string },
): string[] {
  const { size, fps, total, output } = options;
  const statements: string[] = [];
  const single = segments.length === 1 && segments[0]!.start === 0 && !segments[0]!.transitionIn;
  if (single) {
    statements.push(`[${segments[0]!.input}]format=yuv420p[${output}]`);
    return statements;
  }
  statements.push(`color=c=black:s=${size.width}x${size.height}:r=${fps}:d=${sec(total)}[base]`);
  let previous = 'base';
  segments.forEach((segment, i) => {
    const chain: string[] = [];
    const { transitionIn: into, transitionOut: out } = segment;
    if (out && FADE_COLOUR[out.type]) {
      chain.push(
        `fade=t=out:st=${sec(segment.duration - out.duration)}:d=${sec(out.duration / 2)}:color=${FADE_COLOUR[out.type]}`,
      );
    }
    if (into && FADE_COLOUR[into.type])
      chain.push(
        `fade=t=in:st=${sec(into.duration / 2)}:d=${sec(into.duration / 2)}:color=${FADE_COLOUR[into.type]}`,
      );
    if (into && ALPHA_TRANSITIONS.has(into.type)) chain.push('format=yuva420p');
    if (into?.type === 'fade') chain.push(`fade=t=in:st=0:d=${sec(into.duration)}:alpha=1`);
    // Through a colour: invisible until the outgoing segment has become the colour, then opaque.
    if (into && FADE_COLOUR[into.type])
      chain.push(`fade=t=in:st=${sec(into.duration / 2)}:d=${sec(1 / fps)}:alpha=1`);
    let source = segment.input;
    if (chain.length) {
      statements.push(`[${source}]${chain.join(',')}[shape${i}]`);
      source = `shape${i}`;
    }
    if (into && (into.type === 'wipeleft' || into.type === 'wiperight')) {
      const mask = wipeMask(i, into.type, into.duration, size, fps, segment.duration);
      statements.push(...mask.statements, `[${source}][${mask.label}]alphamerge[wiped${i}]`);
      source = `wiped${i}`;
    }
    statements.push(`[${source}]setpts=PTS-STARTPTS+${sec(segment.start)}/TB[placed${i}]`);
    const x = (into && slideX(into.type, segment.start, into.duration)) ?? '0';
    const next = i === segments.length - 1 ? 'composed' : `stack${i}`;
    statements.push(`[${previous}][placed${i}]overlay=x=${x}:y=0:eof_action=pass[${next}]`);
    previous = next;
  });
  statements.push(`[${previous}]format=yuv420p[${output}]`);
  return statements;
}

/** The same timeline with xfade, for FFmpeg builds that have it (every join needs a transition). */
export function xfadeTimeline(segments: TimelineSegment[], output: string): string[] {
  const statements: string[] = [];
  let previous = segments[0]!.input;
  segments.slice(1).forEach((segment, i) => {
    const into = segment.transitionIn!;
    const next = i === segments.length - 2 ? 'xfaded' : `xf${i + 1}`;
    statements.push(
      `[${previous}][${segment.input}]xfade=transition=${into.type}:duration=${sec(into.duration)}:offset=${sec(segment.start)}[${next}]`,
    );
    previous = next;
  });
  statements.push(`[${previous}]format=yuv420p[${output}]`);
  return statements;
}
