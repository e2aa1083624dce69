import { describe, expect, it } from 'vitest';
import type { SceneFilmRequest } from '../../../functions/engine/productions/shots';
import { itemName, videoKeys } from '../../../functions/video/model';
import { lipSyncStage, type TalkingShot } from '../../../functions/video/pipeline/lipsync';
import { BOOK, described, pipelineWorld, produce } from '../../support/video-pipeline';

/**
 * LipSyncScene on the in-memory ports with doubles of the engine and of FFmpeg's filming: shots the
 * render stage filmed talking are measured and kept, the others are filmed talking (a line without
 * visemes from its speech's loudness); a redo films them all again, and what an earlier lip-sync made
 * that is no longer used goes.
 */
async function filmed() {
  const world = pipelineWorld();
  const job = await world.startGeneration();
  await produce(world, job.id, 'merge');
  world.doubles.calls.length = 0;
  return { world, job };
}

const talkingOf = async (world: ReturnType<typeof pipelineWorld>, jobId: string, scene = 1) =>
  (await world.items.getItem(BOOK, jobId, 'lipsync', itemName.scene(scene)))!;

describe('the lip-sync stage', () => {
  it('keeps the shots filmed talking at render time and films the rest talking from their speech', async () => {
    const { world, job } = await filmed();
    expect(await lipSyncStage(world.deps, { job_id: job.id, scene_number: 1 })).toEqual({
      scene_number: 1,
      shots: 2,
    });
    const item = await talkingOf(world, job.id);
    const tobias = videoKeys.talkingShot(BOOK, job.id, 1, 2);
    expect(item.data.talking as TalkingShot[]).toEqual([
      expect.objectContaining({
        shot: 1,
        character: 'Nell',
        key: videoKeys.shot(BOOK, job.id, 1, 1),
        sync_accuracy: 90,
      }),
      expect.objectContaining({ shot: 2, character: 'Tobias', key: tobias, sync_accuracy: 0 }),
    ]);
    expect(item.keys).toEqual([tobias]);
    const nellSeconds = (item.data.talking as TalkingShot[])[0]!.duration;
    expect(item.counters).toMatchObject({
      characters: 'Nell\nTobias',
      shots: 2,
      processing_method: 'visemes',
      sync_frames_weighted: 90 * nellSeconds,
    });
    // Tobias's line has no visemes: his speech placed in the shot drives the mouth.
    const placed = world.doubles.calls.filter((c) => c.name === 'film.placeSpeech');
    expect(placed).toHaveLength(1);
    const graph = world.doubles.calls.find((c) => c.name === 'lipSync.talkingShotGraph')!.request as {
      speechPath?: string;
    };
    expect(graph.speechPath).toMatch(/placed-2\.wav$/);
    const run = world.doubles.calls.find((c) => c.name === 'film.filmScene')!.request as SceneFilmRequest;
    expect(run.shots).toHaveLength(1);
    expect(run.clip).toBeUndefined();
    expect(described(await world.storage.media.getBytes(tobias))).toMatchObject({ made: 'talking shot' });
    // Only Nell's line is measured: lines without visemes score 0 without a measurement.
    expect(world.doubles.calls.filter((c) => c.name === 'lipSync.syncAccuracy')).toHaveLength(1);
  });

  it('a scene without dialogue shots has nothing to lip-sync', async () => {
    const { world, job } = await filmed();
    await lipSyncStage(world.deps, { job_id: job.id, scene_number: 2 });
    expect((await talkingOf(world, job.id, 2)).counters).toMatchObject({
      shots: 0,
      processing_method: 'none',
    });
    expect(world.doubles.calls.filter((c) => c.name === 'film.filmScene')).toEqual([]);
  });

  it('a redo films every dialogue shot again; a later run removes the talking shots it no longer uses', async () => {
    const { world, job } = await filmed();
    await lipSyncStage(world.deps, { job_id: job.id, scene_number: 1, start_at: 'lipsync' });
    const nell = videoKeys.talkingShot(BOOK, job.id, 1, 1);
    const tobias = videoKeys.talkingShot(BOOK, job.id, 1, 2);
    const redo = await talkingOf(world, job.id);
    expect(redo.keys).toEqual([nell, tobias]);
    expect(redo.counters.processing_method).toBe('audio_envelope');
    const run = world.doubles.calls.find((c) => c.name === 'film.filmScene')!.request as SceneFilmRequest;
    expect(run.shots.map((s) => s.talking?.processing_method)).toEqual(['visemes', 'audio_envelope']);
    // Nell's redone shot fades in only if it opens the scene (it does not).
    const graphs = world.doubles.calls.filter((c) => c.name === 'lipSync.talkingShotGraph');
    expect(graphs.map((g) => (g.request as { fadeIn?: unknown }).fadeIn)).toEqual([undefined, undefined]);
    // Nell's shot starts where her line does (on a frame): her visemes keep their times within a frame.
    const nellViseme = (graphs[0]!.request as { visemes: { time: number }[] }).visemes[0]!;
    expect(Math.abs(nellViseme.time - 0.1)).toBeLessThan(1 / 24);
    // A run that is not a redo keeps Nell's render-time shot: the redo's talking Nell goes.
    await lipSyncStage(world.deps, { job_id: job.id, scene_number: 1 });
    expect((await talkingOf(world, job.id)).keys).toEqual([tobias]);
    expect(await world.storage.media.head(nell)).toBeNull();
    expect(await world.storage.media.head(tobias)).not.toBeNull();
  });

  it('a generation cancelled while its shots are filmed stops, and the talking shots are removed', async () => {
    const { world, job } = await filmed();
    world.doubles.before.set('lipSync.syncAccuracy', async () =>
      world.jobs.cancel(await world.generation(job.id)),
    );
    await expect(lipSyncStage(world.deps, { job_id: job.id, scene_number: 1 })).rejects.toMatchObject({
      name: 'JobGoneError',
    });
    expect(world.storage.media.keys(videoKeys.prefix(BOOK, job.id) + 'lipsync/')).toEqual([]);
  });

  it('a scene without a video asks for a retry from video', async () => {
    const world = pipelineWorld();
    const job = await world.startGeneration();
    await produce(world, job.id, 'images');
    await expect(lipSyncStage(world.deps, { job_id: job.id, scene_number: 1 })).rejects.toThrow(
      'The video stage has no scene-0001: retry from video',
    );
  });
});
