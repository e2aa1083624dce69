import { describe, expect, it } from 'vitest';
import { mergeRequest, previewRequest } from '../../../functions/contracts/merge-requests';
import type { Tier } from '../../../functions/contracts/subscriptions';
import { HttpError } from '../../../functions/lib/errors';
import type { MergeJob } from '../../../functions/merge/model';
import { mergeServiceOn, seedCompletedUpload } from '../../support/merge';
import { memoryAdapters } from '../../support/memory';

/**
 * A merge asked for beyond the plan or beyond the worker's memory is refused before anything is
 * stored (with in-memory adapters); one within both is queued with the plan's frame kept for its
 * worker.
 */
function setup(tier: Tier) {
  return mergeServiceOn(memoryAdapters(), tier);
}

const UPLOAD = 'aaaaaaaa-0000-4000-8000-000000000001';

async function refusal(run: Promise<unknown>) {
  const error = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe("a merge's bounds, when it is asked for", () => {
  it("refuses a pro merge of ten 4K videos for the worker's memory (413), and takes four", async () => {
    const a = setup('pro');
    const url = (await seedCompletedUpload(a, 'u1', UPLOAD, { duration: 5, width: 3840, height: 2160 })).url;
    const videos = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ url, type: 'video', start_time: i * 5 }));
    const ten = mergeRequest.parse({ input_sources: videos(10), quality_tier: 'custom' });
    const refused = await refusal(a.service.start('u1', ten));
    expect(refused.statusCode).toBe(413);
    expect(refused.code).toBe('merge_too_large');
    expect(refused.message).toMatch(/10 videos at 3840×2160 with the medium preset needs about/);
    expect(await a.jobs.listForOwner('u1')).toHaveLength(0);

    const four = mergeRequest.parse({ input_sources: videos(4), quality_tier: 'custom' });
    const started = await a.service.start('u1', four);
    const job = (await a.jobs.get(started.merge_id)) as MergeJob;
    expect(job.options.max_frame).toEqual({ short_side: 2160, long_side: 3840 });
  });

  it("refuses the free plan's 8K preview and an over-long merge (402); a merge of the same video at its own size is made at the plan's frame", async () => {
    const a = setup('free');
    const url = (await seedCompletedUpload(a, 'u1', UPLOAD, { duration: 5, width: 3840, height: 2160 })).url;
    const preview = previewRequest.parse({
      input_sources: [{ url, type: 'video' }],
      quality_tier: 'custom',
      ffmpeg_params: { resolution: '7680x4320' },
    });
    const refused = await refusal(a.service.preview('u1', preview));
    expect([refused.statusCode, refused.code]).toEqual([402, 'plan_limit']);
    const long = mergeRequest.parse({ input_sources: [{ url, type: 'video', start_time: 116 }] });
    const tooLong = await refusal(a.service.start('u1', long));
    expect([tooLong.statusCode, tooLong.code]).toEqual([402, 'video_too_long']);
    expect(tooLong.message).toMatch(/at most 2 min: this merge would last 2 min 1 s/);
    expect(await a.jobs.listForOwner('u1')).toHaveLength(0);

    const own = mergeRequest.parse({ input_sources: [{ url, type: 'video' }], quality_tier: 'custom' });
    const started = await a.service.start('u1', own);
    const job = (await a.jobs.get(started.merge_id)) as MergeJob;
    expect(job.options.max_frame).toEqual({ short_side: 1080, long_side: 1920 });
    // Not the 4K stream of the input: re-encoded into the plan's frame.
    expect(started.processing_method).toBe('re_encode');
  });
});
