import { describe, expect, it } from 'vitest';
import {
  createCharacterRequest,
  bulkDeleteCharactersRequest,
} from '../../../functions/contracts/plot-requests';
import { plotMessages } from '../../../functions/contracts/plots';
import { firstError } from '../../../functions/contracts/validation';
import type { PlotJobRecord, PortraitJobRecord } from '../../../functions/plots/model';
import { novelWorkspace } from '../../support/novel-workspace';

const setup = novelWorkspace;

/** A ready book with a generated overview (the job's work done as the worker does it). */
async function withOverview(replace = false) {
  const context = await setup();
  const { books, book, plots, jobs } = context;
  await books.repository.update(book.id, { status: 'READY', review_pending: false });
  const started = await plots.startGeneration('owner', book.id, { replace_characters: replace });
  const job = (await jobs.get(started.id)) as PlotJobRecord;
  await plots.generate(job);
  await jobs.finish(job.id);
  return { ...context, job, overview: await plots.overview('owner', book.id) };
}

const byName = <T extends { name: string }>(list: T[], name: string) => list.find((c) => c.name === name);

describe('the plots service', () => {
  it('plans the overview as a job: one at a time per book, 404 before the first one', async () => {
    const { plots, books, book, workflows } = await setup();
    await expect(
      plots.startGeneration('owner', book.id, { replace_characters: false }),
    ).rejects.toMatchObject({
      statusCode: 409,
      code: 'book_not_ready',
    });
    await books.repository.update(book.id, { status: 'READY', review_pending: false });
    await expect(plots.overview('owner', book.id)).rejects.toMatchObject({
      statusCode: 404,
      message: plotMessages.plotNotFound,
    });
    const job = await plots.startGeneration('owner', book.id, { replace_characters: false });
    expect(job).toMatchObject({ status: 'processing', progress: 0, book_id: book.id, plot_id: null });
    expect(workflows.executions.at(-1)).toMatchObject({ machine: 'plotGeneration', name: `plot-${job.id}` });
    const again = await plots.startGeneration('owner', book.id, { replace_characters: true });
    expect(again.id).toBe(job.id);
    expect(await plots.generationStatus('owner', book.id)).toMatchObject({
      id: job.id,
      status: 'processing',
    });
    await expect(plots.generationStatus('intruder', book.id)).rejects.toMatchObject({ statusCode: 404 });
    await expect(
      plots.startGeneration('intruder', book.id, { replace_characters: false }),
    ).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('names the main characters with roles, a stable seed and a voice each', async () => {
    const { overview, plots, book, job } = await withOverview();
    expect(overview.logline).toContain('Nell');
    expect(overview.themes.length).toBeGreaterThanOrEqual(3);
    expect(overview.script_story_type).toBeTruthy();
    expect(byName(overview.characters, 'Nell')).toMatchObject({ role: 'protagonist', origin: 'generated' });
    expect(byName(overview.characters, 'Crane')).toMatchObject({ role: 'antagonist' });
    expect(byName(overview.characters, 'Brannigan')).toMatchObject({ role: 'mentor' });
    expect(byName(overview.characters, 'Tobias')).toBeDefined();
    for (const character of overview.characters) {
      expect(character.voice).not.toBe('');
      expect(Number.isInteger(character.seed)).toBe(true);
      expect(character.user_edited).toBe(false);
    }
    expect(await plots.generationStatus('owner', book.id)).toMatchObject({
      id: job.id,
      status: 'ready',
      plot_id: overview.id,
    });
  });

  it("regenerating keeps the user's characters and the ids of the same names, unless asked to replace them", async () => {
    const { overview, plots, book, jobs } = await withOverview();
    const nell = byName(overview.characters, 'Nell')!;
    const crane = byName(overview.characters, 'Crane')!;
    await plots.updateCharacter('owner', crane.id, { personality: 'Greedy, patient and polite' });
    const mayor = await plots.createCharacter('owner', overview.id, {
      name: 'The Mayor',
      role: 'supporting',
    });

    const rerun = async (replace: boolean) => {
      const started = await plots.startGeneration('owner', book.id, { replace_characters: replace });
      await plots.generate((await jobs.get(started.id)) as PlotJobRecord);
      await jobs.finish(started.id);
      return plots.overview('owner', book.id);
    };
    const kept = await rerun(false);
    expect(kept.id).toBe(overview.id);
    expect(byName(kept.characters, 'The Mayor')).toMatchObject({
      id: mayor.id,
      origin: 'user',
      user_edited: true,
    });
    expect(byName(kept.characters, 'Crane')).toMatchObject({
      id: crane.id,
      personality: 'Greedy, patient and polite',
      user_edited: true,
    });
    expect(kept.characters.filter((c) => c.name === 'Crane')).toHaveLength(1);
    expect(byName(kept.characters, 'Nell')!.id).toBe(nell.id);

    const replaced = await rerun(true);
    expect(byName(replaced.characters, 'The Mayor')).toBeUndefined();
    expect(byName(replaced.characters, 'Crane')).toMatchObject({ user_edited: false });
    expect(byName(replaced.characters, 'Crane')!.personality).not.toBe('Greedy, patient and polite');
  });

  it('creates, edits and deletes characters with the spec words, only on the caller’s plot', async () => {
    const { overview, plots } = await withOverview();
    await expect(plots.createCharacter('owner', overview.id, {})).rejects.toMatchObject({
      statusCode: 400,
      message: 'Character name is required',
    });
    await expect(plots.createCharacter('owner', overview.id, { name: '   ' })).rejects.toMatchObject({
      message: 'Character name is required',
    });
    await expect(plots.createCharacter('intruder', overview.id, { name: 'Spy' })).rejects.toMatchObject({
      statusCode: 404,
      message: 'Plot overview not found',
    });
    await expect(
      plots.createCharacter('owner', '00000000-0000-4000-8000-0000000fffff', { name: 'Ghost' }),
    ).rejects.toMatchObject({ statusCode: 404, message: 'Plot overview not found' });

    const made = await plots.createCharacter('owner', overview.id, {
      name: ' Mrs Finch ',
      role: 'sidekick',
      archetypes: ['Ally'],
      want: 'To keep the print shop open',
    });
    expect(made).toMatchObject({ name: 'Mrs Finch', role: 'sidekick', origin: 'user', image_url: null });
    expect(made.voice).not.toBe('');

    await expect(plots.updateCharacter('owner', made.id, { name: '' })).rejects.toMatchObject({
      message: 'Character name is required',
    });
    await expect(plots.updateCharacter('intruder', made.id, { name: 'X' })).rejects.toMatchObject({
      statusCode: 404,
    });
    const edited = await plots.updateCharacter('owner', made.id, { personality: 'Brisk' });
    expect(edited).toMatchObject({
      name: 'Mrs Finch',
      personality: 'Brisk',
      want: 'To keep the print shop open',
    });

    await expect(plots.deleteCharacter('intruder', made.id)).rejects.toMatchObject({ statusCode: 404 });
    await plots.deleteCharacter('owner', made.id);
    await expect(plots.deleteCharacter('owner', made.id)).rejects.toMatchObject({
      statusCode: 404,
      message: 'Character not found.',
    });
  });

  it('bulk delete removes only the caller’s characters and names the others', async () => {
    const { overview, plots, book } = await withOverview();
    const [first, second] = overview.characters;
    const result = await plots.bulkDelete('owner', [first!.id, second!.id, first!.id, 'not-an-id']);
    expect(result).toEqual({ deleted: [first!.id, second!.id], deleted_count: 2, not_found: ['not-an-id'] });
    const third = overview.characters[2]!;
    expect(await plots.bulkDelete('intruder', [third.id])).toMatchObject({
      deleted_count: 0,
      not_found: [third.id],
    });
    expect((await plots.overview('owner', book.id)).characters.map((c) => c.id)).not.toContain(first!.id);
  });

  it('request rules: archetypes trimmed without empties or repeats; a role of the list; at least one id', () => {
    const parsed = createCharacterRequest.parse({
      name: 'A',
      archetypes: [' Hero ', '', 'hero', 'Mentor  '],
    });
    expect(parsed.archetypes).toEqual(['Hero', 'Mentor']);
    expect(firstError(createCharacterRequest, { name: 'A', role: 'villain' })).toBe(plotMessages.roleInvalid);
    expect(createCharacterRequest.safeParse({ name: 'A', role: '' }).success).toBe(true);
    expect(firstError(createCharacterRequest, { name: 'x'.repeat(101) })).toBe(plotMessages.nameTooLong);
    expect(firstError(bulkDeleteCharactersRequest, { ids: [] })).toBe(plotMessages.selectCharacters);
    expect(firstError(bulkDeleteCharactersRequest, {})).toBe(plotMessages.selectCharacters);
  });

  it('a portrait is queued, then generating, then completed with the look it fixed; a new description outdates it', async () => {
    const { overview, plots, jobs, workflows } = await withOverview();
    const nell = byName(overview.characters, 'Nell')!;
    await expect(plots.portraitStatus('owner', nell.id)).rejects.toMatchObject({
      statusCode: 404,
      message: plotMessages.imageNotFound,
    });
    const queued = await plots.queuePortrait('owner', nell.id, {
      style: 'cinematic',
      quality: 'hd',
      aspect_ratio: '1:1',
    });
    expect(queued).toMatchObject({ status: 'queued', estimated_time_seconds: 60, character_id: nell.id });
    expect(workflows.executions.at(-1)).toMatchObject({
      machine: 'characterImage',
      name: `portrait-${queued.job_id}`,
    });
    expect(await plots.portraitStatus('owner', nell.id)).toMatchObject({ status: 'queued', image_url: null });
    await expect(plots.portraitStatus('intruder', nell.id)).rejects.toMatchObject({ statusCode: 404 });
    await expect(
      plots.queuePortrait('intruder', nell.id, { style: 'cinematic', quality: 'hd', aspect_ratio: '1:1' }),
    ).rejects.toMatchObject({
      statusCode: 404,
    });

    await jobs.begin(queued.job_id, 'Drawing the portrait');
    expect(await plots.portraitStatus('owner', nell.id)).toMatchObject({ status: 'generating' });
    const job = (await jobs.get(queued.job_id)) as PortraitJobRecord;
    const key = `media/books/${nell.book_id}/characters/${nell.id}/portrait-${job.id}.png`;
    const look = {
      hair: 'long red hair',
      eyes: 'green eyes',
      skin: '#efc4a4',
      clothing: 'grey coat',
      palette: ['#efc4a4'],
    };
    await plots.recordPortrait(job, { key, width: 1536, height: 1536, look });
    await jobs.record(job.id, { outputs: { image_key: key, width: 1536, height: 1536 } });
    await jobs.finish(job.id);
    expect(await plots.portraitStatus('owner', nell.id)).toEqual({
      status: 'completed',
      // A private portrait: served by a signed, expiring URL.
      image_url: expect.stringMatching(new RegExp(`^/${key}\\?expires=\\d+&sig=[\\w-]+$`)),
      error: null,
      job_id: job.id,
      width: 1536,
      height: 1536,
    });
    const drawn = (await plots.overview('owner', nell.book_id)).characters.find((c) => c.id === nell.id)!;
    expect(drawn.look).toMatchObject({ seed: nell.seed, style: 'cinematic', hair: 'long red hair' });

    const redescribed = await plots.updateCharacter('owner', nell.id, {
      physical_description: 'Tall, with short black hair.',
    });
    expect(redescribed.image_outdated).toBe(true);
  });

  it('a failed portrait reads failed with the words of the failure', async () => {
    const { overview, plots, jobs } = await withOverview();
    const crane = byName(overview.characters, 'Crane')!;
    const queued = await plots.queuePortrait('owner', crane.id, {
      style: 'sketch',
      quality: 'standard',
      aspect_ratio: '9:16',
    });
    const { characterImageJob } = await import('../../../functions/plots/jobs/kinds');
    await jobs.fail(characterImageJob, queued.job_id, { Error: 'Error', Cause: 'boom' });
    expect(await plots.portraitStatus('owner', crane.id)).toMatchObject({
      status: 'failed',
      image_url: null,
      error: 'Image generation failed',
    });
  });
});
