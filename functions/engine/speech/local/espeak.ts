import createEspeakModule, { type EspeakModule, type EspeakWorker } from '@echogarden/espeak-ng-emscripten';
import { EngineError } from '../../types';
import type { PhonemeEvent, WordAnchor } from '../timings';

/**
 * The espeak-ng WebAssembly synthesiser, loaded once per process. It holds one set of voice
 * settings, so requests take turns (the work is CPU-bound anyway).
 *
 * espeak carries state from one synthesis to the next (voice source phase, its random generator),
 * so the same text would not give the same audio twice. All of that state lives in the module's
 * memory: a copy taken once after start-up is put back before every request, which makes each
 * request's audio depend on the request alone.
 */
export const ESPEAK_SAMPLE_RATE = 22_050;

export interface EspeakVoiceSettings {
  /** espeak voice identifier plus variant, e.g. "gmw/en-US+f3". */
  voice: string;
  wordsPerMinute: number;
  /** 0–100 */
  pitch: number;
  /** 0–100 */
  range: number;
}

export interface EspeakSpeech {
  samples: Int16Array;
  /** Word events (character index into the text, seconds). */
  anchors: WordAnchor[];
  phonemes: PhonemeEvent[];
}

export interface EspeakSession {
  speak(text: string, settings: EspeakVoiceSettings): EspeakSpeech;
}

interface LoadedEspeak {
  module: EspeakModule;
  worker: EspeakWorker;
  pristineMemory: Uint8Array;
}

let loading: Promise<LoadedEspeak> | undefined;

async function load(): Promise<LoadedEspeak> {
  const module = await createEspeakModule();
  const worker = new module.eSpeakNGWorker();
  // A first synthesis finishes espeak's lazy set-up, so the copy holds a ready synthesiser.
  worker.set_voice('gmw/en');
  worker.synthesize('Ready.', () => false);
  return { module, worker, pristineMemory: module.HEAPU8.slice() };
}

function restore({ module, pristineMemory }: LoadedEspeak): void {
  const memory = module.HEAPU8;
  memory.set(pristineMemory);
  memory.fill(0, pristineMemory.length);
}

function loaded(): Promise<LoadedEspeak> {
  loading ??= load().catch((error: unknown) => {
    loading = undefined;
    throw new EngineError(
      'provider_failed',
      `The offline speech synthesiser could not start: ${error instanceof Error ? error.message : String(error)}`,
    );
  });
  return loading;
}

function joinSamples(blocks: Int16Array[]): Int16Array {
  const samples = new Int16Array(blocks.reduce((sum, block) => sum + block.length, 0));
  let offset = 0;
  for (const block of blocks) {
    samples.set(block, offset);
    offset += block.length;
  }
  return samples;
}

function session(worker: EspeakWorker): EspeakSession {
  return {
    speak(text, settings) {
      if (worker.set_voice(settings.voice) !== 0) {
        throw new EngineError(
          'provider_failed',
          `The offline speech synthesiser has no voice "${settings.voice}".`,
        );
      }
      // Settings after the voice: choosing a voice resets them.
      worker.rate = settings.wordsPerMinute;
      worker.pitch = settings.pitch;
      worker.range = settings.range;
      const blocks: Int16Array[] = [];
      const anchors: WordAnchor[] = [];
      const phonemes: PhonemeEvent[] = [];
      worker.synthesize(text, (audio, events) => {
        if (audio.length) blocks.push(audio);
        for (const event of events) {
          const time = event.audio_position / 1000;
          if (event.type === 'word') anchors.push({ charIndex: event.text_position - 1, time });
          else if (event.type === 'phoneme') phonemes.push({ time, phoneme: String(event.id ?? '') });
        }
        return false;
      });
      return { samples: joinSamples(blocks), anchors, phonemes };
    },
  };
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs `work` with exclusive use of the synthesiser. A crash inside the synthesiser (a JavaScript
 * error out of its WebAssembly, as opposed to our own EngineError) leaves its module in an unknown
 * state: the module is dropped, a fresh one loaded, and the work runs once more on it. Every request
 * starts from the same snapshot, so the second run gives the audio the first would have.
 */
export function withEspeak<T>(work: (espeak: EspeakSession) => Promise<T>): Promise<T> {
  const run = async () => {
    const espeak = await loaded();
    restore(espeak);
    return work(session(espeak.worker));
  };
  const turn = queue.then(async () => {
    try {
      return await run();
    } catch (error) {
      if (error instanceof EngineError) throw error;
      loading = undefined;
      return run();
    }
  });
  queue = turn.catch(() => undefined);
  return turn;
}
