/** Shapes every capability of the engine may use: sizes, boxes, progress and what a probe of a media file finds. */

export interface Size {
  width: number;
  height: number;
}

/** Pixel box. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type ProgressListener = (fraction: number) => void;

export interface ProbeResult {
  /** Seconds. */
  duration: number;
  bytes: number;
  formatName: string;
  video?: {
    codec: string;
    width: number;
    height: number;
    fps: number;
    pixelFormat: string;
    /** The codec's profile and level as ffprobe names them ("High", 31), when it reports them. */
    profile?: string;
    level?: number;
    /** The stream's time base ("1/15360"). */
    timeBase?: string;
  };
  audio?: { codec: string; sampleRate: number; channels: number };
}
