export interface VoiceInfo {
  id: string;
  name: string;
  /** BCP-47, e.g. en-GB. */
  language: string;
  gender: 'female' | 'male' | 'neutral';
  role: 'narrator' | 'character';
  description: string;
}

/** Seconds from the start of the audio. */
export interface WordTiming {
  word: string;
  start: number;
  end: number;
  /** Offsets of the word in the synthesised text. */
  charStart: number;
  charEnd: number;
}

/** Polly-style viseme codes: p t S T f k i r s u @ a e E o O sil. */
export interface VisemeTiming {
  time: number;
  viseme: string;
}

export interface SpeechRequest {
  text: string;
  voice: string;
  /** Words per minute relative to normal (0.5–2). */
  rate?: number;
  /** Where to write the audio (WAV for the local engine). */
  outputPath: string;
}

export interface SpeechResult {
  path: string;
  format: 'wav' | 'mp3';
  sampleRate: number;
  /** Seconds. */
  duration: number;
  words: WordTiming[];
  visemes: VisemeTiming[];
  /**
   * Where the word timings come from: the synthesiser or the provider reported them ('provider'), or
   * they were estimated from the audio itself ('aligned', see align.ts).
   */
  timings?: WordTimingMethod;
}

/**
 * How word timings (subtitle cues, mouth shapes) were found: reported by the synthesiser or the
 * provider, or estimated from the audio itself.
 */
export type WordTimingMethod = 'provider' | 'aligned';

/** Voice model names the product's forms use, mapped onto the catalogue. */
export const VOICE_MODELS = [
  'elevenlabs_narrator',
  'elevenlabs_conversational',
  'elevenlabs_expressive',
  'openai_tts',
  'google_wavenet',
] as const;
export type VoiceModel = (typeof VOICE_MODELS)[number];

export interface VoiceChoice {
  /** The voice model someone chose: it picks the provider that speaks (see `routedSpeechEngine`). */
  model?: VoiceModel;
  /**
   * The voice model whose style the product uses when nobody chose one: it shapes the voice within
   * the configured provider, never which provider speaks.
   */
  style?: VoiceModel;
  language?: string;
  role: 'narrator' | 'character';
  /** 'neutral' for a character whose sex the book does not give: an even voice, not a guessed one. */
  gender?: 'female' | 'male' | 'neutral';
  seed?: number;
}

export interface SpeechEngine {
  voices(language?: string): VoiceInfo[];
  /** A voice id for a model name of the forms, a language and (for characters) a stable seed. */
  voiceFor(input: VoiceChoice): string;
  synthesize(request: SpeechRequest): Promise<SpeechResult>;
}
