import { access } from 'node:fs/promises';
import { probe } from '../../media/ffmpeg';
import { EngineError, type ProbeResult, type Size } from '../../types';

/** Probes a file the caller named, with an error that says which one is missing or unreadable. */
export async function probeInput(path: string, what: string): Promise<ProbeResult> {
  await requireFile(path, what);
  try {
    return await probe(path);
  } catch {
    throw new EngineError('invalid_input', `The ${what} file is not a readable audio or video file.`);
  }
}

export async function requireFile(path: string, what: string): Promise<void> {
  try {
    await access(path);
  } catch {
    throw new EngineError('invalid_input', `The ${what} file was not found.`);
  }
}

export function validateSize(size: Size, fps: number): void {
  if (
    !size ||
    !Number.isFinite(size.width) ||
    !Number.isFinite(size.height) ||
    size.width < 16 ||
    size.height < 16 ||
    size.width > 7680 ||
    size.height > 4320
  ) {
    throw new EngineError('invalid_params', 'The video size must be between 16×16 and 7680×4320 pixels.');
  }
  if (!Number.isFinite(fps) || fps < 1 || fps > 120)
    throw new EngineError(
      'invalid_params',
      `Frame rate ${fps} is out of range: choose 1 to 120 frames per second.`,
    );
}
