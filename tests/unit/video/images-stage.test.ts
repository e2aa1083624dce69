import { describe, expect, it } from 'vitest';
import type { SceneDescription } from '../../../functions/engine/text/types';
import { itemName, videoKeys } from '../../../functions/video/model';
import { drawCharacterStage, drawSceneStage } from '../../../functions/video/pipeline/images';
import {
  BOOK,
  CHAPTER_PICTURE,
  described,
  NELL_PORTRAIT,
  pipelineWorld,
  produce,
  twoScenePlan,
} from '../../support/video-pipeline';

/**
 * GenerateImages on the in-memory ports with an engine double: the plot's portraits and the Images
 * tab's pictures are reused, everything else is drawn (scenes with the looks the portraits fixed),
 * the bar counts every picture, and a generation deleted while a picture is drawn keeps nothing.
 */
describe('the images stage', () => {
  it("reuses a plot portrait that is still stored and draws a character without one from the plan's look", async () => {
    const world = pipelineWorld();
    const job = await world.startGeneration();
    await drawCharacterStage(world.deps, { job_id: job.id, character: 0 });
    await drawCharacterStage(world.deps, { job_id: job.id, character: 1 });
    expect((await world.items.getItem(BOOK, job.id, 'images', itemName.character(0)))!).toMatchObject({
      counters: { generated: 0 },
      keys: [],
      data: { kind: 'character', name: 'Nell', portrait_key: NELL_PORTRAIT, source: 'plot' },
    });
    const tobias = videoKeys.character(BOOK, job.id, 1);
    expect((await world.items.getItem(BOOK, job.id, 'images', itemName.character(1)))!).toMatchObject({
      counters: { generated: 1 },
      keys: [tobias],
      data: { name: 'Tobias', portrait_key: tobias, source: 'generated' },
    });
    const drawn = world.doubles.calls.filter((c) => c.name === 'image.portrait');
    expect(drawn).toHaveLength(1);
    expect(drawn[0]!.request).toMatchObject({
      seed: 11,
      style: 'cinematic',
      quality: 'standard',
      aspectRatio: '16:9',
      reference: { name: 'Tobias' },
    });
    expect(described(await world.storage.media.getBytes(tobias))).toEqual({
      made: 'portrait',
      name: 'Tobias',
    });
  });

  it('draws a portrait again when the plot portrait is no longer stored', async () => {
    const world = pipelineWorld();
    const job = await world.startGeneration();
    await world.storage.media.delete(NELL_PORTRAIT);
    await drawCharacterStage(world.deps, { job_id: job.id, character: 0 });
    expect((await world.items.getItem(BOOK, job.id, 'images', itemName.character(0)))!.data).toMatchObject({
      source: 'generated',
      portrait_key: videoKeys.character(BOOK, job.id, 0),
    });
  });

  it("draws a scene with its characters' fixed looks and the portraits they were drawn in; reuses the chapter's picture", async () => {
    const world = pipelineWorld();
    const job = await world.startGeneration();
    for (const character of [0, 1]) await drawCharacterStage(world.deps, { job_id: job.id, character });
    await drawSceneStage(world.deps, { job_id: job.id, scene_number: 1 });
    await drawSceneStage(world.deps, { job_id: job.id, scene_number: 2 });
    const scene = world.doubles.calls.find((c) => c.name === 'image.scene')!.request as {
      seed: number;
      characters: { name: string }[];
      references: { name: string; image?: () => Promise<Uint8Array> }[];
    };
    expect(scene.seed).toBe(7 + 1);
    expect(scene.characters.map((c) => c.name)).toEqual(['Nell', 'Tobias']);
    // Only Tobias has a fixed look; the reference reads the portrait the images stage drew.
    expect(scene.references.map((r) => r.name)).toEqual(['Tobias']);
    expect(described(await scene.references[0]!.image!())).toEqual({ made: 'portrait', name: 'Tobias' });
    // Drawn before any sound (no audio stage ran): one picture for the whole scene.
    expect((await world.items.getItem(BOOK, job.id, 'images', itemName.scene(1)))!.data).toEqual({
      kind: 'scene',
      image_key: videoKeys.sceneImage(BOOK, job.id, 1),
      images: [{ key: videoKeys.sceneImage(BOOK, job.id, 1), start: 0 }],
      source: 'generated',
    });
    expect((await world.items.getItem(BOOK, job.id, 'images', itemName.scene(2)))!).toMatchObject({
      counters: { generated: 0 },
      data: { image_key: CHAPTER_PICTURE, source: 'chapter' },
    });
    expect(world.doubles.calls.filter((c) => c.name === 'image.scene')).toHaveLength(1);
    expect(await world.generation(job.id)).toMatchObject({
      progress: 40,
      step: 'Drawing picture 4 of 4',
      outputs: { stage: 'images', generation_status: 'images_completed' },
    });
  });

  it('draws a long scene more than once: each later picture the moment its passage tells, with who is there then', async () => {
    const world = pipelineWorld();
    const quiet = 'The rain fell on the roofs of the town and nobody moved in the street below the hill.';
    const job = await world.startGeneration({}, (id) => {
      const plan = twoScenePlan(id);
      plan.scenes[0] = {
        ...plan.scenes[0]!,
        narration: { text: `${quiet} ${quiet}`, voice: 'narrator-voice' },
        lines: [
          {
            character: 'Tobias',
            text: 'I saw the ghastly thing on the stair and I fled from it into the night as fast as I could',
            voice: 'tobias-plain',
          },
        ],
      };
      return plan;
    });
    await produce(world, job.id, 'images');
    // 38 words of narration and 22 of dialogue at half a second a word: over 30 s, two pictures.
    const drawings = world.doubles.calls
      .filter((c) => c.name === 'image.scene')
      .map((c) => c.request as { seed: number; scene: SceneDescription; characters: { name: string }[] })
      .filter((r) => r.scene.scene_number === 1);
    expect(drawings).toHaveLength(2);
    const [first, later] = drawings as [(typeof drawings)[0], (typeof drawings)[0]];
    expect(first.scene.characters).toEqual(['Nell', 'Tobias']);
    // Nell is neither named nor speaking in the scene's second half: only Tobias is drawn there.
    expect(later.scene.characters).toEqual(['Tobias']);
    expect(later.characters.map((c) => c.name)).toEqual(['Tobias']);
    expect(later.scene.key_actions.join(' ')).toContain('ghastly thing on the stair');
    expect(later.scene.location).toBe(first.scene.location);
    expect(later.seed).not.toBe(first.seed);
    const item = (await world.items.getItem(BOOK, job.id, 'images', itemName.scene(1)))!;
    const images = (item.data as { images: { key: string; start: number }[] }).images;
    expect(images.map((i) => i.key)).toEqual([
      videoKeys.sceneImage(BOOK, job.id, 1),
      videoKeys.sceneImage(BOOK, job.id, 1, 1),
    ]);
    expect(images[1]!.start).toBeGreaterThan(14);
    expect(item).toMatchObject({ counters: { generated: 2 }, keys: images.map((i) => i.key) });
    for (const { key } of images) expect(await world.storage.media.head(key)).not.toBeNull();
  });

  it('a generation deleted while a picture is drawn stops, and the picture is removed', async () => {
    const world = pipelineWorld();
    const job = await world.startGeneration();
    await produce(world, job.id, 'audio');
    world.doubles.before.set('image.portrait', () => world.jobs.repository.deleteMany([job.id]));
    await expect(drawCharacterStage(world.deps, { job_id: job.id, character: 1 })).rejects.toMatchObject({
      name: 'JobGoneError',
    });
    expect(world.storage.media.keys(videoKeys.prefix(BOOK, job.id) + 'images/')).toEqual([]);
    expect(await world.items.listItems(BOOK, job.id, 'images')).toEqual([]);
  });

  it('an injected fault stops the stage before anything is drawn', async () => {
    const world = pipelineWorld();
    const job = await world.startGeneration();
    world.faults.add('pipeline.images');
    await expect(drawSceneStage(world.deps, { job_id: job.id, scene_number: 1 })).rejects.toMatchObject({
      name: 'InjectedFault',
    });
    expect((await world.generation(job.id)).outputs.stage).toBe('images');
    expect(world.doubles.calls).toEqual([]);
  });
});
