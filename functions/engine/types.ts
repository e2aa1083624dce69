/**
 * The media engine: every AI and media capability the product uses, behind provider-neutral
 * interfaces. Each capability has a local implementation (offline, the default, deterministic for a
 * given input and seed) and cloud implementations, chosen per capability by configuration.
 *
 * Media goes in and out as files on local disk (FFmpeg works on files; in Lambda they live in /tmp);
 * callers move results to and from S3.
 */
import type { AudioEngine } from './audio/types';
import type { ImageEngine } from './image/types';
import type { LipSyncEngine } from './lipsync/types';
import type { SpeechEngine } from './speech/types';
import type { TextEngine } from './text/types';
import type { SceneVideoEngine, VideoEngine } from './video/types';

// ---------------------------------------------------------------------------------------------
// Errors

export type EngineErrorCode =
  | 'invalid_input'
  | 'text_too_long'
  | 'unknown_voice'
  | 'unknown_style'
  | 'invalid_params'
  | 'provider_failed'
  | 'media_failed';

/**
 * How a provider (a text, image or video model) failed, for callers that answer at once (an API
 * route): it was busy (throttled), did not answer in time, could not be reached, answered something
 * unusable, or refused the request (credentials, model, limits).
 */
export type ProviderFailure = 'busy' | 'timeout' | 'unreachable' | 'bad_answer' | 'refused';

/** A typed engine failure; `message` is safe to show to the person who asked for the work. */
export class EngineError extends Error {
  override name = 'EngineError';
  constructor(
    readonly code: EngineErrorCode,
    message: string,
    /** True when trying again may succeed (throttling, timeouts). */
    readonly retryable = false,
    /** For provider failures: what went wrong, and how long the provider asked to wait (seconds). */
    readonly provider?: { failure: ProviderFailure; retryAfterSeconds?: number },
  ) {
    super(message);
  }
}

// ---------------------------------------------------------------------------------------------
// Shapes every capability may use (in their own module: the capabilities' types import them, and
// this one imports the capabilities' types)

export type { Box, ProbeResult, ProgressListener, Size } from './shapes';

// ---------------------------------------------------------------------------------------------

export interface Engine {
  text: TextEngine;
  speech: SpeechEngine;
  image: ImageEngine;
  audio: AudioEngine;
  video: VideoEngine;
  sceneVideo: SceneVideoEngine;
  lipSync: LipSyncEngine;
}
