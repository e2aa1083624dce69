import { describe, expect, it } from 'vitest';
import { CHARACTER_IMAGE_ESTIMATE_SECONDS } from '../../../functions/contracts/plots';
import type { JobRecord } from '../../../functions/jobs';
import { jobRecord } from '../../support/job-record';
import { portraitEstimateSeconds } from '../../../functions/plots/characters';

/** A portrait job that ran `ms` milliseconds, finished at minute `minute`. */
function portrait(ms: number, minute: number, overrides: Partial<JobRecord> = {}): JobRecord {
  const finished = Date.UTC(2026, 10, 27, 12, minute);
  return jobRecord(new Date(finished - ms - 5000).toISOString(), {
    kind: 'character-image',
    target: { book_id: 'book' },
    started_at: new Date(finished - ms).toISOString(),
    updated_at: new Date(finished).toISOString(),
    finished_at: new Date(finished).toISOString(),
    ...overrides,
  });
}

describe('the portrait estimate', () => {
  it('is the spec’s figure before any portrait of the book was drawn', () => {
    expect(portraitEstimateSeconds([])).toBe(CHARACTER_IMAGE_ESTIMATE_SECONDS);
    expect(portraitEstimateSeconds([portrait(3000, 1, { status: 'failed' })])).toBe(
      CHARACTER_IMAGE_ESTIMATE_SECONDS,
    );
  });

  it('is the median run time of the latest drawn portraits, in whole seconds up', () => {
    expect(portraitEstimateSeconds([portrait(3200, 1)])).toBe(4);
    expect(portraitEstimateSeconds([portrait(2000, 1), portrait(9000, 2), portrait(4000, 3)])).toBe(4);
    expect(portraitEstimateSeconds([portrait(2000, 1), portrait(5000, 2)])).toBe(4);
    // The run of the latest attempt counts, not the wait before it; other kinds are not portraits.
    expect(portraitEstimateSeconds([portrait(800, 1), portrait(50_000, 2, { kind: 'chapter-image' })])).toBe(
      1,
    );
  });

  it('forgets old portraits: only the latest ten count', () => {
    const old = Array.from({ length: 12 }, (_, i) => portrait(40_000, i));
    const recent = Array.from({ length: 10 }, (_, i) => portrait(5000, 20 + i));
    expect(portraitEstimateSeconds([...old, ...recent])).toBe(5);
  });
});
