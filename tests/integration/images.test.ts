import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookWithChapters } from '../../functions/contracts/books';
import type {
  ChapterImageStatus,
  ChapterImages,
  CharacterImageQueued,
  SceneImageQueued,
} from '../../functions/contracts/images';
import type { PlotOverview } from '../../functions/contracts/plots';
import type { Script } from '../../functions/contracts/scripts';
import { figureColours, figureDistance } from '../support/figure-colours';
import { novelWithPlot, startTestRuntime, writtenScript, type TestRuntime } from './helpers';

/**
 * Chapter images through the public API on the local runtime: the fixture novel as an entertainment
 * book with a plot (Nell's and Crane's portraits drawn) and a 5-scene script of chapter 3 → scene
 * pictures of the asked size, the same character looking the same in three scenes, a redraw that
 * replaces one scene only, a character picture, status, delete; another user gets 404 everywhere;
 * bad input answers clear words and changes nothing.
 */
let t: TestRuntime;
let owner: string;
let stranger: string;
let book: BookWithChapters;
let overview: PlotOverview;
let script: Script;
/** Scene 1's picture (redrawn later). */
let first: SceneImageQueued;
const chapter = () => book.chapters[2]!;
const origin = () => new URL(t.runtime.apiUrl).origin;

const api = <T = Record<string, unknown>>(method: string, path: string, body?: unknown, token = owner) =>
  t.api<T>(method, path, { token, ...(body === undefined ? {} : { body }) });
const images = (query = '') =>
  api<ChapterImages>('GET', `/chapters/${chapter().id}/images${query}`).then((a) => a.body);
const pixels = async (url: string) => {
  const response = await fetch(`${origin()}${url}`);
  expect(response.status).toBe(200);
  const bytes = Buffer.from(await response.arrayBuffer());
  return { bytes, meta: await sharp(bytes).metadata() };
};
const status = (jobId: string, chapterId = chapter().id) =>
  api<ChapterImageStatus>('GET', `/chapters/${chapterId}/images/status/${jobId}`);

beforeAll(async () => {
  t = await startTestRuntime();
  ({ owner, stranger, book, overview } = await novelWithPlot(t));
  for (const name of ['Nell', 'Crane']) {
    const character = overview.characters.find((c) => c.name === name)!;
    await api('POST', `/characters/${character.id}/generate-image`, { quality: 'standard' });
  }
  await t.runtime.stepFunctions.idle();
  overview = (await api<PlotOverview>('GET', `/plots/books/${book.id}/overview`)).body;
  script = await writtenScript(t, owner, { chapter_id: chapter().id, scene_count: 5 });
  expect(script.scenes).toHaveLength(5);
}, 240_000);

afterAll(async () => {
  await t?.stop();
});

describe('scene images', () => {
  let second: SceneImageQueued;

  it('draws a script scene as a job: completed, a PNG of the asked aspect ratio, listed', async () => {
    const answer = await api<SceneImageQueued>('POST', `/chapters/${chapter().id}/images/scenes/1`, {
      scene_description: '',
      style: 'cinematic',
      quality: 'standard',
      aspect_ratio: '16:9',
      script_id: script.id,
    });
    expect(answer.status).toBe(202);
    first = answer.body;
    expect(first).toMatchObject({
      status: 'generating',
      image_url: null,
      scene_number: 1,
      script_id: script.id,
    });
    expect(first.record_id).toBe(first.job_id);
    await t.runtime.stepFunctions.idle();
    const done = await status(first.job_id);
    expect(done.body).toMatchObject({
      status: 'completed',
      script_id: script.id,
      error: null,
      record_id: first.record_id,
      width: 1280,
      height: 720,
    });
    expect(done.body.prompt).toContain(script.scenes[0]!.location);
    const { meta } = await pixels(done.body.image_url!);
    expect(meta).toMatchObject({ format: 'png', width: 1280, height: 720 });

    // Portrait orientation, hd: 9:16 at 1.5 × 720×1280.
    second = (
      await api<SceneImageQueued>('POST', `/chapters/${chapter().id}/images/scenes/2`, {
        aspect_ratio: '9:16',
        style: 'sketch',
        script_id: script.id,
      })
    ).body;
    await t.runtime.stepFunctions.idle();
    const tall = await status(second.job_id);
    expect(tall.body).toMatchObject({ status: 'completed', width: 1080, height: 1920 });
    expect((await pixels(tall.body.image_url!)).meta).toMatchObject({ width: 1080, height: 1920 });

    const listed = await images(`?script_id=${script.id}`);
    const own = listed.images.filter((i) => !i.global);
    expect(own.map((i) => [i.id, i.image_type, i.status, i.metadata.scene_number])).toEqual([
      [first.record_id, 'scene', 'completed', 1],
      [second.record_id, 'scene', 'completed', 2],
    ]);
    expect(own[0]).toMatchObject({
      image_url: done.body.image_url,
      script_id: script.id,
      deletable: true,
      metadata: { image_type: 'scene', style: 'cinematic', quality: 'standard', aspect_ratio: '16:9' },
    });
    // The plot's portraits are listed as global and not deletable here.
    const globals = listed.images.filter((i) => i.global);
    expect(globals.map((i) => i.character_name).sort()).toEqual(['Crane', 'Nell']);
    for (const portrait of globals) expect(portrait).toMatchObject({ deletable: false, status: 'completed' });
  });

  it('draws a character the same in three different scenes, and unlike another character', async () => {
    const descriptions = [
      'Nell and Crane argue on the quay at night while rain falls on the harbour.',
      'In the market square in the morning, Crane blocks Nell’s way between the fish stalls.',
      'Inside the lighthouse at dusk, Nell faces Crane by the great lamp.',
    ];
    const drawn = [];
    for (const [i, scene_description] of descriptions.entries()) {
      const queued = await api<SceneImageQueued>(
        'POST',
        `/chapters/${book.chapters[0]!.id}/images/scenes/${i + 1}`,
        {
          scene_description,
          quality: 'standard',
        },
      );
      expect(queued.status).toBe(202);
      drawn.push(queued.body);
    }
    await t.runtime.stepFunctions.idle();
    const listed = (
      await api<ChapterImages>('GET', `/chapters/${book.chapters[0]!.id}/images`)
    ).body.images.filter((i) => !i.global);
    expect(listed).toHaveLength(3);
    const colours = [];
    for (const image of listed) {
      expect(image.status).toBe('completed');
      expect(image.metadata.referenced_characters.sort()).toEqual(['Crane', 'Nell']);
      const { bytes } = await pixels(image.image_url!);
      const figure = (name: string) => image.metadata.figures.find((f) => f.name === name)!;
      colours.push({
        nell: await figureColours(bytes, figure('Nell')),
        crane: await figureColours(bytes, figure('Crane')),
      });
    }
    const nells = colours.map((c) => c.nell);
    const spread = Math.max(
      figureDistance(nells[0]!, nells[1]!),
      figureDistance(nells[1]!, nells[2]!),
      figureDistance(nells[0]!, nells[2]!),
    );
    const fromCrane = Math.min(...colours.flatMap((c) => nells.map((n) => figureDistance(n, c.crane))));
    console.log(
      `character consistency: Nell across three scenes ≤ ${spread.toFixed(1)}, Nell to Crane ≥ ${fromCrane.toFixed(1)} (RGB distance)`,
    );
    expect(spread).toBeLessThan(12);
    expect(fromCrane).toBeGreaterThan(30);
  });

  it('a script scene with plot characters is drawn from their portraits', async () => {
    const listed = await images(`?script_id=${script.id}`);
    const scene = script.scenes[0]!;
    const withPortraits = scene.characters.filter((name) => name === 'Nell' || name === 'Crane');
    expect(listed.images[0]!.metadata.referenced_characters.sort()).toEqual(withPortraits.sort());
    expect(listed.images[0]!.metadata.figures.map((f) => f.name)).toEqual(scene.characters.slice(0, 6));
  });

  it('redrawing a scene replaces only that scene, once the new picture is done', async () => {
    const before = await images(`?script_id=${script.id}`);
    const oldUrl = before.images.find((i) => i.id === first.record_id)!.image_url!;
    const redo = await api<SceneImageQueued>('POST', `/chapters/${chapter().id}/images/scenes/1`, {
      script_id: script.id,
      quality: 'standard',
      aspect_ratio: '4:3',
      custom_prompt: 'seen from the harbour wall',
    });
    expect(redo.body.record_id).not.toBe(first.record_id);
    await t.runtime.stepFunctions.idle();
    const after = await images(`?script_id=${script.id}`);
    const own = after.images.filter((i) => !i.global);
    expect(own.map((i) => [i.id, i.metadata.scene_number])).toEqual([
      [redo.body.record_id, 1],
      [second.record_id, 2],
    ]);
    expect(own[0]!.metadata).toMatchObject({ aspect_ratio: '4:3', width: 1024, height: 768 });
    expect(own[0]!.metadata.image_prompt).toContain('seen from the harbour wall');
    expect(own[1]).toEqual(before.images.find((i) => i.id === second.record_id));
    expect((await fetch(`${origin()}${oldUrl}`)).status).toBe(404);
    first = redo.body;
  });

  it('deletes a scene image and its file', async () => {
    const listed = await images(`?script_id=${script.id}`);
    const url = listed.images.find((i) => i.id === second.record_id)!.image_url!;
    const removed = await api('DELETE', `/chapters/${chapter().id}/images/scenes/${second.record_id}`);
    expect(removed).toMatchObject({ status: 200, body: { id: second.record_id, deleted: true } });
    expect((await fetch(`${origin()}${url}`)).status).toBe(404);
    const again = await api('DELETE', `/chapters/${chapter().id}/images/scenes/${second.record_id}`);
    expect(again).toMatchObject({ status: 404, body: { detail: 'Image not found.' } });
    expect((await images(`?script_id=${script.id}`)).images.map((i) => i.id)).not.toContain(second.record_id);
  });
});

describe('character images', () => {
  it('draws a character of the chapter, and refuses a missing name in the spec’s words', async () => {
    const missing = await api('POST', `/chapters/${chapter().id}/images/characters`, { style: 'cartoon' });
    expect(missing).toMatchObject({ status: 400, body: { detail: 'Character name is required' } });
    const queued = await api<CharacterImageQueued>('POST', `/chapters/${chapter().id}/images/characters`, {
      character_name: 'Nell',
      character_description: 'holding a storm lantern',
      style: 'cartoon',
      quality: 'standard',
      aspect_ratio: '1:1',
      script_id: script.id,
    });
    expect(queued.status).toBe(202);
    expect(queued.body).toMatchObject({ status: 'generating', image_url: null, character_name: 'Nell' });
    await t.runtime.stepFunctions.idle();
    const done = await status(queued.body.job_id);
    expect(done.body).toMatchObject({ status: 'completed', width: 1024, height: 1024, script_id: script.id });
    expect(done.body.prompt).toContain('holding a storm lantern');
    expect((await pixels(done.body.image_url!)).meta).toMatchObject({
      format: 'png',
      width: 1024,
      height: 1024,
    });
    const listed = await images(`?script_id=${script.id}`);
    const nell = overview.characters.find((c) => c.name === 'Nell')!;
    expect(listed.images.find((i) => i.id === queued.body.record_id)).toMatchObject({
      image_type: 'character',
      character_name: 'Nell',
      character_id: nell.id,
      global: false,
    });

    // A global portrait cannot be deleted from the chapter; the chapter's own picture can.
    const global = await api('DELETE', `/chapters/${chapter().id}/images/characters/${nell.id}`);
    expect(global.status).toBe(403);
    expect(String(global.body.detail)).toMatch(/cannot be deleted here/);
    const removed = await api(
      'DELETE',
      `/chapters/${chapter().id}/images/characters/${queued.body.record_id}`,
    );
    expect(removed.status).toBe(200);
    expect((await fetch(`${origin()}${done.body.image_url}`)).status).toBe(404);
    const portrait = (
      await api<PlotOverview>('GET', `/plots/books/${book.id}/overview`)
    ).body.characters.find((c) => c.id === nell.id)!;
    expect((await fetch(`${origin()}${portrait.image_url}`)).status).toBe(200);
  });
});

describe('who may do what, and bad input', () => {
  it('another user gets 404 on every image route, and nothing changes', async () => {
    const before = await images();
    const as = (method: string, path: string, body?: unknown) => api(method, path, body, stranger);
    const base = `/chapters/${chapter().id}/images`;
    const answers = await Promise.all([
      as('GET', base),
      as('POST', `${base}/scenes/1`, { script_id: script.id }),
      as('POST', `${base}/characters`, { character_name: 'Nell' }),
      as('DELETE', `${base}/scenes/${first.record_id}`),
      as('DELETE', `${base}/characters/${first.record_id}`),
      as('GET', `${base}/status/${first.job_id}`),
    ]);
    expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404, 404, 404]);
    for (const answer of answers)
      expect(answer.body).toEqual({ detail: 'Chapter not found.', code: 'chapter_not_found' });
    // A chapter that does not exist answers the same.
    const unknown = await api('GET', '/chapters/00000000-0000-4000-8000-00000000dead/images');
    expect(unknown).toMatchObject({ status: 404, body: { detail: 'Chapter not found.' } });
    expect(await images()).toEqual(before);
  });

  it('bad input answers clear words with 400 or 404 and changes nothing', async () => {
    const before = await images();
    const base = `/chapters/${chapter().id}/images`;
    const cases: [string, string, unknown, number, string | RegExp][] = [
      [
        'POST',
        `${base}/scenes/1`,
        { style: 'noir' },
        400,
        'Image style must be realistic, cinematic, cartoon, fantasy or sketch.',
      ],
      ['POST', `${base}/scenes/1`, { quality: 'ultra' }, 400, 'Image quality must be standard or hd.'],
      [
        'POST',
        `${base}/scenes/1`,
        { aspect_ratio: '2:1' },
        400,
        'Aspect ratio must be 16:9, 4:3, 1:1 or 9:16.',
      ],
      ['POST', `${base}/scenes/0`, {}, 400, 'Scene number must be a whole number from 1 to 15.'],
      ['POST', `${base}/scenes/abc`, {}, 400, 'Scene number must be a whole number from 1 to 15.'],
      ['POST', `${base}/scenes/9`, { script_id: script.id }, 400, 'Scene 9 is not part of this script.'],
      ['POST', `${base}/scenes/1`, { custom_prompt: 'x'.repeat(2001) }, 400, /at most 2000/],
      ['POST', `${base}/characters`, { character_name: '   ' }, 400, 'Character name is required'],
      ['POST', `${base}/characters`, { character_name: 'x'.repeat(101) }, 400, /at most 100/],
      ['POST', '/chapters/undefined/images/scenes/1', {}, 400, 'Chapter ID is required to generate images'],
      [
        'POST',
        `/chapters/${book.chapters[0]!.id}/images/scenes/1`,
        { script_id: script.id },
        404,
        'Script not found.',
      ],
      ['GET', `${base}/status/not-a-job`, undefined, 404, 'Image generation not found.'],
      ['DELETE', `${base}/scenes/not-an-image`, undefined, 404, 'Image not found.'],
    ];
    for (const [method, path, body, code, words] of cases) {
      const answer = await api(method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(code);
      if (typeof words === 'string') expect(answer.body.detail).toBe(words);
      else expect(String(answer.body.detail)).toMatch(words);
    }
    await t.runtime.stepFunctions.idle();
    expect(await images()).toEqual(before);
  });
});
