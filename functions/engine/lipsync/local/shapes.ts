import type { VisemeTiming } from '../../speech/types';

/** The mouth shapes drawn, and how speech maps onto them (frame by frame). */
export const MOUTH_SHAPES = [
  'rest',
  'closed',
  'open-small',
  'open-wide',
  'rounded',
  'wide',
  'teeth',
] as const;
export type MouthShape = (typeof MOUTH_SHAPES)[number];

/** Polly viseme codes (p t S T f k i r s u @ a e E o O sil) → shape. */
const VISEME_SHAPES: Record<string, MouthShape> = {
  sil: 'rest',
  p: 'closed',
  f: 'teeth',
  T: 'teeth',
  t: 'open-small',
  k: 'open-small',
  r: 'open-small',
  s: 'wide',
  S: 'rounded',
  i: 'wide',
  e: 'wide',
  E: 'open-wide',
  a: 'open-wide',
  '@': 'open-small',
  o: 'rounded',
  O: 'rounded',
  u: 'rounded',
};

export const visemeShape = (viseme: string): MouthShape => VISEME_SHAPES[viseme] ?? 'open-small';

/** The shape shown in each frame: the latest viseme that has started, rest before the first. */
export function shapesFromVisemes(visemes: VisemeTiming[], frames: number, fps: number): MouthShape[] {
  const sorted = [...visemes].filter((v) => Number.isFinite(v.time)).sort((a, b) => a.time - b.time);
  const shapes: MouthShape[] = [];
  let next = 0;
  let current: MouthShape = 'rest';
  for (let frame = 0; frame < frames; frame++) {
    const t = frame / fps;
    while (next < sorted.length && sorted[next]!.time <= t + 1e-6)
      current = visemeShape(sorted[next++]!.viseme);
    shapes.push(current);
  }
  return shapes;
}

export interface FrameFeatures {
  /** Root mean square of the samples in the frame, 0–1 of full scale. */
  rms: number[];
  /** Zero crossings per sample, 0–1 (high for hissing sounds like s, f, sh). */
  zcr: number[];
}

/** −48 dBFS: quieter frames are silence whatever the rest of the track does. */
const SILENCE_RMS = 0.004;

export function frameFeatures(
  samples: Int16Array,
  sampleRate: number,
  fps: number,
  frames: number,
): FrameFeatures {
  const rms: number[] = [];
  const zcr: number[] = [];
  for (let frame = 0; frame < frames; frame++) {
    const from = Math.floor((frame * sampleRate) / fps);
    const to = Math.min(samples.length, Math.floor(((frame + 1) * sampleRate) / fps));
    let sum = 0;
    let crossings = 0;
    for (let i = from; i < to; i++) {
      const value = samples[i]! / 32768;
      sum += value * value;
      if (i > from && samples[i]! >= 0 !== samples[i - 1]! >= 0) crossings++;
    }
    const count = Math.max(1, to - from);
    rms.push(Math.sqrt(sum / count));
    zcr.push(crossings / count);
  }
  return { rms, zcr };
}

/** Loudness picks how far the mouth opens; hissing (many zero crossings) gives teeth or a wide mouth. */
export function shapesFromEnvelope({ rms, zcr }: FrameFeatures): MouthShape[] {
  const voiced = rms.filter((v) => v >= SILENCE_RMS).sort((a, b) => a - b);
  const reference = voiced.length ? voiced[Math.floor(voiced.length * 0.95)]! : 1;
  return rms.map((value, i) => {
    const level = value / reference;
    const crossings = zcr[i] ?? 0;
    if (value < SILENCE_RMS || level < 0.15) return 'rest';
    if (crossings > 0.45) return 'teeth';
    if (crossings > 0.3) return 'wide';
    if (level > 0.7) return 'open-wide';
    if (crossings < 0.06 && level > 0.35) return 'rounded';
    return 'open-small';
  });
}

/** Runs of equal shapes, for the concat list. */
export function runs<T>(values: T[]): { value: T; length: number }[] {
  const out: { value: T; length: number }[] = [];
  for (const value of values) {
    const last = out[out.length - 1];
    if (last && last.value === value) last.length++;
    else out.push({ value, length: 1 });
  }
  return out;
}
