import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { mergeRequest, previewRequest } from '../../../functions/contracts/merge-requests';
import { MERGE_STEPS } from '../../../functions/contracts/merge';
import { withTempDir } from '../../../functions/engine/media/temp';
import { EngineError, type ProbeResult } from '../../../functions/engine/types';
import type { MergeRequest } from '../../../functions/engine/video/types';
import {
  mergeStage,
  previewStage,
  recordMergeFailureStage,
  type MergeStageDeps,
} from '../../../functions/merge/jobs/merge.stages';
import { mergeStorage } from '../../../functions/merge/model';
import { mergeServiceOn, seedCompletedUpload } from '../../support/merge';
import { memoryAdapters } from '../../support/memory';

/**
 * The merge and preview stages on the in-memory ports and the merge queue, with doubles of FFmpeg's
 * probe and merge: the result stored and kept 24 hours, the next merge in the user's queue started,
 * inputs that are gone or unreadable told in the user's words, a merge cancelled while it runs.
 */
const UPLOAD = 'aaaaaaaa-0000-4000-8000-000000000001';

function setup() {
  const { jobs, service, ...adapters } = mergeServiceOn(memoryAdapters());
  const merged: MergeRequest[] = [];
  let failWith: Error | null = null;
  let during: (() => Promise<unknown>) | null = null;
  const probeOf = (duration: number): ProbeResult => ({ duration, bytes: 1000, formatName: 'mp4' });
  const deps: MergeStageDeps = {
    jobs,
    storage: adapters.storage,
    media: {
      probe: async () => probeOf(4),
      mergeMedia: async (request) => {
        merged.push(request);
        request.onProgress?.(0.5);
        await during?.();
        if (failWith) throw failWith;
        await writeFile(request.outputPath, 'merged');
        return { path: request.outputPath, method: 'stream_copy', probe: probeOf(4) };
      },
    },
    queue: service,
    tempDir: withTempDir,
  };
  return {
    ...adapters,
    jobs,
    service,
    deps,
    merged,
    failNext: (error: Error) => (failWith = error),
    whileMerging: (run: () => Promise<unknown>) => (during = run),
  };
}

const twice = (url: string) =>
  mergeRequest.parse({
    input_sources: [
      { url, type: 'video' },
      { url, type: 'video' },
    ],
  });

describe('the merge stage', () => {
  it('merges the inputs, keeps the result for 24 hours and starts the next merge in the queue', async () => {
    const a = setup();
    const { url } = await seedCompletedUpload(a, 'u1', UPLOAD);
    const first = await a.service.start('u1', twice(url));
    const second = await a.service.start('u1', twice(url));
    expect(a.workflows.executions).toHaveLength(1);
    expect(await mergeStage(a.deps, { job_id: first.merge_id })).toEqual({
      job_id: first.merge_id,
      method: 'stream_copy',
    });
    expect(a.merged[0]!.inputs.map((i) => i.path.split('/').pop())).toEqual(['input-0', 'input-1']);
    const job = (await a.jobs.get(first.merge_id))!;
    const key = mergeStorage.output('u1', first.merge_id, 'mp4');
    expect(job).toMatchObject({
      status: 'ready',
      step: MERGE_STEPS.completed,
      outputs: {
        key,
        duration: 4,
        method: 'stream_copy',
        expired: false,
        expires_at: new Date(a.clock.now().getTime() + 24 * 3600_000).toISOString(),
      },
    });
    expect(await a.storage.media.head(key)).not.toBeNull();
    // The merge waiting behind it has started.
    expect(a.workflows.executions.map((e) => e.name)).toEqual([
      `merge-${first.merge_id}`,
      `merge-${second.merge_id}`,
    ]);
  });

  it("an input gone from storage is the user's to know, and the next merge starts anyway", async () => {
    const a = setup();
    const { url, key } = await seedCompletedUpload(a, 'u1', UPLOAD);
    const first = await a.service.start('u1', twice(url));
    const second = await a.service.start('u1', twice(url));
    await a.storage.uploads.delete(key);
    const error = await mergeStage(a.deps, { job_id: first.merge_id }).then(
      () => null,
      (e: Error) => e,
    );
    expect(error).toMatchObject({
      name: 'MergeInputError',
      message: 'Input 1 is no longer available: uploaded files are kept for 24 hours.',
    });
    await recordMergeFailureStage(a.deps, {
      job_id: first.merge_id,
      error: { Error: error!.name, Cause: error!.message },
    });
    expect(await a.jobs.get(first.merge_id)).toMatchObject({
      status: 'failed',
      error_message: error!.message,
    });
    expect(a.workflows.executions.at(-1)!.name).toBe(`merge-${second.merge_id}`);
  });

  it("the engine's refusal of the inputs is told in its words; other failures stay internal", async () => {
    const a = setup();
    const { url } = await seedCompletedUpload(a, 'u1', UPLOAD);
    const first = await a.service.start('u1', twice(url));
    a.failNext(new EngineError('invalid_input', 'The inputs have no video stream.'));
    await expect(mergeStage(a.deps, { job_id: first.merge_id })).rejects.toMatchObject({
      name: 'MergeInputError',
      message: 'The inputs have no video stream.',
    });
    const other = await a.service.start('u2', twice((await seedCompletedUpload(a, 'u2', UPLOAD)).url));
    a.failNext(new EngineError('media_failed', 'ffmpeg exited with 1'));
    await expect(mergeStage(a.deps, { job_id: other.merge_id })).rejects.toMatchObject({
      name: 'EngineError',
    });
  });

  it('a merge cancelled while it runs keeps no result', async () => {
    const a = setup();
    const { url } = await seedCompletedUpload(a, 'u1', UPLOAD);
    const first = await a.service.start('u1', twice(url));
    a.whileMerging(async () => a.jobs.cancel((await a.jobs.get(first.merge_id))!));
    await expect(mergeStage(a.deps, { job_id: first.merge_id })).rejects.toMatchObject({
      name: 'JobGoneError',
    });
    expect(a.storage.media.keys()).toEqual([]);
  });
});

describe('the preview stage', () => {
  it('renders the preview of the asked length and keeps it for 24 hours', async () => {
    const a = setup();
    const { url } = await seedCompletedUpload(a, 'u1', UPLOAD);
    const preview = await a.service.preview(
      'u1',
      previewRequest.parse({ input_sources: [{ url, type: 'video' }], preview_duration: 5 }),
    );
    expect(await previewStage(a.deps, { job_id: preview.preview_id })).toEqual({
      job_id: preview.preview_id,
      duration: 4,
    });
    expect(await a.jobs.get(preview.preview_id)).toMatchObject({
      status: 'ready',
      step: 'Preview ready',
      outputs: { key: mergeStorage.preview('u1', preview.preview_id), expired: false },
    });
    await recordMergeFailureStage(a.deps, { job_id: preview.preview_id, error: { Error: 'Boom' } });
    expect((await a.jobs.get(preview.preview_id))!.status).toBe('ready');
  });
});
