import type { MergeStatus, PreviewStatus } from '@contracts/merge';
import type { JobSchedule } from '@/lib/job-status';
import {
  MERGE_TERMINAL_STATUSES,
  MERGE_POLL_MAX_RETRIES,
  MERGE_POLL_MS,
  mergePollBackoffMs,
  PREVIEW_404_GRACE_MS,
  PREVIEW_POLL,
} from '@contracts/merge';

/**
 * The Merge studio's polling schedules (spec 3 §8, §9). Pure, so the unit tests run them directly.
 */

export type MergePoll = { action: 'wait'; delayMs: number } | { action: 'lost' };

/**
 * The wait before the next status check of a merge: 3 s after an answer; after `failures` checks in
 * a row failed, min(1000 · 2^n, 30 000) ms with n = failures − 1 (1 s, 2 s, 4 s, 8 s, 16 s), so five
 * retries; the sixth failure in a row loses the connection.
 */
export function nextMergePoll(failures: number): MergePoll {
  if (failures <= 0) return { action: 'wait', delayMs: MERGE_POLL_MS };
  if (failures > MERGE_POLL_MAX_RETRIES) return { action: 'lost' };
  return { action: 'wait', delayMs: mergePollBackoffMs(failures - 1) };
}

export type PreviewPoll = { action: 'wait'; delayMs: number } | { action: 'timeout' };

/** Before check number `attempt` + 1 of a preview: 2 s before the first, 10 s before the others, 30 at most. */
export function nextPreviewPoll(attempts: number): PreviewPoll {
  if (attempts >= PREVIEW_POLL.maxAttempts) return { action: 'timeout' };
  return { action: 'wait', delayMs: attempts === 0 ? PREVIEW_POLL.firstMs : PREVIEW_POLL.everyMs };
}

/**
 * What a 404 on the preview's status means (§4): `waiting` within 5 s of the start (the preview may
 * not be written yet), `completed` after that (the spec counts it as completed without a file of
 * its own).
 */
export const previewNotFound = (sinceStartMs: number): 'waiting' | 'completed' =>
  sinceStartMs >= PREVIEW_404_GRACE_MS ? 'completed' : 'waiting';

/** A merge followed by `useJobStatus`: checked every 3 s until it ends, with the backoff above. */
export const MERGE_SCHEDULE: JobSchedule<MergeStatus> = {
  delay: (status) => (status && MERGE_TERMINAL_STATUSES.includes(status.status) ? null : MERGE_POLL_MS),
  retries: MERGE_POLL_MAX_RETRIES,
  backoff: (failures) => mergePollBackoffMs(failures - 1),
};

/**
 * A preview followed by `useJobStatus`: first checked after 2 s, then every 10 s, 30 checks at
 * most; a check that fails is another attempt 10 s later (a 404 once the preview had time to be
 * written ends it as completed: `previewNotFound`).
 */
export const PREVIEW_SCHEDULE: JobSchedule<PreviewStatus> = {
  delay: (status, checks) => {
    if (status && status.status !== 'processing') return null;
    const next = nextPreviewPoll(checks);
    return next.action === 'wait' ? next.delayMs : PREVIEW_POLL.everyMs;
  },
  maxChecks: PREVIEW_POLL.maxAttempts,
  retries: PREVIEW_POLL.maxAttempts,
  backoff: () => PREVIEW_POLL.everyMs,
};
