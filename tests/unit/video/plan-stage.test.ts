import { describe, expect, it } from 'vitest';
import { generateScriptRequest } from '../../../functions/contracts/script-requests';
import type { PlotJobRecord } from '../../../functions/plots/model';
import { createScriptsService } from '../../../functions/scripts/service';
import { videoGenerationJob } from '../../../functions/video/jobs/kinds';
import { filmedScenes } from '../../../functions/video/jobs/plan';
import { videoKeys, type ProductionPlan, type VideoGenerationJob } from '../../../functions/video/model';
import { planStage } from '../../../functions/video/pipeline/plan';
import type { PipelineDeps } from '../../../functions/video/pipeline/ports';
import { novelWorkspace } from '../../support/novel-workspace';
import { described, generationOptions, pipelineWorld } from '../../support/video-pipeline';

/**
 * PlanProduction on the in-memory ports: the fixture novel's plot and a 5-scene script of its third
 * chapter (local text and speech engines, no FFmpeg) planned into a film; a resumed run keeping the
 * plan its earlier stages used; and the answers when the script or the book is gone.
 */
async function setup() {
  const workspace = await novelWorkspace();
  const { books, plots, jobs, engine, book, chapters } = workspace;
  const scripts = createScriptsService({ ...workspace, books, plots, engine: () => engine });
  await books.repository.update(book.id, { status: 'READY', review_pending: false });
  const started = await plots.startGeneration('owner', book.id, { replace_characters: false });
  await plots.generate((await jobs.get(started.id)) as PlotJobRecord);
  const script = await scripts.generate(
    'owner',
    generateScriptRequest.parse({ chapter_id: chapters[2]!.id, scene_count: 5 }),
  );
  const deps: PipelineDeps = {
    ...pipelineWorld().deps,
    jobs,
    engine: engine as unknown as PipelineDeps['engine'],
    media: workspace.storage.media,
    sources: {
      scriptOf: (id) => scripts.repository.getScript(id),
      bookOf: (id) => books.repository.get(id),
      castOf: (id) => plots.repository.listCharacters(id),
      chapterImagesOf: async () => [],
    },
  };
  const start = async (options: Partial<VideoGenerationJob['options']> = {}) =>
    (await jobs.start(videoGenerationJob, {
      owner: 'owner',
      target: { book_id: book.id, chapter_id: chapters[2]!.id },
      options: generationOptions({ script_id: script.id, ...options }),
    })) as VideoGenerationJob;
  const planOf = async (job: VideoGenerationJob) =>
    described(await workspace.storage.media.getBytes(videoKeys.plan(book.id, job.id))) as ProductionPlan;
  return { ...workspace, scripts, script, deps, start, planOf };
}

describe('the plan stage', () => {
  it("plans the script's scenes with the plot's cast and voices, and answers what the next stages fan out over", async () => {
    const { deps, start, planOf, jobs, script } = await setup();
    const job = await start();
    const answer = await planStage(deps, { job_id: job.id, start_at: 'audio' });
    const plan = await planOf(job);
    expect(plan.scenes.map((s) => s.scene_number)).toEqual(script.scenes.map((s) => s.scene_number));
    expect(answer).toEqual({
      scenes: plan.scenes.map((s) => s.scene_number),
      characters: plan.characters.map((_, i) => i),
    });
    const speakers = new Set(plan.scenes.flatMap((s) => s.lines.map((l) => l.character)));
    expect(speakers.size).toBeGreaterThan(1);
    for (const scene of plan.scenes) for (const line of scene.lines) expect(line.voice).toBeTruthy();
    expect(await jobs.get(job.id)).toMatchObject({
      status: 'running',
      progress: 2,
      step: 'Planning the film',
      outputs: {
        stage: 'plan',
        generation_status: 'pending',
        failed_step: null,
        scene_count: plan.scenes.length,
        character_count: plan.characters.length,
        dialogue_shots: plan.scenes.reduce((sum, s) => sum + s.lines.length, 0),
      },
    });
  });

  it("a run resumed at a later stage keeps the earlier plan and applies this run's edit: order, frame, export", async () => {
    const { deps, start, planOf, jobs } = await setup();
    const job = await start();
    await planStage(deps, { job_id: job.id, start_at: 'audio' });
    const first = await planOf(job);
    // The stored plan is what the earlier stages used, even if the script changed since.
    await deps.media.put(
      videoKeys.plan(job.target.book_id!, job.id),
      JSON.stringify({ ...first, seed: 4242 }),
      'application/json',
    );
    const edit = { order: [3, 1], durations: { '1': 6 }, transitions: {} };
    const exported = { format: 'mov' as const, quality: 'high' as const, watermark: null };
    await jobs.repository.update(
      job.id,
      { options: { ...job.options, timeline: edit, width: 1920, height: 1080, export: exported } },
      '2026-11-23T10:00:00.000Z',
    );
    const answer = await planStage(deps, { job_id: job.id, start_at: 'video' });
    const plan = await planOf(job);
    expect(plan).toMatchObject({ seed: 4242, width: 1920, height: 1080, export: exported });
    expect(filmedScenes(plan)).toEqual([3, 1]);
    expect(plan.scenes.find((s) => s.scene_number === 1)!.duration_override).toBe(6);
    // Filming starts from the edit's scenes; audio and pictures would cover all of them.
    expect(answer.scenes).toEqual([3, 1]);
    expect((await planStage(deps, { job_id: job.id, start_at: 'images' })).scenes).toHaveLength(
      first.scenes.length,
    );
  });

  it('a script that is gone is the user’s to know; a book that is gone ends the run', async () => {
    const { deps, start, jobs } = await setup();
    const job = await start();
    const noScript = { ...deps, sources: { ...deps.sources, scriptOf: async () => null } };
    await expect(planStage(noScript, { job_id: job.id, start_at: 'audio' })).rejects.toMatchObject({
      name: 'EngineError',
      message: 'The script of this video no longer exists.',
    });
    const noBook = { ...deps, sources: { ...deps.sources, bookOf: async () => null } };
    await expect(planStage(noBook, { job_id: job.id, start_at: 'audio' })).rejects.toMatchObject({
      name: 'JobGoneError',
    });
    // A generation that ended is not planned at all.
    await jobs.cancel((await jobs.get(job.id))!);
    await expect(planStage(deps, { job_id: job.id, start_at: 'audio' })).rejects.toMatchObject({
      name: 'JobGoneError',
    });
  });

  it('a script without scenes to film is refused in words', async () => {
    const { deps, start } = await setup();
    const job = await start();
    const empty = {
      ...deps,
      sources: {
        ...deps.sources,
        scriptOf: async (id: string) => {
          const record = await deps.sources.scriptOf(id);
          return record && { ...record, scenes: [] };
        },
      },
    };
    await expect(planStage(empty, { job_id: job.id, start_at: 'audio' })).rejects.toMatchObject({
      name: 'EngineError',
      message: 'The script has no scenes to film.',
    });
  });
});
