import { describe, expect, it } from 'vitest';
import { generateScriptRequest, updateScriptRequest } from '../../../functions/contracts/script-requests';
import { scriptMessages } from '../../../functions/contracts/scripts';
import { firstError } from '../../../functions/contracts/validation';
import type { PlotJobRecord } from '../../../functions/plots/model';
import { createScriptsService } from '../../../functions/scripts/service';
import { novelWorkspace } from '../../support/novel-workspace';

async function setup() {
  const workspace = await novelWorkspace();
  const { books, plots, jobs, engine, book } = workspace;
  const scripts = createScriptsService({ ...workspace, books, plots, engine: () => engine });
  await books.repository.update(book.id, { status: 'READY', review_pending: false });
  const started = await plots.startGeneration('owner', book.id, { replace_characters: false });
  await plots.generate((await jobs.get(started.id)) as PlotJobRecord);
  return { ...workspace, scripts };
}

const request = (chapterId: string, body: Record<string, unknown> = {}) =>
  generateScriptRequest.parse({ chapter_id: chapterId, ...body });

describe('the scripts service', () => {
  it('writes a ready script of the chapter: scenes in order with their characters and lines', async () => {
    const { scripts, chapters, book } = await setup();
    const script = await scripts.generate('owner', request(chapters[2]!.id, { scene_count: 5 }));
    expect(script).toMatchObject({
      script_id: script.id,
      chapter_id: chapters[2]!.id,
      book_id: book.id,
      status: 'ready',
      script_style: 'cinematic_movie',
      script_name: 'The Harbour Board',
      scene_count: 5,
    });
    expect(script.scenes.map((s) => s.scene_number)).toEqual([1, 2, 3, 4, 5]);
    expect(script.scene_descriptions.map((s) => s.scene_number)).toEqual([1, 2, 3, 4, 5]);
    for (const scene of script.scenes) {
      expect(scene.characters.length).toBeGreaterThan(0);
      for (const line of scene.dialogue) expect(scene.characters).toContain(line.character);
    }
    expect(script.scenes.flatMap((s) => s.dialogue).length).toBeGreaterThan(3);
    expect(script.characters).toEqual(expect.arrayContaining(['Nell', 'Crane', 'Brannigan', 'Tobias']));
    expect(script.character_details.map((c) => c.name)).toContain('Nell');
    expect(script.acts.length).toBeGreaterThan(0);
    expect(script.script).toContain('FADE IN:');
    expect(script.script).toContain(script.scenes[0]!.heading);
    expect(script.scriptStoryType).toBe(script.script_story_type);

    const second = await scripts.generate('owner', request(chapters[2]!.id, { scene_count: 0 }));
    expect(second.scenes).toHaveLength(5);
    expect(second.script_name).toBe('The Harbour Board (2)');
    expect((await scripts.listForChapter('owner', chapters[2]!.id)).map((s) => s.id)).toEqual([
      second.id,
      script.id,
    ]);
  });

  it("another user's chapter and script are 404s", async () => {
    const { scripts, chapters } = await setup();
    await expect(scripts.generate('intruder', request(chapters[0]!.id))).rejects.toMatchObject({
      statusCode: 404,
      message: 'Chapter not found.',
    });
    const script = await scripts.generate('owner', request(chapters[0]!.id, { scene_count: 3 }));
    for (const call of [
      () => scripts.get('intruder', script.id),
      () => scripts.update('intruder', script.id, { status: 'approved' }),
      () => scripts.delete('intruder', script.id),
      () => scripts.export('intruder', script.id, 'pdf'),
      () => scripts.listForChapter('intruder', chapters[0]!.id),
    ])
      await expect(call()).rejects.toMatchObject({ statusCode: 404 });
    expect((await scripts.get('owner', script.id)).status).toBe('ready');
  });

  it('renames, moves status either way, and edits scenes and dialogue; a bad scene changes nothing', async () => {
    const { scripts, chapters } = await setup();
    const script = await scripts.generate('owner', request(chapters[1]!.id, { scene_count: 4 }));
    const renamed = await scripts.update(
      'owner',
      script.id,
      updateScriptRequest.parse({ script_name: ' The Offer ', status: 'approved' }),
    );
    expect(renamed).toMatchObject({ script_name: 'The Offer', status: 'approved' });
    expect((await scripts.update('owner', script.id, { status: 'draft' })).status).toBe('draft');

    const edited = await scripts.update('owner', script.id, {
      scenes: [
        {
          scene_number: 2,
          location: 'Lighthouse gallery',
          time_of_day: 'night',
          dialogue: [
            { character: 'Nell', line: 'The lamp stays lit.' },
            { character: 'The Mayor', line: 'Then so be it.', parenthetical: 'quietly' },
          ],
        },
      ],
    });
    const scene = edited.scenes[1]!;
    expect(scene.heading).toMatch(/LIGHTHOUSE GALLERY - NIGHT$/);
    expect(scene.dialogue).toEqual([
      { scene_number: 2, character: 'Nell', line: 'The lamp stays lit.' },
      { scene_number: 2, character: 'The Mayor', line: 'Then so be it.', parenthetical: 'quietly' },
    ]);
    expect(scene.characters).toContain('The Mayor');
    expect(edited.characters).toContain('The Mayor');
    expect(edited.script).toContain('THE MAYOR\n(quietly)\nThen so be it.');

    await expect(
      scripts.update('owner', script.id, {
        script_name: 'Lost',
        scenes: [{ scene_number: 9, location: 'Nowhere' }],
      }),
    ).rejects.toMatchObject({ statusCode: 400, message: 'Scene 9 is not part of this script.' });
    expect((await scripts.get('owner', script.id)).script_name).toBe('The Offer');
  });

  it('redoes one scene as another take and keeps every other scene, edits included', async () => {
    const { scripts, chapters } = await setup();
    const script = await scripts.generate('owner', request(chapters[2]!.id, { scene_count: 3 }));
    const edited = await scripts.update('owner', script.id, {
      scenes: [{ scene_number: 3, dialogue: [{ character: 'Nell', line: 'Not tonight.' }] }],
    });
    const redone = await scripts.regenerateScene('owner', script.id, 2, {});
    expect(redone.scenes[0]).toEqual(edited.scenes[0]);
    expect(redone.scenes[2]).toEqual(edited.scenes[2]);
    const [before, after] = [edited.scenes[1]!, redone.scenes[1]!];
    expect(after.scene_number).toBe(2);
    expect(after.location).toBe(before.location);
    // Another take shows other lines of the same passage.
    expect(after.action).not.toEqual(before.action);
    const passage = (await scripts.get('owner', script.id)).scenes[1]!;
    expect(passage.action).toEqual(after.action);

    const third = await scripts.regenerateScene('owner', script.id, 2, { focus_areas: ['Action'] });
    expect(third.scenes[1]!.action).not.toEqual(after.action);
    expect(third.scenes[2]).toEqual(edited.scenes[2]);

    await expect(scripts.regenerateScene('owner', script.id, 7, {})).rejects.toMatchObject({
      statusCode: 400,
      message: 'Scene 7 is not part of this script.',
    });
    await expect(scripts.regenerateScene('intruder', script.id, 2, {})).rejects.toMatchObject({
      statusCode: 404,
    });
    expect((await scripts.get('owner', script.id)).scenes).toEqual(third.scenes);
  });

  it('exports Fountain and deletes', async () => {
    const { scripts, chapters } = await setup();
    const script = await scripts.generate('owner', request(chapters[0]!.id));
    const fountain = await scripts.export('owner', script.id, 'fountain');
    expect(fountain).toMatchObject({
      contentType: 'text/plain; charset=utf-8',
      filename: 'the-storm-lamp.fountain',
    });
    expect(fountain.body.toString('utf8')).toContain(`Title: ${script.script_name}`);
    await scripts.delete('owner', script.id);
    await expect(scripts.get('owner', script.id)).rejects.toMatchObject({
      statusCode: 404,
      message: 'Script not found.',
    });
  });

  it('request rules: scene count falls back to 5; story types by name; durations of the list', () => {
    const id = '00000000-0000-4000-8000-0000000000c1';
    expect(request(id).scene_count).toBe(5);
    expect(request(id, { scene_count: 0 }).scene_count).toBe(5);
    expect(request(id, { scene_count: 16 }).scene_count).toBe(5);
    expect(request(id, { scene_count: 4.5 }).scene_count).toBe(5);
    expect(request(id, { scene_count: '7' }).scene_count).toBe(7);
    expect(request(id, { scene_count: 15 }).scene_count).toBe(15);
    expect(request(id, { scriptStoryType: "Hero's Journey" }).scriptStoryType).toBe('hero_journey');
    expect(request(id, { script_story_type: 'Save the Cat' }).script_story_type).toBe('save_the_cat');
    expect(request(id, { target_duration: '10' }).target_duration).toBe(10);
    expect(request(id)).toMatchObject({
      target_duration: 'auto',
      script_style: 'cinematic_movie',
      focus_areas: [],
    });
    expect(firstError(generateScriptRequest, { chapter_id: id, target_duration: 7 })).toBe(
      scriptMessages.durationInvalid,
    );
    expect(firstError(generateScriptRequest, { chapter_id: id, focus_areas: ['Romance'] })).toBe(
      scriptMessages.focusInvalid,
    );
    expect(firstError(generateScriptRequest, { chapter_id: id, script_style: 'noir' })).toBe(
      scriptMessages.styleInvalid,
    );
    expect(firstError(generateScriptRequest, {})).toBe('chapter_id is required.');
    expect(firstError(updateScriptRequest, { status: 'published' })).toBe(scriptMessages.statusInvalid);
    expect(firstError(updateScriptRequest, { script_name: ' ' })).toBe(scriptMessages.nameRequired);
  });
});
