import {
  Biquad,
  mixInto,
  pinkNoise,
  reverb,
  SAMPLE_RATE,
  seconds,
  smoothRandom,
  stereo,
  addStereo,
  type Stereo,
} from '../dsp';
import { burst, chirp, eventTimes, layer, panAt, pick, ring, type SoundContext } from './toolkit';

/** People, animals and objects: steps, doors, crowds, hooves, metal, bells, clocks. */

/** A step: the heel's low thud, then the sole's scuff. */
function step(context: SoundContext): Float32Array {
  const thud = chirp({ from: pick(context.random, 80, 110), to: 55, length: 0.12, decay: 0.035 });
  const heel = burst(context.random, {
    length: 0.08,
    decay: 0.018,
    type: 'bandpass',
    frequency: pick(context.random, 900, 1600),
    q: 1.2,
  });
  const sole = burst(context.random, {
    length: 0.1,
    decay: 0.025,
    type: 'bandpass',
    frequency: pick(context.random, 1500, 2500),
    q: 1,
  });
  return layer(
    { signal: thud, at: 0, gain: 0.9 },
    { signal: heel, at: 0, gain: 0.8 },
    { signal: sole, at: 0.06, gain: 0.45 },
  );
}

export function footsteps(context: SoundContext): Stereo {
  const out = stereo(context.frames);
  const pace = /run|running|hurr|chase/.test(context.description) ? 0.32 : 0.56;
  let side = -1;
  for (const at of eventTimes(context, 1 / pace, 0.06, seconds(0.05))) {
    mixInto(out, step(context), at, pick(context.random, 0.75, 1), side * 0.25);
    side = -side;
  }
  return out;
}

function knock(context: SoundContext): Float32Array {
  const wood = burst(context.random, { length: 0.15, decay: 0.03, type: 'bandpass', frequency: 190, q: 4 });
  const tone = ring({
    frequency: pick(context.random, 140, 170),
    ratios: [1, 2.3],
    decays: [0.05, 0.02],
    length: 0.15,
  });
  const knuckle = burst(context.random, { length: 0.02, decay: 0.003, type: 'highpass', frequency: 1500 });
  return layer(
    { signal: wood, at: 0, gain: 3 },
    { signal: tone, at: 0, gain: 0.8 },
    { signal: knuckle, at: 0, gain: 0.4 },
  );
}

function slam(context: SoundContext): Float32Array {
  const boom = chirp({ from: 90, to: 45, length: 0.6, decay: 0.18 });
  const body = burst(context.random, {
    length: 0.5,
    decay: 0.09,
    type: 'lowpass',
    frequency: 400,
    colour: 'brown',
  });
  const rattle = burst(context.random, {
    length: 0.25,
    decay: 0.06,
    type: 'bandpass',
    frequency: 2200,
    q: 2,
  });
  return layer(
    { signal: boom, at: 0, gain: 1 },
    { signal: body, at: 0, gain: 2.5 },
    { signal: rattle, at: 0.015, gain: 0.5 },
  );
}

/** Hinge creak: stick-slip friction, a train of clicks whose rate wanders, through two resonances. */
function creak(context: SoundContext, length: number): Float32Array {
  const out = new Float32Array(seconds(length));
  const low = new Biquad('bandpass', 900, 6);
  const high = new Biquad('bandpass', 1900, 8);
  const rate = smoothRandom(context.random, 3);
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    const x = i / out.length;
    phase += (60 + 160 * rate(i)) / SAMPLE_RATE;
    const click = phase >= 1 ? 1 : 0;
    if (click) phase -= 1;
    const envelope = Math.sin(Math.PI * x) ** 0.5;
    out[i] = (low.process(click) * 2 + high.process(click)) * envelope;
  }
  return out;
}

export function door(context: SoundContext): Stereo {
  const text = context.description;
  const out = stereo(context.frames);
  const times = context.mode === 'ambiance' ? eventTimes(context, 1 / 12, 0.6, seconds(2)) : [seconds(0.05)];
  for (const at of times) {
    let sound: Float32Array;
    if (/knock/.test(text)) {
      const spacing = pick(context.random, 0.16, 0.22);
      sound = layer(
        ...[0, 1, 2].map((n) => ({ signal: knock(context), at: n * spacing, gain: n === 2 ? 1.1 : 0.9 })),
      );
    } else if (/slam|bang|shut/.test(text)) {
      sound = slam(context);
    } else {
      const creakLength = pick(context.random, 0.9, 1.5);
      const latch = burst(context.random, {
        length: 0.05,
        decay: 0.008,
        type: 'bandpass',
        frequency: 3000,
        q: 3,
      });
      const close = /creak/.test(text) ? [] : [{ signal: slam(context), at: creakLength + 0.2, gain: 0.35 }];
      sound = layer(
        { signal: latch, at: 0, gain: 0.6 },
        { signal: creak(context, creakLength), at: 0.05, gain: 0.5 },
        ...close,
      );
    }
    mixInto(out, sound, at, 1, panAt(context.random, 0.3));
  }
  // A little of the room the door is in.
  addStereo(out, reverb(out, 0.4, 0.5), 0, 0.5);
  return out;
}

/** A crowd: many voices as formant-filtered noise, each with syllable and phrase rhythms. */
export function crowd(context: SoundContext): Stereo {
  const out = stereo(context.frames);
  const voices = context.mode === 'effect' ? 6 : 12;
  for (let v = 0; v < voices; v++) {
    const source = pinkNoise(context.random);
    const first = new Biquad('bandpass', pick(context.random, 350, 800), 3);
    const second = new Biquad('bandpass', pick(context.random, 1100, 2400), 4);
    const syllables = smoothRandom(context.random, pick(context.random, 4, 7));
    const phrases = smoothRandom(context.random, pick(context.random, 0.2, 0.5));
    const signal = new Float32Array(context.frames);
    for (let i = 0; i < signal.length; i++) {
      if (i % 256 === 0) first.set(300 + 600 * syllables(i), 3);
      const talking = phrases(i) > 0.35 ? 1 : 0.1;
      const syllable = Math.max(0, syllables(i) - 0.3) * 1.4;
      const x = source();
      signal[i] = (first.process(x) + 0.5 * second.process(x)) * syllable * talking;
    }
    mixInto(out, signal, 0, pick(context.random, 0.5, 1), panAt(context.random, 0.9));
  }
  return out;
}

function hoof(context: SoundContext): Float32Array {
  const clop = burst(context.random, {
    length: 0.08,
    decay: 0.016,
    type: 'bandpass',
    frequency: pick(context.random, 600, 900),
    q: 3,
  });
  const thud = chirp({ from: 130, to: 70, length: 0.08, decay: 0.025 });
  return layer({ signal: clop, at: 0, gain: 3 }, { signal: thud, at: 0, gain: 0.7 });
}

export function horse(context: SoundContext): Stereo {
  const out = stereo(context.frames);
  const trot = /trot|walk/.test(context.description);
  const stride = trot ? 0.6 : 0.42;
  const beats = trot ? [0, 0.3] : [0, 0.085, 0.17];
  for (const at of eventTimes(context, 1 / stride, 0.04, seconds(0.05))) {
    beats.forEach((offset, n) =>
      mixInto(out, hoof(context), at + seconds(offset), n === beats.length - 1 ? 1 : 0.8, 0.1),
    );
  }
  return out;
}

/** Struck metal: inharmonic partials of a bar, with a bright transient. */
function clang(context: SoundContext): Float32Array {
  const metal = ring({
    frequency: pick(context.random, 700, 1100),
    ratios: [1, 2.76, 5.4, 8.93],
    decays: [0.9, 0.6, 0.35, 0.2],
    amplitudes: [1, 0.7, 0.45, 0.3],
    length: 1.5,
  });
  const hit = burst(context.random, { length: 0.03, decay: 0.005, type: 'highpass', frequency: 3000 });
  return layer({ signal: metal, at: 0, gain: 0.8 }, { signal: hit, at: 0, gain: 0.6 });
}

function swish(context: SoundContext): Float32Array {
  const length = pick(context.random, 0.3, 0.5);
  const out = new Float32Array(seconds(length));
  const band = new Biquad('bandpass', 600, 2);
  const source = pinkNoise(context.random);
  for (let i = 0; i < out.length; i++) {
    const x = i / out.length;
    if (i % 64 === 0) band.set(500 + 3500 * Math.sin(Math.PI * x), 2);
    out[i] = band.process(source()) * Math.sin(Math.PI * x) ** 2 * 3;
  }
  return out;
}

export function sword(context: SoundContext): Stereo {
  const out = stereo(context.frames);
  const text = context.description;
  if (context.mode === 'ambiance') {
    for (const at of eventTimes(context, 0.8, 1, seconds(0.5)))
      mixInto(out, clang(context), at, pick(context.random, 0.3, 1), panAt(context.random));
    return out;
  }
  const swing = /swing|swish|whoosh|draw/.test(text);
  const hits = /clash|fight|duel|battle/.test(text) ? [0, 0.45, 0.8] : [0];
  if (swing) mixInto(out, swish(context), seconds(0.02), 1, -0.2);
  for (const at of hits)
    mixInto(out, clang(context), seconds(at + (swing ? 0.35 : 0.02)), 1, panAt(context.random, 0.3));
  return out;
}

const BELL_RATIOS = [0.5, 1, 1.19, 1.5, 2, 2.5, 2.67, 3];

export function bell(context: SoundContext): Stereo {
  const out = stereo(context.frames);
  const small = /hand|small|tiny|jingle|sleigh|door ?bell|shop/.test(context.description);
  const fundamental = small ? pick(context.random, 900, 1400) : pick(context.random, 180, 330);
  const strike = () =>
    ring({
      frequency: fundamental,
      ratios: BELL_RATIOS,
      decays: small ? [1.2, 0.8, 0.5] : [6, 4, 3, 2.5, 2, 1.5, 1.2, 1],
      length: small ? 2 : 7,
    });
  const tolls = context.mode === 'ambiance' || /toll|chime|peal/.test(context.description);
  const times = tolls ? eventTimes(context, 1 / 3.5, 0, seconds(0.05)) : [seconds(0.05)];
  for (const at of times) mixInto(out, strike(), at, 1, 0);
  addStereo(out, reverb(out, 0.7, 0.3), 0, 0.6);
  return out;
}

export function clock(context: SoundContext): Stereo {
  const out = stereo(context.frames);
  let tick = true;
  for (const at of eventTimes(context, 1, 0, seconds(0.05))) {
    const click = burst(context.random, {
      length: 0.04,
      decay: 0.004,
      type: 'bandpass',
      frequency: tick ? 3200 : 2500,
      q: 6,
    });
    const body = ring({
      frequency: tick ? 1800 : 1500,
      ratios: [1, 2.9],
      decays: [0.015, 0.008],
      length: 0.04,
    });
    mixInto(
      out,
      layer({ signal: click, at: 0, gain: 3 }, { signal: body, at: 0, gain: 0.4 }),
      at,
      1,
      tick ? -0.1 : 0.1,
    );
    tick = !tick;
  }
  return out;
}
