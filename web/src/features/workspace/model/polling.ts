/**
 * Polling schedules of the workspace, from the product's constants. Pure so the unit tests can run
 * them directly.
 */
import type { CharacterImageStatus } from '@contracts/plots';
import type { JobSchedule } from '@/lib/job-status';

/** Character images: once a second, at most 120 tries, a loading toast on every 10th poll. */
export const CHARACTER_IMAGE_POLL_MS = 1000;
export const CHARACTER_IMAGE_MAX_POLLS = 120;
export const CHARACTER_IMAGE_TOAST_EVERY = 10;

export type PollDecision = { action: 'wait'; delayMs: number; toast: boolean } | { action: 'timeout' };

/**
 * After poll number `polls` (1-based) answered "still working": wait and poll again (showing the
 * loading toast when this was a 10th poll), or give up once 120 polls were made.
 */
export function nextCharacterImagePoll(polls: number): PollDecision {
  if (polls >= CHARACTER_IMAGE_MAX_POLLS) return { action: 'timeout' };
  return {
    action: 'wait',
    delayMs: CHARACTER_IMAGE_POLL_MS,
    toast: polls > 0 && polls % CHARACTER_IMAGE_TOAST_EVERY === 0,
  };
}

/**
 * A portrait followed by `useJobStatus`: checked once a second until it completes or fails, 120
 * checks at most; a check that fails ends the follow (the spec's "Failed to check" message).
 */
export const CHARACTER_IMAGE_SCHEDULE: JobSchedule<Pick<CharacterImageStatus, 'status'>> = {
  delay: (status) =>
    status && (status.status === 'completed' || status.status === 'failed') ? null : CHARACTER_IMAGE_POLL_MS,
  maxChecks: CHARACTER_IMAGE_MAX_POLLS,
  retries: 0,
  backoff: () => CHARACTER_IMAGE_POLL_MS,
};

/** A portrait's estimate as the card and the toasts say it: one figure, measured by the server. */
export const estimateText = (seconds: number) => `about ${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;

const images = (n: number) => `${n} character ${n === 1 ? 'image' : 'images'}`;

export const characterImageMessages = {
  queued: (seconds: number) => `Image generation queued: ${estimateText(seconds)}`,
  generating: (name: string, polls: number) => `Generating the image of ${name}… (${polls} s)`,
  completed: 'Character image generated successfully',
  failed: 'Image generation failed',
  timedOut: 'Image generation timed out. Please check status later.',
  checkFailed: 'Failed to check image generation status',
  queueFailed: 'Failed to queue character image generation',
  /** Generate All Images: one toast that counts, then sums up. */
  batchProgress: (done: number, total: number, seconds: number | null) =>
    `Generating ${images(total)}: ${done} of ${total} done` +
    (seconds === null ? '' : ` (${estimateText(seconds)} each)`),
  batchDone: (total: number) => `${images(total)} generated successfully`,
  batchPartly: (generated: number, total: number) =>
    `${generated} of ${images(total)} generated; ${total - generated} failed`,
} as const;
