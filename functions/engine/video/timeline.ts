import type { Size } from '../types';
import type { TransitionType } from './types';

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
  /**
   * Frames the prepared stream is known to provide. When every segment states enough of them, the
   * timeline is composed window by window (see windowedTimeline), which is several times cheaper.
   */
  frames?: number;
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

/**
 * A stretch of the output: black, one segment alone, or two during the transition into the later
 * one. Frames are counted on the output timeline, from `from` up to (not including) `to`.
 */
export type TimelineWindow =
  | { kind: 'black'; from: number; to: number }
  | { kind: 'solo'; segment: number; from: number; to: number }
  | { kind: 'transition'; segment: number; from: number; to: number };

/**
 * Cuts the timeline into windows, or returns null when the segments do not allow it: they must
 * come in order, each stream must state enough frames, and neighbours may only overlap by exactly
 * the transition into the later one (no three at once).
 */
export function planWindows(
  segments: TimelineSegment[],
  fps: number,
  totalFrames: number,
): TimelineWindow[] | null {
  const first = segments.map((s) => Math.round(s.start * fps));
  const windows: TimelineWindow[] = [];
  let cursor = 0;
  const push = (window: TimelineWindow) => {
    const from = Math.max(window.from, cursor);
    const to = Math.min(window.to, totalFrames);
    if (to <= from) return;
    windows.push({ ...window, from, to });
    cursor = to;
  };
  for (const [i, segment] of segments.entries()) {
    const previous = segments[i - 1];
    const into =
      segment.transitionIn && segment.transitionIn.type !== 'none' ? segment.transitionIn : undefined;
    if (previous) {
      if (segment.start < previous.start) return null;
      const overlap = previous.start + previous.duration - segment.start;
      if (Math.abs(overlap - (into?.duration ?? Math.min(0, overlap))) > 1e-3) return null;
      if (
        overlap > 1e-3 &&
        (segments[i - 2]?.start ?? -Infinity) + (segments[i - 2]?.duration ?? 0) > segment.start
      )
        return null;
    } else if (into) {
      return null;
    }
    const next = segments[i + 1];
    const lastFrame = first[i]! + Math.round(segment.duration * fps);
    push({ kind: 'black', from: cursor, to: first[i]! });
    const transitionEnd = into ? first[i]! + Math.max(1, Math.round(into.duration * fps)) : first[i]!;
    if (into) push({ kind: 'transition', segment: i, from: first[i]!, to: transitionEnd });
    // The last segment runs on to the end when rounding to frames leaves it one frame short.
    const fillsEnd = totalFrames - lastFrame === 1 && first[i]! + (segment.frames ?? 0) >= totalFrames;
    const soloEnd = next ? Math.min(lastFrame, first[i + 1]!) : fillsEnd ? totalFrames : lastFrame;
    push({ kind: 'solo', segment: i, from: transitionEnd, to: soloEnd });
  }
  push({ kind: 'black', from: cursor, to: totalFrames });
  if (cursor !== totalFrames) return null;
  // Every piece must lie within the frames its stream provides.
  for (const window of windows) {
    if (window.kind === 'black') continue;
    const used = window.kind === 'transition' ? [window.segment - 1, window.segment] : [window.segment];
    for (const index of used) {
      const provided = segments[index]!.frames;
      if (provided === undefined || window.to - first[index]! > provided) return null;
    }
  }
  return windows;
}

/** Filters shaping the two pieces of a transition window, on the window's own clock (seconds). */
function transitionChains(
  type: TransitionType,
  length: number,
  fps: number,
): { outgoing: string[]; incoming: string[]; x: string } {
  const colour = FADE_COLOUR[type];
  if (colour) {
    const half = sec(length / 2);
    return {
      outgoing: [`fade=t=out:st=0:d=${half}:color=${colour}`],
      incoming: [
        `fade=t=in:st=${half}:d=${half}:color=${colour}`,
        'format=yuva420p',
        `fade=t=in:st=${half}:d=${sec(1 / fps)}:alpha=1`,
      ],
      x: '0',
    };
  }
  if (type === 'fade')
    return { outgoing: [], incoming: ['format=yuva420p', `fade=t=in:st=0:d=${sec(length)}:alpha=1`], x: '0' };
  if (type === 'wipeleft' || type === 'wiperight')
    return { outgoing: [], incoming: ['format=yuva420p'], x: '0' };
  return { outgoing: [], incoming: [], x: slideX(type, 0, length) ?? '0' };
}

/**
 * The timeline as consecutive windows joined by concat: frames where one segment is alone pass
 * straight through, and only transition windows blend two pieces. Each piece is cut by frame
 * number and retimed by frame count, so the windows join exactly whatever the inputs' time bases.
 */
function windowedTimeline(
  segments: TimelineSegment[],
  windows: TimelineWindow[],
  options: { size: Size; fps: number; output: string },
): string[] {
  const { size, fps, output } = options;
  const statements: string[] = [];
  const first = segments.map((s) => Math.round(s.start * fps));
  const uses = segments.map(() => 0);
  for (const window of windows) {
    if (window.kind === 'solo') uses[window.segment]!++;
    if (window.kind === 'transition') {
      uses[window.segment - 1]!++;
      uses[window.segment]!++;
    }
  }
  const taken = segments.map(() => 0);
  segments.forEach((segment, i) => {
    if (uses[i]! > 1)
      statements.push(
        `[${segment.input}]split=${uses[i]}${Array.from({ length: uses[i]! }, (_, k) => `[part${i}_${k}]`).join('')}`,
      );
  });
  const piece = (index: number, window: TimelineWindow, chain: string[]) => {
    const source = uses[index]! > 1 ? `part${index}_${taken[index]!++}` : segments[index]!.input;
    const cut = `trim=start_frame=${window.from - first[index]!}:end_frame=${window.to - first[index]!}`;
    return `[${source}]${[cut, `settb=1/${fps}`, 'setpts=N', ...chain].join(',')}`;
  };
  const labels = windows.map((window, w) => {
    const label = `window${w}`;
    const frames = window.to - window.from;
    if (window.kind === 'black') {
      statements.push(
        `color=c=black:s=${size.width}x${size.height}:r=${fps},trim=end_frame=${frames},setsar=1,format=yuv420p[${label}]`,
      );
    } else if (window.kind === 'solo') {
      statements.push(`${piece(window.segment, window, [])}[${label}]`);
    } else {
      const into = segments[window.segment]!.transitionIn!;
      const length = frames / fps;
      const chains = transitionChains(into.type, length, fps);
      statements.push(`${piece(window.segment - 1, window, chains.outgoing)}[out${w}]`);
      let incoming = `in${w}`;
      statements.push(`${piece(window.segment, window, chains.incoming)}[${incoming}]`);
      if (into.type === 'wipeleft' || into.type === 'wiperight') {
        const mask = wipeMask(w, into.type, length, size, fps, length);
        statements.push(...mask.statements, `[${incoming}][${mask.label}]alphamerge[wiped${w}]`);
        incoming = `wiped${w}`;
      }
      statements.push(`[out${w}][${incoming}]overlay=x=${chains.x}:y=0:eof_action=pass[${label}]`);
    }
    return `[${label}]`;
  });
  const join = labels.length > 1 ? `concat=n=${labels.length}:v=1:a=0,` : '';
  statements.push(`${labels.join('')}${join}settb=1/${fps},setpts=N,format=yuv420p[${output}]`);
  return statements;
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
  const windows = planWindows(segments, fps, Math.ceil(total * fps - 1e-6));
  if (windows) return windowedTimeline(segments, windows, options);
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

/**
 * Transitions that FFmpeg's xfade draws as composeTimeline does (the same picture within rounding,
 * checked frame by frame in the tests). The others differ, so they are always composed, on every build:
 * - xfade's fadeblack and fadewhite are another curve: the colour is reached a fifth of the way in and
 *   the next segment fades in over the rest, so the midpoint is already a third of the next picture.
 *   Ours is a dip: out to the colour over the first half, in from it over the second, the midpoint
 *   is the colour itself.
 * - xfade's slides push the outgoing picture off screen; ours slide the incoming one over it.
 */
export const XFADE_EQUIVALENT: ReadonlySet<TransitionType> = new Set<TransitionType>([
  'fade',
  'wipeleft',
  'wiperight',
]);

/** Whether xfadeTimeline draws these segments as composeTimeline would: every join an equivalent transition. */
export function xfadeDrawsAlike(segments: TimelineSegment[]): boolean {
  return (
    segments.length > 1 &&
    segments.slice(1).every((s) => s.transitionIn && XFADE_EQUIVALENT.has(s.transitionIn.type))
  );
}

/**
 * The same timeline with xfade, for FFmpeg builds that have it (every join needs a transition that
 * xfade draws alike, see xfadeDrawsAlike).
 */
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
