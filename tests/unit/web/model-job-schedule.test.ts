import { describe, expect, it } from 'vitest';
import {
  afterAnswer,
  afterFailure,
  firstWait,
  MODEL_JOB_FAST_CHECKS,
  MODEL_JOB_MAX_CHECKS,
  MODEL_JOB_SCHEDULE,
} from '../../../web/src/lib/job-status';

const processing = { status: 'processing' as const };

describe('the schedule model jobs (quiz, script, another take of a scene) are followed on', () => {
  it('checks a second after the start, every second for the first 30 checks, then every 3 s', () => {
    expect(firstWait(MODEL_JOB_SCHEDULE)).toBe(1000);
    const waits = Array.from({ length: 40 }, (_, checks) =>
      afterAnswer(MODEL_JOB_SCHEDULE, processing, checks + 1),
    );
    expect(
      waits.slice(0, MODEL_JOB_FAST_CHECKS - 1).every((s) => s.action === 'wait' && s.delayMs === 1000),
    ).toBe(true);
    expect(waits.slice(MODEL_JOB_FAST_CHECKS).every((s) => s.action === 'wait' && s.delayMs === 3000)).toBe(
      true,
    );
  });

  it('ends on ready or failed, and times out after about ten minutes of checks', () => {
    expect(afterAnswer(MODEL_JOB_SCHEDULE, { status: 'ready' }, 1)).toEqual({ action: 'ended' });
    expect(afterAnswer(MODEL_JOB_SCHEDULE, { status: 'failed' }, 3)).toEqual({ action: 'ended' });
    expect(afterAnswer(MODEL_JOB_SCHEDULE, processing, MODEL_JOB_MAX_CHECKS)).toEqual({ action: 'timeout' });
    const total = Array.from({ length: MODEL_JOB_MAX_CHECKS }, (_, i) =>
      MODEL_JOB_SCHEDULE.delay(processing, i)!,
    );
    const minutes = total.reduce((sum, ms) => sum + ms, 0) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThan(11);
  });

  it('retries a failed check with growing waits, and gives up on a job that is gone', () => {
    expect(afterFailure(MODEL_JOB_SCHEDULE, new Error('network'), 1)).toEqual({
      action: 'wait',
      delayMs: 1000,
    });
    expect(afterFailure(MODEL_JOB_SCHEDULE, new Error('network'), 3)).toEqual({
      action: 'wait',
      delayMs: 4000,
    });
    expect(afterFailure(MODEL_JOB_SCHEDULE, new Error('network'), 6)).toEqual({ action: 'lost' });
    expect(afterFailure(MODEL_JOB_SCHEDULE, { status: 404 }, 1)).toEqual({ action: 'lost' });
    expect(afterFailure(MODEL_JOB_SCHEDULE, { status: 403 }, 1)).toEqual({ action: 'lost' });
  });
});
