import type { BookWithChapters } from '@contracts/books';
import type { PlotOverview } from '@contracts/plots';
import type { Script } from '@contracts/scripts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as AudioApi from '../../web/src/features/workspace/api/audio';
import type * as ImagesApi from '../../web/src/features/workspace/api/images';
import type * as PlotsApi from '../../web/src/features/workspace/api/plots';
import type * as ScriptsApi from '../../web/src/features/workspace/api/scripts';
import type * as VideoApi from '../../web/src/features/workspace/api/video';
import type * as ApiClient from '../../web/src/lib/api-client';
import { installBrowserShim, shim } from './browser-shim';
import { novelWithPlot, startTestRuntime, type TestRuntime } from './helpers';

/**
 * The entertainment workspace's calls (web/src/features/workspace/api) against the local runtime on
 * the fixture novel: characters, scripts, and the video, image and audio calls' answers when there
 * is nothing to act on.
 */
installBrowserShim();

let t: TestRuntime;
let book: BookWithChapters;
let overview: PlotOverview;
let plots: typeof PlotsApi;
let scripts: typeof ScriptsApi;
let video: typeof VideoApi;
let images: typeof ImagesApi;
let audio: typeof AudioApi;
let client: typeof ApiClient;
const chapterId = () => book.chapters[0]!.id;

/** The refusal a call ends with: its HTTP status and the server's words. */
const refusal = (call: Promise<unknown>) =>
  call.then(
    () => null,
    (error: { status: number; message: string }) => ({ status: error.status, message: error.message }),
  );

beforeAll(async () => {
  t = await startTestRuntime();
  shim.origin = new URL(t.runtime.apiUrl).origin;
  const start = await novelWithPlot(t);
  book = start.book;
  overview = start.overview;
  shim.storage.setItem('authToken', start.owner);
  [plots, scripts, video, images, audio, client] = await Promise.all([
    import('../../web/src/features/workspace/api/plots'),
    import('../../web/src/features/workspace/api/scripts'),
    import('../../web/src/features/workspace/api/video'),
    import('../../web/src/features/workspace/api/images'),
    import('../../web/src/features/workspace/api/audio'),
    import('../../web/src/lib/api-client'),
  ]);
});

afterAll(async () => {
  // Work the calls started (book processing, images) ends before the runtime's stores close.
  await t?.runtime.stepFunctions.idle();
  await t?.stop();
});

describe("the workspace's character calls", () => {
  it('reads the finished plot, creates, edits and deletes a character; a deleted one is not found', async () => {
    const status = await plots.getPlotStatus(book.id);
    expect(status).toBeTruthy();
    const made = await plots.createCharacter(overview.id, {
      name: 'Ines Marr',
      role: 'supporting',
      physical_description: 'A lean sailor with a scar across one brow.',
    });
    expect(made.name).toBe('Ines Marr');
    expect(made.origin).toBe('user');
    const edited = await plots.updateCharacter(made.id, { personality: 'Wry and patient' });
    expect(edited.personality).toBe('Wry and patient');
    const queued = await plots.queueCharacterImage(edited);
    expect(queued).toBeTruthy();
    await t.runtime.stepFunctions.idle();
    const image = await plots.getCharacterImageStatus(made.id);
    expect(JSON.stringify(image)).toMatch(/completed|ready/i);
    expect((await plots.deleteCharacter(made.id)).deleted).toBe(true);
    const again = await plots.deleteCharacter(made.id).catch((e: unknown) => e);
    expect(plots.isNotFound(again)).toBe(true);
    expect(plots.isNotFound(new Error('boom'))).toBe(false);
  });

  it('refuses a blank name and an empty bulk delete in its words', async () => {
    const blank = await refusal(plots.createCharacter(overview.id, { name: '', role: 'mentor' }));
    expect(blank?.status).toBe(400);
    expect(blank?.message).not.toBe(client.FALLBACK_ERROR);
    const none = await refusal(plots.bulkDeleteCharacters([]));
    expect(none?.status).toBe(400);
  });
});

describe("the workspace's script calls", () => {
  let script: Script;

  /** Checks a script job (started with 202) the way the tab does, until it ends. */
  async function followed(statusUrl: string) {
    await t.runtime.stepFunctions.idle();
    const job = await scripts.checkScriptJob(statusUrl);
    expect(job).toMatchObject({ status: 'ready', error_message: null });
    return job.script!;
  }

  it('generates a script, renames it, redoes a scene and deletes it', async () => {
    const writing = await scripts.generateScript({ chapter_id: chapterId(), scene_count: 3 } as never);
    expect(writing).toMatchObject({ status: 'processing', script: null });
    script = await followed(writing.status_url);
    expect(script.scenes.length).toBeGreaterThan(0);
    const renamed = await scripts.updateScript(script.id, { script_name: 'The harbour at night' } as never);
    expect(renamed.script_name).toBe('The harbour at night');
    const redoing = await scripts.redoScene(script.id, 1);
    expect(redoing).toMatchObject({ script_id: script.id, scene_number: 1 });
    const redone = await followed(redoing.status_url);
    expect(redone.scenes.length).toBe(script.scenes.length);
    expect(redone.script_name).toBe('The harbour at night');
    const missing = await refusal(scripts.redoScene(script.id, 99));
    expect(missing).toEqual({ status: 400, message: 'Scene number must be a whole number from 1 to 15.' });
  });

  it('the video calls: no generation yet, the pipeline needs images, an unknown run is not found', async () => {
    expect(await video.getGenerationStatus(script.id)).toBeNull();
    expect(await video.getPipelineStatus(randomUUID())).toBeNull();
    const noImages = await refusal(video.initializePipeline(chapterId(), script.id));
    expect(noImages?.status).toBe(400);
    const unknownRun = [
      () => video.cancelGeneration(randomUUID()),
      () => video.retryGeneration(randomUUID(), 'merge'),
      () => video.triggerLipSync(randomUUID()),
    ];
    for (const call of unknownRun) expect((await refusal(call()))?.status).toBe(404);
    const unknown = await video.startVideoGeneration(randomUUID(), chapterId()).catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(client.ApiError);
    expect(video.runningGenerationOf(unknown)).toBeNull();
    expect(
      video.runningGenerationOf(
        new client.ApiError('busy', 409, 'generation_running', { video_generation_id: 'g1' }),
      ),
    ).toBe('g1');
  });

  it('the image and audio calls: an unknown job or file is not found', async () => {
    expect((await refusal(images.chapterImageStatus(chapterId(), randomUUID())))?.status).toBe(404);
    expect((await refusal(audio.audioJobStatus(chapterId(), randomUUID())))?.status).toBe(404);
    expect((await refusal(audio.deleteAudioFile(chapterId(), randomUUID())))?.status).toBe(404);
    expect(images.chapterImagesKey(chapterId(), null)).toContain(chapterId());
    expect(audio.chapterAudioKey(chapterId(), 'abc')).toContain('abc');
  });

  it('deletes the script; it is then gone', async () => {
    expect((await scripts.deleteScript(script.id)).deleted).toBe(true);
    expect((await refusal(scripts.updateScript(script.id, { script_name: 'x' } as never)))?.status).toBe(404);
  });
});
