import { createRandom } from '../../../random';
import { addStereo, echo, filter, mixInto, normalize, reverb, seconds, stereo, type Stereo } from '../dsp';
import type { LoopedAudio } from '../output';
import { INSTRUMENTS } from './instruments';
import type { Score } from './score';

/**
 * Renders a score to a seamless loop. The cycle is played twice: the first pass is the head (it
 * starts from silence), the second is the loop, which already carries the first pass's reverb and
 * release tails at its start, exactly as it will when it follows itself.
 */
const MUSIC_RMS_DB = -20;
const REVERB = { size: 0.8, damping: 0.35, level: 0.8 };
const ECHO_LEVEL = 0.5;

/** Renders `duration` seconds (or, when longer than two cycles, the head and loop) of a score. */
export function renderScore(score: Score, seed: number, duration: number): LoopedAudio {
  const cycleFrames = seconds(score.cycle);
  // Up to two cycles, just what is needed is rendered (it is never looped); beyond, the head and loop.
  const once = duration <= 2 * score.cycle;
  const frames = once ? seconds(duration) : 2 * cycleFrames;
  // Every note is mixed once at its place in the first cycle; the second cycle is the first one
  // again, added a cycle later (with the first cycle's tails running into it). Mixing, echo and
  // reverb are all linear, so this is the same as mixing every note twice.
  const dry = stereo(frames);
  const reverbSend = stereo(frames);
  const echoSend = stereo(frames);
  const timbre = { brightness: score.harmony.brightness };
  const rendered = new Map<string, Float32Array>();
  score.events.forEach((event, index) => {
    const start = seconds(event.start);
    if (start >= frames) return;
    const instrument = INSTRUMENTS[event.instrument];
    // Recurring notes (a chord progression comes round again) are rendered once.
    const key = `${event.instrument}:${event.midi}:${event.duration}:${event.velocity}`;
    let signal = instrument.repeatable ? rendered.get(key) : undefined;
    if (!signal) {
      signal = instrument.render(event, createRandom(`${seed}:${index}`), timbre);
      if (instrument.repeatable) rendered.set(key, signal);
    }
    mixInto(dry, signal, start, 1, event.pan);
    mixInto(reverbSend, signal, start, instrument.reverb, event.pan);
    if (instrument.echo) mixInto(echoSend, signal, start, instrument.echo, event.pan);
  });
  for (const bus of [dry, reverbSend, echoSend]) repeatCycle(bus, cycleFrames);
  // A dotted-eighth echo, the classic delay that sits in the groove.
  const echoes = echo(echoSend, score.beat * 0.75, 0.4);
  addStereo(dry, echoes, 0, ECHO_LEVEL);
  addStereo(reverbSend, echoes, 0, ECHO_LEVEL);
  addStereo(dry, reverb(reverbSend, REVERB.size, REVERB.damping), 0, REVERB.level);
  // Nothing useful lives below 30 Hz; removing it keeps the limiter from reacting to rumble.
  for (const channel of [dry.left, dry.right]) filter(channel, 'highpass', 30);
  normalize(dry, { rmsDb: MUSIC_RMS_DB });
  if (once) return { head: stereo(0), loop: dry };
  const slice = (from: number, to: number): Stereo => ({
    left: dry.left.slice(from, to),
    right: dry.right.slice(from, to),
  });
  return { head: slice(0, cycleFrames), loop: slice(cycleFrames, frames) };
}

/** Plays the first cycle again from `cycle` frames on, over what is already there (back to front). */
function repeatCycle(bus: Stereo, cycle: number): void {
  for (const channel of [bus.left, bus.right]) {
    for (let i = channel.length - 1; i >= cycle; i--) channel[i]! += channel[i - cycle]!;
  }
}
