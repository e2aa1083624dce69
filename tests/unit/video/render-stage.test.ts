import { describe, expect, it } from 'vitest';
import type { SceneFilmRequest } from '../../../functions/engine/productions/shots';
import { itemName, videoKeys } from '../../../functions/video/model';
import type { VideoItemData } from '../../../functions/video/pipeline/render';
import { renderStage } from '../../../functions/video/pipeline/render';
import {
  BOOK,
  described,
  pipelineWorld,
  produce,
  twoScenePlan as twoScenes,
} from '../../support/video-pipeline';

/**
 * RenderSceneVideo on the in-memory ports with doubles of the engine and of FFmpeg's filming: the
 * shots a scene is cut into, which of them are filmed talking, which sound the clip copies, what is
 * stored; a redo that keeps the scenes it does not name; a missing earlier stage; a cancelled run.
 */
async function rendered(options: Parameters<ReturnType<typeof pipelineWorld>['startGeneration']>[0] = {}) {
  const world = pipelineWorld();
  const job = await world.startGeneration(options);
  await produce(world, job.id, 'images');
  world.doubles.calls.length = 0;
  return { world, job };
}

const filmRequests = (world: ReturnType<typeof pipelineWorld>) =>
  world.doubles.calls.filter((c) => c.name === 'film.filmScene').map((c) => c.request as SceneFilmRequest);

describe('the render stage', () => {
  it('cuts a scene into its picture and a close-up of each speaker, filming the lines with visemes talking', async () => {
    const { world, job } = await rendered();
    expect(await renderStage(world.deps, { job_id: job.id, scene_number: 1 })).toEqual({
      scene_number: 1,
      shots: 3,
    });
    const item = (await world.items.getItem(BOOK, job.id, 'video', itemName.scene(1)))!;
    const data = item.data as unknown as VideoItemData;
    expect(data.shots.map((s) => [s.kind, s.character, s.line])).toEqual([
      ['scene', null, null],
      ['dialogue', 'Nell', 0],
      ['dialogue', 'Tobias', 1],
    ]);
    // The shots fill the scene, frame for frame.
    expect(data.shots.reduce((sum, s) => sum + s.frames, 0)).toBe(Math.round(data.duration * 24));
    // Nell's line has visemes: filmed talking here. Tobias's has none: the lip-sync films it.
    expect(data.talking).toEqual([1]);
    const [request] = filmRequests(world);
    expect(request!.shots.map((s) => [s.kind, s.talking !== undefined])).toEqual([
      ['scene', false],
      ['dialogue', true],
      ['dialogue', false],
    ]);
    expect(request!.seed).toBe(7 + 1);
  });

  it('copies the sound the audio stage encoded when the scene keeps its length, else encodes the mix', async () => {
    const { world, job } = await rendered();
    await renderStage(world.deps, { job_id: job.id, scene_number: 1 });
    const clip = (n: number) => world.storage.media.getBytes(videoKeys.sceneClip(BOOK, job.id, n));
    expect(described(await clip(1))).toEqual({
      made: 'scene clip',
      sound: 'scene sound',
      copied: true,
      subtitles: 'WEBVTT',
    });
    const stretched = pipelineWorld();
    const other = await stretched.startGeneration({}, (id) => {
      const plan = twoScenes(id);
      plan.scenes[1] = { ...plan.scenes[1]!, duration_override: 4 };
      return plan;
    });
    await produce(stretched, other.id, 'images');
    await renderStage(stretched.deps, { job_id: other.id, scene_number: 2 });
    const data = (await stretched.items.getItem(BOOK, other.id, 'video', itemName.scene(2)))!.data;
    // Asked for 4 s, the scene is its 3 s of sound and its 0.5 s fade: never padded further.
    expect(data).toMatchObject({ duration: 3.5 });
    expect(described(await stretched.storage.media.getBytes(videoKeys.sceneClip(BOOK, other.id, 2)))).toEqual(
      {
        made: 'scene clip',
        sound: 'mix',
        copied: false,
        subtitles: 'WEBVTT',
      },
    );
  });

  it('gives each scene clip its own subtitles: the scene’s spoken words, from the scene’s start', async () => {
    const { world, job } = await rendered();
    await renderStage(world.deps, { job_id: job.id, scene_number: 1 });
    const bytes = await world.storage.media.getBytes(videoKeys.sceneSubtitles(BOOK, job.id, 1));
    const vtt = Buffer.from(bytes).toString('utf8');
    expect(vtt.startsWith('WEBVTT')).toBe(true);
    const text = vtt.replace(/\s+/g, ' ');
    for (const words of ['The storm came in fast', 'Close the shutters now', 'They will not hold'])
      expect(text).toContain(words);
    // The clip carries the same file as its subtitle stream.
    const stream = world.doubles.calls.find((c) => c.name === 'film.addSubtitleStream')!.request as {
      format: string;
    };
    expect(stream.format).toBe('mp4');
    expect(await world.items.getItem(BOOK, job.id, 'video', itemName.scene(1))).toMatchObject({
      data: { subtitles_key: videoKeys.sceneSubtitles(BOOK, job.id, 1) },
    });
  });

  it('stores every shot, the clip and its thumbnail, and moves the bar', async () => {
    const { world, job } = await rendered();
    await renderStage(world.deps, { job_id: job.id, scene_number: 2 });
    const item = (await world.items.getItem(BOOK, job.id, 'video', itemName.scene(2)))!;
    // Crane is not in the cast: his line is the scene's picture, not a close-up.
    expect((item.data as unknown as VideoItemData).shots.map((s) => s.kind)).toEqual(['scene']);
    expect(item.keys).toEqual([
      videoKeys.shot(BOOK, job.id, 2, 0),
      videoKeys.sceneClip(BOOK, job.id, 2),
      videoKeys.sceneThumbnail(BOOK, job.id, 2),
      videoKeys.sceneSubtitles(BOOK, job.id, 2),
    ]);
    for (const key of item.keys) expect(await world.storage.media.head(key)).not.toBeNull();
    expect(described(await world.storage.media.getBytes(videoKeys.sceneThumbnail(BOOK, job.id, 2)))).toEqual({
      made: 'thumbnail',
      of: 'scene-0.png',
    });
    expect(item.data).toMatchObject({ transition: { type: 'fade', duration: 0.5 }, talking: [] });
    expect(await world.generation(job.id)).toMatchObject({
      step: 'Filming scene 1 of 2',
      outputs: { stage: 'video', generation_status: 'generating_video' },
    });
  });

  it("films a long scene's shots over the picture of the moment each one shows", async () => {
    const world = pipelineWorld();
    const passage = 'The rain fell on the roofs of the town and nobody moved in the street below the hill.';
    const job = await world.startGeneration({}, (id) => {
      const plan = twoScenes(id);
      plan.scenes[0] = {
        ...plan.scenes[0]!,
        narration: { text: [passage, passage, passage, passage].join(' '), voice: 'narrator-voice' },
        lines: [],
      };
      return plan;
    });
    await produce(world, job.id, 'images');
    await renderStage(world.deps, { job_id: job.id, scene_number: 1 });
    const [request] = filmRequests(world);
    const data = (await world.items.getItem(BOOK, job.id, 'video', itemName.scene(1)))!
      .data as unknown as VideoItemData;
    // 76 words at half a second each: three pictures, each seen from its own moment on.
    const still = (i: number) => request!.shots[i]!.image.split('/').at(-1);
    const pictures = data.shots.map((_, i) => still(i));
    expect(new Set(pictures)).toEqual(new Set(['scene-0.png', 'scene-1.png', 'scene-2.png']));
    expect(pictures).toEqual([...pictures].sort());
    expect(data.shots.every((s) => s.duration <= 6.5)).toBe(true);
  });

  it('a redo of one scene keeps the clips of the others as they are', async () => {
    const { world, job } = await rendered();
    await produce(world, job.id, 'video', 'video');
    const before = (await world.items.getItem(BOOK, job.id, 'video', itemName.scene(1)))!;
    // The same generation run again with only scene 2 to film again.
    await world.jobs.repository.update(
      job.id,
      { options: { ...job.options, redo_scenes: [2] } },
      world.clock.now().toISOString(),
    );
    world.doubles.calls.length = 0;
    expect(await renderStage(world.deps, { job_id: job.id, scene_number: 1 })).toEqual({
      scene_number: 1,
      kept: true,
    });
    expect(await renderStage(world.deps, { job_id: job.id, scene_number: 2 })).toEqual({
      scene_number: 2,
      shots: 1,
    });
    expect(filmRequests(world)).toHaveLength(1);
    expect(await world.items.getItem(BOOK, job.id, 'video', itemName.scene(1))).toEqual(before);
    expect(await world.generation(job.id)).toMatchObject({
      progress: 65,
      outputs: { generation_status: 'video_completed' },
    });
  });

  it('a scene whose audio is missing asks for a retry from audio', async () => {
    const world = pipelineWorld();
    const job = await world.startGeneration();
    await expect(renderStage(world.deps, { job_id: job.id, scene_number: 1 })).rejects.toThrow(
      'The audio stage has no scene-0001: retry from audio',
    );
  });

  it('a generation cancelled while its scene is filmed stops, and the files it stored are removed', async () => {
    const { world, job } = await rendered();
    world.doubles.before.set('film.stillThumbnail', async () =>
      world.jobs.cancel(await world.generation(job.id)),
    );
    await expect(renderStage(world.deps, { job_id: job.id, scene_number: 1 })).rejects.toMatchObject({
      name: 'JobGoneError',
    });
    expect(world.storage.media.keys(videoKeys.prefix(BOOK, job.id) + 'scenes/')).toEqual([]);
    expect(await world.items.getItem(BOOK, job.id, 'video', itemName.scene(1))).toBeNull();
  });
});
