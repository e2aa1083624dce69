import type { LearningJob } from '@contracts/learning';
import type { JobSchedule } from '@/lib/job-status';

/** Timing rules of the learning view, kept free of React so unit tests can run them directly. */

/** Narration finishes in seconds, so its status is checked often (and given up on after 5 minutes). */
export const NARRATION_POLL_MS = 2000;
export const NARRATION_MAX_CHECKS = 150;

/** Learning videos: 10 s for the first 10 checks, then 30 s, up to 60 checks (the product's rule). */
export const VIDEO_FAST_POLL_MS = 10_000;
export const VIDEO_FAST_CHECKS = 10;
export const VIDEO_SLOW_POLL_MS = 30_000;
export const VIDEO_MAX_CHECKS = 60;

export type PollKind = 'narration' | 'video';

export const pollKindOf = (contentType: string): PollKind =>
  contentType === 'audio_narration' ? 'narration' : 'video';

/**
 * How long to wait before the next status check once `checksDone` checks have been made, or null
 * when no further check should be made (the job is then reported as taking too long).
 */
export function nextPollDelay(kind: PollKind, checksDone: number): number | null {
  if (kind === 'narration') return checksDone >= NARRATION_MAX_CHECKS ? null : NARRATION_POLL_MS;
  if (checksDone >= VIDEO_MAX_CHECKS) return null;
  return checksDone < VIDEO_FAST_CHECKS ? VIDEO_FAST_POLL_MS : VIDEO_SLOW_POLL_MS;
}

/**
 * The schedule `useJobStatus` follows a learning job on: the kind's delays while it is processing,
 * ended on ready or failed, timed out after the kind's checks. A failed check is one more check, at
 * the same pace; a job answered 404 or 403 no longer exists (fatal).
 */
export function learningSchedule(kind: PollKind): JobSchedule<Pick<LearningJob, 'status'>> {
  const maxChecks = kind === 'narration' ? NARRATION_MAX_CHECKS : VIDEO_MAX_CHECKS;
  const pace = (checks: number) => nextPollDelay(kind, Math.min(checks, maxChecks - 1))!;
  return {
    delay: (job, checks) => (job && job.status !== 'processing' ? null : pace(checks)),
    maxChecks,
    retries: maxChecks,
    backoff: (failures) => pace(failures),
    fatal: (error) => {
      const status = (error as { status?: unknown } | null)?.status;
      return status === 404 || status === 403;
    },
  };
}

/** True after the check at which a video moves to the slow schedule: the moment to say it is slow. */
export const becameSlow = (kind: PollKind, checksDone: number) =>
  kind === 'video' && checksDone === VIDEO_FAST_CHECKS;

/** Reading speed used to estimate how long a chapter takes to read. */
export const WORDS_PER_MINUTE = 200;

export const estimatedReadingSeconds = (wordCount: number) =>
  Math.max(0, Math.round((wordCount / WORDS_PER_MINUTE) * 60));

/**
 * Seconds credited for reading a chapter: the time it was open, capped at three times the estimated
 * reading time (at least a minute) so a tab left open overnight does not count as hours of study.
 */
export function readingSeconds(wordCount: number, secondsOpen: number): number {
  const cap = Math.max(60, 3 * estimatedReadingSeconds(wordCount));
  return Math.round(Math.min(Math.max(0, secondsOpen), cap));
}
