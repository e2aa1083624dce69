import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAudioService } from '../../../functions/audio/service';
import {
  mixAudioStage,
  recordAudioFailureStage,
  recordExportFailureStage,
  renderAudioStage,
  type ChapterAudioDeps,
} from '../../../functions/audio/jobs/audio.stages';
import type { Recipe } from '../../../functions/audio/jobs/recipes';
import { audioExportRequest, audioGenerationRequest } from '../../../functions/contracts/audio-requests';
import { generateScriptRequest } from '../../../functions/contracts/script-requests';
import type { MixRequest } from '../../../functions/engine/audio/types';
import { withTempDir } from '../../../functions/engine/media/temp';
import type { Engine } from '../../../functions/engine/types';
import type { PlotJobRecord } from '../../../functions/plots/model';
import { createScriptsService } from '../../../functions/scripts/service';
import { novelWorkspace } from '../../support/novel-workspace';

/**
 * The chapter-audio stages on the in-memory ports, with a recipe double (what each kind renders is the
 * engine's, tested with it) and an encoder and mixer double: a scene's lines rendered, stored and
 * made its files; the chapter's mix stored with its loudness; what a job that ended keeps; failures.
 */
async function setup() {
  const workspace = await novelWorkspace();
  const { books, plots, jobs, engine, book, chapters, storage } = workspace;
  const scripts = createScriptsService({ ...workspace, books, plots, engine: () => engine });
  const audio = createAudioService({ ...workspace, scripts, media: storage.media, engine: () => engine });
  await books.repository.update(book.id, { status: 'READY', review_pending: false });
  const plot = await plots.startGeneration('owner', book.id, { replace_characters: false });
  await plots.generate((await jobs.get(plot.id)) as PlotJobRecord);
  const chapter = chapters[2]!;
  const script = await scripts.generate(
    'owner',
    generateScriptRequest.parse({ chapter_id: chapter.id, scene_count: 5 }),
  );
  const scene = script.scenes.find((s) => s.dialogue.length >= 2)!;
  const rendered: { speechEnd: number | null; files: number }[] = [];
  /** Each planned file one after another, 2 s each, as a WAV naming its text. */
  const recipe: Recipe = async (ctx, files) => {
    rendered.push({ speechEnd: ctx.speechEnd, files: files.length });
    return Promise.all(
      files.map(async (file, i) => {
        const path = join(ctx.dir, `${file.id}.wav`);
        await writeFile(path, file.text);
        return { id: file.id, path, start: 0.25 + i * 2.35, duration: 2 };
      }),
    );
  };
  const mixes: MixRequest[] = [];
  let whileWorking: (() => Promise<unknown>) | null = null;
  const deps: ChapterAudioDeps = {
    jobs,
    // The recipe double renders the files itself.
    engine: {} as Engine,
    recipes: {
      dialogue: recipe,
      narrator: recipe,
      music: recipe,
      sound_effect: recipe,
      background_music: recipe,
    },
    encode: async (files) => {
      await whileWorking?.();
      return Promise.all(
        files.map(async (f) => {
          await writeFile(f.outputPath, `aac of ${await readFile(f.path, 'utf8')}`);
          return f.outputPath;
        }),
      );
    },
    media: storage.media,
    audio,
    tempDir: withTempDir,
  };
  const exportDeps = {
    ...deps,
    engine: {
      audio: {
        mix: async (request: MixRequest) => {
          mixes.push(request);
          await whileWorking?.();
          await writeFile(request.outputPath, 'mix');
          return { path: request.outputPath, duration: 9.5, loudness: -16.1, truePeak: -1.4 };
        },
      },
    },
  };
  const generate = async (kind: 'dialogue' | 'narrator' = 'dialogue') =>
    audio.startGeneration(
      'owner',
      chapter.id,
      kind,
      scene.scene_number,
      audioGenerationRequest.parse({ script_id: script.id }),
    );
  const during = (run: () => Promise<unknown>) => (whileWorking = run);
  return { ...workspace, audio, chapter, script, scene, deps, exportDeps, generate, rendered, mixes, during };
}

describe('the chapter audio stages', () => {
  it("renders a scene's lines, stores the browser's copies and makes them the scene's files", async () => {
    const s = await setup();
    const started = await s.generate();
    expect(await renderAudioStage(s.deps, { job_id: started.job_id })).toEqual({
      job_id: started.job_id,
      files: s.scene.dialogue.length,
    });
    expect(s.rendered).toEqual([{ speechEnd: null, files: s.scene.dialogue.length }]);
    const files = await s.audio.list('owner', s.chapter.id);
    expect(files.filter((f) => f.scene_number === s.scene.scene_number)).toHaveLength(
      s.scene.dialogue.length,
    );
    const job = (await s.jobs.get(started.job_id))!;
    expect(job).toMatchObject({ status: 'ready', outputs: { file_ids: expect.any(Array) } });
    const keys = s.storage.media.keys(`media/books/${s.book.id}/`);
    expect(keys.length).toBeGreaterThanOrEqual(s.scene.dialogue.length);
    const first = Buffer.from(await s.storage.media.getBytes(keys[0]!)).toString();
    expect(first).toMatch(/^aac of /);
  });

  it('the next kind of a scene is sized to the speech made before it', async () => {
    const s = await setup();
    await renderAudioStage(s.deps, { job_id: (await s.generate('dialogue')).job_id });
    await renderAudioStage(s.deps, { job_id: (await s.generate('narrator')).job_id });
    expect(s.rendered[1]!.speechEnd).toBeGreaterThan(0);
  });

  it('a job cancelled while its files are encoded keeps none of them', async () => {
    const s = await setup();
    const started = await s.generate();
    s.during(async () => s.jobs.cancel((await s.jobs.get(started.job_id))!));
    await expect(renderAudioStage(s.deps, { job_id: started.job_id })).rejects.toMatchObject({
      name: 'JobGoneError',
    });
    expect(s.storage.media.keys(`media/books/${s.book.id}/audio/`)).toEqual([]);
    // The scene's files stay as the job left them: none has audio.
    for (const file of await s.audio.list('owner', s.chapter.id)) expect(file.url).toBeNull();
  });

  it('a failed generation is recorded in words on the job and on the scene', async () => {
    const s = await setup();
    const started = await s.generate();
    expect(
      await recordAudioFailureStage(s.deps, { job_id: started.job_id, error: { Error: 'States.Timeout' } }),
    ).toEqual({
      job_id: started.job_id,
      recorded: true,
    });
    const status = await s.audio.jobStatus('owner', s.chapter.id, started.job_id);
    expect(status.status).toBe('failed');
    expect((await s.jobs.get(started.job_id))!.error_message).toBeTruthy();
  });

  it("mixes the chapter's chosen files at the product's loudness and stores the mix", async () => {
    const s = await setup();
    await renderAudioStage(s.deps, { job_id: (await s.generate()).job_id });
    const files = await s.audio.list('owner', s.chapter.id);
    const started = await s.audio.startExport(
      'owner',
      s.chapter.id,
      audioExportRequest.parse({ audio_assets: files.map((f) => f.id) }),
    );
    expect(await mixAudioStage(s.exportDeps, { job_id: started.job_id })).toEqual({
      job_id: started.job_id,
      duration: 9.5,
    });
    expect(s.mixes[0]).toMatchObject({ duckUnderSpeech: true, targetLoudness: -16, format: 'm4a' });
    expect(s.mixes[0]!.tracks).toHaveLength(files.length);
    const job = (await s.jobs.get(started.job_id))!;
    expect(job).toMatchObject({
      status: 'ready',
      outputs: { duration: 9.5, loudness: -16.1, true_peak: -1.4 },
    });
    expect(await s.storage.media.head((job.outputs as { audio_key: string }).audio_key)).not.toBeNull();
  });

  it('an export cancelled while it is mixed keeps no mix; a failed one is told in words', async () => {
    const s = await setup();
    await renderAudioStage(s.deps, { job_id: (await s.generate()).job_id });
    const files = await s.audio.list('owner', s.chapter.id);
    const request = audioExportRequest.parse({ audio_assets: files.map((f) => f.id) });
    const started = await s.audio.startExport('owner', s.chapter.id, request);
    s.during(async () => s.jobs.cancel((await s.jobs.get(started.job_id))!));
    await expect(mixAudioStage(s.exportDeps, { job_id: started.job_id })).rejects.toMatchObject({
      name: 'JobGoneError',
    });
    expect(s.storage.media.keys().filter((k) => k.includes('export'))).toEqual([]);
    s.during(async () => undefined);
    const again = await s.audio.startExport('owner', s.chapter.id, request);
    await recordExportFailureStage(s.exportDeps, { job_id: again.job_id, error: { Error: 'Boom' } });
    expect((await s.jobs.get(again.job_id))!).toMatchObject({
      status: 'failed',
      error_message: expect.any(String),
    });
  });
});
