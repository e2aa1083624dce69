import {
  Biquad,
  brownNoise,
  mixInto,
  pinkNoise,
  SAMPLE_RATE,
  seconds,
  smoothRandom,
  stereo,
  type Stereo,
} from '../dsp';
import { burst, chirp, eventTimes, layer, noiseBed, panAt, pick, type SoundContext } from './toolkit';

/** Weather, water, fire and creatures. */

export function rain(context: SoundContext): Stereo {
  const out = noiseBed(context, {
    colour: 'pink',
    filters: [
      { type: 'highpass', frequency: 500 },
      { type: 'lowpass', frequency: 9000 },
    ],
    movement: { rate: 0.2, depth: 0.75 },
  });
  // Individual drops on leaves and roofs over the hiss.
  for (const at of eventTimes(context, 35)) {
    const drop = burst(context.random, {
      length: 0.02,
      decay: 0.003,
      type: 'bandpass',
      frequency: pick(context.random, 2000, 6000),
      q: 2,
    });
    mixInto(out, drop, at, pick(context.random, 0.5, 3), panAt(context.random));
  }
  return out;
}

export function wind(context: SoundContext): Stereo {
  const out = stereo(context.frames);
  for (const channel of [out.left, out.right]) {
    const source = pinkNoise(context.random);
    const howl = new Biquad('bandpass', 500, 1.2);
    const body = new Biquad('lowpass', 300);
    const pitch = smoothRandom(context.random, 0.15);
    const gust = smoothRandom(context.random, 0.12);
    for (let i = 0; i < channel.length; i++) {
      if (i % 128 === 0) howl.set(250 + 650 * pitch(i), 1.2);
      const v = source();
      const strength = 0.25 + 0.75 * gust(i) ** 2;
      channel[i] = (howl.process(v) * 1.5 + body.process(v)) * strength;
    }
  }
  return out;
}

function thunderClap(context: SoundContext, distant: boolean): Float32Array {
  const length = pick(context.random, 4, 7);
  const rumble = new Float32Array(seconds(length));
  const source = brownNoise(context.random);
  const shaper = new Biquad('lowpass', distant ? 120 : 220);
  const swells = smoothRandom(context.random, 1.5);
  for (let i = 0; i < rumble.length; i++) {
    const t = i / SAMPLE_RATE;
    const envelope = Math.min(1, t / 0.08) * Math.exp(-t / (length / 3));
    rumble[i] = shaper.process(source()) * envelope * (0.4 + 0.6 * swells(i)) * 3;
  }
  if (distant) return rumble;
  const crack = burst(context.random, { length: 0.6, decay: 0.09, type: 'highpass', frequency: 700 });
  return layer({ signal: rumble, at: 0.05, gain: 1 }, { signal: crack, at: 0, gain: 0.9 });
}

export function thunder(context: SoundContext): Stereo {
  const out = stereo(context.frames);
  if (context.mode === 'effect') {
    mixInto(out, thunderClap(context, false), 0, 1, panAt(context.random, 0.3));
    return out;
  }
  for (const at of eventTimes(context, 1 / 14, 0.6, seconds(pick(context.random, 1, 6)))) {
    mixInto(
      out,
      thunderClap(context, context.random.chance(0.6)),
      at,
      pick(context.random, 0.4, 1),
      panAt(context.random, 0.6),
    );
  }
  return out;
}

/** Surf: swells that build, break (brighter, louder) and wash back. */
export function waves(context: SoundContext): Stereo {
  const out = stereo(context.frames);
  for (const [index, channel] of [out.left, out.right].entries()) {
    const source = pinkNoise(context.random);
    const deep = brownNoise(context.random);
    const shaper = new Biquad('lowpass', 800);
    const period = pick(context.random, 7, 10) * SAMPLE_RATE;
    const offset = index * 0.18 * period;
    for (let i = 0; i < channel.length; i++) {
      const phase = ((i + offset) % period) / period;
      // Slow build to the break at 40 %, then a long wash.
      const swell = phase < 0.4 ? (phase / 0.4) ** 2 : Math.exp(-(phase - 0.4) * 4);
      if (i % 128 === 0) shaper.set(400 + 3200 * swell);
      channel[i] = shaper.process(source() * (0.15 + swell)) + deep() * 0.25;
    }
  }
  return out;
}

/** A stream: many small bubbles (rising blips) over a soft rush. */
export function water(context: SoundContext): Stereo {
  const out = noiseBed(context, {
    colour: 'pink',
    filters: [{ type: 'highpass', frequency: 400 }],
    movement: { rate: 0.5, depth: 0.7 },
  });
  for (const at of eventTimes(context, 45)) {
    const base = pick(context.random, 350, 1400);
    const bubble = chirp({
      from: base,
      to: base * pick(context.random, 1.3, 2),
      length: pick(context.random, 0.02, 0.06),
      decay: 0.015,
    });
    mixInto(out, bubble, at, pick(context.random, 0.3, 1.2), panAt(context.random));
  }
  return out;
}

export function fire(context: SoundContext): Stereo {
  const out = noiseBed(context, {
    colour: 'brown',
    filters: [{ type: 'lowpass', frequency: 400 }],
    movement: { rate: 0.7, depth: 0.5 },
  });
  // Crackles: very short clicks of wildly varying strength; pops: fuller snaps.
  for (const at of eventTimes(context, 14)) {
    const crackle = burst(context.random, {
      length: 0.006,
      decay: 0.0012,
      type: 'highpass',
      frequency: 2500,
    });
    mixInto(out, crackle, at, 1.5 * context.random.next() ** 3, panAt(context.random, 0.5));
  }
  for (const at of eventTimes(context, 1.2)) {
    const pop = burst(context.random, {
      length: 0.05,
      decay: 0.01,
      type: 'bandpass',
      frequency: pick(context.random, 700, 2000),
      q: 1.5,
    });
    mixInto(out, pop, at, pick(context.random, 0.3, 0.8), panAt(context.random, 0.4));
  }
  return out;
}

/** A bird's song: a few sweeping notes; each bird has its own range and tempo. */
function birdSong(context: SoundContext): Float32Array {
  const low = pick(context.random, 2200, 4200);
  const notes = context.random.int(2, 6);
  const gap = pick(context.random, 0.04, 0.12);
  const length = pick(context.random, 0.05, 0.12);
  const grains = Array.from({ length: notes }, (_, n) => {
    const from = low * pick(context.random, 0.9, 1.2);
    const to = from * pick(context.random, 0.7, 1.6);
    return {
      signal: chirp({ from, to, length }),
      at: n * (length + gap),
      gain: pick(context.random, 0.6, 1),
    };
  });
  return layer(...grains);
}

export function birds(context: SoundContext): Stereo {
  const out = stereo(context.frames);
  const rate = context.mode === 'effect' ? 1.5 : 0.9;
  for (const at of eventTimes(context, rate, 0.8, seconds(0.05))) {
    mixInto(out, birdSong(context), at, pick(context.random, 0.3, 1), panAt(context.random));
  }
  return out;
}

/** Crickets: bursts of rapid pulses of a high tone, several insects out of step. */
export function crickets(context: SoundContext): Stereo {
  const out = stereo(context.frames);
  const insects = context.mode === 'effect' ? 2 : 5;
  for (let n = 0; n < insects; n++) {
    const carrier = pick(context.random, 4000, 5200);
    const pulseRate = pick(context.random, 25, 40);
    const chirpEvery = pick(context.random, 0.45, 0.9);
    const pulses = context.random.int(3, 5);
    const pulse = new Float32Array(seconds(0.012));
    for (let i = 0; i < pulse.length; i++) {
      pulse[i] = Math.sin((2 * Math.PI * carrier * i) / SAMPLE_RATE) * Math.sin((Math.PI * i) / pulse.length);
    }
    const grains = Array.from({ length: pulses }, (_, k) => ({ signal: pulse, at: k / pulseRate, gain: 1 }));
    const song = layer(...grains);
    const gain = pick(context.random, 0.3, 1);
    const pan = panAt(context.random);
    for (
      let at = seconds(pick(context.random, 0, chirpEvery));
      at < context.frames;
      at += seconds(chirpEvery * pick(context.random, 0.95, 1.05))
    ) {
      mixInto(out, song, at, gain, pan);
    }
  }
  return out;
}
