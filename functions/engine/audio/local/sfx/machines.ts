import {
  addStereo,
  Biquad,
  brownNoise,
  mixInto,
  SAMPLE_RATE,
  seconds,
  smoothRandom,
  stereo,
  type Stereo,
} from '../dsp';
import { burst, chirp, eventTimes, layer, noiseBed, panAt, pick, type SoundContext } from './toolkit';
import { crowd } from './objects';

/** Engines, traffic, explosions and the quiet of a room. */

/**
 * An engine: a pulse per cylinder firing (rich in harmonics), smoothed by the exhaust, with the
 * revs wandering. `level` shapes loudness over the sound (for cars passing by).
 */
function engineNoise(context: SoundContext, frames: number, level?: (x: number) => number): Float32Array {
  const out = new Float32Array(frames);
  const revs = smoothRandom(context.random, 0.3);
  const exhaust = new Biquad('lowpass', 700, 1.2);
  const rumble = brownNoise(context.random);
  const idle = pick(context.random, 28, 42);
  let phase = 0;
  for (let i = 0; i < frames; i++) {
    phase += (idle * (1 + 0.35 * revs(i))) / SAMPLE_RATE;
    const firing = Math.exp(-((phase % 1) * 14));
    const v = exhaust.process(firing - 0.07) + rumble() * 0.4;
    out[i] = v * (level ? level(i / frames) : 1);
  }
  return out;
}

export function engine(context: SoundContext): Stereo {
  const out = stereo(context.frames);
  const passing = /pass|drive|driving|by|speed/.test(context.description);
  const signal = engineNoise(
    context,
    context.frames,
    passing ? (x) => Math.exp(-(((x - 0.5) / 0.22) ** 2)) : undefined,
  );
  if (!passing) {
    mixInto(out, signal, 0, 1, 0);
    return out;
  }
  // Passing by: the sound travels from left to right as it swells and fades.
  const half = Math.floor(context.frames / 2);
  mixInto(out, signal.subarray(0, half), 0, 1, -0.7);
  mixInto(out, signal.subarray(half), half, 1, 0.7);
  return out;
}

function horn(): Float32Array {
  const out = new Float32Array(seconds(0.45));
  for (let i = 0; i < out.length; i++) {
    const t = i / SAMPLE_RATE;
    const square = (f: number) => (Math.sin(2 * Math.PI * f * t) > 0 ? 1 : -1);
    out[i] = (square(405) + square(510)) * 0.3 * Math.min(1, t / 0.01, (out.length - i) / 400);
  }
  return out;
}

export function city(context: SoundContext): Stereo {
  const out = noiseBed(context, {
    colour: 'brown',
    filters: [{ type: 'lowpass', frequency: 260 }],
    movement: { rate: 0.1, depth: 0.6 },
  });
  for (const at of eventTimes(context, 1 / 4.5, 0.7)) {
    const frames = seconds(pick(context.random, 3, 5));
    const car = engineNoise(context, frames, (x) => Math.sin(Math.PI * x) ** 2);
    mixInto(out, car, at - Math.floor(frames / 2), pick(context.random, 0.2, 0.5), panAt(context.random));
  }
  for (const at of eventTimes(context, 1 / 18, 0.8, seconds(pick(context.random, 2, 8)))) {
    mixInto(out, horn(), at, 0.05, panAt(context.random));
  }
  addStereo(out, crowd({ ...context, mode: 'ambiance' }), 0, 0.015);
  return out;
}

export function explosion(context: SoundContext): Stereo {
  const out = stereo(context.frames);
  const blast = (distant: boolean): Float32Array => {
    const length = distant ? 3 : 4.5;
    const roar = new Float32Array(seconds(length));
    const source = brownNoise(context.random);
    const shaper = new Biquad('lowpass', 2000);
    for (let i = 0; i < roar.length; i++) {
      const t = i / SAMPLE_RATE;
      if (i % 128 === 0) shaper.set((distant ? 300 : 200) + (distant ? 300 : 2500) * Math.exp(-t / 0.3));
      roar[i] = shaper.process(source()) * Math.exp(-t / 0.9) * Math.min(1, t / 0.005) * 3;
    }
    const boom = chirp({ from: 75, to: 28, length: 2, decay: 0.6 });
    const crack = burst(context.random, { length: 0.4, decay: 0.05, type: 'highpass', frequency: 1000 });
    const debris = eventTimes({ ...context, frames: seconds(2.5) }, 10, 1, seconds(0.4)).map((at) => ({
      signal: burst(context.random, {
        length: 0.05,
        decay: 0.008,
        type: 'bandpass',
        frequency: pick(context.random, 1500, 5000),
        q: 2,
      }),
      at: at / SAMPLE_RATE,
      gain: pick(context.random, 0.1, 0.5),
    }));
    return layer(
      { signal: roar, at: 0, gain: 1 },
      { signal: boom, at: 0, gain: 1.2 },
      ...(distant ? [] : [{ signal: crack, at: 0, gain: 0.9 }, ...debris]),
    );
  };
  if (context.mode === 'effect') {
    mixInto(out, blast(false), 0, 1, 0);
    return out;
  }
  for (const at of eventTimes(context, 1 / 9, 0.7, seconds(pick(context.random, 1, 4)))) {
    mixInto(out, blast(true), at, pick(context.random, 0.3, 1), panAt(context.random, 0.7));
  }
  return out;
}

/** The quiet of a room: soft air noise and the faintest mains hum. */
export function roomTone(context: SoundContext): Stereo {
  const out = noiseBed(context, {
    colour: 'pink',
    filters: [
      { type: 'lowpass', frequency: 700 },
      { type: 'highpass', frequency: 40 },
    ],
    movement: { rate: 0.05, depth: 0.85 },
  });
  const hum = new Float32Array(context.frames);
  for (let i = 0; i < hum.length; i++) {
    const t = i / SAMPLE_RATE;
    hum[i] = 0.02 * Math.sin(2 * Math.PI * 50 * t) + 0.01 * Math.sin(2 * Math.PI * 100 * t);
  }
  mixInto(out, hum, 0, 1, 0);
  return out;
}
