/** Types for the parts of the espeak-ng WebAssembly build the local speech engine uses. */
declare module '@echogarden/espeak-ng-emscripten' {
  export interface EspeakEvent {
    type:
      | 'list_terminated'
      | 'word'
      | 'sentence'
      | 'mark'
      | 'play'
      | 'end'
      | 'msg_terminated'
      | 'phoneme'
      | 'samplerate';
    /** 1-based code-point position in the synthesised text. */
    text_position: number;
    word_length: number;
    /** Milliseconds from the start of the synthesis. */
    audio_position: number;
    /** Phoneme (IPA) for phoneme events, word number for word events. */
    id: string | number | undefined;
  }

  export interface EspeakVoiceEntry {
    name: string;
    identifier: string;
    languages: { priority: number; name: string }[];
  }

  export interface EspeakWorker {
    /** 0 on success. Accepts "identifier+variant". */
    set_voice(name: string): number;
    /** Words per minute (80–450). */
    rate: number;
    /** 0–100, relative to the voice. */
    pitch: number;
    /** 0–100, intonation range. */
    range: number;
    volume: number;
    readonly samplerate: number;
    list_voices(): EspeakVoiceEntry[];
    /** The callback receives 16-bit mono PCM blocks with their events; returning true aborts. */
    synthesize(text: string, callback: (audio: Int16Array, events: EspeakEvent[]) => boolean): void;
  }

  export interface EspeakModule {
    eSpeakNGWorker: new () => EspeakWorker;
    /** The WebAssembly memory, which holds all of the synthesiser's state. */
    HEAPU8: Uint8Array;
  }

  const createEspeakModule: (options?: Record<string, unknown>) => Promise<EspeakModule>;
  export default createEspeakModule;
}
