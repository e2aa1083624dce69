import { describe, expect, it } from 'vitest';
import { imageMessages, matchCharacter, sameCharacter } from '../../../functions/contracts/images';
import {
  characterImageRequest,
  chapterIdParam,
  sceneImageRequest,
  sceneNumberParam,
} from '../../../functions/contracts/images-requests';
import { firstError } from '../../../functions/contracts/validation';
import { chapterImageJob } from '../../../functions/images/jobs/kinds';
import type { ChapterImageJobRecord } from '../../../functions/images/model';
import { createImagesService, sceneFromDescription } from '../../../functions/images/service';
import type { PlotJobRecord, PortraitJobRecord } from '../../../functions/plots/model';
import { createScriptsService } from '../../../functions/scripts/service';
import { generateScriptRequest } from '../../../functions/contracts/script-requests';
import { novelWorkspace } from '../../support/novel-workspace';

/** The fixture novel with a plot, Nell's portrait (with the look it fixed) and a script of chapter 3. */
async function setup() {
  const workspace = await novelWorkspace();
  const { books, plots, jobs, engine, book, chapters, storage } = workspace;
  const scripts = createScriptsService({ ...workspace, books, plots, engine: () => engine });
  const images = createImagesService({ ...workspace, media: storage.media, scripts });
  await books.repository.update(book.id, { status: 'READY', review_pending: false });
  const started = await plots.startGeneration('owner', book.id, { replace_characters: false });
  await plots.generate((await jobs.get(started.id)) as PlotJobRecord);
  const overview = await plots.overview('owner', book.id);
  const nell = overview.characters.find((c) => c.name === 'Nell')!;
  const portrait = await plots.queuePortrait('owner', nell.id, {
    style: 'cinematic',
    quality: 'hd',
    aspect_ratio: '1:1',
  });
  const portraitKey = `media/books/${book.id}/characters/${nell.id}/portrait.png`;
  await storage.media.put(portraitKey, new Uint8Array([137, 80, 78, 71]), 'image/png');
  await plots.recordPortrait((await jobs.get(portrait.job_id)) as PortraitJobRecord, {
    key: portraitKey,
    width: 1024,
    height: 1024,
    look: {
      hair: 'long red hair',
      eyes: 'green eyes',
      skin: '#efc4a4',
      clothing: 'grey coat',
      palette: ['#efc4a4', '#b0461f', '#3f7d4a', '#777a80', '#c8102e'],
    },
  });
  const script = await scripts.generate(
    'owner',
    generateScriptRequest.parse({ chapter_id: chapters[2]!.id, scene_count: 5 }),
  );
  return { ...workspace, scripts, images, overview, nell, script, chapter: chapters[2]! };
}

const sceneInput = (body: Record<string, unknown> = {}) => sceneImageRequest.parse(body);
const characterInput = (body: Record<string, unknown> = {}) => characterImageRequest.parse(body);

/** What the worker does once the engine has drawn the picture. */
async function drawn(
  context: Awaited<ReturnType<typeof setup>>,
  jobId: string,
  size = { width: 1920, height: 1080 },
) {
  const job = (await context.jobs.get(jobId)) as ChapterImageJobRecord;
  const key = context.images.keyFor(job);
  await context.storage.media.put(key, new Uint8Array([1, 2, 3]), 'image/png');
  await context.jobs.record(jobId, { outputs: { image_key: key, ...size } });
  const record = await context.images.recordDrawn(job, {
    key,
    ...size,
    prompt: `Picture of job ${jobId}`,
    figures: [],
    referenced: [],
  });
  await context.jobs.finish(jobId);
  return { key, record };
}

describe('the chapter images service', () => {
  it('starts a scene image of a script as a job with the spec defaults; its record is generating', async () => {
    const context = await setup();
    const { images, script, chapter, workflows, jobs } = context;
    const queued = await images.startScene('owner', chapter.id, 2, sceneInput({ script_id: script.id }));
    expect(queued).toEqual({
      record_id: queued.job_id,
      job_id: queued.job_id,
      status: 'generating',
      image_url: null,
      scene_number: 2,
      script_id: script.id,
    });
    expect(workflows.executions.at(-1)).toMatchObject({
      machine: 'chapterImage',
      name: `image-${queued.job_id}`,
    });
    const job = (await jobs.get(queued.job_id)) as ChapterImageJobRecord;
    expect(job.options).toMatchObject({
      image_type: 'scene',
      style: 'cinematic',
      quality: 'hd',
      aspect_ratio: '16:9',
      lighting_mood: 'natural',
      include_background: true,
      use_character_references: true,
    });
    expect(job.options.scene).toMatchObject({
      scene_number: 2,
      location: script.scenes[1]!.location,
      characters: script.scenes[1]!.characters,
    });
    // A second request while it is drawn answers the same drawing.
    const again = await images.startScene('owner', chapter.id, 2, sceneInput({ script_id: script.id }));
    expect(again.record_id).toBe(queued.record_id);
    const listed = await images.list('owner', chapter.id, script.id);
    expect(listed.images.filter((i) => !i.global)).toEqual([
      expect.objectContaining({
        id: queued.record_id,
        status: 'generating',
        image_url: null,
        image_type: 'scene',
        script_id: script.id,
        deletable: true,
        metadata: expect.objectContaining({ scene_number: 2, style: 'cinematic', aspect_ratio: '16:9' }),
      }),
    ]);
    expect(await images.status('owner', chapter.id, queued.job_id)).toMatchObject({
      status: 'generating',
      image_url: null,
      script_id: script.id,
      error: null,
    });
  });

  it("draws a scene's plot characters with their portrait's look, under the scene's names", async () => {
    const context = await setup();
    const { images, script, chapter, jobs, nell } = context;
    const withNell = script.scenes.find((s) => s.characters.includes('Nell'))!;
    const queued = await images.startScene(
      'owner',
      chapter.id,
      withNell.scene_number,
      sceneInput({ script_id: script.id, lighting_mood: 'golden hour', style: 'sketch' }),
    );
    const drawing = await images.drawing((await jobs.get(queued.job_id)) as ChapterImageJobRecord);
    expect(drawing.kind).toBe('scene');
    expect(drawing.request).toMatchObject({ style: 'sketch', quality: 'hd', aspectRatio: '16:9' });
    expect(drawing.lightingMood).toBe('golden hour');
    expect(drawing.characters.map((c) => c.name)).toEqual(
      withNell.characters.filter((name) => matchCharacter(name, context.overview.characters)),
    );
    const reference = drawing.references.find((r) => r.name === 'Nell')!;
    expect(reference).toMatchObject({
      seed: nell.seed,
      look: { clothing: 'grey coat', palette: expect.arrayContaining(['#777a80']) },
    });
    expect(Array.from(await reference.image!())).toEqual([137, 80, 78, 71]);

    const without = await images.startScene(
      'owner',
      chapter.id,
      withNell.scene_number,
      sceneInput({ script_id: script.id, use_character_references: false, scene_description: 'Other' }),
    );
    // The first drawing still runs: the same lock answers it.
    expect(without.job_id).toBe(queued.job_id);
  });

  it('a redraw replaces only that scene’s picture, and only once it is done', async () => {
    const context = await setup();
    const { images, script, chapter, storage } = context;
    const one = await images.startScene('owner', chapter.id, 1, sceneInput({ script_id: script.id }));
    const two = await images.startScene('owner', chapter.id, 2, sceneInput({ script_id: script.id }));
    const first = await drawn(context, one.job_id);
    const second = await drawn(context, two.job_id);
    expect(first.record).toMatchObject({ status: 'completed', width: 1920, height: 1080 });
    const redo = await images.startScene(
      'owner',
      chapter.id,
      1,
      sceneInput({ script_id: script.id, aspect_ratio: '9:16', quality: 'standard' }),
    );
    expect(redo.job_id).not.toBe(one.job_id);
    let listed = (await images.list('owner', chapter.id, script.id)).images.filter((i) => !i.global);
    expect(listed.map((i) => [i.metadata.scene_number, i.status])).toEqual([
      [1, 'completed'],
      [1, 'generating'],
      [2, 'completed'],
    ]);
    await drawn(context, redo.job_id, { width: 720, height: 1280 });
    listed = (await images.list('owner', chapter.id, script.id)).images.filter((i) => !i.global);
    expect(listed.map((i) => [i.id, i.metadata.scene_number, i.metadata.width])).toEqual([
      [redo.job_id, 1, 720],
      [two.job_id, 2, 1920],
    ]);
    expect(storage.media.objects.has(first.key)).toBe(false);
    expect(storage.media.objects.has(second.key)).toBe(true);
    expect(await images.status('owner', chapter.id, redo.job_id)).toMatchObject({
      status: 'completed',
      image_url: expect.stringMatching(/^\/media\/books\/.+\.png\?expires=\d+&sig=/),
      prompt: `Picture of job ${redo.job_id}`,
      width: 720,
      height: 1280,
    });
  });

  it('scenes without a script are drawn from the description; no script and no description is the spec’s 400', async () => {
    const context = await setup();
    const { images, chapters, jobs } = context;
    await expect(images.startScene('owner', chapters[0]!.id, 1, sceneInput())).rejects.toMatchObject({
      statusCode: 400,
      message: imageMessages.noScenes,
    });
    const queued = await images.startScene(
      'owner',
      chapters[0]!.id,
      4,
      sceneInput({ scene_description: 'Nell and Crane argue on the quay at night, rain falling.' }),
    );
    expect(queued.script_id).toBeNull();
    const job = (await jobs.get(queued.job_id)) as ChapterImageJobRecord;
    expect(job.options.scene).toMatchObject({
      scene_number: 4,
      time_of_day: 'night',
      setting_type: 'EXT',
      characters: ['Nell', 'Crane'],
    });
    // Without script_id and description, the chapter's newest script is drawn.
    const { script, chapter } = context;
    const newest = await images.startScene('owner', chapter.id, 3, sceneInput());
    expect(newest.script_id).toBe(script.id);
  });

  it('bad scenes, foreign scripts and other users are refused, and nothing is started', async () => {
    const context = await setup();
    const { images, script, chapter, chapters, workflows } = context;
    const before = workflows.executions.length;
    await expect(
      images.startScene('owner', chapter.id, 9, sceneInput({ script_id: script.id })),
    ).rejects.toMatchObject({ statusCode: 400, message: 'Scene 9 is not part of this script.' });
    await expect(
      images.startScene('owner', chapters[0]!.id, 1, sceneInput({ script_id: script.id })),
    ).rejects.toMatchObject({ statusCode: 404, message: imageMessages.scriptNotFound });
    await expect(
      images.startScene('owner', chapter.id, 1, sceneInput({ script_id: 'not-a-script' })),
    ).rejects.toMatchObject({ statusCode: 404 });
    for (const call of [
      images.startScene('intruder', chapter.id, 1, sceneInput({ script_id: script.id })),
      images.startCharacter('intruder', chapter.id, characterInput({ character_name: 'Nell' })),
      images.list('intruder', chapter.id),
      images.status('intruder', chapter.id, '00000000-0000-4000-8000-000000000001'),
      images.delete('intruder', chapter.id, 'scene', '00000000-0000-4000-8000-000000000001'),
      images.list('owner', 'not-a-chapter'),
      images.list('owner', '00000000-0000-4000-8000-00000000dead'),
    ])
      await expect(call).rejects.toMatchObject({ statusCode: 404, message: 'Chapter not found.' });
    await expect(
      images.startCharacter('owner', chapter.id, characterInput({ character_name: '  ' })),
    ).rejects.toMatchObject({ statusCode: 400, message: 'Character name is required' });
    await expect(images.startCharacter('owner', chapter.id, characterInput())).rejects.toMatchObject({
      statusCode: 400,
      message: 'Character name is required',
    });
    expect(workflows.executions.length).toBe(before);
    expect((await images.list('owner', chapter.id)).images.filter((i) => !i.global)).toEqual([]);
  });

  it('a character image of a plot character keeps its portrait look and seed; a stranger is drawn from the description', async () => {
    const context = await setup();
    const { images, chapter, jobs, nell } = context;
    const queued = await images.startCharacter(
      'owner',
      chapter.id,
      characterInput({
        character_name: 'nell',
        character_description: 'holding a lantern',
        aspect_ratio: '1:1',
      }),
    );
    expect(queued).toMatchObject({ status: 'generating', image_url: null, character_name: 'nell' });
    const drawing = await images.drawing((await jobs.get(queued.job_id)) as ChapterImageJobRecord);
    expect(drawing.kind).toBe('character');
    expect(drawing.request).toMatchObject({
      seed: nell.seed,
      aspectRatio: '1:1',
      customPrompt: 'holding a lantern',
    });
    expect(drawing.references).toHaveLength(1);

    const stranger = await images.startCharacter(
      'owner',
      chapter.id,
      characterInput({
        character_name: 'The Harbour Master',
        character_description: 'A bald man in a navy coat.',
      }),
    );
    const other = await images.drawing((await jobs.get(stranger.job_id)) as ChapterImageJobRecord);
    expect(other.references).toEqual([]);
    expect(other.character).toMatchObject({
      name: 'The Harbour Master',
      physical_description: 'A bald man in a navy coat.',
    });
    const listed = await images.list('owner', chapter.id);
    expect(listed.images.map((i) => [i.character_name, i.global])).toEqual([
      ['nell', false],
      ['The Harbour Master', false],
      ['Nell', true],
    ]);
    expect(listed.images[0]!.character_id).toBe(nell.id);
  });

  it('deletes an image and its file; a global portrait is refused; a running drawing is stopped', async () => {
    const context = await setup();
    const { images, chapter, jobs, storage, nell } = context;
    const queued = await images.startCharacter(
      'owner',
      chapter.id,
      characterInput({ character_name: 'Crane' }),
    );
    const { key } = await drawn(context, queued.job_id);
    await expect(images.delete('owner', chapter.id, 'scene', queued.record_id)).rejects.toMatchObject({
      statusCode: 404,
      message: imageMessages.imageNotFound,
    });
    expect(await images.delete('owner', chapter.id, 'character', queued.record_id)).toEqual({
      id: queued.record_id,
      deleted: true,
    });
    expect(storage.media.objects.has(key)).toBe(false);
    await expect(images.delete('owner', chapter.id, 'character', nell.id)).rejects.toMatchObject({
      statusCode: 403,
      message: imageMessages.globalNotDeletable,
    });
    expect(storage.media.objects.has(`media/books/${nell.book_id}/characters/${nell.id}/portrait.png`)).toBe(
      true,
    );

    const running = await images.startCharacter(
      'owner',
      chapter.id,
      characterInput({ character_name: 'Tobias' }),
    );
    await images.delete('owner', chapter.id, 'character', running.record_id);
    expect((await jobs.get(running.job_id))!.status).toBe('cancelled');
    // The worker finishing late finds the drawing gone and keeps nothing.
    const job = (await jobs.get(running.job_id)) as ChapterImageJobRecord;
    expect(
      await images.recordDrawn(job, {
        key: 'k',
        width: 1,
        height: 1,
        prompt: '',
        figures: [],
        referenced: [],
      }),
    ).toBeNull();
    expect((await images.list('owner', chapter.id)).images.filter((i) => !i.global)).toEqual([]);
  });

  it('a failed drawing reads failed in the words of the failure', async () => {
    const context = await setup();
    const { images, script, chapter, jobs } = context;
    const queued = await images.startScene('owner', chapter.id, 3, sceneInput({ script_id: script.id }));
    const { job } = await jobs.fail(chapterImageJob, queued.job_id, { Error: 'Error', Cause: 'boom' });
    await images.recordFailed(job);
    expect(await images.status('owner', chapter.id, queued.job_id)).toMatchObject({
      status: 'failed',
      image_url: null,
      error: 'Failed to generate image for Scene 3',
    });
    const timedOut = await images.startCharacter(
      'owner',
      chapter.id,
      characterInput({ character_name: 'Crane' }),
    );
    const failed = await jobs.fail(chapterImageJob, timedOut.job_id, { Error: 'States.Timeout' });
    await images.recordFailed(failed.job);
    const listed = await images.list('owner', chapter.id);
    expect(listed.images.find((i) => i.id === timedOut.record_id)).toMatchObject({
      status: 'failed',
      error: 'Image generation timeout for Crane',
    });
  });
});

describe('chapter image requests', () => {
  it('take the spec defaults and answer unknown settings with the choices', () => {
    expect(sceneImageRequest.parse({})).toMatchObject({
      style: 'cinematic',
      quality: 'hd',
      aspect_ratio: '16:9',
      lighting_mood: 'natural',
      include_background: true,
      use_character_references: true,
    });
    expect(firstError(sceneImageRequest, { style: 'noir' })).toBe(imageMessages.styleInvalid);
    expect(firstError(sceneImageRequest, { quality: 'ultra' })).toBe(imageMessages.qualityInvalid);
    expect(firstError(sceneImageRequest, { aspect_ratio: '2:1' })).toBe(imageMessages.aspectRatioInvalid);
    expect(firstError(sceneImageRequest, { custom_prompt: 'x'.repeat(2001) })).toMatch(/at most 2000/);
    expect(firstError(sceneImageRequest, { scene_description: 'x'.repeat(5001) })).toMatch(/at most 5000/);
    expect(firstError(sceneImageRequest, { lighting_mood: 'x'.repeat(61) })).toMatch(/at most 60/);
    expect(firstError(sceneImageRequest, { scene_number: 'x'.repeat(7) })).toMatch(/at most 6/);
    expect(firstError(sceneImageRequest, { script_id: 'x'.repeat(101) })).toBe(
      'script_id must be a script id.',
    );
    expect(firstError(characterImageRequest, { character_name: 'x'.repeat(101) })).toBe(
      imageMessages.characterNameTooLong,
    );
  });

  it('read scene numbers 1 to 15 and refuse the rest; a blank chapter is the spec’s words', () => {
    expect(sceneNumberParam.parse('3')).toBe(3);
    expect(sceneNumberParam.parse('15')).toBe(15);
    for (const bad of ['0', 'abc', '16', '-1', '1.5', ''])
      expect(firstError(sceneNumberParam, bad), bad).toBe(imageMessages.sceneInvalid);
    for (const blank of ['', ' ', 'undefined', 'null'])
      expect(firstError(chapterIdParam, blank), blank).toBe(imageMessages.chapterRequired);
  });

  it("match a script's names to plot characters by the spec's rule", () => {
    expect(sameCharacter('Nell', 'nell')).toBe(true);
    expect(sameCharacter('Old Brannigan', 'Brannigan')).toBe(true);
    expect(sameCharacter('Captain Crane', 'Captain Hale')).toBe(true);
    expect(sameCharacter('Al Smith', 'Al Jones')).toBe(false);
    expect(sameCharacter('Nell', 'Tobias')).toBe(false);
    const cast = [{ name: 'Nell' }, { name: 'Nell Harrow' }, { name: 'Crane' }];
    expect(matchCharacter('Nell Harrow', cast)).toBe(cast[1]);
    expect(matchCharacter('Captain Crane', cast)).toBe(cast[2]);
    expect(matchCharacter('Mayor', cast)).toBeUndefined();
    expect(sceneFromDescription(2, 'Inside the tavern at dusk, Crane waits.', []).setting_type).toBe('INT');
  });
});
