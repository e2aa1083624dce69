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
  onProgress?: ProgressListener;
}

export interface LipSyncResult extends VideoResult {
  processing_method: 'visemes' | 'audio_envelope';
}

export interface LipSyncEngine {
  talkingClip(request: LipSyncRequest): Promise<LipSyncResult>;
}
