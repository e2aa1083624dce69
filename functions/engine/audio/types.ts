import type { Mood } from '../text/types';

export const MUSIC_STYLES = ['cinematic', 'orchestral', 'electronic', 'ambient', 'dramatic'] as const;
export type MusicStyle = (typeof MUSIC_STYLES)[number];

export interface AudioResult {
  path: string;
  /** Seconds. */
  duration: number;
  /** Integrated loudness (LUFS) when measured. */
  loudness?: number;
  /** True peak (dBTP) when measured. */
  truePeak?: number;
}

export interface MixTrack {
  path: string;
  role: 'speech' | 'music' | 'effect' | 'ambiance';
  /** Seconds from the start of the mix. */
  start: number;
  /** Linear gain, 1 = unchanged. */
  volume: number;
}

export interface MixRequest {
  tracks: MixTrack[];
  /** Length of the mix; defaults to the end of the last track. */
  duration?: number;
  /** Lower music and ambiance while speech plays. */
  duckUnderSpeech: boolean;
  /** Integrated loudness target, e.g. -16 LUFS. */
  targetLoudness: number;
  outputPath: string;
  format: 'wav' | 'm4a' | 'mp3';
}

export interface AudioEngine {
  music(request: {
    style: MusicStyle;
    mood?: Mood;
    duration: number;
    seed: number;
    outputPath: string;
  }): Promise<AudioResult>;
  effect(request: {
    description: string;
    duration?: number;
    seed: number;
    outputPath: string;
  }): Promise<AudioResult>;
  ambiance(request: {
    description: string;
    duration: number;
    seed: number;
    outputPath: string;
  }): Promise<AudioResult>;
  mix(request: MixRequest): Promise<AudioResult>;
  /** Joins audio files end to end without clicks (short crossfades), e.g. narration parts. */
  concatenate(request: {
    paths: string[];
    outputPath: string;
    crossfade?: number;
  }): Promise<AudioResult & { offsets: number[] }>;
  /** Integrated loudness (LUFS), true peak (dBTP) and duration of a file. */
  measure(path: string): Promise<{ loudness: number; truePeak: number; duration: number }>;
}
