import { describe, expect, it } from 'vitest';
import { matchCharacter } from '../../../functions/audio/casting';
import type { AudioExportJobRecord, AudioGenerationJobRecord } from '../../../functions/audio/model';
import { createAudioService, layoutExport } from '../../../functions/audio/service';
import {
  audioExportRequest,
  audioGenerationParams,
  audioGenerationRequest,
} from '../../../functions/contracts/audio-requests';
import { firstError } from '../../../functions/contracts/validation';
import { generateScriptRequest } from '../../../functions/contracts/script-requests';
import type { PlotJobRecord } from '../../../functions/plots/model';
import { createScriptsService } from '../../../functions/scripts/service';
import { novelWorkspace } from '../../support/novel-workspace';

/**
 * The chapter audio service on in-memory adapters with the fixture novel's plot and a 5-scene script:
 * what a generation plans (files, voices, volumes), the job it starts, the list's order, redoing one
 * scene, the export's timeline, and the answers to bad input. Rendering itself (the engine, FFmpeg)
 * is the integration test's.
 */
async function setup() {
  const workspace = await novelWorkspace();
  const { books, plots, jobs, engine, book, chapters, storage } = workspace;
  const scripts = createScriptsService({ ...workspace, books, plots, engine: () => engine });
  const audio = createAudioService({
    ...workspace,
    scripts,
    media: storage.media,
    engine: () => engine,
  });
  await books.repository.update(book.id, { status: 'READY', review_pending: false });
  const started = await plots.startGeneration('owner', book.id, { replace_characters: false });
  await plots.generate((await jobs.get(started.id)) as PlotJobRecord);
  const chapter = chapters[2]!;
  const script = await scripts.generate(
    'owner',
    generateScriptRequest.parse({ chapter_id: chapter.id, scene_count: 5 }),
  );
  const characters = await plots.repository.listCharacters(book.id);
  const request = (body: Record<string, unknown> = {}) =>
    audioGenerationRequest.parse({ script_id: script.id, ...body });
  return { ...workspace, scripts, audio, chapter, script, characters, request };
}

type Setup = Awaited<ReturnType<typeof setup>>;

/** What the worker does once it has rendered the files: stores them and records them. */
async function finish(s: Setup, jobId: string, seconds = 2) {
  const job = (await s.jobs.get(jobId)) as AudioGenerationJobRecord;
  await s.jobs.begin(jobId, 'Rendering');
  const rendered = job.options.files.map((file, i) => {
    const key = `media/books/${s.book.id}/audio/${s.chapter.id}/${file.id}.m4a`;
    return { id: file.id, key, start: 0.25 + i * (seconds + 0.35), duration: seconds };
  });
  for (const file of rendered) await s.storage.media.put(file.key, 'audio', 'audio/mp4');
  await s.audio.recordGenerated(job, rendered);
  await s.jobs.finish(jobId);
  return rendered;
}

const sceneWithLines = (s: Setup) => s.script.scenes.find((scene) => scene.dialogue.length >= 2)!;

describe('matching script characters to plot characters (spec §5)', () => {
  const cast = [
    { name: 'Nell' },
    { name: 'Captain Crane' },
    { name: 'Old Brannigan' },
    { name: 'Tobias Marsh' },
  ];
  it('by equal names, one name inside the other, or the same first word longer than 2 characters', () => {
    expect(matchCharacter('nell', cast)).toEqual({ name: 'Nell' });
    expect(matchCharacter('Crane', cast)).toEqual({ name: 'Captain Crane' });
    expect(matchCharacter('Brannigan', cast)).toEqual({ name: 'Old Brannigan' });
    expect(matchCharacter('Tobias the printer', cast)).toEqual({ name: 'Tobias Marsh' });
    // The spec's third rule, literally: the same first word of more than 2 letters.
    expect(matchCharacter('Old Man', cast)).toEqual({ name: 'Old Brannigan' });
  });
  it('prefers an equal name over a containing one, and matches nobody for empty or unrelated names', () => {
    expect(matchCharacter('Nell', [{ name: "Nell's father" }, { name: 'Nell' }])).toEqual({ name: 'Nell' });
    expect(matchCharacter('Al Smith', [{ name: 'Al Jones' }])).toBeNull();
    expect(matchCharacter('  ', cast)).toBeNull();
    expect(matchCharacter('Mayor', cast)).toBeNull();
  });
});

describe('the audio service', () => {
  it('plans one file per line of a scene, each in its character’s voice, and lists them as pending', async () => {
    const s = await setup();
    const scene = sceneWithLines(s);
    const started = await s.audio.startGeneration(
      'owner',
      s.chapter.id,
      'dialogue',
      scene.scene_number,
      s.request(),
    );
    expect(started).toMatchObject({ status: 'pending', kind: 'dialogue', scene_number: scene.scene_number });
    expect(started.files.map((f) => f.character)).toEqual(scene.dialogue.map((d) => d.character));
    let inPlot = 0;
    for (const file of started.files) {
      expect(file).toMatchObject({ status: 'pending', type: 'narration', url: null, volume: 1 });
      // A character of the plot speaks in its voice; one the scene knows only by a description that
      // speaks ("the old mayor") has a voice of its own (see the next test).
      const character = matchCharacter(file.character!, s.characters);
      if (character) inPlot++;
      if (character) expect(file.voice, file.character!).toBe(character.voice);
      else expect(file.voice, file.character!).toMatch(/\S/);
    }
    expect(inPlot).toBeGreaterThan(0);
    const job = (await s.jobs.get(started.job_id)) as AudioGenerationJobRecord;
    expect(job).toMatchObject({ kind: 'chapter-audio', target: { chapter_id: s.chapter.id } });
    expect(s.workflows.executions.map((e) => e.machine)).toContain('chapterAudio');

    // A second request while it runs answers the same job and plans nothing new.
    const again = await s.audio.startGeneration(
      'owner',
      s.chapter.id,
      'dialogue',
      scene.scene_number,
      s.request(),
    );
    expect(again.job_id).toBe(started.job_id);
    expect(await s.audio.list('owner', s.chapter.id)).toHaveLength(started.files.length);
  });

  it('a speaker who is not in the plot gets a stable voice from the name; narrators follow the script style', async () => {
    const s = await setup();
    const scene = sceneWithLines(s);
    await s.scripts.update('owner', s.script.id, {
      scenes: [
        {
          scene_number: scene.scene_number,
          dialogue: [
            { character: 'Harbour Master', line: 'Who lit the lamp?' },
            { character: 'Harbour Master', line: 'Answer me.' },
          ],
        },
      ],
    });
    const first = await s.audio.startGeneration(
      'owner',
      s.chapter.id,
      'dialogue',
      scene.scene_number,
      s.request(),
    );
    const voices = first.files.map((f) => f.voice);
    expect(voices[0]).toBe(voices[1]);
    expect(s.engine.speech.voices().find((v) => v.id === voices[0])).toMatchObject({ role: 'character' });
    await finish(s, first.job_id);
    const redo = await s.audio.startGeneration(
      'owner',
      s.chapter.id,
      'dialogue',
      scene.scene_number,
      s.request(),
    );
    expect(redo.files.map((f) => f.voice)).toEqual(voices);

    const narrator = await s.audio.startGeneration('owner', s.chapter.id, 'narrator', 1, s.request());
    const [file] = narrator.files;
    expect(s.engine.speech.voices().find((v) => v.id === file!.voice)).toMatchObject({ role: 'narrator' });
    expect(file!.text.length).toBeGreaterThan(10);
    expect(s.request().voice).toBeUndefined();
    const chosen = s.engine.speech.voices().find((v) => v.role === 'narrator' && v.id !== file!.voice)!;
    await finish(s, narrator.job_id);
    const asked = await s.audio.startGeneration(
      'owner',
      s.chapter.id,
      'narrator',
      1,
      s.request({ voice: chosen.id }),
    );
    expect(asked.files[0]!.voice).toBe(chosen.id);
  });

  it('a character’s new voice is used by the next generation; an unknown voice is refused', async () => {
    const s = await setup();
    const scene = sceneWithLines(s);
    const speaker = matchCharacter(scene.dialogue[0]!.character, s.characters)!;
    const other = s.engine.speech
      .voices('en-GB')
      .find((v) => v.role === 'character' && v.id !== speaker.voice)!;
    await expect(
      s.plots.updateCharacter('owner', speaker.id, { voice: 'local:xx:nobody' }),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: 'There is no voice "local:xx:nobody". Choose one from the voice list.',
    });
    expect((await s.plots.updateCharacter('owner', speaker.id, { voice: other.id })).voice).toBe(other.id);
    const started = await s.audio.startGeneration(
      'owner',
      s.chapter.id,
      'dialogue',
      scene.scene_number,
      s.request(),
    );
    const theirs = started.files.filter((f) => matchCharacter(f.character!, [speaker]));
    expect(theirs.length).toBeGreaterThan(0);
    for (const file of theirs) expect(file.voice).toBe(other.id);
  });

  it('plans music, effects and ambiance with the spec’s defaults and the scene’s own sounds', async () => {
    const s = await setup();
    const scene = s.script.scenes[0]!;
    const music = await s.audio.startGeneration('owner', s.chapter.id, 'music', 1, s.request());
    expect(music.files[0]).toMatchObject({ type: 'music', volume: 0.35 });
    expect(music.files[0]!.name).toContain('cinematic');
    const job = (await s.jobs.get(music.job_id)) as AudioGenerationJobRecord;
    expect(job.options).toMatchObject({
      music_style: 'cinematic',
      audio_quality: 'high',
      effects_intensity: 'moderate',
    });
    const effects = await s.audio.startGeneration(
      'owner',
      s.chapter.id,
      'sound_effect',
      1,
      s.request({ effects_intensity: 'intense' }),
    );
    expect(effects.files.length).toBeGreaterThan(0);
    expect(effects.files.length).toBeLessThanOrEqual(4);
    for (const file of effects.files) expect(file).toMatchObject({ type: 'effects', volume: 0.8 });
    const wanted = [...scene.audio_requirements, ...scene.key_actions][0];
    if (wanted) expect(effects.files[0]!.text).toBe(wanted.trim());
    const ambiance = await s.audio.startGeneration(
      'owner',
      s.chapter.id,
      'background_music',
      1,
      s.request({ ambiance: 'heavy rain', volume: 0.3 }),
    );
    expect(ambiance.files[0]).toMatchObject({ type: 'ambiance', volume: 0.3 });
    expect(ambiance.files[0]!.text).toMatch(/^heavy rain, /);
  });

  it('lists generating, completed, failed, pending, then by scene and start; redoing a scene replaces only its files', async () => {
    const s = await setup();
    const scene = sceneWithLines(s);
    const narrator1 = await s.audio.startGeneration('owner', s.chapter.id, 'narrator', 1, s.request());
    await finish(s, narrator1.job_id);
    const lines = await s.audio.startGeneration(
      'owner',
      s.chapter.id,
      'dialogue',
      scene.scene_number,
      s.request(),
    );
    const rendered = await finish(s, lines.job_id);
    const failing = await s.audio.startGeneration('owner', s.chapter.id, 'music', 2, s.request());
    const failedJob = await s.jobs.get(failing.job_id);
    await s.jobs.fail(
      { kind: 'chapter-audio', failureMessage: () => 'Audio generation failed. Please try again.' } as never,
      failing.job_id,
      undefined,
    );
    await s.audio.recordFailure(failedJob!, 'Audio generation failed. Please try again.');
    const running = await s.audio.startGeneration('owner', s.chapter.id, 'music', 3, s.request());
    await s.jobs.begin(running.job_id, 'Composing');
    const queued = await s.audio.startGeneration('owner', s.chapter.id, 'narrator', 2, s.request());

    const listed = await s.audio.list('owner', s.chapter.id, s.script.id);
    expect(listed.map((f) => f.status)).toEqual([
      'generating',
      ...Array(1 + rendered.length).fill('completed'),
      'failed',
      'pending',
    ]);
    const completed = listed.filter((f) => f.status === 'completed');
    expect(completed.map((f) => [f.scene_number, f.startTime])).toEqual(
      [...completed]
        .sort((a, b) => a.scene_number - b.scene_number || a.startTime - b.startTime)
        .map((f) => [f.scene_number, f.startTime]),
    );
    expect(listed.find((f) => f.status === 'failed')).toMatchObject({
      error: 'Audio generation failed. Please try again.',
      url: null,
    });
    expect(listed.find((f) => f.job_id === queued.job_id)!.status).toBe('pending');
    expect(completed[0]!.url).toMatch(/\/media\//);

    // Redo the dialogue: new files replace the old ones (and their media); the rest is as it was.
    const before = await s.audio.list('owner', s.chapter.id);
    const redo = await s.audio.startGeneration(
      'owner',
      s.chapter.id,
      'dialogue',
      scene.scene_number,
      s.request(),
    );
    await finish(s, redo.job_id, 3);
    const after = await s.audio.list('owner', s.chapter.id);
    const isLine = (f: { kind: string }) => f.kind === 'dialogue';
    expect(after.filter(isLine).map((f) => f.job_id)).toEqual(Array(rendered.length).fill(redo.job_id));
    expect(after.filter((f) => !isLine(f))).toEqual(before.filter((f) => !isLine(f)));
    for (const old of rendered) expect(s.storage.media.objects.has(old.key)).toBe(false);
    expect(await s.audio.list('owner', s.chapter.id, '00000000-0000-4000-8000-00000000dead')).toEqual([]);
  });

  it('deletes a file with its media; the job status names what was made', async () => {
    const s = await setup();
    const started = await s.audio.startGeneration('owner', s.chapter.id, 'narrator', 1, s.request());
    const [rendered] = await finish(s, started.job_id, 4);
    const status = await s.audio.jobStatus('owner', s.chapter.id, started.job_id);
    expect(status).toMatchObject({
      status: 'completed',
      job_type: 'generation',
      progress: 100,
      duration: 4,
      error: null,
    });
    expect(status.url).toMatch(/\/media\//);
    await s.audio.deleteFile('owner', s.chapter.id, rendered!.id);
    expect(s.storage.media.objects.has(rendered!.key)).toBe(false);
    expect(await s.audio.list('owner', s.chapter.id)).toEqual([]);
    await expect(s.audio.deleteFile('owner', s.chapter.id, rendered!.id)).rejects.toMatchObject({
      statusCode: 404,
      message: 'Audio file not found.',
    });
  });

  it('a file deleted while its job runs is not written back when the job finishes, nor its media kept', async () => {
    const s = await setup();
    const first = await s.audio.startGeneration('owner', s.chapter.id, 'narrator', 1, s.request());
    const [earlier] = await finish(s, first.job_id, 4);
    const again = await s.audio.startGeneration('owner', s.chapter.id, 'narrator', 1, s.request());
    const [file] = again.files;
    await s.audio.deleteFile('owner', s.chapter.id, file!.id);
    const listed = async () => (await s.audio.list('owner', s.chapter.id)).map((f) => f.id);
    expect(await listed()).toEqual([earlier!.id]);
    const [uploaded] = await finish(s, again.job_id, 3);
    // Not completed, not listed, its upload removed; the scene keeps the narration it had.
    expect(await listed()).toEqual([earlier!.id]);
    expect(s.storage.media.objects.has(uploaded!.key)).toBe(false);
    expect(s.storage.media.objects.has(earlier!.key)).toBe(true);
    expect(await s.audio.repository.getFile(s.book.id, s.chapter.id, file!.id)).toBeNull();
    expect((await s.audio.jobStatus('owner', s.chapter.id, again.job_id)).files).toEqual([]);
    await expect(s.audio.deleteFile('owner', s.chapter.id, file!.id)).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('a job that finishes before its request wrote the files still records them; a failed one drops deleted files', async () => {
    const s = await setup();
    const started = await s.audio.startGeneration('owner', s.chapter.id, 'narrator', 2, s.request());
    const [file] = started.files;
    // As if the worker ran before the request had written the file.
    await s.audio.repository.deleteFiles([{ book_id: s.book.id, chapter_id: s.chapter.id, id: file!.id }]);
    await finish(s, started.job_id, 2);
    expect((await s.audio.list('owner', s.chapter.id)).map((f) => [f.id, f.status])).toEqual([
      [file!.id, 'completed'],
    ]);

    const failing = await s.audio.startGeneration('owner', s.chapter.id, 'music', 2, s.request());
    await s.audio.deleteFile('owner', s.chapter.id, failing.files[0]!.id);
    const job = (await s.jobs.get(failing.job_id)) as AudioGenerationJobRecord;
    await s.audio.recordFailure(job, 'The score could not be made.');
    expect(await s.audio.repository.getFile(s.book.id, s.chapter.id, failing.files[0]!.id)).toBeNull();
  });

  it('exports the chosen completed files as a job, scenes one after another', async () => {
    const s = await setup();
    const one = await s.audio.startGeneration('owner', s.chapter.id, 'narrator', 1, s.request());
    await finish(s, one.job_id, 5);
    const music = await s.audio.startGeneration('owner', s.chapter.id, 'music', 1, s.request());
    await finish(s, music.job_id, 6);
    const two = await s.audio.startGeneration('owner', s.chapter.id, 'narrator', 2, s.request());
    await finish(s, two.job_id, 3);
    const files = await s.audio.list('owner', s.chapter.id);
    const id = (kind: string, scene: number) =>
      files.find((f) => f.kind === kind && f.scene_number === scene)!.id;

    const input = audioExportRequest.parse({
      audio_assets: [id('narrator', 2), { id: id('music', 1), volume: 0.2 }, id('narrator', 1)],
    });
    const started = await s.audio.startExport('owner', s.chapter.id, input);
    expect(started).toMatchObject({ status: 'pending', assets: 3 });
    const job = (await s.jobs.get(started.job_id)) as AudioExportJobRecord;
    expect(job.options.format).toBe('m4a');
    // Scene 1 lasts until its music ends (0.25 + 6 s); scene 2 starts after it.
    expect(job.options.duration).toBeCloseTo(6.25 + 0.25 + 3, 3);
    expect(job.options.tracks).toEqual([
      expect.objectContaining({ role: 'music', start: 0.25, volume: 0.2 }),
      expect.objectContaining({ role: 'speech', start: 0.25, volume: 1 }),
      expect.objectContaining({ role: 'speech', start: 6.5, volume: 1 }),
    ]);
    const pending = await s.audio.jobStatus('owner', s.chapter.id, started.job_id);
    expect(pending).toMatchObject({ status: 'pending', job_type: 'export', url: null, loudness: null });
    await s.jobs.record(started.job_id, {
      outputs: { audio_key: 'media/books/x/mix.m4a', duration: 9.25, loudness: -16.1, true_peak: -2 },
    });
    await s.jobs.finish(started.job_id);
    expect(await s.audio.jobStatus('owner', s.chapter.id, started.job_id)).toMatchObject({
      status: 'completed',
      duration: 9.25,
      loudness: -16.1,
      true_peak: -2,
      format: 'm4a',
      error: null,
    });
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const s = await setup();
    const scene = sceneWithLines(s);
    const started = await s.audio.startGeneration('owner', s.chapter.id, 'narrator', 1, s.request());
    const before = await s.audio.list('owner', s.chapter.id);
    const jobsBefore = (await s.jobs.listForBook(s.book.id)).length;
    const refused = async (call: () => Promise<unknown>, statusCode: number, message: string | RegExp) =>
      expect(call()).rejects.toMatchObject({ statusCode, message });
    await refused(
      () => s.audio.startGeneration('owner', s.chapter.id, 'narrator', 9, s.request()),
      400,
      'Scene 9 is not part of this script.',
    );
    await refused(
      () => s.audio.startGeneration('owner', s.chapter.id, 'narrator', 1, s.request({ voice: 'nobody' })),
      400,
      'There is no voice "nobody". Choose one from the voice list.',
    );
    await refused(
      () => s.audio.startGeneration('intruder', s.chapter.id, 'narrator', 1, s.request()),
      404,
      'Chapter not found.',
    );
    await refused(
      () => s.audio.startGeneration('owner', s.chapters[0]!.id, 'narrator', 1, s.request()),
      404,
      'Script not found.',
    );
    await refused(
      () =>
        s.audio.startGeneration(
          'owner',
          s.chapter.id,
          'narrator',
          1,
          s.request({ script_id: '00000000-0000-4000-8000-00000000dead' }),
        ),
      404,
      'Script not found.',
    );
    await s.scripts.update('owner', s.script.id, {
      scenes: [{ scene_number: scene.scene_number, dialogue: [] }],
    });
    await refused(
      () => s.audio.startGeneration('owner', s.chapter.id, 'dialogue', scene.scene_number, s.request()),
      400,
      /has no dialogue to speak/,
    );
    for (const call of [
      () => s.audio.list('intruder', s.chapter.id),
      () => s.audio.deleteFile('intruder', s.chapter.id, before[0]!.id),
      () => s.audio.jobStatus('intruder', s.chapter.id, started.job_id),
      () =>
        s.audio.startExport(
          'intruder',
          s.chapter.id,
          audioExportRequest.parse({ audio_assets: [before[0]!.id] }),
        ),
    ])
      await refused(call, 404, 'Chapter not found.');
    await refused(
      () => s.audio.jobStatus('owner', s.chapters[0]!.id, started.job_id),
      404,
      'Audio job not found.',
    );
    // Not ready yet, or not this chapter's.
    await refused(
      () =>
        s.audio.startExport(
          'owner',
          s.chapter.id,
          audioExportRequest.parse({ audio_assets: [before[0]!.id] }),
        ),
      400,
      /is not ready yet/,
    );
    expect(() => layoutExport([], ['nope'])).toThrow('Audio file nope is not part of this chapter.');
    expect(await s.audio.list('owner', s.chapter.id)).toEqual(before);
    expect((await s.jobs.listForBook(s.book.id)).length).toBe(jobsBefore);
  });
});

describe('audio request schemas', () => {
  it('answer bad paths and bodies in words', () => {
    expect(firstError(audioGenerationParams, { id: 'c', kind: 'karaoke', scene: '1' })).toMatch(
      /^Unknown audio kind: choose one of dialogue, narrator, music, sound_effect, background_music\.$/,
    );
    expect(firstError(audioGenerationParams, { id: 'c', kind: 'music', scene: '0' })).toBe(
      'Scene must be a whole number from 1 to 15.',
    );
    expect(firstError(audioGenerationParams, { id: 'c', kind: 'music', scene: '16' })).toBe(
      'Scene must be a whole number from 1 to 15.',
    );
    expect(audioGenerationParams.parse({ id: 'c', kind: 'music', scene: '15' }).scene).toBe(15);
    expect(firstError(audioGenerationRequest, {})).toBe('script_id is required.');
    expect(firstError(audioGenerationRequest, { script_id: 'x'.repeat(40) })).toBe(
      'script_id must be a script id.',
    );
    expect(
      firstError(audioGenerationRequest, {
        script_id: '00000000-0000-4000-8000-000000000001',
        voice: 'v'.repeat(101),
      }),
    ).not.toBeNull();
    expect(
      firstError(audioGenerationRequest, {
        script_id: '00000000-0000-4000-8000-000000000001',
        ambiance: 'a'.repeat(201),
      }),
    ).not.toBeNull();
    expect(
      firstError(audioGenerationRequest, { script_id: '00000000-0000-4000-8000-000000000001', volume: 3 }),
    ).toBe('Volume must be a number from 0 to 2.');
    expect(firstError(audioExportRequest, { audio_assets: [] })).toBe(
      'No scenes available to generate audio for',
    );
    expect(firstError(audioExportRequest, {})).toBe('No scenes available to generate audio for');
    expect(firstError(audioExportRequest, { audio_assets: ['a'], format: 'flac' })).toBe(
      'Export format must be m4a or mp3.',
    );
    expect(firstError(audioExportRequest, { audio_assets: [{ id: 'a', startTime: -1 }] })).toBe(
      'Start time must be a number of seconds from 0 to 3600.',
    );
  });
});
