import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { generateScriptRequest } from '../../functions/contracts/script-requests';
import { characterImageRequest, sceneImageRequest } from '../../functions/contracts/images-requests';
import type { ImageEngine } from '../../functions/engine/image/types';
import { withTempDir } from '../../functions/engine/media/temp';
import { drawImageStage, recordImageFailureStage } from '../../functions/images/jobs/draw.stages';
import { createImagesService } from '../../functions/images/service';
import {
  drawPortraitStage,
  planPlotStage,
  recordPlotFailureStage,
  recordPortraitFailureStage,
} from '../../functions/plots/jobs/plot.stages';
import { createScriptsService } from '../../functions/scripts/service';
import { novelWorkspace } from '../support/novel-workspace';

/**
 * The entertainment workspace's one-step stages on the in-memory ports, the fixture novel and an image
 * engine double: a plot planned by the local text engine; a character's portrait drawn and made its
 * image; a chapter image drawn and completed; and what stays when the job ended while drawing.
 */
async function setup() {
  const workspace = await novelWorkspace();
  const { books, plots, engine, book, chapters, storage, jobs } = workspace;
  const scripts = createScriptsService({ ...workspace, books, plots, engine: () => engine });
  const images = createImagesService({ ...workspace, media: storage.media, scripts });
  await books.repository.update(book.id, { status: 'READY', review_pending: false });
  const drawn: { kind: string; seed: number }[] = [];
  let whileDrawing: (() => Promise<unknown>) | null = null;
  const image: Pick<ImageEngine, 'scene' | 'portrait'> = {
    async portrait(request) {
      drawn.push({ kind: 'portrait', seed: request.seed });
      await whileDrawing?.();
      await writeFile(request.outputPath, 'png');
      return {
        path: request.outputPath,
        width: 1024,
        height: 1024,
        prompt: request.character.name,
        look: { hair: 'red', eyes: 'green', skin: '#efc4a4', clothing: 'coat', palette: ['#efc4a4'] },
      };
    },
    async scene(request) {
      drawn.push({ kind: 'scene', seed: request.seed });
      await whileDrawing?.();
      await writeFile(request.outputPath, 'png');
      return { path: request.outputPath, width: 1920, height: 1080, prompt: 'a scene', figures: [] };
    },
  };
  const deps = { jobs, engine: { image }, media: storage.media, plots, images, tempDir: withTempDir };
  const during = (run: () => Promise<unknown>) => (whileDrawing = run);
  return { ...workspace, scripts, images, deps, drawn, during, chapter: chapters[2]! };
}

async function withPlot(s: Awaited<ReturnType<typeof setup>>) {
  const started = await s.plots.startGeneration('owner', s.book.id, { replace_characters: false });
  await planPlotStage(s.deps, { job_id: started.id });
  return s.plots.overview('owner', s.book.id);
}

describe('the plot and portrait stages', () => {
  it("plans the book's plot and records it on the job", async () => {
    const s = await setup();
    const started = await s.plots.startGeneration('owner', s.book.id, { replace_characters: false });
    const answer = await planPlotStage(s.deps, { job_id: started.id });
    const overview = await s.plots.overview('owner', s.book.id);
    expect(answer).toEqual({ job_id: started.id, plot_id: overview.id });
    expect(overview.characters.map((c) => c.name)).toContain('Nell');
    expect(await s.jobs.get(started.id)).toMatchObject({
      status: 'ready',
      outputs: { plot_id: overview.id },
    });
    await expect(planPlotStage(s.deps, { job_id: started.id })).rejects.toMatchObject({
      name: 'JobGoneError',
    });
    expect((await recordPlotFailureStage(s.deps, { job_id: started.id })).recorded).toBe(false);
  });

  it("draws a character's portrait from its seed and makes it the character's image", async () => {
    const s = await setup();
    const nell = (await withPlot(s)).characters.find((c) => c.name === 'Nell')!;
    const queued = await s.plots.queuePortrait('owner', nell.id, {
      style: 'cinematic',
      quality: 'hd',
      aspect_ratio: '1:1',
    });
    expect(await drawPortraitStage(s.deps, { job_id: queued.job_id })).toEqual({
      job_id: queued.job_id,
      width: 1024,
      height: 1024,
    });
    expect(s.drawn).toEqual([{ kind: 'portrait', seed: nell.seed }]);
    expect(await s.plots.portraitStatus('owner', nell.id)).toMatchObject({ status: 'completed' });
    expect((await s.plots.repository.getCharacter(nell.id))!.look).toMatchObject({ hair: 'red' });
  });

  it('a character deleted while its portrait is drawn keeps no portrait; failures are told in words', async () => {
    const s = await setup();
    const nell = (await withPlot(s)).characters.find((c) => c.name === 'Nell')!;
    const queued = await s.plots.queuePortrait('owner', nell.id, {
      style: 'cinematic',
      quality: 'hd',
      aspect_ratio: '1:1',
    });
    s.during(async () => s.jobs.cancel((await s.jobs.get(queued.job_id))!));
    await expect(drawPortraitStage(s.deps, { job_id: queued.job_id })).rejects.toMatchObject({
      name: 'JobGoneError',
    });
    expect(s.storage.media.keys(`media/books/${s.book.id}/characters/`)).toEqual([]);
    s.during(async () => undefined);
    const again = await s.plots.queuePortrait('owner', nell.id, {
      style: 'sketch',
      quality: 'standard',
      aspect_ratio: '1:1',
    });
    await recordPortraitFailureStage(s.deps, { job_id: again.job_id, error: { Error: 'States.Timeout' } });
    expect((await s.jobs.get(again.job_id))!).toMatchObject({
      status: 'failed',
      error_message: expect.any(String),
    });
  });
});

describe('the chapter image stage', () => {
  it('draws a scene of the script and completes its image record', async () => {
    const s = await setup();
    await withPlot(s);
    const script = await s.scripts.generate(
      'owner',
      generateScriptRequest.parse({ chapter_id: s.chapter.id, scene_count: 5 }),
    );
    const queued = await s.images.startScene(
      'owner',
      s.chapter.id,
      2,
      sceneImageRequest.parse({ script_id: script.id }),
    );
    expect(await drawImageStage(s.deps, { job_id: queued.job_id })).toEqual({
      job_id: queued.job_id,
      width: 1920,
      height: 1080,
    });
    expect(s.drawn.map((d) => d.kind)).toEqual(['scene']);
    expect(await s.images.status('owner', s.chapter.id, queued.job_id)).toMatchObject({
      status: 'completed',
      image_url: expect.any(String),
    });
    expect(await s.jobs.get(queued.job_id)).toMatchObject({ status: 'ready', outputs: { width: 1920 } });
    expect(s.storage.media.keys(`media/books/${s.book.id}/chapters/`)).toHaveLength(1);
  });

  it('draws a character image as a portrait; a job cancelled meanwhile keeps no picture; a failure marks the image failed', async () => {
    const s = await setup();
    await withPlot(s);
    const queued = await s.images.startCharacter(
      'owner',
      s.chapter.id,
      characterImageRequest.parse({ character_name: 'nell', character_description: 'holding a lantern' }),
    );
    s.during(async () => s.jobs.cancel((await s.jobs.get(queued.job_id))!));
    await expect(drawImageStage(s.deps, { job_id: queued.job_id })).rejects.toMatchObject({
      name: 'JobGoneError',
    });
    expect(s.drawn.map((d) => d.kind)).toEqual(['portrait']);
    expect(s.storage.media.keys(`media/books/${s.book.id}/chapters/`)).toEqual([]);
    s.during(async () => undefined);
    const again = await s.images.startCharacter(
      'owner',
      s.chapter.id,
      characterImageRequest.parse({ character_name: 'crane', character_description: 'at the window' }),
    );
    await recordImageFailureStage(s.deps, { job_id: again.job_id, error: { Error: 'Boom' } });
    expect(await s.images.status('owner', s.chapter.id, again.job_id)).toMatchObject({ status: 'failed' });
  });
});
