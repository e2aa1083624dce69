import { describe, expect, it } from 'vitest';
import { videoGenerationJob } from '../../../functions/video/jobs/kinds';
import { itemName, videoKeys, type VideoGenerationJob } from '../../../functions/video/model';
import { recordFailureStage } from '../../../functions/video/pipeline/failure';
import { mergeStage } from '../../../functions/video/pipeline/merge';
import { planStage } from '../../../functions/video/pipeline/plan';
import { BOOK, pipelineWorld, produce, type PipelineWorld } from '../../support/video-pipeline';

/**
 * RecordFailure (the words of the stage a run failed in, the step a retry resumes from) and the
 * redo paths on the in-memory ports: a run retried from a step reuses every item before it and
 * publishes a new film in place of the old one; a redo of one scene films only that scene again.
 */
const asCaught = (name: string, message: string) => ({
  Error: name,
  Cause: JSON.stringify({ errorType: name, errorMessage: message }),
});

/** The generation in `stage`, as `enterStage` leaves it. */
async function inStage(world: PipelineWorld, stage: VideoGenerationJob['outputs']['stage']) {
  const job = await world.startGeneration();
  await world.jobs.record(job.id, { outputs: { stage } });
  return job;
}

describe('recording a failure', () => {
  it.each([
    ['plan', 'audio', 'Failed during planning'],
    ['images', 'images', 'Failed during image_generation'],
    ['publish', 'lipsync', 'Failed during publishing'],
  ] as const)('in %s: the stage named in words, a retry from %s', async (stage, step, words) => {
    const world = pipelineWorld();
    const job = await inStage(world, stage);
    expect(
      await recordFailureStage(world.deps, {
        job_id: job.id,
        error: asCaught('TypeError', 'x is undefined'),
      }),
    ).toEqual({
      job_id: job.id,
      recorded: true,
    });
    // An internal error's own words are never shown.
    expect(await world.generation(job.id)).toMatchObject({
      status: 'failed',
      error_message: words,
      outputs: { generation_status: 'failed', failed_step: step },
    });
  });

  it("names a timeout, and tells the engine's and an injected fault's words", async () => {
    const world = pipelineWorld();
    const timedOut = await inStage(world, 'video');
    await recordFailureStage(world.deps, { job_id: timedOut.id, error: { Error: 'States.Timeout' } });
    expect((await world.generation(timedOut.id)).error_message).toBe(
      'Video generation timed out during video.',
    );
    const refused = await inStage(world, 'merge');
    await recordFailureStage(world.deps, {
      job_id: refused.id,
      error: asCaught('EngineError', 'No scenes to merge.'),
    });
    expect((await world.generation(refused.id)).error_message).toBe(
      'Failed during merge: No scenes to merge.',
    );
    const injected = await inStage(world, 'lipsync');
    await recordFailureStage(world.deps, {
      job_id: injected.id,
      error: { Error: 'InjectedFault', Cause: 'Injected fault at pipeline.lipsync' },
    });
    expect((await world.generation(injected.id)).error_message).toBe(
      'Failed during lip_sync: Injected fault at pipeline.lipsync',
    );
  });

  it('a generation that ended or is gone is left as it is', async () => {
    const world = pipelineWorld();
    const job = await inStage(world, 'audio');
    await world.jobs.cancel(await world.generation(job.id));
    expect(
      (await recordFailureStage(world.deps, { job_id: job.id, error: { Error: 'Boom' } })).recorded,
    ).toBe(false);
    expect(await world.generation(job.id)).toMatchObject({
      status: 'cancelled',
      outputs: { stage: 'audio' },
    });
    expect(await recordFailureStage(world.deps, { job_id: '00000000-0000-4000-8000-00000000ffff' })).toEqual({
      job_id: '00000000-0000-4000-8000-00000000ffff',
      recorded: false,
    });
  });
});

describe('redo paths', () => {
  it('a run failed in the merge, retried from the merge, reuses every earlier item and publishes', async () => {
    const world = pipelineWorld();
    const job = await world.startGeneration();
    await produce(world, job.id, 'video');
    world.faults.add('pipeline.merge');
    const error = await mergeStage(world.deps, { job_id: job.id }).then(
      () => null,
      (e: Error) => e,
    );
    await recordFailureStage(world.deps, {
      job_id: job.id,
      error: { Error: error!.name, Cause: error!.message },
    });
    const failed = await world.generation(job.id);
    expect(failed.outputs.failed_step).toBe('merge');
    world.faults.clear();
    const before = await world.items.listItems(BOOK, job.id);
    world.doubles.calls.length = 0;
    await world.jobs.retry(videoGenerationJob, failed, 'merge');
    await planStage(world.deps, { job_id: job.id, start_at: 'merge' });
    await produce(world, job.id, 'publish', 'merge');
    // Nothing before the merge ran again: no speech, no drawing, no scene filmed with its sound.
    const ran = new Set(world.doubles.calls.map((c) => c.name));
    for (const earlier of [
      'speech.synthesize',
      'audio.mix',
      'image.portrait',
      'image.scene',
      'film.stillThumbnail',
    ])
      expect(ran.has(earlier)).toBe(false);
    const items = await world.items.listItems(BOOK, job.id);
    for (const item of before) expect(items).toContainEqual(item);
    expect(await world.generation(job.id)).toMatchObject({
      status: 'ready',
      attempt: 2,
      outputs: { final_key: videoKeys.final(BOOK, job.id, 2) },
    });
  });

  it("a rerun's film takes the place of the earlier one and its downloads", async () => {
    const world = pipelineWorld();
    const job = await world.startGeneration();
    await produce(world, job.id, 'publish');
    const first = await world.generation(job.id);
    const download = `${videoKeys.prefix(BOOK, job.id)}downloads/final-1-web.mp4`;
    await world.storage.media.put(download, 'x', 'video/mp4');
    await world.jobs.retry(videoGenerationJob, first, 'lipsync', { rerunReady: true });
    await planStage(world.deps, { job_id: job.id, start_at: 'lipsync' });
    await produce(world, job.id, 'publish', 'lipsync', 'lipsync');
    const second = await world.generation(job.id);
    expect(second.outputs.final_key).toBe(videoKeys.final(BOOK, job.id, 2));
    expect(await world.storage.media.head(first.outputs.final_key!)).toBeNull();
    expect(await world.storage.media.head(first.outputs.final!.thumbnail_key!)).toBeNull();
    expect(await world.storage.media.head(download)).toBeNull();
    expect(await world.storage.media.head(second.outputs.final_key!)).not.toBeNull();
    // The redo filmed every dialogue shot of scene 1 talking again.
    expect((await world.items.getItem(BOOK, job.id, 'lipsync', itemName.scene(1)))!.keys).toEqual([
      videoKeys.talkingShot(BOOK, job.id, 1, 1),
      videoKeys.talkingShot(BOOK, job.id, 1, 2),
    ]);
  });

  it('a redo of one scene films that scene again and keeps the other', async () => {
    const world = pipelineWorld();
    const job = await world.startGeneration();
    await produce(world, job.id, 'publish');
    const kept = await world.items.getItem(BOOK, job.id, 'video', itemName.scene(1));
    const done = await world.generation(job.id);
    await world.jobs.retry(videoGenerationJob, done, 'video', {
      rerunReady: true,
      options: { ...done.options, redo_scenes: [2] },
    });
    await planStage(world.deps, { job_id: job.id, start_at: 'video' });
    world.doubles.calls.length = 0;
    await produce(world, job.id, 'publish', 'video');
    const filmed = world.doubles.calls.filter((c) => c.name === 'film.filmScene');
    // Scene 2 filmed again; scene 1's Tobias filmed talking by the lip-sync (it has no visemes).
    expect(filmed).toHaveLength(2);
    expect(await world.items.getItem(BOOK, job.id, 'video', itemName.scene(1))).toEqual(kept);
    expect((await world.items.getItem(BOOK, job.id, 'video', itemName.scene(2)))!.attempt).toBe(2);
    expect((await world.generation(job.id)).status).toBe('ready');
  });
});
