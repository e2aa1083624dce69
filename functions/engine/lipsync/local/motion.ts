import { createRandom } from '../../random';
import type { MouthShape } from './shapes';

/**
 * Life around the mouth: the head nods gently through each spoken phrase (and is perfectly still in
 * silence), and the eyes blink every few seconds.
 */
export interface Span {
  start: number;
  end: number;
}

/** Phrases: frames with an open mouth, joined across short gaps, ignoring blips. */
export function speakingSpans(shapes: MouthShape[], fps: number, joinGap = 0.35, minLength = 0.2): Span[] {
  const spans: Span[] = [];
  let start = -1;
  shapes.forEach((shape, frame) => {
    const talking = shape !== 'rest';
    if (talking && start < 0) start = frame;
    if (!talking && start >= 0) {
      spans.push({ start: start / fps, end: frame / fps });
      start = -1;
    }
  });
  if (start >= 0) spans.push({ start: start / fps, end: shapes.length / fps });
  const joined: Span[] = [];
  for (const span of spans) {
    const last = joined[joined.length - 1];
    if (last && span.start - last.end < joinGap) last.end = span.end;
    else joined.push({ ...span });
  }
  return joined.filter((s) => s.end - s.start >= minLength);
}

const num = (value: number) => String(Math.round(value * 1000) / 1000);

/**
 * An FFmpeg expression of `t`: one smooth nod (half a sine) per phrase, `amplitude` pixels, zero
 * outside phrases. `sway` alternates the direction per phrase for the sideways motion.
 */
export function nodExpression(spans: Span[], amplitude: number, sway = false): string {
  if (!spans.length || amplitude === 0) return '0';
  const terms = spans.map((s, i) => {
    const sign = sway && i % 2 ? -1 : 1;
    const cycles = sway ? 2 : 1;
    return `between(t,${num(s.start)},${num(s.end)})*${num(sign * amplitude)}*sin(${cycles}*PI*(t-${num(s.start)})/${num(s.end - s.start)})`;
  });
  return terms.join('+');
}

/** Frames with the eyes closed: a blink of ~120 ms every 2.5–5.5 s, from the seed. */
export function blinkFrames(frames: number, fps: number, seed: number): boolean[] {
  const random = createRandom(`${seed}:blink`);
  const closed = new Array<boolean>(frames).fill(false);
  const length = Math.max(2, Math.round(0.12 * fps));
  let t = 1 + random.next() * 2;
  while (t * fps < frames) {
    const first = Math.round(t * fps);
    for (let f = first; f < Math.min(frames, first + length); f++) closed[f] = true;
    t += 2.5 + random.next() * 3;
  }
  return closed;
}
