import { describe, expect, it } from 'vitest';
import { EngineError } from '../../../functions/engine/types';
import { videoGenerationJob } from '../../../functions/video/jobs/kinds';
import { itemName, videoKeys, type AudioManifest } from '../../../functions/video/model';
import { sceneAudioStage } from '../../../functions/video/pipeline/audio';
import { recordFailureStage } from '../../../functions/video/pipeline/failure';
import { enterStage } from '../../../functions/video/pipeline/generation';
import {
  BOOK,
  described,
  pipelineWorld,
  spokenLength,
  twoScenePlan as twoScenes,
} from '../../support/video-pipeline';

/**
 * GenerateSceneAudio on the in-memory ports with an engine double: how a scene's speech is placed,
 * how long the scene lasts, what is mixed and stored, how the bar moves; and what happens when the
 * engine fails or the generation is cancelled while the scene is being recorded.
 */
const manifestOf = async (world: ReturnType<typeof pipelineWorld>, jobId: string, scene: number) =>
  described(
    await world.storage.media.getBytes(videoKeys.audio(BOOK, jobId, scene, 'manifest.json')),
  ) as AudioManifest;

describe('the audio stage', () => {
  it("places the narrator and each line with breaths between them, and lasts to the last words' tail", async () => {
    const world = pipelineWorld();
    const job = await world.startGeneration();
    const answer = await sceneAudioStage(world.deps, { job_id: job.id, scene_number: 1 });
    const manifest = await manifestOf(world, job.id, 1);
    const narrator = spokenLength('The storm came in fast');
    const first = spokenLength('Close the shutters now');
    const second = spokenLength('They will not hold');
    expect(manifest.narrator).toMatchObject({
      start: 0.25,
      duration: narrator,
      text: 'The storm came in fast',
    });
    expect(manifest.lines.map((l) => [l.character, l.start, l.duration])).toEqual([
      ['Nell', 0.25 + narrator + 0.5, first],
      ['Tobias', 0.25 + narrator + 0.5 + first + 0.35, second],
    ]);
    const end = 0.25 + narrator + 0.5 + first + 0.35 + second;
    // On whole frames at 24 fps.
    expect(manifest.duration).toBeCloseTo(Math.round((end + 0.75) * 24) / 24, 9);
    expect(answer).toEqual({ scene_number: 1, duration: manifest.duration });
    // The one effect is centred in the scene.
    expect(manifest.effects).toEqual([
      expect.objectContaining({ start: manifest.duration / 2 - 0.5, duration: 1, text: 'door creaks' }),
    ]);
    expect(manifest.lines[0]!.visemes).toHaveLength(1);
    expect(manifest.lines[1]!.visemes).toEqual([]);
  });

  it('mixes speech over the beds and encodes the scene sound once, at the scene length', async () => {
    const world = pipelineWorld();
    const job = await world.startGeneration();
    await sceneAudioStage(world.deps, { job_id: job.id, scene_number: 1 });
    const manifest = await manifestOf(world, job.id, 1);
    const mix = world.doubles.calls.find((c) => c.name === 'audio.mix')!.request as {
      tracks: { role: string; volume: number }[];
      duration: number;
      targetLoudness: number;
      duckUnderSpeech: boolean;
    };
    expect(mix.tracks.map((t) => t.role)).toEqual([
      'speech',
      'speech',
      'speech',
      'effect',
      'ambiance',
      'music',
    ]);
    expect(mix).toMatchObject({ duration: manifest.duration, targetLoudness: -16, duckUnderSpeech: true });
    expect(world.doubles.calls.find((c) => c.name === 'film.encodeSceneSound')!.request).toMatchObject({
      duration: manifest.duration,
    });
    // The beds are as long as the scene and seeded from the plan.
    const ambiance = world.doubles.calls.find((c) => c.name === 'audio.ambiance')!.request as {
      duration: number;
    };
    expect(ambiance.duration).toBe(manifest.duration);
    expect(described(await world.storage.media.getBytes(manifest.mix_key))).toEqual({
      made: 'mix',
      tracks: ['narration-0.wav', 'line-0.wav', 'line-1.wav', 'effect-0.wav', 'ambiance.wav', 'music.wav'],
    });
    expect(described(await world.storage.media.getBytes(manifest.sound_key!))).toMatchObject({
      made: 'scene sound',
    });
  });

  it("stores every file under the scene's folder and an item the later stages and the generation read", async () => {
    const world = pipelineWorld();
    const job = await world.startGeneration();
    await sceneAudioStage(world.deps, { job_id: job.id, scene_number: 1 });
    const item = (await world.items.getItem(BOOK, job.id, 'audio', itemName.scene(1)))!;
    const folder = videoKeys.audio(BOOK, job.id, 1, '');
    expect(item).toMatchObject({
      status: 'completed',
      attempt: 1,
      counters: { narrator_files: 1, character_files: 2, sound_effects: 1, background_music: 2 },
      data: {
        manifest_key: `${folder}manifest.json`,
        files: {
          narrator: { key: `${folder}narration-000.wav` },
          narration: [{ key: `${folder}narration-000.wav`, text: 'The storm came in fast' }],
          lines: [
            { key: `${folder}line-000.wav`, character: 'Nell', text: 'Close the shutters now' },
            { key: `${folder}line-001.wav`, character: 'Tobias', text: 'They will not hold' },
          ],
        },
      },
    });
    expect([...item.keys].sort()).toEqual(world.storage.media.keys(folder));
    expect(item.keys).toHaveLength(9);
  });

  it('a scene with no words lasts three seconds; the bar counts the scenes and the last one completes the stage', async () => {
    const world = pipelineWorld();
    const job = await world.startGeneration();
    await sceneAudioStage(world.deps, { job_id: job.id, scene_number: 2 });
    expect(await world.generation(job.id)).toMatchObject({
      step: 'Recording scene 1 of 2',
      outputs: { stage: 'audio', generation_status: 'generating_audio' },
    });
    const silent = pipelineWorld();
    const quiet = await silent.startGeneration({}, (id) => ({
      ...twoScenes(id),
      scenes: [{ ...twoScenes(id).scenes[1]!, lines: [] }],
    }));
    await sceneAudioStage(silent.deps, { job_id: quiet.id, scene_number: 2 });
    expect((await manifestOf(silent, quiet.id, 2)).duration).toBe(3);
    await sceneAudioStage(world.deps, { job_id: job.id, scene_number: 1 });
    expect(await world.generation(job.id)).toMatchObject({
      progress: 25,
      step: 'Recording scene 2 of 2',
      outputs: { generation_status: 'audio_completed' },
    });
  });

  it('a stage says what it does in words, and a scene worker entering it later never sets them back to "scene 0 of …"', async () => {
    const world = pipelineWorld();
    const job = await world.startGeneration();
    await enterStage(world.deps, job, 'audio');
    expect(await world.generation(job.id)).toMatchObject({
      step: 'Recording scenes',
      outputs: { stage: 'audio' },
    });
    await sceneAudioStage(world.deps, { job_id: job.id, scene_number: 1 });
    // The second scene's worker read the generation before the stage was entered.
    await enterStage(world.deps, job, 'audio');
    expect((await world.generation(job.id)).step).toBe('Recording scene 1 of 2');
  });

  it('a generation cancelled while its scene is mixed stops, and what the scene stored is removed', async () => {
    const world = pipelineWorld();
    const job = await world.startGeneration();
    world.doubles.before.set('audio.mix', async () => world.jobs.cancel(await world.generation(job.id)));
    await expect(sceneAudioStage(world.deps, { job_id: job.id, scene_number: 1 })).rejects.toMatchObject({
      name: 'JobGoneError',
    });
    expect(world.storage.media.keys(videoKeys.audio(BOOK, job.id, 1, ''))).toEqual([]);
    expect(await world.items.getItem(BOOK, job.id, 'audio', itemName.scene(1))).toBeNull();
    expect((await world.generation(job.id)).status).toBe('cancelled');
  });

  it("an engine failure fails the generation in the audio stage's words and leaves it ready to retry from audio", async () => {
    const world = pipelineWorld();
    const job = await world.startGeneration();
    world.doubles.failOn.set(
      'speech.synthesize',
      new EngineError('invalid_input', 'The voice cannot speak this text.'),
    );
    const thrown = await sceneAudioStage(world.deps, { job_id: job.id, scene_number: 1 }).then(
      () => new Error('the stage did not fail'),
      (e: Error) => e,
    );
    expect(thrown).toBeInstanceOf(EngineError);
    // The workflow's Catch hands the recorder the error's name and message.
    await recordFailureStage(world.deps, {
      job_id: job.id,
      error: {
        Error: thrown.name,
        Cause: JSON.stringify({ errorType: thrown.name, errorMessage: thrown.message }),
      },
    });
    const failed = await world.generation(job.id);
    expect(failed).toMatchObject({
      status: 'failed',
      error_message: 'Failed during audio_generation: The voice cannot speak this text.',
      outputs: { generation_status: 'failed', failed_step: 'audio', stage: 'audio' },
    });
    const retried = await world.jobs.retry(videoGenerationJob, failed, failed.outputs.failed_step!);
    expect(retried).toMatchObject({ status: 'queued', attempt: 2 });
    expect(world.workflows.executions.at(-1)!.input).toEqual({ job_id: job.id, start_at: 'audio' });
    // The retried run records the scene.
    await world.jobs.begin(job.id, 'Planning the film');
    await sceneAudioStage(world.deps, { job_id: job.id, scene_number: 1 });
    expect(await world.items.getItem(BOOK, job.id, 'audio', itemName.scene(1))).toMatchObject({ attempt: 2 });
  });

  it('a scene the plan does not have is an error, and a generation that ended is not worked on', async () => {
    const world = pipelineWorld();
    const job = await world.startGeneration();
    await expect(sceneAudioStage(world.deps, { job_id: job.id, scene_number: 9 })).rejects.toThrow(
      'Scene 9 is not in the plan',
    );
    await world.jobs.cancel(await world.generation(job.id));
    await expect(sceneAudioStage(world.deps, { job_id: job.id, scene_number: 1 })).rejects.toMatchObject({
      name: 'JobGoneError',
    });
    expect(world.doubles.calls.filter((c) => c.name === 'speech.synthesize')).toEqual([]);
  });
});

describe('the audio stage on a scene told in beats', () => {
  it("speaks every stretch of narration and every line in the book's order, each with its words' times", async () => {
    const world = pipelineWorld();
    const told = (id: string) => {
      const plan = twoScenes(id);
      const beats = [
        { kind: 'narration' as const, text: 'The storm came in fast.', voice: 'narrator-voice' },
        { kind: 'dialogue' as const, character: 'Nell', text: 'Close the shutters now', voice: 'nell-voice' },
        { kind: 'narration' as const, text: 'Tobias did not move.', voice: 'narrator-voice' },
        { kind: 'narration' as const, text: 'The rain came through.', voice: 'narrator-voice' },
        { kind: 'dialogue' as const, character: 'Tobias', text: 'They will not hold', voice: 'tobias-plain' },
      ];
      return { ...plan, scenes: [{ ...plan.scenes[0]!, beats }, plan.scenes[1]!] };
    };
    const job = await world.startGeneration({}, told);
    await sceneAudioStage(world.deps, { job_id: job.id, scene_number: 1 });
    const manifest = await manifestOf(world, job.id, 1);
    const spoken = world.doubles.calls
      .filter((c) => c.name === 'speech.synthesize')
      .map((c) => (c.request as { text: string; voice: string }).voice);
    expect(spoken).toEqual([
      'narrator-voice',
      'nell-voice',
      'narrator-voice',
      'narrator-voice',
      'tobias-plain',
    ]);
    const said = [
      ...manifest.narration!.map((n) => ({ start: n.start, text: n.text, who: 'narrator' })),
      ...manifest.lines.map((l) => ({ start: l.start, text: l.text, who: l.character })),
    ].sort((a, b) => a.start - b.start);
    expect(said.map((s) => s.who)).toEqual(['narrator', 'Nell', 'narrator', 'narrator', 'Tobias']);
    expect(said.map((s) => s.text)).toEqual(told(job.id).scenes[0]!.beats!.map((b) => b.text));
    // A breath of 0.5 s after narration, 0.35 s after a line; no recording overlaps the next.
    const [first, nell, second, third, tobias] = said.map((s) => s.start);
    expect(nell! - first!).toBeCloseTo(spokenLength('The storm came in fast.') + 0.5, 9);
    expect(second! - nell!).toBeCloseTo(spokenLength('Close the shutters now') + 0.35, 9);
    expect(third! - second!).toBeCloseTo(spokenLength('Tobias did not move.') + 0.5, 9);
    expect(tobias! - third!).toBeCloseTo(spokenLength('The rain came through.') + 0.5, 9);
    // Every recording keeps its words' times for the subtitles; the first stretch is the narrator's file.
    expect(manifest.narration!.map((n) => n.words!.map((w) => w.word).join(' '))).toEqual([
      'The storm came in fast.',
      'Tobias did not move.',
      'The rain came through.',
    ]);
    expect(manifest.lines[1]!.words!.map((w) => w.word)).toEqual(['They', 'will', 'not', 'hold']);
    expect(manifest.narrator).toEqual(manifest.narration![0]);
    expect(manifest.duration).toBeCloseTo(
      Math.round((tobias! + spokenLength('They will not hold') + 0.75) * 24) / 24,
      9,
    );
  });
});
