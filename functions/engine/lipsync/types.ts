import type { VisemeTiming } from '../speech/types';
import type { ProgressListener, Size } from '../types';
import type { VideoResult } from '../video/types';

export interface LipSyncRequest {
  portraitPath: string;
  speechPath: string;
  /** When present, mouth shapes follow them; otherwise the speech envelope drives the mouth. */
  visemes?: VisemeTiming[];
  size: Size;
  fps: number;
  outputPath: string;
  /** false: the picture only (a shot cut into a film whose sound is mixed apart). Default true. */
  withSound?: boolean;
  onProgress?: ProgressListener;
}

export interface LipSyncResult extends VideoResult {
  processing_method: 'visemes' | 'audio_envelope';
}

export interface LipSyncEngine {
  talkingClip(request: LipSyncRequest): Promise<LipSyncResult>;
  /**
   * How well mouth shapes from the visemes agree with the speech itself: the percentage of frames
   * where the mouth is open exactly when the sound is voiced (its envelope), 0–100.
   */
  syncAccuracy(request: { speechPath: string; visemes: VisemeTiming[]; fps: number }): Promise<number>;
}
