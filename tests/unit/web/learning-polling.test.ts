import { describe, expect, it } from 'vitest';
import {
  becameSlow,
  estimatedReadingSeconds,
  learningSchedule,
  NARRATION_MAX_CHECKS,
  NARRATION_POLL_MS,
  nextPollDelay,
  pollKindOf,
  readingSeconds,
  VIDEO_MAX_CHECKS,
} from '../../../web/src/features/learning/api/schedule';
import { afterAnswer, afterFailure, firstWait } from '../../../web/src/lib/job-status';

/** Every delay of a schedule until it stops, as the poller would wait them. */
function schedule(kind: 'narration' | 'video'): number[] {
  const delays: number[] = [];
  for (let checks = 0; ; checks++) {
    const delay = nextPollDelay(kind, checks);
    if (delay === null) return delays;
    delays.push(delay);
  }
}

describe('learning video polling', () => {
  it('checks every 10 s ten times, then every 30 s, 60 checks in all', () => {
    const delays = schedule('video');
    expect(delays).toHaveLength(VIDEO_MAX_CHECKS);
    expect(delays.slice(0, 10)).toEqual(Array(10).fill(10_000));
    expect(delays.slice(10)).toEqual(Array(50).fill(30_000));
  });

  it('stops after the 60th check', () => {
    expect(nextPollDelay('video', 59)).toBe(30_000);
    expect(nextPollDelay('video', 60)).toBeNull();
    expect(nextPollDelay('video', 61)).toBeNull();
  });

  it('says the video is slow once, when it moves to the 30 s schedule', () => {
    const slow = Array.from({ length: 70 }, (_, checks) => becameSlow('video', checks));
    expect(slow.filter(Boolean)).toHaveLength(1);
    expect(slow[10]).toBe(true);
    expect(becameSlow('narration', 10)).toBe(false);
  });
});

describe('the schedule useJobStatus follows a learning job on', () => {
  const video = learningSchedule('video');

  it('waits 10 s for the first check, keeps a processing job followed, ends on ready or failed', () => {
    expect(firstWait(video)).toBe(10_000);
    expect(afterAnswer(video, { status: 'processing' }, 10)).toEqual({ action: 'wait', delayMs: 30_000 });
    expect(afterAnswer(video, { status: 'ready' }, 1)).toEqual({ action: 'ended' });
    expect(afterAnswer(video, { status: 'failed' }, 1)).toEqual({ action: 'ended' });
    expect(afterAnswer(video, { status: 'processing' }, VIDEO_MAX_CHECKS)).toEqual({ action: 'timeout' });
    expect(afterAnswer(learningSchedule('narration'), { status: 'processing' }, 3)).toEqual({
      action: 'wait',
      delayMs: NARRATION_POLL_MS,
    });
  });

  it('a job answered 404 or 403 is gone at once; other failed checks are retried at the same pace', () => {
    expect(afterFailure(video, { status: 404 }, 1)).toEqual({ action: 'lost' });
    expect(afterFailure(video, { status: 403 }, 1)).toEqual({ action: 'lost' });
    expect(afterFailure(video, new Error('offline'), 1)).toEqual({ action: 'wait', delayMs: 10_000 });
  });
});

describe('narration polling', () => {
  it('checks every 2 s and gives up after 5 minutes', () => {
    const delays = schedule('narration');
    expect(delays).toHaveLength(NARRATION_MAX_CHECKS);
    expect(new Set(delays)).toEqual(new Set([NARRATION_POLL_MS]));
    expect(delays.reduce((a, b) => a + b, 0)).toBe(300_000);
  });

  it('maps content types to schedules', () => {
    expect(pollKindOf('audio_narration')).toBe('narration');
    expect(pollKindOf('realistic_video')).toBe('video');
    expect(pollKindOf('chapter_video')).toBe('video');
  });
});

describe('reading time', () => {
  it('estimates 200 words a minute', () => {
    expect(estimatedReadingSeconds(400)).toBe(120);
    expect(estimatedReadingSeconds(0)).toBe(0);
  });

  it('credits the time the chapter was open, capped at three estimates (at least a minute)', () => {
    expect(readingSeconds(400, 95.4)).toBe(95);
    expect(readingSeconds(400, 10_000)).toBe(360);
    expect(readingSeconds(10, 500)).toBe(60);
    expect(readingSeconds(400, -5)).toBe(0);
  });
});
