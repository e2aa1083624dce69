import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookWithChapters } from '../../functions/contracts/books';
import type {
  BulkDeleteResult,
  Character,
  CharacterImageQueued,
  CharacterImageStatus,
  PlotGenerationJob,
  PlotOverview,
} from '../../functions/contracts/plots';
import type { ScriptJob } from '../../functions/contracts/model-jobs';
import type { Script } from '../../functions/contracts/scripts';
import { getJobs } from '../../functions/jobs';
import { portraitEstimateSeconds } from '../../functions/plots/characters';
import { NOVEL_CHARACTERS, NOVEL_TITLE, novelText } from '../fixtures/novel';
import {
  confirmAsExtracted,
  createUser,
  pollJob,
  startTestRuntime,
  uploadBook,
  writtenScript,
  type TestRuntime,
} from './helpers';

/**
 * The entertainment workspace through the public API on the local runtime: an entertainment book
 * (a short novel with four named characters who speak to each other) → plot overview → characters
 * and their portraits → scripts; another user gets 404 everywhere; bad input answers the spec's words
 * and changes nothing.
 */
let t: TestRuntime;
let owner: string;
let stranger: string;
let book: BookWithChapters;
let overview: PlotOverview;
const origin = () => new URL(t.runtime.apiUrl).origin;

beforeAll(async () => {
  t = await startTestRuntime();
  [owner, stranger] = await Promise.all([
    createUser(t, { role: 'author' }).then((u) => u.accessToken),
    createUser(t).then((u) => u.accessToken),
  ]);
  const upload = await uploadBook(t, {
    token: owner,
    bookType: 'entertainment',
    title: NOVEL_TITLE,
    text: novelText(),
  });
  expect(upload.status).toBe(201);
  await confirmAsExtracted(t, String(upload.body.id), owner);
  book = (await t.api<BookWithChapters>('GET', `/books/${upload.body.id}`, { token: owner })).body;
  expect(book).toMatchObject({ status: 'READY', book_type: 'entertainment' });
  expect(book.chapters).toHaveLength(3);
}, 180_000);

afterAll(async () => {
  await t?.stop();
});

const api = <T = Record<string, unknown>>(method: string, path: string, body?: unknown, token = owner) =>
  t.api<T>(method, path, { token, ...(body === undefined ? {} : { body }) });

const overviewNow = async () => (await api<PlotOverview>('GET', `/plots/books/${book.id}/overview`)).body;
const byName = (name: string, list = overview.characters) => list.find((c) => c.name === name);

describe('plot overview and characters', () => {
  it('has no overview before the first generation', async () => {
    const missing = await api('GET', `/plots/books/${book.id}/overview`);
    expect(missing).toMatchObject({ status: 404, body: { detail: 'Plot overview not found' } });
  });

  it('plans the plot as a job and names the main characters with roles', async () => {
    const started = await api<PlotGenerationJob>('POST', `/plots/books/${book.id}/generate`, {});
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ status: 'processing', book_id: book.id });
    await t.runtime.stepFunctions.idle();
    const status = await api<PlotGenerationJob>('GET', `/plots/books/${book.id}/status`);
    expect(status.body).toMatchObject({
      id: started.body.id,
      status: 'ready',
      progress: 100,
      error_message: null,
    });

    const answer = await api<PlotOverview>('GET', `/plots/books/${book.id}/overview`);
    expect(answer.status).toBe(200);
    overview = answer.body;
    expect(status.body.plot_id).toBe(overview.id);
    expect(overview).toMatchObject({ book_id: book.id });
    for (const field of ['logline', 'genre', 'tone', 'audience', 'setting'] as const)
      expect(overview[field].length).toBeGreaterThan(3);
    expect(overview.themes.length).toBeGreaterThanOrEqual(3);
    for (const name of NOVEL_CHARACTERS) expect(byName(name), name).toBeDefined();
    expect(byName('Nell')).toMatchObject({ role: 'protagonist' });
    expect(byName('Crane')).toMatchObject({ role: 'antagonist' });
    expect(byName('Brannigan')).toMatchObject({ role: 'mentor' });
    for (const character of overview.characters) {
      expect(character.voice).not.toBe('');
      expect(character.physical_description.length + character.personality.length).toBeGreaterThan(0);
      for (const field of ['want', 'need', 'lie', 'ghost', 'character_arc'] as const)
        expect(typeof character[field]).toBe('string');
    }
  });

  it('creates, edits, deletes and bulk-deletes characters with the spec words', async () => {
    const missingName = await api('POST', `/characters/plot/${overview.id}`, { role: 'mentor' });
    expect(missingName).toMatchObject({ status: 400, body: { detail: 'Character name is required' } });
    const badRole = await api('POST', `/characters/plot/${overview.id}`, { name: 'Ann', role: 'villain' });
    expect(badRole.status).toBe(400);
    const unknownPlot = await api('POST', '/characters/plot/00000000-0000-4000-8000-000000000bad', {
      name: 'Ann',
    });
    expect(unknownPlot).toMatchObject({ status: 404, body: { detail: 'Plot overview not found' } });
    const before = (await overviewNow()).characters.length;

    const created = await api<Character>('POST', `/characters/plot/${overview.id}`, {
      name: 'The Mayor',
      role: 'supporting',
      physical_description: 'An old man with a white moustache and a gold chain of office.',
      personality: 'Cautious, fair',
      archetypes: [' Ruler ', '', 'ruler', 'Herald'],
      want: 'A quiet harbour',
      need: 'Courage',
      lie: 'Order is the same as justice',
      ghost: 'A flood he did not prevent',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'The Mayor',
      role: 'supporting',
      archetypes: ['Ruler', 'Herald'],
      origin: 'user',
      user_edited: true,
      image_url: null,
    });
    const edited = await api<Character>('PUT', `/characters/${created.body.id}`, {
      personality: 'Careful and fair',
    });
    expect(edited.body).toMatchObject({ personality: 'Careful and fair', want: 'A quiet harbour' });
    const blank = await api('PUT', `/characters/${created.body.id}`, { name: '  ' });
    expect(blank).toMatchObject({ status: 400, body: { detail: 'Character name is required' } });

    const extra = await Promise.all(
      ['Clerk', 'Net Mender'].map((name) =>
        api<Character>('POST', `/characters/plot/${overview.id}`, { name }),
      ),
    );
    const none = await api('POST', '/characters/bulk-delete', { ids: [] });
    expect(none.status).toBe(400);
    const bulk = await api<BulkDeleteResult>('POST', '/characters/bulk-delete', {
      ids: [...extra.map((e) => e.body.id), '00000000-0000-4000-8000-000000000bad'],
    });
    expect(bulk.body).toMatchObject({
      deleted_count: 2,
      not_found: ['00000000-0000-4000-8000-000000000bad'],
    });
    const removed = await api('DELETE', `/characters/${created.body.id}`);
    expect(removed.status).toBe(200);
    const unknown = await api('PUT', '/characters/00000000-0000-4000-8000-000000000bad', { name: 'X' });
    expect(unknown).toMatchObject({ status: 404, body: { detail: 'Character not found.' } });
    expect((await overviewNow()).characters).toHaveLength(before);
  });

  it('draws a portrait of the asked aspect ratio that fixes the character’s look', async () => {
    const nell = byName('Nell')!;
    const queued = await api<CharacterImageQueued>('POST', `/characters/${nell.id}/generate-image`, {
      prompt: 'holding a storm lantern',
      style: 'realistic',
      quality: 'standard',
      aspect_ratio: '9:16',
      character_id: nell.id,
      user_id: 'ignored',
    });
    expect(queued.status).toBe(202);
    expect(queued.body).toMatchObject({ status: 'queued', estimated_time_seconds: expect.any(Number) });
    await t.runtime.stepFunctions.idle();
    const status = await api<CharacterImageStatus>('GET', `/characters/${nell.id}/image-status`);
    expect(status.body).toMatchObject({ status: 'completed', error: null, width: 720, height: 1280 });
    const image = await fetch(`${origin()}${status.body.image_url}`);
    expect(image.status).toBe(200);
    const pixels = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(pixels).toMatchObject({ format: 'png', width: 720, height: 1280 });

    const drawn = byName('Nell', (await overviewNow()).characters)!;
    expect(drawn.image_url).toBe(status.body.image_url);
    expect(drawn.look).toMatchObject({ seed: nell.seed, style: 'realistic' });
    expect(drawn.look!.palette.length).toBeGreaterThan(2);

    // A second portrait replaces the first; the old file goes. Its estimate is measured: the time the
    // book's portraits took, not a fixed figure.
    const drawnBefore = await getJobs().listForBook(nell.book_id, '-');
    expect(drawnBefore.some((job) => job.id === status.body.job_id && job.status === 'ready')).toBe(true);
    const again = await api<CharacterImageQueued>('POST', `/characters/${nell.id}/generate-image`, {
      aspect_ratio: '1:1',
      quality: 'standard',
    });
    expect(again.body.estimated_time_seconds).toBe(portraitEstimateSeconds(drawnBefore));
    await t.runtime.stepFunctions.idle();
    const square = await api<CharacterImageStatus>('GET', `/characters/${nell.id}/image-status`);
    expect(square.body).toMatchObject({ status: 'completed', width: 1024, height: 1024 });
    expect((await fetch(`${origin()}${status.body.image_url}`)).status).toBe(404);
    const bad = await api('POST', `/characters/${nell.id}/generate-image`, { aspect_ratio: '2:1' });
    expect(bad.status).toBe(400);
  });

  it('regenerating keeps the characters the user edited', async () => {
    const crane = byName('Crane')!;
    await api('PUT', `/characters/${crane.id}`, { personality: 'Patient, greedy and polite' });
    await api('POST', `/plots/books/${book.id}/generate`, {});
    await t.runtime.stepFunctions.idle();
    const again = await overviewNow();
    expect(again.id).toBe(overview.id);
    expect(byName('Crane', again.characters)).toMatchObject({
      id: crane.id,
      personality: 'Patient, greedy and polite',
      user_edited: true,
    });
    expect(byName('Nell', again.characters)!.image_url).not.toBeNull();
    overview = again;
  });

  it('another user gets 404 on every plot and character route, and nothing changes', async () => {
    const nell = byName('Nell')!;
    const as = (method: string, path: string, body?: unknown) => api(method, path, body, stranger);
    const answers = await Promise.all([
      as('POST', `/plots/books/${book.id}/generate`, {}),
      as('GET', `/plots/books/${book.id}/status`),
      as('GET', `/plots/books/${book.id}/overview`),
      as('POST', `/characters/plot/${overview.id}`, { name: 'Spy' }),
      as('PUT', `/characters/${nell.id}`, { name: 'Spy' }),
      as('DELETE', `/characters/${nell.id}`),
      as('POST', `/characters/${nell.id}/generate-image`, {}),
      as('GET', `/characters/${nell.id}/image-status`),
    ]);
    expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404, 404, 404, 404, 404]);
    const bulk = await as('POST', '/characters/bulk-delete', { ids: [nell.id] });
    expect(bulk.body).toMatchObject({ deleted_count: 0, not_found: [nell.id] });
    expect(await overviewNow()).toEqual(overview);
  });
});

describe('scripts of a chapter', () => {
  let script: Script;
  const chapter = () => book.chapters[2]!;

  it('writes a ready 5-scene script: scenes in order, each carrying its characters and lines', async () => {
    const started = await api<ScriptJob>('POST', '/ai/generate-script-and-scenes', {
      chapter_id: chapter().id,
      script_style: 'cinematic_movie',
      target_duration: 5,
      include_character_profiles: true,
      scene_count: 5,
      focus_areas: ['Dialogue', 'Tension'],
      scriptStoryType: 'hero_journey',
    });
    // A job: answered at once, the script from its status route once written.
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({
      chapter_id: chapter().id,
      script_id: null,
      script: null,
      error_message: null,
      status_url: `/ai/generate-script-and-scenes/status/${started.body.job_id}`,
    });
    const written = await pollJob<ScriptJob>(t, owner, started.body.status_url);
    expect(written).toMatchObject({ status: 'ready', progress: 100, error_message: null });
    script = written.script!;
    expect(written.script_id).toBe(script.id);
    // Another user cannot follow it.
    expect((await api('GET', started.body.status_url, undefined, stranger)).status).toBe(404);
    expect(script).toMatchObject({
      script_id: script.id,
      chapter_id: chapter().id,
      status: 'ready',
      script_style: 'cinematic_movie',
      script_story_type: 'hero_journey',
      scriptStoryType: 'hero_journey',
    });
    expect(script.script_name.length).toBeGreaterThan(0);
    expect(script.scenes.map((s) => s.scene_number)).toEqual([1, 2, 3, 4, 5]);
    expect(script.scene_descriptions.map((s) => s.scene_number)).toEqual([1, 2, 3, 4, 5]);
    for (const scene of script.scenes) {
      expect(scene.characters.length, `scene ${scene.scene_number}`).toBeGreaterThan(0);
      for (const line of scene.dialogue) expect(scene.characters).toContain(line.character);
    }
    const speakers = new Set(script.scenes.flatMap((s) => s.dialogue.map((d) => d.character)));
    expect(speakers.size).toBeGreaterThanOrEqual(3);
    expect(script.characters).toEqual(expect.arrayContaining([...NOVEL_CHARACTERS]));
    // The plot's characters are the script's: same seed and voice.
    const nell = byName('Nell')!;
    expect(script.character_details.find((c) => c.name === 'Nell')).toMatchObject({
      seed: nell.seed,
      voice: nell.voice,
    });
    expect(script.acts.length).toBeGreaterThan(0);
    expect(script.beats.length).toBeGreaterThan(0);
    expect(script.script).toContain(script.scenes[0]!.heading);
    // The chapter's story in order: the meeting opens it, the lamp is lit at the end.
    expect(script.scenes[4]!.visual_description + script.scenes[4]!.action.join(' ')).toMatch(
      /lamp|light|laughed/i,
    );
  });

  it('a scene count out of range falls back to 5; a missing chapter is the spec’s 400', async () => {
    const zero = await writtenScript(t, owner, { chapter_id: book.chapters[0]!.id, scene_count: 0 });
    expect(zero.scenes).toHaveLength(5);
    expect(zero.scene_count).toBe(5);
    const missing = await api('POST', '/ai/generate-script-and-scenes', { scene_count: 5 });
    expect(missing).toMatchObject({ status: 400, body: { detail: 'chapter_id is required.' } });
    const style = await api('POST', '/ai/generate-script-and-scenes', {
      chapter_id: chapter().id,
      script_style: 'noir',
    });
    expect(style).toMatchObject({
      status: 400,
      body: { detail: 'Script style must be cinematic_movie or cinematic_narration.' },
    });
    const listed = await api<Script[]>('GET', `/ai/scripts/${chapter().id}`);
    expect(listed.body.map((s) => s.id)).toEqual([script.id]);
  });

  it('updates name, status and a line of dialogue; bad input changes nothing', async () => {
    const renamed = await api<Script>('PUT', `/ai/script/${script.id}`, {
      script_name: 'The Harbour Board — draft one',
      status: 'approved',
    });
    expect(renamed.body).toMatchObject({ script_name: 'The Harbour Board — draft one', status: 'approved' });
    const back = await api<Script>('PUT', `/ai/script/${script.id}`, { status: 'draft' });
    expect(back.body.status).toBe('draft');
    const scene = script.scenes[1]!;
    const edited = await api<Script>('PUT', `/ai/script/${script.id}`, {
      scenes: [
        {
          scene_number: scene.scene_number,
          dialogue: [
            ...scene.dialogue,
            { character: 'Nell', line: 'Read it again, slowly.', parenthetical: 'firmly' },
          ],
        },
      ],
    });
    expect(edited.body.scenes[1]!.dialogue.at(-1)).toMatchObject({
      character: 'Nell',
      line: 'Read it again, slowly.',
    });
    expect(edited.body.script).toContain('Read it again, slowly.');

    const before = (await api<Script>('GET', `/ai/script/${script.id}`)).body;
    const badStatus = await api('PUT', `/ai/script/${script.id}`, { status: 'published', script_name: 'X' });
    expect(badStatus).toMatchObject({
      status: 400,
      body: { detail: 'Status must be draft, ready or approved.' },
    });
    const badScene = await api('PUT', `/ai/script/${script.id}`, {
      script_name: 'X',
      scenes: [{ scene_number: 9 }],
    });
    expect(badScene).toMatchObject({ status: 400, body: { detail: 'Scene 9 is not part of this script.' } });
    const emptyLine = await api('PUT', `/ai/script/${script.id}`, {
      scenes: [{ scene_number: 1, dialogue: [{ character: 'Nell', line: ' ' }] }],
    });
    expect(emptyLine.status).toBe(400);
    expect((await api<Script>('GET', `/ai/script/${script.id}`)).body).toEqual(before);
    script = before;
  });

  it('redoes one scene without touching the others; a scene outside the script changes nothing', async () => {
    const edited = await api<Script>('PUT', `/ai/script/${script.id}`, {
      scenes: [
        { scene_number: 2, dialogue: [{ character: 'Nell', line: 'A line the engine never wrote.' }] },
      ],
    });
    expect(edited.body.scenes[1]!.dialogue.map((l) => l.line)).toEqual(['A line the engine never wrote.']);
    const started = await api<ScriptJob>('POST', `/ai/script/${script.id}/scenes/2/regenerate`, {
      focus_areas: ['Atmosphere'],
    });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ script_id: script.id, scene_number: 2, script: null });
    expect(started.body.status_url).toBe(
      `/ai/script/${script.id}/scenes/2/regenerate/status/${started.body.job_id}`,
    );
    const job = await pollJob<ScriptJob>(t, owner, started.body.status_url);
    expect(job).toMatchObject({ status: 'ready', script_id: script.id, error_message: null });
    // The job is this scene's: asked under another scene, it is not found.
    const elsewhere = `/ai/script/${script.id}/scenes/3/regenerate/status/${started.body.job_id}`;
    expect((await api('GET', elsewhere)).status).toBe(404);
    const redone = { body: job.script! };
    expect(redone.body.scenes.filter((s) => s.scene_number !== 2)).toEqual(
      edited.body.scenes.filter((s) => s.scene_number !== 2),
    );
    const [before, after] = [edited.body.scenes[1]!, redone.body.scenes[1]!];
    expect(after).toMatchObject({ scene_number: 2, location: before.location });
    expect(after.dialogue.map((l) => l.line)).not.toContain('A line the engine never wrote.');
    expect(after.action.length).toBeGreaterThan(0);
    const outside = await api('POST', `/ai/script/${script.id}/scenes/12/regenerate`, {});
    expect(outside).toMatchObject({ status: 400, body: { detail: 'Scene 12 is not part of this script.' } });
    const notANumber = await api('POST', `/ai/script/${script.id}/scenes/two/regenerate`, {});
    expect(notANumber.status).toBe(400);
    expect((await api<Script>('GET', `/ai/script/${script.id}`)).body.scenes).toEqual(redone.body.scenes);
    script = redone.body;
  });

  it('exports Fountain and PDF with the script in them', async () => {
    const fountain = await fetch(`${t.runtime.apiUrl}/ai/script/${script.id}/export?format=fountain`, {
      headers: { authorization: `Bearer ${owner}` },
    });
    expect(fountain.status).toBe(200);
    expect(fountain.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(fountain.headers.get('content-disposition')).toMatch(/attachment; filename=".+\.fountain"/);
    const text = await fountain.text();
    expect(text).toContain(`Title: ${script.script_name}`);
    for (const scene of script.scenes) expect(text).toContain(scene.heading);
    expect(text).toContain('\nNELL\n');

    const pdf = await fetch(`${t.runtime.apiUrl}/ai/script/${script.id}/export?format=pdf`, {
      headers: { authorization: `Bearer ${owner}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const document = await getDocumentProxy(bytes.slice());
    expect(document.numPages).toBeGreaterThan(2);
    const { text: pdfText } = await extractText(document, { mergePages: true });
    const squashed = pdfText.replace(/\s+/g, ' ');
    expect(squashed).toContain('THE HARBOUR BOARD');
    expect(squashed).toContain(script.scenes[0]!.heading);
    expect(squashed).toContain('NELL');
    expect(squashed).toContain('FADE OUT.');
    const badFormat = await api('GET', `/ai/script/${script.id}/export?format=docx`);
    expect(badFormat).toMatchObject({
      status: 400,
      body: { detail: 'Export format must be fountain or pdf.' },
    });
  });

  it('another user gets 404 on every script route, and nothing changes', async () => {
    const as = (method: string, path: string, body?: unknown) => api(method, path, body, stranger);
    const answers = await Promise.all([
      as('POST', '/ai/generate-script-and-scenes', { chapter_id: chapter().id }),
      as('GET', `/ai/scripts/${chapter().id}`),
      as('GET', `/ai/script/${script.id}`),
      as('PUT', `/ai/script/${script.id}`, { status: 'approved' }),
      as('DELETE', `/ai/delete-script/${script.id}`),
      as('GET', `/ai/script/${script.id}/export?format=pdf`),
    ]);
    expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404, 404, 404]);
    expect((await api<Script>('GET', `/ai/script/${script.id}`)).body).toEqual(script);
  });

  it('deletes a script', async () => {
    const removed = await api('DELETE', `/ai/delete-script/${script.id}`);
    expect(removed).toMatchObject({ status: 200, body: { id: script.id, deleted: true } });
    const gone = await api('GET', `/ai/script/${script.id}`);
    expect(gone).toMatchObject({ status: 404, body: { detail: 'Script not found.' } });
    expect((await api<Script[]>('GET', `/ai/scripts/${chapter().id}`)).body).toEqual([]);
  });
});
