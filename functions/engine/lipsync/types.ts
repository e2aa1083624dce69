import type { VisemeTiming } from '../speech/types';
import type { ProgressListener, Size } from '../shapes';
import type { VideoResult } from '../video/types';

export interface LipSyncRequest {
  portraitPath: string;
  /**
   * The speech the mouth follows. Not needed for a picture-only clip (`withSound: false`) of a known
   * length (`frames`) whose mouth follows `visemes`: then nothing is read from it.
   */
  speechPath?: string;
  /** When present, mouth shapes follow them; otherwise the speech envelope drives the mouth. */
  visemes?: VisemeTiming[];
  /** The clip's length in frames (a shot of a film); by default the speech's length. */
  frames?: number;
  /** Into the clip from black or white over `duration` seconds (a scene's first shot). */
  fadeIn?: { colour: 'black' | 'white'; duration: number };
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

export interface SyncAccuracyRequest {
  speechPath: string;
  visemes: VisemeTiming[];
  fps: number;
  /** The speech's length in seconds when known (it is then not probed). */
  duration?: number;
}

/** A dialogue shot of a film: picture only, of an exact length. */
export type TalkingShotRequest = Omit<LipSyncRequest, 'withSound' | 'frames'> & { frames: number };

export interface TalkingShotResult {
  path: string;
  processing_method: LipSyncResult['processing_method'];
}

/** A talking shot's part of a larger FFmpeg run (see `LipSyncEngine.talkingShotGraph`). */
export interface TalkingShotGraph {
  /** FFmpeg input arguments, in order (each `-i` is one input). */
  inputs: string[];
  /** Filter statements reading those inputs, numbered from `first`, into `[output]`. */
  graph(first: number, output: string): string[];
  processing_method: LipSyncResult['processing_method'];
}

export interface LipSyncEngine {
  talkingClip(request: LipSyncRequest): Promise<LipSyncResult>;
  /** As `talkingClip` for a shot cut into a film: `frames` frames, no sound, the result not probed. */
  talkingShot(request: TalkingShotRequest): Promise<TalkingShotResult>;
  /**
   * A talking shot as part of a caller's FFmpeg run (a scene filmed in one encode): its inputs and
   * the filter statements that make exactly `frames` frames of it, picture only. Its files go in
   * `dir`, which must outlive that run.
   */
  talkingShotGraph(
    request: Omit<TalkingShotRequest, 'outputPath' | 'onProgress'>,
    dir: string,
  ): Promise<TalkingShotGraph>;
  /**
   * How well mouth shapes from the visemes agree with the speech itself: the percentage of frames
   * where the mouth is open exactly when the sound is voiced (its envelope), 0–100.
   */
  syncAccuracy(request: SyncAccuracyRequest): Promise<number>;
}
