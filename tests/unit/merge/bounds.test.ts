import { describe, expect, it } from 'vitest';
import { ffmpegParams } from '../../../functions/contracts/merge';
import { SUBSCRIPTION_TIERS, TIERS } from '../../../functions/contracts/subscriptions';
import { fitFrame, resolveMergeSettings } from '../../../functions/engine/video/local/params';
import {
  machineRefusal,
  MERGE_MEMORY_BUDGET_MB,
  mergeMemoryMb,
  planRefusal,
  timelineEnd,
} from '../../../functions/merge/bounds';
import { MERGE_WORKER_MEMORY_MB } from '../../../functions/merge/jobs/merge.workflow';

/** A merge's bounds: the plan's (what it asks for outright, its length) and the worker's memory. */
const custom = (params: Record<string, unknown>) => ({
  quality_tier: 'custom' as const,
  ffmpeg_params: ffmpegParams.parse(params),
});

describe("a merge's timeline", () => {
  it('ends where the latest input ends, whatever the order', () => {
    expect(
      timelineEnd([
        { start_time: 0, duration: 10 },
        { start_time: 36_000, duration: 2 },
        { start_time: 5, duration: 1 },
      ]),
    ).toBe(36_002);
    expect(timelineEnd([])).toBe(0);
  });
});

describe("the plan's bounds", () => {
  it('refuses the free plan 7680x4320 at 120 fps, veryslow, CRF 1, and an input 10 hours in, each in its words', () => {
    const cases = [
      [
        custom({ resolution: '7680x4320' }),
        10,
        /Free plan merges videos of at most 1920×1080.*7680×4320 was asked/,
      ],
      [custom({ fps: 120 }), 10, /at most 30 frames per second: 120 fps/],
      [custom({ preset: 'veryslow' }), 10, /presets up to medium: the veryslow preset/],
      [custom({ crf: 1 }), 10, /CRF of 18 or more: CRF 1 was asked/],
      [custom({ video_bitrate: 50_000 }), 10, /up to 4000 kb\/s: 50000 kb\/s/],
      [custom({}), 36_002, /at most 2 min: this merge would last 600 min 2 s/],
    ] as const;
    for (const [settings, seconds, words] of cases) {
      const refusal = planRefusal('free', settings, seconds);
      expect(refusal?.message, JSON.stringify(settings)).toMatch(words);
      expect(refusal?.message).toMatch(/upgrade your plan/);
      expect(refusal?.code).toBe(seconds > 120 ? 'video_too_long' : 'plan_limit');
    }
  });

  it("lets each plan ask for what it includes, and a bitrate stands in for the CRF's bound", () => {
    expect(planRefusal('free', custom({ resolution: '1080x1920', fps: 30, crf: 18 }), 120)).toBeNull();
    expect(planRefusal('free', custom({ crf: 1, video_bitrate: 2000 }), 60)).toBeNull();
    expect(
      planRefusal('basic', custom({ resolution: '1080p', fps: 60, preset: 'slower', crf: 0 }), 600),
    ).toBeNull();
    expect(planRefusal('basic', custom({ resolution: '2560x1440' }), 10)?.code).toBe('plan_limit');
    expect(
      planRefusal('pro', custom({ resolution: '3840x2160', preset: 'veryslow', crf: 0 }), 1800),
    ).toBeNull();
    // The top plan is not told to upgrade.
    expect(planRefusal('pro', custom({ resolution: '7680x4320' }), 10)?.message).not.toMatch(/upgrade/);
  });

  it("never refuses a named tier or a video's own size: the merge is made at most at the plan's frame", () => {
    for (const quality_tier of ['web', 'medium', 'high'] as const)
      expect(planRefusal('free', { quality_tier, ffmpeg_params: ffmpegParams.parse({}) }, 60)).toBeNull();
    const free = SUBSCRIPTION_TIERS.free.limits.merge_frame;
    const bound = { shortSide: free.short_side, longSide: free.long_side };
    const high = resolveMergeSettings(
      { tier: 'high', format: 'mp4', maxFrame: bound },
      { width: 1280, height: 720 },
    );
    expect(high.size).toEqual({ width: 1920, height: 1080 });
    const own = resolveMergeSettings(
      { tier: 'custom', format: 'mp4', maxFrame: bound },
      { width: 2160, height: 3840 },
    );
    expect(own.size).toEqual({ width: 1080, height: 1920 });
  });

  it('has one table of limits per plan, growing with the plan', () => {
    const [free, basic, pro] = TIERS.map((t) => SUBSCRIPTION_TIERS[t]!.limits);
    expect(free!.film_frame.short_side).toBeLessThan(basic!.film_frame.short_side);
    expect(basic!.film_frame.short_side).toBeLessThan(pro!.film_frame.short_side);
    expect(basic!.merge_frame.short_side).toBeLessThan(pro!.merge_frame.short_side);
    expect(free!.min_crf).toBeGreaterThan(pro!.min_crf);
    expect(SUBSCRIPTION_TIERS.free.max_video_duration).toBe(120);
  });
});

describe('fitting a frame into a bound', () => {
  it('scales down keeping the shape, with even sides, and leaves a frame that fits alone', () => {
    const bound = { shortSide: 480, longSide: 854 };
    expect(fitFrame({ width: 3840, height: 2160 }, bound)).toEqual({ width: 854, height: 480 });
    expect(fitFrame({ width: 720, height: 1280 }, bound)).toEqual({ width: 480, height: 854 });
    expect(fitFrame({ width: 640, height: 360 }, bound)).toEqual({ width: 640, height: 360 });
    expect(fitFrame({ width: 1000, height: 1000 }, bound)).toEqual({ width: 480, height: 480 });
    expect(fitFrame({ width: 1920, height: 1080 }, undefined)).toEqual({ width: 1920, height: 1080 });
  });
});

describe("the merge worker's memory", () => {
  it("is the merge workflow's figure, less what the worker itself needs", () => {
    expect(MERGE_WORKER_MEMORY_MB).toBe(3008);
    expect(MERGE_MEMORY_BUDGET_MB).toBe(3008 - 512);
  });

  it('estimates the measured peaks: more for larger frames, more inputs and slower presets', () => {
    const hd = { width: 1920, height: 1080 };
    expect(mergeMemoryMb(hd, 1, 'medium', 'libx264')).toBeGreaterThanOrEqual(506);
    expect(mergeMemoryMb(hd, 1, 'medium', 'libx264')).toBeLessThan(506 * 1.2);
    expect(mergeMemoryMb(hd, 10, 'medium', 'libx264')).toBeGreaterThan(
      mergeMemoryMb(hd, 1, 'medium', 'libx264'),
    );
    expect(mergeMemoryMb(hd, 1, 'veryslow', 'libx264')).toBeGreaterThan(
      mergeMemoryMb(hd, 1, 'ultrafast', 'libx264'),
    );
    // VP9's lag does not change with the speed.
    expect(mergeMemoryMb(hd, 1, 'veryslow', 'libvpx-vp9')).toBe(
      mergeMemoryMb(hd, 1, 'ultrafast', 'libvpx-vp9'),
    );
  });

  it('refuses what would not fit in it, with the reason, and takes the largest the plans allow', () => {
    expect(machineRefusal({ width: 1920, height: 1080 }, 10, 'veryslow', 'libx264')).toBeNull();
    expect(machineRefusal({ width: 3840, height: 2160 }, 1, 'medium', 'libx264')).toBeNull();
    const uhd = machineRefusal({ width: 3840, height: 2160 }, 10, 'medium', 'libx264');
    expect(uhd).toMatch(/10 videos at 3840×2160 with the medium preset needs about 3\.\d GB of memory/);
    expect(uhd).toMatch(/smaller resolution, fewer videos or a faster preset/);
    expect(machineRefusal({ width: 7680, height: 4320 }, 2, 'veryslow', 'libx264')).not.toBeNull();
  });
});
